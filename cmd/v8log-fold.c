/* v8log-fold: V8 tick logs (node --prof, preprocessed) to folded stacks
 *
 * Options and wiring: each file is read whole (and decompressed, up to
 * --max-size: lib/folded/folder) and folded by lib/formats/v8/v8log;
 * the stacks of every file are added up and printed sorted (or, with
 * --time-order, a line per run of ticks), after the unit header with
 * --time.
 */
#include <getopt.h>
#include <stdio.h>

#include "base/opt.h"
#include "base/util.h"
#include "folded/folder.h"
#include "formats/v8/v8log.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -t, --time             weight ticks by time, in microseconds\n"
	    "      --time-order       stacks in the order of the ticks' times, not summed\n"
	    "      --full-path        the script's or library's whole path, not its base name\n"
	    "      --gc WHERE         a collection under the root (root) or on what ran (stack)\n",
	    argv0);
	folder_usage(19, FOLDER_MAXSIZE_TEXT);
}

int
main(int argc, char **argv)
{
	enum { O_TIMEORDER = 256, O_FULLPATH, O_GC };
	static const char *const gcs[] = { "root", "stack", NULL };
	static const struct option lo[] = {
		{ "time", no_argument, NULL, 't' },
		{ "time-order", no_argument, NULL, O_TIMEORDER },
		{ "full-path", no_argument, NULL, O_FULLPATH },
		{ "gc", required_argument, NULL, O_GC },
		FOLDER_OPTS,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	static struct folder f;
	struct v8log_opt opt = { -1, 0, 0 };
	struct v8log *v;
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, FOLDER_MAXSIZE);
	while ((c = folder_getopt(&f, argc, argv, "tqh", lo)) != -1)
		switch (c) {
		case 't': opt.time = 1; break;
		case O_TIMEORDER: folder_timeorder(&f); break;
		case O_FULLPATH: opt.fullpath = 1; break;
		case O_GC: opt.gc = opt_choice(optarg, "--gc", gcs); break;
		case 'h': usage();
		default: tryhelp();
		}
	if (opt.gc < 0)	/* a phase kept whole in time */
		opt.gc = f.run ? V8LOG_GC_STACK : V8LOG_GC_ROOT;
	v = v8log_new(&opt, &f.map, f.run);
	folder_each(&f, argc - optind, argv + optind, &whole_json, v8log_folder, v);
	if (opt.time)
		fh_set(&f.h, FH_UNIT, "microseconds");
	if (f.run)	/* the idle ticks are frames where they were */
		fh_set(&f.h, FH_IDLE, "frame");
	v8log_free(v);
	return folder_end(&f);
}
