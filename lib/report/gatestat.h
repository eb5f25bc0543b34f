/* gatestat.h: fg-gate's statistics: one-sided tests of a change in a
 * share against a limit, and Holm's step-down over all of them
 *
 * A side's share of a key is an estimate a with its variance v:
 *
 *   - one profile a side (the sampling model): a = x / N of N samples
 *     drawn independently, v = a (1 - a) / N (the binomial);
 *   - repeated runs (the runs model): a = the mean of the runs' shares,
 *     v = s^2 / k, s^2 their variance about it, k runs; df = k - 1.
 *
 * A growth limit g is tested as H0: a1 <= (1 + g) a0, with the statistic
 *
 *   (a1 - (1 + g) a0) / sqrt(v1 + (1 + g)^2 v0)
 *
 * normal under the sampling model, Student's t with Welch's degrees of
 * freedom under the runs model; a budget b as H0: a1 <= b.  The
 * intervals are the limits no test at level alpha would reject (a
 * Fieller interval for a ratio): gs_bound.
 */
#ifndef FG_GATESTAT_H
#define FG_GATESTAT_H

#include <stddef.h>

/* An estimate: share a, its variance v, degrees of freedom df (0 for
 * the normal, the sampling model). */
struct gest {
	double a, v, df;
};

/* Student's t's upper tail P(T > t) with df degrees of freedom
 * (df <= 0: the normal). */
double gs_ttail(double t, double df);
/* The statistic of H0: a1 <= c a0 (c = 1 + g) and its degrees of
 * freedom in *df (Welch's; 0: the normal).  b0 NULL: H0: a1 <= c. */
double gs_stat(const struct gest *b0, const struct gest *b1, double c, double *df);
/* The one-sided p-value of gs_stat's statistic. */
double gs_pvalue(const struct gest *b0, const struct gest *b1, double c);
/* The limit c (a ratio a1 / a0, or a share for b0 NULL) where the test at
 * level alpha just rejects, from below (upper 0: the lower bound of
 * the interval) or above (upper 1); for a ratio, -1 when unbounded
 * above, 0 when nothing is ruled out below. */
double gs_bound(const struct gest *b0, const struct gest *b1, double alpha, int upper);
/* Holm's step-down at family-wise level alpha over p[0..n): rej[i] 1
 * for each hypothesis rejected. */
void gs_holm(const double *p, size_t n, double alpha, int *rej);

#endif
