/* jstack-fold: Java thread dumps (jstack, jcmd Thread.print) to folded stacks
 *
 * Options and wiring: each file is read line by line (folded/folder's
 * folder_lines) and folded by lib/formats/jstack; the stacks of every
 * file are added up and printed sorted.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/out.h"
#include "base/progress.h"
#include "base/util.h"
#include "folded/folder.h"
#include "formats/jstack/read.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "      --include-tname    the thread's name as the root frame (the default)\n"
	    "      --no-include-tname no frame for the thread\n"
	    "      --include-tid      keep the number at the end of a thread's name (pool-1-thread-3)\n"
	    "      --no-include-tid   leave it out (the default)\n"
	    "      --shorten-pkgs     packages to their initials (j.u.c.ThreadPoolExecutor.runWorker)\n"
	    "      --no-shorten-pkgs  whole package names (the default)\n"
	    "      --all-states       every thread, whatever its state, not only those that run\n"
	    "      --no-header        no '# fg:' header lines (jstack-fold writes none)\n"
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
	jstack_fold(st, r, &f.map);
}

int
main(int argc, char **argv)
{
	enum { O_TNAME = 256, O_NOTNAME, O_TID, O_NOTID, O_SHORTEN, O_NOSHORTEN, O_STATES };
	static const struct option lo[] = {
		{ "include-tname", no_argument, NULL, O_TNAME },
		{ "no-include-tname", no_argument, NULL, O_NOTNAME },
		{ "include-tid", no_argument, NULL, O_TID },
		{ "no-include-tid", no_argument, NULL, O_NOTID },
		{ "shorten-pkgs", no_argument, NULL, O_SHORTEN },
		{ "no-shorten-pkgs", no_argument, NULL, O_NOSHORTEN },
		{ "all-states", no_argument, NULL, O_STATES },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct jstack_opts o = { 1, 0, 0, 0 };
	struct jstack st = { 0 };
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 0);
	while ((c = getopt_long(argc, argv, "qh", lo, NULL)) != -1) {
		if (folder_opt(&f, c, optarg))
			continue;
		switch (c) {
		case O_TNAME: o.tname = 1; break;
		case O_NOTNAME: o.tname = 0; break;
		case O_TID: o.tid = 1; break;
		case O_NOTID: o.tid = 0; break;
		case O_SHORTEN: o.shorten = 1; break;
		case O_NOSHORTEN: o.shorten = 0; break;
		case O_STATES: o.states = 1; break;
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
	jstack_free(&st);
	return 0;
}
