/* draw.h: a flame graph ready to draw, for the raster and print renderers
 *
 * fg-png and fg-pdf draw the same picture as fg-svg: the shared layout
 * (layout.h) and colours (color.h), fg-svg's geometry (10 px margins,
 * title band, frame rows), the same options and the same reading of
 * differential input.  This file holds what the two have in common:
 * options, reading, and per-frame colour, box and label.
 */
#ifndef FG_DRAW_H
#define FG_DRAW_H

#include <getopt.h>
#include <stddef.h>

#include "draw/color.h"
#include "base/count.h"
#include "draw/layout.h"
#include "stack/tree.h"

#define DRAW_XPAD 10

struct dopts {
	const char *title, *subtitle, *bgcolors, *palfile;
	double width, frameheight, fontsize, minwidth, mindelta;
	int minpct, palette, palset, seed, chart, inverted, reverse, more, negate, deltaself;
	count total;
	/* fg-svg's own: its text and its scale */
	const char *fonttype, *countname, *nametype, *notes;
	double fontwidth, factor;
};

/* The long options every drawing program takes, for its option table,
 * and their codes; short forms are "t:w:H:c:i". */
enum {
	DO_SUBTITLE = 256, DO_MINWIDTH, DO_BGCOLORS, DO_HASH, DO_PALETTE, DO_TOTAL,
	DO_FLAMECHART, DO_REVERSE, DO_NOMORE, DO_NEGATE, DO_DELTA, DO_MINDELTA,
	DO_LAST
};
#define DRAW_LONGOPTS \
	{ "title", required_argument, NULL, 't' }, \
	{ "subtitle", required_argument, NULL, DO_SUBTITLE }, \
	{ "width", required_argument, NULL, 'w' }, \
	{ "height", required_argument, NULL, 'H' }, \
	{ "minwidth", required_argument, NULL, DO_MINWIDTH }, \
	{ "bgcolors", required_argument, NULL, DO_BGCOLORS }, \
	{ "colors", required_argument, NULL, 'c' }, \
	{ "hash", no_argument, NULL, DO_HASH }, \
	{ "palette", required_argument, NULL, DO_PALETTE }, \
	{ "total", required_argument, NULL, DO_TOTAL }, \
	{ "flamechart", no_argument, NULL, DO_FLAMECHART }, \
	{ "inverted", no_argument, NULL, 'i' }, \
	{ "reverse", no_argument, NULL, DO_REVERSE }, \
	{ "no-more", no_argument, NULL, DO_NOMORE }, \
	{ "negate", no_argument, NULL, DO_NEGATE }, \
	{ "delta", required_argument, NULL, DO_DELTA }, \
	{ "min-delta", required_argument, NULL, DO_MINDELTA }

/* The usage lines of those options. */
extern const char draw_usage[];

/* Defaults, with FG_WIDTH and FG_HEIGHT. */
void draw_defaults(struct dopts *o);
/* Take option c: 1 if it is one of the common ones, 0 if not; a bad
 * value is a usage error (exit 2). */
int draw_option(struct dopts *o, int c, const char *arg);
/* Checks once the options are read; the default title; the --palette
 * file's colours loaded. */
void draw_finish_options(struct dopts *o);
/* A number option from min to its largest value (optrange.h), or a
 * usage error. */
double draw_num(const char *s, const char *what, double min);

/* The colour scale of differential input. */
struct diffscale {
	int on;			/* colour by change */
	int self;		/* by the change of self samples (--delta=self) */
	double max;		/* the largest change drawn */
	double noise;		/* changes below this are neutral */
};

/* The scale of layout L under options o: the largest change but the
 * root's, and --min-delta's threshold. */
void diff_scale(struct diffscale *ds, const struct layout *L, const struct dopts *o);
/* The colour of frame f of tree t; call in layout order (the julia
 * palette's state is cycle, one word per depth). */
struct rgb frame_color(const struct dopts *o, const struct tree *t, const struct lframe *f,
    const struct diffscale *ds, uint32_t *cycle);

struct graph {
	struct tree t;
	struct layout L;
	int diff;		/* two-count input */
	double W, H;		/* the image */
	double fh;		/* a frame row */
	double ypad1, ypad2, ypad3;
	double wpt;		/* pixels a sample */
	struct diffscale ds;	/* differential colour scale */
	uint32_t *cycle;	/* the julia palette's state */
	struct rgb bgtop, bgbottom;
};

struct fline;
/* How a drawing program reads a line: the stack to add (reversed into
 * *rev by --reverse) and its counts, the baseline and target swapped by
 * --negate.  NULL for a line without counts. */
const char *draw_line(const struct dopts *o, const struct fline *l, count c[2],
    char **rev, size_t *revcap);

/* Read the files, build the tree and lay it out across pxwidth pixels
 * (fg-svg's width less its margins unless pxwidth > 0), with fg-svg's
 * image geometry.  No samples at all is an error. */
void graph_read(struct graph *g, const struct dopts *o, int argc, char **argv, double pxwidth);
void graph_free(struct graph *g);

/* Colour of frame i; call in layout order (the julia palette cycles). */
struct rgb graph_color(struct graph *g, const struct dopts *o, size_t i);
/* The box of frame i as fg-svg draws it: x from x0 to x1 (rounded to
 * tenths as in the SVG), top y, height g->fh - 1. */
void graph_box(const struct graph *g, const struct dopts *o, size_t i, double *x0, double *x1, double *y);
/* The label of frame i: the name less its annotation, "all", or
 * "+N more" (written into buf). */
void graph_label(const struct graph *g, size_t i, const char **s, size_t *n, char buf[48]);
/* "#rrggbb" -> rgb */
struct rgb rgb_parse(const char *hex);

#endif
