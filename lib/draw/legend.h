/* legend.h: the key to the colours that mean something
 *
 * Differential input's "grew", "shrank" and "new", or the julia
 * palette's statuses: one list of items that each renderer draws in its
 * own medium (fg-svg, fg-png, fg-pdf: a swatch and its label a key, in a
 * row centred in the bottom band) or writes as data (fg-html).
 */
#ifndef FG_LEGEND_H
#define FG_LEGEND_H

#include <stddef.h>

#include "draw/color.h"
#include "draw/dopts.h"
#include "draw/graph.h"

#define LEGEND_MAX 3	/* the most items a legend has */
#define LEGEND_BOX 10	/* a swatch's side, px */
#define LEGEND_TEXT 14	/* from a swatch's left to its label's, px */

struct legend_item {
	const char *what;	/* the label */
	struct rgb c;		/* the swatch's colour */
	double dx;		/* the swatch's left, from the middle of the image */
};

/* The items of the legend of a graph under options o into it, diff for
 * differential input: grew, shrank and new (--negate=hues swaps the
 * first two labels, as it swaps red and blue; --negate says larger in
 * the baseline, in the target, only in the baseline), or with the julia
 * palette its statuses.  Returns how many: 0 when no colour needs a
 * key. */
size_t draw_legend_items(struct legend_item it[LEGEND_MAX], int diff, const struct dopts *o);
/* Draw the legend of graph g under o in a renderer's medium: key(arg,
 * item, x, y) for each item, x the left of its swatch, y its label's
 * baseline in the bottom band; the swatch runs from y - 9 to y + 1. */
void draw_legend(const struct graph *g, const struct dopts *o,
    void (*key)(void *arg, const struct legend_item *it, double x, double y), void *arg);
/* Draw the key of the elided view of graph g under o, as draw_legend:
 * its frames, the stacks the column drawn lacks, are only in the
 * baseline (--negate: only in the target), coloured as all lost. */
void draw_legend_elided(const struct graph *g, const struct dopts *o,
    void (*key)(void *arg, const struct legend_item *it, double x, double y), void *arg);

#endif
