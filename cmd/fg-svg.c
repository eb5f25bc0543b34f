/* fg-svg: an interactive SVG flame graph */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "base/out.h"
#include "base/util.h"
#include "draw/nameattr.h"
#include "draw/color.h"
#include "draw/draw.h"
#include "draw/optrange.h"
#include "draw/svg.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "The FILEs are added up into one graph (fg-html makes a view of each).\n%s",
	    argv0, draw_usage);
	fputs("      --fonttype FONT    font family (Verdana)\n"
	    DU_FONTS
	    "      --nametype TEXT    what frames are (Function:)\n"
	    "      --notes TEXT       a comment in the SVG\n"
	    "      --factor F         scale the counts shown by F\n"
	    "      --cp               read and update palette.map (--palette palette.map)\n"
	    "      --nameattr FILE    attributes of frames by name (FUNC<tab>NAME=VALUE...)\n"
	    "inferno-flamegraph's:\n"
	    "      --deterministic    colour by inferno's hash of the name\n"
	    "      --colordiffusion   colour by width: the wider, the redder\n"
	    "      --base NAME        only stacks through frame NAME, each from its deepest\n"
	    "                         one (repeatable)\n"
	    "      --search-color #RRGGBB  search matches' fill (#e600e6)\n"
	    "      --stroke-color #RRGGBB|none  an outline of every frame (none)\n"
	    "      --uicolor #RRGGBB  the title's, buttons' and status lines' colour (#000000)\n"
	    "      --truncate-text-right, --no-sort, --pretty-xml\n"
	    "                         taken, and what fg-svg does anyway\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", stdout);
	exit_stdout();
}


enum { O_FONTTYPE = DO_LAST, O_NAMETYPE, O_NOTES,
	O_FACTOR, O_CP, O_NAMEATTR, O_DETERMINISTIC, O_DIFFUSION, O_BASE, O_SEARCHCOLOR,
	O_STROKECOLOR, O_UICOLOR, O_SAME };

/* inferno's colour argument: "#rrggbb" */
static const char *
hexcolor(const char *s, const char *what)
{
	if (s[0] != '#' || strlen(s) != 7 || strspn(s + 1, "0123456789abcdefABCDEF") != 6)
		usage_error("bad %s: '%s' (#rrggbb)", what, s);
	return s;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DRAW_LONGOPTS,
		{ "fonttype", required_argument, NULL, O_FONTTYPE },
		DRAW_FONTOPTS,
		{ "nametype", required_argument, NULL, O_NAMETYPE },
		{ "notes", required_argument, NULL, O_NOTES },
		{ "factor", required_argument, NULL, O_FACTOR },
		{ "cp", no_argument, NULL, O_CP },
		{ "nameattr", required_argument, NULL, O_NAMEATTR },
		{ "deterministic", no_argument, NULL, O_DETERMINISTIC },
		{ "colordiffusion", no_argument, NULL, O_DIFFUSION },
		{ "base", required_argument, NULL, O_BASE },
		{ "search-color", required_argument, NULL, O_SEARCHCOLOR },
		{ "stroke-color", required_argument, NULL, O_STROKECOLOR },
		{ "uicolor", required_argument, NULL, O_UICOLOR },
		{ "truncate-text-right", no_argument, NULL, O_SAME },
		{ "no-sort", no_argument, NULL, O_SAME },
		{ "pretty-xml", no_argument, NULL, O_SAME },
		OPT_HELP_VERSION,
		{ 0 }
	};
	struct nameattrs na, *nattrs = NULL;
	const char *nafile = NULL;
	struct dopts o;
	struct graph g;
	int c, deterministic = 0;

	argv[0] = setprogname(argv[0]);
	draw_defaults(&o);
	o.fonttype = "Verdana";
	o.nametype = "Function:";
	o.factor = 1;
	while ((c = getopt_long(argc, argv, "t:w:H:c:iqh", longopts, NULL)) != -1) {
		if (draw_option(&o, c, optarg))
			continue;
		switch (c) {
		case O_FONTTYPE: o.fonttype = optarg; break;
		case O_NAMETYPE: o.nametype = optarg; break;
		case O_NOTES: o.notes = optarg; break;
		case O_FACTOR: o.factor = draw_num(optarg, "factor", 0, RANGE_FACTOR); break;
		case O_CP: o.palfile = "palette.map"; break;
		case O_NAMEATTR: nafile = optarg; break;
		case O_DETERMINISTIC: deterministic = 1; break;
		case O_DIFFUSION: o.diffusion = 1; break;
		case O_BASE:
			o.bases = ereallocarray(o.bases, o.nbases + 1, sizeof(*o.bases));
			o.bases[o.nbases++] = optarg;
			break;
		case O_SEARCHCOLOR: o.searchcolor = hexcolor(optarg, "search-color"); break;
		case O_STROKECOLOR:
			o.strokecolor = strcmp(optarg, "none") ? hexcolor(optarg, "stroke-color") : NULL;
			break;
		case O_UICOLOR: o.uicolor = hexcolor(optarg, "uicolor"); break;
		case O_SAME: break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	/* as inferno has it */
	if (deterministic && o.seed == SEED_HASH)
		usage_error("--hash and --deterministic exclude each other");
	if (deterministic)
		o.seed = SEED_FNV;
	if (o.diffusion && o.palset)
		usage_error("--colordiffusion and --colors exclude each other");
	draw_finish_options(&o);
	if (nafile) {
		nameattr_init(nattrs = &na);
		nameattr_load(&na, nafile);
		svg_drop_own_ids(&na, nafile);
	}
	o.elided = 1;
	graph_read(&g, &o, argc, argv, 0);
	svg_write(&o, &g, nattrs);
	out_flush();
	palette_save(o.pal);
	graph_free(&g);
	if (nattrs)
		nameattr_free(nattrs);
	free(o.bases);
	return 0;
}
