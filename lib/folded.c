/* folded.c: streaming reader of folded stacks */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "folded.h"
#include "util.h"

#define READSIZE (1 << 20)

int fr_ncounts;

void
fr_openfd(struct freader *r, int fd, const char *name)
{
	memset(r, 0, sizeof(*r));
	r->name = name;
	r->fd = fd;
	r->nul = SIZE_MAX;
	r->cap = 2 * READSIZE;
	r->buf = emalloc(r->cap);
}

void
fr_open(struct freader *r, const char *path)
{
	int fd = 0;

	if (path && strcmp(path, "-") && (fd = open(path, O_RDONLY)) < 0)
		eprintf("%s: %s", path, strerror(errno));
	fr_openfd(r, fd, displayname(path));
}

void
fr_close(struct freader *r)
{
	if (r->fd > 0)
		close(r->fd);
	free(r->buf);
	r->buf = NULL;
}

void
fr_error(struct freader *r, const char *fmt, ...)
{
	va_list ap;
	char msg[512];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fileerr(r->name, r->lineno, "%s", msg);
}

/* Read more input after buf[end], moving the unread part to the front
 * first and growing the buffer when the unread part fills most of it. */
static void
fill(struct freader *r)
{
	ssize_t n;
	char *z;

	if (r->pos > 0) {
		memmove(r->buf, r->buf + r->pos, r->end - r->pos);
		r->end -= r->pos;
		r->scanned -= r->pos;
		if (r->nul != SIZE_MAX)
			r->nul -= r->pos;
		r->pos = 0;
	}
	if (r->cap - r->end < READSIZE) {
		if (r->cap > SIZE_MAX / 2)
			eprintf("out of memory");
		r->cap *= 2;
		r->buf = erealloc(r->buf, r->cap);
	}
	do
		n = read(r->fd, r->buf + r->end, r->cap - r->end);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		eprintf("%s: read error: %s", r->name, strerror(errno));
	if (n == 0) {
		r->eof = 1;
		return;
	}
	if (r->nul == SIZE_MAX && (z = memchr(r->buf + r->end, 0, n)))
		r->nul = z - r->buf;
	r->end += n;
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
	char *nl, *s;
	size_t n;

	for (;;) {
		nl = NULL;
		if (r->scanned < r->end)
			nl = memchr(r->buf + r->scanned, '\n', r->end - r->scanned);
		if (!nl) {
			r->scanned = r->end;
			if (!r->eof) {
				fill(r);
				continue;
			}
			if (r->pos == r->end)
				return 0;
			/* a last line without a newline */
			if (r->end == r->cap)
				r->buf = erealloc(r->buf, ++r->cap);
			nl = r->buf + r->end;
			r->end++;
		}
		s = r->buf + r->pos;
		n = nl - s;
		r->pos = r->scanned = nl - r->buf + 1;
		r->lineno++;
		if (r->nul != SIZE_MAX && r->nul < r->pos) {
			r->nul = SIZE_MAX;
			fr_error(r, "NUL byte in input");
		}
		if (n > 0 && s[n - 1] == '\r')
			n--;
		s[n] = 0;
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
}
