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
#include "report/list.h"
#include "report/top.h"
#include "base/util.h"

static noreturn void
usage(void)
{
	printf("usage: %s [-n N] [--sort self|total|name] [--by frame|function|file]\n"
	    "       [--tree [--min PCT] | --callers PATTERN | --callees PATTERN]\n"
	    "       [--list PATTERN [--source-dir DIR]... [--source-map FROM=TO]...\n"
	    "        [--context N] [--list-all]]\n"
	    "       [-e REGEX] [-F TEXT] [--name NAME[@FILE]]\n"
	    "       [--format text|tsv|json] [FILE...]\n"
	    "  -n, --rows N           rows to show (20; 0 for all)\n"
	    "  -s, --sort KEY         self (default), total or name\n"
	    "  -b, --by WHAT          group by frame (default), function or file\n"
	    "  -t, --tree             the call tree, indented\n"
	    "  -m, --min PCT          --tree: leave out frames under PCT%% of the total (1)\n"
	    "      --callers PATTERN  what calls the matching function\n"
	    "      --callees PATTERN  what the matching function calls\n"
	    "      --list PATTERN     the matching function's lines, flat and cum\n"
	    "      --source-dir DIR   --list: its source, read from under DIR only\n"
	    "      --source-map F=T   --list: read a path that begins with F as with T\n"
	    "      --context N        --list: source lines around a costly one (3)\n"
	    "      --list-all         --list: every line from the first costly to the last\n"
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

enum { O_CALLERS = 256, O_CALLEES, O_NAME, O_LIST, O_SRCDIR, O_SRCMAP, O_CONTEXT, O_LISTALL };

/* Take option c with argument arg if it is one of --list's: 1, else 0.
 * --list's pattern goes into pats with the others; *list is set, and
 * *opts counts the other options. */
static int
list_option(struct list *ls, struct patset *pats, int c, const char *arg, int *list, int *opts)
{
	switch (c) {
	case O_LIST:
		pat_add(pats, PAT_NAME, arg);
		*list = 1;
		return 1;
	case O_SRCDIR: src_adddir(&ls->src, arg); break;
	case O_SRCMAP: src_addmap(&ls->src, arg); break;
	case O_CONTEXT: ls->context = estrtou64(arg, "context"); break;
	case O_LISTALL: ls->all = 1; break;
	default: return 0;
	}
	++*opts;
	return 1;
}

/* fg-top --list: the patterns of -e, -F and --name are tp's. */
static int
list_main(struct list *ls, struct top *tp, int other, int argc, char **argv)
{
	if (other || tp->mode != MODE_TOP)
		usage_error("--list goes with none of -n, --sort, --by, --tree, --min, --callers, --callees");
	ls->pats = tp->pats;
	memset(&tp->pats, 0, sizeof(tp->pats));
	ls->format = tp->format == FMT_TSV ? LS_TSV : tp->format == FMT_JSON ? LS_JSON : LS_TEXT;
	list_init(ls);
	each_line(argc, argv, NULL, list_line, ls);
	if (count_iszero(ls->total[ls->diff]) && count_iszero(ls->total[0]))
		eprintf("no samples in the input");
	if (!list_matched(ls))
		eprintf(ls->pats.n > 1 ? "no frame matches '%s' or the other patterns" :
		    "no frame matches '%s'", ls->pats.p[0].text);
	list_print(ls);
	out_flush();
	list_free(ls);
	top_free(tp);
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "rows", required_argument, NULL, 'n' },
		{ "sort", required_argument, NULL, 's' },
		{ "by", required_argument, NULL, 'b' },
		{ "tree", no_argument, NULL, 't' },
		{ "min", required_argument, NULL, 'm' },
		{ "callers", required_argument, NULL, O_CALLERS },
		{ "callees", required_argument, NULL, O_CALLEES },
		{ "format", required_argument, NULL, 'f' },
		{ "list", required_argument, NULL, O_LIST },
		{ "source-dir", required_argument, NULL, O_SRCDIR },
		{ "source-map", required_argument, NULL, O_SRCMAP },
		{ "context", required_argument, NULL, O_CONTEXT },
		{ "list-all", no_argument, NULL, O_LISTALL },
		PAT_LONGOPTS(O_NAME),
		OPT_HELP_VERSION,
		{ 0 }
	};
	/* in the order of SORT_SELF..., BY_... and FMT_... */
	static const char *const sorts[] = { "self", "total", "name", NULL };
	static const char *const groupings[] = { "frame", "function", "file", NULL };
	static const char *const formats[] = { "text", "tsv", "json", NULL };
	struct top tp;
	struct list ls;
	int c, list = 0, listopt = 0, other = 0;

	argv[0] = setprogname(argv[0]);
	memset(&tp, 0, sizeof(tp));
	memset(&ls, 0, sizeof(ls));
	ls.context = 3;
	tp.rows = 20;
	tp.minpct = 1;
	while ((c = getopt_long(argc, argv, "n:s:b:tm:f:qh" PAT_SHORTOPTS, longopts, NULL)) != -1) {
		if (pat_option(&tp.pats, c, optarg, O_NAME))
			continue;
		if (list_option(&ls, &tp.pats, c, optarg, &list, &listopt))
			continue;
		if (c > 0 && c < 256 && strchr("nsbtm", c))
			other = 1;
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
	if (list)
		return list_main(&ls, &tp, other, argc, argv);
	if (listopt)
		usage_error("--source-dir, --source-map, --context and --list-all go with --list");
	if (tp.pats.n && tp.mode != MODE_CALLERS && tp.mode != MODE_CALLEES)
		usage_error("-e, -F and --name go with --callers, --callees or --list");
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
