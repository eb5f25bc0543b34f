/* whole.c: a whole input file in memory (see whole.h) */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <stdlib.h>

#include "base/inflate.h"
#include "base/util.h"
#include "read/whole.h"

/* The bytes as they come to w->check, until it has decided. */
static void
lookat(struct whole *w, const char *p, size_t n)
{
	const char *what;

	if (!w->check || w->decided)
		return;
	if ((what = w->check(p, n, &w->decided)))
		fileerr(w->name, 0, "byte 0: %s", what);
}

/* z_read's sink: everything appended to w->buf. */
static size_t
keep(void *arg, const unsigned char *p, size_t n, uint64_t off, int end)
{
	struct whole *w = arg;

	(void)off;
	(void)end;
	if (!n)
		return 0;
	lookat(w, (const char *)p, n);
	if (w->cap - w->n < n) {
		if (w->n > SIZE_MAX / 2 - n)
			eprintf("out of memory");
		w->cap = w->cap * 2 > w->n + n ? w->cap * 2 : w->n + n;
		w->buf = erealloc(w->buf, w->cap);
	}
	memcpy(w->buf + w->n, p, n);
	w->n += n;
	return n;
}

/* Is the mapped file gzip-compressed? */
static int
gzipped(const struct lines *l)
{
	return l->cap >= 2 && (unsigned char)l->buf[0] == 0x1f &&
	    (unsigned char)l->buf[1] == 0x8b;
}

void
whole_read(struct whole *w, const char *path, uint64_t maxsize, whole_check *check)
{
	off_t off;

	memset(w, 0, sizeof(*w));
	w->check = check;
	lines_open(&w->map, path);
	w->name = w->map.name;
	off = lseek(w->map.fd, 0, SEEK_CUR);
	if (lines_map(&w->map)) {
		if (!gzipped(&w->map) && w->map.cap <= maxsize) {
			lookat(w, w->map.buf, w->map.cap);
			w->s = w->map.buf;
			w->n = w->map.cap;
			return;
		}
		/* read it again, decompressed */
		if (lseek(w->map.fd, off, SEEK_SET) < 0)
			fileerr(w->name, 0, "cannot seek: %s", strerror(errno));
	}
	w->gzip = z_read(w->map.fd, w->name, maxsize, keep, w);
	w->s = w->buf ? w->buf : "";
	lines_close(&w->map);
}

void
whole_free(struct whole *w)
{
	if (w->map.map)
		lines_close(&w->map);
	free(w->buf);
	memset(w, 0, sizeof(*w));
}
