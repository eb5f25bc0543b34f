/* draw.c: a flame graph ready to draw, for the raster and print renderers */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "draw/optrange.h"
#include "read/folded.h"
#include "stack/frame.h"
#include "read/input.h"
#include "base/util.h"

const char draw_usage[] =
	"  -t, --title TEXT       title (\"Flame Graph\", \"Icicle Graph\", \"Flame Chart\")\n"
	"      --subtitle TEXT    a second line under the title\n"
	"  -w, --width PX         image width (1200, or FG_WIDTH)\n"
	"  -H, --height PX        frame height (16, or FG_HEIGHT)\n"
	"      --minwidth PX[%]   hide frames narrower than this (0.1 px)\n"
	"      --bgcolors COLOR   yellow, blue, green, grey, or #rrggbb\n"
	"  -c, --colors PALETTE   hot (default), mem, io, wakeup, chain, java, js, perl,\n"
	"                         red, green, blue, aqua, yellow, purple, orange,\n"
	"                         julia, category\n"
	"      --hash             colour by a hash of the name\n"
	"      --palette FILE     read and update a name->rgb(r,g,b) palette map\n"
	"      --total N          draw against a total of N samples\n"
	"      --flamechart       keep input order, merge only adjacent stacks\n"
	"  -i, --inverted         icicle graph: the root on top\n"
	"      --reverse          reverse every stack (merge at the leaves)\n"
	"      --no-more          drop narrow frames instead of \"+N more\" boxes\n"
	"      --negate           differential: draw the baseline, colour baseline - target\n"
	"      --delta=total|self differential: colour by total (default) or self change\n"
	"      --min-delta PCT    differential: changes under PCT% of the total are neutral\n";

double
draw_num(const char *s, const char *what, double min)
{
	double v = estrtod(s, what), max = optrange_max(what);

	if (v < min || v > max)
		usage_error("%s must be from %.15g to %.15g", what, min, max);
	return v;
}

void
draw_defaults(struct dopts *o)
{
	const char *env;

	memset(o, 0, sizeof(*o));
	o->width = 1200;
	o->frameheight = 16;
	o->fontsize = 12;
	o->minwidth = 0.1;
	o->more = 1;
	if ((env = getenv("FG_WIDTH")) && *env)
		o->width = draw_num(env, "FG_WIDTH", 2 * DRAW_XPAD + 1);
	if ((env = getenv("FG_HEIGHT")) && *env)
		o->frameheight = draw_num(env, "FG_HEIGHT", 2);
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
	o->minwidth = draw_num(s, o->minpct ? "minwidth%" : "minwidth", 0);
}

int
draw_option(struct dopts *o, int c, const char *arg)
{
	switch (c) {
	case 't': o->title = arg; break;
	case DO_SUBTITLE: o->subtitle = arg; break;
	case 'w': o->width = draw_num(arg, "width", 2 * DRAW_XPAD + 1); break;
	case 'H': o->frameheight = draw_num(arg, "height", 2); break;
	case DO_MINWIDTH: minwidth(o, arg); break;
	case DO_BGCOLORS: o->bgcolors = arg; break;
	case 'c':
		if ((o->palette = palette_byname(arg)) < 0)
			usage_error("unknown palette '%s' (choose from %s)", arg, palette_names());
		o->palset = 1;
		break;
	case DO_HASH: o->seed = SEED_HASH; break;
	case DO_PALETTE: o->palfile = arg; break;
	case DO_TOTAL:
		if (count_parse(arg, strlen(arg), &o->total))
			usage_error("bad total: '%s'", arg);
		break;
	case DO_FLAMECHART: o->chart = 1; break;
	case 'i': o->inverted = 1; break;
	case DO_REVERSE: o->reverse = 1; break;
	case DO_NOMORE: o->more = 0; break;
	case DO_NEGATE: o->negate = 1; break;
	case DO_DELTA:
		if (!strcmp(arg, "self")) {
			o->deltaself = 1;
		} else if (strcmp(arg, "total")) {
			usage_error("bad delta: '%s' (total or self)", arg);
		}
		break;
	case DO_MINDELTA: o->mindelta = draw_num(arg, "min-delta", 0); break;
	default: return 0;
	}
	return 1;
}

