/* htab.h: the one open-addressing hash table
 *
 * A set of the caller's entries: the table holds each entry's index
 * into the caller's own array (below HTAB_NONE), found by the entry's
 * 64-bit hash (base/hash.h's, keyed).  What makes two keys equal stays
 * the caller's: a lookup hands back, one at a time, the entries whose
 * hash looks the same, and the caller compares them with its key.
 *
 * Beside each index a slot keeps the top half of its entry's hash, and
 * the slot a probe starts from is taken from that half too.  So a probe
 * passes over almost every other entry without touching it, and the
 * table grows (twice the slots once three quarters full) from its own
 * slots alone, without reading an entry or hashing again.  Probing is
 * linear.
 *
 *     struct hprobe p;
 *     uint32_t i;
 *
 *     for (htab_probe(t, &p, h); (i = htab_next(t, &p)) != HTAB_NONE;)
 *             if (same(&ent[i], key))
 *                     return i;
 *     i = the new entry's index, made in ent[];
 *     htab_put(t, &p, i);
 *
 * Nothing is ever removed but all at once (htab_clear).
 */
#ifndef FG_HTAB_H
#define FG_HTAB_H

#include <stddef.h>
#include <stdint.h>

#define HTAB_NONE UINT32_MAX

struct htab {
	uint64_t *slot;		/* hash's top half | index + 1; 0 empty */
	size_t mask;		/* slots - 1 */
	size_t n;		/* entries */
	size_t max;		/* entries before it grows */
};

/* A lookup under way: the slot it has reached and the hash's top half. */
struct hprobe {
	size_t i;
	uint64_t tag;
};

#define HTAB_TAG(h) ((h) & 0xffffffff00000000ULL)

/* An empty table, with room for about n entries before it grows. */
void htab_init(struct htab *t, size_t n);
void htab_free(struct htab *t);
/* Every entry gone, the slots kept. */
void htab_clear(struct htab *t);
/* Twice the slots (htab_put calls it). */
void htab_grow(struct htab *t);
/* An index that cannot be kept (HTAB_NONE or above): an error. */
void htab_toomany(void);

/* The home slot of hash h. */
static inline size_t
htab_home(const struct htab *t, uint64_t h)
{
	return (size_t)(h >> 32) & t->mask;
}

/* Start a lookup of hash h. */
static inline void
htab_probe(const struct htab *t, struct hprobe *p, uint64_t h)
{
	p->tag = HTAB_TAG(h);
	p->i = htab_home(t, h);
}

/* The next entry whose hash looks like the probe's, or HTAB_NONE: then
 * the probe stands on the free slot where htab_put puts a new one. */
static inline uint32_t
htab_next(const struct htab *t, struct hprobe *p)
{
	uint64_t k;

	while ((k = t->slot[p->i])) {
		p->i = (p->i + 1) & t->mask;
		if (HTAB_TAG(k) == p->tag)
			return (uint32_t)k - 1;
	}
	return HTAB_NONE;
}

/* Entry i into the slot where probe p, ended by HTAB_NONE, stands; the
 * table grows when three quarters full (the probe is then spent). */
static inline void
htab_put(struct htab *t, const struct hprobe *p, uint32_t i)
{
	if (i >= HTAB_NONE)
		htab_toomany();
	t->slot[p->i] = p->tag | ((uint64_t)i + 1);
	if (++t->n > t->max)
		htab_grow(t);
}

/* Entry i of hash h, known not to be in t yet. */
static inline void
htab_add(struct htab *t, uint64_t h, uint32_t i)
{
	struct hprobe p;

	htab_probe(t, &p, h);
	while (t->slot[p.i])
		p.i = (p.i + 1) & t->mask;
	htab_put(t, &p, i);
}

/* Fetch h's home slot into the cache ahead of a lookup. */
static inline void
htab_prefetch(const struct htab *t, uint64_t h)
{
	__builtin_prefetch(&t->slot[htab_home(t, h)]);
}

/* The bytes the next htab_put will take more (0 when it does not
 * grow the table): for a reader that charges its memory to a bound. */
static inline size_t
htab_growth(const struct htab *t)
{
	return t->n + 1 > t->max ? (t->mask + 1) * sizeof(*t->slot) : 0;
}

#endif
