/* gecko-fold: Firefox Profiler and Gecko profiles to folded stacks
 * Options and wiring: each file read whole (folded/folder), folded by
 * lib/formats/gecko/read, summed; or, with --list, each file's threads. */
#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "folded/folder.h"
#include "formats/gecko/read.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -t, --time             weight samples by time, in milliseconds\n"
	    "      --js               JavaScript frames only, as the profiler's JavaScript view\n"
	    "      --full-path        the script's whole url, not its base name\n"
	    "      --lines            a frame's line running, not its function's first\n"
	    "  -T, --thread N|NAME    only thread N (from 0, see --list) or the threads NAME\n"
	    "      --by-thread        a root frame per thread, its name and pid\n"
	    "  -l, --list             list the threads (index, samples, pid, tid, name, process)\n", argv0);
	folder_usage(19, FOLDER_MAXSIZE_TEXT);
}

static struct folder f;

/* A file folded by g: the files' units must agree. */
static void
fold(struct whole *w, void *g)
{
	folder_unit(&f, gecko_fold(g, w->s, w->n, w->name), w->name, "samples", "count");
}

int
main(int argc, char **argv)
{
	static struct gecko_opt opt;	/* getopt sets its flags */
	static const struct option lo[] = {
		{ "time", no_argument, NULL, 't' }, { "js", no_argument, &opt.js, 1 },
		{ "full-path", no_argument, &opt.fullpath, 1 }, { "list", no_argument, NULL, 'l' },
		{ "lines", no_argument, &opt.lines, 1 },
		{ "thread", required_argument, NULL, 'T' }, { "by-thread", no_argument, &opt.bythread, 1 },
		FOLDER_OPTS, OPT_HELP_VERSION, { NULL, 0, NULL, 0 }
	};
	char **threads = ecalloc((size_t)argc + 1, sizeof(*threads));
	struct gecko *g;
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, FOLDER_MAXSIZE);
	while ((c = folder_getopt(&f, argc, argv, "tT:lqh", lo)) != -1)
		switch (c) {
		case 0: break;	/* a flag, set */
		case 't': opt.time = 1; break;
		case 'T': threads[opt.nthreads++] = optarg; break;
		case 'l': opt.list = 1; break;
		case 'h': usage();
		default: tryhelp();
		}
	opt.threads = threads;
	g = gecko_new(&opt, &f.map);
	folder_each(&f, argc - optind, argv + optind, &whole_json, fold, g);
	if (!opt.list)
		folder_print(&f);
	out_flush();
	gecko_free(g);
	folder_free(&f);
	free(threads);
	return 0;
}
