/* fg-pdf: a flame graph as a one-page vector PDF */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "draw/legend.h"
#include "base/progress.h"
#include "base/escape.h"
#include "base/out.h"
#include "draw/pdf.h"
#include "draw/vanished.h"
#include "base/util.h"

/* Objects: the fixed ones, then one link annotation per frame. */
enum { OBJ_CATALOG = 1, OBJ_PAGES, OBJ_PAGE, OBJ_FONT, OBJ_CONTENT, OBJ_SHADING, OBJ_ANNOT };

/* Frames narrower than this get no annotation. */
#define ANNOT_MINW 1.0

struct popts {
	int links;	/* 0 with --no-links */
};

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n%s%s"
	    "      --no-links         no annotation with each frame's name and count\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0, draw_usage, DU_FONTS);
	exit_stdout();
}

/* A colour channel: v / 255 as pdf_num writes it, made once for each
 * of the 256 values (every frame sets a colour). */
static void
channel(struct bytes *b, unsigned char v)
{
	static char num[256][8];	/* ".835 " */
	static unsigned char len[256];
	struct bytes t = { 0 };

	if (!len[v]) {
		pdf_num(&t, v / 255.0);
		memcpy(num[v], t.p, t.n);
		len[v] = t.n;
		bytes_free(&t);
	}
	bytes_put(b, num[v], len[v]);
}

static void
rgbfill(struct bytes *b, struct rgb c)
{
	channel(b, c.r);
	channel(b, c.g);
	channel(b, c.b);
	bputs(b, "rg\n");
}

static void
rect(struct bytes *b, double x, double y, double w, double h)
{
	pdf_num(b, x);
	pdf_num(b, y);
	pdf_num(b, w);
	pdf_num(b, h);
	bputs(b, "re f\n");
}

/* Text at (x, y) in image coordinates (y down, at the baseline). */
static void
text(struct bytes *b, const struct graph *g, double size, double x, double y,
    const char *s, size_t n, int dots)
{
	bputs(b, "/F1 ");
	pdf_num(b, size);
	bputs(b, "Tf 1 0 0 1 ");
	pdf_num(b, x);
	pdf_num(b, g->H - y);
	bputs(b, "Tm ");
	pdf_text(b, s, n);
	bputs(b, dots ? " Tj (..) Tj\n" : " Tj\n");
}

/* Text centred on x, its width estimated as fg-svg's labels are. */
static void
centred(struct bytes *b, const struct graph *g, const struct dopts *o, double size,
    double x, double y, const char *s)
{
	size_t n = strlen(s);

	text(b, g, size, x - utf8_chars(s, n) * size * o->fontwidth / 2, y, s, n, 0);
}

/* A key of the legend (draw_legend): arg is a struct key. */
struct key {
	struct bytes *b;
	const struct graph *g;
	double fontsize;
};

static void
legend_key(void *arg, const struct legend_item *it, double x, double y)
{
	struct key *k = arg;

	rgbfill(k->b, it->c);
	rect(k->b, x, k->g->H - y - 1, LEGEND_BOX, LEGEND_BOX);
	bputs(k->b, "0 g BT\n");
	text(k->b, k->g, k->fontsize, x + LEGEND_TEXT, y, it->what, strlen(it->what), 0);
	bputs(k->b, "ET\n");
}

/* The samples of vanished stacks, right-aligned in the bottom band. */
static void
footnote(struct bytes *b, const struct graph *g, const struct dopts *o)
{
	struct bytes note = { 0 };
	size_t n = vanished_note(g, &note);

	if (n) {
		bputs(b, "0 g BT\n");
		text(b, g, o->fontsize, g->W - DRAW_XPAD -
		    utf8_chars((const char *)note.p, n) * o->fontsize * o->fontwidth,
		    g->H - g->ypad2 / 2, (const char *)note.p, n, 0);
		bputs(b, "ET\n");
	}
	bytes_free(&note);
}

/* The page's drawing: background, title, boxes, then the labels that
 * fit, cut as fg-svg cuts them; two thirds of the boxes into c[0], then
 * deflated (zlib_first into zs) while the rest goes into c[1]. */