void
draw_finish_options(struct dopts *o)
{
	char tmp[8];

	if (o->bgcolors && !color_background(o->palette, o->bgcolors, tmp, tmp))
		usage_error("unknown background '%s' (yellow, blue, green, grey or #rrggbb)",
		    o->bgcolors);
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

struct reading {
	struct tree *t;
	const struct dopts *o;
	char *rev;
	size_t revcap;
};

const char *
draw_line(const struct dopts *o, const struct fline *l, count c[2], char **rev, size_t *revcap)
{
	if (!l->ncounts)
		return NULL;
	c[0] = l->c[0];
	c[1] = count_from_u64(0);
	if (l->ncounts == 2) {
		c[0] = l->c[o->negate];
		c[1] = l->c[!o->negate];
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
add_line(struct freader *r, struct fline *l, void *arg)
{
	struct reading *rd = arg;
	const char *s;
	count c[2];

	if ((s = draw_line(rd->o, l, c, &rd->rev, &rd->revcap)) &&
	    tree_add(rd->t, s, l->len, c) == TNONE)
		fr_error(r, "sum of counts overflows");
}

static double
frame_delta(const struct diffscale *ds, const struct lframe *f)
{
	if (ds->self)
		return count_val(f->self[1]) - count_val(f->self[0]);
	return count_val(f->total[1]) - count_val(f->total[0]);
}

void
diff_scale(struct diffscale *ds, const struct layout *L, const struct dopts *o)
{
	size_t i;
	double d;

	ds->max = 1;
	for (i = 1; i < L->n; i++) {	/* the root's change would drown the rest */
		d = frame_delta(ds, &L->f[i]);
		if (d < 0)
			d = -d;
		if (d > ds->max)
			ds->max = d;
	}
	ds->noise = L->timemax * o->mindelta / 100;
}

struct rgb
frame_color(const struct dopts *o, const struct tree *t, const struct lframe *f,
    const struct diffscale *ds, uint32_t *cycle)
{
	const char *s = "";
	size_t n = 0;
	struct rgb c;
	double d;

	if (f->node == TNONE)
		return color_more;
	if (f->node != 0) {
		s = tree_name(t, f->node);
		n = tree_namelen(t, f->node);
	}
	if (n == 1 && s[0] == '-')
		return color_sep;
	if (n == 2 && s[0] == '-' && s[1] == '-')
		return color_sep2;
	if (ds->on) {
		if (count_iszero(f->total[0]) && f->node != 0)
			return color_new;
		d = frame_delta(ds, f);
		if (d < ds->noise && d > -ds->noise)
			d = 0;
		return color_delta(d, ds->max);
	}
	if (o->palfile && palette_lookup(s, n, &c))
		return c;
	c = color_frame(o->palette, o->seed, s, n, f->depth, cycle);
	if (o->palfile)
		palette_remember(s, n, c);
	return c;
}

void
graph_read(struct graph *g, const struct dopts *o, int argc, char **argv, double pxwidth)
{
	struct layout_opts lo = { 0 };
	struct reading rd = { 0 };
	char top[8], bottom[8];

	memset(g, 0, sizeof(*g));
	tree_init(&g->t, o->chart, 2);
	rd.t = &g->t;
	rd.o = o;
	each_line(argc, argv, add_line, &rd);
	free(rd.rev);
	g->diff = fr_ncounts == 2;
	lo.pxwidth = pxwidth > 0 ? pxwidth : o->width - 2 * DRAW_XPAD;
	lo.minwidth = o->minwidth;
	lo.minpct = o->minpct;
	lo.more = o->more;
	lo.col = g->diff;
	lo.total = o->total;
	tree_finish(&g->t);
	layout_build(&g->L, &g->t, &lo);
	if (g->L.timemax <= 0)
		eprintf("no samples in the input");
	g->W = o->width;
	g->fh = o->frameheight;
	g->ypad1 = o->fontsize * 3;
	g->ypad2 = o->fontsize * 2 + 10;
	g->ypad3 = o->subtitle ? o->fontsize * 2 : 0;
	g->H = (g->L.maxdepth + 1) * g->fh + g->ypad1 + g->ypad2 + g->ypad3;
	g->wpt = lo.pxwidth / g->L.timemax;
	g->cycle = ecalloc((size_t)g->L.maxdepth + 1, sizeof(*g->cycle));
	g->ds.on = g->diff;
	g->ds.self = o->deltaself;
	if (g->diff)
		diff_scale(&g->ds, &g->L, o);
	color_background(o->palette, o->bgcolors, top, bottom);
	g->bgtop = rgb_parse(top);
	g->bgbottom = rgb_parse(bottom);
}

void
graph_free(struct graph *g)
{
	layout_free(&g->L);
	tree_free(&g->t);
	free(g->cycle);
}

struct rgb
graph_color(struct graph *g, const struct dopts *o, size_t i)
{
	return frame_color(o, &g->t, &g->L.f[i], &g->ds, g->cycle);
}

/* fg-svg writes x with one decimal; the same rounding here keeps the
 * boxes of the two on the same pixels. */
static double
tenths(double v)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.1f", v);
	return atof(buf);
}

void
graph_box(const struct graph *g, const struct dopts *o, size_t i, double *x0, double *x1, double *y)
{
	const struct lframe *f = &g->L.f[i];

	*x0 = tenths(DRAW_XPAD + count_val(f->x) * g->wpt);
	*x1 = tenths(DRAW_XPAD + (count_val(f->x) + count_val(f->w)) * g->wpt);
	if (o->inverted)
		*y = g->ypad1 + g->ypad3 + f->depth * g->fh;
	else
		*y = g->H - g->ypad2 - (f->depth + 1) * g->fh + 1;
}

void
graph_label(const struct graph *g, size_t i, const char **s, size_t *n, char buf[48])
{
	const struct lframe *f = &g->L.f[i];
	const char *annot;
	size_t alen;

	if (f->node == TNONE) {
		*n = snprintf(buf, 48, "+%lu more", (unsigned long)f->nmore);
		*s = buf;
	} else if (f->node == 0) {
		*s = "all";
		*n = 3;
	} else {
		*s = tree_name(&g->t, f->node);
		*n = frame_strip_annot(*s, tree_namelen(&g->t, f->node), &annot, &alen);
	}
}
