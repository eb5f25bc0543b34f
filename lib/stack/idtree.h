/* idtree.h: stacks of frame ids as a tree, a count at each node
 *
 * For a folder whose format opens and closes frames (speedscope's
 * evented profiles): each open frame is a node, the child of the frame
 * it was opened in, found by (parent, frame id) in a hash table, so an
 * event costs the same however deep the stack.  A count goes to the
 * node open at the time; once the profile is read, idtree_emit writes
 * each node that has one as a stack, once, through a stack builder.
 *
 *     struct idtree t;
 *     uint32_t v = IDTREE_ROOT;
 *
 *     idtree_init(&t);
 *     v = idtree_child(&t, v, frame);       a frame opens
 *     idtree_add(&t, v, c);                 time passes in it
 *     v = idtree_parent(&t, v);             it closes
 *     idtree_emit(&t, &b, label, arg);
 *     idtree_free(&t);
 */
#ifndef FG_IDTREE_H
#define FG_IDTREE_H

#include <stddef.h>
#include <stdint.h>

#include "base/count.h"
#include "base/htab.h"
#include "stack/build.h"

/* the root: no frame, the parent of the first frames */
#define IDTREE_ROOT 0

struct idnode {
	uint32_t parent;	/* IDTREE_ROOT for a first frame */
	uint32_t frame;		/* the frame's id, the caller's */
	count c;
};

struct idtree {
	struct idnode *node;	/* node[0] is the root */
	size_t n, cap;
	struct htab tab;	/* the nodes but the root, by (parent, frame) */
};

void idtree_init(struct idtree *t);
/* The node of frame under parent, made if new. */
uint32_t idtree_child(struct idtree *t, uint32_t parent, uint32_t frame);
static inline uint32_t
idtree_parent(const struct idtree *t, uint32_t v)
{
	return t->node[v].parent;
}
/* Add c to node v's count: 0 when the sum overflows. */
static inline int
idtree_add(struct idtree *t, uint32_t v, count c)
{
	return count_add(&t->node[v].c, c);
}
/* The label of frame id (len bytes at what it returns). */
typedef const char *idtree_label(void *arg, uint32_t frame, size_t *len);
/*
 * Each node with a count other than zero, as its stack of labels root
 * first, added with its count to b after what b holds (a root frame of
 * the caller's, or nothing): 0 when a sum overflows.
 */
int idtree_emit(const struct idtree *t, struct stackbuild *b, idtree_label *label, void *arg);
void idtree_free(struct idtree *t);

#endif
