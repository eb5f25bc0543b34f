/* stackmap.c: whole stacks to their summed counts */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/out.h"
#include "stack/stackmap.h"
#include "base/util.h"

void
stackmap_init(struct stackmap *m)
{
	memset(m, 0, sizeof(*m));
	m->mask = 1023;
	m->slot = ecalloc(m->mask + 1, sizeof(*m->slot));
}

/* A slot holds the entry's index + 1 in its low half and the top of
 * its hash in the high half: a probe rejects most strangers without
 * touching the entry. */
#define TAG(h) ((h) & 0xffffffff00000000ULL)

static void
grow(struct stackmap *m)
{
	size_t i, j, mask = m->mask * 2 + 1;
	uint64_t *slot = ecalloc(mask + 1, sizeof(*slot));

	for (i = 0; i <= m->mask; i++) {
		if (!m->slot[i])
			continue;
		for (j = m->ent[(uint32_t)m->slot[i] - 1].hash & mask; slot[j]; j = (j + 1) & mask)
			;
		slot[j] = m->slot[i];
	}
	free(m->slot);
	m->slot = slot;
	m->mask = mask;
}

struct stackent *
stackmap_get(struct stackmap *m, const char *s, size_t len)
{
	return stackmap_geth(m, s, len, hash_bytes(s, len));
}

struct stackent *
stackmap_geth(struct stackmap *m, const char *s, size_t len, uint64_t h)
{
	uint64_t k;
	struct stackent *e;
	size_t i;

	for (i = h & m->mask; (k = m->slot[i]); i = (i + 1) & m->mask) {
		if (TAG(k) != TAG(h))
			continue;
		e = &m->ent[(uint32_t)k - 1];
		if (e->len == len && !memcmp(e->s, s, len))
			return e;
	}
	e = stackmap_push(m, s, len);
	e->hash = h;
	m->slot[i] = TAG(h) | m->n;
	if (m->n * 2 > m->mask) {
		grow(m);
		e = &m->ent[m->n - 1];
	}
	return e;
}

struct stackent *
stackmap_push(struct stackmap *m, const char *s, size_t len)
{
	struct stackent *e;

	if (m->n == UINT32_MAX - 1)
		eprintf("too many distinct stacks");
	if (m->n == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 1024;
		m->ent = ereallocarray(m->ent, m->cap, sizeof(*m->ent));
	}
	e = &m->ent[m->n++];
	memset(e, 0, sizeof(*e));
	e->s = arena_strdup(&m->arena, s, len);
	e->len = len;
	return e;
}

struct stackent *
stackent_merge(struct stackent **a, const size_t *n, int k, size_t *nout)
{
	struct stackent *out, *best;
	size_t total = 0, *at = ecalloc(k, sizeof(*at)), no = 0;
	int i, j;

	for (i = 0; i < k; i++)
		total += n[i];
	out = ereallocarray(NULL, total ? total : 1, sizeof(*out));
	for (;;) {
		best = NULL;
		for (i = 0; i < k; i++)
			if (at[i] < n[i] && (!best || stack_cmp(a[i][at[i]].s, a[i][at[i]].len,
			    best->s, best->len) < 0))
				best = &a[i][at[i]];
		if (!best)
			break;
		out[no] = *best;
		memset(out[no].c, 0, sizeof(out[no].c));
		for (i = 0; i < k; i++) {
			if (at[i] >= n[i] || stack_cmp(a[i][at[i]].s, a[i][at[i]].len,
			    out[no].s, out[no].len))
				continue;
			for (j = 0; j < 2; j++)
				if (!count_add(&out[no].c[j], a[i][at[i]].c[j])) {
					free(out);
					free(at);
					return NULL;
				}
			at[i]++;
		}
		no++;
	}
	free(at);
	*nout = no;
	return out;
}

