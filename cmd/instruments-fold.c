/* instruments-fold: Instruments' deep copies and `xctrace export` XML to folded stacks
 *
 * Options and wiring: each file is read by lib/formats/instruments,
 * which tells an export from a deep copy by its first bytes.  The
 * stacks of every file are added up and printed sorted, after the
 * header that says what they count (lib/folded/textfold).
 */
#include <getopt.h>

#include "base/util.h"
#include "folded/textfold.h"
#include "formats/instruments/fold.h"

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "time", no_argument, NULL, 't' },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct instruments *in;
	struct folder f;
	int c, i, time = 0;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 0);
	while ((c = folder_getopt(&f, argc, argv, "tqh", lo)) != -1)
		switch (c) {
		case 't': time = 1; break;
		case 'h':
			textfold_usage("  -t, --time           an export's samples weighted by their time, "
			    "in ns\n", NULL);
		default: tryhelp();
		}
	in = instruments_new(time, &f.map);
	for (i = optind; i < (argc > optind ? argc : optind + 1); i++)
		instruments_file(in, i < argc ? argv[i] : NULL);
	instruments_print(in, &f);
	instruments_free(in);
	folder_free(&f);
	return 0;
}
