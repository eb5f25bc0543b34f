/* formats/gdb/read.c: gdb's and eu-stack's backtraces to folded stacks
 * (see read.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "formats/gdb/read.h"
#include "stack/label.h"

struct gdb {
	const struct gdb_opts *o;
	struct dump d;
	char pid[24], tid[24];	/* of the backtrace being read: "PID=N", "TID=N" */
	uint64_t stacks;	/* backtraces read, in all files */
	struct labelbuf lb;	/* --lines: a frame with its line */
	struct bytes pend;	/* --lines: eu-stack's frame, before its source line */
	int pending;
};

/* The digits at s[0..n): how many. */
static size_t
digits(const char *s, size_t n)
{
	size_t k = 0;

	while (k < n && isdec(s[k]))
		k++;
	return k;
}

/* The digits that end s[0..n) after a ':' (up to 9): how many, or 0. */
static size_t
tailnum(const char *s, size_t n)
{
	size_t k = 0;

	while (k < n && k < 9 && isdec(s[n - 1 - k]))
		k++;
	return k && k < n && s[n - 1 - k] == ':' ? k : 0;
}

/* --lines: "FILE:LINE", or eu-stack's "FILE:LINE:COLUMN", at the end of
 * s[0..n): 1, the file in *file and *flen and the line in *line. */
static int
place(const char *s, size_t n, const char **file, size_t *flen, int64_t *line)
{
	size_t k = tailnum(s, n), j, i;

	if (!k)
		return 0;
	if ((j = tailnum(s, n - k - 1))) {	/* a column after the line */
		n -= k + 1;
		k = j;
	}
	for (*line = 0, i = n - k; i < n; i++)
		*line = *line * 10 + (s[i] - '0');
	*file = s;
	*flen = n - k - 1;
	return *flen > 0;
}

/* The frame named s[0..n), with the place of its source at
 * src[0..srclen) under --lines (src NULL: none). */
static void
caller(struct gdb *st, const char *s, size_t n, const char *src, size_t srclen)
{
	const char *file;
	size_t flen;
	int64_t line;

	if (st->o->lines && src && place(src, srclen, &file, &flen, &line)) {
		label_make(&st->lb, s, n, file, flen, line, st->o->fullpath, NULL);
		dump_caller(&st->d, st->lb.s, st->lb.len, NULL);
	} else {
		dump_caller(&st->d, s, n, NULL);
	}
}

/* --lines: eu-stack's frame waiting for its source line, given with
 * the place at src[0..srclen) (src NULL: none). */
static void
settle(struct gdb *st, const char *src, size_t srclen)
{
	if (!st->pending)
		return;
	st->pending = 0;
	caller(st, (const char *)st->pend.p, st->pend.n, src, srclen);
}

/* The backtrace read ends: it counts 1, under its process and thread
 * with --pid and --tid. */
static void
endstack(struct gdb *st)
{
	settle(st, NULL, 0);
	if (!dump_open(&st->d))
		return;
	if (st->o->pid && *st->pid)
		dump_root(&st->d, st->pid, strlen(st->pid));
	if (st->o->tid && *st->tid)
		dump_root(&st->d, st->tid, strlen(st->tid));
	dump_end(&st->d, count_from_u64(1));
	st->stacks++;
}

/* "WHAT=N" into buf from the digits at s[0..n). */
static void
ident(char *buf, size_t size, const char *what, const char *s, size_t n)
{
	size_t k = digits(s, n);

	snprintf(buf, size, "%s=%.*s", what, (int)(k < 20 ? k : 20), s);
}

/* gdb's function, at the start of s[0..n): up to its arguments' " ("
 * (not one inside a template's <...>), or " from LIB". */
static void
gdbframe(struct gdb *st, const char *s, size_t n)
{
	size_t k;
	int depth = 0;
	const char *at = NULL, *p;

	/* --lines: " at FILE:LINE" after the arguments, the last " at " */
	for (p = s; st->o->lines && (p = memmem(p, n - (size_t)(p - s), " at ", 4)); p++)
		at = p;
	for (k = 0; k < n; k++) {
		if (s[k] == '<')
			depth++;
		else if (s[k] == '>' && depth)
			depth--;
		else if (s[k] == ' ' && !depth && k + 1 < n && s[k + 1] == '(')
			break;
		else if (s[k] == ' ' && has_prefix(s + k, n - k, " from "))
			break;
	}
	if (at && at >= s + k)
		caller(st, s, k, at + 4, n - (size_t)(at + 4 - s));
	else
		caller(st, s, k, NULL, 0);
}

/* eu-stack's function after the address: "FUNC", "- 1 FUNC - MODULE"
 * with -v (its module goes), nothing when it has no symbol. */