void
stackmap_add_batch(struct stackmap *m, struct stackline *l, int n, int ncounts)
{
	uint64_t h[STACKMAP_BATCH], k;
	int i, j;

	/* first the slots, then the entries they name, come into cache for
	 * every line at once; then the lines are added in order */
	for (i = 0; i < n; i++) {
		h[i] = hash_bytes(l[i].s, l[i].len);
		__builtin_prefetch(&m->slot[h[i] & m->mask]);
	}
	for (i = 0; i < n; i++) {
		k = m->slot[h[i] & m->mask];
		if (k && TAG(k) == TAG(h[i])) {
			const char *e = m->ent[(uint32_t)k - 1].s;

			for (j = 0; j < 4; j++)
				__builtin_prefetch(e + 64 * j);
		}
	}
	for (i = 0; i < n; i++) {
		l[i].ok = 1;
		if (!stackmap_addh(m, l[i].s, l[i].len, h[i], l[i].c, ncounts))
			l[i].ok = 0;
	}
}

void
stackbatch_flush(struct stackbatch *b, struct stackmap *m)
{
	int i;

	for (i = 0; i < b->n; i++)
		b->l[i].s = b->buf + b->off[i];
	stackmap_add_batch(m, b->l, b->n, b->ncounts);
	for (i = 0; i < b->n; i++)
		if (!b->l[i].ok)
			fileerr(b->name[i], b->lineno[i], "sum of counts overflows");
	b->n = 0;
	b->len = 0;
}

void
stackbatch_add(struct stackbatch *b, struct stackmap *m, const char *s, size_t len,
    const count *c, int ncounts, const char *name, uint64_t lineno)
{
	int i = b->n;

	if (b->len + len > b->cap) {
		b->cap = 2 * (b->len + len) + 4096;
		b->buf = erealloc(b->buf, b->cap);
	}
	memcpy(b->buf + b->len, s, len);
	b->off[i] = b->len;
	b->l[i].len = len;
	b->l[i].c[0] = c[0];
	b->l[i].c[1] = ncounts > 1 ? c[1] : c[0];
	b->name[i] = name;
	b->lineno[i] = lineno;
	b->ncounts = ncounts;
	b->len += len;
	if (++b->n == STACKMAP_BATCH)
		stackbatch_flush(b, m);
}

int
stackmap_add(struct stackmap *m, const char *s, size_t len, const count *c, int n)
{
	return stackmap_addh(m, s, len, hash_bytes(s, len), c, n);
}

int
stackmap_addh(struct stackmap *m, const char *s, size_t len, uint64_t h, const count *c, int n)
{
	struct stackent *e = stackmap_geth(m, s, len, h);
	int i, ok = 1;

	for (i = 0; i < n; i++)
		ok &= count_add(&e->c[i], c[i]);
	return ok;
}

static int
cmpent(const void *a, const void *b)
{
	const struct stackent *x = a, *y = b;

	return stack_cmp(x->s, x->len, y->s, y->len);
}

struct stackent *
stackmap_sort(struct stackmap *m)
{
	/* the slots point at the old order: drop them */
	free(m->slot);
	m->slot = NULL;
	if (m->n)
		qsort(m->ent, m->n, sizeof(*m->ent), cmpent);
	return m->ent;
}

void
out_stackline(const char *s, size_t len, const count *c, int ncounts)
{
	int i;

	out_mem(s, len);
	for (i = 0; i < ncounts; i++) {
		out_char(' ');
		out_count(c[i]);
	}
	out_char('\n');
}

void
stackmap_print(struct stackmap *m, int ncounts)
{
	struct stackent *e = stackmap_sort(m);
	size_t i;

	for (i = 0; i < m->n; i++)
		out_stackline(e[i].s, e[i].len, e[i].c, ncounts);
}

void
stackmap_free(struct stackmap *m)
{
	free(m->ent);
	free(m->slot);
	arena_free(&m->arena);
	memset(m, 0, sizeof(*m));
}
