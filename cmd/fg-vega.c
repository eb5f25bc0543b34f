/* fg-vega: folded stacks as a Vega-Lite or Vega flame graph (JSON) */
#include <getopt.h>
#include <stdio.h>

#include "base/progress.h"
#include "base/out.h"
#include "base/util.h"
#include "draw/draw.h"
#include "draw/optrange.h"
#include "draw/vega.h"

enum { OUT_VEGALITE, OUT_VEGA, OUT_HTML };

struct vopts {
	int output;
	double height;
	const char *vegadir;	/* --vega-dir */
};

static noreturn void
usage(void)
{
	printf("usage: %s [--vega | --html] [options] [FILE...]\n", argv0);
	fputs("      --vega             a Vega v5 spec instead of Vega-Lite v5\n"
	    "      --html             a web page that embeds the graph\n"
	    "      --vega-dir DIR     --html: inline the Vega builds in DIR (node_modules)\n"
	    "  -t, --title TEXT       title (\"Profile Results\", \"Diff Profile Results\")\n"
	    "  -w, --width PX         width (1200, or FG_WIDTH)\n"
	    "  -H, --height PX        height (20 px a level, or FG_HEIGHT)\n"
	    DU_MINWIDTH DU_INVERTED DU_NEGATE DU_DELTA DU_MINDELTA DU_SORT DU_COUNTNAME
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", stdout);
	exit_stdout();
}

int
main(int argc, char **argv)
{
	enum { O_VEGA = DO_LAST, O_HTML, O_VEGADIR };
	static const struct option longopts[] = {
		{ "vega", no_argument, NULL, O_VEGA },
		{ "html", no_argument, NULL, O_HTML },
		{ "vega-dir", required_argument, NULL, O_VEGADIR },
		{ "title", required_argument, NULL, 't' },
		{ "width", required_argument, NULL, 'w' },
		{ "height", required_argument, NULL, 'H' },
		{ "minwidth", required_argument, NULL, DO_MINWIDTH },
		{ "inverted", no_argument, NULL, 'i' },
		{ "negate", optional_argument, NULL, DO_NEGATE },
		{ "delta", required_argument, NULL, DO_DELTA },
		{ "min-delta", required_argument, NULL, DO_MINDELTA },
		{ "sort", required_argument, NULL, DO_SORT },
		{ "countname", required_argument, NULL, DO_COUNTNAME },
		OPT_HELP_VERSION,
		{ 0 }
	};
	struct vopts vo = { 0 };
	struct dopts o;
	struct graph gr;
	int c;

	argv[0] = setprogname(argv[0]);
	draw_init(&o);
	draw_env("FG_WIDTH", 10, RANGE_PX, &o.width);
	draw_env("FG_HEIGHT", 10, RANGE_PX, &vo.height);
	while ((c = getopt_long(argc, argv, "t:w:H:iqh", longopts, NULL)) != -1) {
		switch (c) {
		case O_VEGA: vo.output = OUT_VEGA; break;
		case O_HTML: vo.output = OUT_HTML; break;
		case O_VEGADIR: vo.vegadir = optarg; break;
		case 'w': o.width = draw_num(optarg, "width", 10, RANGE_PX); break;
		case 'H': vo.height = draw_num(optarg, "height", 10, RANGE_PX); break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default:
			if (!draw_option(&o, c, optarg))
				tryhelp();
		}
	}
	if (vo.vegadir && vo.output != OUT_HTML)
		usage_error("--vega-dir is for --html");
	argc -= optind;
	argv += optind;
	graph_read(&gr, &o, argc, argv, o.width);
	if (vo.output == OUT_VEGA)
		vega_write_spec(&o, &gr, vo.height);
	else if (vo.output == OUT_HTML)
		vega_write_html(&o, &gr, vo.height, vo.vegadir);
	else
		vega_write_lite(&o, &gr, vo.height);
	out_flush();
	graph_free(&gr);
	return 0;
}
