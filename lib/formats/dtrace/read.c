/* formats/dtrace/read.c: DTrace and SystemTap stack aggregations to
 * folded stacks (see read.h) */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "formats/dtrace/read.h"
#include "stack/rustsym.h"

struct dtrace {
	const struct dtrace_opts *o;
	int part1;		/* reading from a stack's start inside a file
				 * (folded/split.h): no header there */
	struct dump d;
	struct bytes sym;	/* a Rust symbol made whole */
	struct bytes tmp;	/* and the frame around it */
	uint64_t stacks;	/* blocks ended by a count, in all files */
};

/* The last c in s[0..n), or NULL. */
static const char *
lastof(const char *s, size_t n, char c)
{
	return memrchr(s, c, n);
}

/* The first "ab" in s[0..n), or NULL. */
static const char *
pair(const char *s, size_t n, char a, char b)
{
	const char *p, *end = s + n;

	for (p = s; (p = memchr(p, a, (size_t)(end - p))) && p + 1 < end; p++)
		if (p[1] == b)
			return p;
	return NULL;
}

/* DTrace's first line when it prints to a terminal or a pipe:
 * "CPU     ID                    FUNCTION:NAME". */
static int
cputitle(const char *s, size_t n)
{
	s = dump_trim(s, &n);
	return n > 3 && !memcmp(s, "CPU", 3) && pair(s, n, 'I', 'D') &&
	    n >= 13 && !memcmp(s + n - 13, "FUNCTION:NAME", 13);
}

/*
 * A SystemTap frame, "0xffffffff8103ce3b : native_safe_halt+0xb/0x10
 * [kernel]": its address and the text to the last " : " go, and so
 * does the module in brackets at its end.  0 for any other frame.
 */
static int
stapframe(const char **s, size_t *n)
{
	const char *p = *s, *end = p + *n, *colon = NULL, *q;

	if (*n < 6 || p[0] != '0' || p[1] != 'x' || !ishex(p[2]))
		return 0;
	for (q = p + 2; q < end && ishex(*q); q++)
		;
	if (end - q < 3 || memcmp(q, " : ", 3))
		return 0;
	for (; (q = pair(q, (size_t)(end - q), ' ', ':')); q++)
		if (q + 2 < end && q[2] == ' ')
			colon = q;
	p = colon + 3;
	if (end > p && end[-1] == ']' && (q = lastof(p, (size_t)(end - p), '[')) && q > p &&
	    q[-1] == ' ')
		end = q - 1;
	*s = p;
	*n = (size_t)(end - p);
	return 1;
}

/* C++ arguments and template parameters go, as stackcollapse.pl cuts
 * them: from the last '(' or '<' after the first "::". */
static size_t
uncpp(const char *s, size_t n)
{
	const char *scope = pair(s, n, ':', ':'), *p;

	if (!scope)
		return n;
	for (p = s + n; p > scope + 2; p--)
		if (p[-1] == '(' || p[-1] == '<')
			return (size_t)(p - 1 - s);
	return n;
}

/* A Rust symbol after the module's '`' made whole, its offset kept
 * after it (--includeoffset): the frame's new text, or s itself. */
static const char *
rust(struct dtrace *st, const char *s, size_t *n)
{
	const char *tick = memchr(s, '`', *n), *fn, *off, *end = s + *n;
	size_t flen;

	if (!tick)
		return s;
	fn = tick + 1;
	off = st->o->includeoffset ? lastof(fn, (size_t)(end - fn), '+') : NULL;
	if (!off)
		off = end;
	for (flen = (size_t)(off - fn); flen && (fn[flen - 1] == ' ' || fn[flen - 1] == '\t'); flen--)
		;
	if (!rustsym_fix(fn, flen, &st->sym))
		return s;
	st->tmp.n = 0;
	bytes_put(&st->tmp, s, (size_t)(fn - s));
	bytes_put(&st->tmp, st->sym.p, st->sym.n);
	bytes_put(&st->tmp, off, (size_t)(end - off));
	*n = st->tmp.n;
	return (const char *)st->tmp.p;
}

/*
 * An inlined chain, "test`foo->bar": the frames of the line, the first
 * the caller of the rest, each after the first marked _[i], each
 * without the 'L' of a JVM type name at its start.  Pushed leaf first.
 */
