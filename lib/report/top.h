/* top.h: fg-top's reports: rows of frames and the call tree, as text
 *
 * Folded lines go in one at a time (top_line, an each_line callback)
 * and add up by key: each frame, function or file gets a row with its
 * self and total counts (a stack counts once toward a key's total
 * however often the key recurs in it), or, for --callers and
 * --callees, a row per frame next to the matching ones; --tree keeps
 * the call tree instead.  The reports print to standard output in
 * text, TSV or JSON.  The table and the tree write their numbers with
 * one formatter, so a row and a tree node say the same thing: for
 * two-count input, base, target, delta and delta%, the change as a
 * percentage of the target's total (fg-folded(5)).
 */
#ifndef FG_TOP_H
#define FG_TOP_H

#include <stddef.h>
#include <stdint.h>

#include "base/count.h"
#include "base/intern.h"
#include "folded/fheader.h"
#include "folded/folded.h"
#include "stack/pattern.h"
#include "stack/tree.h"

enum { BY_FRAME, BY_FUNCTION, BY_FILE };
enum { SORT_DEFAULT, SORT_SELF, SORT_TOTAL, SORT_NAME };
enum { FMT_TEXT, FMT_TSV, FMT_JSON };
enum { MODE_TOP, MODE_TREE, MODE_CALLERS, MODE_CALLEES };

/* A key's counts; [1] is the target's for two-count input. */
struct row {
	count self[2], total[2];
	uint64_t seen;		/* the last line that counted this key's total */
	unsigned flags;		/* annotations of its frames (a bit per letter) */
};

struct topcache;

/* A report: set the options, intern_init(&keys) and tree_init(&t, 0,
 * 2) over a zeroed struct; the rest is top_line's. */
struct top {
	int by, sort, format, mode;	/* BY_, SORT_, FMT_ and MODE_ values */
	uint64_t rows;		/* rows to show, 0 for all */
	double minpct;		/* --tree: frames under this share left out */
	struct patset pats;	/* --callers, --callees: the function */
	struct interner keys;
	struct row *row;	/* by key id */
	size_t nrow, rowcap;
	count total[2];
	uint64_t line;
	struct tree t;		/* --tree */
	/* this line's keys, for callers and callees */
	uint32_t *k;
	size_t nk, kcap;
	count matched[2];	/* --callers/--callees: through the function */
	int width;		/* terminal width to fit, or 0 */
	int diff;		/* the lines have two counts */
	struct fheader unit;	/* the input's unit header (text shows
				 * counts of a known unit in human form) */
	struct topcache *cache;	/* top_keys' memory of lines seen */
};

/* Take line l of r into tp (arg): a data line's counts, or a comment's
 * unit header. */
void top_line(struct freader *r, struct fline *l, void *arg);
/* The keys of stack s[0..len) in order, one a frame, at *k (valid
 * until the next call); interned in tp->keys when new.  Its memory of
 * earlier lines saves work, never changes what it returns. */
size_t top_keys(struct top *tp, const char *s, size_t len, const uint32_t **k);
/* A stack known distinct from every other given (MODE_TOP; whole counts
 * c[0..n), summed as its lines' were), counted in the rows as a line:
 * its keys in order at *k (valid until the next call), their number
 * returned.  Lines and stacks may not be mixed in one report. */
size_t top_stack(struct top *tp, const char *s, size_t len, const count *c, int n,
    const uint32_t **k);
/* Reading done: the rows complete (top_line keeps sums of repeated
 * stacks back), the memory of the lines read kept for top_stacks. */
void top_done(struct top *tp);
/*
 * Every distinct stack top_line read, once each in the order first
 * read: fn(keys, nkeys, counts, arg), the counts the sums of its lines
 * (whole counts: equal to what its lines give one by one).  1, or 0 with
 * nothing called when not every line was kept so (a decimal count, input
 * taken for sorted, not MODE_TOP): then read the input again.
 */
typedef void top_stack_fn(const uint32_t *k, size_t nk, const count *c, void *arg);
int top_stacks(struct top *tp, top_stack_fn *fn, void *arg);
/* Free the memory of the lines read (top_done first; top_table and
 * top_free call it; the next top_line starts it anew). */
void top_end(struct top *tp);
/* The table of rows (MODE_TOP, MODE_CALLERS, MODE_CALLEES), sorted,
 * the first tp->rows of them. */
void top_table(struct top *tp);
/* --tree: the call tree in preorder, the widest callee first, frames
 * under tp->minpct percent of the total left out. */
void top_tree(struct top *tp);
/* Free what tp holds. */
void top_free(struct top *tp);

#endif
