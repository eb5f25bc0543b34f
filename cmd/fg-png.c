/* fg-png: a flame graph as a PNG image */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "base/escape.h"
#include "draw/draw.h"
#include "draw/legend.h"
#include "draw/optrange.h"
#include "base/out.h"
#include "draw/png.h"
#include "draw/raster.h"
#include "draw/vanished.h"
#include "base/util.h"

static const struct rgb black = { 0, 0, 0 };
static const struct rgb gray = { 160, 160, 160 };
static const struct rgb white = { 255, 255, 255 };

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n%s"
	    "  -p, --pixels           one pixel row per depth, no text (flamepixels)\n"
	    "      --costscale S      with --pixels: columns per sample (1 up to 1000\n"
	    "                         samples, then 1000 columns in all)\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0, draw_usage);
	exit_stdout();
}

static long
px(double v)
{
	return (long)floor(v + 0.5);
}

/* Text centred on x, its baseline at y. */
static void
centred(struct canvas *cv, double x, double y, int scale, const char *s, struct rgb c)
{
	size_t n = strlen(s), chars = utf8_chars(s, n);
	long w = (long)chars * GLYPH_ADV * scale - scale;

	canvas_text(cv, px(x) - w / 2, px(y) - 7 * scale, scale, s, n, chars, c);
}

/* A key of the legend (draw_legend) on canvas arg. */
static void
legend_key(void *arg, const struct legend_item *it, double x, double y)
{
	size_t n = strlen(it->what);

	canvas_fill(arg, px(x), px(y - 9), px(x + LEGEND_BOX), px(y + 1), it->c);
	canvas_text(arg, px(x + LEGEND_TEXT), px(y) - 7, 1, it->what, n, utf8_chars(it->what, n), black);
}

/* The samples of vanished stacks, right-aligned in the bottom band. */
static void
footnote(struct canvas *cv, const struct graph *g)
{
	struct bytes note = { 0 };
	size_t n = vanished_note(g, &note), chars = utf8_chars((const char *)note.p, n);
	double y = g->H - g->ypad2 / 2;

	if (n)
		canvas_text(cv, px(g->W - DRAW_XPAD) - (long)chars * GLYPH_ADV, px(y) - 7, 1,
		    (const char *)note.p, n, chars, black);
	bytes_free(&note);
}

/* The picture fg-svg draws, without its buttons. */
static void
draw_graph(struct canvas *cv, struct graph *g, const struct dopts *o)
{
	double x0, x1, y;
	long top, h = px(g->fh) - 1;
	size_t i, n, chars;
	const char *s;
	char buf[48];
	struct rgb c;

	canvas_init(cv, (uint32_t)ceil(g->W), (uint32_t)ceil(g->H), white);
	canvas_gradient(cv, g->bgtop, g->bgbottom);
	centred(cv, g->W / 2, o->fontsize * 2, 2, o->title, black);
	if (o->subtitle)
		centred(cv, g->W / 2, o->fontsize * 4, 1, o->subtitle, gray);
	if (g->diff)
		draw_legend(g, o, legend_key, cv);
	if (g->diff)
		footnote(cv, g);
	for (i = 0; i < g->v[0].L.n; i++) {
		c = graph_color(g, o, 0, i);
		graph_box(g, o, 0, i, &x0, &x1, &y);
		top = px(y);
		canvas_fill(cv, px(x0), top, px(x1), top + h, c);
		if (h < 7 || x1 - x0 < 3 + 3 * GLYPH_ADV)
			continue;
		chars = (size_t)((x1 - x0 - 3) / GLYPH_ADV);
		graph_label(g, 0, i, &s, &n, buf);
		top += (h - 7) / 2;
		c = color_label(c);
		if (utf8_chars(s, n) <= chars) {
			canvas_text(cv, px(x0 + 3), top, 1, s, n, chars, c);
		} else {
			x0 = canvas_text(cv, px(x0 + 3), top, 1, s, n, chars - 2, c);
			canvas_text(cv, px(x0), top, 1, "..", 2, 2, c);
		}
	}
}

/*
 * FlameGraphs.jl's flamepixels: a frame over samples first..last
 * (counted from 1) fills the columns round(cs * first) (at least 1)
 * to round(cs * last), rounding half to even as Julia does; one row a
 * depth, the root at the bottom (at the top with --inverted).
 */
static void
draw_pixels(struct canvas *cv, struct graph *g, const struct dopts *o, double cs, struct rgb bg)
{
	const struct lframe *f;
	double first, last, w, h;
	long c0, c1, row;
	size_t i;
	struct rgb c;

	w = rint(count_val(g->v[0].L.total) * cs);
	h = (double)g->v[0].L.maxdepth + 1;
	if (w < 1 || w > UINT32_MAX / 4)
		eprintf("costscale %g gives an image %.0f pixels wide", cs, w);
	canvas_init(cv, (uint32_t)w, (uint32_t)h, bg);
	for (i = 0; i < g->v[0].L.n; i++) {
		f = &g->v[0].L.f[i];
		c = graph_color(g, o, 0, i);
		first = count_val(f->x) + 1;
		last = layout_end(&g->v[0].L, f);
		c0 = (long)rint(cs * first);
		if (c0 < 1)
			c0 = 1;
		c1 = (long)rint(cs * last);
		row = o->inverted ? (long)f->depth : (long)(h - 1 - f->depth);
		canvas_fill(cv, c0 - 1, row, c1, row + 1, c);
	}
}

enum { O_COSTSCALE = DO_LAST };

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DRAW_LONGOPTS,
		{ "pixels", no_argument, NULL, 'p' },
		{ "costscale", required_argument, NULL, O_COSTSCALE },
		OPT_HELP_VERSION,
		{ 0 }
	};
	struct dopts o;
	struct graph g;
	struct canvas cv;
	struct bytes png = { 0 };
	struct rgb bg = white;
	double cs = 0;
	char top[8], bottom[8];
	int c, pixels = 0;

	argv[0] = setprogname(argv[0]);
	draw_defaults(&o);
	while ((c = getopt_long(argc, argv, "t:w:H:c:ipqh", longopts, NULL)) != -1) {
		if (draw_option(&o, c, optarg))
			continue;
		switch (c) {
		case 'p': pixels = 1; break;
		case O_COSTSCALE: cs = draw_num(optarg, "costscale", 1e-9, RANGE_COSTSCALE); break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	draw_finish_options(&o);
	if (cs && !pixels)
		usage_error("--costscale needs --pixels");
	out_notty("a PNG image");
	if (pixels) {
		/* every frame is drawn, as FlameGraphs.jl does; its
		 * FlameColors on white unless told otherwise */
		o.minwidth = 0;
		o.more = 0;
		if (!o.palset)
			o.palette = PAL_JULIA;
		if (o.bgcolors && color_background(o.palette, o.bgcolors, top, bottom))
			bg = draw_rgb_parse(top);
	}
	graph_read(&g, &o, argc, argv, 0);
	if (pixels) {
		if (!cs)
			cs = count_val(g.v[0].L.total) < 1000 ? 1 : 1000 / count_val(g.v[0].L.total);
		draw_pixels(&cv, &g, &o, cs, bg);
	} else {
		draw_graph(&cv, &g, &o);
	}
	png_encode(&png, cv.px, cv.w, cv.h);
	canvas_free(&cv);
	out_mem(png.p, png.n);
	out_flush();
	palette_save(o.pal);
	bytes_free(&png);
	graph_free(&g);
	return 0;
}
