/* dump.h: text stack dumps, a frame a line, leaf first, in blocks
 *
 * What the tracers and the "poor man's profilers" print: each stack a
 * block of lines, its leaf first and its root last, the block ended by
 * a count (DTrace, SystemTap, bpftrace) or by a blank line (a thread of
 * a jstack or gdb dump, one sample).  The folders of those formats
 * read the lines themselves and hand each frame here as it comes: the
 * stack is built from its leaf up, caller by caller, right to left in
 * one buffer, so that it is root first when its block ends, with no
 * pass to turn it around (stack/build's builder pushes frames root
 * first, as a tree's walk gives them).  Frames that go at the root (a
 * thread's name, a map's key) are kept apart until then.
 *
 *	struct dump d;
 *
 *	dump_init(&d, &map, &lines);
 *	for each line:
 *		a frame:	dump_caller(&d, text, len, NULL);
 *		a thread:	dump_root(&d, name, len);
 *		the count:	dump_end(&d, c);	or dump_drop(&d);
 *	dump_free(&d);
 *
 * Stacks are summed into a stackmap.  The folders of those formats
 * share the rest here too: what a file's start shows of its format
 * (dump_first), the lines they do not understand (dump_odd), and the
 * lines of counts (dump_countline).
 */
#ifndef FG_DUMP_H
#define FG_DUMP_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/count.h"
#include "folded/lines.h"
#include "stack/stackmap.h"

/* The stack of a block with no frame at all (a kernel thread's empty
 * user stack), as pprof-fold names a sample without locations. */
#define DUMP_NOFRAME "[unknown]"

struct dump {
	struct stackmap *m;	/* the stacks, summed */
	struct lines *r;	/* the lines read: their file and line for messages */
	char *buf;		/* the callers so far, root first, in buf[pos..cap) */
	size_t cap, pos;
	struct bytes root;	/* the root frames, joined by ';' */
	uint64_t line;		/* the line of the open block's first frame, 0: none */
};

/* The blanks around the fields of a dump's lines: ' ', a tab, a CR. */
static inline int
dump_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

void dump_init(struct dump *d, struct stackmap *m, struct lines *r);
/* Text s[0..n) made a frame (frame_clean), then annot (an annotation
 * such as "_[i]", or NULL) after it: the caller of the frames so far. */
void dump_caller(struct dump *d, const char *s, size_t n, const char *annot);
/* Text s[0..n) made a frame to go at the root, after the root frames
 * given before it in the block. */
void dump_root(struct dump *d, const char *s, size_t n);
/* Is a block open: a frame or a root given since it last ended? */
static inline int
dump_open(const struct dump *d)
{
	return d->pos < d->cap || d->root.n;
}
/* End the block: its stack (DUMP_NOFRAME when it has no frame) gets
 * count c added; "FILE:LINE: sum of counts overflows" ends the program
 * when the sum does. */
void dump_end(struct dump *d, count c);
/* End the block, its stack left out. */
void dump_drop(struct dump *d);
/* Is s[0..n) a count line: blanks, the digits of a whole count, blanks?
 * 1 and the count in *c; -1 when its digits overflow 2^64 - 1; 0 for
 * any other line. */
int dump_countline(const char *s, size_t n, count *c);
/* s[0..*n) without its blanks at both ends: the new start, *n set. */
const char *dump_trim(const char *s, size_t *n);
void dump_free(struct dump *d);

/* At r's first line: when the file's start is of another format's
 * signature (but folded stacks', which many a text may pass for) than
 * r->format, say so and the program that reads it ("PROG: FILE: not
 * WHAT but ...") and exit 1, as soon as that shows; else return.  A
 * fault found later is named so by the error_hint the folder's loop
 * sets (folded/textfold.h). */
void dump_first(const struct lines *r);

/*
 * The lines a folder skips without understanding them (what a tracer's
 * script printed besides its stacks): counted, the first kept, and
 * said on standard error once the file is read, so that no line is
 * left out unsaid.  Zero it for each file.
 */
struct dumpodd {
	uint64_t n, line;	/* how many; the first's line */
	char text[64];		/* the first's start */
};
/* Line s[0..n), just read from r, is one. */
void dump_odd(struct dumpodd *o, const struct lines *r, const char *s, size_t n);
/* The end of a file whose lines o counts: when it had some and found
 * nothing of the folder's (found 0), "PROG: FILE:L: nothing", L the
 * first such line (or the file's format named, by error_hint), and
 * exit 1; else, when it had some, "PROG: FILE: N lines not understood,
 * left out (the first, line L: TEXT)". */
void dump_oddend(const struct dumpodd *o, const struct lines *r, int found, const char *nothing);
/* Once (*said 1, then 2): "PROG: FILE: the WHAT of several KINDS are
 * added up (FIRST and others)". */
void dump_several(int *said, const char *name, const char *what, const struct bytes *first);

#endif
