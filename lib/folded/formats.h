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
 * sniff.c, declared in sniff.h, or magic bytes) and its room,
 * lib/formats/NAME/ (HACKING.md, "Adding a format").
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
	FMT_BINARY,	/* bytes of no format known */
	FMT_TEXT	/* text of no format known (the last row) */
};

/* A file's first bytes, with what every signature asks of them. */
struct head {
	const char *p;
	size_t n;
	int nul;	/* a NUL byte among them */
	int json;	/* they open a JSON value, not a folded line */
	int cut;	/* the file goes on past them */
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
	char doc;		/* JSON ('j') or XML ('x'): a format of documents of that
				 * kind, or (refused) such a document of no format */
};

/* The table, in the order signatures are tried; the last row, folded
 * stacks, takes any text. */
extern const struct format formats[];
extern const size_t nformats;

/* The row of what p[0..n), a file's first bytes (all of them when it
 * is short; a mebibyte or more is taken for the start of a longer
 * file), looks like. */
const struct format *sniff(const char *p, size_t n);
/* The row of the file open on fd, from its first bytes (pread from
 * offset off, fd left where it was): a gzip-compressed file by what it
 * holds, *gzip then set.  For text of no format (the row "text"), why
 * it is none in why[0..whysize) (why may be NULL): "it is empty", or
 * the format it comes closest to and the line where it departs from
 * it, or "" when it comes close to none.  name is for messages. */
const struct format *sniff_fd(int fd, const char *name, uint64_t off, int *gzip,
    char *why, size_t whysize);

/*
 * For a program that cannot read its input as the format named self (a
 * row's name: "folded" for the readers of folded stacks, "pprof" for
 * pprof-fold), from p[0..n), the input's first bytes (decompressed):
 * when they are of another format fg knows, 1 and a message in
 * msg[0..size) that says so and names the program that reads it ("not
 * a pprof profile (profile.proto) but a V8 CPU profile (.cpuprofile):
 * read it with cpuprofile-fold (or fg-fold)"); else 0, and 0 too for
 * a format that self's folder reads as well, or for bytes or text of
 * no format.  Every reader calls it where its input fails it, before
 * giving its own message: the readers of folded stacks through
 * lines_error, the folders at their first fault.
 */
int format_hint(const char *self, const char *p, size_t n, char *msg, size_t size);
/* An input's first bytes, p[0..n), for format_hint_of. */
struct firstbytes {
	const char *p;
	size_t n;
};
/* format_hint for the folder that runs (argv0) on the input whose
 * first bytes are the struct firstbytes arg: an error_hint of
 * base/err.h, for a folder that reads its files itself. */
int format_hint_of(void *arg, char *msg, size_t size);
/* The row of the formats the program prog folds that it is named after
 * (cpuprofile-fold's "cpuprofile"), else the first; NULL for none. */
const struct format *format_folded_by(const char *prog);
/* format_hint for a line reader whose first line is bad: the NUL bytes
 * before offset nul are a line reader's (it ends a line with one, a
 * parser may cut it up with more), read as the line ends they were. */
int sniff_hint(const char *self, const char *p, size_t n, size_t nul, char *msg, size_t size);

#endif
