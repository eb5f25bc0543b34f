/* callgrind-fold: callgrind's profiles to folded stacks
 *
 * Options and wiring: each file is read whole (and decompressed:
 * lib/folded/folder) and its call graph unfolded into stacks by
 * lib/formats/callgrind; the stacks of every file are added up and
 * printed sorted, after the header that says what they count
 * (lib/folded/textfold).
 */
#include <getopt.h>

#include "base/num.h"
#include "base/util.h"
#include "folded/textfold.h"
#include "formats/callgrind/read.h"

int
main(int argc, char **argv)
{
	enum { O_EVENT = 256, O_MAXOUT, O_SPEEDSCOPE, O_LINES, O_FULLPATH };
	static const struct option lo[] = {
		{ "event", required_argument, NULL, O_EVENT },
		{ "max-output", required_argument, NULL, O_MAXOUT },
		{ "speedscope", no_argument, NULL, O_SPEEDSCOPE },
		{ "lines", no_argument, NULL, O_LINES },
		{ "full-path", no_argument, NULL, O_FULLPATH },
		FOLDER_OPTS,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	const char *event = NULL;
	uint64_t maxout = 0;
	struct folder f;
	struct cg *cg;
	int c, speedscope = 0, lines = 0, fullpath = 0;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, FOLDER_MAXSIZE);
	while ((c = folder_getopt(&f, argc, argv, "qh", lo)) != -1)
		switch (c) {
		case O_EVENT: event = optarg; break;
		case O_MAXOUT: maxout = estrtosize(optarg, "size"); break;
		case O_SPEEDSCOPE: speedscope = 1; break;
		case O_LINES: lines = 1; break;
		case O_FULLPATH: fullpath = 1; break;
		case 'h':
			textfold_usage("      --event EVENT    count EVENT (default: the first of events:)\n"
			    "      --max-output SIZE\n"
			    "                       a file's stacks in SIZE bytes at most (default: 100\n"
			    "                       times its size, at least 4M)\n"
			    "      --speedscope     unfold the graph as speedscope does\n"
			    "      --lines          a stack's own cost on its lines: NAME at FILE:LINE\n"
			    "      --full-path      with --lines, the file's whole path\n",
			    FOLDER_MAXSIZE_TEXT);
		default: tryhelp();
		}
	if (fullpath && !lines)
		usage_error("--full-path needs --lines");
	cg = cg_new(&(struct cg_opt){ event, speedscope, maxout, lines, fullpath }, &f.map);
	folder_each(&f, argc - optind, argv + optind, NULL, cg_folder, cg);
	cg_print(cg, &f);
	cg_free(cg);
	folder_free(&f);
	return 0;
}
