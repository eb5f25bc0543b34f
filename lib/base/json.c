/* json.c: JSON read in one pass over a buffer (see json.h) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/json.h"
#include "base/util.h"

void
json_init(struct json *j, const char *s, size_t n, const char *name)
{
	memset(j, 0, sizeof(*j));
	j->base = j->p = s;
	j->end = s + n;
	j->name = name;
	j->maxdepth = JSON_MAXDEPTH;
	if (n >= 3 && !memcmp(s, "\xef\xbb\xbf", 3))
		j->p += 3;
}

int
json_head(const char *p, size_t n, size_t *at)
{
	size_t i = 0;

	if (n >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
		i = 3;
	while (i < n && (p[i] == ' ' || p[i] == '\n' || p[i] == '\r' || p[i] == '\t'))
		i++;
	if (i == n)
		return -1;
	*at = i;
	return p[i] && strchr("{[\"-0123456789tfn", p[i]);
}

void
json_at(struct json *j, const struct json *from, uint64_t off)
{
	unsigned char *kind = j->kind;
	char *buf = j->buf;
	size_t kindcap = j->kindcap, cap = j->cap;

	json_init(j, from->base, (size_t)(from->end - from->base), from->name);
	j->p = j->base + off;
	j->maxdepth = from->maxdepth;
	j->partial = from->partial;
	j->kind = kind;
	j->kindcap = kindcap;
	j->buf = buf;
	j->cap = cap;
}

void
json_free(struct json *j)
{
	free(j->kind);
	free(j->buf);
	j->kind = NULL;
	j->buf = NULL;
	j->kindcap = 0;
	j->cap = 0;
}

void
json_error(const struct json *j, uint64_t off, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vbyteerr(j->name, off, fmt, ap);
	va_end(ap);
}

/* An error at p. */
static noreturn void
errat(const struct json *j, const char *p, const char *what)
{
	json_error(j, (uint64_t)(p - j->base), "%s", what);
}

