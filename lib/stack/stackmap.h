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
#include <string.h>

#include "base/count.h"

struct stackent {
	const char *s;
	size_t len;
	uint64_t hash;
	count c[2];
};

struct stackmap {
	struct stackent *ent;
	size_t n, cap;
	uint64_t *slot;		/* hash tag | index + 1 into ent, 0 empty */
	size_t mask;
	struct arena arena;
};

void stackmap_init(struct stackmap *m);
/* The entry for stack s[0..len), created with zero counts if new. */
struct stackent *stackmap_get(struct stackmap *m, const char *s, size_t len);
/* Append a new entry for s, after every other in sorted order: the map
 * is then a sorted list, no longer to be looked up. */
struct stackent *stackmap_push(struct stackmap *m, const char *s, size_t len);
/* Merge the k sorted arrays a[i][0..n[i]) into one new sorted array of
 * *nout entries, adding up both counts of equal stacks; the strings
 * stay where they are.  NULL when a sum overflows. */
struct stackent *stackent_merge(struct stackent **a, const size_t *n, int k, size_t *nout);
/* Add counts c[0..n) to the stack's entry; 0 when a sum overflows. */
int stackmap_add(struct stackmap *m, const char *s, size_t len, const count *c, int n);
/* The entries sorted by stack (stack_cmp); the array is m->ent itself,
 * so the map must not be added to afterwards. */
struct stackent *stackmap_sort(struct stackmap *m);
/* Print every entry as "STACK C1[ C2]\n" in sorted order. */
void stackmap_print(struct stackmap *m, int ncounts);
void stackmap_free(struct stackmap *m);

/*
 * The order of the suite's sorted output: bytewise by stack, a stack
 * before every longer one it begins.  This is LC_ALL=C sort order of the
 * lines except where a frame goes on with a byte below '0' after a space.
 */
static inline int
stack_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int c = memcmp(a, b, alen < blen ? alen : blen);

	return c ? c : (alen > blen) - (alen < blen);
}

/* Print "STACK C1[ C2]\n". */
void out_stackline(const char *s, size_t len, const count *c, int ncounts);

#endif
