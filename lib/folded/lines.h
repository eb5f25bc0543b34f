/* lines.h: lines of text from a file, in place, from one large buffer
 *
 * No allocation per line: a line is handed out where it lies in the
 * buffer, valid until the next call.  The buffer grows only for a line
 * longer than itself, so lines of any length are read whole.
 */
#ifndef FG_LINES_H
#define FG_LINES_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "base/util.h"

struct lines {
	int fd;
	const char *name;	/* as shown in messages */
	const char *format;	/* the row of what is read (folded/formats):
				 * "folded" unless the reader says */
	char *buf;
	size_t cap, pos, end;	/* unread bytes are buf[pos..end) */
	size_t rsize;		/* bytes a read asks for (lines_readsize) */
	size_t scanned;		/* buf[pos..scanned) holds no newline */
	size_t nul;		/* offset in buf of a NUL byte, or SIZE_MAX */
	int eof;
	int moved;		/* buf no longer begins with the input's first byte */
	char *head;		/* a folder's: its first bytes, kept when buf moved */
	size_t headlen, headnul;	/* their length; NULs before headnul end lines */
	uint64_t lineno;
	uint64_t left;		/* bytes the range has left to read */
	uint64_t sized;		/* bytes told to the progress line as to be read */
	void (*release)(void *);	/* see lines_onrelease */
	void *release_arg;
	int watch;		/* see lines_watch: the file as it was then */
	off_t wsize, wend;	/* its size; the offset its range ends at */
	struct timespec wmtime;	/* its modification time */
};

/* Open path ("-" or NULL: standard input); an unreadable file is fatal. */
void lines_open(struct lines *r, const char *path);
void lines_openfd(struct lines *r, int fd, const char *name);
/* Take p[0..n), bytes of the input read already (to tell its format),
 * as its first bytes: called after opening, before the first line. */
void lines_prefill(struct lines *r, const char *p, size_t n);
/* Read n bytes at a time (1 MiB unless said), before the first line:
 * a merge of many files keeps each one's buffer small, so its memory
 * stays the same however many are open and the pages are reused. */
void lines_readsize(struct lines *r, size_t n);
/* When standard input is a terminal, say once on stderr that it is
 * read from there, so that a forgotten file operand does not leave the
 * program waiting in silence.  Every reader of fd 0 calls it. */
void stdin_tty_note(void);
/* The next line, without its newline (nor a CR before it) and NUL-
 * terminated in place: 1, or 0 at the end.  A NUL byte in the line is
 * an error with the line number. */
int lines_next(struct lines *r, char **s, size_t *n);
/*
 * Call fn(arg) before lines already handed out move or go (when the
 * buffer is refilled, and at lines_close): until then every line stays
 * where it was, so a caller may keep pointers to many and let go of
 * them in fn.
 */
void lines_onrelease(struct lines *r, void (*fn)(void *), void *arg);
/* Read only len bytes from offset off of a regular file just opened. */
void lines_range(struct lines *r, uint64_t off, uint64_t len);
/*
 * For a program that reads a regular file whole before it writes (its
 * stacks kept until then): a file that another program changes while
 * it is read (rewritten in place, cut short, grown, as its size and
 * modification time tell) ends the program with "FILE: the file
 * changed while it was read", at the file's end or at a bad line, and
 * exit 1.  Lines are read into the reader's own memory as ever, never
 * mapped, so a change can garble no line already read: what is kept is
 * a copy.  Call it just after opening (and lines_range).  1 when the
 * file is watched: a pipe or a device is not.
 */
int lines_watch(struct lines *r);
void lines_close(struct lines *r);
/* "PROG: FILE:LINE: msg" for the line just read, and exit 1; when the
 * line is the file's first and the file is of another format than
 * r->format, "PROG: FILE: not ... but ..." instead (format_hint). */
noreturn void lines_error(struct lines *r, const char *fmt, ...) PRINTFLIKE(2, 3);
/* lines_error's hint alone, for a reader that goes on past a bad line
 * (perf-fold): when the line just read is the file's first and the file
 * is of another format, say which and exit 1; else return. */
void lines_hint(struct lines *r);
/* The same as an error_hint (base/err.h) of the reader r, for a reader
 * whose errors do not go through lines_error: 1 and the message in
 * msg[0..size) when its file, whose first bytes are still at hand, is
 * of another format. */
int lines_hint_of(void *r, char *msg, size_t size);

#endif
