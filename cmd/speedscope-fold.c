/* speedscope-fold: speedscope's JSON file format to folded stacks
 *
 * Options and wiring: each file is read whole (up to --max-size:
 * lib/folded/folder) and folded by lib/formats/speedscope/read; the
 * stacks of every file are added up (their units must agree) and
 * printed sorted after the unit header; or, with --time-order, written
 * a line a run of samples (or a time between events) in their order.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/count.h"
#include "base/out.h"
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
	    "      --time-order      each profile's stacks in time order, not summed\n",
	    argv0);
	folder_usage(18, "1G");
}

/* The files' one unit, and the first file that said it. */
struct units {
	struct sscope *ss;
	const struct sscope_opt *o;
	struct folder *f;
};

static void
fold(struct whole *w, void *arg)
{
	struct units *s = arg;
	int u = sscope_fold(s->ss, w->s, w->n, w->name);

	if (u < 0 && s->o->profile && !s->o->list)
		fileerr(w->name, 0, "no profile '%s' (see --list)", s->o->profile);
	folder_unit(s->f, u, w->name, "profiles", "none");
}

int
main(int argc, char **argv)
{
	enum { O_BYPROFILE = 256, O_FULLPATH, O_TIMEORDER };
	static const struct option lo[] = {
		{ "profile", required_argument, NULL, 'p' },
		{ "by-profile", no_argument, NULL, O_BYPROFILE },
		{ "full-path", no_argument, NULL, O_FULLPATH },
		{ "list", no_argument, NULL, 'l' },
		{ "time-order", no_argument, NULL, O_TIMEORDER },
		FOLDER_OPTS,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	static struct folder f;
	struct sscope_opt opt = { NULL, 0, 0, 0 };
	struct units s = { NULL, &opt, &f };
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, FOLDER_JSON_MAXSIZE);
	while ((c = folder_getopt(&f, argc, argv, "p:lqh", lo)) != -1)
		switch (c) {
		case 'p': opt.profile = optarg; break;
		case O_BYPROFILE: opt.byprofile = 1; break;
		case O_FULLPATH: opt.fullpath = 1; break;
		case 'l': opt.list = 1; break;
		case O_TIMEORDER: folder_timeorder(&f); break;
		case 'h': usage();
		default: tryhelp();
		}
	s.ss = sscope_new(&opt, &f.map, f.run);
	folder_each(&f, argc - optind, argv + optind, &whole_json, fold, &s);
	if (!opt.list)
		folder_print(&f);
	out_flush();
	sscope_free(s.ss);
	folder_free(&f);
	return 0;
}
