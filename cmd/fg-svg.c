/* fg-svg: an interactive SVG flame graph */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/assets.h"
#include "draw/color.h"
#include "draw/draw.h"
#include "draw/font.h"
#include "base/escape.h"
#include "read/folded.h"
#include "stack/frame.h"
#include "read/input.h"
#include "draw/layout.h"
#include "base/out.h"
#include "stack/tree.h"
#include "base/util.h"

#define XPAD DRAW_XPAD

/* What is read: the graph, and for differential input the stacks that
 * vanished (target 0), drawn apart at their baseline widths. */
struct input {
	struct tree t, elided;
	int anyelided;
	char *rev;
	size_t revcap;
	struct dopts *o;
};

static void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n%s", argv0, draw_usage);
	fputs("      --fonttype FONT    font family (Verdana)\n"
	    "      --fontsize SIZE    font size (12)\n"
	    "      --fontwidth W      average character width / font size (0.59)\n"
	    "      --countname TEXT   what a count counts (samples)\n"
	    "      --nametype TEXT    what frames are (Function:)\n"
	    "      --notes TEXT       a comment in the SVG\n"
	    "      --factor F         scale the counts shown by F\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", stdout);
	exit_stdout();
}

static void
add_line(struct freader *r, struct fline *l, void *arg)
{
	struct input *in = arg;
	const char *s;
	count c[2];

	if (!(s = draw_line(in->o, l, c, &in->rev, &in->revcap)))
		return;
	if (tree_add(&in->t, s, l->len, c) == TNONE)
		fr_error(r, "sum of counts overflows");
	if (l->ncounts == 2 && count_iszero(c[1]) && !count_iszero(c[0])) {
		in->anyelided = 1;
		if (tree_add(&in->elided, s, l->len, c) == TNONE)
			fr_error(r, "sum of counts overflows");
	}
}

/* What a frame's box and text show: its name less the annotation. */
static void
display_name(const struct tree *t, const struct lframe *f, const char **s, size_t *n)
{
	const char *annot;
	size_t alen;

	if (f->node == 0) {
		*s = "all";
		*n = 3;
		return;
	}
	*s = tree_name(t, f->node);
	*n = frame_strip_annot(*s, tree_namelen(t, f->node), &annot, &alen);
}

/* Colouring of a differential graph. */
/* Geometry shared by the views. */
struct geom {
	double W, H, fh, ypad1, ypad2, ypad3, wpt;
	int inverted;
};

static double
frame_y(const struct geom *g, uint32_t depth)
{
	if (g->inverted)
		return g->ypad1 + g->ypad3 + depth * g->fh;
	return g->H - g->ypad2 - (depth + 1) * g->fh + 1;
}

static void
out_num(const char *fmt, double v)
{
	char buf[64];

	out_mem(buf, snprintf(buf, sizeof(buf), fmt, v));
}

/* The two ends of the background gradient. */
static void
background(const struct dopts *o, struct rgb bg[2])
{
	char top[8], bottom[8];

	color_background(o->palette, o->bgcolors, top, bottom);
	bg[0] = rgb_parse(top);
	bg[1] = rgb_parse(bottom);
}

/* What colour a frame's label takes (color_label_white): class "w",
 * white on the fill; "pw", white on the fill faded to half over the
 * background, as the script draws a parent of the zoomed frame.  Ends
 * the fill attribute's value and adds the class attribute; returns 1
 * for "w", for write_labels. */
static int
label_classes(const struct geom *g, const struct rgb bg[2], struct rgb fill, double y)
{
	struct rgb under = color_gradient(bg[0], bg[1], (y + g->fh / 2) / g->H);
	int w = color_label_white(fill), pw = color_label_white(color_mix(fill, under, 0.5));

	if (w || pw)
		out_str(w && pw ? "\" class=\"w pw" : w ? "\" class=\"w" : "\" class=\"pw");
	return w;
}

