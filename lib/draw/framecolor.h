/* framecolor.h: the colour of a frame
 *
 * The colour the renderers give a frame under their options: the scale
 * of differential input (a frame's change, by total or self samples,
 * noise cut), the palette and the --palette file; for the graph
 * (graph.h) and for a renderer that keeps its own frames (fg-html).
 */
#ifndef FG_DRAW_FRAMECOLOR_H
#define FG_DRAW_FRAMECOLOR_H

#include <stddef.h>
#include <stdint.h>

#include "draw/color.h"
#include "draw/dopts.h"
#include "draw/layout.h"

/* The colour scale of differential input. */
struct diffscale {
	int on;			/* colour by change */
	int self;		/* by the change of self samples (--delta=self) */
	const struct layout *L;	/* whose self samples, whose widths (graph_read and
				 * draw_diff_scale set it) */
	double max;		/* the largest change drawn */
	double noise;		/* changes below this are neutral */
};

/* The change of a frame that differential colour shows, noise cut;
 * by self samples, f is a frame of ds->L. */
double draw_frame_delta(const struct diffscale *ds, const struct lframe *f);
/* The scale of layout L under options o: the largest change but the
 * root's (it would drown the rest), and --min-delta's threshold. */
void draw_diff_scale(struct diffscale *ds, const struct layout *L, const struct dopts *o);
/* The colour of frame f named s[0..n) (annotation included; "" for the
 * root), for a renderer that keeps its own frames (fg-html): f gives
 * LF_ROOT or LF_MORE in name, depth and total (and for --delta=self or
 * --colordiffusion, a frame of ds->L, whose self samples or width).  Call in pre-order (the julia
 * palette's state is cycle, one word per depth). */
struct rgb draw_frame_rgb(const struct dopts *o, const char *s, size_t n,
    const struct lframe *f, const struct diffscale *ds, uint32_t *cycle);
/* "#rrggbb" -> rgb */
struct rgb draw_rgb_parse(const char *hex);

#endif
