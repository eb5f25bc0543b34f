/* dopts.h: the renderers' options
 *
 * fg-svg, fg-png, fg-pdf, fg-vega and fg-html take the same drawing
 * options: their long forms for a program's option table, their usage
 * lines, their defaults (and FG_WIDTH, FG_HEIGHT), and draw_option,
 * which takes them into a struct dopts.
 */
#ifndef FG_DRAW_DOPTS_H
#define FG_DRAW_DOPTS_H

#include <getopt.h>

#include "base/count.h"

#define DRAW_XPAD 10

/* The renderers' options, as draw_option takes them (the defaults of
 * draw_init, then the environment's with draw_defaults). */
struct dopts {
	const char *title;	/* -t; NULL: draw_finish_options sets the default */
	const char *subtitle;	/* --subtitle, or NULL */
	const char *bgcolors;	/* --bgcolors: a name or #rrggbb, or NULL: the palette's */
	const char *palfile;	/* --palette FILE: name->colour map read, and written back */
	struct palmap *pal;	/* palfile's map (draw_finish_options loads it), or NULL */
	double width;		/* -w: the image's width in px (fg-html: unused, the canvas's is its own) */
	double frameheight;	/* -H: a frame row's height in px */
	double fontsize;	/* --fontsize (fg-svg, fg-pdf); 12 */
	double minwidth;	/* --minwidth: px, or a percent of the total with minpct */
	double mindelta;	/* --min-delta: a change under this percent of the total is neutral */
	int minpct;		/* --minwidth was given as PCT% */
	int palette;		/* -c: a PAL_ (color.h) */
	int palset;		/* -c was given (fg-png --pixels keeps it over julia) */
	int seed;		/* --hash: SEED_HASH; fg-svg --deterministic: SEED_FNV; else SEED_SUM */
	int chart;		/* --flamechart: input order, adjacent stacks merged */
	int inverted;		/* -i: icicle graph, the root on top */
	int reverse;		/* --reverse: each stack reversed */
	int more;		/* "+N more" boxes for narrow frames; 0 with --no-more */
	int negate;		/* --negate: 1 the baseline drawn; NEGATE_HUES the hues swapped */
	int deltaself;		/* --delta=self: colour by the change of self samples */
	int bywidth;		/* --sort=width: callees widest first */
	int sortset;		/* --sort was given: a flame graph, whatever the input's order */
	int deftitle;		/* no --title: the title says what is drawn */
	int elided;		/* keep the Elided view (fg-svg) */
	count total;		/* --total: draw against this many samples (0: the input's) */
	const char *countname;	/* --countname; NULL: the input's, or "samples" */
	/* fg-svg's own (fg-html and fg-pdf read fontwidth too) */
	const char *fonttype;	/* --fonttype: the font family */
	const char *nametype;	/* --nametype: the tooltip's word before a name */
	const char *notes;	/* --notes: text kept in the SVG */
	double fontwidth;	/* --fontwidth: a character's width over the font size (0.59) */
	double factor;		/* --factor: counts scaled by this where they are shown */
	/* inferno-flamegraph's, which fg-svg takes */
	int diffusion;		/* --colordiffusion: frames coloured by their width */
	const char **bases;	/* --base NAME...: each stack from its deepest NAME frame */
	size_t nbases;
	const char *searchcolor;	/* --search-color: "#rrggbb", or NULL */
	const char *strokecolor;	/* --stroke-color: "#rrggbb", or NULL: none */
	const char *uicolor;	/* --uicolor: "#rrggbb", or NULL */
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

#endif