/* The frames of one view: a rect each, in layout order. */
static void
write_rects(const char *id, int hidden, const struct dopts *o, const struct tree *t,
    const struct layout *L, const struct geom *g, const struct diffscale *ds, unsigned char *white)
{
	uint32_t *cycle = ecalloc(L->maxdepth + 1, sizeof(*cycle));
	char hex[8], x1[32], x2[32], w[32];
	const struct lframe *f;
	struct rgb c, bg[2];
	size_t i;

	background(o, bg);
	out_printf("<g id=\"%s\"%s>\n", id, hidden ? " class=\"hide\"" : "");
	for (i = 0; i < L->n; i++) {
		f = &L->f[i];
		snprintf(x1, sizeof(x1), "%.1f", XPAD + count_val(f->x) * g->wpt);
		snprintf(x2, sizeof(x2), "%.1f", XPAD + (count_val(f->x) + count_val(f->w)) * g->wpt);
		snprintf(w, sizeof(w), "%.1f", atof(x2) - atof(x1));
		color_hex(c = frame_color(o, t, f, ds, cycle), hex);
		out_str("<rect x=\"");
		out_str(x1);
		out_str("\" y=\"");
		out_num("%.15g", frame_y(g, f->depth));
		out_str("\" width=\"");
		out_str(w);
		out_str("\" height=\"");
		out_num("%.15g", g->fh - 1);
		out_str("\" fill=\"");
		out_str(hex);
		white[i] = label_classes(g, bg, c, frame_y(g, f->depth));
		out_str("\"/>\n");
	}
	out_str("</g>\n");
	free(cycle);
}

/* The labels that fit, as flamegraph.pl fits them: a character is
 * fontwidth * fontsize wide; a cut name ends in "..". */
static void
write_labels(const char *id, int hidden, const struct dopts *o, const struct tree *t,
    const struct layout *L, const struct geom *g, const unsigned char *white)
{
	double cw = o->fontsize * o->fontwidth, px, pw;
	const struct lframe *f;
	const char *s;
	char more[48];	/* outlives the branch that fills it */
	size_t i, n, chars, have;

	out_printf("<g id=\"%s\"%s>\n", id, hidden ? " class=\"hide\"" : "");
	for (i = 0; i < L->n; i++) {
		f = &L->f[i];
		px = XPAD + count_val(f->x) * g->wpt;
		pw = count_val(f->w) * g->wpt;
		chars = (size_t)(pw / cw);
		if (chars < 3)
			continue;
		if (f->node == TNONE) {
			n = snprintf(more, sizeof(more), "+%u more", f->nmore);
			s = more;
			have = n;
		} else {
			display_name(t, f, &s, &n);
			have = utf8_chars(s, n);
		}
		out_str(white[i] ? "<text class=\"w\" x=\"" : "<text x=\"");
		out_num("%.2f", px + 3);
		out_str("\" y=\"");
		out_num("%.15g", frame_y(g, f->depth) + 3 + (g->fh - 1) / 2);
		out_str("\">");
		if (chars < have) {
			out_xml(s, utf8_prefix(s, n, chars - 2));
			out_str("..");
		} else {
			out_xml(s, n);
		}
		out_str("</text>\n");
	}
	out_str("</g>\n");
}

/* The data the script needs, per frame: depth, x, width, name (an index
 * into D.n, or minus the frame count of a "+N more" box), and for
 * differential input the baseline's count. */
struct names {
	uint32_t *index;	/* tree name id -> D.n index + 1 */
	uint32_t n;
};

