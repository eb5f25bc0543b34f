/* callgrind-fold: callgrind's profiles to folded stacks
 *
 * Options and wiring: each file is read whole (and decompressed:
 * lib/folded/folder) and its call graph unfolded into stacks by
 * lib/formats/callgrind; the stacks of every file are added up and
 * printed sorted, after the header that says what they count
 * (lib/folded/textfold).
 */
#include <getopt.h>

#include "base/util.h"
#include "folded/textfold.h"
#include "formats/callgrind/read.h"

int
main(int argc, char **argv)
{
	enum { O_EVENT = 256 };
	static const struct option lo[] = {
		{ "event", required_argument, NULL, O_EVENT },
		FOLDER_OPTS,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	const char *event = NULL;
	struct folder f;
	struct cg *cg;
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 4ULL << 30);
	while ((c = folder_getopt(&f, argc, argv, "qh", lo)) != -1)
		switch (c) {
		case O_EVENT: event = optarg; break;
		case 'h':
			textfold_usage("      --event EVENT    count EVENT (default: the first of events:)\n",
			    "4G");
		default: tryhelp();
		}
	cg = cg_new(event, &f.map);
	folder_each(&f, argc - optind, argv + optind, NULL, cg_folder, cg);
	cg_print(cg, &f);
	cg_free(cg);
	folder_free(&f);
	return 0;
}
