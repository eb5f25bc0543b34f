/* layout.h: which frames a flame graph draws, and where
 *
 * Renderer-neutral: positions are in samples along the x axis and in
 * levels (depth) along the other; each renderer scales them to its own
 * units.  Frames come in pre-order (a frame before its callees, callees
 * left to right), so a frame's descendants follow it contiguously.
 *
 * The layout is made in one pass over whole stacks, in the order the
 * graph shows them (layout_sort_stacks, or input order for a flame
 * chart), keeping only the frames still open: no tree of every frame is
 * built, and only the frames wide enough to draw (and the "+N more"
 * boxes that stand for the others) are kept, their names interned.
 */
#ifndef FG_LAYOUT_H
#define FG_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "base/count.h"
#include "base/intern.h"

#define LF_ROOT (UINT32_MAX - 1)	/* the root, "all" */
#define LF_MORE UINT32_MAX		/* a "+N more" box */

/* A whole stack and its counts (baseline and target when differential);
 * it begins as a struct strref does, for strsort. */
struct lstack {
	const char *s;
	size_t len;
	size_t lcp;		/* bytes known alike in the stack before (or 0) */
	count c[2];
};

struct lframe {
	uint32_t name;		/* the full name in layout.names, LF_ROOT or LF_MORE */
	uint32_t depth;		/* 0 is the root ("all") */
	uint32_t nmore;		/* frames a "+N more" box stands for */
	uint32_t ends;		/* bit k set: samples of column k end in it */
	count x;		/* start, in samples (the width: layout_w) */
	count total[2];		/* samples through the frame, per column */
};

struct layout_opts {
	double pxwidth;		/* the width frames are drawn across, in px */
	double minwidth;	/* narrower frames are hidden: px, or ... */
	int minpct;		/* ... percent of the total */
	int more;		/* gather hidden callees into "+N more" boxes */
	int col;		/* the count column that gives widths */
	int bywidth;		/* callees widest first (ties by name) */
	int chart;		/* a flame chart: stacks in input order */
	int self;		/* keep each frame's self samples (layout.self) */
	count total;		/* draw against this total when larger */
};

struct layout {
	struct lframe *f;
	size_t n, cap;
	int col;		/* the count column that gives widths */
	/* samples ending in frame f[i], per column, when layout_opts.self
	 * asked for them (NULL else): kept apart, as few graphs need them */
	count (*self)[2];
	uint32_t maxdepth;
	count total;		/* the width of the root */
	double timemax;		/* the same, as a double */
	struct interner names;	/* of the frames drawn */
};

/* The width of frame f of L, in samples: its samples in the column
 * that gives widths, or for the root the total drawn against. */
static inline count
layout_w(const struct layout *L, const struct lframe *f)
{
	return f->name == LF_ROOT ? L->total : f->total[L->col];
}

/* Where frame f of L ends, in samples: its start plus its width. */
static inline double
layout_end(const struct layout *L, const struct lframe *f)
{
	return count_val(f->x) + count_val(layout_w(L, f));
}

/* Sort stacks as a flame graph shows them: frame by frame, a stack
 * before the stacks it begins, callees in sibling_order (stack/frame.h:
 * sorted lines' order, a leaf "b" before "b2", a "b" with callees only
 * after it); and set each one's lcp. */
void layout_sort_stacks(struct lstack *st, size_t n);

/*
 * Lay out the n stacks st (sorted, or a flame chart's in input order:
 * a frame then merges only with the same frame of the stack before).
 * A frame narrower than the minimum width is not drawn, nor are its
 * callees; with o->more, the hidden callees of a frame are drawn as one
 * box after the shown ones, so widths still add up.  Without it,
 * positions are flamegraph.pl's: every callee keeps its place whether
 * shown or not.  The strings of st must live as long as the call.
 */
void layout_build(struct layout *L, const struct lstack *st, size_t n,
    const struct layout_opts *o);
/* The full name of frame f (annotation included); "all" for the root;
 * "" for a "+N more" box. */
const char *layout_name(const struct layout *L, const struct lframe *f, size_t *len);
void layout_free(struct layout *L);

#endif
