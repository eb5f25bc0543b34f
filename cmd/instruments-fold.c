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
		{ "lines", no_argument, NULL, 'L' },
		{ "full-path", no_argument, NULL, 'P' },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct instruments *in;
	struct folder f;
	int c, i, time = 0, lines = 0, fullpath = 0;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 0);
	while ((c = folder_getopt(&f, argc, argv, "tqh", lo)) != -1)
		switch (c) {
		case 't': time = 1; break;
		case 'L': lines = 1; break;
		case 'P': fullpath = 1; break;
		case 'h':
			textfold_usage("  -t, --time           an export's samples weighted by their time, "
			    "in ns\n"
			    "      --lines          an export's frames NAME at FILE:LINE, where it has the line\n"
			    "      --full-path      with --lines, the file's whole path\n", NULL);
		default: tryhelp();
		}
	if (fullpath && !lines)
		usage_error("--full-path needs --lines");
	in = instruments_new(time, lines, fullpath, &f.map);
	for (i = optind; i < (argc > optind ? argc : optind + 1); i++)
		instruments_file(in, i < argc ? argv[i] : NULL);
	instruments_print(in, &f);
	instruments_free(in);
	folder_free(&f);
	return 0;
}