static void
chain(struct dtrace *st, const char *s, size_t n)
{
	const char *end = s + n, *p, *arrow;
	size_t k;

	while ((arrow = NULL, p = s) < end) {
		/* the last "->": the leaf of what is left */
		for (; (p = pair(p, (size_t)(end - p), '-', '>')); p++)
			arrow = p;
		p = arrow ? arrow + 2 : s;
		k = (size_t)(end - p);
		if (k && *p == 'L') {
			p++;
			k--;
		}
		dump_caller(&st->d, p, k, arrow ? "_[i]" : NULL);
		if (!arrow)
			return;
		end = arrow;
	}
}

/* A frame line, s[0..n) without its blanks; leaf: the block's first.
 * 1 for a SystemTap frame. */
static int
frame(struct dtrace *st, const char *s, size_t n, int leaf)
{
	const char *p;
	int stap = stapframe(&s, &n);

	/* the offset, "+0x1c", and all after the last '+' */
	if ((!st->o->includeoffset || leaf) && (p = lastof(s, n, '+')))
		n = (size_t)(p - s);
	n = uncpp(s, n);
	if (!n) {
		s = "-";	/* as stackcollapse.pl writes an empty frame */
		n = 1;
	}
	s = rust(st, s, &n);
	if (pair(s, n, '-', '>'))
		chain(st, s, n);
	else
		dump_caller(&st->d, s, n, NULL);
	return stap;
}

void
dtrace_fold(void *arg, struct lines *r, struct stackmap *m)
{
	struct dtrace *st = arg;
	char *line;
	const char *s;
	size_t n;
	count c;
	int k, counted = st->part1, leaf = 1, stap = 0;
	uint64_t dropped = 0;	/* blocks of no count, before the first count */

	if (!st->d.m)
		dump_init(&st->d, m, r);
	st->d.r = r;
	r->format = "dtrace";
	while (lines_next(r, &line, &n)) {
		if (r->lineno == 1 && !st->part1)
			dump_first(r);
		/* DTrace's header: the title, and the probe that ended it */
		if (r->lineno == 1 && !st->part1 && cputitle(line, n)) {
			lines_next(r, &line, &n);
			continue;
		}
		s = dump_trim(line, &n);
		if (!n) {
			/* before the first count, a blank line ends a header
			 * (inferno's rule), which holds no SystemTap frame */
			if (!counted && !stap && dump_open(&st->d)) {
				dump_drop(&st->d);
				dropped++;
				leaf = 1;
			}
			/* after it, a blank line inside a stack is where
			 * stack() and ustack() meet, kept as one */
			continue;
		}
		if ((k = dump_countline(s, n, &c)) < 0)
			lines_error(r, "count overflows: %s", s);
		if (k) {
			dump_end(&st->d, c);
			st->stacks++;
			counted = leaf = 1;
			continue;
		}
		stap |= frame(st, s, n, leaf);
		leaf = 0;
	}
	if (dump_open(&st->d) && !counted)
		fileerr(r->name, r->lineno, "no count after the frames from line %llu: "
		    "not the output of DTrace or SystemTap?", (unsigned long long)st->d.line);
	if (dump_open(&st->d))
		lines_error(r, "the file ends inside a stack: no count after its frames");
	/* blocks of text and no count at all: prose, not a DTrace output */
	if (!st->part1 && !counted && dropped > 1)
		fileerr(r->name, r->lineno, "%llu blocks of lines and no count: "
		    "not the output of DTrace or SystemTap?", (unsigned long long)dropped);
}

void
dtrace_free(void *arg)
{
	struct dtrace *st = arg;

	dump_free(&st->d);
	bytes_free(&st->sym);
	bytes_free(&st->tmp);
	free(st);
}

struct dtrace *
dtrace_new(const struct dtrace_opts *o, int part1)
{
	struct dtrace *st = ecalloc(1, sizeof(*st));

	st->o = o;
	st->part1 = part1;
	return st;
}

int
dtrace_cut(void *st, const char *path, struct splitfile *f)
{
	char buf[256];
	const char *line;
	size_t n;
	ssize_t got;
	count c;
	int fd;

	(void)st;

	if (!split_point(path, "\n\n", 2, f))
		return 0;
	/* the line before the blank line that ends at f->at */
	n = f->at - 2 < sizeof(buf) ? (size_t)(f->at - 2) : sizeof(buf);
	if (f->at < 3 || (fd = open(f->path, O_RDONLY)) < 0)
		return 0;
	got = pread(fd, buf, n, (off_t)(f->at - 2 - n));
	close(fd);
	if (got != (ssize_t)n)
		return 0;
	if (!(line = memrchr(buf, '\n', n)))
		return n < f->at - 2 ? 0 : dump_countline(buf, n, &c) > 0;
	line++;
	return dump_countline(line, (size_t)(buf + n - line), &c) > 0;
}
