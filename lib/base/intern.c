/* intern.c: frame interner */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/intern.h"
#include "base/util.h"

void
intern_init(struct interner *t)
{
	memset(t, 0, sizeof(*t));
	t->mask = 1023;
	t->slot = ecalloc(t->mask + 1, sizeof(*t->slot));
}

static void
grow(struct interner *t)
{
	size_t i, j, mask = t->mask * 2 + 1;
	uint32_t *slot = ecalloc(mask + 1, sizeof(*slot));

	for (i = 0; i <= t->mask; i++) {
		if (!t->slot[i])
			continue;
		for (j = t->str[t->slot[i] - 1].hash & mask; slot[j]; j = (j + 1) & mask)
			;
		slot[j] = t->slot[i];
	}
	free(t->slot);
	t->slot = slot;
	t->mask = mask;
}

uint32_t
intern_find(const struct interner *t, const char *s, size_t len)
{
	uint32_t h = (uint32_t)hash_bytes(s, len), id;
	size_t i;

	for (i = h & t->mask; (id = t->slot[i]); i = (i + 1) & t->mask) {
		id--;
		if (t->str[id].hash == h && t->str[id].len == len &&
		    !memcmp(t->str[id].s, s, len))
			return id;
	}
	return UINT32_MAX;
}

uint32_t
intern(struct interner *t, const char *s, size_t len)
{
	uint32_t h = (uint32_t)hash_bytes(s, len);
	size_t i;
	uint32_t id;

	if (len > UINT32_MAX)
		eprintf("frame longer than 4 GiB");
	for (i = h & t->mask; (id = t->slot[i]); i = (i + 1) & t->mask) {
		id--;
		if (t->str[id].hash == h && t->str[id].len == len &&
		    !memcmp(t->str[id].s, s, len))
			return id;
	}
	if (t->n == UINT32_MAX - 1)
		eprintf("too many distinct frames");
	t->str = egrowarray(t->str, &t->cap, (size_t)t->n + 1, sizeof(*t->str));
	id = t->n++;
	t->str[id].s = arena_strdup(&t->arena, s, len);
	t->str[id].len = len;
	t->str[id].hash = h;
	t->slot[i] = id + 1;
	if ((size_t)t->n * 2 > t->mask)
		grow(t);
	return id;
}

void
intern_free(struct interner *t)
{
	free(t->str);
	free(t->slot);
	arena_free(&t->arena);
	memset(t, 0, sizeof(*t));
}

int
sibling_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int c = memcmp(a, b, alen < blen ? alen : blen);

	if (c || alen == blen)
		return c;
	if (alen < blen)
		return ';' - (unsigned char)b[alen];
	return (unsigned char)a[blen] - ';';
}

/* Ids of strings of interner t (arg) by sibling_cmp: a qsort_r
 * comparator. */
static int
cmpid(const void *a, const void *b, void *arg)
{
	const struct interner *t = arg;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return sibling_cmp(t->str[x].s, t->str[x].len, t->str[y].s, t->str[y].len);
}

uint32_t *
intern_ranks(const struct interner *t)
{
	uint32_t *ids = ereallocarray(NULL, t->n, sizeof(*ids));
	uint32_t *rank = ereallocarray(NULL, t->n, sizeof(*rank));
	uint32_t i;

	for (i = 0; i < t->n; i++)
		ids[i] = i;
	qsort_r(ids, t->n, sizeof(*ids), cmpid, (void *)t);
	for (i = 0; i < t->n; i++)
		rank[ids[i]] = i;
	free(ids);
	return rank;
}
