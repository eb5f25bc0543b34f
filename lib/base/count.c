/* count.c: sample counts */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/count.h"
#include "base/out.h"


const char *
count_parse(const char *s, size_t n, count *c)
{
	const char *end = s + n, *p = s;
	uint64_t u = 0;
	double d, scale;

	if (p == end || *p < '0' || *p > '9')
		return "bad count";
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		unsigned dig = *p - '0';

		if (u > (UINT64_MAX - dig) / 10)
			return "count overflows";
		u = u * 10 + dig;
	}
	d = (double)u;
	if (p < end && *p == '.') {
		for (p++, scale = 0.1; p < end && *p >= '0' && *p <= '9'; p++, scale /= 10)
			d += (*p - '0') * scale;
	}
	if (p != end)
		return "bad count";
	c->u = u;
	c->d = d;
	return 0;
}

void
count_sub(count *a, count b)
{
	a->d -= b.d;
	a->u = a->u >= b.u ? a->u - b.u : 0;
}

int
count_iszero(count c)
{
	return count_whole(c) ? c.u == 0 : c.d == 0;
}

int
count_cmp(count a, count b)
{
	if (count_whole(a) && count_whole(b))
		return (a.u > b.u) - (a.u < b.u);
	return (a.d > b.d) - (a.d < b.d);
}

count
count_from_u64(uint64_t v)
{
	count c = { v, (double)v };

	return c;
}

double
count_val(count c)
{
	return count_whole(c) ? (double)c.u : c.d;
}

int
count_fmt(count c, char *buf)
{
	int n, prec, intdigits;
	double v;

	if (count_whole(c))
		return sprintf(buf, "%llu", (unsigned long long)c.u);
	/* 15 significant digits, fixed notation, no trailing zeros:
	 * always a valid count for every reader of the format */
	v = c.d < 0 ? -c.d : c.d;
	for (intdigits = 1; v >= 10 && intdigits < 15; v /= 10)
		intdigits++;
	prec = 15 - intdigits;
	/* below 1 too, 15 digits after the zeros that lead, so that
	 * 0.00000000000000002 is no 0 (at most 323 zeros, for the
	 * smallest double: 340 bytes) */
	for (; v > 0 && v < 1 && prec < 340; v *= 10)
		prec++;
	n = sprintf(buf, "%.*f", prec, c.d);
	if (prec > 0) {
		while (buf[n - 1] == '0')
			n--;
		if (buf[n - 1] == '.')
			n--;
		buf[n] = 0;
	}
	return n;
}

void
out_count(count c)
{
	char buf[400];

	if (count_whole(c)) {
		out_u64(c.u);
		return;
	}
	out_mem(buf, count_fmt(c, buf));
}

static const char *const unitnames[] = {
	"count", "bytes", "nanoseconds", "microseconds", "milliseconds", "seconds"
};

int
unit_parse(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < sizeof(unitnames) / sizeof(unitnames[0]); i++)
		if (strlen(unitnames[i]) == n && !memcmp(unitnames[i], s, n))
			return i;
	return -1;
}

const char *
unit_name(int unit)
{
	return unit >= 0 && unit <= UNIT_S ? unitnames[unit] : "count";
}

/* v / step^k for the largest k that leaves it at 1 or more, with the
 * symbol of that k: "%.3g SYM", or "%.0f" from 999.5 on (no "1e+03"). */
static int
scaled(double v, double step, const char *const *sym, int nsym, char *buf, size_t cap)
{
	int k = 0;
	double a = v < 0 ? -v : v;

	while (k + 1 < nsym && a >= step - 0.5) {
		a /= step;
		v /= step;
		k++;
	}
	if (!k)
		return snprintf(buf, cap, "%.15g%s%s", v, *sym[0] ? " " : "", sym[0]);
	return snprintf(buf, cap, a >= 999.5 ? "%.0f %s" : "%.3g %s", v, sym[k]);
}

int
count_human(double v, int unit, char *buf, size_t cap)
{
	static const char *const bytes[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	static const char *const times[] = { "ns", "us", "ms", "s" };
	static const char *const counts[] = { "", "k", "M", "G", "T", "P", "E" };
	double a = v < 0 ? -v : v;

	switch (unit) {
	case UNIT_BYTES:
		return scaled(v, 1024, bytes, 7, buf, cap);
	case UNIT_NS:
	case UNIT_US:
	case UNIT_MS:
	case UNIT_S:
		/* from the unit given up to seconds */
		return scaled(v, 1000, times + (unit - UNIT_NS), 4 - (unit - UNIT_NS), buf, cap);
	default:
		if (a < 10000)
			return snprintf(buf, cap, "%.15g", v);
		return scaled(v, 1000, counts, 7, buf, cap);
	}
}

int
fmt_scaled(double v, int prec, uint64_t *n)
{
	double t = v * (prec == 1 ? 10 : prec == 2 ? 100 : 1000), fl;

	/* below 1e9, t is within 1.2e-7 of the exact v * 10^prec: unless
	 * that is near a tie, rounding t rounds the exact value */
	if (!(v >= 0 && t < 1e9) || prec < 1 || prec > 3)
		return 0;
	fl = (double)(uint64_t)t;
	if (t - fl > 0.5 - 1e-6 && t - fl < 0.5 + 1e-6)
		return 0;
	*n = (uint64_t)fl + (t - fl > 0.5);
	return 1;
}

size_t
fmt_fixed_n(char *buf, uint64_t n, int prec)
{
	char tmp[24];
	size_t i = sizeof(tmp), len;
	int k;

	for (k = 0; k < prec || n; k++) {
		tmp[--i] = '0' + n % 10;
		n /= 10;
		if (k == prec - 1)
			tmp[--i] = '.';
	}
	if (tmp[i] == '.')
		tmp[--i] = '0';
	len = sizeof(tmp) - i;
	memcpy(buf, tmp + i, len);
	buf[len] = 0;
	return len;
}

size_t
fmt_fixed(char *buf, double v, int prec)
{
	uint64_t n;

	if (fmt_scaled(v, prec, &n))
		return fmt_fixed_n(buf, n, prec);
	snprintf(buf, 32, "%.*f", prec, v);
	return strlen(buf);
}

size_t
fmt_g15(char *buf, double v)
{
	uint64_t n = (uint64_t)(v >= 1 && v < 1e15 ? v : 0);
	char tmp[24];
	size_t i = sizeof(tmp), len;

	if (n == 0 || (double)n != v) {
		snprintf(buf, 32, "%.15g", v);
		return strlen(buf);
	}
	for (; n; n /= 10)
		tmp[--i] = '0' + n % 10;
	len = sizeof(tmp) - i;
	memcpy(buf, tmp + i, len);
	buf[len] = 0;
	return len;
}
