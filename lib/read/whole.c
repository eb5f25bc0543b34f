/* whole.c: a whole input file in memory (see whole.h) */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

void
whole_read(struct whole *w, const char *path, uint64_t maxsize, whole_check *check)
{
	int fd = 0;

	memset(w, 0, sizeof(*w));
	w->check = check;
	w->name = displayname(path);
	if (path && strcmp(path, "-") && (fd = open(path, O_RDONLY)) < 0)
		fileerr(w->name, 0, "%s", strerror(errno));
	w->gzip = z_read(fd, w->name, maxsize, keep, w);
	w->s = w->buf ? w->buf : "";
	if (fd > 0)
		close(fd);
}

void
whole_free(struct whole *w)
{
	free(w->buf);
	memset(w, 0, sizeof(*w));
}
