/* graph.c: the renderers' graph: the files read and laid out */
#include <stdlib.h>
#include <string.h>

#include "draw/graph.h"
#include "folded/folded.h"
#include "stack/frame.h"
#include "folded/input.h"
#include "stack/stackmap.h"
#include "base/progress.h"
#include "base/util.h"

/* What is read: the unique stacks (merged as they come), or a flame
 * chart's lines in input order; and the same of the stacks that
 * vanished, for the Elided view. */
struct stacks {
	struct stackmap m;
	struct arena a;		/* a flame chart's lines */
	struct lstack *seq;
	size_t n, cap;
};

struct reading {
	const struct dopts *o;
	int chart;		/* a flame chart: --flamechart, or the input's time order */
	int started;		/* a stack was read (the header is before it) */
	int elided;		/* keep st[1], the stacks that vanished */
	struct stacks st[2];
	struct stackbatch b;	/* lines on their way to st[0].m, in place */
	count total[2];		/* to catch an overflowing sum on its line */
	struct fhjoin hj;	/* the unit header */
	char *rev;
	size_t revcap;
};

const char *
graph_line(const struct dopts *o, const struct fline *l, count c[2], char **rev, size_t *revcap)
{
	if (!l->ncounts)
		return NULL;
	c[0] = l->c[0];
	c[1] = count_from_u64(0);
	if (l->ncounts == 2) {
		c[0] = l->c[o->negate == 1];
		c[1] = l->c[o->negate != 1];
	}
	if (!o->reverse)
		return l->stack;
	*rev = egrowarray(*rev, revcap, l->len, 1);
	stack_reverse(l->stack, l->len, *rev);
	return *rev;
}

static void
keep(struct stacks *st, int chart, const char *s, size_t len, const count *c)
{
	struct lstack *e;

	if (!chart) {
		stackmap_add(&st->m, s, len, c, 2);
		return;
	}
	st->seq = egrowarray(st->seq, &st->cap, st->n + 1, sizeof(*st->seq));
	e = &st->seq[st->n++];
	e->s = arena_strdup(&st->a, s, len);
	e->len = len;
	e->lcp = 0;
	memcpy(e->c, c, sizeof(e->c));
}

/* fg-svg --base (inferno's): where stack s[0..len) starts from its
 * deepest frame named one of o->bases, or -1 when it has none. */
static long
base_start(const struct dopts *o, const char *s, size_t len)
{
	struct frameit it;
	long at = -1;
	size_t i, n;

	for (frame_iter(&it, s, len, 0); frame_next(&it);) {
		n = it.end - it.start;
		for (i = 0; i < o->nbases; i++)
			if (strlen(o->bases[i]) == n && !memcmp(s + it.start, o->bases[i], n))
				at = (long)it.start;
	}
	return at;
}

static void
add_line(struct freader *r, struct fline *l, void *arg)
{
	struct reading *rd = arg;
	struct fline cut;
	const char *s;
	count c[2];
	long at;

	if (!l->ncounts) {
		fhj_line(&rd->hj, r, l);
		return;
	}
	if (rd->o->nbases) {
		if ((at = base_start(rd->o, l->stack, l->len)) < 0)
			return;
		cut = *l;
		cut.stack += at;
		cut.len -= (size_t)at;
		l = &cut;
	}
	if (!(s = graph_line(rd->o, l, c, &rd->rev, &rd->revcap)))
		return;
	if (!rd->started++)
		rd->chart = graph_timeorder(rd->o, &rd->hj.h);
	/* no stack's sum exceeds the total's */
	if (!count_add(&rd->total[0], c[0]) || !count_add(&rd->total[1], c[1]))
		fr_error(r, "sum of counts overflows");
	if (s == l->stack && !rd->chart) {
		/* added many at a time from where they lie (a reversed
		 * stack lies in a buffer of its own, one at a time) */
		if (r->in.release_arg != &rd->b)
			lines_onrelease(&r->in, stackbatch_release, &rd->b);
		stackbatch_add(&rd->b, &rd->st[0].m, s, l->len, c, 2, r->name, r->lineno);
	} else {
		keep(&rd->st[0], rd->chart, s, l->len, c);
	}
	if (rd->elided && l->ncounts == 2 && count_iszero(c[1]) && !count_iszero(c[0]))
		keep(&rd->st[1], rd->chart, s, l->len, c);
}

