/* whole.h: a whole input file in memory, mapped or read, gzip undone
 *
 * For the readers of formats that are not read line by line (JSON): a
 * regular file is mapped (no copy; a file that shrinks meanwhile ends
 * the program with a message, as lines_map's do), a pipe or a
 * gzip-compressed file is read into one growing buffer, decompressed
 * as it comes (lib/base/inflate).
 */
#ifndef FG_WHOLE_H
#define FG_WHOLE_H

#include <stddef.h>
#include <stdint.h>

#include "read/lines.h"

struct whole {
	const char *s;		/* the bytes, s[0..n) */
	size_t n;
	const char *name;	/* as shown in messages */
	int gzip;		/* it was compressed */
	struct lines map;	/* a mapped regular file */
	char *buf;		/* else the bytes read */
	size_t cap;
};

/* Read path (NULL or "-": standard input), at most maxsize bytes once
 * decompressed. */
void whole_read(struct whole *w, const char *path, uint64_t maxsize);
void whole_free(struct whole *w);

#endif
