/*
 * gen.h: what the benchmarks' input generators share: one xorshift64
 * stream from a fixed seed (a generator may set rng from its SEED
 * argument first), so that every run writes the same file; a call
 * tree's stacks.
 */
#include <stdint.h>

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

/* the stream's next number */
static uint64_t
next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* In a call tree of nodes by parent and depth (the root's depth 0):
 * the stack of node n, root first, into st; its length. */
static inline int
tree_stack(const long *parent, const int *depth, long n, long *st)
{
	int d = depth[n], i;

	for (i = d; i >= 0; i--) {
		st[i] = n;
		n = parent[n];
	}
	return d + 1;
}
