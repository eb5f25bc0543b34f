/* formats/instruments/fold.c: a file of either kind (see fold.h) */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/progress.h"
#include "base/util.h"
#include "folded/formats.h"
#include "folded/textfold.h"
#include "formats/instruments/deepcopy.h"
#include "formats/instruments/fold.h"
#include "formats/instruments/xctrace.h"

/* the first bytes read, to tell the two apart */
#define HEAD 4096

struct instruments {
	int time;
	struct xctrace *xt;
	struct deepcopy *dc;
	const char *xml, *text;	/* the first file of each kind */
	char buf[HEAD];
};

struct instruments *
instruments_new(int time, int lines, int fullpath, struct stackmap *m)
{
	struct instruments *in = ecalloc(1, sizeof(*in));

	in->time = time;
	in->xt = xctrace_new(time, lines, fullpath, m);
	in->dc = deepcopy_new(m);
	return in;
}

/* Up to HEAD bytes of fd into buf: how many. */
static size_t
head(int fd, const char *name, char *buf)
{
	size_t n = 0;
	ssize_t r;

	while (n < HEAD && (r = read_counted(fd, buf + n, HEAD - n)) != 0) {
		if (r < 0)
			fileerr(name, 0, "read error: %s", strerror(errno));
		n += (size_t)r;
	}
	return n;
}

void
instruments_file(struct instruments *in, const char *path)
{
	const char *name = displayname(path);
	struct firstbytes first;
	struct lines r;
	size_t n, i = 0;
	int fd = 0;

	if (path && strcmp(path, "-") && (fd = open(path, O_RDONLY)) < 0)
		fileerr(name, 0, "%s", strerror(errno));
	if (!fd)
		stdin_tty_note();
	n = head(fd, name, in->buf);
	/* a fault in a file of another format: say which */
	first.p = in->buf;
	first.n = n;
	error_hint = format_hint_of;
	error_hint_arg = &first;
	if (n >= 3 && !memcmp(in->buf, "\xef\xbb\xbf", 3))
		i = 3;
	while (i < n && strchr(" \t\r\n", in->buf[i]))
		i++;
	if (i < n && in->buf[i] == '<') {
		in->xml = in->xml ? in->xml : name;
		xctrace_fold(in->xt, fd, name, in->buf, n);
		if (fd)
			close(fd);
	} else {
		in->text = in->text ? in->text : (n ? name : NULL);
		lines_openfd(&r, fd, name);
		lines_prefill(&r, in->buf, n);
		deepcopy_fold(in->dc, &r);
		lines_close(&r);
	}
	error_hint = NULL;
	if (in->xml && in->text)
		fileerr(name, 0, "%s is an xctrace export, %s a deep copy: fold them apart",
		    in->xml, in->text);
}

void
instruments_print(struct instruments *in, struct folder *f)
{
	if (in->xml)
		xctrace_print(in->xt, f);
	else
		deepcopy_print(in->dc, f);
}

void
instruments_free(struct instruments *in)
{
	xctrace_free(in->xt);
	deepcopy_free(in->dc);
	free(in);
}
