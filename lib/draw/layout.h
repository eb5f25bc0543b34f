/* layout.h: which frames a flame graph draws, and where
 *
 * Renderer-neutral: positions are in samples along the x axis and in
 * levels (depth) along the other; each renderer scales them to its own
 * units.  Frames come in pre-order (a frame before its callees, callees
 * left to right), so a frame's descendants follow it contiguously.
 */
#ifndef FG_LAYOUT_H
#define FG_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "base/count.h"
#include "stack/tree.h"

struct lframe {
	uint32_t node;		/* the tree node, or TNONE for a "+N more" box */
	uint32_t depth;		/* 0 is the root ("all") */
	uint32_t nmore;		/* frames a "+N more" box stands for */
	count x, w;		/* start and width, in samples */
	count total[2];		/* samples through the frame, per column */
	count self[2];		/* samples ending in the frame, per column */
};

struct layout_opts {
	double pxwidth;		/* the width frames are drawn across, in px */
	double minwidth;	/* narrower frames are hidden: px, or ... */
	int minpct;		/* ... percent of the total */
	int more;		/* gather hidden callees into "+N more" boxes */
	int col;		/* the count column that gives widths */
	count total;		/* draw against this total when larger */
};

struct layout {
	struct lframe *f;
	size_t n, cap;
	uint32_t maxdepth;
	count total;		/* the width of the root */
	double timemax;		/* the same, as a double */
};

/*
 * Lay out tree t (children already ordered).  A frame narrower than the
 * minimum width is not drawn, nor are its callees; with o->more, the
 * hidden callees of a frame are drawn as one box after the shown ones,
 * so widths still add up.  Without it, positions are flamegraph.pl's:
 * every callee keeps its place whether shown or not.
 */
void layout_build(struct layout *L, const struct tree *t, const struct layout_opts *o);
void layout_free(struct layout *L);

#endif