int
graph_timeorder(const struct dopts *o, const struct fheader *h)
{
	const char *order = h->fact[FH_ORDER];

	return o->chart || (!o->sortset && order && !strcmp(order, "time"));
}

/* The baseline samples of the stacks whose target is 0 (within the
 * baseline's total, so the sum cannot overflow). */
static count
vanished(const struct stacks *st)
{
	count sum = count_from_u64(0);
	size_t i;

	for (i = 0; i < st->m.n; i++)
		if (count_iszero(st->m.ent[i].c[1]))
			count_add(&sum, st->m.ent[i].c[0]);
	for (i = 0; i < st->n; i++)
		if (count_iszero(st->seq[i].c[1]))
			count_add(&sum, st->seq[i].c[0]);
	return sum;
}

/* The largest change of a line, stacks that vanished included: the
 * scale of flamegraph.pl's colours by self samples (--delta=self). */
static double
line_maxdelta(const struct stacks *st)
{
	double max = 1, d;
	size_t i;

	for (i = 0; i < st->m.n; i++) {
		d = count_val(st->m.ent[i].c[1]) - count_val(st->m.ent[i].c[0]);
		max = d > max ? d : -d > max ? -d : max;
	}
	for (i = 0; i < st->n; i++) {
		d = count_val(st->seq[i].c[1]) - count_val(st->seq[i].c[0]);
		max = d > max ? d : -d > max ? -d : max;
	}
	return max;
}

/* The stacks in the order they are laid out. */
static struct lstack *
ordered(struct stacks *st, int chart, size_t *n)
{
	struct lstack *v;
	size_t i;

	if (chart) {
		*n = st->n;
		return st->seq;
	}
	*n = st->m.n;
	v = ereallocarray(NULL, *n + 1, sizeof(*v));
	for (i = 0; i < *n; i++) {
		v[i].s = st->m.ent[i].s;
		v[i].len = st->m.ent[i].len;
		v[i].lcp = 0;
		memcpy(v[i].c, st->m.ent[i].c, sizeof(v[i].c));
	}
	layout_sort_stacks(v, *n);
	return v;
}

/* Lay out stacks st as lo says. */
static void
lay(struct layout *L, struct stacks *st, const struct dopts *o, const struct layout_opts *lo)
{
	struct lstack *seq;
	size_t n;

	seq = ordered(st, o->chart, &n);
	progress_stage("laying out");
	layout_build(L, seq, n, lo);
	if (seq != st->seq)
		free(seq);
}

static void
build(struct graphview *v, struct stacks *st, const struct dopts *o, struct layout_opts *lo)
{
	lay(&v->L, st, o, lo);
	v->wpt = lo->pxwidth / v->L.timemax;
	v->cycle = ecalloc((size_t)v->L.maxdepth + 1, sizeof(*v->cycle));
	v->comp = ecalloc((size_t)v->L.maxdepth + 1, 1);
}

static void
stacks_free(struct stacks *st)
{
	stackmap_free(&st->m);
	arena_free(&st->a);
	free(st->seq);
}

/* Read the files into rd: whole stacks merged as they come, one hash a
 * line (and with elided, the stacks that vanished apart); their header
 * lines joined in rd->hj. */
static void
read_stacks(struct reading *rd, const struct dopts *o, int elided, struct frules *rules,
    int argc, char **argv)
{
	memset(rd, 0, sizeof(*rd));
	rd->o = o;
	rd->elided = elided;
	stackmap_init(&rd->st[0].m);
	stackmap_init(&rd->st[1].m);
	fhj_init(&rd->hj);
	stackbatch_lend(&rd->b, &rd->st[0].m);
	each_line(argc, argv, rules, add_line, rd);	/* closing a file adds its lines */
	free(rd->rev);
}

