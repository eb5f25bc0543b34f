/* cpuprofile-fold: V8 CPU profiles (.cpuprofile, Chrome traces) to folded stacks
 *
 * Options and wiring: each file is read whole (and decompressed, up to
 * --max-size: lib/folded/folder) and folded by lib/formats/v8/cpuprofile;
 * the stacks of every file are added up and printed sorted, after the
 * unit header with --time; or, with --time-order, written a line a run
 * of samples in the order they were taken, a collection on top of the
 * stack that ran (--gc), after a header that says what became of the
 * idle time.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/opt.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/folder.h"
#include "formats/v8/cpuprofile.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -t, --time             weight samples by their time, in microseconds\n"
	    "      --idle             keep the (program) and (idle) samples\n"
	    "      --full-path        the script's whole url, not its base name\n"
	    "      --by-thread        a root frame per thread (per file for a .cpuprofile)\n"
	    "      --lines            a function's own samples on the lines they hit\n"
	    "      --time-order       each profile's samples in time order, not summed\n"
	    "      --gc WHERE         a collection under the root (root, the default summed)\n"
	    "                         or on the stack that ran (stack, with --time-order)\n",
	    argv0);
	folder_usage(19, FOLDER_MAXSIZE_TEXT);
}

int
main(int argc, char **argv)
{
	enum { O_IDLE = 256, O_FULLPATH, O_BYTHREAD, O_TIMEORDER, O_GC, O_LINES };
	static const char *const gcs[] = { "root", "stack", NULL };
	static const struct option lo[] = {
		{ "time", no_argument, NULL, 't' },
		{ "idle", no_argument, NULL, O_IDLE },
		{ "full-path", no_argument, NULL, O_FULLPATH },
		{ "by-thread", no_argument, NULL, O_BYTHREAD },
		{ "time-order", no_argument, NULL, O_TIMEORDER },
		{ "gc", required_argument, NULL, O_GC },
		{ "lines", no_argument, NULL, O_LINES },
		FOLDER_OPTS,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	static struct folder f;
	struct cpuprof_opt opt = { -1, 0, 0, 0, 0, 0 };
	struct cpuprof *c;
	char idle[32];
	int ch;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, FOLDER_MAXSIZE);
	while ((ch = folder_getopt(&f, argc, argv, "tqh", lo)) != -1)
		switch (ch) {
		case 't': opt.time = 1; break;
		case O_IDLE: opt.idle = 1; break;
		case O_FULLPATH: opt.fullpath = 1; break;
		case O_BYTHREAD: opt.bythread = 1; break;
		case O_LINES: opt.lines = 1; break;
		case O_TIMEORDER: folder_timeorder(&f); break;
		case O_GC: opt.gc = opt_choice(optarg, "--gc", gcs); break;
		case 'h': usage();
		default: tryhelp();
		}
	if (opt.lines && f.run)
		usage_error("--lines and --time-order: a profile's lines are its nodes' "
		    "totals (positionTicks), not in time order");
	if (opt.lines && opt.gc == CPUPROF_GC_STACK)
		usage_error("--lines and --gc stack: a collection on the stack that ran "
		    "is a sample's, and a line's samples are its node's totals");
	if (opt.gc < 0)	/* a phase kept whole in time, as speedscope draws it */
		opt.gc = f.run ? CPUPROF_GC_STACK : CPUPROF_GC_ROOT;
	c = cpuprof_new(&opt, &f.map, f.run);
	folder_each(&f, argc - optind, argv + optind, &whole_json, cpuprof_folder, c);
	if (opt.time)
		fh_set(&f.h, FH_UNIT, "microseconds");
	if (f.run) {	/* what became of the gaps */
		snprintf(idle, sizeof(idle), "closed %llu", (unsigned long long)cpuprof_idle(c));
		fh_set(&f.h, FH_IDLE, opt.idle ? "frame" : idle);
	}
	cpuprof_free(c);
	return folder_end(&f);
}
