/* folded.c: streaming reader of folded stacks */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "folded/folded.h"
#include "base/escape.h"
#include "base/util.h"

void
fr_openfd(struct freader *r, int fd, const char *name, struct frules *rules)
{
	lines_openfd(&r->in, fd, name);
	r->name = name;
	r->lineno = 0;
	r->ncounts = r->declared = 0;
	r->rules = rules;
}

void
fr_open(struct freader *r, const char *path, struct frules *rules)
{
	lines_open(&r->in, path);
	r->name = r->in.name;
	r->lineno = 0;
	r->ncounts = r->declared = 0;
	r->rules = rules;
}

void
fr_rules_join(struct frules *a, const struct frules *b)
{
	if (!a->ncounts)
		a->ncounts = b->ncounts;
	a->declared |= b->declared;
	a->frac |= b->frac;
}

void
fr_close(struct freader *r)
{
	lines_close(&r->in);
}

static int
isblank_(char c)
{
	return c == ' ' || c == '\t';
}

/* The field ending at s[n-1]: its start. */
static size_t
field_start(const char *s, size_t n)
{
	while (n > 0 && !isblank_(s[n - 1]))
		n--;
	return n;
}

static int
looks_numeric(const char *s, size_t n)
{
	count c;

	return n > 0 && !count_parse(s, n, &c);
}

/*
 * Input text quoted in a message: control characters and bytes that are
 * not UTF-8 as \xHH, so that no escape sequence reaches the terminal;
 * at most 40 bytes of it.
 */
static noreturn void
bad(struct freader *r, const char *what, const char *s, size_t n, const char *after)
{
	char buf[4 * 40 + 4];

	term_escape(s, n > 40 ? 40 : n, buf);
	fr_error(r, "%s '%s'%s", what, buf, after);
}

static void
parse_count(struct freader *r, const char *s, size_t n, count *c)
{
	const char *err;

	if (n == 0)
		fr_error(r, "count missing");
	if (s[0] == '-' && n > 1 && s[1] >= '0' && s[1] <= '9')
		bad(r, "negative count", s, n, "");
	if (s[0] < '0' || s[0] > '9')
		fr_error(r, "count missing");
	if ((err = count_parse(s, n, c)))
		bad(r, err, s, n, "");
	if (!r->rules->frac && memchr(s, '.', n))
		r->rules->frac = 1;
}

/* The input's count columns are n (a header, or the first line, says). */
static void
set_ncounts(struct freader *r, int n)
{
	r->ncounts = n;
	if (!r->rules->ncounts)
		r->rules->ncounts = n;
}

/*
 * Split line s[0..n) into stack and counts.  Exactly one blank before a
 * count separates it, as flamegraph.pl and difffolded.pl take it
 * (/^(.*)\s+?(\d+(?:\.\d*)?)$/): a frame may end in blanks, the leaf
 * as any other ("[unknown] 5" is the frame "[unknown] ").  Blanks
 * after the last count are no part of it.
 */
static void
parse_line(struct freader *r, char *s, size_t n, struct fline *l)
{
	size_t f1, f2, e, stackend;
	int k = r->ncounts ? r->ncounts : r->rules->ncounts, two;

	while (n > 0 && isblank_(s[n - 1]))
		n--;
	f1 = field_start(s, n);
	if (f1 == 0)
		fr_error(r, looks_numeric(s, n) ? "stack missing" : "count missing");
	parse_count(r, s + f1, n - f1, &l->c[0]);
	e = f1 - 1;
	/* most stacks end in a letter or ')': no number there */
	two = 0;
	f2 = e;
	if (e > 0 && ((s[e - 1] >= '0' && s[e - 1] <= '9') || s[e - 1] == '.')) {
		f2 = field_start(s, e);
		two = looks_numeric(s + f2, e - f2);
	}
	if (!k)
		set_ncounts(r, two && f2 > 0 ? 2 : 1);
	else if (!r->ncounts)
		r->ncounts = k;
	l->ncounts = r->ncounts;
	stackend = e;
	if (r->ncounts == 2) {
		if (!two)
			fr_error(r, r->declared ? "two counts expected (the header says counts=2)" :
			    "two counts expected (the input began with two-count lines)");
		l->c[1] = l->c[0];
		parse_count(r, s + f2, e - f2, &l->c[0]);
		stackend = f2 ? f2 - 1 : 0;	/* its one blank before it */
	} else if (two && f2 > 0 && !r->declared) {
		fr_error(r, "two counts in one-count input (a last frame that ends in a "
		    "number needs a '# fg: counts=1' header)");
	}
	/* blanks alone before the count are no stack */
	for (e = 0; e < stackend && isblank_(s[e]); e++)
		;
	if (e == stackend)
		fr_error(r, "stack missing");
	s[stackend] = 0;
	l->stack = s;
	l->len = stackend;
}

/* A "# fg: counts=N" header: the input's count columns, to be kept. */
static void
counts_header(struct freader *r, const char *s, size_t n)
{
	static const char key[] = "# fg: counts=";
	size_t k = sizeof(key) - 1;
	int c;

	if (n < k || memcmp(s, key, k))
		return;
	while (n > k && isblank_(s[n - 1]))
		n--;
	if (n != k + 1 || (s[k] != '1' && s[k] != '2'))
		bad(r, "bad header", s, n, ": counts is 1 or 2");
	c = s[k] - '0';
	if ((r->ncounts && r->ncounts != c) || (r->rules->ncounts && r->rules->ncounts != c))
		fr_error(r, "a counts=%d header in %d-count input", c,
		    r->ncounts ? r->ncounts : r->rules->ncounts);
	r->declared = r->rules->declared = 1;
	set_ncounts(r, c);
}

int
fr_next(struct freader *r, struct fline *l)
{
	char *s;
	size_t n;

	while (lines_next(&r->in, &s, &n)) {
		r->lineno = r->in.lineno;
		if (r->lineno == 1 && n >= 3 && !memcmp(s, "\xef\xbb\xbf", 3)) {
			s += 3;	/* a UTF-8 byte order mark is no part of a frame */
			n -= 3;
		}
		if (n == 0)
			continue;
		if (s[0] == '#' && (n == 1 || s[1] == ' ')) {
			counts_header(r, s, n);
			l->stack = s;
			l->len = n;
			l->ncounts = 0;
			return 1;
		}
		parse_line(r, s, n, l);
		return 1;
	}
	return 0;
}

void
fr_addcounts(struct freader *r, count *a, const count *c, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!count_add(&a[i], c[i])) {
			if (!r)
				eprintf("sum of counts overflows");
			fr_error(r, "sum of counts overflows");
		}
}
