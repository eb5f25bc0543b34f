/* gatesample: a profile drawn from a fixed one, for fg-gate's
 * simulation (scripts/sim-gate) and tests/fg-gate.bats.
 *
 *   gatesample [-w exp|lognormal|pareto] [-W] SEED N [GROWTH [JITTER [FUNCS]]]
 *
 * The fixed profile: FUNCS functions (200), f1 at 5% of the total, the
 * others sharing the rest as 1/k (a long tail), each under one of four
 * callers (main;cK;fN).  GROWTH (0.3: 30%) grows f1's share relative to
 * the rest; JITTER (0.05) multiplies each function's weight by
 * exp(JITTER Z), Z standard normal, drawn for this run: a spread between
 * runs beyond the sampling error.  N samples are then drawn with
 * replacement (multinomially) and written as folded stacks.
 *
 * -w: each sample weighs a time instead, in microseconds, drawn apart
 * from its function: exponential (mean 1000), lognormal (sigma 1.5) or
 * Pareto (alpha 1.5, heavy-tailed; a time slice of 1000 and the rare
 * long wait of a loaded machine), at least 1; the counts are the
 * functions' times, with the header "# fg: unit=microseconds",
 * "samples=N" and "weight2=S" (the weights squared, summed), or, -W,
 * without weight2 (the equal-weight model's input).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng;

static uint64_t
next(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double
unif(void)
{
	return ((next() >> 11) + 0.5) / 9007199254740992.0;
}

static double
normal(void)
{
	return sqrt(-2 * log(unif())) * cos(6.283185307179586 * unif());
}

/* A sample's weight under -w dist, in whole microseconds, at least 1. */
static uint64_t
sweight(const char *dist)
{
	double x;

	if (!strcmp(dist, "exp"))
		x = -1000 * log(unif());
	else if (!strcmp(dist, "lognormal"))
		x = 1000 * exp(1.5 * normal() - 1.125);
	else
		x = 1000 / pow(unif(), 1 / 1.5) / 3;
	return x < 1 ? 1 : (uint64_t)llround(x);
}

int
main(int argc, char **argv)
{
	uint64_t n, i, *cnt, sw;
	double growth = 0, jitter = 0, *w, *cum, rest = 0, sum = 0, u, w2 = 0;
	int k = 200, f, lo, hi, now2 = 0;
	const char *dist = NULL;

	for (; argc > 1 && argv[1][0] == '-'; argc--, argv++) {
		if (!strcmp(argv[1], "-W")) {
			now2 = 1;
		} else if (!strcmp(argv[1], "-w") && argc > 2 && (!strcmp(argv[2], "exp") ||
		    !strcmp(argv[2], "lognormal") || !strcmp(argv[2], "pareto"))) {
			dist = argv[2];
			argc--, argv++;
		} else {
			break;
		}
	}
	if (argc < 3) {
		fprintf(stderr, "usage: gatesample [-w exp|lognormal|pareto] [-W] SEED N [GROWTH [JITTER [FUNCS]]]\n");
		return 2;
	}
	rng = strtoull(argv[1], NULL, 10) * 0x2545f4914f6cdd1dULL + 1;
	n = strtoull(argv[2], NULL, 10);
	if (argc > 3)
		growth = atof(argv[3]);
	if (argc > 4)
		jitter = atof(argv[4]);
	if (argc > 5)
		k = atoi(argv[5]);
	if (k < 2)
		return 2;
	w = calloc(k, sizeof(*w));
	cum = calloc(k, sizeof(*cum));
	cnt = calloc(k, sizeof(*cnt));
	for (f = 1; f < k; f++)
		rest += 1.0 / f;
	w[0] = 0.05 * (1 + growth);
	for (f = 1; f < k; f++)
		w[f] = 0.95 / f / rest;
	for (f = 0; f < k; f++) {
		if (jitter > 0)
			w[f] *= exp(jitter * normal());
		sum += w[f];
		cum[f] = sum;
	}
	for (i = 0; i < n; i++) {
		u = unif() * sum;
		for (lo = 0, hi = k - 1; lo < hi;) {
			f = (lo + hi) / 2;
			if (cum[f] < u)
				lo = f + 1;
			else
				hi = f;
		}
		sw = dist ? sweight(dist) : 1;
		w2 += (double)sw * (double)sw;
		cnt[lo] += sw;
	}
	if (dist) {
		printf("# fg: unit=microseconds\n# fg: samples=%llu\n", (unsigned long long)n);
		if (!now2)
			printf("# fg: weight2=%.0f\n", w2);
	}
	for (f = 0; f < k; f++)
		if (cnt[f])
			printf("main;c%d;f%d %llu\n", f % 4, f + 1, (unsigned long long)cnt[f]);
	free(w);
	free(cum);
	free(cnt);
	return 0;
}
