/* vsprof-fold: Visual Studio's CallTreeSummary CSV to folded stacks
 *
 * Options and wiring: each file is read line by line and folded by
 * lib/formats/vsprof; the stacks of every file are added up and
 * printed sorted, after the header that names the count
 * (lib/folded/textfold).
 */
#include <getopt.h>

#include "base/util.h"
#include "folded/fheader.h"
#include "folded/textfold.h"
#include "formats/vsprof/read.h"

static void
fold(struct lines *r, void *v)
{
	vsprof_fold(v, r);
}

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct folder f;
	struct vsprof *v;
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 0);
	while ((c = folder_getopt(&f, argc, argv, "qh", lo)) != -1)
		switch (c) {
		case 'h': textfold_usage("", NULL);
		default: tryhelp();
		}
	v = vsprof_new(&f.map);
	textfold_each(argc - optind, argv + optind, fold, v);
	vsprof_print(v, &f);
	vsprof_free(v);
	folder_free(&f);
	return 0;
}
