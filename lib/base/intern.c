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
	htab_init(&t->tab, 0);
}

/* The id of s[0..len) of hash h, or HTAB_NONE with p where it goes. */
static uint32_t
lookup(const struct interner *t, const char *s, size_t len, uint64_t h, struct hprobe *p)
{
	uint32_t id;

	for (htab_probe(&t->tab, p, h); (id = htab_next(&t->tab, p)) != HTAB_NONE;)
		if (t->str[id].len == len && !memcmp(t->str[id].s, s, len))
			break;
	return id;
}

uint32_t
intern_find(const struct interner *t, const char *s, size_t len)
{
	struct hprobe p;

	return lookup(t, s, len, hash_bytes(s, len), &p);
}

uint32_t
intern(struct interner *t, const char *s, size_t len)
{
	struct hprobe p;
	uint32_t id;

	if (len > UINT32_MAX)
		eprintf("frame longer than 4 GiB");
	if ((id = lookup(t, s, len, hash_bytes(s, len), &p)) != HTAB_NONE)
		return id;
	if (t->n == UINT32_MAX - 1)
		eprintf("too many distinct frames");
	t->str = egrowarray(t->str, &t->cap, (size_t)t->n + 1, sizeof(*t->str));
	id = t->n++;
	t->str[id].s = arena_strdup(&t->arena, s, len);
	t->str[id].len = len;
	htab_put(&t->tab, &p, id);
	return id;
}

void
intern_free(struct interner *t)
{
	free(t->str);
	htab_free(&t->tab);
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
