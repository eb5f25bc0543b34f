/* formats/instruments/deepcopy.c: Instruments' deep copies (see deepcopy.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/num.h"
#include "base/util.h"
#include "folded/textfold.h"
#include "formats/instruments/deepcopy.h"

struct deepcopy {
	struct stackmap *m;
	int kind;		/* DC_: what the files' weights are */
	const char *first;	/* the file that said so */
	struct depthstack d;
	count *total, *below;	/* per depth: a function's total, its callees' */
	size_t cap;
};

#define NOCOL SIZE_MAX

/* a unit: its name, what it measures, and its size in the unit written
 * (milliseconds, cycles, bytes) as mult * 10^exp, or 1024^exp */
static const struct unit {
	const char *name;
	int kind, mult, exp;
} units[] = {
	{ "ns", DC_TIME, 1, -6 }, { "\xc2\xb5s", DC_TIME, 1, -3 }, { "us", DC_TIME, 1, -3 },
	{ "ms", DC_TIME, 1, 0 }, { "s", DC_TIME, 1, 3 }, { "min", DC_TIME, 6, 4 },
	{ "h", DC_TIME, 36, 5 },
	{ "cycles", DC_CYCLES, 1, 0 }, { "c", DC_CYCLES, 1, 0 }, { "Kc", DC_CYCLES, 1, 3 },
	{ "Mc", DC_CYCLES, 1, 6 }, { "Gc", DC_CYCLES, 1, 9 }, { "Tc", DC_CYCLES, 1, 12 },
	{ "Bytes", DC_BYTES, 1, 0 }, { "B", DC_BYTES, 1, 0 }, { "KB", DC_BYTES, 1, 1 },
	{ "MB", DC_BYTES, 1, 2 }, { "GB", DC_BYTES, 1, 3 }, { "TB", DC_BYTES, 1, 4 },
	{ "KiB", DC_BYTES, 1, 1 }, { "MiB", DC_BYTES, 1, 2 }, { "GiB", DC_BYTES, 1, 3 },
	{ "TiB", DC_BYTES, 1, 4 },
};

/* the columns of a deep copy, from its header */
struct cols {
	size_t total, self, sym;
	const struct unit *selfunit;	/* the self column's "(ms)", or NULL */
	size_t base;			/* the first row's indentation */
	int rows;
};

struct deepcopy *
deepcopy_new(struct stackmap *m)
{
	struct deepcopy *c = ecalloc(1, sizeof(*c));

	c->m = m;
	depth_init(&c->d);
	return c;
}

void
deepcopy_free(struct deepcopy *c)
{
	depth_free(&c->d);
	free(c->total);
	free(c->below);
	free(c);
}

void
deepcopy_print(struct deepcopy *c, struct folder *f)
{
	textfold_print(f, &c->d, c->kind == DC_TIME ? "milliseconds" :
	    c->kind == DC_BYTES ? "bytes" : NULL, c->kind == DC_CYCLES ? "cycles" : NULL);
}

static const struct unit *
unit(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < LEN(units); i++)
		if (strlen(units[i].name) == n && !memcmp(units[i].name, s, n))
			return &units[i];
	return NULL;
}

/* The tab-separated field i of s[0..n): 1 and f[0..*fn), or 0. */
static int
field(const char *s, size_t n, size_t i, const char **f, size_t *fn)
{
	const char *end = s + n, *tab;

	for (; i > 0; i--) {
		if (!(tab = memchr(s, '\t', (size_t)(end - s))))
			return 0;
		s = tab + 1;
	}
	*f = s;
	tab = memchr(s, '\t', (size_t)(end - s));
	*fn = (size_t)((tab ? tab : end) - s);
	return 1;
}

/* M * 10^e, as a count: whole, or a decimal when e < 0. */
static int
decimal(uint64_t m, int e, count *v)
{
	char buf[64];
	int n, k;

	for (; e > 0; e--) {
		if (m > UINT64_MAX / 10)
			return 0;
		m *= 10;
	}
	n = snprintf(buf, sizeof(buf), "%0*llu", 1 - e, (unsigned long long)m);
	if (e < 0) {
		k = n + e;
		memmove(buf + k + 1, buf + k, (size_t)-e + 1);
		buf[k] = '.';
		n++;
	}
	return !count_parse(buf, (size_t)n, v);
}

/* M / 10^d bytes of 1024^e each, rounded to a whole byte. */
static int
bytes(uint64_t m, int d, int e, count *v)
{
	unsigned __int128 b = m, p = 1;

	for (; e > 0; e--)
		b *= 1024;
	for (; d > 0; d--)
		p *= 10;
	b = (b + p / 2) / p;
	if (b > UINT64_MAX)
		return 0;
	*v = count_from_u64((uint64_t)b);
	return 1;
}

/*
 * The weight s[0..n), "4.93 s  100.0%", "404.75 Mc", " 429.93 MB",
 * "693" (in unit def, the column's), "-" (none): 1 and its value in
 * *v, its kind in *kind (left as it is for "-"); 0 when it is none.
 */