static void
write_frame_data(const struct tree *t, const struct layout *L, struct names *nm,
    int diff, int pass)
{
	const struct lframe *f;
	const char *s;
	size_t i, len;
	uint32_t id;

	for (i = 0; i < L->n; i++) {
		f = &L->f[i];
		if (pass == 0) {
			if (f->node == TNONE || f->node == 0)
				continue;
			id = t->node[f->node].frame;
			if (!nm->index[id]) {
				display_name(t, f, &s, &len);
				if (nm->n)
					out_char(',');
				out_char('\n');
				out_jsonstr(s, len);
				nm->index[id] = ++nm->n;
			}
			continue;
		}
		if (i)
			out_char(',');
		out_u64(f->depth);
		out_char(',');
		out_count(f->x);
		out_char(',');
		out_count(f->w);
		out_char(',');
		if (f->node == TNONE) {
			out_char('-');
			out_u64(f->nmore);
		} else {
			out_u64(f->node ? nm->index[t->node[f->node].frame] - 1 : 0);
		}
		if (diff) {
			out_char(',');
			out_count(f->total[0]);
		}
		if (i % 16 == 15)
			out_char('\n');
	}
}

static void
write_data(const struct dopts *o, const struct tree *t, const struct layout *L,
    const struct tree *et, const struct layout *EL, int diff, const struct geom *g)
{
	struct names nm = { 0 }, enm = { 0 };

	nm.index = ecalloc(t->names.n + 1, sizeof(*nm.index));
	out_str("var D = {n:[");
	write_frame_data(t, L, &nm, diff, 0);
	if (EL) {
		/* the elided view's names go on after the graph's */
		enm.index = ecalloc(et->names.n + 1, sizeof(*enm.index));
		enm.n = nm.n;
		write_frame_data(et, EL, &enm, 0, 0);
	}
	out_str("\n],\nf:[\n");
	write_frame_data(t, L, &nm, diff, 1);
	out_str("\n],\n");
	if (EL) {
		out_str("e:[\n");
		write_frame_data(et, EL, &enm, diff, 1);
		out_str("\n],\netotal:");
		out_count(EL->total);
		out_str(",\n");
		free(enm.index);
	}
	out_printf("s:%d, W:%.15g, H:%.15g, pad:%d, fs:%.15g, fw:%.15g, ty:%.15g, factor:%.15g, total:",
	    diff ? 5 : 4, g->W, g->H, XPAD, o->fontsize, o->fontwidth,
	    3 + (g->fh - 1) / 2, o->factor);
	out_count(L->total);
	out_str(",\ncn:");
	out_jsonstr(o->countname, strlen(o->countname));
	out_str(", nt:");
	out_jsonstr(o->nametype, strlen(o->nametype));
	out_str("};\n");
	free(nm.index);
}

static void
text(const char *id, double x, double y, const char *extra, const char *s)
{
	out_str("<text");
	if (id)
		out_printf(" id=\"%s\"", id);
	out_printf(" x=\"%.2f\" y=\"%.15g\"%s>", x, y, extra ? extra : "");
	out_xml(s, strlen(s));
	out_str("</text>\n");
}

/* The notes go in a comment, which must not hold "--": a space goes
 * between two dashes. */
static void
write_notes(const char *s)
{
	const char *dd;

	out_str("<!-- NOTES: ");
	while ((dd = strstr(s, "--"))) {
		out_xml(s, dd + 1 - s);
		out_char(' ');
		s = dd + 1;
	}
	out_xml(s, strlen(s));
	out_str(" -->\n");
}

static void
legend(const struct geom *g, double y)
{
	static const struct { const char *what; struct rgb c; } keys[] = {
		{ "grew", { 255, 0, 0 } }, { "shrank", { 0, 0, 255 } }, { "new", { 0, 0, 0 } },
	};
	double x = g->W / 2 - 110;
	char hex[8];
	size_t i;

	for (i = 0; i < LEN(keys); i++, x += 80) {
		color_hex(i == 2 ? color_new : keys[i].c, hex);
		out_printf("<rect x=\"%.15g\" y=\"%.15g\" width=\"10\" height=\"10\" fill=\"%s\"/>\n",
		    x, y - 9, hex);
		text(NULL, x + 14, y, NULL, keys[i].what);
	}
}

/* The control that shows the stacks that vanished, with their samples,
 * right-aligned before Search. */