static void
content(struct bytes c[2], struct zsplit *zs, struct graph *g, const struct dopts *o)
{
	struct bytes *b = &c[0];
	static const struct rgb none = { 0, 0, 1 };
	double cw = o->fontsize * o->fontwidth, x0, x1, y;
	struct rgb fill, last = none;
	size_t i, n;
	int dots;
	const char *s;
	char buf[48];
	unsigned char *white = ecalloc(g->v[0].L.n, 1), cur = 0;

	bputs(b, "q 0 0 ");
	pdf_num(b, g->W);
	pdf_num(b, g->H);
	bputs(b, "re W n /Sh0 sh Q\n");
	for (i = 0; i < g->v[0].L.n; i++) {
		if (i == g->v[0].L.n / 3 * 2 && b == &c[0]) {
			/* the rest is made while the first two thirds deflate */
			zlib_first(zs, b->p, b->n);
			b = &c[1];
		}
		fill = graph_color(g, o, 0, i);
		graph_box(g, o, 0, i, &x0, &x1, &y);
		if (i == 0 || memcmp(&fill, &last, sizeof(fill)))
			rgbfill(b, fill);
		last = fill;
		white[i] = color_label_white(fill);
		rect(b, x0, g->H - y - (g->fh - 1), x1 - x0, g->fh - 1);
	}
	if (g->diff)
		draw_legend(g, o, legend_key, &(struct key){ b, g, o->fontsize });
	if (g->diff)
		footnote(b, g, o);
	bputs(b, "0 g BT\n");
	centred(b, g, o, o->fontsize + 5, g->W / 2, o->fontsize * 2, o->title);
	if (o->subtitle) {
		bputs(b, "0.627 g\n");
		centred(b, g, o, o->fontsize, g->W / 2, o->fontsize * 4, o->subtitle);
		bputs(b, "0 g\n");
	}
	for (i = 0; i < g->v[0].L.n; i++) {
		graph_box(g, o, 0, i, &x0, &x1, &y);
		graph_label(g, 0, i, &s, &n, buf);
		if (!draw_label_fit(s, &n, x1 - x0, cw, &dots))
			continue;
		if (white[i] != cur)
			bputs(b, (cur = white[i]) ? "1 g\n" : "0 g\n");
		text(b, g, o->fontsize, x0 + 3, y + 3 + (g->fh - 1) / 2, s, n, dots);
	}
	bputs(b, "ET\n");
	free(white);
}

static size_t
count_links(const struct graph *g, const struct dopts *o)
{
	double x0, x1, y;
	size_t i, n = 0;

	for (i = 0; i < g->v[0].L.n; i++) {
		graph_box(g, o, 0, i, &x0, &x1, &y);
		n += x1 - x0 >= ANNOT_MINW;
	}
	return n;
}

/* "NAME (N samples, P%)", with "; +D samples, +Q%" for differential
 * input: what fg-svg's tooltip says, with the whole label; with a unit,
 * the amounts in human form ("12.3 MiB size (12,894,208 bytes)"). */
static void
link_text(struct bytes *t, const struct graph *g, size_t i)
{
	const struct lframe *f = &g->v[0].L.f[i];
	count w;
	char num[400], buf[48];
	const char *s;
	size_t n;
	double d;

	if (f->name == LF_MORE)
		graph_label(g, 0, i, &s, &n, buf);
	else
		s = layout_name(&g->v[0].L, f, &n);
	bytes_put(t, s, n);
	bputs(t, " (");
	w = layout_w(&g->v[0].L, f);
	if (g->unit) {
		graph_human(t, g, count_val(w), &w, 1, 0);
	} else {
		bytes_put(t, num, count_fmt(w, num));
		bputs(t, " ");
		bputs(t, g->countname);
	}
	bprintf(t, ", %.2f%%", 100 * count_val(w) / g->v[0].L.timemax);
	if (g->diff) {
		d = count_val(f->total[1]) - count_val(f->total[0]);
		bputs(t, "; ");
		if (g->unit) {
			graph_human(t, g, d, NULL, 1, DA_SIGN);
		} else {
			bprintf(t, "%s%.15g ", d > 0 ? "+" : "", d);
			bputs(t, g->countname);
		}
		bprintf(t, ", %s%.2f%%", d > 0 ? "+" : "", 100 * d / g->v[0].L.timemax);
	}
	bputs(t, ")");
}

static void
links(struct pdf *p, const struct graph *g, const struct dopts *o)
{
	struct bytes t = { 0 };
	double x0, x1, y;
	size_t i, id = OBJ_ANNOT;

	for (i = 0; i < g->v[0].L.n; i++) {
		graph_box(g, o, 0, i, &x0, &x1, &y);
		if (x1 - x0 < ANNOT_MINW)
			continue;
		pdf_obj(p, id++);
		bputs(&p->b, "<< /Type /Annot /Subtype /Link /Border [0 0 0] /Rect [");
		pdf_num(&p->b, x0);
		pdf_num(&p->b, g->H - y - (g->fh - 1));
		pdf_num(&p->b, x1);
		pdf_num(&p->b, g->H - y);
		bputs(&p->b, "] /Contents ");
		t.n = 0;
		link_text(&t, g, i);
		pdf_utf16(&p->b, (const char *)t.p, t.n);
		bputs(&p->b, " >>");
		pdf_obj_end(p);
	}
	bytes_free(&t);
}

