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

#include "base/progress.h"
#include "base/json.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/whole.h"
#include "formats/v8/heapprofile.h"
#include "stack/stackmap.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "      --full-path        the script's whole url, not its base name\n"
	    "      --max-size SIZE    refuse more decompressed bytes (default 1G)\n"
	    "      --no-header        no '# fg:' header lines\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
}

int
main(int argc, char **argv)
{
	enum { O_FULLPATH = 256, O_MAXSIZE };
	static const struct option lo[] = {
		{ "full-path", no_argument, NULL, O_FULLPATH },
		{ "max-size", required_argument, NULL, O_MAXSIZE },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	static struct stackmap out;
	struct heapprof_opt opt = { 0 };
	struct heapprof *h;
	struct whole w;
	uint64_t maxsize = 1ULL << 30;
	int c, i;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "qh", lo, NULL)) != -1) {
		switch (c) {
		case O_FULLPATH: opt.fullpath = 1; break;
		case O_MAXSIZE:
			if (!(maxsize = estrtosize(optarg, "size")))
				usage_error("bad size '%s'", optarg);
			break;
		case FH_NOHEADER: fh_omit = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	stackmap_init(&out);
	h = heapprof_new(&opt, &out);
	for (i = 0; i < (argc ? argc : 1); i++) {
		whole_read(&w, argc ? argv[i] : NULL, maxsize, json_head);
		heapprof_fold(h, w.s, w.n, w.name);
		whole_free(&w);
	}
	if (!fh_omit)
		out_printf("# fg: unit=bytes\n");
	stackmap_print(&out, 1);
	out_flush();
	heapprof_free(h);
	return 0;
}