static inline void
white(struct json *j)
{
	const char *p = j->p;

	while (p < j->end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
		p++;
	j->p = p;
}

uint64_t
json_off(struct json *j)
{
	white(j);
	return (uint64_t)(j->p - j->base);
}

const char *
json_kindname(int kind)
{
	static const char *const names[] = { "nothing", "an object", "an array", "a string",
	    "a number", "true", "false", "null" };

	return kind >= 0 && kind < (int)LEN(names) ? names[kind] : "nothing";
}

int
json_peek(struct json *j)
{
	white(j);
	if (j->p == j->end)
		errat(j, j->p, j->depth ? "the JSON is cut short" : "no JSON value");
	switch (*j->p) {
	case '{': return JSON_OBJ;
	case '[': return JSON_ARR;
	case '"': return JSON_STR;
	case 't': return JSON_TRUE;
	case 'f': return JSON_FALSE;
	case 'n': return JSON_NULL;
	case '-': case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		return JSON_NUM;
	}
	errat(j, j->p, "a JSON value expected");
}

/* The next value must be of this kind. */
static void
expect(struct json *j, int kind)
{
	int k = json_peek(j);

	if (k != kind)
		json_error(j, json_off(j), "%s expected, not %s", json_kindname(kind),
		    json_kindname(k));
}

static void
enter(struct json *j, int kind)
{
	expect(j, kind);
	if (j->depth >= j->maxdepth)
		json_error(j, json_off(j), "JSON nested deeper than %u", j->maxdepth);
	j->kind = egrowarray(j->kind, &j->kindcap, (size_t)j->depth + 1, 1);
	j->kind[j->depth++] = (unsigned char)kind;
	j->p++;
	j->first = 1;
}

void
json_obj(struct json *j)
{
	enter(j, JSON_OBJ);
}

void
json_arr(struct json *j)
{
	enter(j, JSON_ARR);
}

/* Past the open container's first element or a ',' before the next:
 * 1 when an element follows, 0 when close (passed) ends it. */
/* A top-level array of a partial document ends at the buffer's end. */
static int
partial_end(struct json *j)
{
	white(j);
	if (j->p != j->end || !j->partial || j->depth != 1 || j->kind[0] != JSON_ARR)
		return 0;
	j->depth--;
	j->first = 0;
	return 1;
}

static int
next(struct json *j, char close)
{
	if (partial_end(j))
		return 0;
	if (j->p == j->end)
		errat(j, j->p, "the JSON is cut short");
	if (*j->p == close) {
		j->p++;
		j->depth--;
		j->first = 0;
		return 0;
	}
	if (j->first) {
		j->first = 0;
		return 1;
	}
	if (*j->p != ',')
		errat(j, j->p, close == '}' ? "',' or '}' expected" : "',' or ']' expected");
	j->p++;
	return !partial_end(j);
}

int
json_more(struct json *j)
{
	return next(j, ']');
}

/* The four hex digits at p as a number, or -1. */
static long
hex4(const char *p)
{
	long v = 0;
	int i, c;

	for (i = 0; i < 4; i++) {
		c = (unsigned char)p[i];
		if (c >= '0' && c <= '9')
			c -= '0';
		else if ((c | 32) >= 'a' && (c | 32) <= 'f')
			c = (c | 32) - 'a' + 10;
		else
			return -1;
		v = v << 4 | c;
	}
	return v;
}

static void
put(struct json *j, size_t *n, const char *s, size_t len)
{
	j->buf = egrowarray(j->buf, &j->cap, *n + len + 4, 1);
	memcpy(j->buf + *n, s, len);
	*n += len;
}

static void
putcp(struct json *j, size_t *n, uint32_t c)
{
	char u[4];

	put(j, n, u, utf8_encode(c, u));
}

/* The escape at p ('\\' first), decoded into buf; returns its end. */
static const char *
unescape(struct json *j, const char *p, size_t *n)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *q;
	long c, lo;

	if (j->end - p < 2)
		errat(j, p, "the JSON is cut short in a string");
	if (p[1] != 'u') {
		if (!p[1] || !(q = strchr(from, p[1])))
			errat(j, p, "bad escape in a string");
		put(j, n, to + (q - from), 1);
		return p + 2;
	}
	if (j->end - p < 6 || (c = hex4(p + 2)) < 0)
		errat(j, p, "bad \\u escape in a string");
	if (c >= 0xdc00 && c <= 0xdfff)
		errat(j, p, "a lone low surrogate in a string");
	if (c < 0xd800 || c > 0xdbff) {
		putcp(j, n, (uint32_t)c);
		return p + 6;
	}
	if (j->end - p < 12 || p[6] != '\\' || p[7] != 'u' || (lo = hex4(p + 8)) < 0 ||
	    lo < 0xdc00 || lo > 0xdfff)
		errat(j, p, "a high surrogate without its low half in a string");
	putcp(j, n, (uint32_t)(0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00)));
	return p + 12;
}

/* Bytes that end a run of plain string bytes: '"', '\\', controls,
 * and the start of a multibyte character. */
static const unsigned char special[256] = {
	[0 ... 0x1f] = 1, ['"'] = 1, ['\\'] = 1, [0x80 ... 0xff] = 1,
};

/* The string at j->p ('"'), checked and decoded. */
static struct jstr
string(struct json *j)
{
	const char *p = j->p + 1, *run = p, *end = j->end;
	const unsigned char *u;
	struct jstr s;
	size_t n = 0, k;
	int esc = 0;

	for (;;) {
		u = (const unsigned char *)p;
		while (p < end && !special[*u])
			p++, u++;
		if (p == end)
			errat(j, j->p, "the JSON is cut short in a string");
		if (*p == '"')
			break;
		if ((unsigned char)*p < 0x20)
			errat(j, p, "a control character in a string");
		if (*p != '\\') {
			if (!(k = utf8_decode(p, (size_t)(end - p), NULL)))
				errat(j, p, "invalid UTF-8 in a string");
			p += k;
			continue;
		}
		if (!esc)
			esc = 1;
		put(j, &n, run, (size_t)(p - run));
		p = unescape(j, p, &n);
		run = p;
	}
	if (esc) {
		put(j, &n, run, (size_t)(p - run));
		j->buf[n] = 0;
		s.s = j->buf;
		s.len = n;
	} else {
		s.s = j->p + 1;
		s.len = (size_t)(p - j->p - 1);
	}
	j->p = p + 1;
	return s;
}

