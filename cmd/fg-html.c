/* fg-html: one offline HTML page that draws profiles on a canvas */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "base/out.h"
#include "base/util.h"
#include "draw/draw.h"
#include "draw/optrange.h"
#include "draw/html.h"
#include "folded/fheader.h"
#include "folded/folded.h"
#include "draw/nameattr.h"

/* One input file: its stacks (pstack.h), and its header. */
struct input {
	const char *path;
	struct pinput in;
};

/* The renderers' options but those of an image (--minwidth, --total,
 * --no-more; -w and -H size the canvas), worded for a page. */
static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n", argv0);
	fputs("  -t, --title TEXT       title (\"Flame Graph\", or \"Icicle Graph\" with -i)\n"
	    DU_SUBTITLE
	    "  -w, --width PX         canvas width (fills the window, or FG_WIDTH)\n"
	    "  -H, --height PX        canvas height (fills the window, or FG_HEIGHT)\n"
	    DU_BGCOLORS DU_COLORS DU_HASH DU_PALETTE DU_FLAMECHART
	    "  -i, --inverted         open as an icicle graph (the root on top)\n"
	    DU_REVERSE DU_NEGATE DU_DELTA DU_MINDELTA
	    "      --sort=name|width  open with callees by name (default) or widest first\n"
	    DU_COUNTNAME
	    "      --source-url TEMPLATE  link frames FUNC at FILE:LINE to their source:\n"
	    "                         {path}, {file} (base name), {line} filled in\n"
	    "      --split-root       one view per root frame (per thread)\n"
	    "      --compare          open on the first two FILEs compared, BASELINE and TARGET\n"
	    "                         (each a view of its own too), as fg-diff compares them\n"
	    "      --nameattr FILE    titles and links of frames by name (FUNC<tab>NAME=VALUE...)\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n"
	    "Each FILE is a view of its own (fg-svg adds them up into one graph).\n", stdout);
	exit_stdout();
}

/* Read one file (NULL: standard input) into in, its frames into the
 * page's names; an input of no samples to draw is an error. */
static void
read_input(struct input *in, const char *path, const struct dopts *o, struct frules *rules,
    struct html_page *page)
{
	in->path = path;
	pinput_read(&in->in, &page->names, o, rules, path);
	if (!pinput_drawn(&in->in, rules->ncounts == 2))
		eprintf("%s: %s", displayname(path), pinput_drawn(&in->in, 0) ? DRAW_ALLVANISHED :
		    "no samples in the input");
}

static double
size_env(const char *var)
{
	const char *env = getenv(var);

	return env && *env ? draw_num(env, var, 100, RANGE_PX) : 0;
}

enum { O_SPLIT = DO_LAST, O_SOURCEURL, O_NAMEATTR, O_COMPARE };

/* Is option c one of an image's only (its frames cut or boxed)? */
static int
image_only(int c)
{
	return c == DO_MINWIDTH || c == DO_TOTAL || c == DO_NOMORE;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DRAW_LONGOPTS,
		{ "split-root", no_argument, NULL, O_SPLIT },
		{ "compare", no_argument, NULL, O_COMPARE },
		{ "source-url", required_argument, NULL, O_SOURCEURL },
		{ "nameattr", required_argument, NULL, O_NAMEATTR },
		OPT_HELP_VERSION,
		{ 0 }
	};
	struct html_page page = { 0 };
	struct dopts o;
	struct frules rules = { 0 };	/* the inputs', read together */
	/* static: still reachable when a bad input ends the program from
	 * read_input, so a leak checker does not take it for a leak */
	static struct input *in;
	static struct nameattrs na;
	const char *nafile = NULL, *ph;
	int c, i, k = 0, n, split = 0;

	argv[0] = setprogname(argv[0]);
	draw_defaults(&o);
	o.frameheight = 16;	/* FG_HEIGHT is the canvas's here */
	page.width = size_env("FG_WIDTH");
	page.height = size_env("FG_HEIGHT");
	while ((c = getopt_long(argc, argv, "t:w:H:c:iqh", longopts, &k)) != -1) {
		/* -w and -H size the canvas, not fg-svg's image and frames */
		if (c != 'w' && c != 'H' && !image_only(c) && draw_option(&o, c, optarg))
			continue;
		switch (c) {
		case 'w': page.width = draw_num(optarg, "width", 100, RANGE_PX); break;
		case 'H': page.height = draw_num(optarg, "height", 100, RANGE_PX); break;
		case O_SPLIT: split = 1; break;
		case O_COMPARE: page.compare = 1; break;
		case O_SOURCEURL:
			if (!html_url_ok(optarg))
				usage_error("bad source URL: '%s' (http:, https:, file:, vscode: or an editor's scheme)", optarg);
			if ((ph = html_url_placeholder(optarg)))
				usage_error("bad source URL: '%.*s' is no placeholder ({path}, {file} or {line})",
				    (int)(strchr(ph, '}') - ph + 1), ph);
			page.sourceurl = optarg;
			break;
		case O_NAMEATTR: nafile = optarg; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default:
			if (image_only(c))
				usage_error("--%s applies to an image, not to a page",
				    longopts[k].name);
			tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	if (page.compare && argc < 2)
		usage_error("--compare needs two profiles, BASELINE and TARGET, before any other");
	if (page.compare && split)
		usage_error("--compare compares whole inputs, not --split-root's views");
	page.deftitle = !o.title;
	page.sortwidth = o.bywidth;
	page.fixedname = o.countname != NULL;
	if (!o.countname)
		o.countname = "samples";
	draw_finish_options(&o);
	if (nafile) {
		nameattr_init(&na);
		nameattr_load(&na, nafile);
		page.nattrs = &na;
	}
	/* every input is read before a byte is written */
	n = argc ? argc : 1;
	in = ecalloc(n, sizeof(*in));
	html_init(&page, !split);
	for (i = 0; i < n; i++)
		read_input(&in[i], argc ? argv[i] : NULL, &o, &rules, &page);
	page.diff = rules.ncounts == 2;
	if (page.compare && page.diff)
		eprintf("--compare: the inputs are differential already (fg-diff's output): they do not compare again");
	page.frac = rules.frac;
	page.declared = rules.declared && rules.ncounts == 1;
	html_order(&page);
	html_begin(&page, &o);
	for (i = 0; i < n; i++) {
		html_input(&page, n > 1 || !split ? displayname(in[i].path) : NULL, &in[i].in, split);
		pinput_free(&in[i].in);
	}
	html_end(&page);
	out_flush();
	palette_save(o.pal);
	free(in);
	if (nafile)
		nameattr_free(&na);
	return 0;
}
