/* count.h: sample counts, exact while they are integers
 *
 * A count keeps its integer value (exact, overflow detected) and its
 * value as a double side by side.  A whole count (count_whole) is
 * printed and compared as its integer; one with a fraction (weighted
 * profiles, "12.5", and their sums) as its double.  Each count says
 * which it is: nothing in the process decides it for every count.
 * Whether the counts of an input had decimals (a file format may need
 * to know) is its reader's to say (folded/folded.h, struct frules).
 */
#ifndef FG_COUNT_H
#define FG_COUNT_H

#include <stdint.h>

typedef struct {
	uint64_t u;	/* integer value (integer part for decimals) */
	double d;	/* the value as a double */
} count;

/* From 2^53 on a double holds no fraction, and may round past 2^64
 * (which no reader takes back): the integer is the value, exact. */
#define COUNT_EXACT 9007199254740992.0

/* Is c whole: its double adds no fraction to its integer (or cannot
 * hold one)?  Then the integer is what prints and compares, exact. */
static inline int
count_whole(count c)
{
	return c.d == (double)c.u || c.d >= COUNT_EXACT;
}

/* Parse [0-9]+(.[0-9]*)? from s[0..n).  0 on success, else an error
 * message ("count overflows", "bad count").  It only looks: a field
 * that may or may not be a count is tested with it. */
const char *count_parse(const char *s, size_t n, count *c);
/* a += b; 0 when the integer sum overflows.  Inline: the trees call
 * it once per line and per node. */
static inline int
count_add(count *a, count b)
{
	a->d += b.d;
	if (a->u > UINT64_MAX - b.u)
		return 0;
	a->u += b.u;
	return 1;
}
/* a -= b for counts known to be a >= b (integers) */
void count_sub(count *a, count b);
int count_iszero(count c);
/* a < b, a == b by the value that is printed */
int count_cmp(count a, count b);
count count_from_u64(uint64_t v);
/* The value as a double (exact up to 2^53 for integers). */
double count_val(count c);
/* Format into buf (at least 400 bytes); returns the length.  Decimal
 * counts from 2^53 on are printed as their integer, exact. */
int count_fmt(count c, char *buf);
void out_count(count c);

/*
 * Numbers as printf writes them, fast: fmt_fixed is "%.1f", "%.2f" or
 * "%.3f" (prec 1 to 3), fmt_g15 "%.15g", into buf (32 bytes), returning
 * the length.  fmt_scaled gives v * 10^prec rounded as printf rounds it
 * into *n, or 0 when it cannot be sure without printf; fmt_fixed_n
 * writes such an n.
 */
size_t fmt_fixed(char *buf, double v, int prec);
size_t fmt_fixed_n(char *buf, uint64_t n, int prec);
int fmt_scaled(double v, int prec, uint64_t *n);
size_t fmt_g15(char *buf, double v);

/* What a count measures (fg-folded(5), "# fg: unit=..."). */
enum { UNIT_COUNT, UNIT_BYTES, UNIT_NS, UNIT_US, UNIT_MS, UNIT_S };
/* The unit named s[0..n): a UNIT_ value, or -1 for a name fg does not know. */
int unit_parse(const char *s, size_t n);
/* The name of a UNIT_ value ("bytes", "nanoseconds"...). */
const char *unit_name(int unit);
/* v in human form into buf (cap bytes, 32 is enough): bytes in binary
 * multiples ("12.3 MiB", "512 B"), times in the largest unit that keeps
 * the value at 1 or more ("410 ms", "2.5 s", "800 ns"), counts over
 * 10000 with a decimal prefix ("12.3 k", "4.56 M").  Three significant
 * digits; a value below the first step is printed whole.  Returns the
 * length. */
int count_human(double v, int unit, char *buf, size_t cap);

#endif
