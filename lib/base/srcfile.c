/* srcfile.c: source files under the given directories only (see srcfile.h) */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/escape.h"
#include "base/srcfile.h"
#include "base/util.h"

void
src_adddir(struct srcdirs *s, const char *d)
{
	struct stat st;
	char *real = realpath(d, NULL);

	if (!real)
		eprintf("source directory '%s': %s", d, strerror(errno));
	if (stat(real, &st) < 0 || !S_ISDIR(st.st_mode))
		eprintf("source directory '%s': not a directory", d);
	s->dir = ereallocarray(s->dir, s->ndir + 1, sizeof(*s->dir));
	s->given = ereallocarray(s->given, s->ndir + 1, sizeof(*s->given));
	s->dir[s->ndir] = real;
	s->given[s->ndir++] = d;
}

void
src_addmap(struct srcdirs *s, const char *arg)
{
	const char *eq = strchr(arg, '=');

	if (!eq || eq == arg)
		usage_error("bad source map: '%s' (FROM=TO)", arg);
	s->map = ereallocarray(s->map, s->nmap + 1, sizeof(*s->map));
	s->map[s->nmap].from = arg;
	s->map[s->nmap].fromlen = eq - arg;
	s->map[s->nmap++].to = eq + 1;
}

/* Does path q lie under directory d (both absolute, d resolved)? */
static int
under(const char *d, const char *q)
{
	size_t n = strlen(d);

	if (n == 1)	/* "/" */
		return 1;
	return !strncmp(q, d, n) && (q[n] == '/' || !q[n]);
}

/* Does path q hold a ".." component? */
static int
climbs(const char *q)
{
	const char *c;

	for (c = q; (c = strstr(c, "..")); c += 2)
		if ((c == q || c[-1] == '/') && (!c[2] || c[2] == '/'))
			return 1;
	return 0;
}

/* Why q, which resolved to a place under no directory, is refused. */
static const char *
refusal(const struct srcdirs *s, const char *q)
{
	size_t i;

	if (climbs(q))
		return "'..' leads out of the source directories";
	if (q[0] == '/') {
		for (i = 0; i < s->ndir; i++)
			if (under(s->dir[i], q) || (s->given[i][0] == '/' && under(s->given[i], q)))
				return "a symbolic link leads out of the source directories";
		return "an absolute path outside the source directories";
	}
	return "a symbolic link leads out of the source directories";
}

/* Open the resolved path real (absolute, no link, no "..") a component
 * at a time, each with O_NOFOLLOW from the one before: a directory
 * swapped for a link after realpath looked, which would lead out of
 * the source directories, fails here (ELOOP or ENOTDIR) instead of
 * being followed.  A descriptor, or -1 with errno. */
static int
open_walk(const char *real)
{
	char part[NAME_MAX + 1];
	const char *p = real, *e;
	int dir, fd, err;

	if ((dir = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return -1;
	for (;;) {
		while (*p == '/')
			p++;
		e = strchrnul(p, '/');
		if ((size_t)(e - p) > NAME_MAX) {
			close(dir);
			errno = ENAMETOOLONG;
			return -1;
		}
		memcpy(part, p, e - p);
		part[e - p] = 0;
		fd = openat(dir, part, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC |
		    (*e ? O_DIRECTORY : 0));
		err = errno;
		close(dir);
		if (fd < 0 || !*e) {
			errno = err;
			return fd;
		}
		dir = fd;
		p = e;
	}
}

/* Open candidate c (q as the profile put it, mapped): a descriptor, or
 * -1 with *why and *rank (0: not there, 1: refused) raised. */
static int
try_open(const struct srcdirs *s, const char *c, const char *q, char *why, size_t cap,
    int *rank)
{
	char real[PATH_MAX];
	struct stat st;
	size_t i;
	int fd;

	if (!realpath(c, real)) {
		if (errno != ENOENT && errno != ENOTDIR && *rank < 1) {
			snprintf(why, cap, "%s", strerror(errno));
			*rank = 1;
		}
		return -1;
	}
	for (i = 0; i < s->ndir && !under(s->dir[i], real); i++)
		;
	if (i == s->ndir) {
		snprintf(why, cap, "%s", refusal(s, q));
		*rank = 1;
		return -1;
	}
	if ((fd = open_walk(real)) < 0) {
		snprintf(why, cap, "%s", strerror(errno));
		*rank = 1;
		return -1;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		snprintf(why, cap, "not a regular file");
		*rank = 1;
		return -1;
	}
	fcntl(fd, F_SETFL, 0);
	return fd;
}

int
src_open(const struct srcdirs *s, const char *p, size_t n, char *why, size_t cap)
{
	char q[PATH_MAX], c[PATH_MAX];
	const struct srcmap *m = NULL;
	size_t i, tolen;
	int fd, rank = 0;

	for (i = 0; i < s->nmap; i++)
		if (s->map[i].fromlen <= n && !memcmp(p, s->map[i].from, s->map[i].fromlen) &&
		    (!m || s->map[i].fromlen > m->fromlen))
			m = &s->map[i];
	tolen = m ? strlen(m->to) : 0;
	if (m) {
		p += m->fromlen;
		n -= m->fromlen;
	}
	snprintf(why, cap, "not found under the source directories");
	if (tolen + n >= sizeof(q) || memchr(p, 0, n)) {
		snprintf(why, cap, "the path is too long");
		return -1;
	}
	memcpy(q, m ? m->to : "", tolen);
	memcpy(q + tolen, p, n);
	q[tolen + n] = 0;
	if (!q[0])
		return -1;
	if (q[0] == '/')
		return try_open(s, q, q, why, cap, &rank);
	for (i = 0; i < s->ndir; i++) {
		if ((size_t)snprintf(c, sizeof(c), "%s/%s", s->dir[i], q) >= sizeof(c))
			continue;
		if ((fd = try_open(s, c, q, why, cap, &rank)) >= 0)
			return fd;
	}
	return -1;
}

void
src_free(struct srcdirs *s)
{
	size_t i;

	for (i = 0; i < s->ndir; i++)
		free(s->dir[i]);
	free(s->dir);
	free(s->given);
	free(s->map);
}

const char *
src_nottext(const char *p, size_t n)
{
	size_t i = 0, k;

	if (memchr(p, 0, n))
		return "a NUL byte";
	while (i < n) {
		if ((unsigned char)p[i] < 0x80) {
			i++;
			continue;
		}
		if (!(k = utf8_decode(p + i, n - i, NULL)))
			return "invalid UTF-8";
		i += k;
	}
	return NULL;
}