static void
elided_control(const struct dopts *o, const struct geom *g, count vanished)
{
	char num[400];

	out_printf("<text id=\"elided\" x=\"%.2f\" y=\"%.15g\">Show vanished (",
	    g->W - XPAD - 110, o->fontsize * 2);
	if (o->factor == 1)
		out_mem(num, count_fmt(vanished, num));
	else
		out_printf("%.15g", count_val(vanished) * o->factor);
	out_char(' ');
	out_xml(o->countname, strlen(o->countname));
	out_str(")</text>\n");
}

static void
write_svg(struct dopts *o, struct input *in)
{
	struct layout L, EL;
	struct layout_opts lo = { 0 };
	struct diffscale ds = { 0 }, eds = { 0 };
	struct geom g = { 0 };
	int diff = fr_ncounts == 2;
	uint32_t maxdepth;
	char bg1[8], bg2[8];
	unsigned char *white;

	lo.pxwidth = o->width - 2 * XPAD;
	lo.minwidth = o->minwidth;
	lo.minpct = o->minpct;
	lo.more = o->more;
	lo.col = diff;
	lo.total = o->total;
	tree_finish(&in->t);
	layout_build(&L, &in->t, &lo);
	if (L.timemax <= 0)
		eprintf("no samples in the input");
	maxdepth = L.maxdepth;
	if (in->anyelided) {
		lo.col = 0;
		lo.total = count_from_u64(0);
		tree_finish(&in->elided);
		layout_build(&EL, &in->elided, &lo);
		if (EL.maxdepth > maxdepth)
			maxdepth = EL.maxdepth;
	}
	g.W = o->width;
	g.fh = o->frameheight;
	g.ypad1 = o->fontsize * 3;
	g.ypad2 = o->fontsize * 2 + 10;
	g.ypad3 = o->subtitle ? o->fontsize * 2 : 0;
	g.H = (maxdepth + 1) * g.fh + g.ypad1 + g.ypad2 + g.ypad3;
	g.inverted = o->inverted;
	g.wpt = lo.pxwidth / L.timemax;
	ds.on = diff;
	ds.self = o->deltaself;
	if (diff)
		diff_scale(&ds, &L, o);
	color_background(o->palette, o->bgcolors, bg1, bg2);

	out_str("<?xml version=\"1.0\" standalone=\"no\"?>\n"
	    "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
	    "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n");
	out_printf("<svg version=\"1.1\" width=\"%.15g\" height=\"%.15g\" onload=\"init(evt)\" "
	    "viewBox=\"0 0 %.15g %.15g\" xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n", g.W, g.H, g.W, g.H);
	out_str("<!-- Flame graph drawn by fg-svg: hover for details, click to zoom, "
	    "Ctrl-F to search. -->\n");
	if (o->notes)
		write_notes(o->notes);
	out_printf("<defs>\n<linearGradient id=\"background\" y1=\"0\" y2=\"1\" x1=\"0\" x2=\"0\">\n"
	    "<stop stop-color=\"%s\" offset=\"5%%\"/>\n<stop stop-color=\"%s\" offset=\"95%%\"/>\n"
	    "</linearGradient>\n</defs>\n", bg1, bg2);
	out_str("<style type=\"text/css\">\ntext { font-family:");
	out_css_fonts(o->fonttype);
	out_printf("; font-size:%gpx; }\n#title { font-size:%gpx; }\n", o->fontsize, o->fontsize + 5);
	out_str(svg_css);
	out_str("</style>\n<script type=\"text/ecmascript\"><![CDATA[\n");
	write_data(o, &in->t, &L, in->anyelided ? &in->elided : NULL, in->anyelided ? &EL : NULL,
	    diff, &g);
	out_str(svg_js);
	out_str("]]></script>\n");
	out_printf("<rect x=\"0\" y=\"0\" width=\"%.15g\" height=\"%.15g\" fill=\"url(#background)\"/>\n",
	    g.W, g.H);
	text("title", (int)(g.W / 2), o->fontsize * 2, NULL, o->title);
	if (o->subtitle)
		text("subtitle", (int)(g.W / 2), o->fontsize * 4, NULL, o->subtitle);
	text("details", XPAD, g.H - g.ypad2 / 2, NULL, " ");
	text("unzoom", XPAD, o->fontsize * 2, " class=\"hide\"", "Reset Zoom");
	text("search", g.W - XPAD - 100, o->fontsize * 2, NULL, "Search");
	text("ignorecase", g.W - XPAD - 16, o->fontsize * 2, NULL, "ic");
	text("matched", g.W - XPAD - 100, g.H - g.ypad2 / 2, " class=\"hide\"", " ");
	if (in->anyelided)
		elided_control(o, &g, EL.total);
	if (diff)
		legend(&g, g.H - g.ypad2 / 2);
	white = emalloc(!in->anyelided || L.n > EL.n ? L.n : EL.n);	/* the label colours */
	write_rects("frames", 0, o, &in->t, &L, &g, &ds, white);
	write_labels("labels", 0, o, &in->t, &L, &g, white);
	if (in->anyelided) {
		struct geom eg = g;

		eg.wpt = lo.pxwidth / EL.timemax;
		eds.on = 1;
		eds.max = EL.timemax;
		write_rects("eframes", 1, o, &in->elided, &EL, &eg, &eds, white);
		write_labels("elabels", 1, o, &in->elided, &EL, &eg, white);
		layout_free(&EL);
	}
	free(white);
	out_str("<g id=\"tip\" class=\"hide\"><rect x=\"0\" y=\"0\" width=\"10\" height=\"20\" "
	    "rx=\"2\"/><text x=\"4\" y=\"14\"> </text></g>\n</svg>\n");
	layout_free(&L);
}

