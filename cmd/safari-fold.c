/* safari-fold: Safari timeline recordings to folded stacks
 *
 * Options and wiring: each file is read whole (and decompressed, up to
 * --max-size: lib/folded/folder) and folded by lib/formats/safari/read;
 * the stacks of every file are added up and printed sorted (or, with
 * --time-order, a line per run of samples), after the unit header with
 * --time.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/out.h"
#include "base/util.h"
#include "folded/folder.h"
#include "formats/safari/read.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -t, --time             weight samples by their duration, in nanoseconds\n"
	    "      --idle             with --time, the gaps between samples as (idle)\n"
	    "      --time-order       stacks in the order sampled, not summed\n"
	    "      --full-path        the script's whole url, not its base name\n",
	    argv0);
	folder_usage(19, FOLDER_MAXSIZE_TEXT);
}

int
main(int argc, char **argv)
{
	enum { O_IDLE = 256, O_TIMEORDER, O_FULLPATH };
	static const struct option lo[] = {
		{ "time", no_argument, NULL, 't' },
		{ "idle", no_argument, NULL, O_IDLE },
		{ "time-order", no_argument, NULL, O_TIMEORDER },
		{ "full-path", no_argument, NULL, O_FULLPATH },
		FOLDER_OPTS,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	static struct folder f;
	struct safari_opt opt = { 0, 0, 0 };
	struct safari *r;
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, FOLDER_MAXSIZE);
	while ((c = folder_getopt(&f, argc, argv, "tqh", lo)) != -1)
		switch (c) {
		case 't': opt.time = 1; break;
		case O_IDLE: opt.idle = 1; break;
		case O_TIMEORDER: folder_timeorder(&f); break;
		case O_FULLPATH: opt.fullpath = 1; break;
		case 'h': usage();
		default: tryhelp();
		}
	if (opt.idle && !opt.time)
		usage_error("--idle needs --time: an idle gap weighs time, not samples");
	r = safari_new(&opt, &f.map, f.run);
	folder_each(&f, argc - optind, argv + optind, &whole_json, safari_folder, r);
	if (opt.time)
		fh_set(&f.h, FH_UNIT, "nanoseconds");
	if (opt.idle && f.run)	/* the gaps are frames where they were */
		fh_set(&f.h, FH_IDLE, "frame");
	safari_free(r);
	return folder_end(&f);
}
