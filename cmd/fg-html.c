/* fg-html: one offline HTML page that draws profiles on a canvas */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/out.h"
#include "base/util.h"
#include "draw/draw.h"
#include "draw/html.h"
#include "read/fheader.h"
#include "read/folded.h"

/* One input file: its graph, for differential input the stacks that
 * vanished (target 0), and what its header says the counts are. */
struct input {
	const char *path;
	struct layout L, E;
	struct fheader h;
};

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -t, --title TEXT       title (\"Flame Graph\", or \"Icicle Graph\" with -i)\n"
	    "      --subtitle TEXT    a second line under the title\n"
	    "  -w, --width PX         canvas width (fills the window, or FG_WIDTH)\n"
	    "  -H, --height PX        canvas height (fills the window, or FG_HEIGHT)\n"
	    "  -c, --colors PALETTE   hot (default), mem, io, wakeup, chain, java, js, perl,\n"
	    "                         red, green, blue, aqua, yellow, purple, orange,\n"
	    "                         julia, category\n"
	    "      --hash             colour by a hash of the name\n"
	    "      --palette FILE     read and update a name->rgb(r,g,b) palette map\n"
	    "      --bgcolors COLOR   yellow, blue, green, grey, or #rrggbb\n"
	    "  -i, --inverted         open as an icicle graph (the root on top)\n"
	    "      --sort=name|width  open with callees by name (default) or widest first\n"
	    "      --flamechart       keep input order, merge only adjacent stacks (time order)\n"
	    "      --source-url TEMPLATE  link frames FUNC at FILE:LINE to their source:\n"
	    "                         {path}, {file} (base name), {line} filled in\n"
	    "      --split-root       one view per root frame (per thread)\n"
	    "      --countname TEXT   what a count counts (the input's, or samples)\n"
	    "      --reverse          reverse every stack (merge at the leaves)\n"
	    "      --negate           differential: draw the baseline, colour baseline - target\n"
	    "      --delta=total|self differential: colour by total (default) or self change\n"
	    "      --min-delta PCT    differential: changes under PCT%% of the total are neutral\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n"
	    "Each FILE is a view of its own (fg-svg adds them up into one graph).\n", argv0);
	exit_stdout();
}

/* Read one file (NULL: standard input) into in. */
static void
read_input(struct input *in, const char *path, const struct dopts *o, struct frules *rules)
{
	char *argv[1];

	in->path = path;
	argv[0] = (char *)path;
	graph_read_whole(&in->L, &in->E, &in->h, o, rules, path ? 1 : 0, argv);
	if (in->L.timemax <= 0)
		eprintf("%s: %s", displayname(path), in->E.timemax > 0 ? DRAW_ALLVANISHED :
		    "no samples in the input");
}

static double
size_env(const char *var)
{
	const char *env = getenv(var);

	return env && *env ? draw_num(env, var, 100) : 0;
}

enum { O_SORT = DO_LAST, O_SPLIT, O_COUNTNAME, O_SOURCEURL, O_VERSION };

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "title", required_argument, NULL, 't' },
		{ "subtitle", required_argument, NULL, DO_SUBTITLE },
		{ "width", required_argument, NULL, 'w' },
		{ "height", required_argument, NULL, 'H' },
		{ "colors", required_argument, NULL, 'c' },
		{ "hash", no_argument, NULL, DO_HASH },
		{ "palette", required_argument, NULL, DO_PALETTE },
		{ "bgcolors", required_argument, NULL, DO_BGCOLORS },
		{ "inverted", no_argument, NULL, 'i' },
		{ "reverse", no_argument, NULL, DO_REVERSE },
		{ "negate", no_argument, NULL, DO_NEGATE },
		{ "delta", required_argument, NULL, DO_DELTA },
		{ "min-delta", required_argument, NULL, DO_MINDELTA },
		{ "sort", required_argument, NULL, O_SORT },
		{ "flamechart", no_argument, NULL, DO_FLAMECHART },
		{ "split-root", no_argument, NULL, O_SPLIT },
		{ "countname", required_argument, NULL, O_COUNTNAME },
		{ "source-url", required_argument, NULL, O_SOURCEURL },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, O_VERSION },
		{ 0 }
	};
	struct html_page page = { 0 };
	struct dopts o;
	struct frules rules = { 0 };	/* the inputs', read together */
	/* static: still reachable when a bad input ends the program from
	 * read_input, so a leak checker does not take it for a leak */
	static struct input *in;
	int c, i, n, split = 0;

	argv[0] = setprogname(argv[0]);
	draw_defaults(&o);
	o.fontwidth = 0.59;
	o.frameheight = 16;	/* FG_HEIGHT is the canvas's here */
	o.countname = "samples";
	page.width = size_env("FG_WIDTH");
	page.height = size_env("FG_HEIGHT");
	while ((c = getopt_long(argc, argv, "t:w:H:c:ih", longopts, NULL)) != -1) {
		/* -w and -H size the canvas, not fg-svg's image and frames */
		if (c != 'w' && c != 'H' && draw_option(&o, c, optarg))
			continue;
		switch (c) {
		case 'w': page.width = draw_num(optarg, "width", 100); break;
		case 'H': page.height = draw_num(optarg, "height", 100); break;
		case O_SORT:
			if (strcmp(optarg, "width") && strcmp(optarg, "name"))
				usage_error("bad sort: '%s' (name or width)", optarg);
			page.sortwidth = !strcmp(optarg, "width");
			break;
		case O_SPLIT: split = 1; break;
		case O_COUNTNAME: o.countname = optarg; page.fixedname = 1; break;
		case O_SOURCEURL:
			if (!html_url_ok(optarg))
				usage_error("bad source URL: '%s' (http:, https:, file:, vscode: or an editor's scheme)", optarg);
			page.sourceurl = optarg;
			break;
		case 'h': usage();
		case O_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	page.deftitle = !o.title;
	if (o.chart && page.sortwidth)
		usage_error("--sort=width and --flamechart exclude each other");
	draw_finish_options(&o);
	/* every input is read before a byte is written */
	n = argc ? argc : 1;
	in = ecalloc(n, sizeof(*in));
	for (i = 0; i < n; i++)
		read_input(&in[i], argc ? argv[i] : NULL, &o, &rules);
	page.diff = rules.ncounts == 2;
	page.frac = rules.frac;
	html_begin(&page, &o);
	for (i = 0; i < n; i++)
		html_input(&page, n > 1 || !split ? displayname(in[i].path) : NULL, &in[i].L,
		    page.diff ? &in[i].E : NULL, &in[i].h, split);
	html_end(&page);
	out_flush();
	if (o.palfile)
		palette_save(o.palfile);
	for (i = 0; i < n; i++) {
		layout_free(&in[i].L);
		layout_free(&in[i].E);
		fh_free(&in[i].h);
	}
	free(in);
	return 0;
}
