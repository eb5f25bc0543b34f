/* gecko-fold: Firefox Profiler and Gecko profiles to folded stacks
 *
 * Options and wiring: each file is read whole (and decompressed:
 * lib/folded/whole, up to --max-size) and folded by
 * lib/formats/gecko/read; the stacks of every file are added up (their
 * units must agree) and printed sorted after the unit header; or, with
 * --list, each file's threads are listed.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/count.h"
#include "base/out.h"
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
	    "  -T, --thread N|NAME    only thread N (from 0, see --list) or the threads NAME\n"
	    "      --by-thread        a root frame per thread, its name and pid\n"
	    "  -l, --list             list the threads (index, samples, pid, tid, name, process)\n",
	    argv0);
	folder_usage(19, "1G");
}

/* The files' folding: their units must agree. */
struct run {
	struct gecko *g;
	struct folder *f;
};

static void
fold(struct whole *w, void *arg)
{
	struct run *r = arg;

	folder_unit(r->f, gecko_fold(r->g, w->s, w->n, w->name), w->name, "samples", "count");
}

int
main(int argc, char **argv)
{
	enum { O_JS = 256, O_FULLPATH, O_BYTHREAD };
	static const struct option lo[] = {
		{ "time", no_argument, NULL, 't' },
		{ "js", no_argument, NULL, O_JS },
		{ "full-path", no_argument, NULL, O_FULLPATH },
		{ "thread", required_argument, NULL, 'T' },
		{ "by-thread", no_argument, NULL, O_BYTHREAD },
		{ "list", no_argument, NULL, 'l' },
		FOLDER_OPTS,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	static struct folder f;
	struct gecko_opt opt = { 0 };
	char **threads = ecalloc((size_t)argc + 1, sizeof(*threads));
	struct run r = { NULL, &f };
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, FOLDER_JSON_MAXSIZE);
	while ((c = folder_getopt(&f, argc, argv, "tT:lqh", lo)) != -1)
		switch (c) {
		case 't': opt.time = 1; break;
		case O_JS: opt.js = 1; break;
		case O_FULLPATH: opt.fullpath = 1; break;
		case 'T': threads[opt.nthreads++] = optarg; break;
		case O_BYTHREAD: opt.bythread = 1; break;
		case 'l': opt.list = 1; break;
		case 'h': usage();
		default: tryhelp();
		}
	opt.threads = threads;
	r.g = gecko_new(&opt, &f.map);
	folder_each(&f, argc - optind, argv + optind, &whole_json, fold, &r);
	if (!opt.list)
		folder_print(&f);
	out_flush();
	gecko_free(r.g);
	folder_free(&f);
	free(threads);
	return 0;
}
