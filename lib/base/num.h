/* num.h: numbers from the command line, and sizes that saturate
 */
#ifndef FG_BASE_NUM_H
#define FG_BASE_NUM_H

#include <stddef.h>
#include <stdint.h>

/* Numbers given on the command line, in decimal (no hex, inf, nan or
 * leading blank); a bad one is a usage error (exit 2): "bad WHAT: 'S'",
 * or "WHAT: 'S' is out of range (at most MAX)" for one too large (an
 * estrtod too small for a double is 0). */
uint64_t estrtou64(const char *s, const char *what);
double estrtod(const char *s, const char *what);
/* A count (--min-count), whole or decimal: at most 2^64 - 1, the
 * largest count, else out of range. */
double estrtocount(const char *s, const char *what);
/* A size in bytes, one or more: decimal digits and an optional k (or
 * K), M, G or T suffix, powers of 1024; "bad WHAT 'S'" is the usage
 * error, "WHAT: 'S' is out of range" for more than 2^64 - 1 bytes. */
uint64_t estrtosize(const char *s, const char *what);

/* a + b and a * b, UINT64_MAX where they would overflow: sizes
 * worked out from untrusted input, checked against a bound after. */
uint64_t sat_add(uint64_t a, uint64_t b);
uint64_t sat_mul(uint64_t a, uint64_t b);

/* Is c a decimal digit?  In any locale, and for any char. */
static inline int
isdec(char c)
{
	return c >= '0' && c <= '9';
}

/* Is c a hexadecimal digit, of either case? */
static inline int
ishex(char c)
{
	return isdec(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

/* Are the n bytes at s all decimal digits (hex: hexadecimal ones)?
 * Bounded by n, unlike strspn: s need not end in a NUL. */
static inline int
isdigits(const char *s, size_t n, int hex)
{
	while (n && (hex ? ishex(*s) : isdec(*s)))
		s++, n--;
	return !n;
}

#endif