enum { O_FONTTYPE = DO_LAST, O_FONTSIZE, O_FONTWIDTH, O_COUNTNAME, O_NAMETYPE, O_NOTES,
	O_FACTOR, O_VERSION };

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DRAW_LONGOPTS,
		{ "fonttype", required_argument, NULL, O_FONTTYPE },
		{ "fontsize", required_argument, NULL, O_FONTSIZE },
		{ "fontwidth", required_argument, NULL, O_FONTWIDTH },
		{ "countname", required_argument, NULL, O_COUNTNAME },
		{ "nametype", required_argument, NULL, O_NAMETYPE },
		{ "notes", required_argument, NULL, O_NOTES },
		{ "factor", required_argument, NULL, O_FACTOR },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, O_VERSION },
		{ 0 }
	};
	struct dopts o;
	struct input in = { 0 };
	int c;

	argv[0] = setprogname(argv[0]);
	draw_defaults(&o);
	o.fonttype = "Verdana";
	o.fontwidth = 0.59;
	o.countname = "samples";
	o.nametype = "Function:";
	o.factor = 1;
	while ((c = getopt_long(argc, argv, "t:w:H:c:ih", longopts, NULL)) != -1) {
		if (draw_option(&o, c, optarg))
			continue;
		switch (c) {
		case O_FONTTYPE: o.fonttype = optarg; break;
		case O_FONTSIZE: o.fontsize = draw_num(optarg, "fontsize", 1); break;
		case O_FONTWIDTH: o.fontwidth = draw_num(optarg, "fontwidth", 0.01); break;
		case O_COUNTNAME: o.countname = optarg; break;
		case O_NAMETYPE: o.nametype = optarg; break;
		case O_NOTES: o.notes = optarg; break;
		case O_FACTOR: o.factor = draw_num(optarg, "factor", 0); break;
		case 'h': usage(); break;
		case O_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	draw_finish_options(&o);
	in.o = &o;
	tree_init(&in.t, o.chart, 2);
	tree_init(&in.elided, o.chart, 2);
	each_line(argc, argv, add_line, &in);
	write_svg(&o, &in);
	out_flush();
	if (o.palfile)
		palette_save(o.palfile);
	tree_free(&in.t);
	tree_free(&in.elided);
	free(in.rev);
	return 0;
}
