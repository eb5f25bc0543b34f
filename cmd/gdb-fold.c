/* gdb-fold: gdb's and eu-stack's backtraces (the poor man's profiler)
 * to folded stacks
 *
 * Options and wiring: each file is read line by line (folded/folder's
 * folder_lines) and folded by lib/formats/gdb; the stacks of every file
 * are added up and printed sorted.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/out.h"
#include "base/progress.h"
#include "base/util.h"
#include "folded/folder.h"
#include "formats/gdb/read.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "      --pid              the process as the root frame, PID=N (eu-stack)\n"
	    "      --tid              the thread as a frame, TID=N\n"
	    "      --no-header        no '# fg:' header lines (gdb-fold writes none)\n"
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
	gdb_fold(st, r, &f.map);
}

int
main(int argc, char **argv)
{
	enum { O_PID = 256, O_TID };
	static const struct option lo[] = {
		{ "pid", no_argument, NULL, O_PID },
		{ "tid", no_argument, NULL, O_TID },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct gdb_opts o = { 0, 0 };
	struct gdb st = { 0 };
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 0);
	while ((c = getopt_long(argc, argv, "qh", lo, NULL)) != -1) {
		if (folder_opt(&f, c, optarg))
			continue;
		switch (c) {
		case O_PID: o.pid = 1; break;
		case O_TID: o.tid = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	st.o = &o;
	folder_lines(argc, argv, fold, &st);
	folder_print(&f);
	out_flush();
	folder_free(&f);
	gdb_free(&st);
	return 0;
}
