/* treejoin.h: two profiles joined frame by frame (fg-diff's matcher)
 *
 * fg-diff pairs two profiles' stacks whole when it can.  For
 * --strip-lines, --simplify and wildcards it matches them frame by
 * frame instead: each profile becomes a tree keyed by frame (less its
 * line number with striplines), and the trees are walked together from
 * the roots, pairing the children of paired nodes: equal keys first,
 * then the frames left over that match a wildcard, in sorted order
 * (ProfileVega aligns renamed Julia REPL functions this way).  A paired
 * frame is labelled as in the target, and so is every frame whose key
 * the target has, paired or not: one key is one frame.
 */
#ifndef FG_TREEJOIN_H
#define FG_TREEJOIN_H

#include <stddef.h>

#include "stack/pattern.h"
#include "stack/stackmap.h"

/* How frames match. */
struct tjopts {
	int striplines;		/* "f at x.js:12" and "f at x.js:14" are one frame */
	int simplify;		/* only the widest root of each profile */
	const struct patset *wild;	/* frames it matches pair up among
					 * siblings left over; NULL or empty: none */
};

/*
 * Join the stacks e[0..n), c[0] the baseline's count and c[1] the
 * target's (either may be zero), into out (initialised here): one entry
 * per path of paired frames, with its two counts, sorted as
 * stackmap_sort sorts.  Returns out's entries, or NULL when a sum
 * overflows.  The caller frees out (stackmap_free) in either case; the
 * stacks of e are not referred to afterwards.
 */
struct stackent *treejoin(struct stackmap *out, const struct stackent *e, size_t n,
    const struct tjopts *o);

#endif
