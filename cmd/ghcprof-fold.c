/* ghcprof-fold: GHC's profiling reports (.prof, text or JSON) to folded stacks
 *
 * Options and wiring: each file is read whole (and decompressed:
 * lib/folded/folder) and folded by lib/formats/ghc; the stacks of every
 * file are added up and printed sorted, after the header that says
 * what they count (lib/folded/textfold).
 */
#include <getopt.h>

#include "base/util.h"
#include "folded/textfold.h"
#include "formats/ghc/read.h"

int
main(int argc, char **argv)
{
	enum { O_TICKS = 256, O_BYTES, O_TIME };
	static const struct option lo[] = {
		{ "ticks", no_argument, NULL, O_TICKS },
		{ "bytes", no_argument, NULL, O_BYTES },
		{ "time", no_argument, NULL, O_TIME },
		FOLDER_OPTS,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct folder f;
	struct ghc *g;
	int c, source = GHC_DEFAULT;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, FOLDER_MAXSIZE);
	while ((c = folder_getopt(&f, argc, argv, "qh", lo)) != -1)
		switch (c) {
		case O_TICKS: source = GHC_TICKS; break;
		case O_BYTES: source = GHC_BYTES; break;
		case O_TIME: source = GHC_TIME; break;
		case 'h':
			textfold_usage("      --ticks          count ticks (the default, where the report has them)\n"
			    "      --bytes          count bytes allocated\n"
			    "      --time           count individual %time, in tenths of a percent\n", FOLDER_MAXSIZE_TEXT);
		default: tryhelp();
		}
	g = ghc_new(source, &f.map);
	folder_each(&f, argc - optind, argv + optind, NULL, ghc_folder, g);
	ghc_print(g, &f);
	ghc_free(g);
	folder_free(&f);
	return 0;
}
