/* speedscope-fold: speedscope's JSON file format to folded stacks
 *
 * Options and wiring: each file is read whole (lib/folded/whole, up to
 * --max-size) and folded by lib/formats/speedscope/read; the stacks of every file
 * are added up (their units must agree) and printed sorted after the
 * unit header.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/progress.h"
#include "base/count.h"
#include "base/json.h"
#include "base/out.h"
#include "base/util.h"
#include "formats/speedscope/read.h"
#include "folded/whole.h"
#include "stack/stackmap.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -p, --profile N|NAME  only the profile of index N (from 0) or named NAME\n"
	    "      --by-profile      a root frame per profile, its name\n"
	    "      --full-path       the frame's whole file name, not its base name\n"
	    "  -l, --list            list the profiles (index, type, unit, name) and exit\n"
	    "      --max-size SIZE   refuse more decompressed bytes (default 4G)\n"
	    "  -q, --quiet           no progress line on a terminal\n"
	    "  -h, --help            show this help\n"
	    "      --version         show the version\n", argv0);
	exit_stdout();
}

int
main(int argc, char **argv)
{
	enum { O_BYPROFILE = 256, O_FULLPATH, O_MAXSIZE };
	static const struct option lo[] = {
		{ "profile", required_argument, NULL, 'p' },
		{ "by-profile", no_argument, NULL, O_BYPROFILE },
		{ "full-path", no_argument, NULL, O_FULLPATH },
		{ "list", no_argument, NULL, 'l' },
		{ "max-size", required_argument, NULL, O_MAXSIZE },
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	static struct stackmap out;
	struct sscope_opt opt = { NULL, 0, 0, 0 };
	struct whole w;
	const char *first = NULL;
	uint64_t maxsize = 4ULL << 30;
	int c, i, unit = -1, u;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "p:lqh", lo, NULL)) != -1) {
		switch (c) {
		case 'p': opt.profile = optarg; break;
		case O_BYPROFILE: opt.byprofile = 1; break;
		case O_FULLPATH: opt.fullpath = 1; break;
		case 'l': opt.list = 1; break;
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
		u = sscope_fold(w.s, w.n, w.name, &opt, &out);
		if (u < 0 && opt.profile && !opt.list)
			fileerr(w.name, 0, "no profile '%s' (see --list)", opt.profile);
		if (u >= 0 && unit >= 0 && u != unit)
			fileerr(w.name, 0, "its profiles count %s, those of %s %s",
			    u == UNIT_COUNT ? "none" : unit_name(u), first,
			    unit == UNIT_COUNT ? "none" : unit_name(unit));
		if (u >= 0 && unit < 0) {
			unit = u;
			first = w.name;	/* argv's, or "<stdin>" */
		}
		whole_free(&w);
	}
	if (!opt.list) {
		if (unit > UNIT_COUNT)
			out_printf("# fg: unit=%s\n", unit_name(unit));
		stackmap_print(&out, 1);
	}
	out_flush();
	return 0;
}
