/* jlprof-fold: Julia profiles (.jlprof) to folded stacks, as FlameGraphs.jl sees them
 *
 * Options and wiring; the folding is lib/formats/jlprof/fold.c.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "base/out.h"
#include "base/regex.h"
#include "folded/fheader.h"
#include "base/util.h"
#include "formats/jlprof/fold.h"
#include "formats/jlprof/read.h"
#include "stack/pattern.h"
#include "stack/stackmap.h"

static struct jlfold_opts opt;

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -C, --C                  keep C frames\n"
	    "      --no-combine         one node per instruction pointer\n"
	    "      --recur=MODE         off, flat or flatc: fold recursion into iteration\n"
	    "      --repl               keep the REPL frames above eval_user_input\n"
	    "      --prune NAME[@FILE]  drop frames of function NAME and what they call\n"
	    "      --filter TEXT        keep branches with a frame whose text holds TEXT\n"
	    "      --filter-regex RE    keep branches with a frame whose label matches RE\n"
	    "      --threads LIST       only these threads (N or LO-HI, comma-separated)\n"
	    "      --tasks LIST         only these task ids\n"
	    "      --full-path          the recorded file path instead of its base name\n"
	    "      --by-thread          a root frame per thread\n"
	    "      --by-task            and a frame per task under it\n"
	    "      --no-sleeping        drop samples taken while their thread slept\n"
	    "      --stats              sample, layout and thread figures on stderr\n"
	    "      --time-order         each thread's stacks in sample order, not summed\n"
	    "      --layout MODE        auto, meta or legacy data layout\n"
	    "      --int-size N         8, or 4 for files from 32-bit Julia\n"
	    "      --no-header          no '# fg:' header lines\n"
	    "  -q, --quiet              no progress line on a terminal\n"
	    "  -h, --help               show this help\n"
	    "      --version            show the version\n", argv0);
	exit_stdout();
}

static void
parselist(struct jllist *l, const char *arg, const char *what)
{
	if (jlfold_list(l, arg))
		usage_error("bad %s: '%s'", what, arg);
}

int
main(int argc, char **argv)
{
	enum { O_NOCOMBINE = 256, O_RECUR, O_REPL, O_PRUNE, O_FILTER, O_FILTERRE,
	    O_THREADS, O_TASKS, O_FULLPATH, O_BYTHREAD, O_BYTASK, O_NOSLEEP, O_STATS, O_TIMEORDER,
	    O_LAYOUT, O_INTSIZE };
	static const struct option longopts[] = {
		{ "C", no_argument, NULL, 'C' },
		{ "no-combine", no_argument, NULL, O_NOCOMBINE },
		{ "recur", required_argument, NULL, O_RECUR },
		{ "repl", no_argument, NULL, O_REPL },
		{ "prune", required_argument, NULL, O_PRUNE },
		{ "filter", required_argument, NULL, O_FILTER },
		{ "filter-regex", required_argument, NULL, O_FILTERRE },
		{ "threads", required_argument, NULL, O_THREADS },
		{ "tasks", required_argument, NULL, O_TASKS },
		{ "full-path", no_argument, NULL, O_FULLPATH },
		{ "by-thread", no_argument, NULL, O_BYTHREAD },
		{ "by-task", no_argument, NULL, O_BYTASK },
		{ "no-sleeping", no_argument, NULL, O_NOSLEEP },
		{ "stats", no_argument, NULL, O_STATS },
		{ "time-order", no_argument, NULL, O_TIMEORDER },
		{ "layout", required_argument, NULL, O_LAYOUT },
		{ "int-size", required_argument, NULL, O_INTSIZE },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ 0 }
	};
	/* in the order of JLF_RECUR_..., JL_...; sizes 8 >> index */
	static const char *const recurs[] = { "off", "flat", "flatc", NULL };
	static const char *const layouts[] = { "auto", "meta", "legacy", NULL };
	static const char *const intsizes[] = { "8", "4", NULL };
	static struct jlfold fold;
	static struct stackmap out;
	static struct stackrun run;
	struct fheader h;
	int c, i, noheader = 0;

	argv[0] = setprogname(argv[0]);
	opt.intsize = 8;
	opt.layout = JL_AUTO;
	while ((c = getopt_long(argc, argv, "Cqh", longopts, NULL)) != -1) {
		switch (c) {
		case 'C': opt.c = 1; break;
		case O_NOCOMBINE: opt.nocombine = 1; break;
		case O_RECUR: opt.recur = opt_choice(optarg, "recursion mode", recurs); break;
		case O_REPL: opt.repl = 1; break;
		case O_PRUNE: jlfold_prune(&opt, optarg); break;
		case O_FILTER: opt.filter = optarg; break;
		case O_FILTERRE:
			rx_free(opt.re);
			opt.re = pat_compile(optarg, 0);
			break;
		case O_THREADS: parselist(&opt.threads, optarg, "thread list"); break;
		case O_TASKS: parselist(&opt.tasks, optarg, "task list"); break;
		case O_FULLPATH: opt.fullpath = 1; break;
		case O_BYTHREAD: opt.bythread = 1; break;
		case O_BYTASK: opt.bythread = opt.bytask = 1; break;
		case O_NOSLEEP: opt.nosleep = 1; break;
		case O_STATS: opt.stats = 1; break;
		case O_TIMEORDER: opt.run = &run; break;
		case O_LAYOUT: opt.layout = opt_choice(optarg, "layout", layouts); break;
		case O_INTSIZE: opt.intsize = 8 >> opt_choice(optarg, "int size", intsizes); break;
		case FH_NOHEADER: noheader = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
		if (c == 'C' || (c >= O_NOCOMBINE && c <= O_TASKS))
			opt.graphopt = 1;
	}
	if (opt.filter && opt.re)
		usage_error("--filter and --filter-regex exclude each other");
	argc -= optind;
	argv += optind;
	stackmap_init(&out);
	/* stacks in time order say so (fg-folded(5)); summed ones need no header */
	fh_init(&h);
	h.omit = noheader;
	if (opt.run)
		fh_set(&h, FH_ORDER, "time");
	fh_print(&h);
	fh_free(&h);
	if (!argc)
		jlfold_file(&fold, &opt, NULL, &out);
	for (i = 0; i < argc; i++)
		jlfold_file(&fold, &opt, argv[i], &out);
	if (!out.n && !run.lines)
		weprintf("there were no samples collected");
	stackrun_flush(&run);
	stackmap_print(&out, 1);
	out_flush();
	return 0;
}
