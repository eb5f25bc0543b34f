/* strsort.h: records sorted by the byte strings they begin with
 *
 * The sort of every large list of stacks: whole stacks share long
 * prefixes, so comparing two from the start over and over (qsort and
 * memcmp) reads those prefixes once per comparison.  A multikey
 * quicksort (Bentley and Sedgewick) on seven bytes at a time reads each
 * stack's bytes about once, and the pivots are drawn at random per run,
 * so no input order can make it quadratic.
 */
#ifndef FG_STRSORT_H
#define FG_STRSORT_H

#include <stddef.h>

/*
 * What a sorted record begins with (as struct stackent and struct
 * lstack do): the string it is sorted by.
 */
struct strref {
	const char *s;
	size_t len;
};

/* The first offset below n where a and b differ (n if none). */
size_t str_mismatch(const char *a, const char *b, size_t n);

/*
 * Compare a[0..alen) and b[0..blen) bytewise, a string's end read as the
 * byte end (-1: below every byte); when that is all that differs, the
 * shorter first.  end = -1 is the order of memcmp (stack_cmp); end = ';'
 * orders whole stacks frame by frame (a frame as if ';' followed it).
 */
int str_cmp(const char *a, size_t alen, const char *b, size_t blen, int end);

/*
 * Sort the n records of size bytes at base, each beginning with a
 * struct strref, into str_cmp(..., end) order.  Records whose strings
 * are equal keep no particular order.  With lcp, lcp[i] is set to a
 * number of bytes the strings of records i - 1 and i begin with alike:
 * all of them, or at most seven fewer (lcp[0] = 0).
 */
void strsort(void *base, size_t n, size_t size, int end, size_t *lcp);

#endif
