/* stackmap.h: whole stacks to their summed counts
 *
 * What fg-merge, the folders and fg-diff use to add up repeats: one
 * entry per unique stack, printed in the suite's sorted order.
 */
#ifndef FG_STACKMAP_H
#define FG_STACKMAP_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/count.h"
#include "base/htab.h"
#include "stack/frame.h"	/* stack_cmp */

/* An entry begins as a struct strref does, for strsort. */
struct stackent {
	const char *s;
	size_t len;
	count c[2];
};

struct stackmap {
	struct stackent *ent;
	size_t n, cap;
	struct htab tab;	/* the entries, by their stacks */
	size_t *lcp;		/* after stackmap_sort: bytes ent[i] is known to share with ent[i - 1] */
	struct arena arena;	/* the stacks, copied */
	/* the samples behind the counts, as the stack builder was told
	 * (stack/build.h); unsized: an add said no number */
	uint64_t samples;
	int unsized;
	double weight2;		/* their weights squared, summed (build.h), */
	int unweighed;		/* or not known */
};

/* A line of a stackbatch; ok is set 0 when a sum overflowed. */
#define STACKMAP_BATCH 16
struct stackline {
	const char *s;
	size_t len;
	count c[2];
	int ok;
};

void stackmap_init(struct stackmap *m);
/* The entry for stack s[0..len), created with zero counts if new. */
struct stackent *stackmap_get(struct stackmap *m, const char *s, size_t len);
/* Append a new entry for s, after every other in sorted order: the map
 * is then a sorted list, no longer to be looked up. */
struct stackent *stackmap_push(struct stackmap *m, const char *s, size_t len);
/*
 * Merge the k sorted arrays a[i][0..n[i]) into one new array of *nout
 * entries (the strings stay where they are), adding up both counts of
 * equal stacks.  lcp[i] is what stackmap_sort left in the map's lcp for
 * a[i], or NULL.  NULL when a sum overflows.
 */
struct stackent *stackent_merge(struct stackent **a, size_t **lcp, const size_t *n, int k,
    size_t *nout);
/*
 * The same over k <= STACKMAP_MERGE_MAX sorted maps m[0..k), each
 * stackmap_sort'ed or a list of stackmap_push (the halves of a file,
 * read by two threads; fg-diff's three runs), handed out as it goes: fn
 * gets each distinct stack in order (and a number of bytes it is known
 * to share with the one before).  0 when a sum overflows.  A large
 * merge runs in segments on two threads: fn must then only write
 * through out.h (a helper's segments are kept with out_keep and written
 * in their turn), so what fn prints comes out in order all the same.
 */
#define STACKMAP_MERGE_MAX 4
typedef void stackent_fn(const struct stackent *e, size_t lcp, void *arg);
int stackmap_merge_each(struct stackmap *const *m, int k, stackent_fn *fn, void *arg);
/* The same into one new array of *nout entries, as stackent_merge. */
struct stackent *stackmap_merge(struct stackmap *const *m, int k, size_t *nout);
/* Add counts c[0..n) to the stack's entry; 0 when a sum overflows. */
int stackmap_add(struct stackmap *m, const char *s, size_t len, const count *c, int n);

/*
 * Lines on their way to a map, copied out of the reader's buffer and
 * added STACKMAP_BATCH at a time.  A sum that overflows is an error
 * "FILE:LINE: sum of counts overflows" when the batch is added (at the
 * latest at stackbatch_flush).  Zero it to start; free(buf) at the end.
 */
struct stackbatch {
	struct stackline l[STACKMAP_BATCH];
	size_t off[STACKMAP_BATCH];
	const char *name[STACKMAP_BATCH];
	uint64_t lineno[STACKMAP_BATCH];
	int n, ncounts;
	char *buf;
	size_t len, cap;
	struct stackmap *lent;	/* see stackbatch_lend */
};

void stackbatch_add(struct stackbatch *b, struct stackmap *m, const char *s, size_t len,
    const count *c, int ncounts, const char *name, uint64_t lineno);
void stackbatch_flush(struct stackbatch *b, struct stackmap *m);
/*
 * Keep the lines added for map m where they lie instead of copying
 * them: their reader calls stackbatch_release(b) before they move (as
 * lines_onrelease does).
 */
void stackbatch_lend(struct stackbatch *b, struct stackmap *m);
void stackbatch_release(void *b);
/* The entries sorted by stack (stack_cmp); the array is m->ent itself,
 * so the map must not be added to afterwards (a second call returns
 * it as it is). */
struct stackent *stackmap_sort(struct stackmap *m);
/* Print every entry as "STACK C1[ C2]\n" in sorted order. */
void stackmap_print(struct stackmap *m, int ncounts);
void stackmap_free(struct stackmap *m);

/* Print "STACK C1[ C2]\n". */
void out_stackline(const char *s, size_t len, const count *c, int ncounts);
/* A stackent_fn that prints each entry so, with *(const int *)ncounts
 * counts. */
void stackent_print(const struct stackent *e, size_t lcp, void *ncounts);

#endif
