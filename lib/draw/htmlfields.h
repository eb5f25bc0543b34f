/* htmlfields.h: a page view's fields, packed as fg-html's page reads
 * them (html.h)
 *
 * The frames of a view come a frame at a time, in pre-order; each
 * field is a byte string, deflated and written as the page's digits
 * (7, 13 or 19 bits a character that needs no escape in JSON or HTML),
 * or on a page of decimal counts as text.
 */
#ifndef FG_HTMLFIELDS_H
#define FG_HTMLFIELDS_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/count.h"
#include "base/htab.h"

/* "k": and "k":"v", of the page's data (JSON; v NULL is null) */
void html_key(const char *k);
void html_keystr(const char *k, const char *v);

/*
 * The names seen in each context of a page view, for the name codes
 * (a context: a depth, or a caller's name): the list of (context, id)
 * pairs in the order first seen, each with its frames, found through
 * base/htab by a hash of the pair.
 */
struct seen {
	struct htab tab;	/* the pairs' places, by (context, id) */
	size_t n;
	struct pair {
		uint64_t frames;
		uint32_t ctx, id, rank;
	} *pair;
	size_t cap;
};

/*
 * A model of the frames' names: each frame's (context, name) pair, as
 * its place in seen's list (PAIRFAR: the place is the next in far,
 * rare).
 */
#define PAIRFAR 65535
struct pmodel {
	struct seen seen;
	uint16_t *pair;
	uint32_t *far;
	size_t paircap, nfar, farcap;
};

/*
 * A page view's fields, written a frame at a time in pre-order:
 *   d  the tree's shape: the depth steps from each frame to the next
 *      (0 one deeper, 1 a sibling, j + 1 j levels up), as runs, a run
 *      a number of frames one deeper each then the step of the frame
 *      after them, and at the end the last run's number;
 *   f  the names, each frame's as its rank in a list of its context's,
 *      the context the frame's depth, or (with "fc":1) its caller's
 *      name, whichever codes smaller (a program's callees follow its
 *      callers; a generator's may follow the depth):
 *      by depth, for each depth from the first frame's to the
 *      deepest, how many names it has and their page ids, the name of
 *      most frames there first (a depth's callers are few of all the
 *      names);
 *      by caller, the number of lists, then each as above, in the
 *      order their callers first call (the first list is the view's
 *      first frame's, of no caller in the view: its depth's);
 *      then each frame's rank in its list, in two parts, a byte for
 *      every frame, the rank, or 255 for a rank from 255 on, then for
 *      each of those (rare) the rank less 255 as a varint;
 *   w  the own samples of the column drawn, the leaves' first (a leaf:
 *      no frame one deeper follows it; "wl" says where they end), then
 *      the others' (mostly 0);
 *   b  the same of the baseline, on differential input;
 *   g  in a flame chart, each frame's gap (its caller's own samples
 *      just before it, in input order);
 *   c  when colours go by frame, each one's colour index.
 * Numbers are varints.  On a page of decimal counts, w, b and g are
 * totals as text, each number followed by a comma, in frame order.
 */
struct pfields {
	int col;		/* the column drawn: 1 on differential input, else 0 */
	int two;		/* the baseline's column too */
	int chart, text;
	struct bytes d, f, w[2], b[2], g, c;
	struct pmodel m[2];	/* the names by depth, by caller */
	int bycaller;		/* which model codes the names (-1: both, not yet chosen) */
	uint32_t *up;		/* the names of the frames open, by depth from first */
	uint32_t *ctx;		/* each caller's list (0: none yet), by name id */
	size_t upcap, ctxcap;
	uint32_t nctx;		/* the caller lists so far */
	uint32_t prev;		/* the depth of the frame before */
	uint32_t first, maxdepth;	/* the first frame's depth, the deepest's */
	size_t wl, bl;		/* the bytes of w's and b's leaves */
	uint64_t run;		/* frames one deeper each since the last step */
	count own[2];		/* the frame before's own samples, while it may be a leaf */
	size_t n;
};

/* Fields for a view drawing column col (1 on differential input, else
 * 0), with the baseline's (two), a flame chart's gaps (chart), totals
 * as text (text: a page of decimal counts). */
void pf_init(struct pfields *f, int col, int two, int chart, int text);
/* The next frame in pre-order: its depth, name id, own samples own,
 * total tot (text pages), gap (a chart's). */
void pf_put(struct pfields *f, uint32_t depth, uint32_t id, const count *own, const count *tot, count gap);
/* The fields complete, after the last frame. */
void pf_end(struct pfields *f);
/* "n", "maxdepth", "wl", "bl" and the fields, of f ended. */
void pf_write(const struct pfields *f);
void pf_free(struct pfields *f);
/* ,"k":[n,"digits"]: bytes a[0..) and b[0..) after them (b may be
 * NULL), deflated, as the page's digits; with text, "k":"a" as it is. */
void html_field(const char *k, const struct bytes *a, const struct bytes *b, int text);

#endif
