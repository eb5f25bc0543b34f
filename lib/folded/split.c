/* split.c: a reading in two parts, the second in a helper thread */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/par.h"
#include "folded/split.h"

/* split_point's separator */
struct split_sep {
	const char *sep;
	size_t len;
};

/* split_point's finder: just past the first sep in p[0..n) */
static size_t
findsep(const char *p, size_t n, void *arg)
{
	const struct split_sep *s = arg;
	const char *q = memmem(p, n, s->sep, s->len);

	return q ? (size_t)(q - p) + s->len : SIZE_MAX;
}

int
split_point(const char *path, const char *sep, size_t seplen, struct splitfile *f)
{
	struct split_sep s = { sep, seplen };

	return split_find(path, seplen - 1, findsep, &s, f);
}

int
split_find(const char *path, size_t overlap, split_findfn *find, void *arg, struct splitfile *f)
{
	char buf[1 << 16];
	struct stat st;
	uint64_t off;
	ssize_t n;
	size_t at;
	int fd, found = 0;

	/* the type looked at before any open: opening a FIFO (or a
	 * terminal) to look would take the data its writer sends, or
	 * wait for a writer that has gone by the open that reads it */
	if (!path || !strcmp(path, "-") || stat(path, &st) || !S_ISREG(st.st_mode) ||
	    st.st_size < SPLIT_MIN || (fd = open(path, O_RDONLY)) < 0)
		return 0;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size < SPLIT_MIN) {
		close(fd);
		return 0;
	}
	f->path = path;
	f->size = st.st_size;
	/* consecutive windows overlap by overlap bytes */
	for (off = f->size / 2; !found && off < f->size; off += sizeof(buf) - overlap) {
		if ((n = pread(fd, buf, sizeof(buf), (off_t)off)) <= (ssize_t)overlap)
			break;
		if ((at = find(buf, (size_t)n, arg)) != SIZE_MAX) {
			f->at = off + at;
			found = f->at < f->size;
		}
	}
	close(fd);
	return found;
}

void
split_part(struct lines *r, const struct splitfile *f, int k)
{
	if (k)
		lines_range(r, f->at, f->size - f->at);
	else
		lines_range(r, 0, f->at);
}

/* Part k read, and its map sorted. */
static void
read_sorted(const struct splitrun *s, int k)
{
	s->read(s->part[k]);
	stackmap_sort(s->map[k]);
}

static void
helper(void *s)
{
	read_sorted(s, 1);
}

int
split_run(const struct splitrun *s)
{
	struct par par;

	if (!s->first(s->part[0], s->part[1]))
		return 0;
	par_start(&par, helper, (void *)s);
	read_sorted(s, 0);	/* while the helper reads its part */
	par_finish(&par, s->lines ? s->lines->lineno : 0);
	return 1;
}
