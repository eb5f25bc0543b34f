/* pstack.c: fg-html's input, its stacks kept as their frames' ids */
#include <stdlib.h>
#include <string.h>

#include "base/strsort.h"
#include "base/util.h"
#include "draw/graph.h"
#include "draw/pstack.h"
#include "folded/input.h"
#include "stack/frame.h"

/* What a reading keeps between lines. */
struct preading {
	struct pinput *in;
	struct interner *names;
	const struct dopts *o;
	count total[2];		/* to catch an overflowing sum on its line */
	int started;		/* a stack was read (the header is before it) */
	uint32_t *ids;		/* the line's frames */
	size_t idcap;
	char *rev;		/* --reverse's stack */
	size_t revcap;
};

/* The frames of stack s[0..len) interned, their ids in rd->ids; how many. */
static size_t
split(struct preading *rd, const char *s, size_t len)
{
	struct frameit it;
	size_t k = 0;

	for (frame_iter(&it, s, len, 0); frame_next(&it);) {
		rd->ids = egrowarray(rd->ids, &rd->idcap, k + 1, sizeof(*rd->ids));
		rd->ids[k++] = intern(rd->names, s + it.start, it.end - it.start);
	}
	return k;
}

/* Stack ids[0..k) of counts c into st: summed with its equals, or for a
 * chart appended to the run of the same stack before it, else a run of
 * its own. */
static void
keep(struct pstacks *st, int chart, const uint32_t *ids, size_t k, const count *c)
{
	struct pstack *r;
	size_t bytes = 4 * k;

	if (!chart) {
		stackmap_add(&st->m, (const char *)ids, bytes, c, 2);
		return;
	}
	r = st->nrun ? &st->run[st->nrun - 1] : NULL;
	/* a line of no samples that ends in a frame the run before has
	 * open comes between nothing (as layout.h's charts have it) */
	if (r && count_iszero(c[0]) && count_iszero(c[1]) && k <= r->len && !memcmp(r->id, ids, bytes))
		return;
	if (!r || r->len != k || memcmp(r->id, ids, bytes)) {
		st->run = egrowarray(st->run, &st->caprun, st->nrun + 1, sizeof(*st->run));
		r = &st->run[st->nrun++];
		memset(r, 0, sizeof(*r));
		r->id = (const unsigned char *)arena_strdup(&st->a, (const char *)ids, bytes);
		r->len = k;
	}
	count_add(&r->c[0], c[0]);
	count_add(&r->c[1], c[1]);
}

static void
add_line(struct freader *r, struct fline *l, void *arg)
{
	struct preading *rd = arg;
	const char *s;
	count c[2];
	size_t k;

	if (!l->ncounts) {
		fh_parse(&rd->in->h, l->stack, l->len);
		return;
	}
	if (!(s = graph_line(rd->o, l, c, &rd->rev, &rd->revcap)))
		return;
	/* no stack's sum exceeds the total's */
	if (!count_add(&rd->total[0], c[0]) || !count_add(&rd->total[1], c[1]))
		fr_error(r, "sum of counts overflows");
	if (l->len > (size_t)UINT32_MAX)
		fr_error(r, "stack longer than 4 GiB");
	if (!rd->started++)
		rd->in->chart = graph_timeorder(rd->o, &rd->in->h);
	k = split(rd, s, l->len);
	keep(&rd->in->st[0], rd->in->chart, rd->ids, k, c);
	if (l->ncounts == 2 && count_iszero(c[1]) && !count_iszero(c[0]))
		keep(&rd->in->st[1], rd->in->chart, rd->ids, k, c);
}

void
pinput_read(struct pinput *in, struct interner *names, const struct dopts *o,
    struct frules *rules, const char *path)
{
	struct preading rd = { 0 };
	char *argv[1];

	memset(in, 0, sizeof(*in));
	stackmap_init(&in->st[0].m);
	stackmap_init(&in->st[1].m);
	fh_init(&in->h);
	in->chart = o->chart;
	rd.in = in;
	rd.names = names;
	rd.o = o;
	argv[0] = (char *)path;
	each_line(path ? 1 : 0, argv, rules, add_line, &rd);
	memcpy(in->total, rd.total, sizeof(rd.total));
	free(rd.ids);
	free(rd.rev);
}

/* The n ids at p (native words, as read) made their ranks, big-endian. */
static void
to_ranks(unsigned char *p, size_t n, const uint32_t *rank)
{
	uint32_t id, r;
	size_t i;

	for (i = 0; i < n; i++, p += 4) {
		memcpy(&id, p, 4);
		r = rank[id];
		p[0] = r >> 24;
		p[1] = r >> 16;
		p[2] = r >> 8;
		p[3] = r;
	}
}