static void
euframe(struct gdb *st, const char *s, size_t n)
{
	const char *mod;
	size_t k;

	while (n && dump_blank(*s))
		s++, n--;
	if (n > 2 && s[0] == '-' && s[1] == ' ' && (k = digits(s + 2, n - 2)) && k + 2 < n &&
	    s[k + 2] == ' ') {
		s += k + 3;
		n -= k + 3;
	}
	if ((mod = memmem(s, n, " - ", 3)))
		n = (size_t)(mod - s);
	while (n && dump_blank(s[n - 1]))
		n--;
	if (!n) {
		dump_caller(&st->d, DUMP_NOFRAME, strlen(DUMP_NOFRAME), NULL);
	} else if (st->o->lines) {
		/* eu-stack -v: its source on the next line */
		st->pend.n = 0;
		bytes_put(&st->pend, s, n);
		st->pending = 1;
	} else {
		dump_caller(&st->d, s, n, NULL);
	}
}

/* A frame, s[0..n) after its "#N": gdb's ("0x... in FUNC (...)", or
 * "FUNC (...)" when no address is printed) or eu-stack's ("0x... FUNC"). */
static void
frame(struct gdb *st, const char *s, size_t n)
{
	size_t k;

	while (n && dump_blank(*s))
		s++, n--;
	if (n > 2 && s[0] == '0' && s[1] == 'x') {
		for (k = 2; k < n && ishex(s[k]); k++)
			;
		if (has_prefix(s + k, n - k, " in "))
			gdbframe(st, s + k + 4, n - k - 4);
		else
			euframe(st, s + k, n - k);
	} else {
		gdbframe(st, s, n);
	}
}

/* "Thread 2 (Thread 0x7f8a2132c6c0 (LWP 5946) "app"):": its LWP is
 * its TID. */
static void
thread(struct gdb *st, const char *s, size_t n)
{
	const char *lwp = memmem(s, n, "(LWP ", 5);

	*st->tid = 0;
	if (lwp)
		ident(st->tid, sizeof(st->tid), "TID", lwp + 5, n - (size_t)(lwp + 5 - s));
}

/* One line of a dump: 1 for a frame. */
static int
line(struct gdb *st, const char *s, size_t n)
{
	size_t k;

	if (st->pending) {
		/* eu-stack -v's source line of the frame before it */
		for (k = 0; k < n && dump_blank(s[k]); k++)
			;
		if (k && k < n) {
			settle(st, s + k, n - k);
			return 0;
		}
		settle(st, NULL, 0);
	}
	if (n > 1 && s[0] == '#' && isdec(s[1])) {
		k = 1 + digits(s + 1, n - 1);
		frame(st, s + k, n - k);
		return 1;
	}
	/* eu-stack -v's source line of the frame before it */
	for (k = 0; k < n && dump_blank(s[k]); k++)
		;
	if (k && k < n)
		return 0;
	endstack(st);
	if (has_prefix(s, n, "PID ") && digits(s + 4, n - 4)) {
		ident(st->pid, sizeof(st->pid), "PID", s + 4, n - 4);
		*st->tid = 0;
	} else if (has_prefix(s, n, "TID ") && digits(s + 4, n - 4)) {
		ident(st->tid, sizeof(st->tid), "TID", s + 4, n - 4);
	} else if (has_prefix(s, n, "Thread ") && digits(s + 7, n - 7)) {
		thread(st, s, n);
	}
	return 0;
}

void
gdb_fold(void *arg, struct lines *r, struct stackmap *m)
{
	struct gdb *st = arg;
	char *s;
	size_t n;
	uint64_t frames = 0, text = 0;
	size_t k;

	if (!st->d.m)
		dump_init(&st->d, m, r);
	st->d.r = r;
	*st->pid = *st->tid = 0;
	r->format = "gdb";
	while (lines_next(r, &s, &n)) {
		if (r->lineno == 1)
			dump_first(r);
		frames += line(st, s, n);
		for (k = 0; k < n && dump_blank(s[k]); k++)
			;
		text += k < n;
	}
	endstack(st);
	if (text && !frames)
		fileerr(r->name, 0, "no frame (\"#0 ...\"): not the output of gdb's backtrace or "
		    "eu-stack?");
}

void
gdb_free(void *arg)
{
	struct gdb *st = arg;

	dump_free(&st->d);
	label_free(&st->lb);
	bytes_free(&st->pend);
	free(st);
}

struct gdb *
gdb_new(const struct gdb_opts *o)
{
	struct gdb *st = ecalloc(1, sizeof(*st));

	st->o = o;
	return st;
}
