/* tree.h: the stack tree (a trie keyed frame by frame)
 *
 * Stacks are merged one frame at a time, so a frame is one node under a
 * given parent however its name sorts against its siblings' (merging
 * sorted whole lines, as flamegraph.pl does, splits "b" when "b::x"
 * sorts between its stacks).  Nodes are numbered in creation order, so a
 * parent's number is always below its children's: passes over the whole
 * tree are loops, never recursion, and stacks of any depth are safe.
 */
#ifndef FG_TREE_H
#define FG_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "base/count.h"
#include "base/htab.h"
#include "base/intern.h"

#define TNONE UINT32_MAX

struct tnode {
	uint32_t frame;		/* interned name; TNONE for the root */
	uint32_t parent;	/* TNONE for the root */
	uint32_t child;		/* first child, TNONE if none */
	uint32_t last;		/* last child */
	uint32_t sibling;	/* next sibling */
	uint32_t depth;		/* the root is 0, its children 1 */
	count self[2];		/* samples that end here */
	count total[2];		/* samples that pass through (self included) */
};

struct tree {
	struct tnode *node;	/* node[0] is the root */
	uint32_t n;
	size_t cap;
	struct interner names;
	int chart;		/* flame chart: merge a frame only with the last child */
	/* flame chart only, per node: lead[v], the parent's own samples
	 * that came (in input order) between v's previous sibling and v;
	 * since[v], v's own samples since its last child was made */
	count (*lead)[2], (*since)[2];
	int ncounts;		/* 1, or 2 for differential input */
	/* (parent, frame) -> child, for the ordinary merged tree */
	struct htab edges;
	uint64_t *key;		/* per node: a hash of its path from the root */
	/* the previous stack, whose path the next one usually shares */
	char *prev;
	size_t prevlen, prevcap;
	uint32_t *path;		/* path[i]: node of frame i of prev */
	uint32_t *pframe;	/* pframe[i]: name of frame i of the stack being added */
	uint64_t *keys;		/* keys[i]: its path key */
	size_t *ends;		/* ends[i]: end offset of frame i in prev */
	size_t pathlen, pathcap;
	uint32_t maxdepth;
	int finished;		/* tree_finish has run */
};

void tree_init(struct tree *t, int chart, int ncounts);
/* Add a stack; its counts go to the leaf's self (and the root's
 * total).  Returns the leaf, or TNONE when a sum overflows. */
uint32_t tree_add(struct tree *t, const char *stack, size_t len, const count *c);
/* The child of parent named name[0..len), or TNONE. */
uint32_t tree_find(const struct tree *t, uint32_t parent, const char *name, size_t len);
/* After the last tree_add: sum every node's total (self plus
 * callees), and order every node's children bytewise by name (not in
 * chart mode).  Totals other than the root's are zero before. */
void tree_finish(struct tree *t);
void tree_free(struct tree *t);

static inline const char *
tree_name(const struct tree *t, uint32_t v)
{
	return intern_str(&t->names, t->node[v].frame);
}

static inline size_t
tree_namelen(const struct tree *t, uint32_t v)
{
	return intern_len(&t->names, t->node[v].frame);
}

#endif