/* The frames stacks a and b begin with alike, from frame k on. */
static uint32_t
common(const struct pstack *a, const struct pstack *b, uint32_t k)
{
	uint32_t n = a->len < b->len ? a->len : b->len;

	for (; k < n && !memcmp(a->id + 4 * (size_t)k, b->id + 4 * (size_t)k, 4); k++)
		;
	return k;
}

uint32_t *
pstack_lead(const struct interner *names, const uint32_t *byrank)
{
	uint32_t *lead = ecalloc(names->n + 1, sizeof(*lead)), r, k, x, y;
	size_t xl;

	for (r = 1; r < names->n; r++) {
		x = byrank[r];
		xl = intern_len(names, x);
		for (k = 1; k <= r; k++) {
			y = byrank[r - k];
			if (intern_len(names, y) <= xl || memcmp(intern_str(names, y), intern_str(names, x), xl) ||
			    intern_str(names, y)[xl] <= ' ' || intern_str(names, y)[xl] >= ';')
				break;
		}
		lead[r] = k - 1;
	}
	return lead;
}

/* The rank of frame k of stack s. */
static uint32_t
rank_at(const struct pstack *s, uint32_t k)
{
	const unsigned char *p = s->id + 4 * (size_t)k;

	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/*
 * Stacks s[0..n), sorted by rank: each frame that a stack ends in
 * (stack i, at its frame d, rank r) and its stacks moved before the
 * runs of its siblings lead[r] says that come just before it (those of
 * ranks r - lead[r] to r - 1 below the same frames), lcp written again
 * where they moved.  Rare: most pages have no lead at all.
 */
static void
leaf_first(struct pstack *s, size_t n, const uint32_t *lead)
{
	struct pstack *tmp = NULL;
	size_t i, b, e, k;
	uint32_t d, r;

	for (i = 1; i < n; i++) {
		d = s[i].len - 1;
		r = rank_at(&s[i], d);
		if (!lead[r])
			continue;
		/* the siblings' runs before i: below the same d frames */
		for (b = i; b > 0 && s[b].lcp >= d && s[b - 1].len > d && rank_at(&s[b - 1], d) < r &&
		    rank_at(&s[b - 1], d) >= r - lead[r]; b--)
			;
		if (b == i)
			continue;
		/* i's run: the stacks through its frame d */
		for (e = i + 1; e < n && s[e].lcp > d; e++)
			;
		tmp = ereallocarray(tmp, e - b, sizeof(*tmp));
		memcpy(tmp, s + i, (e - i) * sizeof(*s));
		memcpy(tmp + (e - i), s + b, (i - b) * sizeof(*s));
		memcpy(s + b, tmp, (e - b) * sizeof(*s));
		for (k = b; k <= e && k < n; k++)
			s[k].lcp = k ? common(&s[k - 1], &s[k], 0) : 0;
		i = b;
	}
	free(tmp);
}

struct pstack *
pstack_order(struct pstacks *st, int chart, const uint32_t *rank, const uint32_t *lead, size_t *n)
{
	struct stackent *e;
	size_t i;

	if (!chart) {
		for (i = 0; i < st->m.n; i++)
			to_ranks((unsigned char *)st->m.ent[i].s, st->m.ent[i].len / 4, rank);
		e = stackmap_sort(&st->m);
		st->nrun = st->m.n;
		st->run = ereallocarray(NULL, st->nrun + 1, sizeof(*st->run));
		for (i = 0; i < st->nrun; i++) {
			st->run[i].id = (const unsigned char *)e[i].s;
			st->run[i].len = e[i].len / 4;
			memcpy(st->run[i].c, e[i].c, sizeof(e[i].c));
			/* strsort's lcp, in bytes, may fall short by up to seven */
			st->run[i].lcp = i ? common(&st->run[i - 1], &st->run[i], st->m.lcp[i] / 4) : 0;
		}
		leaf_first(st->run, st->nrun, lead);
	} else {
		for (i = 0; i < st->nrun; i++) {
			to_ranks((unsigned char *)st->run[i].id, st->run[i].len, rank);
			st->run[i].lcp = i ? common(&st->run[i - 1], &st->run[i], 0) : 0;
		}
	}
	*n = st->nrun;
	return st->run;
}

int
pinput_drawn(const struct pinput *in, int col)
{
	return !count_iszero(in->total[col]);
}

void
pinput_free(struct pinput *in)
{
	int k;

	for (k = 0; k < 2; k++) {
		stackmap_free(&in->st[k].m);
		arena_free(&in->st[k].a);
		free(in->st[k].run);
	}
	fh_free(&in->h);
}
