/* callgrind-fold: callgrind's profiles to folded stacks
 *
 * Options and wiring: each file is read whole (and decompressed:
 * lib/folded/whole) and its call graph unfolded into stacks by
 * lib/formats/callgrind; the stacks of every file are added up and
 * printed sorted, after the header that says what they count
 * (lib/folded/textfold).
 */
#include <getopt.h>

#include "base/num.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/textfold.h"
#include "formats/callgrind/read.h"

static void
fold(const char *s, size_t n, const char *name, void *cg)
{
	cg_fold(cg, s, n, name);
}

int
main(int argc, char **argv)
{
	enum { O_EVENT = 256, O_MAXSIZE };
	static const struct option lo[] = {
		{ "event", required_argument, NULL, O_EVENT },
		{ "max-size", required_argument, NULL, O_MAXSIZE },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	uint64_t maxsize = 4ULL << 30;
	const char *event = NULL;
	struct stackmap m;
	struct cg cg;
	int c;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case O_EVENT: event = optarg; break;
		case O_MAXSIZE:
			if (!(maxsize = estrtosize(optarg, "size")))
				usage_error("bad size '%s'", optarg);
			break;
		case FH_NOHEADER: fh_omit = 1; break;
		case 'h':
			textfold_usage("      --event EVENT    count EVENT (default: the first of events:)\n"
			    "      --max-size SIZE  refuse more decompressed bytes (default 4G)\n");
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	stackmap_init(&m);
	cg_init(&cg, event, &m);
	textfold_whole(argc - optind, argv + optind, maxsize, fold, &cg);
	textfold_print(&m, cg_unit(&cg), cg.chosen);
	cg_free(&cg);
	return 0;
}
