/* ghcprof-fold: GHC's profiling reports (.prof, text or JSON) to folded stacks
 *
 * Options and wiring: each file is read whole (and decompressed:
 * lib/folded/whole) and folded by lib/formats/ghc; the stacks of every
 * file are added up and printed sorted, after the header that says
 * what they count (lib/folded/textfold).
 */
#include <getopt.h>

#include "base/num.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/textfold.h"
#include "formats/ghc/read.h"

static void
fold(const char *s, size_t n, const char *name, void *g)
{
	ghc_fold(g, s, n, name);
}

int
main(int argc, char **argv)
{
	enum { O_TICKS = 256, O_BYTES, O_TIME, O_MAXSIZE };
	static const struct option lo[] = {
		{ "ticks", no_argument, NULL, O_TICKS },
		{ "bytes", no_argument, NULL, O_BYTES },
		{ "time", no_argument, NULL, O_TIME },
		{ "max-size", required_argument, NULL, O_MAXSIZE },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	static const char *const unit[] = { NULL, NULL, "bytes", NULL };
	static const char *const countname[] = { NULL, "ticks", "bytes allocated",
	    "tenths of a percent of time" };
	uint64_t maxsize = 4ULL << 30;
	struct stackmap m;
	struct ghc g;
	int c, source = GHC_DEFAULT;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case O_TICKS: source = GHC_TICKS; break;
		case O_BYTES: source = GHC_BYTES; break;
		case O_TIME: source = GHC_TIME; break;
		case O_MAXSIZE:
			if (!(maxsize = estrtosize(optarg, "size")))
				usage_error("bad size '%s'", optarg);
			break;
		case FH_NOHEADER: fh_omit = 1; break;
		case 'h':
			textfold_usage("      --ticks          count ticks (the default, where the report has them)\n"
			    "      --bytes          count bytes allocated\n"
			    "      --time           count individual %time, in tenths of a percent\n"
			    "      --max-size SIZE  refuse more decompressed bytes (default 4G)\n");
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	stackmap_init(&m);
	ghc_init(&g, source, &m);
	textfold_whole(argc - optind, argv + optind, maxsize, fold, &g);
	textfold_print(&m, unit[g.counted], countname[g.counted]);
	ghc_free(&g);
	return 0;
}
