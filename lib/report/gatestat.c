/* gatestat.c: fg-gate's tests (see gatestat.h) */
#include <math.h>
#include <stdlib.h>

#include "base/util.h"
#include "report/gatestat.h"

static double
gs_normtail(double z)
{
	return 0.5 * erfc(z / sqrt(2));
}

/* The regularized incomplete beta I_x(a, b): its continued fraction
 * (modified Lentz), on the side where it converges fast. */
static double
betacf(double a, double b, double x)
{
	double c = 1, d = 1 - (a + b) * x / (a + 1), h, an, del;
	int m;

	if (fabs(d) < 1e-300)
		d = 1e-300;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 300; m++) {
		an = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1 + an * d;
		c = 1 + an / c;
		d = fabs(d) < 1e-300 ? 1e300 : 1 / d;
		if (fabs(c) < 1e-300)
			c = 1e-300;
		h *= d * c;
		an = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
		d = 1 + an * d;
		c = 1 + an / c;
		d = fabs(d) < 1e-300 ? 1e300 : 1 / d;
		if (fabs(c) < 1e-300)
			c = 1e-300;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-15)
			break;
	}
	return h;
}

static double
ibeta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * betacf(a, b, x) / a;
	return 1 - front * betacf(b, a, 1 - x) / b;
}

double
gs_ttail(double t, double df)
{
	double p;

	if (df <= 0 || df > 1e7)
		return gs_normtail(t);
	if (isinf(t))
		return t > 0 ? 0 : 1;
	p = 0.5 * ibeta(df / 2, 0.5, df / (df + t * t));
	return t > 0 ? p : 1 - p;
}

double
gs_stat(const struct gest *b0, const struct gest *b1, double c, double *df)
{
	double num, v0, var, d;

	if (!b0) {
		/* a budget: the target's share against it */
		num = b1->a - c;
		var = b1->v;
		*df = b1->df;
	} else {
		num = b1->a - c * b0->a;
		v0 = c * c * b0->v;
		var = b1->v + v0;
		*df = 0;
		if (b0->df > 0 || b1->df > 0) {
			/* Welch-Satterthwaite; a side of no spread adds none */
			d = (b1->df > 0 ? b1->v * b1->v / b1->df : 0) +
			    (b0->df > 0 ? v0 * v0 / b0->df : 0);
			*df = d > 0 ? var * var / d : 1e9;
		}
	}
	if (var <= 0)
		return num > 0 ? INFINITY : num < 0 ? -INFINITY : 0;
	return num / sqrt(var);
}

double
gs_pvalue(const struct gest *b0, const struct gest *b1, double c)
{
	double df, z = gs_stat(b0, b1, c, &df);

	return gs_ttail(z, df);
}

double
gs_bound(const struct gest *b0, const struct gest *b1, double alpha, int upper)
{
	double lo, hi, mid, q;
	int i;

	/* p(c) rises with c for a share; for a ratio as long as it
	 * matters: bisect p(c) = alpha (lower) or 1 - alpha (upper) */
	q = upper ? 1 - alpha : alpha;
	lo = 0;
	hi = b0 ? 1e6 : 1;
	if (b0) {
		if (upper && gs_pvalue(b0, b1, hi) < q)
			return -1;
		if (!upper && gs_pvalue(b0, b1, 0) >= q)
			return 0;
	}
	for (i = 0; i < 200; i++) {
		mid = b0 && hi / (lo > 0 ? lo : 1e-12) > 4 ? sqrt((lo > 0 ? lo : 1e-12) * hi) : (lo + hi) / 2;
		if (gs_pvalue(b0, b1, mid) < q)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

struct pi {
	double p;
	size_t i;
};

static int
cmp_pi(const void *a, const void *b)
{
	const struct pi *x = a, *y = b;

	if (x->p != y->p)
		return x->p < y->p ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

void
gs_holm(const double *p, size_t n, double alpha, int *rej)
{
	struct pi *s = ereallocarray(NULL, n ? n : 1, sizeof(*s));
	size_t i;

	for (i = 0; i < n; i++) {
		s[i].p = p[i];
		s[i].i = i;
		rej[i] = 0;
	}
	if (n)
		qsort(s, n, sizeof(*s), cmp_pi);
	for (i = 0; i < n && s[i].p <= alpha / (double)(n - i); i++)
		rej[s[i].i] = 1;
	free(s);
}
