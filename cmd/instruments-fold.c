/* instruments-fold: Instruments' deep copies and `xctrace export` XML to folded stacks
 *
 * Options and wiring: each file's first bytes say which it is (XML
 * begins with '<'); an export is read as it comes by
 * lib/formats/instruments/xctrace, a deep copy line by line by
 * lib/formats/instruments/deepcopy.  The stacks of every file are
 * added up and printed sorted, after the header that says what they
 * count (lib/folded/textfold).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <string.h>
#include <unistd.h>

#include "base/progress.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/formats.h"
#include "folded/textfold.h"
#include "formats/instruments/deepcopy.h"
#include "formats/instruments/xctrace.h"

/* the first bytes read, to tell the two apart */
#define HEAD 4096

struct fold {
	struct folder f;
	struct xctrace xt;
	struct deepcopy dc;
	const char *xml, *text;	/* the first file of each kind */
};

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

static void
fold(struct fold *f, const char *path)
{
	static char buf[HEAD];
	const char *name = displayname(path);
	struct firstbytes first;
	struct lines r;
	size_t n, i = 0;
	int fd = 0;

	if (path && strcmp(path, "-") && (fd = open(path, O_RDONLY)) < 0)
		fileerr(name, 0, "%s", strerror(errno));
	if (!fd)
		stdin_tty_note();
	n = head(fd, name, buf);
	/* a fault in a file of another format: say which */
	first.p = buf;
	first.n = n;
	error_hint = format_hint_of;
	error_hint_arg = &first;
	if (n >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
		i = 3;
	while (i < n && strchr(" \t\r\n", buf[i]))
		i++;
	if (i < n && buf[i] == '<') {
		f->xml = f->xml ? f->xml : name;
		xctrace_fold(&f->xt, fd, name, buf, n);
		if (fd)
			close(fd);
	} else {
		f->text = f->text ? f->text : (n ? name : NULL);
		lines_openfd(&r, fd, name);
		lines_prefill(&r, buf, n);
		deepcopy_fold(&f->dc, &r);
		lines_close(&r);
	}
	error_hint = NULL;
	if (f->xml && f->text)
		fileerr(name, 0, "%s is an xctrace export, %s a deep copy: fold them apart",
		    f->xml, f->text);
}

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "time", no_argument, NULL, 't' },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct fold f;
	int c, i, time = 0;

	argv[0] = setprogname(argv[0]);
	memset(&f, 0, sizeof(f));
	folder_init(&f.f, 0);
	while ((c = folder_getopt(&f.f, argc, argv, "tqh", lo)) != -1)
		switch (c) {
		case 't': time = 1; break;
		case 'h':
			textfold_usage("  -t, --time           an export's samples weighted by their time, "
			    "in ns\n", NULL);
		default: tryhelp();
		}
	xctrace_init(&f.xt, time, &f.f.map);
	deepcopy_init(&f.dc, &f.f.map);
	for (i = optind; i < (argc > optind ? argc : optind + 1); i++)
		fold(&f, i < argc ? argv[i] : NULL);
	if (f.xml)
		textfold_print(&f.f, &f.xt.d, time ? "nanoseconds" : NULL, time ? "time" : "samples");
	else
		textfold_print(&f.f, &f.dc.d, deepcopy_unit(&f.dc), f.dc.kind == DC_CYCLES ? "cycles" : NULL);
	xctrace_free(&f.xt);
	deepcopy_free(&f.dc);
	folder_free(&f.f);
	return 0;
}
