/* sample-fold: macOS sample's call graphs to folded stacks
 *
 * Options and wiring: each file is read line by line (folded/folder's
 * folder_lines) and folded by lib/formats/sample; the stacks of every
 * file are added up and printed sorted.  A large file alone is read in
 * two parts, cut at a thread's line, the second by a helper thread
 * (folder_split).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/out.h"
#include "base/progress.h"
#include "base/util.h"
#include "folded/folder.h"
#include "formats/sample/read.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "      --no-modules       frames without their module (\"libfoo`\")\n"
	    "      --waits            keep the samples of waiting threads (__psynch_cvwait, kevent...)\n"
	    "      --no-header        no '# fg:' header lines (sample-fold writes none)\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
}

/* the stacks, their header and options */
static struct folder f;

static void
fold(struct lines *r, void *st)
{
	sample_fold(st, r, &f.map);
}

/* one part of a large file, for folder_split */
static void
part(void *st, struct lines *r, struct stackmap *m)
{
	sample_fold(st, r, m);
}

int
main(int argc, char **argv)
{
	enum { O_NOMODULES = 256, O_WAITS };
	static const struct option lo[] = {
		{ "no-modules", no_argument, NULL, O_NOMODULES },
		{ "waits", no_argument, NULL, O_WAITS },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct sample_opts o = { 0, 0 };
	struct sample st = { 0 }, st1 = { 0 };
	struct splitfile sf;
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 0);
	while ((c = getopt_long(argc, argv, "qh", lo, NULL)) != -1) {
		if (folder_opt(&f, c, optarg))
			continue;
		switch (c) {
		case O_NOMODULES: o.nomodules = 1; break;
		case O_WAITS: o.waits = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	st.o = &o;
	if (argc == 1 && sample_cut(argv[0], &sf)) {
		st.part = SAMPLE_HEAD;
		st1.o = &o;
		st1.part = SAMPLE_TAIL;
		folder_split(&f, &sf, part, &st, &st1);
		sample_free(&st1);
	} else {
		folder_lines(argc, argv, fold, &st);
		folder_print(&f);
	}
	out_flush();
	folder_free(&f);
	sample_free(&st);
	return 0;
}
