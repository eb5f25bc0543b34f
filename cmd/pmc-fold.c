/* pmc-fold: pmcstat's call graphs (pmcstat -G) to folded stacks
 *
 * Options and wiring: each file is read line by line (folded/dump's
 * dump_files) and folded by lib/formats/pmc; the stacks of every file
 * are added up and printed sorted, after a header that names the
 * event sampled.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "folded/dump.h"
#include "folded/fheader.h"
#include "formats/pmc/read.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -e, --event EVENT      only EVENT's call graph (default: every event's)\n"
	    "      --no-header        no '# fg:' header lines\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
}

/* A file's stacks; the event its samples count, the header's
 * countname while all files have one event. */
struct run {
	struct pmc st;
	struct fheader h;
};

static void
fold(void *arg, struct lines *r, struct stackmap *m)
{
	struct run *run = arg;

	pmc_fold(&run->st, r, m);
	if (run->st.event.n && !run->st.events) {
		fh_set(&run->h, FH_COUNTNAME, (const char *)run->st.event.p);
	} else if (run->st.events) {
		fh_free(&run->h);
		fh_init(&run->h);
	}
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
	static struct run run;
	int c;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "e:h", lo, NULL)) != -1) {
		switch (c) {
		case 'e': run.st.only = optarg; break;
		case FH_NOHEADER: fh_omit = 1; break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	fh_init(&run.h);
	dump_files(argc - optind, argv + optind, fold, &run, &run.h);
	if (run.st.only && !run.st.event.n)
		eprintf("no call graph of event '%s' in the input", run.st.only);
	pmc_free(&run.st);
	fh_free(&run.h);
	return 0;
}
