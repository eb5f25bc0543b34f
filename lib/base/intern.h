/* intern.h: frame interner: each distinct frame text gets a small id */
#ifndef FG_INTERN_H
#define FG_INTERN_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/htab.h"

struct interner {
	struct { const char *s; size_t len; } *str;	/* by id */
	uint32_t n;
	size_t cap;
	struct htab tab;	/* the ids */
	struct arena arena;
};

void intern_init(struct interner *t);
uint32_t intern(struct interner *t, const char *s, size_t len);
/* The id of s[0..len), or UINT32_MAX when it was never interned. */
uint32_t intern_find(const struct interner *t, const char *s, size_t len);
static inline const char *
intern_str(const struct interner *t, uint32_t id)
{
	return t->str[id].s;
}
static inline size_t
intern_len(const struct interner *t, uint32_t id)
{
	return t->str[id].len;
}
/*
 * The order of sibling frames in sorted stacks: frames compare as if
 * each ended in ';', the order their stacks get from a bytewise sort of
 * whole lines (flamegraph.pl's): "f2" and "f.x" come before "f", "f_x"
 * after it.
 */
int sibling_cmp(const char *a, size_t alen, const char *b, size_t blen);
/* rank[id]: the position of string id in sibling_cmp order (caller frees). */
uint32_t *intern_ranks(const struct interner *t);
void intern_free(struct interner *t);

#endif
