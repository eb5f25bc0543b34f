/* whole.h: a whole input file in memory, gzip undone
 *
 * For the readers of formats that are not read line by line (JSON):
 * the file, a pipe or a regular file, gzip-compressed or not, is read
 * into one growing buffer, decompressed as it comes (lib/base/inflate).
 * Like every input it is read, not mapped: what is parsed is a copy
 * that no other program can change underneath.
 */
#ifndef FG_WHOLE_H
#define FG_WHOLE_H

#include <stddef.h>
#include <stdint.h>


/* What a file must be, told from its first bytes as they come: check
 * says 1 (it may be), 0 (it is not: the byte at *at starts nothing of
 * it) or -1 (it cannot tell yet); name is the format's, for messages. */
struct whole_kind {
	int (*check)(const char *p, size_t n, size_t *at);
	const char *name;
};
/* JSON (json_head) */
extern const struct whole_kind whole_json;

struct whole {
	const char *s;		/* the bytes, s[0..n) */
	size_t n;
	const char *name;	/* as shown in messages */
	int gzip;		/* it was compressed */
	char *buf;		/* the bytes read */
	size_t cap;
	const struct whole_kind *kind;	/* see whole_read */
	int decided;
};

/* Read path (NULL or "-": standard input), at most maxsize bytes once
 * decompressed.  kind, when not NULL, looks at the first bytes as they
 * come: a file that is not of that kind ends the program at once,
 * before an endless input (/dev/zero) is read any further, with
 * format_hint's message when it looks like a format another program
 * reads, else "FILE: byte N: not KIND (it starts with
 * byte 0xXX)". */
void whole_read(struct whole *w, const char *path, uint64_t maxsize,
    const struct whole_kind *kind);
void whole_free(struct whole *w);
/* For a reader given the wrong kind of file, which looks at its first
 * WHOLE_HEAD bytes at most. */
#define WHOLE_HEAD (1 << 20)
/* When the whole file w (a struct whole) looks like a format another
 * program than this folder (argv0) reads: 1, and format_hint's message
 * in msg[0..size) ("not a V8 CPU profile (.cpuprofile) but a pprof
 * profile (profile.proto): read it with pprof-fold (or fg-fold)"),
 * else 0: the error_hint (base/err.h) of a file being folded. */
int whole_hint_of(void *w, char *msg, size_t size);

#endif
