/* fg-top: text reports of folded stacks: top functions, trees, callers */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "folded/folded.h"
#include "folded/input.h"
#include "base/progress.h"
#include "base/out.h"
#include "stack/pattern.h"
#include "report/top.h"
#include "base/util.h"

static noreturn void
usage(void)
{
	printf("usage: %s [-n N] [--sort self|total|name] [--by frame|function|file]\n"
	    "       [--tree [--min PCT] | --callers PATTERN | --callees PATTERN]\n"
	    "       [-e REGEX] [-F TEXT] [--name NAME[@FILE]]\n"
	    "       [--format text|tsv|json] [FILE...]\n"
	    "  -n, --rows N           rows to show (20; 0 for all)\n"
	    "  -s, --sort KEY         self (default), total or name\n"
	    "  -b, --by WHAT          group by frame (default), function or file\n"
	    "  -t, --tree             the call tree, indented\n"
	    "  -m, --min PCT          --tree: leave out frames under PCT%% of the total (1)\n"
	    "      --callers PATTERN  what calls the matching function\n"
	    "      --callees PATTERN  what the matching function calls\n"
	    "  -e, --regex REGEX      ... also frames a POSIX extended regex matches\n"
	    "  -F, --fixed TEXT       ... also frames that contain TEXT\n"
	    "      --name NAME[@FILE] ... also frames whose function is NAME\n"
	    "  -f, --format FMT       text (default), tsv or json\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
}

static int
terminal_width(void)
{
	struct winsize ws;
	const char *env;

	if (!isatty(1))
		return 0;
	if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	if ((env = getenv("COLUMNS")) && atoi(env) > 0)
		return atoi(env);
	return 80;
}

static void
header(struct top *tp, const char *what)
{
	int col = tp->diff;
	char a[400], b[400];

	count_fmt(tp->matched[col], a);
	count_fmt(tp->total[col], b);
	out_printf("%s: %s of %s samples pass through the function (%.2f%%)\n", what, a, b,
	    count_val(tp->total[col]) > 0 ?
	    100 * count_val(tp->matched[col]) / count_val(tp->total[col]) : 0.0);
}

int
main(int argc, char **argv)
{
	enum { O_CALLERS = 256, O_CALLEES, O_NAME };
	static const struct option longopts[] = {
		{ "rows", required_argument, NULL, 'n' },
		{ "sort", required_argument, NULL, 's' },
		{ "by", required_argument, NULL, 'b' },
		{ "tree", no_argument, NULL, 't' },
		{ "min", required_argument, NULL, 'm' },
		{ "callers", required_argument, NULL, O_CALLERS },
		{ "callees", required_argument, NULL, O_CALLEES },
		{ "format", required_argument, NULL, 'f' },
		PAT_LONGOPTS(O_NAME),
		OPT_HELP_VERSION,
		{ 0 }
	};
	/* in the order of SORT_SELF..., BY_... and FMT_... */
	static const char *const sorts[] = { "self", "total", "name", NULL };
	static const char *const groupings[] = { "frame", "function", "file", NULL };
	static const char *const formats[] = { "text", "tsv", "json", NULL };
	struct top tp;
	int c;

	argv[0] = setprogname(argv[0]);
	memset(&tp, 0, sizeof(tp));
	tp.rows = 20;
	tp.minpct = 1;
	while ((c = getopt_long(argc, argv, "n:s:b:tm:f:qh" PAT_SHORTOPTS, longopts, NULL)) != -1) {
		if (pat_option(&tp.pats, c, optarg, O_NAME))
			continue;
		switch (c) {
		case 'n': tp.rows = estrtou64(optarg, "row count"); break;
		case 's': tp.sort = SORT_SELF + opt_choice(optarg, "sort key", sorts); break;
		case 'b': tp.by = opt_choice(optarg, "grouping", groupings); break;
		case 't': tp.mode = MODE_TREE; break;
		case 'm':
			tp.minpct = estrtod(optarg, "minimum percent");
			if (!(tp.minpct >= 0 && tp.minpct <= 100))
				usage_error("minimum percent must be from 0 to 100");
			break;
		case O_CALLERS:
		case O_CALLEES:
			tp.mode = c == O_CALLERS ? MODE_CALLERS : MODE_CALLEES;
			pat_add(&tp.pats, PAT_NAME, optarg);
			break;
		case 'f': tp.format = opt_choice(optarg, "format", formats); break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	if (tp.pats.n && tp.mode != MODE_CALLERS && tp.mode != MODE_CALLEES)
		usage_error("-e, -F and --name go with --callers or --callees");
	intern_init(&tp.keys);
	tree_init(&tp.t, 0, 2);
	tp.width = tp.format == FMT_TEXT ? terminal_width() : 0;
	each_line(argc, argv, NULL, top_line, &tp);
	if (count_iszero(tp.total[tp.diff]) && count_iszero(tp.total[0]))
		eprintf("no samples in the input");
	switch (tp.mode) {
	case MODE_TREE:
		top_tree(&tp);
		break;
	case MODE_CALLERS:
	case MODE_CALLEES:
		if (count_iszero(tp.matched[0]) && count_iszero(tp.matched[1]))
			eprintf(tp.pats.n > 1 ? "no frame matches '%s' or the other patterns" :
			    "no frame matches '%s'", tp.pats.p[0].text);
		if (tp.format == FMT_TEXT)
			header(&tp, tp.mode == MODE_CALLERS ? "callers" : "callees");
		top_table(&tp);
		break;
	default:
		top_table(&tp);
	}
	out_flush();
	top_free(&tp);
	return 0;
}
