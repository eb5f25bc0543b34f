/* draw.h: the renderers' front end
 *
 * fg-svg, fg-png, fg-pdf and fg-vega draw the same graph: the shared
 * layout (layout.h) and colours (color.h), fg-svg's geometry (10 px
 * margins, title band, frame rows), the same options and the same
 * reading of differential input.  This file holds what they have in
 * common: options, reading, layout, the differential scale, and per
 * frame colour, box and label; a program keeps its options, usage and
 * output.
 */
#ifndef FG_DRAW_H
#define FG_DRAW_H

#include <getopt.h>
#include <stddef.h>

#include "draw/color.h"
#include "base/count.h"
#include "draw/layout.h"
#include "draw/png.h"
#include "read/fheader.h"

#define DRAW_XPAD 10

/* The renderers' options, as draw_option takes them (the defaults of
 * draw_init, then the environment's with draw_defaults). */
struct dopts {
	const char *title;	/* -t; NULL: draw_finish_options sets the default */
	const char *subtitle;	/* --subtitle, or NULL */
	const char *bgcolors;	/* --bgcolors: a name or #rrggbb, or NULL: the palette's */
	const char *palfile;	/* --palette FILE: name->colour map read, and written back */
	double width;		/* -w: the image's width in px (fg-html: unused, the canvas's is its own) */
	double frameheight;	/* -H: a frame row's height in px */
	double fontsize;	/* --fontsize (fg-svg, fg-pdf); 12 */
	double minwidth;	/* --minwidth: px, or a percent of the total with minpct */
	double mindelta;	/* --min-delta: a change under this percent of the total is neutral */
	int minpct;		/* --minwidth was given as PCT% */
	int palette;		/* -c: a PAL_ (color.h) */
	int palset;		/* -c was given (fg-png --pixels keeps it over julia) */
	int seed;		/* --hash: SEED_HASH, else SEED_SUM */
	int chart;		/* --flamechart: input order, adjacent stacks merged */
	int inverted;		/* -i: icicle graph, the root on top */
	int reverse;		/* --reverse: each stack reversed */
	int more;		/* "+N more" boxes for narrow frames; 0 with --no-more */
	int negate;		/* --negate: 1 the baseline drawn; NEGATE_HUES the hues swapped */
	int deltaself;		/* --delta=self: colour by the change of self samples */
	int bywidth;		/* --sort=width: callees widest first */
	int elided;		/* keep the Elided view (fg-svg) */
	count total;		/* --total: draw against this many samples (0: the input's) */
	const char *countname;	/* --countname; NULL: the input's, or "samples" */
	/* fg-svg's own (fg-html and fg-pdf read fontwidth too) */
	const char *fonttype;	/* --fonttype: the font family */
	const char *nametype;	/* --nametype: the tooltip's word before a name */
	const char *notes;	/* --notes: text kept in the SVG */
	double fontwidth;	/* --fontwidth: a character's width over the font size (0.59) */
	double factor;		/* --factor: counts scaled by this where they are shown */
};

/* The long options every drawing program takes, for its option table,
 * and their codes; short forms are "t:w:H:c:i". */
