/* gecko-fold: Firefox Profiler and Gecko profiles to folded stacks
 *
 * Options and wiring: each file is read whole (and decompressed:
 * lib/folded/whole, up to --max-size) and folded by
 * lib/formats/gecko/read; the stacks of every file are added up (their
 * units must agree) and printed sorted after the unit header; or, with
 * --list, each file's threads are listed.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/progress.h"
#include "base/count.h"
#include "base/json.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/whole.h"
#include "formats/gecko/read.h"
#include "stack/stackmap.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -t, --time             weight samples by time, in milliseconds\n"
	    "      --js               JavaScript frames only, as the profiler's JavaScript view\n"
	    "      --full-path        the script's whole url, not its base name\n"
	    "  -T, --thread N|NAME    only thread N (from 0, see --list) or the threads NAME\n"
	    "      --by-thread        a root frame per thread, its name and pid\n"
	    "  -l, --list             list the threads (index, samples, pid, tid, name, process)\n"
	    "      --max-size SIZE    refuse more decompressed bytes (default 1G)\n"
	    "      --no-header        no '# fg:' header lines\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
}

int
main(int argc, char **argv)
{
	enum { O_JS = 256, O_FULLPATH, O_BYTHREAD, O_MAXSIZE };
	static const struct option lo[] = {
		{ "time", no_argument, NULL, 't' },
		{ "js", no_argument, NULL, O_JS },
		{ "full-path", no_argument, NULL, O_FULLPATH },
		{ "thread", required_argument, NULL, 'T' },
		{ "by-thread", no_argument, NULL, O_BYTHREAD },
		{ "list", no_argument, NULL, 'l' },
		{ "max-size", required_argument, NULL, O_MAXSIZE },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	static struct stackmap out;
	struct gecko_opt opt = { 0 };
	char **threads = ecalloc((size_t)argc + 1, sizeof(*threads));
	struct gecko *g;
	struct whole w;
	const char *first = NULL;
	uint64_t maxsize = 1ULL << 30;
	int c, i, unit = -1, u;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "tT:lqh", lo, NULL)) != -1) {
		switch (c) {
		case 't': opt.time = 1; break;
		case O_JS: opt.js = 1; break;
		case O_FULLPATH: opt.fullpath = 1; break;
		case 'T': threads[opt.nthreads++] = optarg; break;
		case O_BYTHREAD: opt.bythread = 1; break;
		case 'l': opt.list = 1; break;
		case O_MAXSIZE:
			if (!(maxsize = estrtosize(optarg, "size")))
				usage_error("bad size '%s'", optarg);
			break;
		case FH_NOHEADER: fh_omit = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	opt.threads = threads;
	argc -= optind;
	argv += optind;
	stackmap_init(&out);
	g = gecko_new(&opt, &out);
	for (i = 0; i < (argc ? argc : 1); i++) {
		whole_read(&w, argc ? argv[i] : NULL, maxsize, json_head);
		u = gecko_fold(g, w.s, w.n, w.name);
		if (u >= 0 && unit >= 0 && u != unit)
			fileerr(w.name, 0, "its samples count %s, those of %s %s", unit_name(u), first,
			    unit_name(unit));
		if (u >= 0 && unit < 0) {
			unit = u;
			first = argc ? argv[i] : "<stdin>";
		}
		whole_free(&w);
	}
	if (!opt.list) {
		if (unit > UNIT_COUNT && !fh_omit)
			out_printf("# fg: unit=%s\n", unit_name(unit));
		stackmap_print(&out, 1);
	}
	out_flush();
	gecko_free(g);
	free(threads);
	return 0;
}
