/* csv.c: comma-separated records (see csv.h) */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "folded/csv.h"

void
csv_init(struct csv *c, struct lines *r)
{
	c->r = r;
	c->nf = 0;
	c->indent = 0;
	c->line = 0;
}

void
csv_free(struct csv *c)
{
	free(c->f);
	bytes_free(&c->rec);
}

/* Does s[0..n) end inside a quoted field?  *inq says whether it
 * starts inside one (and *start at a field's start), and is left so
 * for the text that follows. */
static int
open_quote(const char *s, size_t n, int *inq, int *start)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (*inq) {
			if (s[i] == '"' && i + 1 < n && s[i + 1] == '"')
				i++;
			else if (s[i] == '"')
				*inq = 0;
		} else if (s[i] == ',') {
			*start = 1;
			continue;
		} else if (s[i] == '"' && *start) {
			*inq = 1;
		}
		*start = 0;
	}
	return *inq;
}

static void
field(struct csv *c, char *s, size_t n)
{
	c->f = egrowarray(c->f, &c->fcap, c->nf + 1, sizeof(*c->f));
	c->f[c->nf].s = s;
	c->f[c->nf++].n = n;
}

/* The quoted field that starts at s[*i] (its quote), unescaped in
 * place; *i then at the comma after it, or at n. */
static void
quoted(struct csv *c, char *s, size_t n, size_t *i)
{
	size_t j = *i + 1, w = j;

	for (; j < n; j++) {
		if (s[j] == '"' && j + 1 < n && s[j + 1] == '"')
			j++;
		else if (s[j] == '"')
			break;
		s[w++] = s[j];
	}
	field(c, s + *i + 1, w - *i - 1);
	if (++j < n && s[j] != ',')
		fileerr(c->r->name, c->line, "text after a closing quote in field %zu", c->nf);
	*i = j;
}

/* Split the complete record s[0..n) into c's fields. */
static void
split(struct csv *c, char *s, size_t n)
{
	size_t i = 0, start;
	char *comma;

	c->nf = 0;
	for (;;) {
		if (i < n && s[i] == '"') {
			quoted(c, s, n, &i);
		} else {
			start = i;
			comma = memchr(s + i, ',', n - i);
			i = comma ? (size_t)(comma - s) : n;
			field(c, s + start, i - start);
		}
		if (i >= n)
			return;
		i++;	/* the comma */
		if (i == n) {
			field(c, s + n, 0);
			return;
		}
	}
}

int
csv_next(struct csv *c, int lead)
{
	char *s, *more;
	size_t n, k, m;
	int inq = 0, start = 1;

	if (!lines_next(c->r, &s, &n))
		return 0;
	c->line = c->r->lineno;
	for (k = 0; lead && k < n && s[k] == ' '; k++)
		;
	c->indent = k;
	s += k;
	n -= k;
	if (memchr(s, '"', n) && open_quote(s, n, &inq, &start)) {
		/* a quoted line break: the lines joined, until the quote closes */
		c->rec.n = 0;
		bytes_put(&c->rec, s, n);
		do {
			if (!lines_next(c->r, &more, &m))
				fileerr(c->r->name, c->line, "a quoted field is not closed");
			bytes_put(&c->rec, "\n", 1);
			bytes_put(&c->rec, more, m);
			start = 0;
		} while (open_quote(more, m, &inq, &start));
		s = (char *)c->rec.p;
		n = c->rec.n;
	}
	split(c, s, n);
	return 1;
}
