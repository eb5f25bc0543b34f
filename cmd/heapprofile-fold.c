/* heapprofile-fold: V8 sampling heap profiles (.heapprofile) to folded stacks
 *
 * Options and wiring: each file is read whole (and decompressed:
 * lib/folded/whole, up to --max-size) and folded by
 * lib/formats/v8/heapprofile; the stacks of every file are added up
 * and printed sorted, after the unit header.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/out.h"
#include "base/util.h"
#include "folded/folder.h"
#include "formats/v8/heapprofile.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "      --full-path        the script's whole url, not its base name\n", argv0);
	folder_usage(19, FOLDER_MAXSIZE_TEXT);
}

int
main(int argc, char **argv)
{
	enum { O_FULLPATH = 256 };
	static const struct option lo[] = {
		{ "full-path", no_argument, NULL, O_FULLPATH },
		FOLDER_OPTS,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	static struct folder f;
	struct heapprof_opt opt = { 0 };
	struct heapprof *h;
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, FOLDER_MAXSIZE);
	while ((c = folder_getopt(&f, argc, argv, "qh", lo)) != -1)
		switch (c) {
		case O_FULLPATH: opt.fullpath = 1; break;
		case 'h': usage();
		default: tryhelp();
		}
	h = heapprof_new(&opt, &f.map);
	folder_each(&f, argc - optind, argv + optind, &whole_json, heapprof_folder, h);
	fh_set(&f.h, FH_UNIT, "bytes");
	heapprof_free(h);
	return folder_end(&f);
}
