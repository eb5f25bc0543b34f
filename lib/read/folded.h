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
#include "read/lines.h"

struct fline {
	char *stack;		/* NUL-terminated in the buffer; for a comment, the line */
	size_t len;
	int ncounts;		/* 0 for a comment, else 1 or 2 */
	count c[2];		/* c[0] the count, or baseline and target */
};

struct freader {
	struct lines in;
	const char *name;	/* as shown in messages */
	uint64_t lineno;
};

/*
 * How many counts a data line carries: 0 until the first data line
 * decides (a line ending in two numbers is two-count), then fixed for
 * every file the program reads.  A program may set it first: 1 makes
 * two-count input an error with a clear message.
 */
extern int fr_ncounts;

/* Open path ("-" or NULL: standard input); an unreadable file is fatal. */
void fr_open(struct freader *r, const char *path);
/* Read an open descriptor, named name in messages. */
void fr_openfd(struct freader *r, int fd, const char *name);
/* Next data line or comment: 1, or 0 at the end of the input. */
int fr_next(struct freader *r, struct fline *l);
void fr_close(struct freader *r);
/* "PROG: FILE:LINE: msg" for the line just read, and exit 1. */
#define fr_error(r, ...) lines_error(&(r)->in, __VA_ARGS__)

#endif
