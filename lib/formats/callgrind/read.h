/* formats/callgrind/read.h: callgrind's profiles to folded stacks
 *
 * valgrind --tool=callgrind writes a call graph, not stacks: the cost
 * of each function's own lines (self cost lines after "fn="), and the
 * inclusive cost of each of its calls ("cfn=", "calls=", then a cost
 * line).  Stacks are made from it as speedscope's importer makes them
 * (src/import/callgrind.ts), an approximation: every call of a
 * function is taken to spend its time among its callees in the same
 * proportions as all its calls together.
 *
 * The graph's roots are the functions no call reaches, taken in the
 * order they first appear.  From each, with its total (self and
 * calls) as weight, the tree is unfolded depth first: a node of
 * weight w and a function of total T gives each callee it calls with
 * inclusive cost c the weight w * (c / T), in the order the calls
 * first appear; its own stack gets what its callees did not take.  A
 * function already on the stack is not entered again (its weight
 * stays with its caller), nor one of total or weight 0; a function's
 * calls of itself are not in its total (speedscope counts them, and
 * leaves out a node under a ten-thousandth of the heaviest function's
 * total: c->speedscope).  A cfn= without cfi= is of the file in effect
 * (fl=, or fi=/fe= of inlined code), as callgrind writes it.  Past
 * c->maxout bytes of stacks no call is entered (cg_fold says so).
 * Weights are summed in floating point and each stack counts the
 * rounded running total's steps, as speedscope's do.
 */
#ifndef FG_CALLGRIND_H
#define FG_CALLGRIND_H

#include <stddef.h>
#include <stdint.h>

#include "folded/folder.h"
#include "stack/stackmap.h"

/* A reader's state (read.c), the caller's to free (after an error too). */
struct cg;

/* What a reader is asked for. */
struct cg_opt {
	const char *event;	/* the event to count, or NULL: the first */
	int speedscope;		/* unfold as speedscope does */
	uint64_t maxout;	/* the bound on a file's stacks' bytes; 0: the default */
	int lines;		/* a stack's own cost on its lines, NAME at FILE:LINE */
	int fullpath;		/* with lines, the file's whole path */
};

/* A reader whose stacks go to m. */
struct cg *cg_new(const struct cg_opt *o, struct stackmap *m);
/* Fold the profile s[0..n), named name in messages. */
void cg_fold(struct cg *c, const char *s, size_t n, const char *name);
/* cg_fold as a folder_fn (folded/folder.h): the file w, into arg (a
 * struct cg). */
void cg_folder(struct whole *w, void *arg);
/* The header, when there are stacks: what they count (a unit,
 * "nanoseconds" or "bytes", and the event as count name); then f's
 * stacks and the reader's (textfold_print). */
void cg_print(struct cg *c, struct folder *f);
void cg_free(struct cg *c);

#endif
