/* color.h: frame colours for every renderer
 *
 * flamegraph.pl's palettes with its formulas, so a graph looks the same
 * in either tool; FlameGraphs.jl's two schemes for Julia profiles; and
 * the colours of differential graphs.
 */
#ifndef FG_COLOR_H
#define FG_COLOR_H

#include <stddef.h>
#include <stdint.h>

struct rgb {
	unsigned char r, g, b;
};

enum palette {
	PAL_HOT, PAL_MEM, PAL_IO, PAL_WAKEUP, PAL_CHAIN, PAL_JAVA, PAL_JS,
	PAL_PERL, PAL_RED, PAL_GREEN, PAL_BLUE, PAL_AQUA, PAL_YELLOW,
	PAL_PURPLE, PAL_ORANGE, PAL_JULIA, PAL_CATEGORY
};

/* flamegraph.pl's default, or --hash; or fg-svg --deterministic:
 * inferno's, an FNV-1a hash of the name, its three values rounded to
 * float and the colour worked in float, as inferno works it */
enum { SEED_SUM, SEED_HASH, SEED_FNV };

/* The palettes' names, in PAL_ order, then NULL (for opt_choice). */
extern const char *const palette_list[];
/* The palette named s, or -1. */
int palette_byname(const char *s);

/*
 * The colour of frame name[0..n) (annotation included, as flamegraph.pl
 * sees it).  For PAL_JULIA, depth and *cycle carry FlameGraphs.jl's
 * per-depth colour cycling: pass the frame's depth (root 0) and a
 * counter array of at least depth + 1 zeroed entries.
 */
struct rgb color_frame(int pal, int seed, const char *name, size_t n,
    uint32_t depth, uint32_t *cycle);

/* The two ends of the background gradient: flamegraph.pl's --bgcolors
 * (yellow, blue, green, grey, or #rrggbb), or the palette's default
 * when bg is NULL.  0 when bg is not one of those. */
int color_background(int pal, const char *bg, char top[8], char bottom[8]);

/* Differential: delta in [-max, max]; red grew, blue shrank, white 0. */
struct rgb color_delta(double delta, double max);
/* inferno's --colordiffusion: a frame frac of the total wide (0 to 1)
 * redder the wider, by the square root of frac. */
struct rgb color_diffusion(double frac);
extern const struct rgb color_new;	/* frames absent from the baseline */
extern const struct rgb color_more;	/* "+N more" boxes */
extern const struct rgb color_sep;	/* "-" separator frames */
extern const struct rgb color_sep2;	/* "--" separator frames */

/*
 * Julia's compilation (ProfileCanvas's flag, which folded stacks do not
 * carry): with the julia palette, the frames under one that begins it
 * (type inference, code generation, a file under compiler/) and with no
 * status of their own take color_compile.
 */
extern const struct rgb color_compile;
int julia_compiler_entry(const char *s, size_t n);

/* "#rrggbb" */
void color_hex(struct rgb c, char out[8]);

/*
 * Label colours.  A label is black or white, whichever has the higher
 * contrast (WCAG 2's ratio of relative luminances) with its fill; the
 * two cross at a ratio of 4.58, so every fill gets at least 4.58:1, over
 * the 4.5:1 of WCAG AA.  Every renderer chooses its labels' colour here.
 */
double color_contrast(struct rgb a, struct rgb b);
int color_label_white(struct rgb fill);	/* 1: white, 0: black */
struct rgb color_label(struct rgb fill);
/* a + (b - a) * t, each channel rounded: a fill faded over a background,
 * or a colour scale between two stops. */
struct rgb color_mix(struct rgb a, struct rgb b, double t);
/* The background gradient (fg-svg's: stops at 5% and 95% of the height)
 * at fraction frac of the height from the top. */
struct rgb color_gradient(struct rgb top, struct rgb bottom, double frac);

/* flamegraph.pl's palette.map: "name->rgb(r,g,b)" lines.  Colours
 * found there win; colours chosen for new names are added, and
 * palette_save writes the map back sorted by name: to a symbolic link's
 * target, and never over a file that is not a regular one (palette_load
 * says so, and checks that the file can be written, before anything is
 * drawn). */
struct palmap;
/* The map in the palette file path (empty if there is none yet). */
struct palmap *palette_load(const char *path);
/* The colour map m holds for a name: 1 and *c, else 0. */
int palette_lookup(const struct palmap *m, const char *name, size_t n, struct rgb *c);
/* Give a name its colour in map m. */
void palette_remember(struct palmap *m, const char *name, size_t n, struct rgb c);
/* Write map m back to its file (nothing for NULL) and free it. */
void palette_save(struct palmap *m);

#endif
