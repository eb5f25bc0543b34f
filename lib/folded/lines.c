/* lines.c: lines of text from a file, in place */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "folded/lines.h"
#include "folded/formats.h"
#include "base/progress.h"
#include "base/util.h"

#define READSIZE (1 << 20)

void
lines_openfd(struct lines *r, int fd, const char *name)
{
	if (fd == 0)
		stdin_tty_note();
	memset(r, 0, sizeof(*r));
	r->name = name;
	r->format = "folded";
	r->fd = fd;
	r->nul = SIZE_MAX;
	r->left = UINT64_MAX;
	r->rsize = READSIZE;
	r->cap = 2 * READSIZE;
	r->buf = emalloc(r->cap);
	r->sized = fd_left(fd);
	progress_size(r->sized);
}

void
lines_prefill(struct lines *r, const char *p, size_t n)
{
	const char *z;

	if (r->cap < n + r->rsize + 1) {
		r->cap = n + r->rsize + 1;
		r->buf = erealloc(r->buf, r->cap);
	}
	memcpy(r->buf, p, n);
	r->end = n;
	r->buf[n] = 0;
	if ((z = memchr(p, 0, n)))
		r->nul = (size_t)(z - p);
}

void
lines_readsize(struct lines *r, size_t n)
{
	r->rsize = n;
	r->cap = 2 * n;
	free(r->buf);
	r->buf = emalloc(r->cap);
}

void
stdin_tty_note(void)
{
	static int said;	/* standard input is the process's: said once */

	if (!said && isatty(0))
		weprintf("reading standard input from the terminal (end it with Ctrl-D; "
		    "name a FILE instead: see --help)");
	said = 1;
}

void
lines_open(struct lines *r, const char *path)
{
	int fd = 0;

	if (path && strcmp(path, "-") && (fd = open(path, O_RDONLY)) < 0)
		eprintf("%s: %s", path, strerror(errno));
	lines_openfd(r, fd, displayname(path));
}

void
lines_range(struct lines *r, uint64_t off, uint64_t len)
{
	if (lseek(r->fd, (off_t)off, SEEK_SET) < 0)
		eprintf("%s: %s", r->name, strerror(errno));
	r->left = len;
	r->moved = off > 0;
	/* the range, not the file, is this reader's to read */
	progress_size(len - r->sized);
	r->sized = len;
}

int
lines_watch(struct lines *r)
{
	struct stat st;
	off_t off;

	if (r->end || fstat(r->fd, &st) || !S_ISREG(st.st_mode) ||
	    (off = lseek(r->fd, 0, SEEK_CUR)) < 0)
		return 0;
	r->watch = 1;
	r->wsize = st.st_size;
	r->wmtime = st.st_mtim;
	r->wend = off >= st.st_size ? off :
	    (uint64_t)(st.st_size - off) < r->left ? st.st_size : off + (off_t)r->left;
	return 1;
}

/* Is a watched file as it was when the watch began, and (at its end,
 * when end is set) has all of it, or of its range, been read? */
/* the first bytes a folder's reader keeps for its hint */
#define LINES_HEAD ((size_t)1 << 16)

static void
check_watch(struct lines *r, int end)
{
	struct stat st;

	if (!r->watch)
		return;
	if (fstat(r->fd, &st) || st.st_size != r->wsize ||
	    st.st_mtim.tv_sec != r->wmtime.tv_sec || st.st_mtim.tv_nsec != r->wmtime.tv_nsec ||
	    (end && lseek(r->fd, 0, SEEK_CUR) != r->wend)) {
		r->watch = 0;
		eprintf("%s: the file changed while it was read", r->name);
	}
	if (end)
		r->watch = 0;
}

void
lines_onrelease(struct lines *r, void (*fn)(void *), void *arg)
{
	r->release = fn;
	r->release_arg = arg;
}

void
lines_close(struct lines *r)
{
	if (r->release)
		r->release(r->release_arg);
	if (r->fd > 0)
		close(r->fd);
	free(r->buf);
	free(r->head);
	r->buf = r->head = NULL;
}

/* Is the line just read the file's first but for comment lines ("# ",
 * "#" or empty, as perf script --header begins) before it, all still
 * at the start of the buffer?  Lines read are ended with a NUL there
 * (put where a CR was, the newline after it left). */
static int
first_line(const struct lines *r)
{
	const char *p = r->buf, *end = r->buf + r->pos, *q;
	uint64_t k;

	for (k = 1; k < r->lineno; k++) {
		if (p + 1 >= end || (*p && (*p != '#' || (p[1] && p[1] != ' '))))
			return 0;
		if (!(q = memchr(p, '\0', (size_t)(end - p))))
			return 0;
		p = q + 1 + (q + 1 < end && q[1] == '\n');
	}
	return 1;
}

/* A first line of another format's file: say which (folded/formats).
 * nul: the line reader's NULs are in the line (not at a NUL byte). */
