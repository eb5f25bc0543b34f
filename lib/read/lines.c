/* lines.c: lines of text from a file, in place */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "read/lines.h"
#include "read/sniff.h"
#include "base/util.h"

#define READSIZE (1 << 20)

void
lines_openfd(struct lines *r, int fd, const char *name)
{
	memset(r, 0, sizeof(*r));
	r->name = name;
	r->fd = fd;
	r->nul = SIZE_MAX;
	r->left = UINT64_MAX;
	r->cap = 2 * READSIZE;
	r->buf = emalloc(r->cap);
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
}

/* Is the mapped file now shorter than its mapping?  Past the end its
 * pages fault, and in the last page the bytes past the end read as
 * zeros: the lines kept from there are lost. */
static int
shrunk(struct lines *r)
{
	struct stat st;

	return !fstat(r->fd, &st) && st.st_size < r->mapend;
}

/*
 * A mapped file cut short by another program while it is read: its
 * pages past the new end fault with SIGBUS (as do pages that cannot be
 * read from the disk), and the program ends with a message naming the
 * file (one of the first few mapped at once; a fault elsewhere takes
 * its default course).
 */
enum { NAMED_MAPS = 8 };
static struct {
	const char *base, *end, *name;
} maps[NAMED_MAPS];

static void
put(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	if (write(2, s, n) < 0)
		return;
}

static void
on_sigbus(int sig, siginfo_t *si, void *ctx)
{
	const char *a = si->si_addr, *name = NULL;
	int i;

	(void)ctx;
	for (i = 0; i < NAMED_MAPS; i++)
		if (maps[i].base && a >= maps[i].base && a < maps[i].end)
			name = maps[i].name;
	if (!name) {
		/* not a mapped input's: the fault comes again, unhandled */
		signal(sig, SIG_DFL);
		return;
	}
	put(argv0);
	put(": ");
	put(name);
	put(": the file shrank while it was read, or could not be read\n");
	_exit(1);
}

static void
name_map(const char *base, size_t len, const char *name)
{
	static int handled;
	struct sigaction sa;
	int i;

	if (!__atomic_exchange_n(&handled, 1, __ATOMIC_SEQ_CST)) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_sigbus;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGBUS, &sa, NULL);
	}
	for (i = 0; i < NAMED_MAPS; i++)
		if (!maps[i].base && __atomic_compare_exchange_n(&maps[i].base, &(const char *){ NULL },
		    base, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
			maps[i].end = base + len;
			maps[i].name = name;
			return;
		}
}

static void
unname_map(const char *base)
{
	int i;

	for (i = 0; i < NAMED_MAPS; i++)
		if (maps[i].base == base)
			__atomic_store_n(&maps[i].base, NULL, __ATOMIC_SEQ_CST);
}

int
lines_map(struct lines *r)
{
	struct stat st;
	off_t off;
	uint64_t len;
	size_t skip;
	long page = sysconf(_SC_PAGESIZE);
	void *p;

	if (r->map || r->end || fstat(r->fd, &st) || !S_ISREG(st.st_mode) ||
	    (off = lseek(r->fd, 0, SEEK_CUR)) < 0 || off >= st.st_size)
		return 0;
	len = (uint64_t)(st.st_size - off) < r->left ? (uint64_t)(st.st_size - off) : r->left;
	skip = (size_t)(off % page);
	if (len == 0 || len > SIZE_MAX - skip - 1)
		return 0;
	p = mmap(NULL, len + skip, PROT_READ, MAP_PRIVATE, r->fd, off - (off_t)skip);
	if (p == MAP_FAILED)
		return 0;
	/* where a read would leave it, for whoever shares the descriptor */
	lseek(r->fd, off + (off_t)len, SEEK_SET);
	r->mapend = off + (off_t)len;
	free(r->buf);
	r->map = p;
	r->maplen = len + skip;
	r->buf = r->map + skip;
	r->cap = len;
	name_map(r->map, r->maplen, r->name);
	return 1;
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
	if (r->map && shrunk(r))
		eprintf("%s: the file shrank while it was read", r->name);
	if (r->fd > 0)
		close(r->fd);
	if (r->map) {
		unname_map(r->map);
		munmap(r->map, r->maplen);
		r->map = NULL;
	} else {
		free(r->buf);
	}
	r->buf = NULL;
}

void
lines_error(struct lines *r, const char *fmt, ...)
{
	va_list ap;
	const char *hint;

	/* a line of a mapped file read as zeros past its new end */
	if (r->map && shrunk(r))
		eprintf("%s: the file shrank while it was read", r->name);
	/* a first line of another format's file: say which (read/sniff) */
	if (r->lineno == 1 && !error_hook && (hint = sniff_hint(r->buf, r->end,
	    r->map || !strcmp(fmt, "NUL byte in input") ? 0 : r->pos)))
		fileerr(r->name, 0, "%s", hint);
	va_start(ap, fmt);
	vfileerr(r->name, r->lineno, fmt, ap);
	va_end(ap);
}

/* Read more input after buf[end]: n bytes, 0 at the end.  The unread
 * part moves to the front first, and the buffer grows when the unread
 * part fills most of it. */
static size_t
readmore(struct lines *r)
{
	ssize_t n;

	if (r->release)
		r->release(r->release_arg);
	if (r->pos > 0) {
		memmove(r->buf, r->buf + r->pos, r->end - r->pos);
		r->end -= r->pos;
		r->scanned -= r->pos;
		if (r->nul != SIZE_MAX)
			r->nul -= r->pos;
		r->pos = 0;
	}
	if (r->cap - r->end < READSIZE) {
		if (r->cap > SIZE_MAX / 2)
			eprintf("out of memory");
		r->cap *= 2;
		r->buf = erealloc(r->buf, r->cap);
	}
	do
		n = read(r->fd, r->buf + r->end, r->cap - r->end < r->left ?
		    r->cap - r->end : r->left);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		eprintf("%s: read error: %s", r->name, strerror(errno));
	r->left -= n;
	return n;
}

/* More input after buf[end]: read, or the next part of a mapping. */
static void
fill(struct lines *r)
{
	size_t n;
	char *z;

	if (r->map)
		n = r->cap - r->end < READSIZE ? r->cap - r->end : READSIZE;
	else
		n = readmore(r);
	if (n == 0) {
		r->eof = 1;
		return;
	}
	if (r->nul == SIZE_MAX && (z = memchr(r->buf + r->end, 0, n)))
		r->nul = z - r->buf;
	r->end += n;
}

int
lines_next(struct lines *r, char **line, size_t *len)
{
	char *nl, *s;
	size_t n;

	for (;;) {
		nl = NULL;
		if (r->scanned < r->end)
			nl = memchr(r->buf + r->scanned, '\n', r->end - r->scanned);
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
		/* a last line without a newline (in a mapping, its end is
		 * not written) */
		if (r->end == r->cap && !r->map) {
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
	if (!r->map)
		s[n] = 0;
	*line = s;
	*len = n;
	return 1;
}
