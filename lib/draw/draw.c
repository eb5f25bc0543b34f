/* draw.c: the renderers' front end: options, reading, layout, colour */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "draw/optrange.h"
#include "base/escape.h"
#include "read/folded.h"
#include "stack/frame.h"
#include "read/input.h"
#include "stack/stackmap.h"
#include "base/util.h"

const char draw_usage[] =
	DU_TITLE DU_SUBTITLE DU_WIDTH DU_HEIGHT DU_MINWIDTH DU_BGCOLORS DU_COLORS DU_HASH
	DU_PALETTE DU_TOTAL DU_FLAMECHART DU_INVERTED DU_REVERSE DU_NOMORE DU_NEGATE DU_DELTA
	DU_MINDELTA DU_SORT DU_COUNTNAME;

double
draw_num(const char *s, const char *what, double min, double max)
{
	double v = estrtod(s, what);

	if (v < min || v > max)
		usage_error("%s must be from %.15g to %.15g", what, min, max);
	return v;
}

void
draw_env(const char *name, double min, double max, double *v)
{
	const char *env = getenv(name);

	if (env && *env)
		*v = draw_num(env, name, min, max);
}

void
draw_init(struct dopts *o)
{
	memset(o, 0, sizeof(*o));
	o->width = 1200;
	o->frameheight = 16;
	o->fontsize = 12;
	o->fontwidth = 0.59;
	o->minwidth = 0.1;
	o->more = 1;
}

void
draw_defaults(struct dopts *o)
{
	draw_init(o);
	draw_env("FG_WIDTH", 2 * DRAW_XPAD + 1, RANGE_PX, &o->width);
	draw_env("FG_HEIGHT", 2, RANGE_PX, &o->frameheight);
}

static void
minwidth(struct dopts *o, const char *s)
{
	char buf[64];
	size_t n = strlen(s);

	o->minpct = n > 0 && s[n - 1] == '%';
	if (o->minpct && n < sizeof(buf)) {
		memcpy(buf, s, n - 1);
		buf[n - 1] = 0;
		s = buf;
	}
	o->minwidth = o->minpct ? draw_num(s, "minwidth%", 0, RANGE_PCT) :
	    draw_num(s, "minwidth", 0, RANGE_PX);
}

int
draw_option(struct dopts *o, int c, const char *arg)
{
	static const char *const negates[] = { "hues", NULL };
	static const char *const deltas[] = { "total", "self", NULL };
	static const char *const sorts[] = { "name", "width", NULL };

	switch (c) {
	case 't': o->title = arg; break;
	case DO_SUBTITLE: o->subtitle = arg; break;
	case 'w': o->width = draw_num(arg, "width", 2 * DRAW_XPAD + 1, RANGE_PX); break;
	case 'H': o->frameheight = draw_num(arg, "height", 2, RANGE_PX); break;
	case DO_MINWIDTH: minwidth(o, arg); break;
	case DO_BGCOLORS: o->bgcolors = arg; break;
	case 'c':
		o->palette = opt_choice(arg, "palette", palette_list);
		o->palset = 1;
		break;
	case DO_HASH: o->seed = SEED_HASH; break;
	case DO_PALETTE: o->palfile = arg; break;
	case DO_TOTAL:
		if (count_read(arg, strlen(arg), &o->total))
			usage_error("bad total: '%s'", arg);
		break;
	case DO_FLAMECHART: o->chart = 1; break;
	case 'i': o->inverted = 1; break;
	case DO_REVERSE: o->reverse = 1; break;
	case DO_NOMORE: o->more = 0; break;
	case DO_NEGATE:
		o->negate = arg ? NEGATE_HUES + opt_choice(arg, "negate", negates) : 1;
		break;
	case DO_DELTA: o->deltaself = opt_choice(arg, "delta", deltas); break;
	case DO_MINDELTA: o->mindelta = draw_num(arg, "min-delta", 0, RANGE_PCT); break;
	case DO_COUNTNAME: o->countname = arg; break;
	case DO_FONTSIZE: o->fontsize = draw_num(arg, "fontsize", 1, RANGE_FONTSIZE); break;
	case DO_FONTWIDTH: o->fontwidth = draw_num(arg, "fontwidth", 0.01, RANGE_FONTWIDTH); break;
	case DO_SORT: o->bywidth = opt_choice(arg, "sort", sorts); break;
	default: return 0;
	}
	return 1;
}

