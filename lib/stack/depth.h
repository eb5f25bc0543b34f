/* depth.h: the stacks of an indented call tree, as a tree
 *
 * The reports that print a call tree one function a line (VTune's and
 * Visual Studio's CSV, GHC's .prof, Instruments' deep copies) and
 * callgrind's graph unfolded give each line a depth: the line's frame
 * replaces the one at that depth, and every frame below it goes.  Each
 * stack so named is a node of a tree (a frame under its parent, found
 * by the pair in a hash table), so that a line costs its frame, not
 * its whole stack, and memory follows the nodes, not the stacks' text.
 * Counts go to the node of the stack as it is; depth_print writes
 * every node with a count as its stack, root first, each frame cleaned
 * as frame_clean cleans one, in the suite's sorted order (stack_cmp,
 * as stackmap_print writes them) without sorting whole stacks: a
 * node's children in the order of their names, a child's own line
 * before the lines below it that its name begins.
 *
 *	struct depthstack d;
 *
 *	depth_init(&d);
 *	if (!depth_set(&d, depth, name, len))
 *		error: depth skips a level
 *	if (!depth_add(&d, c))
 *		error: the sum overflows
 *	depth_print(&d);
 */
#ifndef FG_DEPTH_H
#define FG_DEPTH_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/count.h"
#include "base/htab.h"
#include "base/intern.h"

struct dnode {
	uint32_t name;		/* interned, cleaned */
	uint32_t parent;	/* 0: a root frame (node 0 is no frame) */
	uint32_t child, sibling;	/* first child, next sibling; 0: none */
	count c;
};

struct depthstack {
	struct interner names;
	struct dnode *node;	/* node[0]: above the root frames */
	size_t nnode, nodecap;
	struct htab tab;	/* the nodes but node 0, by (parent, name) */
	uint32_t *at;		/* at[i]: the node of the stack's frame i */
	size_t n, cap;		/* frames on the stack */
	size_t lines;		/* nodes with a count */
	struct bytes tmp;	/* a name being cleaned */
};

void depth_init(struct depthstack *d);
/* Frame f[0..len) at depth d (0: the root), the frames at d and below
 * dropped first; 0 (and nothing done) when d > d->n, a level skipped. */
int depth_set(struct depthstack *d, size_t depth, const char *f, size_t len);
/* Keep the first depth frames only (depth <= d->n). */
void depth_cut(struct depthstack *d, size_t depth);
/* Add count c to the stack as it is (not empty); 0 when the sum
 * overflows. */
int depth_add(struct depthstack *d, count c);
/* Write each stack with a count, "STACK COUNT", in sorted order. */
void depth_print(struct depthstack *d);
void depth_free(struct depthstack *d);

#endif
