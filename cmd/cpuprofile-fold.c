/* cpuprofile-fold: V8 CPU profiles (.cpuprofile, Chrome traces) to folded stacks
 *
 * Options and wiring: each file read whole (lib/folded/folder) and folded
 * by lib/formats/v8/cpuprofile, summed or in time order (--time-order). */
#include <getopt.h>
#include <stdio.h>

#include "base/opt.h"
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
	    "      --gc WHERE         a collection under the root (root) or on what ran (stack)\n",
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
	cpuprof_settle(&opt, f.run != NULL);
	c = cpuprof_new(&opt, &f.map, f.run);
	folder_each(&f, argc - optind, argv + optind, &whole_json, cpuprof_folder, c);
	cpuprof_facts(c, &f.h);
	cpuprof_free(c);
	return folder_end(&f);
}
