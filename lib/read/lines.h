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

#include "base/util.h"

struct lines {
	int fd;
	const char *name;	/* as shown in messages */
	char *buf;
	size_t cap, pos, end;	/* unread bytes are buf[pos..end) */
	size_t scanned;		/* buf[pos..scanned) holds no newline */
	size_t nul;		/* offset in buf of a NUL byte, or SIZE_MAX */
	int eof;
	uint64_t lineno;
	uint64_t left;		/* bytes the range has left to read */
	void (*release)(void *);	/* see lines_onrelease */
	void *release_arg;
	char *map;		/* see lines_map: the mapping, or NULL */
	size_t maplen;		/* its bytes, from map; the input's from buf */
	off_t mapend;		/* the file offset its last byte is before */
};

/* Open path ("-" or NULL: standard input); an unreadable file is fatal. */
void lines_open(struct lines *r, const char *path);
void lines_openfd(struct lines *r, int fd, const char *name);
/* When standard input is a terminal, say once on stderr that it is
 * read from there, so that a forgotten file operand does not leave the
 * program waiting in silence.  Every reader of fd 0 calls it. */
void stdin_tty_note(void);
/* The next line, without its newline (nor a CR before it) and NUL-
 * terminated in place (not in a mapping: see lines_map): 1, or 0 at
 * the end.  A NUL byte in the line is an error with the line number. */
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
 * For a caller that keeps many lines: map a regular file (what is left
 * of it or of its range) instead of reading it.  Lines are then handed
 * out where they lie in the file's pages, NOT NUL-terminated (the
 * length says where each ends), and stay there until lines_close: no
 * copy, and no fresh memory for them.  A pipe or an empty file is read
 * as before.  1 when the file is mapped.  A mapped file that shrinks
 * before lines_close ends the program with a message: at once when a
 * page past its new end is touched, else at lines_close (lines kept
 * from its last page may have read as zeros), which a program that
 * keeps lines calls when it is done with them, before it ends well.
 */
int lines_map(struct lines *r);
void lines_close(struct lines *r);
/* "PROG: FILE:LINE: msg" for the line just read, and exit 1. */
noreturn void lines_error(struct lines *r, const char *fmt, ...) PRINTFLIKE(2, 3);

#endif
