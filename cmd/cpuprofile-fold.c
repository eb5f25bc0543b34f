/* cpuprofile-fold: V8 CPU profiles (.cpuprofile, Chrome traces) to folded stacks
 *
 * Options and wiring: each file is read whole (and
 * decompressed: lib/folded/whole, up to --max-size) and folded by lib/formats/v8/cpuprofile; the
 * stacks of every file are added up and printed sorted, after the
 * unit header with --time.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/progress.h"
#include "base/json.h"
#include "base/out.h"
#include "base/util.h"
#include "formats/v8/cpuprofile.h"
#include "folded/whole.h"
#include "stack/stackmap.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -t, --time             weight samples by their time, in microseconds\n"
	    "      --idle             keep the (program) and (idle) samples\n"
	    "      --full-path        the script's whole url, not its base name\n"
	    "      --by-thread        a root frame per thread (per file for a .cpuprofile)\n"
	    "      --max-size SIZE    refuse more decompressed bytes (default 4G)\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
}

int
main(int argc, char **argv)
{
	enum { O_IDLE = 256, O_FULLPATH, O_BYTHREAD, O_MAXSIZE };
	static const struct option lo[] = {
		{ "time", no_argument, NULL, 't' },
		{ "idle", no_argument, NULL, O_IDLE },
		{ "full-path", no_argument, NULL, O_FULLPATH },
		{ "by-thread", no_argument, NULL, O_BYTHREAD },
		{ "max-size", required_argument, NULL, O_MAXSIZE },
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	static struct stackmap out;
	struct cpuprof_opt opt = { 0, 0, 0, 0 };
	struct whole w;
	uint64_t maxsize = 4ULL << 30;
	int c, i;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "tqh", lo, NULL)) != -1) {
		switch (c) {
		case 't': opt.time = 1; break;
		case O_IDLE: opt.idle = 1; break;
		case O_FULLPATH: opt.fullpath = 1; break;
		case O_BYTHREAD: opt.bythread = 1; break;
		case O_MAXSIZE:
			if (!(maxsize = estrtosize(optarg, "size")))
				usage_error("bad size '%s'", optarg);
			break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	stackmap_init(&out);
	for (i = 0; i < (argc ? argc : 1); i++) {
		whole_read(&w, argc ? argv[i] : NULL, maxsize, json_head);
		cpuprof_fold(w.s, w.n, w.name, &opt, &out);
		whole_free(&w);
	}
	if (opt.time)
		out_printf("# fg: unit=microseconds\n");
	stackmap_print(&out, 1);
	out_flush();
	return 0;
}
