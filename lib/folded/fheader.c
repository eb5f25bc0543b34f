/* fheader.c: the unit header of folded stacks */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/fheader.h"

static const char *const factname[FH_NFACTS] = { "unit", "countname", "baseline", "target", "order", "samples", "weight2", "idle" };

void
fh_init(struct fheader *h)
{
	memset(h, 0, sizeof(*h));
	h->unit = UNIT_COUNT;
}

/* The fact line[0..len) states, with its value at *val; -1 if none. */
static int
fact(const char *line, size_t len, const char **val, size_t *vlen)
{
	static const char pre[] = "# fg: ";
	size_t n, k;
	int i;

	if (len < sizeof(pre) - 1 || memcmp(line, pre, sizeof(pre) - 1))
		return -1;
	line += sizeof(pre) - 1;
	len -= sizeof(pre) - 1;
	for (i = 0; i < FH_NFACTS; i++) {
		n = strlen(factname[i]);
		if (len > n && !memcmp(line, factname[i], n) && line[n] == '=') {
			*val = line + n + 1;
			k = len - n - 1;
			while (k && (line[n + k] == ' ' || line[n + k] == '\r'))
				k--;
			*vlen = k;
			return i;
		}
	}
	return -1;
}

static char *
dup(const char *s, size_t n)
{
	char *p = emalloc(n + 1);

	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

int
fh_parse(struct fheader *h, const char *line, size_t len)
{
	const char *val;
	size_t vlen;
	int i = fact(line, len, &val, &vlen);

	if (i < 0)
		return 0;
	free(h->fact[i]);
	h->fact[i] = dup(val, vlen);
	if (i == FH_UNIT)
		h->unit = unit_parse(val, vlen);
	return 1;
}

void
fh_set(struct fheader *h, int i, const char *val)
{
	char *p;

	free(h->fact[i]);
	h->fact[i] = NULL;
	if (!val) {
		if (i == FH_UNIT)
			h->unit = UNIT_COUNT;
		return;
	}
	h->fact[i] = dup(val, strlen(val));
	for (p = h->fact[i]; *p; p++)
		if ((unsigned char)*p < ' ' || *p == 0x7f)
			*p = '?';
	if (i == FH_UNIT)
		h->unit = unit_parse(h->fact[i], strlen(h->fact[i]));
}

int
fh_keep(const char *s, size_t n, int omit)
{
	return !omit || n < 5 || memcmp(s, "# fg:", 5);
}

void
fh_print(const struct fheader *h)
{
	int i;

	for (i = 0; !h->omit && i < FH_NFACTS; i++)
		if (h->fact[i])
			out_printf("# fg: %s=%s\n", factname[i], h->fact[i]);
}

void
fh_free(struct fheader *h)
{
	int i;

	for (i = 0; i < FH_NFACTS; i++)
		free(h->fact[i]);
	fh_init(h);
}

/* The whole numbers of s[0..n) into v[0..2): how many; 0 when it is
 * anything else. */
static int
samples_of(const char *s, size_t n, double *v)
{
	size_t i = 0;
	int k = 0;

	while (i < n) {
		if (k == 2 || s[i] < '0' || s[i] > '9')
			return 0;
		v[k] = 0;
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			v[k] = v[k] * 10 + (s[i] - '0');
		k++;
		if (i < n && s[i++] != ' ')
			return 0;
	}
	return k;
}

int
fh_samples(const struct fheader *h, double *n)
{
	const char *s = h->fact[FH_SAMPLES];

	return s ? samples_of(s, strlen(s), n) : 0;
}

/* The non-negative decimals ("12", "0.25", "1.5e+21") of s[0..n) into
 * v[0..2): how many; 0 when it is anything else. */
static int
decimals_of(const char *s, size_t n, double *v)
{
	char b[64], *end;
	size_t i = 0, k;
	int m = 0;

	while (i < n) {
		for (k = i; k < n && s[k] != ' '; k++)
			;
		if (m == 2 || k == i || k - i >= sizeof(b) || s[i] < '0' || s[i] > '9')
			return 0;
		memcpy(b, s + i, k - i);
		b[k - i] = 0;
		v[m] = strtod(b, &end);
		if (*end || !(v[m] >= 0 && v[m] < HUGE_VAL))
			return 0;
		m++;
		i = k + (k < n);
		if (k < n && i == n)
			return 0;
	}
	return m;
}

int
fh_weight2(const struct fheader *h, double *n)
{
	const char *s = h->fact[FH_WEIGHT2];

	return s ? decimals_of(s, strlen(s), n) : 0;
}

void
fh_num(char *b, double v)
{
	if (v == floor(v) && v < 1e21)
		snprintf(b, 64, "%.0f", v);
	else
		snprintf(b, 64, "%.17g", v);
}

/* A sum of numbers facts: v[0..k) into sum, of *nsum numbers so far
 * (-1: they differ). */
static void
addup(double *sum, int *nsum, const double *v, int k)
{
	if (!k || (*nsum && k != *nsum)) {
		*nsum = -1;
	} else if (*nsum >= 0) {
		sum[0] += v[0];
		sum[1] += k > 1 ? v[1] : 0;
		*nsum = k;
	}
}

/* The summed fact i of sum[0..nsum) into j->h, or its disagreement. */
static void
settle_sum(struct fhjoin *j, int i, const double *sum, int nsum, int ninputs)
{
	char v[130], a[64], b[64];

	if (nsum > 0 && j->nsaid[i] == ninputs) {
		fh_num(a, sum[0]);
		fh_num(b, sum[1]);
		snprintf(v, sizeof(v), nsum == 1 ? "%s" : "%s %s", a, b);
		fh_set(&j->h, i, v);
	} else if (j->nsaid[i]) {
		j->differ[i] = 1;
	}
}

void
fhj_init(struct fhjoin *j)
{
	memset(j, 0, sizeof(*j));
	fh_init(&j->h);
}

int
fhj_line(struct fhjoin *j, const struct freader *r, const struct fline *l)
{
	const char *val;
	size_t vlen;
	int i = fact(l->stack, l->len, &val, &vlen);

	if (i < 0 || j->printed)
		return 0;
	if ((i == FH_ORDER || i == FH_IDLE) && j->sorted)
		return 1;	/* the order, and the gaps in it, are gone */
	/* lines of one input come in order: a step back is the next input */
	if (r != j->src || r->name != j->srcname || r->lineno <= j->srcline) {
		memset(j->saidnow, 0, sizeof(j->saidnow));
		j->src = r;
		j->srcname = r->name;
	}
	j->srcline = r->lineno;
	if (i == FH_SAMPLES || i == FH_WEIGHT2) {
		double v[2];

		if (i == FH_SAMPLES)
			addup(j->samples, &j->nsamples, v, samples_of(val, vlen, v));
		else
			addup(j->weight2, &j->nweight2, v, decimals_of(val, vlen, v));
		if (!j->saidnow[i]++)
			j->nsaid[i]++;
		return 1;
	}
	if (!j->h.fact[i])
		fh_parse(&j->h, l->stack, l->len);
	else if (strlen(j->h.fact[i]) != vlen || memcmp(j->h.fact[i], val, vlen))
		j->differ[i] = 1;
	if (!j->saidnow[i]++)
		j->nsaid[i]++;
	return 1;
}

void
fhj_settle(struct fhjoin *j, int ninputs)
{
	int i;

	if (j->printed)
		return;
	j->printed = 1;
	settle_sum(j, FH_SAMPLES, j->samples, j->nsamples, ninputs);
	settle_sum(j, FH_WEIGHT2, j->weight2, j->nweight2, ninputs);
	for (i = 0; i < FH_NFACTS; i++) {
		if (!j->nsaid[i] || (!j->differ[i] && j->nsaid[i] == ninputs))
			continue;
		weprintf("inputs disagree on %s: left out", factname[i]);
		free(j->h.fact[i]);
		j->h.fact[i] = NULL;
		if (i == FH_UNIT)
			j->h.unit = UNIT_COUNT;
	}
}

void
fhj_print(struct fhjoin *j, int ninputs)
{
	if (j->printed)
		return;
	fhj_settle(j, ninputs);
	fh_print(&j->h);
}

void
fhj_free(struct fhjoin *j)
{
	fh_free(&j->h);
}
