/* cut.h: a bounded aggregate: the stacks under a threshold folded into
 * their callers
 *
 * A frame's total is the count of every stack that passes through it
 * (its width in the flame graph).  A stack whose own frame total is
 * under the threshold is folded into its longest prefix whose total
 * reaches it, or into the one-frame stack "[other]" when not even its
 * root frame's does.  The counts move up, none is lost: the output's
 * sum is the input's, and it stays sorted, one line per stack.  The
 * frames kept are those the flame graph would draw at least so wide,
 * so the output has at most (100 / PCT) stacks at each depth.
 */
#ifndef FG_CUT_H
#define FG_CUT_H

#include <stddef.h>

#include "stack/stackmap.h"

/* The threshold: a frame is kept when its total reaches min_count and
 * min_share percent of the whole in one of the count columns (0: no
 * bound of that kind). */
struct cut {
	double min_count;
	double min_share;
};

/* The frame "[other]": the stacks of no frame that reaches the threshold. */
#define CUT_OTHER "[other]"

/*
 * Print the sorted, distinct entries e[0..n) (as stackmap_sort or a
 * merge leaves them) with ncounts count columns, cut to t, as
 * "STACK C1[ C2]" lines in sorted order.  A total of the counts that
 * overflows is an error, found before anything is printed.
 */
void cut_print(const struct stackent *e, size_t n, int ncounts, const struct cut *t);

#endif
