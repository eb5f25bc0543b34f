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

#include "base/intern.h"
#include "stack/depth.h"
#include "stack/stackmap.h"

/* the bound on the tree unfolded from one file's graph */
#define CG_MAXNODES (1u << 25)

struct cg_edge {
	uint32_t child;
	uint32_t next;		/* the caller's next call, in order; UINT32_MAX: none */
	double w;		/* inclusive cost, summed */
};

/* A reader's state, the caller's to free (after an error too). */
struct cg {
	const char *event;	/* the event asked for, or NULL: the first */
	int speedscope;		/* unfold as speedscope does (cg_fold) */
	uint64_t maxout;	/* the bound on a file's stacks' bytes; 0: the default */
	char *chosen;		/* the event the files count (the first file's) */
	int mult;		/* 10 for Xdebug's Time_(10ns), else 1 */
	struct stackmap *m;
	/* a file's graph */
	struct interner ids;	/* "f12", "n12": a compressed name's id */
	uint32_t *idname;	/* ids' names (in names) */
	size_t idcap;
	struct interner names;	/* file and function names */
	struct interner frames;	/* (file, function) pairs */
	double *total;		/* a frame's self cost and calls */
	uint32_t *head, *tail;	/* a frame's first and last call (edges) */
	unsigned char *called, *onstack;
	size_t framecap;
	struct interner edgeids;	/* (caller, callee) pairs */
	struct cg_edge *edge;
	size_t edgecap;
	int nevents, ei, npos;	/* events, the one counted, positions */
	uint64_t *prev;		/* the last cost line's costs, and room for a line's */
	/* the unfolding */
	struct cg_visit *visit;
	size_t nvisit, visitcap;
	struct depthstack d;
	double self;		/* the self costs of the file */
	double cum;		/* the running total */
	uint64_t last;		/* its rounded value at the last step */
	uint64_t nodes;
	uint64_t outleft, ncut;	/* the stacks' bytes left; calls cut by maxout */
	double cutw;		/* their weight */
};

/* Stacks go to m; event names the event to count, or is NULL. */
void cg_init(struct cg *c, const char *event, struct stackmap *m);
/* Fold the profile s[0..n), named name in messages. */
void cg_fold(struct cg *c, const char *s, size_t n, const char *name);
/* cg_fold as a folder_fn (folded/folder.h): the file w, into arg (a
 * struct cg). */
struct whole;
void cg_folder(struct whole *w, void *arg);
/* What the stacks count, for the header: a unit ("nanoseconds",
 * "bytes") or NULL, and a count name (the event). */
const char *cg_unit(const struct cg *c);
void cg_free(struct cg *c);

#endif
