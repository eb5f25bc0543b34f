/* fg-jlprof: folded stacks to a Julia profile (.jlprof), as FlameGraphs.save writes one
 *
 * Options and wiring; the writing is lib/formats/jlprof/save.c.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/input.h"
#include "formats/jlprof/jlprof.h"
#include "formats/jlprof/save.h"

static noreturn void
usage(void)
{
	printf("usage: %s [--layout meta|legacy] [--max-size SIZE] [FILE...] > out.jlprof\n"
	    "      --layout MODE  meta (Julia 1.8 and newer, the default) or legacy\n"
	    "      --max-size SIZE  refuse to write a file larger (default 4G)\n"
	    "  -q, --quiet        no progress line on a terminal\n"
	    "  -h, --help         show this help\n"
	    "      --version      show the version\n", argv0);
	exit_stdout();
}

static void
online(struct freader *r, struct fline *l, void *arg)
{
	jlsave_line(arg, r, l);
}

int
main(int argc, char **argv)
{
	enum { O_LAYOUT = 256, O_MAXSIZE };	/* O_MAXSIZE: the output's, not FOLDER_OPTS' */
	static const struct option longopts[] = {
		{ "layout", required_argument, NULL, O_LAYOUT },
		{ "max-size", required_argument, NULL, O_MAXSIZE },
		OPT_HELP_VERSION,
		{ 0 }
	};
	static const char *const layouts[] = { "meta", "legacy", NULL };	/* JL_META... */
	struct jlsave *s;
	int c, layout = JL_META;
	uint64_t maxsize = JLS_MAXSIZE;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "qh", longopts, NULL)) != -1) {
		switch (c) {
		case O_LAYOUT: layout = JL_META + opt_choice(optarg, "layout", layouts); break;
		case O_MAXSIZE: maxsize = estrtosize(optarg, "size"); break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	out_notty("a .jlprof profile");
	s = jlsave_new(layout, maxsize);
	each_line(argc - optind, argv + optind, NULL, online, s);
	if (!jlsave_nstacks(s))
		weprintf("no stacks: the profile has no samples");
	jlsave_write(s);
	out_flush();
	jlsave_free(s);
	return 0;
}
