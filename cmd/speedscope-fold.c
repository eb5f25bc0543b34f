/* speedscope-fold: speedscope's JSON file format to folded stacks
 *
 * Options and wiring: each file read whole (folded/folder) and folded by
 * lib/formats/speedscope/read, the stacks of every file added up and printed
 * sorted after the unit header; or, under --time-order, a line a run. */
#include <stdio.h>

#include "base/util.h"
#include "folded/folder.h"
#include "formats/speedscope/read.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -p, --profile N|NAME  only the profile of index N (from 0) or named NAME\n"
	    "      --by-profile      a root frame per profile, its name\n"
	    "      --full-path       the frame's whole file name, not its base name\n"
	    "  -l, --list            list the profiles (index, type, unit, name) and exit\n"
	    "      --time-order      each profile's stacks in time order, not summed\n", argv0);
	folder_usage(18, FOLDER_MAXSIZE_TEXT);
}

static struct folder f;	/* the files' units must agree */
static struct sscope_opt opt;	/* getopt sets its flags */

static void
fold(struct whole *w, void *ss)
{
	int u = sscope_fold(ss, w->s, w->n, w->name);

	if (u < 0 && opt.profile && !opt.list)
		fileerr(w->name, 0, "no profile '%s' (see --list)", opt.profile);
	folder_unit(&f, u, w->name, "profiles", "none");
}

int
main(int argc, char **argv)
{
	enum { O_TIMEORDER = 256 };
	static const struct option lo[] = {
		{ "profile", required_argument, NULL, 'p' }, { "list", no_argument, NULL, 'l' },
		{ "by-profile", no_argument, &opt.byprofile, 1 },
		{ "full-path", no_argument, &opt.fullpath, 1 },
		{ "time-order", no_argument, NULL, O_TIMEORDER },
		FOLDER_OPTS, OPT_HELP_VERSION, { NULL, 0, NULL, 0 }
	};
	struct sscope *ss;
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, FOLDER_MAXSIZE);
	while ((c = folder_getopt(&f, argc, argv, "p:lqh", lo)) != -1)
		switch (c) {
		case 0: break;	/* a flag, set */
		case 'p': opt.profile = optarg; break;
		case 'l': opt.list = 1; break;
		case O_TIMEORDER: folder_timeorder(&f); break;
		case 'h': usage();
		default: tryhelp();
		}
	ss = sscope_new(&opt, &f.map, f.run);
	folder_each(&f, argc - optind, argv + optind, &whole_json, fold, ss);
	if (!opt.list)
		folder_print(&f);
	out_flush();
	sscope_free(ss);
	folder_free(&f);
	return 0;
}