int
json_key(struct json *j, struct jstr *k)
{
	struct jstr s;

	if (!next(j, '}'))
		return 0;
	white(j);
	if (j->p == j->end || *j->p != '"')
		errat(j, j->p, j->p == j->end ? "the JSON is cut short" : "a key (a string) expected");
	s = string(j);
	white(j);
	if (j->p == j->end || *j->p != ':')
		errat(j, j->p, "':' expected after a key");
	j->p++;
	if (k)
		*k = s;
	return 1;
}

struct jstr
json_str(struct json *j)
{
	expect(j, JSON_STR);
	return string(j);
}

int
json_is(struct jstr k, const char *name)
{
	return strlen(name) == k.len && !memcmp(k.s, name, k.len);
}

static int
digit(const char *p, const char *end)
{
	return p < end && *p >= '0' && *p <= '9';
}

/* The number at j->p, checked; its end: number's whole work, for the
 * numbers its fast path leaves (long, fractional, with an exponent,
 * or bad).  Its value into *n, the double of one that is not an
 * integer unless skipping (strtod is most of the time of a file of
 * decimals passed over). */
static const char *
number_slow(struct json *j, struct jnum *n, int skipping)
{
	const char *p = j->p, *end = j->end, *start = p;
	uint64_t v = 0, lim, u = 0;
	int neg = 0, over = 0, uover = 0;
	char small[64], *copy;

	n->u = 0;
	if (*p == '-')
		neg = 1, p++;
	if (!digit(p, end))
		errat(j, p, "a digit expected in a number");
	lim = neg ? (uint64_t)1 << 63 : ((uint64_t)1 << 63) - 1;
	if (*p == '0' && digit(p + 1, end))
		errat(j, p, "a number with a leading zero");
	for (; digit(p, end); p++) {
		/* below 2^63 / 10, no digit can overflow: no division */
		if (v < 922337203685477580ULL)
			v = v * 10 + (uint64_t)(*p - '0');
		else if (!over && v <= (lim - (uint64_t)(*p - '0')) / 10)
			v = v * 10 + (uint64_t)(*p - '0');
		else
			over = 1;
		if (!uover && u <= (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			u = u * 10 + (uint64_t)(*p - '0');
		else
			uover = 1;
	}
	n->isint = !over;
	if (p < end && *p == '.') {
		n->isint = 0;
		if (!digit(++p, end))
			errat(j, p, "a digit expected after '.' in a number");
		while (digit(p, end))
			p++;
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		n->isint = 0;
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			p++;
		if (!digit(p, end))
			errat(j, p, "a digit expected in a number's exponent");
		while (digit(p, end))
			p++;
	}
	if (n->isint) {
		n->i = neg ? (int64_t)(0 - v) : (int64_t)v;
		n->d = (double)n->i;
		return p;
	}
	if (over && !uover && !neg && digit(p - 1, end))
		n->u = u;	/* no fraction or exponent came after the digits */
	if (skipping)	/* a value passed over: its grammar is all that is checked */
		return p;
	copy = (size_t)(p - start) < sizeof(small) ? small : emalloc((size_t)(p - start) + 1);
	memcpy(copy, start, (size_t)(p - start));
	copy[p - start] = 0;
	n->d = strtod(copy, NULL);
	n->i = 0;
	if (copy != small)
		free(copy);
	return p;
}

/* The powers of ten a double holds exactly */
static const double exact10[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15
};

/* The decimal whose digits before its '.' made v, its '.' at p: when
 * its digits are 15 at most and no exponent follows, its value into *n
 * and its end; else NULL.  The digits as an integer below 2^53 and a
 * power of ten up to 10^15 are exact doubles, so their quotient is the
 * double nearest the decimal, the one strtod gives. */
static const char *
decimal(struct json *j, struct jnum *n, uint64_t v, const char *p)
{
	const char *end = j->end, *dot = p++;
	size_t k, intdigits = (size_t)(dot - j->p);

	for (k = 0; p < end && (unsigned char)(*p - '0') < 10 && intdigits + k < 15; p++, k++)
		v = v * 10 + (uint64_t)(*p - '0');
	if (!k || (p < end && ((unsigned char)(*p - '0') < 10 || *p == 'e' || *p == 'E')))
		return NULL;
	n->isint = 0;
	n->i = 0;
	n->u = 0;
	n->d = (double)v / exact10[k];
	return p;
}

/* The number at j->p, checked; its end.  The usual ones, a short
 * integer (up to 18 digits: below 2^63, no overflow to check) or a
 * short decimal (decimal), are read here; any other by number_slow. */
static inline const char *
number(struct json *j, struct jnum *n, int skipping)
{
	const char *p = j->p, *end = j->end, *stop, *q;
	uint64_t v = 0;

	if (*p == '-')
		return number_slow(j, n, skipping);
	/* a 0 is read as a digit: a digit after it is the error number_slow says */
	stop = *p == '0' ? p + 1 : end - p > 18 ? p + 18 : end;
	for (; p < stop && (unsigned char)(*p - '0') < 10; p++)
		v = v * 10 + (uint64_t)(*p - '0');
	if (p > j->p && p < end && *p == '.' && (q = decimal(j, n, v, p)))
		return q;
	if (p == j->p || (p < end && ((unsigned char)(*p - '0') < 10 || *p == '.' ||
	    *p == 'e' || *p == 'E')))
		return number_slow(j, n, skipping);
	n->isint = 1;
	n->i = (int64_t)v;
	n->d = (double)v;
	n->u = 0;
	return p;
}

void
json_strcopy(struct json *j, struct bytes *b)
{
	struct jstr s = json_str(j);

	b->n = 0;
	bytes_put(b, s.s, s.len);
}

void
json_num(struct json *j, struct jnum *n)
{
	expect(j, JSON_NUM);
	j->p = number(j, n, 0);
}

int64_t
json_int(struct json *j, int64_t lo, int64_t hi, const char *what)
{
	struct jnum n;
	uint64_t off = json_off(j);

	if (json_peek(j) != JSON_NUM)
		json_error(j, off, "%s: a number expected, not %s", what,
		    json_kindname(json_peek(j)));
	j->p = number(j, &n, 0);
	if (!n.isint && n.d >= -9.2e18 && n.d <= 9.2e18 && n.d == (double)(int64_t)n.d) {
		n.i = (int64_t)n.d;	/* 1e3, 5.0 */
		n.isint = 1;
	}
	if (!n.isint && (n.d < -9.2e18 || n.d > 9.2e18))	/* whole, as every double there is */
		json_error(j, off, "%s: overflows 64 bits", what);
	if (!n.isint)
		json_error(j, off, "%s: not an integer", what);
	if (n.i < lo || n.i > hi)
		json_error(j, off, "%s: %lld is out of range", what, (long long)n.i);
	return n.i;
}

/* The literal word at j->p. */
static void
word(struct json *j, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(j->end - j->p) < n || memcmp(j->p, w, n))
		errat(j, j->p, "a JSON value expected");
	j->p += n;
}

/* Pass a scalar of kind k. */
static void
scalar(struct json *j, int k)
{
	struct jnum n;

	switch (k) {
	case JSON_STR: string(j); break;
	case JSON_NUM: j->p = number(j, &n, 1); break;
	case JSON_TRUE: word(j, "true"); break;
	case JSON_FALSE: word(j, "false"); break;
	default: word(j, "null"); break;
	}
}

void
json_skip(struct json *j)
{
	unsigned base = j->depth;
	int k;

	for (;;) {
		k = json_peek(j);
		if (k == JSON_OBJ || k == JSON_ARR) {
			enter(j, k);
			if (k == JSON_OBJ ? json_key(j, NULL) : json_more(j))
				continue;
		} else {
			scalar(j, k);
		}
		/* a value is done: the next in its container, or close it */
		for (;;) {
			if (j->depth == base)
				return;
			if (j->kind[j->depth - 1] == JSON_OBJ ? json_key(j, NULL) : json_more(j))
				break;
		}
	}
}

void
json_end(struct json *j)
{
	white(j);
	if (j->p != j->end)
		errat(j, j->p, "more after the JSON value");
}

void
json_findkeys(struct json *j, const char *const *names, uint64_t *off, int n)
{
	struct jstr k;
	int i;

	for (i = 0; i < n; i++)
		off[i] = 0;
	json_obj(j);
	while (json_key(j, &k)) {
		for (i = 0; i < n && !json_is(k, names[i]); i++)
			;
		if (i < n && json_peek(j) != JSON_NULL)
			off[i] = json_off(j);
		json_skip(j);
	}
}
