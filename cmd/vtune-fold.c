/* vtune-fold: Intel VTune's top-down CSV report to folded stacks
 *
 * Options and wiring: each file is read line by line and folded by
 * lib/formats/vtune; the stacks of every file are added up and printed
 * sorted, after the unit header (lib/folded/textfold).
 */
#include <getopt.h>

#include "base/util.h"
#include "folded/fheader.h"
#include "folded/textfold.h"
#include "formats/vtune/read.h"

static void
fold(struct lines *r, void *v)
{
	vtune_fold(v, r);
}

int
main(int argc, char **argv)
{
	enum { O_NOMODULES = 256 };
	static const struct option lo[] = {
		{ "no-modules", no_argument, NULL, O_NOMODULES },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct vtune_opts o = { 0 };
	struct folder f;
	struct vtune *v;
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 0);
	while ((c = folder_getopt(&f, argc, argv, "qh", lo)) != -1)
		switch (c) {
		case O_NOMODULES: o.nomodules = 1; break;
		case 'h': textfold_usage("      --no-modules     function names without their module\n", NULL);
		default: tryhelp();
		}
	v = vtune_new(&o, &f.map);
	textfold_each(argc - optind, argv + optind, fold, v);
	vtune_print(v, &f);
	vtune_free(v);
	folder_free(&f);
	return 0;
}
