/* num.c: numbers from the command line; saturating sums and products */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/err.h"
#include "base/num.h"

uint64_t
sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

uint64_t
sat_mul(uint64_t a, uint64_t b)
{
	return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

/* The usage error of a number past the largest one a WHAT may be. */
static noreturn void
toolarge(const char *s, const char *what, const char *max)
{
	usage_error("%s: '%s' is out of range (at most %s)", what, s, max);
}

uint64_t
estrtou64(const char *s, const char *what)
{
	char *end;
	unsigned long long v;

	errno = 0;
	if (*s < '0' || *s > '9')
		goto bad;
	v = strtoull(s, &end, 10);
	if (*end)
		goto bad;
	if (errno == ERANGE)
		toolarge(s, what, "18446744073709551615");
	if (errno)
		goto bad;
	return v;
bad:
	usage_error("bad %s: '%s'", what, s);
}

uint64_t
estrtosize(const char *s, const char *what)
{
	static const char suffix[] = "kMGT";
	const char *k;
	char *end;
	unsigned long long v;
	int shift = 0;

	errno = 0;
	if (*s < '0' || *s > '9')
		goto bad;
	v = strtoull(s, &end, 10);
	if (*end == 'K')
		shift = 10;
	else if (*end && (k = strchr(suffix, *end)))
		shift = 10 * (k - suffix + 1);
	if (shift)
		end++;
	if (*end || !v || (errno && errno != ERANGE))
		goto bad;
	if (errno == ERANGE || v > UINT64_MAX >> shift)
		toolarge(s, what, "18446744073709551615 bytes");
	return (uint64_t)v << shift;
bad:
	usage_error("bad %s '%s'", what, s);
}

/* Is s a decimal number as a user writes one: an optional sign, digits
 * with an optional point, an optional exponent?  Not hex, inf or nan,
 * and no blank before it (strtod takes them all). */
static int
decimal(const char *s)
{
	int digits = 0;

	if (*s == '-' || *s == '+')
		s++;
	for (; *s >= '0' && *s <= '9'; s++)
		digits++;
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++)
			digits++;
	if (!digits)
		return 0;
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '-' || *s == '+')
			s++;
		if (*s < '0' || *s > '9')
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return !*s;
}

/* estrtod, max the largest value said in the message of one too large. */
static double
todouble(const char *s, const char *what, const char *max)
{
	char *end;
	double v;

	errno = 0;
	if (!decimal(s))
		goto bad;
	v = strtod(s, &end);
	if (end == s || *end || v != v)
		goto bad;
	if (errno == ERANGE && (v > 1 || v < -1))
		toolarge(s, what, max);
	if (errno == ERANGE)
		v = 0;	/* too small for a double: as good as 0 */
	return v;
bad:
	usage_error("bad %s: '%s'", what, s);
}

double
estrtod(const char *s, const char *what)
{
	return todouble(s, what, "1.7976931348623157e308");
}

double
estrtocount(const char *s, const char *what)
{
	double v = todouble(s, what, "18446744073709551615");
	unsigned long long u;
	char *end;

	if (v < 18446744073709551616.0)
		return v;
	/* 2^64 - 1 written whole rounds up to 2^64 as a double */
	errno = 0;
	u = strtoull(s, &end, 10);
	if (isdec(*s) && !*end && !errno && u == UINT64_MAX)
		return v;
	toolarge(s, what, "18446744073709551615");
}
