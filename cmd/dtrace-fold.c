/* dtrace-fold: DTrace and SystemTap stack aggregations to folded stacks
 *
 * Options and wiring: each file is read line by line (folded/folder's
 * folder_lines) and folded by lib/formats/dtrace; the stacks of every
 * file are added up and printed sorted.  A large file alone is read in
 * two parts, cut between two stacks, the second by a helper thread
 * (folded/split.h), as perf-fold reads one.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/out.h"
#include "base/progress.h"
#include "base/util.h"
#include "folded/folder.h"
#include "formats/dtrace/read.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "      --includeoffset    keep the offsets of functions (+0x1c), but the leaf's\n"
	    "      --no-header        no '# fg:' header lines (dtrace-fold writes none)\n"
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
	dtrace_fold(st, r, &f.map);
}

/* one part of a large file, for folder_split */
static void
part(void *st, struct lines *r, struct stackmap *m)
{
	dtrace_fold(st, r, m);
}

int
main(int argc, char **argv)
{
	enum { O_INCLUDEOFFSET = 256 };
	static const struct option lo[] = {
		{ "includeoffset", no_argument, NULL, O_INCLUDEOFFSET },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct dtrace_opts o = { 0 };
	struct dtrace st = { 0 }, st1 = { 0 };
	struct splitfile sf;
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 0);
	while ((c = getopt_long(argc, argv, "qh", lo, NULL)) != -1) {
		if (folder_opt(&f, c, optarg))
			continue;
		switch (c) {
		case O_INCLUDEOFFSET: o.includeoffset = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	st.o = &o;
	if (argc == 1 && split_point(argv[0], "\n\n", 2, &sf) && dtrace_cut(&sf)) {
		st1.o = &o;
		st1.part1 = 1;
		folder_split(&f, &sf, part, &st, &st1);
		dtrace_free(&st1);
	} else {
		folder_lines(argc, argv, fold, &st);
		folder_print(&f);
	}
	out_flush();
	folder_free(&f);
	dtrace_free(&st);
	return 0;
}
