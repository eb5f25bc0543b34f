/* whole.c: a whole input file in memory (see whole.h) */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/inflate.h"
#include "base/json.h"
#include "base/progress.h"
#include "base/util.h"
#include "folded/formats.h"
#include "folded/formats.h"
#include "folded/lines.h"
#include "folded/whole.h"

const struct whole_kind whole_json = { json_head, "JSON" };

int
whole_hint_of(void *arg, char *msg, size_t size)
{
	const struct whole *w = arg;
	struct firstbytes first = { w->s, w->n < WHOLE_HEAD ? w->n : WHOLE_HEAD };

	return format_hint_of(&first, msg, size);
}

/* The bytes as they come to w->kind's check, until it has decided. */
static void
lookat(struct whole *w, const char *p, size_t n)
{
	char msg[256];
	size_t at = 0;
	int r;

	if (!w->kind || w->decided || (r = w->kind->check(p, n, &at)) < 0)
		return;
	w->decided = 1;
	if (r)
		return;
	if (format_hint_of(&(struct firstbytes){ p, n }, msg, sizeof(msg)))
		fileerr(w->name, 0, "%s", msg);
	fileerr(w->name, 0, "byte %zu: not %s (it starts with byte 0x%02x)", at, w->kind->name,
	    (unsigned char)p[at]);
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
	if (w->n > SIZE_MAX / 2 - n)
		eprintf("out of memory");
	w->buf = egrowarray(w->buf, &w->cap, w->n + n, 1);
	memcpy(w->buf + w->n, p, n);
	w->n += n;
	return n;
}

/* A regular file that is not compressed, read straight into a buffer
 * of its size (refused first when that is more than maxsize): 1, or 0
 * (nothing read, fd where it was) when it is not such a file. */
static int
read_plain(struct whole *w, int fd, uint64_t maxsize)
{
	struct stat st;
	off_t start;
	ssize_t r;
	unsigned char magic[2];

	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || (start = lseek(fd, 0, SEEK_CUR)) < 0 ||
	    (pread(fd, magic, 2, start) == 2 && magic[0] == 0x1f && magic[1] == 0x8b))
		return 0;
	if (st.st_size > start && (uint64_t)(st.st_size - start) > maxsize)
		z_toobig(w->name, 0, maxsize);
	w->cap = st.st_size > start ? (size_t)(st.st_size - start) + 1 : 4096;
	progress_size(w->cap - 1);
	w->buf = emalloc(w->cap);
	for (;;) {
		if (w->n == w->cap) {
			/* the file grew */
			w->cap *= 2;
			w->buf = erealloc(w->buf, w->cap);
		}
		if ((r = read_counted(fd, w->buf + w->n, w->cap - w->n)) < 0)
			fileerr(w->name, 0, "read error: %s", strerror(errno));
		if (!r)
			return 1;
		lookat(w, w->buf + w->n, (size_t)r);
		if ((w->n += (size_t)r) > maxsize)
			z_toobig(w->name, 0, maxsize);
	}
}

void
whole_read(struct whole *w, const char *path, uint64_t maxsize, const struct whole_kind *kind)
{
	int fd = 0;

	memset(w, 0, sizeof(*w));
	w->kind = kind;
	w->name = displayname(path);
	if (path && strcmp(path, "-") && (fd = open(path, O_RDONLY)) < 0)
		fileerr(w->name, 0, "%s", strerror(errno));
	if (!fd)
		stdin_tty_note();
	if (!read_plain(w, fd, maxsize))
		w->gzip = z_read(fd, w->name, maxsize, keep, w).gzip;
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
