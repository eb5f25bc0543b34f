/* jlprof-fold: Julia profiles (.jlprof) to folded stacks, as FlameGraphs.jl sees them
 *
 * Options and wiring (folded/folder's options and header); the folding
 * is lib/formats/jlprof/fold.c, which reads each file itself (mapped in
 * place, a pipe spooled first).
 */
#include <stdio.h>

#include "base/util.h"
#include "folded/folder.h"
#include "formats/jlprof/fold.h"

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
	    "      --int-size N         8, or 4 for files from 32-bit Julia\n", argv0);
	folder_usage(21, NULL);
}

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		JLFOLD_OPTS, FH_NOHEADER_OPT, OPT_HELP_VERSION, { 0 }
	};
	static struct jlfold_opts opt;
	struct jlfold *fold;
	struct folder f;
	int c, i;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 0);
	jlfold_opts_init(&opt);
	while ((c = folder_getopt(&f, argc, argv, "Cqh", lo)) != -1)
		if (!jlfold_opt(&opt, c, optarg, &f.runs))
			c == 'h' ? usage() : tryhelp();
	fold = jlfold_new(&opt, &f.map);
	/* stacks in time order say so (fg-folded(5)); summed ones need no header */
	if (opt.run)
		fh_set(&f.h, FH_ORDER, "time");
	fh_print(&f.h);
	for (i = optind; i < (argc > optind ? argc : optind + 1); i++)
		jlfold_file(fold, i < argc ? argv[i] : NULL);
	jlfold_free(fold);
	if (!f.map.n && !f.runs.lines)
		weprintf("there were no samples collected");
	stackrun_flush(&f.runs);
	stackmap_print(&f.map, 1);
	out_flush();
	folder_free(&f);
	return 0;
}
