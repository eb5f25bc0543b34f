/* formats.h: the one table of the formats fg knows, and what a file's
 * first bytes look like
 *
 * A row a format: its name, how its first bytes are recognised, the
 * program that folds it, the program of fg that writes it, and whether
 * its folder reads it gzip-compressed.  fg-fold chooses its folder by
 * the table and prints it (--list); the readers of folded stacks,
 * failing on a first line that is not folded, say what the file looks
 * like and which program reads it, instead of "count missing" or "NUL
 * byte in input".  A format fg recognises only to refuse (a PNG, an
 * executable) is a row with no folder.
 *
 * Adding a format is a row here, its signature (a `looks` function in
 * formats.c, or magic bytes) and its room, lib/formats/NAME/
 * (HACKING.md, "Adding a format").
 */
#ifndef FG_FORMATS_H
#define FG_FORMATS_H

#include <stddef.h>
#include <stdint.h>

/* what a row is */
enum {
	FMT_READ,	/* a profile: its folder reads it */
	FMT_FOLDED,	/* folded stacks: fg-fold copies them */
	FMT_GZIP,	/* gzip-compressed: what it holds decides */
	FMT_REFUSED,	/* a format named only to say that fg does not read it */
	FMT_BINARY	/* bytes of no format known */
};

/* A file's first bytes, with what every signature asks of them. */
struct head {
	const char *p;
	size_t n;
	int nul;	/* a NUL byte among them */
	int json;	/* they open a JSON value, not a folded line */
};

struct format {
	const char *name;	/* short: "pprof", "perf" (fg-fold --list) */
	const char *what;	/* in messages: "a pprof profile (profile.proto)" */
	int kind;		/* FMT_ */
	const char *folder;	/* the program that folds it (FMT_READ) */
	const char *writer;	/* fg's program that writes it, or NULL */
	int gzip;		/* its folder reads it gzip-compressed; else fg-fold
				 * decompresses it first */
	const char *magic;	/* its first bytes, or NULL */
	size_t magiclen;
	int (*looks)(const struct head *h);	/* and then this, if not NULL */
};

/* The table, in the order signatures are tried; the last row, folded
 * stacks, takes any text. */
extern const struct format formats[];
extern const size_t nformats;

/* The row named name, or NULL. */
const struct format *format_named(const char *name);
/* The row of what p[0..n), a file's first bytes (all of them when it
 * is short), looks like. */
const struct format *sniff(const char *p, size_t n);
/* The row of the file open on fd, from its first bytes (pread from
 * offset off, fd left where it was): a gzip-compressed file by what it
 * holds, *gzip then set.  name is for messages. */
const struct format *sniff_fd(int fd, const char *name, uint64_t off, int *gzip);

/*
 * For a reader of folded stacks whose first line is bad: when p[0..n),
 * the file's first bytes, look like another format, 1 and a message in
 * msg[0..size) that says so and names the program to read it with;
 * else 0, and 0 too when that program is the one running (argv0).
 * The NUL bytes before offset nul are a line reader's (it ends a line
 * with one, a parser may cut it up with more): they are read as line
 * ends.
 */
int sniff_hint(const char *p, size_t n, size_t nul, char *msg, size_t size);

#endif
