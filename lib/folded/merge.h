/* merge.h: a k-way merge of sorted folded inputs
 *
 * What fg-merge --sorted and fg-diff's merge join share: the inputs are
 * read in step, like sort -m, and each distinct stack comes out once,
 * in the suite's sorted order (stack_cmp), with the counts of its lines
 * added up.  Input i adds its counts to columns col[i], col[i] + 1...
 * An input that steps back (is not sorted) stops the merge; its caller
 * decides whether that is an error or a reason to read on otherwise.
 */
#ifndef FG_MERGE_H
#define FG_MERGE_H

#include <stddef.h>

#include "base/count.h"
#include "folded/folded.h"

/* One input and the line it stands at (not yet merged while live). */
struct fmerge_in {
	struct freader r;
	struct fline l;
	int live;		/* l holds a data line */
	int col;		/* its first count column */
};

struct fmerge {
	struct fmerge_in *in;
	int n;
	int *heap, nheap;	/* live inputs, a min-heap by their line */
	/* called for each distinct stack: c[0..ncols) its sums; s stays
	 * where it is only during the call */
	void (*stack)(const char *s, size_t len, const count *c, int ncols, void *arg);
	/* called for each data line as it is read (may be NULL) */
	void (*line)(struct fmerge_in *in, int i, void *arg);
	/* called for each comment (in->l) as it is read (may be NULL: skipped) */
	void (*comment)(struct fmerge_in *in, void *arg);
	void *arg;
	int ncols;		/* columns of the sums: 0 means rules.ncounts */
	struct frules rules;	/* the inputs', read together */
	char *cur;
	size_t curcap;
};

/* Open the n files paths[0..n) (NULL: standard input) with count column
 * col[i] for input i (NULL: all 0), read under the rules m->rules.  Set
 * the callbacks after. */
void fmerge_open(struct fmerge *m, int n, char **paths, const int *col);
/*
 * Run the merge to the end: -1.  When input i steps back, the stack
 * being summed is handed out with what it has so far and i is
 * returned; every input then stands at its first line not merged
 * (in[k].live, in[k].l), to be read on with fr_next.
 */
int fmerge_run(struct fmerge *m);
void fmerge_close(struct fmerge *m);

#endif
