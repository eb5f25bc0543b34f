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

/* Says what is wrong with a file whose (decompressed) bytes start with
 * p[0..n), or NULL when they may do, or cannot tell yet (*decided then
 * left 0). */
typedef const char *whole_check(const char *p, size_t n, int *decided);

struct whole {
	const char *s;		/* the bytes, s[0..n) */
	size_t n;
	const char *name;	/* as shown in messages */
	int gzip;		/* it was compressed */
	char *buf;		/* the bytes read */
	size_t cap;
	whole_check *check;	/* see whole_read */
	int decided;
};

/* Read path (NULL or "-": standard input), at most maxsize bytes once
 * decompressed.  check, when not NULL, looks at the first bytes as they
 * come: what it finds wrong ends the program at once ("FILE: byte 0:
 * what"), before an endless input (/dev/zero) is read any further. */
void whole_read(struct whole *w, const char *path, uint64_t maxsize, whole_check *check);
void whole_free(struct whole *w);

#endif