static int
weight(const char *s, size_t n, const struct unit *def, count *v, int *kind)
{
	const char *end = s + n, *w;
	const struct unit *u = def;
	uint64_t m = 0;
	int d = -1;

	while (s < end && *s == ' ')
		s++;
	*v = count_from_u64(0);
	if (end - s == 1 && *s == '-')
		return 1;
	for (w = s; s < end && (isdec(*s) || (*s == '.' && d < 0 && s > w)); s++) {
		if (*s == '.') {
			d = 0;
			continue;
		}
		if (m > (UINT64_MAX - 9) / 10)
			return 0;
		m = m * 10 + (uint64_t)(*s - '0');
		d += d >= 0;
	}
	if (s == w || s[-1] == '.')
		return 0;
	d = d < 0 ? 0 : d;
	while (s < end && *s == ' ')
		s++;
	for (w = s; s < end && (((*s | 0x20) >= 'a' && (*s | 0x20) <= 'z') || (unsigned char)*s >= 0x80); s++)
		;
	if (s > w && (w[-1] == ' ' || isdec(w[-1])) && !(u = unit(w, (size_t)(s - w))))
		return 0;
	if (!u)
		return 0;
	*kind = u->kind;
	if (u->kind == DC_BYTES)
		return bytes(m, d, u->exp, v);
	return decimal(m * (uint64_t)u->mult, u->exp - d, v) && (u->mult == 1 || m < UINT64_MAX / 36);
}

static int
is(const char *f, size_t n, const char *s)
{
	return n == strlen(s) && !memcmp(f, s, n);
}

/* The columns of the header line s[0..n). */
static void
header(struct lines *r, const char *s, size_t n, struct cols *k)
{
	const char *f, *open;
	size_t i, fn;

	k->total = k->self = k->sym = NOCOL;
	k->selfunit = NULL;
	k->rows = 0;
	for (i = 0; field(s, n, i, &f, &fn); i++) {
		if (k->total == NOCOL && (is(f, fn, "Weight") || is(f, fn, "Running Time") ||
		    is(f, fn, "Bytes Used")))
			k->total = i;
		else if (k->self == NOCOL && fn >= 4 && !memcmp(f, "Self", 4)) {
			k->self = i;
			if ((open = memchr(f, '(', fn)) && f[fn - 1] == ')')
				k->selfunit = unit(open + 1, (size_t)(f + fn - 1 - open - 1));
		} else if (k->sym == NOCOL && (is(f, fn, "Symbol Name") || is(f, fn, "Symbol Names")))
			k->sym = i;
	}
	if (k->sym == NOCOL || (k->total == NOCOL && k->self == NOCOL))
		lines_error(r, "not the header of an Instruments deep copy (Weight, Running Time "
		    "or Bytes Used, Self..., Symbol Name)");
}

static void
add(struct deepcopy *c, struct lines *r, count v)
{
	if (!count_iszero(v) && !depth_add(&c->d, v))
		lines_error(r, "sum of counts overflows");
}

/* Leave the functions from depth on: without a self column, each
 * counts its total less its callees'. */
static void
leave(struct deepcopy *c, struct lines *r, const struct cols *k, size_t depth)
{
	count self;
	size_t i;

	for (i = c->d.n; i-- > depth;) {
		depth_cut(&c->d, i + 1);
		if (k->self == NOCOL) {
			self = c->total[i];
			if (count_cmp(c->below[i], self) < 0) {
				count_sub(&self, c->below[i]);
				add(c, r, self);
			}
			if (i && !count_add(&c->below[i - 1], c->total[i]))
				lines_error(r, "sum of counts overflows");
		}
	}
	depth_cut(&c->d, depth);
}

/* The kind of weight of this file: the same as the files' before. */
static void
kind(struct deepcopy *c, struct lines *r, int k)
{
	static const char *const what[] = { "", "time", "cycles", "bytes" };

	if (c->kind && c->kind != k)
		lines_error(r, "a weight in %s after weights in %s%s%s", what[k], what[c->kind],
		    strcmp(c->first, r->name) ? " in " : "", strcmp(c->first, r->name) ? c->first : "");
	c->kind = k;
	c->first = r->name;
}

static void
row(struct deepcopy *c, struct lines *r, struct cols *k, const char *s, size_t n)
{
	const char *sym, *f;
	size_t symn, lead, fn, depth;
	count v;
	int kd = 0;

	if (!field(s, n, k->sym, &sym, &symn))
		lines_error(r, "no Symbol Name field");
	for (lead = 0; lead < symn && sym[lead] == ' '; lead++)
		;
	while (symn > lead && sym[symn - 1] == ' ')
		symn--;
	if (lead == symn)
		return;		/* no symbol: as speedscope, no function */
	if (!k->rows++)
		k->base = lead;
	if (lead < k->base)
		lines_error(r, "indented less than the first line");
	depth = lead - k->base;
	if (depth > c->d.n)
		lines_error(r, "depth %zu after depth %zu: a level skipped", depth,
		    c->d.n ? c->d.n - 1 : 0);
	leave(c, r, k, depth);
	depth_set(&c->d, depth, sym + lead, symn - lead);
	c->total = egrowarray(c->total, &c->cap, depth + 1, sizeof(*c->total));
	c->below = erealloc(c->below, c->cap * sizeof(*c->below));
	c->below[depth] = count_from_u64(0);
	if (k->self != NOCOL) {
		if (!field(s, n, k->self, &f, &fn) || !weight(f, fn, k->selfunit, &v, &kd))
			lines_error(r, "bad self weight");
		if (kd)
			kind(c, r, kd);
		add(c, r, v);
	} else {
		if (!field(s, n, k->total, &f, &fn) || !weight(f, fn, NULL, &c->total[depth], &kd))
			lines_error(r, "bad weight");
		if (kd)
			kind(c, r, kd);
	}
}

void
deepcopy_fold(struct deepcopy *c, struct lines *r)
{
	struct cols k;
	char *s;
	size_t n;
	int started = 0;

	depth_cut(&c->d, 0);
	while (lines_next(r, &s, &n)) {
		if (!started && n >= 3 && !memcmp(s, "\xef\xbb\xbf", 3))
			s += 3, n -= 3;
		if (!n)
			continue;
		if (!started++)
			header(r, s, n, &k);
		else
			row(c, r, &k, s, n);
	}
	if (started)
		leave(c, r, &k, 0);
}
