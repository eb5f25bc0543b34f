/* list.h: fg-top --list: a function's lines, each with its own cost
 * and its cost with callees, beside its source text (as pprof -list)
 *
 * Folded lines go in one at a time (list_line, an each_line callback).
 * Each frame the patterns match, "NAME at FILE:LINE", counts toward
 * its function (NAME at FILE) and its line: flat when it is the leaf,
 * cum once per stack however often it recurs there.  Annotations and
 * Julia's " [inlined]" are no part of a line.  Memory grows with the
 * distinct lines matched, not with the input; list_print then writes
 * every function, by name and file, its lines in order, and the source
 * lines around the costly ones, read only from under the source
 * directories (base/srcfile.h).
 */
#ifndef FG_LIST_H
#define FG_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "base/count.h"
#include "base/intern.h"
#include "base/srcfile.h"
#include "folded/fheader.h"
#include "folded/folded.h"
#include "stack/pattern.h"

/* A function (fn) or one of its lines. */
struct lsrow {
	count flat[2], cum[2];
	uint64_t seen;		/* the last stack that counted its cum */
	uint32_t fn;		/* a line's function */
	uint64_t line;		/* a line's number */
};

#define LS_NONE UINT32_MAX
enum { LS_TEXT, LS_TSV, LS_JSON };

/* The options, set over a zeroed struct before list_init. */
struct list {
	struct patset pats;	/* the functions to list */
	struct srcdirs src;	/* where their sources may be read */
	uint64_t context;	/* source lines shown around a costly one */
	int all;		/* --list-all: every line from the first costly one to the last */
	int format;		/* LS_TEXT, or numbers only: LS_TSV, LS_JSON */
	/* the rest is list_line's */
	struct interner fns;	/* "NAME at FILE", or "NAME" with no file */
	struct interner lines;	/* a function's id and a line number, as bytes */
	struct lsrow *fn, *ln;	/* by id */
	size_t fncap, lncap;
	struct interner frames;	/* every frame seen, */
	uint32_t *frame;	/* its function and line ids by its id (LS_NONE: none) */
	size_t nframe, framecap;
	count total[2];
	uint64_t stack;
	int diff;		/* two counts a line */
	struct fheader unit;	/* a known unit shows in human form (text only) */
};

void list_init(struct list *ls);
/* Take line l of r into ls (arg). */
void list_line(struct freader *r, struct fline *l, void *arg);
/* Whether any frame matched. */
int list_matched(const struct list *ls);
/* Write the listing to standard output. */
void list_print(struct list *ls);
void list_free(struct list *ls);

#endif
