/* count.c: sample counts */
#include <stdio.h>
#include <string.h>

#include "base/count.h"
#include "base/out.h"

int count_frac;

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
		count_frac = 1;
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
	return count_frac ? c.d == 0 : c.u == 0;
}

int
count_cmp(count a, count b)
{
	if (count_frac)
		return (a.d > b.d) - (a.d < b.d);
	return (a.u > b.u) - (a.u < b.u);
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
	return count_frac ? c.d : (double)c.u;
}

int
count_fmt(count c, char *buf)
{
	int n, prec, intdigits;
	double v;

	if (!count_frac)
		return sprintf(buf, "%llu", (unsigned long long)c.u);
	/* 15 significant digits, fixed notation, no trailing zeros:
	 * always a valid count for every reader of the format */
	v = c.d < 0 ? -c.d : c.d;
	for (intdigits = 1; v >= 10 && intdigits < 15; v /= 10)
		intdigits++;
	prec = 15 - intdigits;
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

	if (!count_frac) {
		out_u64(c.u);
		return;
	}
	out_mem(buf, count_fmt(c, buf));
}
