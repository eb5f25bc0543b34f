/* folded.h: streaming reader of folded stacks (fg-folded(5))
 *
 * Lines are handed out in place, from one large buffer that grows only
 * for a line longer than itself: no allocation per line.  A bad line
 * ends the program with "PROG: FILE:LINE: what is wrong" (fg(7), Conventions).
 */
#ifndef FG_FOLDED_H
#define FG_FOLDED_H

#include <stddef.h>
#include <stdint.h>

#include "base/count.h"
#include "folded/lines.h"

struct fline {
	char *stack;		/* NUL-terminated in the buffer; for a comment, the line */
	size_t len;
	int ncounts;		/* 0 for a comment, else 1 or 2 */
	count c[2];		/* c[0] the count, or baseline and target */
};

/*
 * How many counts a data line carries (fg-folded(5)): a "# fg: counts=N"
 * header before the first stack says; without one, the first data line
 * decides (a line ending in two numbers is two-count), and every later
 * line is held to it: a one-count input whose line ends in two numbers
 * is an error, as that frame could be a count (folders write such frames
 * with stack_guard).  The inputs a program reads together share
 * one struct frules, and so one number of counts; another input may be
 * read under other rules.  A program may set ncounts first: 1 makes
 * two-count input an error.
 */
struct frules {
	int ncounts;		/* every input's count columns, 0 until known */
	/* a "# fg: counts=N" header was read (and is passed on by a
	 * program that passes comments): a new leaf ending in a number
	 * needs no guard (stack_guard_leaf) then */
	int declared;
	int frac;		/* a decimal count ("12.5") was read */
};

struct freader {
	struct lines in;
	const char *name;	/* as shown in messages */
	uint64_t lineno;
	int ncounts;		/* this input's count columns, 0 until known */
	int declared;		/* ... as a "# fg: counts=N" header said */
	struct frules *rules;	/* shared with the inputs read alongside */
};

/* What b learnt joined into a, b read after a under a copy of its rules
 * (the second half of a file, in another thread). */
void fr_rules_join(struct frules *a, const struct frules *b);

/* Open path ("-" or NULL: standard input) to be read under rules
 * (zeroed before the first input); an unreadable file is fatal. */
void fr_open(struct freader *r, const char *path, struct frules *rules);
/* Read an open descriptor, named name in messages. */
void fr_openfd(struct freader *r, int fd, const char *name, struct frules *rules);
/* Next data line or comment: 1, or 0 at the end of the input. */
int fr_next(struct freader *r, struct fline *l);
void fr_close(struct freader *r);
/* "PROG: FILE:LINE: msg" for the line just read, and exit 1. */
#define fr_error(r, ...) lines_error(&(r)->in, __VA_ARGS__)
/* a[i] += c[i] for i < n (a line's counts onto sums), or the error of
 * r's line (r NULL: of no line): the sum of counts overflows. */
void fr_addcounts(struct freader *r, count *a, const count *c, int n);

#endif
