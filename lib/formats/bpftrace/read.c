/* formats/bpftrace/read.c: bpftrace's maps of stacks to folded stacks
 * (see read.h) */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "formats/bpftrace/read.h"

struct bpftrace {
	const struct bpftrace_opts *o;
	struct dump d;
	int in;			/* inside an entry */
	struct bytes map;	/* the first map's name */
	int maps;		/* another map was seen: 1, said: 2 */
	uint64_t line;		/* the line the open entry began at */
	struct dumpodd odd;	/* lines outside entries not understood */
};

/* "@NAME[" at the start of s[0..n): the length of "@NAME", 0 when s
 * opens no map entry with a key */
static size_t
mapname(const char *s, size_t n)
{
	size_t k = 1;

	if (!n || s[0] != '@')
		return 0;
	while (k < n && (s[k] == '_' || isdec(s[k]) || ((s[k] | 32) >= 'a' && (s[k] | 32) <= 'z')))
		k++;
	return k < n && s[k] == '[' ? k : 0;
}

/*
 * Does s[0..n) end an entry, "...]: COUNT"?  1 with *at the offset of
 * its ']' and the count in *c; 0 when it does not; an error when the
 * value is not a count (a histogram's lines follow an empty one).
 */
static int
endline(struct lines *r, const char *s, size_t n, size_t *at, count *c)
{
	const char *p = memrchr(s, ']', n), *v;
	size_t k;
	int rc;

	if (!p || (size_t)(p - s) + 1 >= n || p[1] != ':')
		return 0;
	*at = (size_t)(p - s);
	for (v = p + 2, k = n - *at - 2; k && dump_blank(*v); v++, k--)
		;
	if (!k || (rc = dump_countline(v, k, c)) == 0)
		lines_error(r, "the value is not a count: a map of stacks folds when its "
		    "values are counts (count(), sum())");
	if (rc < 0)
		lines_error(r, "count overflows: %.*s", (int)k, v);
	return 1;
}

/* Scalar keys, "comm, 38", as a root frame; ", " at their ends goes. */
static void
keys(struct bpftrace *st, const char *s, size_t n)
{
	while (n && (dump_blank(*s) || *s == ',')) {
		s++;
		n--;
	}
	while (n && (dump_blank(s[n - 1]) || s[n - 1] == ','))
		n--;
	if (n)
		dump_root(&st->d, s, n);
}

/* A frame, s[0..n) without its blanks at the start: "tcp_recvmsg+808",
 * perf's "ffffffffb4019501 do_mmap+1" (its address goes), or an
 * address alone. */
static void
frame(struct bpftrace *st, const char *s, size_t n)
{
	const char *p;
	size_t k;

	for (k = 0; k < n && ishex(s[k]); k++)
		;
	if (k && k + 1 < n && s[k] == ' ') {
		s += k + 1;
		n -= k + 1;
	}
	if (!st->o->includeoffset && (p = memrchr(s, '+', n)))
		n = (size_t)(p - s);
	dump_caller(&st->d, s, n, NULL);
}

/* The first line of an entry, "@NAME[" and maybe keys before a stack,
 * or a whole entry on one line. */
static void
entry(struct bpftrace *st, struct lines *r, const char *s, size_t n, size_t name)
{
	size_t at;
	count c;

	if (!st->map.n)
		bytes_put(&st->map, s, name);
	else if (st->map.n != name || memcmp(st->map.p, s, name))
		st->maps = 1;
	s += name + 1;
	n -= name + 1;
	if (endline(r, s, n, &at, &c)) {
		/* a stack key that is empty: "@[, comm]: 5" */
		keys(st, s, at);
		dump_end(&st->d, c);
		return;
	}
	keys(st, s, n);
	st->in = 1;
	st->line = r->lineno;
}

/* A line inside an entry. */
static void
inside(struct bpftrace *st, struct lines *r, const char *s, size_t n)
{
	size_t at;
	count c;

	while (n && dump_blank(*s)) {
		s++;
		n--;
	}
	if (!n)
		return;
	if (endline(r, s, n, &at, &c)) {
		if (*s == ',')
			keys(st, s, at);
		else if (at)
			frame(st, s, at);
		dump_end(&st->d, c);
		st->in = 0;
	} else if (*s == ',') {
		keys(st, s, n);		/* keys before another stack */
	} else {
		frame(st, s, n);
	}
}

/* A line outside the entries: skipped, and kept for the warning
 * unless it is bpftrace's own. */
static void
outside(struct bpftrace *st, struct lines *r, const char *s, size_t n)
{
	size_t k = n;

	while (k && dump_blank(s[k - 1]))
		k--;
	/* bpftrace's own lines, and a terminal's echo of Ctrl-C */
	if (k && !has_prefix(s, k, "Attaching ") && !has_prefix(s, k, "Attached ") &&
	    !(k == 2 && has_prefix(s, k, "^C")))
		dump_odd(&st->odd, r, s, k);
}

void
bpftrace_fold(void *arg, struct lines *r, struct stackmap *m)
{
	struct bpftrace *st = arg;
	char *s;
	size_t n, name;
	uint64_t entries = 0;

	if (!st->d.m)
		dump_init(&st->d, m, r);
	st->d.r = r;
	r->format = "bpftrace";
	memset(&st->odd, 0, sizeof(st->odd));
	while (lines_next(r, &s, &n)) {
		if (r->lineno == 1)
			dump_first(r);
		if (st->in)
			inside(st, r, s, n);
		else if ((name = mapname(s, n)))
			entry(st, r, s, n, name), entries++;
		else
			outside(st, r, s, n);
	}
	if (st->in) {
		fileerr(r->name, r->lineno, "the file ends inside a map's entry (no \"]: COUNT\" "
		    "after the entry of line %llu)", (unsigned long long)st->line);
	}
	dump_oddend(&st->odd, r, entries > 0,
	    "no map of stacks: not bpftrace's output?");
	dump_several(&st->maps, r->name, "stacks of several maps", &st->map);
}

void
bpftrace_free(void *arg)
{
	struct bpftrace *st = arg;

	dump_free(&st->d);
	bytes_free(&st->map);
	free(st);
}

struct bpftrace *
bpftrace_new(const struct bpftrace_opts *o)
{
	struct bpftrace *st = ecalloc(1, sizeof(*st));

	st->o = o;
	return st;
}