static void
write_pdf(struct graph *g, const struct dopts *o, const struct popts *po)
{
	struct bytes c[2] = { { 0 }, { 0 } }, z = { 0 };
	struct zsplit zs;
	struct pdf p;
	size_t nlinks = po->links ? count_links(g, o) : 0, i;

	pdf_begin(&p, OBJ_ANNOT - 1 + nlinks);
	pdf_obj(&p, OBJ_CATALOG);
	bprintf(&p.b, "<< /Type /Catalog /Pages %d 0 R >>", OBJ_PAGES);
	pdf_obj_end(&p);
	pdf_obj(&p, OBJ_PAGES);
	bprintf(&p.b, "<< /Type /Pages /Kids [%d 0 R] /Count 1 >>", OBJ_PAGE);
	pdf_obj_end(&p);
	pdf_obj(&p, OBJ_PAGE);
	bputs(&p.b, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ");
	pdf_num(&p.b, g->W);
	pdf_num(&p.b, g->H);
	bprintf(&p.b, "] /Resources << /Font << /F1 %d 0 R >> /Shading << /Sh0 %d 0 R >> >> "
	    "/Contents %d 0 R", OBJ_FONT, OBJ_SHADING, OBJ_CONTENT);
	if (nlinks) {
		bputs(&p.b, " /Annots [");
		for (i = 0; i < nlinks; i++)
			bprintf(&p.b, "%s%lu 0 R", i ? " " : "", (unsigned long)(OBJ_ANNOT + i));
		bputs(&p.b, "]");
	}
	bputs(&p.b, " >>");
	pdf_obj_end(&p);
	pdf_obj(&p, OBJ_FONT);
	bputs(&p.b, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
	    "/Encoding /WinAnsiEncoding >>");
	pdf_obj_end(&p);
	/* fg-svg's background: a vertical gradient, 5% to 95% down */
	pdf_obj(&p, OBJ_SHADING);
	bputs(&p.b, "<< /ShadingType 2 /ColorSpace /DeviceRGB /Extend [true true] /Coords [0 ");
	pdf_num(&p.b, g->H * 0.95);
	bputs(&p.b, "0 ");
	pdf_num(&p.b, g->H * 0.05);
	bputs(&p.b, "] /Function << /FunctionType 2 /Domain [0 1] /N 1 /C0 [");
	pdf_num(&p.b, g->bgtop.r / 255.0);
	pdf_num(&p.b, g->bgtop.g / 255.0);
	pdf_num(&p.b, g->bgtop.b / 255.0);
	bputs(&p.b, "] /C1 [");
	pdf_num(&p.b, g->bgbottom.r / 255.0);
	pdf_num(&p.b, g->bgbottom.g / 255.0);
	pdf_num(&p.b, g->bgbottom.b / 255.0);
	bputs(&p.b, "] >> >>");
	pdf_obj_end(&p);
	memset(&zs, 0, sizeof(zs));
	content(c, &zs, g, o);
	zlib_second(&zs, &z, c[1].p, c[1].n);
	pdf_deflated(&p, OBJ_CONTENT, NULL, &z);
	bytes_free(&c[0]);
	bytes_free(&c[1]);
	bytes_free(&z);
	if (nlinks)
		links(&p, g, o);
	pdf_end(&p, OBJ_CATALOG);
	out_mem(p.b.p, p.b.n);
	pdf_free(&p);
}

enum { O_NOLINKS = DO_LAST };

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DRAW_LONGOPTS,
		DRAW_FONTOPTS,
		{ "no-links", no_argument, NULL, O_NOLINKS },
		OPT_HELP_VERSION,
		{ 0 }
	};
	struct popts po = { 1 };
	struct dopts o;
	struct graph g;
	int c;

	argv[0] = setprogname(argv[0]);
	draw_defaults(&o);
	while ((c = getopt_long(argc, argv, "t:w:H:c:iqh", longopts, NULL)) != -1) {
		if (draw_option(&o, c, optarg))
			continue;
		switch (c) {
		case O_NOLINKS: po.links = 0; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	draw_finish_options(&o);
	out_notty("a PDF document");
	graph_read(&g, &o, argc, argv, 0);
	write_pdf(&g, &o, &po);
	out_flush();
	palette_save(o.pal);
	graph_free(&g);
	return 0;
}
