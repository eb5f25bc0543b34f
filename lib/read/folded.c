/* folded.c: streaming reader of folded stacks */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/folded.h"
#include "base/util.h"

int fr_ncounts;

void
fr_openfd(struct freader *r, int fd, const char *name)
{
	lines_openfd(&r->in, fd, name);
	r->name = name;
	r->lineno = 0;
}

void
fr_open(struct freader *r, const char *path)
{
	lines_open(&r->in, path);
	r->name = r->in.name;
	r->lineno = 0;
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

static void
parse_count(struct freader *r, const char *s, size_t n, count *c)
{
	const char *err;

	if (n == 0)
		fr_error(r, "count missing");
	if (s[0] == '-' && n > 1 && s[1] >= '0' && s[1] <= '9')
		fr_error(r, "negative count '%.*s'", (int)(n > 40 ? 40 : n), s);
	if (s[0] < '0' || s[0] > '9')
		fr_error(r, "count missing");
	if ((err = count_parse(s, n, c)))
		fr_error(r, "%s '%.*s'", err, (int)(n > 40 ? 40 : n), s);
}

/* Split line s[0..n) into stack and counts. */
static void
parse_line(struct freader *r, char *s, size_t n, struct fline *l)
{
	size_t f1, f2, stackend;

	while (n > 0 && isblank_(s[n - 1]))
		n--;
	f1 = field_start(s, n);
	stackend = f1;
	if (stackend == 0)
		fr_error(r, "count missing");
	parse_count(r, s + f1, n - f1, &l->c[0]);
	l->ncounts = 1;
	if (fr_ncounts != 1) {
		size_t e = f1;

		while (e > 0 && isblank_(s[e - 1]))
			e--;
		f2 = field_start(s, e);
		if (f2 > 0 && looks_numeric(s + f2, e - f2)) {
			l->c[1] = l->c[0];
			parse_count(r, s + f2, e - f2, &l->c[0]);
			l->ncounts = 2;
			stackend = f2;
		} else if (fr_ncounts == 2) {
			fr_error(r, "two counts expected (the input began with two-count lines)");
		}
		if (!fr_ncounts)
			fr_ncounts = l->ncounts;
	}
	while (stackend > 0 && isblank_(s[stackend - 1]))
		stackend--;
	if (stackend == 0)
		fr_error(r, "stack missing");
	s[stackend] = 0;
	l->stack = s;
	l->len = stackend;
}

int
fr_next(struct freader *r, struct fline *l)
{
	char *s;
	size_t n;

	while (lines_next(&r->in, &s, &n)) {
		r->lineno = r->in.lineno;
		if (n == 0)
			continue;
		if (s[0] == '#' && (n == 1 || s[1] == ' ')) {
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
