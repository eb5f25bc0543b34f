/* pmc-fold: pmcstat's call graphs (pmcstat -G) to folded stacks
 *
 * Options and wiring: each file is read line by line (folded/folder's
 * folder_lines) and folded by lib/formats/pmc; the stacks of every
 * file are added up and printed sorted, after a header that names the
 * event sampled.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/out.h"
#include "base/progress.h"
#include "base/util.h"
#include "folded/folder.h"
#include "formats/pmc/read.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -e, --event EVENT      only EVENT's call graph (default: every event's)\n"
	    "      --no-header        no '# fg:' header lines\n"
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
	pmc_fold(st, r, &f.map);
}

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "event", required_argument, NULL, 'e' },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct pmc st = { 0 };
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 0);
	while ((c = getopt_long(argc, argv, "e:qh", lo, NULL)) != -1) {
		if (folder_opt(&f, c, optarg))
			continue;
		switch (c) {
		case 'e': st.only = optarg; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	folder_lines(argc - optind, argv + optind, fold, &st);
	if (st.only && !st.event.n)
		eprintf("no call graph of event '%s' in the input", st.only);
	/* what the counts count, while it is one event */
	if (st.event.n && !st.events)
		fh_set(&f.h, FH_COUNTNAME, (const char *)st.event.p);
	folder_print(&f);
	out_flush();
	folder_free(&f);
	pmc_free(&st);
	return 0;
}