static void
hint(struct lines *r, int nul)
{
	char msg[256];

	if (!error_hook && first_line(r) && sniff_hint(r->format, r->buf, r->end,
	    nul ? r->pos : 0, msg, sizeof(msg)))
		fileerr(r->name, 0, "%s", msg);
}

void
lines_hint(struct lines *r)
{
	hint(r, 1);
}

int
lines_hint_of(void *arg, char *msg, size_t size)
{
	struct lines *r = arg;

	if (error_hook)
		return 0;
	/* the input's first bytes, where they are still, or their copy */
	if (!r->moved)
		return sniff_hint(r->format, r->buf, r->end, r->pos, msg, size);
	return r->head && sniff_hint(r->format, r->head, r->headlen, r->headnul, msg, size);
}

void
lines_error(struct lines *r, const char *fmt, ...)
{
	va_list ap;

	/* a bad line made by a writer, not by the file as it was */
	check_watch(r, 0);
	hint(r, strcmp(fmt, "NUL byte in input") != 0);
	va_start(ap, fmt);
	vfileerr(r->name, r->lineno, fmt, ap);
	va_end(ap);
}

/* Before buf first moves: a folder's reader (r->format not folded
 * stacks) keeps the input's first bytes, for lines_hint_of. */
static void
keep_head(struct lines *r)
{
	if (r->moved)
		return;
	r->moved = 1;
	if (!strcmp(r->format, "folded"))
		return;
	r->headlen = r->end < LINES_HEAD ? r->end : LINES_HEAD;
	r->headnul = r->pos;
	r->head = emalloc(r->headlen);
	memcpy(r->head, r->buf, r->headlen);
}

/* Read more input after buf[end]: n bytes, 0 at the end, and a NUL
 * after them (lines_next's end of what is read).  The unread part
 * moves to the front first, and the buffer grows when the unread part
 * fills most of it. */
static size_t
readmore(struct lines *r)
{
	ssize_t n;

	if (r->release)
		r->release(r->release_arg);
	if (r->pos > 0) {
		keep_head(r);
		memmove(r->buf, r->buf + r->pos, r->end - r->pos);
		r->end -= r->pos;
		r->scanned -= r->pos;
		if (r->nul != SIZE_MAX)
			r->nul -= r->pos;
		r->pos = 0;
	}
	if (r->cap - r->end <= r->rsize) {
		if (r->cap > SIZE_MAX / 2)
			eprintf("out of memory");
		r->cap *= 2;
		r->buf = erealloc(r->buf, r->cap);
	}
	n = read_counted(r->fd, r->buf + r->end, r->cap - r->end - 1 < r->left ?
	    r->cap - r->end - 1 : r->left);
	if (n < 0)
		eprintf("%s: read error: %s", r->name, strerror(errno));
	r->left -= n;
	r->buf[r->end + n] = 0;
	return n;
}

/* More input after buf[end]. */
static void
fill(struct lines *r)
{
	size_t n;

	n = readmore(r);
	if (n == 0) {
		r->eof = 1;
		check_watch(r, 1);
		return;
	}
	r->end += n;
}

/*
 * The first newline in buf[scanned..end), or NULL; the first NUL byte
 * on the way kept in r->nul.  One pass finds both: what is read ends in
 * a NUL (readmore's), so strchrnul stops there at the latest.
 */
static char *
find_newline(struct lines *r)
{
	char *p = r->buf + r->scanned, *end = r->buf + r->end;

	while ((p = strchrnul(p, '\n')) < end) {
		if (*p == '\n')
			return p;
		if (r->nul == SIZE_MAX)
			r->nul = p - r->buf;
		p++;
	}
	return NULL;
}

int
lines_next(struct lines *r, char **line, size_t *len)
{
	char *nl, *s;
	size_t n;

	for (;;) {
		nl = NULL;
		if (r->scanned < r->end)
			nl = find_newline(r);
		if (nl)
			break;
		r->scanned = r->end;
		if (r->nul != SIZE_MAX) {
			/* in this unfinished line: say so now, not after
			 * reading the rest of it (/dev/zero never ends) */
			r->lineno++;
			r->nul = SIZE_MAX;
			lines_error(r, "NUL byte in input");
		}
		if (!r->eof) {
			fill(r);
			continue;
		}
		if (r->pos == r->end)
			return 0;
		/* a last line without a newline */
		if (r->end == r->cap) {
			if (r->release)
				r->release(r->release_arg);
			r->buf = erealloc(r->buf, ++r->cap);
		}
		nl = r->buf + r->end;
		r->end++;
		break;
	}
	s = r->buf + r->pos;
	n = nl - s;
	r->pos = r->scanned = nl - r->buf + 1;
	r->lineno++;
	if (r->nul != SIZE_MAX && r->nul < r->pos) {
		r->nul = SIZE_MAX;
		lines_error(r, "NUL byte in input");
	}
	if (n > 0 && s[n - 1] == '\r')
		n--;
	s[n] = 0;
	*line = s;
	*len = n;
	return 1;
}