void
draw_finish_options(struct dopts *o)
{
	char tmp[8];

	if (o->bgcolors && !color_background(o->palette, o->bgcolors, tmp, tmp))
		usage_error("bad background: '%s' (yellow, blue, green, grey or #rrggbb)",
		    o->bgcolors);
	if (o->chart && o->bywidth)
		usage_error("--sort=width and --flamechart exclude each other");
	if (!o->title)
		o->title = o->chart ? "Flame Chart" : o->inverted ? "Icicle Graph" : "Flame Graph";
	if (o->palfile)
		palette_load(o->palfile);
}

struct rgb
rgb_parse(const char *hex)
{
	unsigned long v = strtoul(hex + 1, NULL, 16);
	struct rgb c = { v >> 16 & 0xff, v >> 8 & 0xff, v & 0xff };

	return c;
}

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
	int elided;		/* keep st[1], the stacks that vanished */
	struct stacks st[2];
	struct stackbatch b;	/* lines on their way to st[0].m, in place */
	count total[2];		/* to catch an overflowing sum on its line */
	struct fhjoin hj;	/* the unit header */
	struct fheader *h;	/* or, one file's, when not NULL (a later line wins) */
	char *rev;
	size_t revcap;
};

/* The stack to add of line l (reversed into *rev by --reverse) and its
 * counts, the baseline and target swapped by --negate; NULL for a line
 * without counts. */
static const char *
draw_line(const struct dopts *o, const struct fline *l, count c[2], char **rev, size_t *revcap)
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
	if (l->len > *revcap) {
		*revcap = l->len * 2;
		*rev = erealloc(*rev, *revcap);
	}
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
	if (st->n == st->cap) {
		st->cap = st->cap ? st->cap * 2 : 1024;
		st->seq = ereallocarray(st->seq, st->cap, sizeof(*st->seq));
	}
	e = &st->seq[st->n++];
	e->s = arena_strdup(&st->a, s, len);
	e->len = len;
	e->lcp = 0;
	memcpy(e->c, c, sizeof(e->c));
}

