/* alloc.h: checked allocation and the one growth rule
 *
 * Allocation that ends the program with "out of memory" rather than
 * return NULL; big blocks advised to huge pages; arrays and buffers
 * grown by one rule (egrowarray, growcap).
 */
#ifndef FG_BASE_ALLOC_H
#define FG_BASE_ALLOC_H

#include <stddef.h>

/* Blocks from HUGE_MIN bytes on are given to huge pages where the
 * kernel can (Linux's transparent huge pages). */
#define HUGE_MIN ((size_t)4 << 20)
void *emalloc(size_t n);
/* n bytes, from HUGE_MIN on, aligned so that huge pages back them all */
void *emalloc_huge(size_t n);
void *ecalloc(size_t n, size_t size);
void *erealloc(void *p, size_t n);
/* erealloc of an array of n elements of size bytes, checking n * size. */
void *ereallocarray(void *p, size_t n, size_t size);
/*
 * Growable arrays, the one growth rule: an array of cap elements that
 * must hold n grows to growcap(cap, n) elements, doubled and at least
 * GROW_MIN and n (SIZE_MAX where doubling would overflow, which
 * ereallocarray then refuses).  egrowarray grows array p of *cap
 * elements of size bytes so when it has fewer than n, and updates
 * *cap; new elements are not set.  It is inline up to the test, so a
 * loop calls it per element.  Parallel arrays that share one cap take
 * growcap once and ereallocarray each.
 */
#define GROW_MIN 4
size_t growcap(size_t cap, size_t n);
/* egrowarray's growth, out of line */
void *egrowarray_slow(void *p, size_t *cap, size_t n, size_t size);

static inline void *
egrowarray(void *p, size_t *cap, size_t n, size_t size)
{
	return n <= *cap ? p : egrowarray_slow(p, cap, n, size);
}

char *estrdup(const char *s);

#endif