/* The unit header the inputs agree on, and what it makes of counts. */
static void
unit_header(struct graph *g, const struct dopts *o, struct fhjoin *hj, int ninputs)
{
	fhj_settle(hj, ninputs);
	g->hdr = hj->h;
	if (g->hdr.unit < 0)
		weprintf("unknown unit '%s': counts shown as they are", g->hdr.fact[FH_UNIT]);
	g->unit = g->hdr.unit > UNIT_COUNT ? g->hdr.unit : UNIT_COUNT;
	g->countname = o->countname ? o->countname :
	    g->hdr.fact[FH_COUNTNAME] ? g->hdr.fact[FH_COUNTNAME] :
	    g->unit != UNIT_COUNT ? "" : "samples";
}

void
graph_read(struct graph *g, struct dopts *o, int argc, char **argv, double pxwidth)
{
	struct layout_opts lo = { 0 };
	struct reading rd = { 0 };
	struct frules rules = { 0 };
	struct graphview *e = &g->v[1];
	uint32_t maxdepth;
	double linemax = 1;
	char top[8], bottom[8];

	memset(g, 0, sizeof(*g));
	read_stacks(&rd, o, o->elided, &rules, argc, argv);
	/* an input in time order is drawn as a flame chart */
	if (rd.chart && !o->chart) {
		o->chart = 1;
		if (o->deftitle)
			o->title = "Flame Chart";
	}
	unit_header(g, o, &rd.hj, argc ? argc : 1);
	g->diff = rules.ncounts == 2;
	g->frac = rules.frac || !count_whole(o->total);
	if (g->diff)
		g->vanished = vanished(&rd.st[0]);
	if (g->diff && o->deltaself)
		linemax = line_maxdelta(&rd.st[0]);
	lo.pxwidth = pxwidth > 0 ? pxwidth : o->width - 2 * DRAW_XPAD;
	lo.minwidth = o->minwidth;
	lo.minpct = o->minpct;
	lo.more = o->more;
	lo.col = g->diff;
	lo.total = o->total;
	lo.chart = o->chart;
	lo.bywidth = o->bywidth;
	lo.self = g->diff && o->deltaself;
	build(&g->v[0], &rd.st[0], o, &lo);
	if (g->v[0].L.timemax <= 0)
		eprintf("%s", g->diff && !count_iszero(g->vanished) ? DRAW_ALLVANISHED :
		    o->nbases ? "no samples in a stack through a --base frame" :
		    "no samples in the input");
	g->nviews = 1;
	maxdepth = g->v[0].L.maxdepth;
	if (rd.st[1].m.n || rd.st[1].n) {
		lo.col = 0;
		lo.self = 0;
		lo.total = count_from_u64(0);
		build(e, &rd.st[1], o, &lo);
		e->ds.on = 1;
		e->ds.max = e->L.timemax;
		e->ds.L = &e->L;
		g->nviews = 2;
		if (e->L.maxdepth > maxdepth)
			maxdepth = e->L.maxdepth;
	}
	stacks_free(&rd.st[0]);
	stacks_free(&rd.st[1]);
	g->W = o->width;
	g->fh = o->frameheight;
	g->ypad1 = o->fontsize * 3;
	g->ypad2 = o->fontsize * 2 + 10;
	g->ypad3 = o->subtitle ? o->fontsize * 2 : 0;
	g->H = (maxdepth + 1) * g->fh + g->ypad1 + g->ypad2 + g->ypad3;
	g->v[0].ds.on = g->diff;
	g->v[0].ds.self = o->deltaself;
	g->v[0].ds.L = &g->v[0].L;
	if (g->diff)
		draw_diff_scale(&g->v[0].ds, &g->v[0].L, o);
	if (g->diff && o->deltaself)
		g->v[0].ds.max = linemax;
	color_background(o->palette, o->bgcolors, top, bottom);
	g->bgtop = draw_rgb_parse(top);
	g->bgbottom = draw_rgb_parse(bottom);
}

void
graph_free(struct graph *g)
{
	int i;

	for (i = 0; i < g->nviews; i++) {
		layout_free(&g->v[i].L);
		free(g->v[i].cycle);
		free(g->v[i].comp);
	}
	fh_free(&g->hdr);
}
