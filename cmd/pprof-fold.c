/* pprof-fold: pprof profiles (profile.proto, gzipped or not) to folded stacks
 *
 * Each file is read whole by lib/formats/pprof/read (samples with the same
 * locations added up as they come, from the file as it is read) and
 * folded into stacks by lib/formats/pprof/fold, which adds up the stacks
 * of every file and prints them sorted after the unit header
 * (fg-folded(5)).  Here: the options (folded/folder's and the fold's),
 * the files, and --list.
 */
#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "folded/folder.h"
#include "formats/pprof/fold.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -i, --sample-index NAME|N  the value column to fold (default: the\n"
	    "                             profile's default sample type, else the last)\n"
	    "  -l, --list                 list the sample types and exit\n"
	    "      --lines                frames as NAME at FILE:LINE\n"
	    "      --full-path            with --lines, the file's whole path\n"
	    "      --addresses            the address of locations that have no lines\n"
	    "      --no-alloc-type        drop PProf.jl's \"Alloc: T\" leaf frames\n"
	    "      --by-label KEY         a root frame KEY=VALUE from each sample's label\n"
	    "      --tag KEY=VALUE        only samples with that label (repeatable)\n", argv0);
	folder_usage(23, "4G");
}

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		PPF_OPTS, { "list", no_argument, NULL, 'l' },
		FOLDER_OPTS, OPT_HELP_VERSION, { NULL, 0, NULL, 0 }
	};
	struct ppf_opt opt = { 0 };
	struct folder out;	/* --max-size, the header */
	struct ppfold *f;
	int c, i, list = 0;

	argv[0] = setprogname(argv[0]);
	folder_init(&out, (uint64_t)4 << 30);
	while ((c = folder_getopt(&out, argc, argv, "i:lqh", lo)) != -1)
		if (c == 'l')
			list = 1;
		else if (!ppf_getopt(&opt, c, optarg))
			c == 'h' ? usage() : tryhelp();
	ppf_getopt(&opt, -1, NULL);
	f = ppf_new(&opt);
	for (i = optind; i < (argc > optind ? argc : optind + 1); i++)
		ppf_file(f, i < argc ? argv[i] : NULL, list, argc - optind > 1, out.maxsize);
	if (!list) {
		ppf_header(f, &out.h);
		fh_print(&out.h);
		ppf_print(f);
	}
	out_flush();
	ppf_free(f);
	free(opt.tag);
	folder_free(&out);
	return 0;
}