static void
add_line(struct freader *r, struct fline *l, void *arg)
{
	struct reading *rd = arg;
	const char *s;
	count c[2];

	if (!l->ncounts) {
		if (rd->h)
			fh_parse(rd->h, l->stack, l->len);
		else
			fhj_line(&rd->hj, r, l);
		return;
	}
	if (!(s = draw_line(rd->o, l, c, &rd->rev, &rd->revcap)))
		return;
	/* no stack's sum exceeds the total's */
	if (!count_add(&rd->total[0], c[0]) || !count_add(&rd->total[1], c[1]))
		fr_error(r, "sum of counts overflows");
	if (s == l->stack && !rd->o->chart) {
		/* added many at a time from where they lie (a reversed
		 * stack lies in a buffer of its own, one at a time) */
		if (r->in.release_arg != &rd->b)
			lines_onrelease(&r->in, stackbatch_release, &rd->b);
		stackbatch_add(&rd->b, &rd->st[0].m, s, l->len, c, 2, r->name, r->lineno);
	} else {
		keep(&rd->st[0], rd->o->chart, s, l->len, c);
	}
	if (rd->elided && l->ncounts == 2 && count_iszero(c[1]) && !count_iszero(c[0]))
		keep(&rd->st[1], rd->o->chart, s, l->len, c);
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

double
frame_delta(const struct diffscale *ds, const struct lframe *f)
{
	const count *self;
	double d;

	if (ds->self) {
		self = ds->L->self[f - ds->L->f];
		d = count_val(self[1]) - count_val(self[0]);
	} else
		d = count_val(f->total[1]) - count_val(f->total[0]);
	return d < ds->noise && d > -ds->noise ? 0 : d;
}

static void
diffscale_init(struct diffscale *ds, const struct dopts *o, double timemax)
{
	ds->max = 1;
	ds->noise = timemax * o->mindelta / 100;
}

static void
diffscale_see(struct diffscale *ds, const struct lframe *f)
{
	double d = frame_delta(ds, f);

	if (d < 0)
		d = -d;
	if (d > ds->max)
		ds->max = d;
}

void
diff_scale(struct diffscale *ds, const struct layout *L, const struct dopts *o)
{
	size_t i;

	diffscale_init(ds, o, L->timemax);
	ds->L = L;
	if (ds->self && !L->self)
		eprintf("a layout without self samples coloured by them");
	for (i = 1; i < L->n; i++)
		diffscale_see(ds, &L->f[i]);
}

struct rgb
frame_rgb(const struct dopts *o, const char *s, size_t n, const struct lframe *f,
    const struct diffscale *ds, uint32_t *cycle)
{
	struct rgb c;

	if (f->name == LF_MORE)
		return color_more;
	if (n == 1 && s[0] == '-')
		return color_sep;
	if (n == 2 && s[0] == '-' && s[1] == '-')
		return color_sep2;
	if (ds->on) {
		/* new frames are green, but in flamegraph.pl's picture */
		if (count_iszero(f->total[0]) && f->name != LF_ROOT && o->negate != NEGATE_HUES)
			return color_new;
		return color_delta(o->negate == NEGATE_HUES ? -frame_delta(ds, f) :
		    frame_delta(ds, f), ds->max);
	}
	if (o->palfile && palette_lookup(s, n, &c))
		return c;
	c = color_frame(o->palette, o->seed, s, n, f->depth, cycle);
	if (o->palfile)
		palette_remember(s, n, c);
	return c;
}

/* The colour of frame f of layout L; call in layout order (the julia
 * palette's state is cycle, one word per depth). */
static struct rgb
frame_color(const struct dopts *o, const struct layout *L, const struct lframe *f,
    const struct diffscale *ds, uint32_t *cycle)
{
	const char *s = "";
	size_t n = 0;

	if (f->name != LF_ROOT && f->name != LF_MORE)
		s = layout_name(L, f, &n);
	return frame_rgb(o, s, n, f, ds, cycle);
}

/* Read the files into rd: whole stacks merged as they come, one hash a
 * line (and with elided, the stacks that vanished apart); their header
 * lines into h when not NULL, else joined in rd->hj. */
static void
read_stacks(struct reading *rd, const struct dopts *o, int elided, struct fheader *h,
    int argc, char **argv)
{
	memset(rd, 0, sizeof(*rd));
	rd->o = o;
	rd->h = h;
	rd->elided = elided;
	stackmap_init(&rd->st[0].m);
	stackmap_init(&rd->st[1].m);
	fhj_init(&rd->hj);
	stackbatch_lend(&rd->b, &rd->st[0].m);
	each_line(argc, argv, add_line, rd);	/* closing a file adds its lines */
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
graph_read(struct graph *g, const struct dopts *o, int argc, char **argv, double pxwidth)
{
	struct layout_opts lo = { 0 };
	struct reading rd = { 0 };
	struct graphview *e = &g->v[1];
	uint32_t maxdepth;
	double linemax = 1;
	char top[8], bottom[8];

	memset(g, 0, sizeof(*g));
	read_stacks(&rd, o, o->elided, NULL, argc, argv);
	unit_header(g, o, &rd.hj, argc ? argc : 1);
	g->diff = fr_ncounts == 2;
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
	if (g->diff)
		diff_scale(&g->v[0].ds, &g->v[0].L, o);
	if (g->diff && o->deltaself)
		g->v[0].ds.max = linemax;
	color_background(o->palette, o->bgcolors, top, bottom);
	g->bgtop = rgb_parse(top);
	g->bgbottom = rgb_parse(bottom);
}

void
graph_read_whole(struct layout *L, struct layout *E, struct fheader *h, const struct dopts *o,
    int argc, char **argv)
{
	struct layout_opts lo = { 0 };
	struct reading rd;

	fh_init(h);
	read_stacks(&rd, o, 1, h, argc, argv);
	lo.pxwidth = 1;
	lo.col = fr_ncounts == 2;
	lo.self = lo.col && o->deltaself;
	lay(L, &rd.st[0], o, &lo);
	stacks_free(&rd.st[0]);
	lo.col = 0;
	lo.self = 0;
	memset(E, 0, sizeof(*E));
	if (rd.st[1].m.n)
		lay(E, &rd.st[1], o, &lo);
	stacks_free(&rd.st[1]);
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

size_t
draw_amount(char *buf, double v, const count *c, double factor)
{
	char num[400];
	size_t n, i, ip, lead, k = 0;

	if (c && factor == 1 && !count_frac) {
		n = count_fmt(*c, num);
	} else {
		n = snprintf(num, sizeof(num), "%.2f", v * factor);
		while (num[n - 1] == '0')
			n--;
		if (num[n - 1] == '.')
			n--;
	}
	lead = num[0] == '-';
	for (ip = lead; ip < n && num[ip] != '.'; ip++)
		;
	memcpy(buf, num, lead);
	k = lead;
	for (i = lead; i < ip; i++) {
		buf[k++] = num[i];
		if (ip - i - 1 > 0 && (ip - i - 1) % 3 == 0)
			buf[k++] = ',';
	}
	memcpy(buf + k, num + ip, n - ip);
	return k + n - ip;
}

void
graph_human(struct bytes *b, const struct graph *g, double v, const count *c,
    double factor, int flags)
{
	char buf[600];
	int sign = flags & DA_SIGN && v > 0;

	if (sign)
		bytes_put(b, "+", 1);
	bytes_put(b, buf, count_human(v * factor, g->unit, buf, sizeof(buf)));
	if (*g->countname && !(flags & DA_NONAME)) {
		bytes_put(b, " ", 1);
		bytes_put(b, g->countname, strlen(g->countname));
	}
	if (flags & DA_SHORT)
		return;
	bytes_put(b, sign ? " (+" : " (", sign ? 3 : 2);
	bytes_put(b, buf, draw_amount(buf, v, c, factor));
	bytes_put(b, " ", 1);
	bytes_put(b, unit_name(g->unit), strlen(unit_name(g->unit)));
	bytes_put(b, ")", 1);
}

struct rgb
graph_color(struct graph *g, const struct dopts *o, int v, size_t i)
{
	struct graphview *w = &g->v[v];
	const struct lframe *f = &w->L.f[i];
	const char *s, *annot;
	size_t n, alen;
	struct rgb c = frame_color(o, &w->L, f, &w->ds, w->cycle);

	if (o->palette != PAL_JULIA || w->ds.on || !f->depth)
		return c;
	w->comp[f->depth] = 0;
	if (f->name == LF_MORE)
		return c;
	s = layout_name(&w->L, f, &n);
	w->comp[f->depth] = w->comp[f->depth - 1] || julia_compiler_entry(s, n);
	frame_strip_annot(s, n, &annot, &alen);
	return w->comp[f->depth] && !annot ? color_compile : c;
}

const char *
graph_status(const struct graph *g, const struct dopts *o, int v, size_t i)
{
	const struct graphview *w = &g->v[v];
	const struct lframe *f = &w->L.f[i];
	const char *s, *annot;
	size_t n, alen;

	if (o->palette != PAL_JULIA || w->ds.on || !f->depth || f->name == LF_MORE)
		return NULL;
	s = layout_name(&w->L, f, &n);
	frame_strip_annot(s, n, &annot, &alen);
	if (annot && alen == 2 && !memcmp(annot, "dg", 2))
		return "runtime dispatch, garbage collection";
	if (annot && alen == 1 && (*annot == 'd' || *annot == 'g'))
		return *annot == 'd' ? "runtime dispatch" : "garbage collection";
	return !annot && w->comp[f->depth] ? "compilation" : NULL;
}

/* fg-svg writes x with one decimal; the same rounding here keeps the
 * boxes of the two on the same pixels. */
static double
tenths(double v)
{
	char buf[64];
	uint64_t n;

	if (fmt_scaled(v, 1, &n))
		return n / 10.0;
	snprintf(buf, sizeof(buf), "%.1f", v);
	return atof(buf);
}

double
graph_y(const struct graph *g, const struct dopts *o, uint32_t d)
{
	if (o->inverted)
		return g->ypad1 + g->ypad3 + d * g->fh;
	return g->H - g->ypad2 - (d + 1) * g->fh + 1;
}

void
graph_box(const struct graph *g, const struct dopts *o, int v, size_t i,
    double *x0, double *x1, double *y)
{
	const struct lframe *f = &g->v[v].L.f[i];
	double wpt = g->v[v].wpt;

	*x0 = tenths(DRAW_XPAD + count_val(f->x) * wpt);
	*x1 = tenths(DRAW_XPAD + layout_end(&g->v[v].L, f) * wpt);
	*y = graph_y(g, o, f->depth);
}

void
graph_label(const struct graph *g, int v, size_t i, const char **s, size_t *n, char buf[48])
{
	const struct layout *L = &g->v[v].L;
	const struct lframe *f = &L->f[i];
	const char *annot;
	size_t alen;

	if (f->name == LF_MORE) {
		*n = snprintf(buf, 48, "+%lu more", (unsigned long)f->nmore);
		*s = buf;
		return;
	}
	*s = layout_name(L, f, n);
	if (f->name != LF_ROOT)
		*n = frame_strip_annot(*s, *n, &annot, &alen);
}

int
label_fit(const char *s, size_t *n, double px, double cw, int *dots)
{
	size_t chars = (size_t)(px / cw);

	*dots = 0;
	if (chars < 3)
		return 0;
	if (chars < utf8_chars(s, *n)) {
		*dots = 1;
		*n = utf8_prefix(s, *n, chars - 2);
	}
	return 1;
}