enum {
	DO_SUBTITLE = 256, DO_MINWIDTH, DO_BGCOLORS, DO_HASH, DO_PALETTE, DO_TOTAL,
	DO_FLAMECHART, DO_REVERSE, DO_NOMORE, DO_NEGATE, DO_DELTA, DO_MINDELTA,
	DO_SORT, DO_COUNTNAME, DO_FONTSIZE, DO_FONTWIDTH, DO_LAST
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
	{ "negate", optional_argument, NULL, DO_NEGATE }, \
	{ "delta", required_argument, NULL, DO_DELTA }, \
	{ "min-delta", required_argument, NULL, DO_MINDELTA }, \
	{ "sort", required_argument, NULL, DO_SORT }, \
	{ "countname", required_argument, NULL, DO_COUNTNAME }

/* The font options of the renderers that write text with a font of
 * their own choice (fg-svg, fg-pdf); draw_option takes them too. */
#define DRAW_FONTOPTS \
	{ "fontsize", required_argument, NULL, DO_FONTSIZE }, \
	{ "fontwidth", required_argument, NULL, DO_FONTWIDTH }
#define DU_FONTS \
	"      --fontsize SIZE    font size (12)\n" \
	"      --fontwidth W      average character width / font size (0.59)\n"

/* --negate=hues: flamegraph.pl's --negate, red and blue swapped (the
 * target drawn); a bare --negate is 1, ProfileVega's. */
#define NEGATE_HUES 2

/* The usage lines of those options, one macro an option (a program
 * that words one otherwise, as fg-html, keeps the others); no '%' is
 * doubled: they are no printf format.  draw_usage: all of them. */
#define DU_TITLE \
	"  -t, --title TEXT       title (\"Flame Graph\", \"Icicle Graph\", \"Flame Chart\")\n"
#define DU_SUBTITLE "      --subtitle TEXT    a second line under the title\n"
#define DU_WIDTH "  -w, --width PX         image width (1200, or FG_WIDTH)\n"
#define DU_HEIGHT "  -H, --height PX        frame height (16, or FG_HEIGHT)\n"
#define DU_MINWIDTH "      --minwidth PX[%]   hide frames narrower than this (0.1 px)\n"
#define DU_BGCOLORS "      --bgcolors COLOR   yellow, blue, green, grey, or #rrggbb\n"
#define DU_COLORS \
	"  -c, --colors PALETTE   hot (default), mem, io, wakeup, chain, java, js, perl,\n" \
	"                         red, green, blue, aqua, yellow, purple, orange,\n" \
	"                         julia, category\n"
#define DU_HASH "      --hash             colour by a hash of the name\n"
#define DU_PALETTE "      --palette FILE     read and update a name->rgb(r,g,b) palette map\n"
#define DU_TOTAL "      --total N          draw against a total of N samples\n"
#define DU_FLAMECHART "      --flamechart       keep input order, merge only adjacent stacks\n"
#define DU_INVERTED "  -i, --inverted         icicle graph: the root on top\n"
#define DU_REVERSE "      --reverse          reverse every stack (merge at the leaves)\n"
#define DU_NOMORE "      --no-more          drop narrow frames instead of \"+N more\" boxes\n"
#define DU_NEGATE \
	"      --negate[=hues]    differential: draw the baseline, colour baseline - target;\n" \
	"                         =hues: the target, red and blue swapped (flamegraph.pl's)\n"
#define DU_DELTA "      --delta=total|self differential: colour by total (default) or self change\n"
#define DU_MINDELTA \
	"      --min-delta PCT    differential: changes under PCT% of the total are neutral\n"
#define DU_SORT "      --sort=name|width  callees by name (default) or widest first\n"
#define DU_COUNTNAME "      --countname TEXT   what a count counts (the input's, or samples)\n"
extern const char draw_usage[];

/* Defaults, with FG_WIDTH and FG_HEIGHT (draw_init: without). */
void draw_defaults(struct dopts *o);
void draw_init(struct dopts *o);
/* Environment variable name as a number from min to max (optrange.h)
 * into *v, when set. */
void draw_env(const char *name, double min, double max, double *v);
/* Take option c: 1 if it is one of the common ones, 0 if not; a bad
 * value is a usage error (exit 2). */
int draw_option(struct dopts *o, int c, const char *arg);
/* Checks once the options are read; the default title; the --palette
 * file's colours loaded. */
void draw_finish_options(struct dopts *o);
/* A number option from min to max (a RANGE_ of optrange.h), or a usage
 * error that names it what. */
double draw_num(const char *s, const char *what, double min, double max);

/* The colour scale of differential input. */
struct diffscale {
	int on;			/* colour by change */
	int self;		/* by the change of self samples (--delta=self) */
	const struct layout *L;	/* whose self samples (diff_scale sets it) */
	double max;		/* the largest change drawn */
	double noise;		/* changes below this are neutral */
};

/* The message for differential input whose every stack vanished: the
 * baseline has samples, the target none, so no graph can be drawn. */
#define DRAW_ALLVANISHED "every stack vanished: the target has no samples," \
	" the baseline has some"

/* A graph view, one of the graph's two: the graph itself, or fg-svg's
 * Elided view of the stacks that vanished from differential input
 * (target 0), drawn at their baseline widths.  (fg-html's page views,
 * html.h, are its inputs or their root frames.)  A function's "view v"
 * is g->v[v]. */
struct graphview {
	struct layout L;
	struct diffscale ds;	/* how frames are coloured */
	double wpt;		/* pixels a sample */
	uint32_t *cycle;	/* the julia palette's state */
	unsigned char *comp;	/* and, by depth, under Julia's compiler */
};

struct graph {
	struct graphview v[2];	/* v[0] the graph, v[1] the Elided view */
	int nviews;		/* graph views: 2 when asked for (o->elided) and there are any */
	count vanished;		/* differential: baseline samples of stacks whose target is 0 */
	int diff;		/* two-count input */
	double W, H;		/* the image */
	double fh;		/* a frame row */
	double ypad1, ypad2, ypad3;
	struct rgb bgtop, bgbottom;
	/* what a count measures: the input's unit header (fg-folded(5)) */
	struct fheader hdr;
	int unit;		/* a UNIT_ shown in human form, or UNIT_COUNT: as it is */
	const char *countname;	/* --countname, the header's, else "samples" ("" with a unit) */
};

/*
 * The front end of every renderer: read the files (whole stacks merged
 * as they come, one hash a line), sort the unique stacks, lay them out
 * across pxwidth pixels (fg-svg's width less its margins unless pxwidth
 * > 0) with fg-svg's image geometry, and the differential scale.  No
 * samples at all is an error.  The inputs' unit header is kept when
 * they agree on it (fhj_settle), in g->hdr, g->unit and g->countname.
 */
void graph_read(struct graph *g, const struct dopts *o, int argc, char **argv, double pxwidth);
/*
 * fg-html's front end: the files read as graph_read reads them, and
 * laid out whole: every frame of some width (in the target's column
 * for differential input), callees by name, no "+N more" boxes; E the
 * stacks whose target is 0, by their baseline (E->n 0 when none); h
 * the unit header of the file (read as fh_parse reads it: a later
 * line wins; fh_free it).  One file, or standard input with argc 0.
 */
void graph_read_whole(struct layout *L, struct layout *E, struct fheader *h, const struct dopts *o,
    int argc, char **argv);
void graph_free(struct graph *g);

/* Flags of graph_human. */
enum { DA_SIGN = 1, DA_SHORT = 2, DA_NONAME = 4 };
/* Amount v of a graph whose counts have a unit (g->unit), appended to
 * b: "HUMAN COUNTNAME (RAW UNIT)", as "12.3 MiB size (12,894,208
 * bytes)": count_human of v * factor, the countname when not "", and
 * draw_amount of v.  DA_SIGN: "+" before a positive v; DA_SHORT: no
 * "(RAW UNIT)"; DA_NONAME: no COUNTNAME. */
void graph_human(struct bytes *b, const struct graph *g, double v, const count *c,
    double factor, int flags);
/* An amount as fg-svg's script writes it into buf (600 bytes): v times
 * factor rounded to two decimals, no trailing zeros, thousands parted
 * by commas; an integer count c (when not NULL, factor 1) as it is.
 * Returns the length. */
size_t draw_amount(char *buf, double v, const count *c, double factor);

/* Colour of frame i of view v; call in layout order (the julia palette
 * cycles, and colours the frames under Julia's compiler). */
struct rgb graph_color(struct graph *g, const struct dopts *o, int v, size_t i);
/* With the julia palette, the status of frame i of view v, which
 * graph_color has just coloured: "runtime dispatch", "garbage
 * collection", both, "compilation", or NULL. */
const char *graph_status(const struct graph *g, const struct dopts *o, int v, size_t i);
/* The y of the top of a frame row at depth d. */
double graph_y(const struct graph *g, const struct dopts *o, uint32_t d);
/* The box of frame i of view v as fg-svg draws it: x from x0 to x1
 * (rounded to tenths as in the SVG), top y, height g->fh - 1. */
void graph_box(const struct graph *g, const struct dopts *o, int v, size_t i,
    double *x0, double *x1, double *y);
/* The label of frame i of view v: the name less its annotation, "all",
 * or "+N more" (written into buf). */
void graph_label(const struct graph *g, int v, size_t i, const char **s, size_t *n, char buf[48]);
/* Whether label s[0..*n) is drawn in width px, as flamegraph.pl fits
 * labels (a character is cw wide): 0 if not, else 1 with *n the bytes
 * drawn and *dots set when it is cut and ends in "..". */
int label_fit(const char *s, size_t *n, double px, double cw, int *dots);
/* The change of a frame that differential colour shows, noise cut;
 * by self samples, f is a frame of ds->L. */
double frame_delta(const struct diffscale *ds, const struct lframe *f);
/* The scale of layout L under options o: the largest change but the
 * root's (it would drown the rest), and --min-delta's threshold. */
void diff_scale(struct diffscale *ds, const struct layout *L, const struct dopts *o);
/* The colour of frame f named s[0..n) (annotation included; "" for the
 * root), for a renderer that keeps its own frames (fg-html): f gives
 * LF_ROOT or LF_MORE in name, depth and total (and for --delta=self, a
 * frame of ds->L, whose self samples).  Call in pre-order (the julia
 * palette's state is cycle, one word per depth). */
struct rgb frame_rgb(const struct dopts *o, const char *s, size_t n, const struct lframe *f,
    const struct diffscale *ds, uint32_t *cycle);
/* "#rrggbb" -> rgb */
struct rgb rgb_parse(const char *hex);

#endif
