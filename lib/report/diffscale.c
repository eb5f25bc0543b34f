/* diffscale.c: fg-diff's baseline scaled to the target's total (see diffscale.h) */
#include <math.h>
#include <stdlib.h>

#include "base/util.h"
#include "report/diffscale.h"

#define TWO64 18446744073709551616.0

/* What a line's count lost to truncation, and where the line is. */
struct rem {
	uint64_t r;
	size_t i;
};

/* The largest remainder first; on a tie, the earlier line. */
static int
cmp_rem(const void *a, const void *b)
{
	const struct rem *x = a, *y = b;

	if (x->r != y->r)
		return x->r < y->r ? 1 : -1;
	return (x->i > y->i) - (x->i < y->i);
}

/* One more unit to each of the units lines of rm[0..n) with the
 * largest remainders (none to a line that lost nothing). */
static void
give_units(struct stackent *e, struct rem *rm, size_t n, uint64_t units)
{
	size_t k;

	qsort(rm, n, sizeof(*rm), cmp_rem);
	for (k = 0; k < n && k < units && rm[k].r; k++) {
		e[rm[k].i].c[0].u++;
		e[rm[k].i].c[0].d = (double)e[rm[k].i].c[0].u;
	}
}

/* --normalize=exact, integers: the quotient rounded, and the exact value
 * as the double (rounded to the 15 digits counts print with). */
static count
exact_int(count base, count t1, count t2)
{
	__uint128_t q = (__uint128_t)base.u * t2.u;
	count c;

	c.u = (uint64_t)(q / t1.u);
	/* never past t2: base * t2 / t1 <= t2 */
	if (2 * (q % t1.u) >= t1.u)
		c.u++;
	c.d = count_val(base) * count_val(t2) / count_val(t1);
	return c;
}

/* --normalize=exact, decimals: in doubles. */
static count
exact_frac(count base, count t1, count t2)
{
	count c;

	c.d = count_val(base) * count_val(t2) / count_val(t1);
	c.u = c.d < TWO64 ? (uint64_t)c.d : UINT64_MAX;
	return c;
}

/* -n, integers: quotients, and the units lost by the largest remainders
 * (their sum a multiple of t1 when the lines add up to it). */
static void
round_int(struct stackent *e, size_t n, struct rem *rm, count t1, count t2)
{
	__uint128_t q, lost = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		q = (__uint128_t)e[i].c[0].u * t2.u;
		rm[i].r = (uint64_t)(q % t1.u);
		rm[i].i = i;
		lost += rm[i].r;
		e[i].c[0] = count_from_u64((uint64_t)(q / t1.u));
	}
	give_units(e, rm, n, (uint64_t)((lost + t1.u / 2) / t1.u));
}

/* -n, decimals: the same in doubles, each fraction kept as a 64-bit
 * fixed-point remainder so that the two cases share the choice. */
static void
round_frac(struct stackent *e, size_t n, struct rem *rm, count t1, count t2)
{
	double v, fl, lost = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		v = count_val(e[i].c[0]) * count_val(t2) / count_val(t1);
		fl = floor(v);
		rm[i].r = v < TWO64 ? (uint64_t)ldexp(v - fl, 64) : 0;
		rm[i].i = i;
		lost += v - fl;
		e[i].c[0] = count_from_u64(fl < TWO64 ? (uint64_t)fl : UINT64_MAX);
	}
	give_units(e, rm, n, (uint64_t)floor(lost + 0.5));
}

void
diffscale(struct stackent *e, size_t n, const count *t, int mode, int frac)
{
	/* the integers scale exactly, but for a decimal baseline total */
	int ints = t[0].u && t[0].d == (double)t[0].u;
	struct rem *rm;
	size_t i;

	if (mode == NORM_OFF || !count_cmp(t[0], t[1]) || count_iszero(t[0]))
		return;
	if (mode == NORM_EXACT) {
		for (i = 0; i < n; i++)
			e[i].c[0] = ints ? exact_int(e[i].c[0], t[0], t[1]) :
			    exact_frac(e[i].c[0], t[0], t[1]);
		return;
	}
	rm = ereallocarray(NULL, n ? n : 1, sizeof(*rm));
	/* every count whole: the integers are exact, whatever the doubles say */
	if (!frac && t[0].u)
		round_int(e, n, rm, t[0], t[1]);
	else
		round_frac(e, n, rm, t[0], t[1]);
	free(rm);
}
