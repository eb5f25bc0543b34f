/* svg.c: fg-svg's picture: an interactive SVG flame graph
 *
 * The frames as rects with their titles, the labels that fit, the data
 * and script (svg.js) that hover, zoom and search them, the buttons and
 * keys around them; for differential input, the Elided view of the
 * stacks that vanished.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/out.h"
#include "base/util.h"
#include "stack/frame.h"
#include "draw/nameattr.h"
#include "draw/assets.h"
#include "draw/color.h"
#include "draw/dopts.h"
#include "draw/frames.h"
#include "draw/font.h"
#include "draw/layout.h"
#include "draw/legend.h"
#include "draw/svg.h"

#define XPAD DRAW_XPAD

/* An amount as the script's tooltip writes it (draw_amount). */
static void
out_amount(double v, const count *c, double factor)
{
	char num[600];

	out_mem(num, draw_amount(num, v, c, factor));
}

/* An amount of a graph with a unit, in human form (graph_human); b is
 * scratch. */
static void
out_human(struct bytes *b, const struct graph *g, double v, const count *c,
    double factor, int flags)
{
	b->n = 0;
	graph_human(b, g, v, c, factor, flags);
	out_xmltext((const char *)b->p, b->n);
}

/* Names escaped once and written many times: a title repeats the name
 * of every frame of its function. */
struct xmlnames {
	char *buf;
	size_t n, cap;
	size_t *off;		/* by layout name id: offset in buf + 1, 0 if not yet */
	uint32_t *len;
};

static void
out_xml_once(struct xmlnames *c, uint32_t id, const char *s, size_t n)
{
	size_t start, len;

	if (id == LF_ROOT || id == LF_MORE || n > OUT_BUFSIZE / 8) {
		out_xmltextshown(s, n);
		return;
	}
	if (c->off[id]) {
		out_mem(c->buf + c->off[id] - 1, c->len[id]);
		return;
	}
	/* escaped, a byte takes at most 6: room for it all in the buffer */
	if (OUT_BUFSIZE - out_len < 6 * n + 16)
		out_flush();
	start = out_len;
	out_xmltextshown(s, n);
	len = out_len - start;
	if (c->n + len > c->cap) {
		c->cap = (c->n + len) * 2;
		c->buf = erealloc(c->buf, c->cap);
	}
	memcpy(c->buf + c->n, out_buf + start, len);
	c->off[id] = c->n + 1;
	c->len[id] = (uint32_t)len;
	c->n += len;
}

/* "NAME (N samples, P%)", and for the graph of differential input
 * "; +D samples, +Q%" before the ")": what the script's tooltip says,
 * for a viewer without scripts.  With a unit, each amount is in human
 * form ("12.3 MiB size (12,894,208 bytes)"), and the script's tooltip
 * is this text.  s[0..n) is the frame's label (graph_label). */
static void
write_title(const struct graph *g, const struct dopts *o, int v, size_t i,
    const char *s, size_t n, struct xmlnames *xn, struct bytes *hb, const char *status)
{
	const struct layout *L = &g->v[v].L;
	const struct lframe *f = &L->f[i];
	count w = layout_w(L, f);
	size_t cn = strlen(g->countname);
	char buf[48];
	double d;

	out_str("<title>");
	out_xml_once(xn, f->name, s, n);
	out_str(" (");
	if (g->unit) {
		out_human(hb, g, count_val(w), &w, o->factor, 0);
	} else {
		out_amount(count_val(w), &w, o->factor);
		out_char(' ');
		out_xmltext(g->countname, cn);
	}
	out_str(", ");
	out_mem(buf, fmt_fixed(buf, 100 * count_val(w) / L->timemax, 2));
	out_char('%');
	if (g->diff && v == 0) {
		d = count_val(w) - count_val(f->total[0]);
		out_str("; ");
		if (g->unit) {
			out_human(hb, g, d, NULL, o->factor, DA_SIGN);
		} else {
			out_str(d > 0 ? "+" : "");
			out_amount(d, NULL, o->factor);
			out_char(' ');
			out_xmltext(g->countname, cn);
		}
		out_str(d > 0 ? ", +" : ", ");
		out_mem(buf, fmt_fixed(buf, 100 * d / L->timemax, 2));
		out_char('%');
	}
	if (status) {
		out_str("; ");
		out_str(status);
	}
	out_str(")</title>");
}

/* Whether label s[0..n) reads as a "+N more" box's: the script's MORE. */
static int
more_like(const char *s, size_t n)
{
	size_t i = 1;

	if (n < 7 || s[0] != '+' || memcmp(s + n - 5, " more", 5))
		return 0;
	while (i < n - 5 && s[i] >= '0' && s[i] <= '9')
		i++;
	return i > 1 && i == n - 5;
}

/*
 * What colour a frame's label takes (color_label_white): 1 for white on
 * the fill, which the script works out from the fill itself.  What it
 * cannot goes into classes, rare on a light background: "pw", white on
 * the fill faded to half over the background where the frame is, as the
 * script draws a parent of the zoomed frame; "real", a frame whose
 * label s[0..n) reads as a "+N more" box's, which the script tells from
 * its title otherwise.  Ends the fill attribute's value and adds the
 * class attribute.
 */
static int
label_classes(const struct graph *g, struct rgb fill, double y, const char *s, size_t n,
    int more, const char *uclass)
{
	struct rgb under = color_gradient(g->bgtop, g->bgbottom, (y + g->fh / 2) / g->H);
	int pw = color_label_white(color_mix(fill, under, 0.5)), real = !more && more_like(s, n);

	if (pw || real || uclass) {
		out_str("\" class=\"");
		out_str(pw && real ? "pw real" : pw ? "pw" : real ? "real" : "");
	}
	if (uclass) {
		out_str(pw || real ? " " : "");
		out_xml(uclass, strlen(uclass));
	}
	return color_label_white(fill);
}

/* The link around a frame that --nameattr gives an href: its target
 * (_top unless given, as flamegraph.pl's) and the link's attributes. */
static void
link_start(const struct nafunc *a)
{
	const char *target = nameattr_get(a, "target");
	uint32_t i;

	out_str("<a xlink:href=\"");
	out_xml(a->href, strlen(a->href));
	out_str("\" target=\"");
	out_xml(target ? target : "_top", strlen(target ? target : "_top"));
	out_char('"');
	for (i = 0; i < a->n; i++) {
		if (!a->a[i].link || !strcmp(a->a[i].name, "target"))
			continue;
		out_printf(" %s=\"", a->a[i].name);
		out_xml(a->a[i].value, strlen(a->a[i].value));
		out_char('"');
	}
	out_char('>');
}

/* The ids of fg-svg's own elements, which its script looks up: a
 * frame given one by --nameattr would hide the element (svg.h). */
void
svg_drop_own_ids(struct nameattrs *m, const char *path)
{
	static const char *const own[] = { "background", "title", "subtitle", "details", "unzoom",
		"search", "ignorecase", "matched", "elided", "frames", "labels", "eframes",
		"elabels", "tip", "key", "ekey" };
	struct nafunc *f;
	uint32_t i, k, j;

	for (i = 0; i < m->names.n; i++) {
		f = &m->f[i];
		for (k = 0; k < f->n; k++) {
			if (strcmp(f->a[k].name, "id"))
				continue;
			for (j = 0; j < LEN(own) && strcmp(own[j], f->a[k].value); j++)
				;
			if (j == LEN(own))
				continue;
			weprintf("%s: id '%s' is fg-svg's own (ignored)", path, own[j]);
			f->a[k] = f->a[--f->n];
			k--;
		}
	}
}

/* The frame's own attributes from --nameattr, but its class. */
static void
frame_attrs(const struct nafunc *a)
{
	uint32_t i;

	for (i = 0; a && i < a->n; i++) {
		if (a->a[i].link || !strcmp(a->a[i].name, "class"))
			continue;
		out_printf("\" %s=\"", a->a[i].name);
		out_xml(a->a[i].value, strlen(a->a[i].value));
	}
}

/* The attributes na (--nameattr's, or NULL) give frame f of L, or NULL. */
static const struct nafunc *
frame_nameattrs(const struct nameattrs *na, const struct layout *L, const struct lframe *f)
{
	const char *s;
	size_t n;

	if (!na || f->name == LF_ROOT || f->name == LF_MORE)
		return NULL;
	s = layout_name(L, f, &n);
	return nameattr_find(na, s, n);
}

/* A number with one decimal ("%.1f") as short as SVG reads it: "10"
 * for 10.0, ".1" for 0.1. */
static const char *
short_num(char *s)
{
	size_t n = strlen(s);

	if (n > 2 && !strcmp(s + n - 2, ".0"))
		s[n - 2] = 0;
	return s[0] == '0' && s[1] == '.' ? s + 1 : s;
}

/* The frames of view v: a rect each, in layout order, with its title;
 * white[i] is set when frame i's label is white. */
static void
write_rects(const char *id, struct graph *g, const struct dopts *o, const struct nameattrs *na,
    int v, unsigned char *white)
{
	const struct layout *L = &g->v[v].L;
	double wpt = g->v[v].wpt;
	char hex[8], x1[32], x2[32], w[32], y[32], h[32], buf[48];
	const struct lframe *f;
	const struct nafunc *a;
	const char *st;
	struct xmlnames xn = { 0 };
	struct bytes hb = { 0 };
	uint64_t n1, n2;
	const char *s;
	struct rgb c;
	double top, left, right;
	size_t i, n;

	xn.off = ecalloc(L->names.n + 1, sizeof(*xn.off));
	xn.len = ecalloc(L->names.n + 1, sizeof(*xn.len));
	fmt_g15(h, g->fh - 1);
	/* A frame a line, its rect and title (grep finds it by name), but
	 * the line breaks inside the tag, after "<rect", where a space has
	 * to be anyway: a byte a frame less than a newline between them. */
	out_printf("<g id=\"%s\"%s>", id, v ? " class=\"hide\"" : "");
	for (i = 0; i < L->n; i++) {
		f = &L->f[i];
		left = XPAD + count_val(f->x) * wpt;
		right = XPAD + layout_end(L, f) * wpt;
		if (fmt_scaled(left, 1, &n1) && fmt_scaled(right, 1, &n2)) {
			fmt_fixed_n(x1, n1, 1);
			fmt_fixed_n(w, n2 - n1, 1);
		} else {
			snprintf(x1, sizeof(x1), "%.1f", left);
			snprintf(x2, sizeof(x2), "%.1f", right);
			snprintf(w, sizeof(w), "%.1f", atof(x2) - atof(x1));
		}
		top = graph_y(g, o, f->depth);
		fmt_g15(y, top);
		color_hex(c = graph_color(g, o, v, i), hex);
		st = graph_status(g, o, v, i);
		graph_label(g, v, i, &s, &n, buf);
		a = frame_nameattrs(na, L, f);
		if (a && a->href)
			link_start(a);
		out_str("<rect\nx=\"");
		out_str(short_num(x1));
		out_str("\" y=\"");
		out_str(y);
		out_str("\" width=\"");
		out_str(short_num(w));
		out_str("\" height=\"");
		out_str(h);
		out_str("\" fill=\"");
		out_str(hex);
		white[i] = label_classes(g, c, top, s, n, f->name == LF_MORE,
		    a ? nameattr_get(a, "class") : NULL);
		frame_attrs(a);
		out_str("\">");
		if (a && a->title) {
			out_str("<title>");
			out_xmltextshown(a->title, strlen(a->title));
			out_str("</title>");
		} else {
			write_title(g, o, v, i, s, n, &xn, &hb, st);
		}
		out_str(a && a->href ? "</rect></a>" : "</rect>");
	}
	out_str("\n</g>\n");
	bytes_free(&hb);
	free(xn.buf);
	free(xn.off);
	free(xn.len);
}

/* The labels that fit, as flamegraph.pl fits them: a character is
 * fontwidth * fontsize wide; a cut name ends in "..". */
static void
write_labels(const char *id, const struct graph *g, const struct dopts *o, int v,
    const unsigned char *white)
{
	const struct layout *L = &g->v[v].L;
	double cw = o->fontsize * o->fontwidth, wpt = g->v[v].wpt;
	const struct lframe *f;
	const char *s;
	char buf[48], num[32];
	size_t i, n;
	int dots;

	out_printf("<g id=\"%s\"%s>\n", id, v ? " class=\"hide\"" : "");
	for (i = 0; i < L->n; i++) {
		f = &L->f[i];
		graph_label(g, v, i, &s, &n, buf);
		if (!draw_label_fit(s, &n, count_val(layout_w(L, f)) * wpt, cw, &dots))
			continue;
		out_str(white[i] ? "<text class=\"w\" x=\"" : "<text x=\"");
		out_mem(num, fmt_fixed(num, XPAD + count_val(f->x) * wpt + 3, 2));
		out_str("\" y=\"");
		out_mem(num, fmt_g15(num, graph_y(g, o, f->depth) + 3 + (g->fh - 1) / 2));
		out_str("\">");
		out_xmltextshown(s, n);
		if (dots)
			out_str("..");
		out_str("</text>\n");
	}
	out_str("</g>\n");
}

/* The data the script needs, per frame: depth, x, width, name (an index
 * into D.n, or minus the frame count of a "+N more" box), and for
 * differential input the baseline's count. */
struct names {
	uint32_t *index;	/* layout name id -> D.n index + 1 */
	uint32_t n;
};

static void
write_frame_data(const struct layout *L, struct names *nm, int diff, int pass)
{
	const struct lframe *f;
	const char *s, *annot;
	size_t i, len, alen;

	for (i = 0; i < L->n; i++) {
		f = &L->f[i];
		if (pass == 0) {
			if (f->name == LF_MORE || f->name == LF_ROOT || nm->index[f->name])
				continue;
			s = layout_name(L, f, &len);
			len = frame_strip_annot(s, len, &annot, &alen);
			if (nm->n)
				out_char(',');
			out_char('\n');
			out_jsonshown(s, len);
			nm->index[f->name] = ++nm->n;
			continue;
		}
		if (i)
			out_char(',');
		out_u64(f->depth);
		out_char(',');
		out_count(f->x);
		out_char(',');
		out_count(layout_w(L, f));
		out_char(',');
		if (f->name == LF_MORE) {
			out_char('-');
			out_u64(f->nmore);
		} else {
			out_u64(f->name != LF_ROOT ? nm->index[f->name] - 1 : 0);
		}
		if (diff) {
			out_char(',');
			out_count(f->total[0]);
		}
		if (i % 16 == 15)
			out_char('\n');
	}
}

/*
 * Can the script read every frame from its rect and title?  When the
 * title's count is the exact width (integer counts, no unit, no
 * --factor) and callees follow each other without gaps (not a flame
 * chart, nor --no-more, which keeps flamegraph.pl's places): then D
 * carries no frames, and the SVG is smaller by a fifth.
 */
static int
titles_suffice(const struct dopts *o, const struct graph *g, const struct nameattrs *na)
{
	return !g->unit && o->factor == 1 && !g->frac && o->more && !o->chart &&
	    !(na && na->titles);
}

/*
 * For the script reading frames from their titles: where a frame does
 * not start where its caller's previous callee ended (or its caller
 * starts), because the caller's own samples come before its callees, as
 * they do in sorted order.  Pairs "frames since the last such frame,
 * gap"; few frames have one.
 */
static void
write_gaps(const struct layout *L)
{
	uint64_t *next = ecalloc((size_t)L->maxdepth + 2, sizeof(*next)), x;
	size_t i, last = 0;
	const struct lframe *f;
	int any = 0;

	out_char('[');
	for (i = 0; i < L->n; i++) {
		f = &L->f[i];
		x = f->x.u;
		if (f->depth > 0) {
			if (x != next[f->depth - 1]) {
				out_str(any ? "," : "");
				out_u64(i - last);
				out_char(',');
				out_u64(x - next[f->depth - 1]);
				last = i;
				any = 1;
			}
			next[f->depth - 1] = x + layout_w(L, f).u;
		}
		next[f->depth] = x;
	}
	out_char(']');
	free(next);
}

static void
write_data(const struct dopts *o, const struct graph *g, const struct nameattrs *na)
{
	const struct layout *L = &g->v[0].L, *EL = g->nviews > 1 ? &g->v[1].L : NULL;
	struct names nm = { 0 }, enm = { 0 };

	if (titles_suffice(o, g, na)) {
		out_printf("var D = {dom:1, fh:%.15g, g:", g->fh);
		write_gaps(L);
		if (EL) {
			out_str(", eg:");
			write_gaps(EL);
			out_str(", etotal:");
			out_count(EL->total);
		}
		out_str(",\n");
		goto scalars;
	}
	nm.index = ecalloc(L->names.n + 1, sizeof(*nm.index));
	out_str("var D = {n:[");
	write_frame_data(L, &nm, g->diff, 0);
	if (EL) {
		/* the elided view's names go on after the graph's */
		enm.index = ecalloc(EL->names.n + 1, sizeof(*enm.index));
		enm.n = nm.n;
		write_frame_data(EL, &enm, 0, 0);
	}
	out_str("\n],\nf:[\n");
	write_frame_data(L, &nm, g->diff, 1);
	out_str("\n],\n");
	if (EL) {
		out_str("e:[\n");
		write_frame_data(EL, &enm, g->diff, 1);
		out_str("\n],\netotal:");
		out_count(EL->total);
		out_str(",\n");
		free(enm.index);
	}
scalars:
	out_printf("s:%d, W:%.15g, H:%.15g, pad:%d, fs:%.15g, fw:%.15g, ty:%.15g, factor:%.15g, total:",
	    g->diff && !titles_suffice(o, g, na) ? 5 : 4, g->W, g->H, XPAD, o->fontsize, o->fontwidth,
	    3 + (g->fh - 1) / 2, o->factor);
	out_count(L->total);
	out_str(",\ncn:");
	out_jsonstr(g->countname, strlen(g->countname));
	if (g->unit) {
		/* the tooltip is then the frame's title */
		out_str(", u:");
		out_jsonstr(unit_name(g->unit), strlen(unit_name(g->unit)));
	}
	if ((na && na->titles) || (o->palette == PAL_JULIA && !g->diff))
		out_str(", ut:1");	/* a tooltip is the frame's title (with a status) */
	out_str(", nt:");
	out_jsonstr(o->nametype, strlen(o->nametype));
	if (o->searchcolor)
		out_printf(", sc:\"%s\"", o->searchcolor);	/* #rrggbb: nothing to escape */
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
	out_xmltext(s, strlen(s));
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

/* A key of the legend (draw_legend): its swatch and its label. */
static void
legend_key(void *arg, const struct legend_item *it, double x, double y)
{
	char hex[8];

	(void)arg;
	color_hex(it->c, hex);
	out_printf("<rect x=\"%.15g\" y=\"%.15g\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
	    x, y - 9, LEGEND_BOX, LEGEND_BOX, hex);
	text(NULL, x + LEGEND_TEXT, y, NULL, it->what);
}

/* The control that shows the stacks that vanished, with their samples,
 * right-aligned before Search. */
static void
elided_control(const struct dopts *o, const struct graph *g, count vanished)
{
	struct bytes b = { 0 };
	char num[400];

	out_printf("<text id=\"elided\" x=\"%.2f\" y=\"%.15g\">Show vanished (",
	    g->W - XPAD - 110, o->fontsize * 2);
	if (g->unit) {
		out_human(&b, g, count_val(vanished), &vanished, o->factor, DA_SHORT);
		bytes_free(&b);
		out_str(")</text>\n");
		return;
	}
	if (o->factor == 1)
		out_mem(num, count_fmt(vanished, num));
	else
		out_printf("%.15g", count_val(vanished) * o->factor);
	out_char(' ');
	out_xmltext(g->countname, strlen(g->countname));
	out_str(")</text>\n");
}

/* The whole SVG (svg.h). */
void
svg_write(const struct dopts *o, struct graph *g, const struct nameattrs *na)
{
	char bg1[8], bg2[8];
	unsigned char *white;

	color_background(o->palette, o->bgcolors, bg1, bg2);
	out_str("<?xml version=\"1.0\" standalone=\"no\"?>\n"
	    "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
	    "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n");
	out_printf("<svg version=\"1.1\" width=\"%.15g\" height=\"%.15g\" onload=\"init(evt)\" "
	    "viewBox=\"0 0 %.15g %.15g\" xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n", g->W, g->H, g->W, g->H);
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
	/* inferno's --stroke-color and --uicolor (the title, the buttons and
	 * the status lines), after the sheet's rules of the same weight */
	if (o->strokecolor)
		out_printf("#frames rect, #eframes rect { stroke:%s; stroke-width:1; }\n",
		    o->strokecolor);
	if (o->uicolor)
		out_printf("#title, #details, #unzoom, #search, #ignorecase, #matched "
		    "{ fill:%s; }\n", o->uicolor);
	out_str("</style>\n<script type=\"text/ecmascript\"><![CDATA[\n");
	write_data(o, g, na);
	out_str(svg_js);
	out_str("]]></script>\n");
	out_printf("<rect x=\"0\" y=\"0\" width=\"%.15g\" height=\"%.15g\" fill=\"url(#background)\"/>\n",
	    g->W, g->H);
	text("title", (int)(g->W / 2), o->fontsize * 2, NULL, o->title);
	if (o->subtitle)
		text("subtitle", (int)(g->W / 2), o->fontsize * 4, NULL, o->subtitle);
	text("details", XPAD, g->H - g->ypad2 / 2, NULL, " ");
	text("unzoom", XPAD, o->fontsize * 2, " class=\"hide\"", "Reset Zoom");
	text("search", g->W - XPAD - 100, o->fontsize * 2, NULL, "Search");
	text("ignorecase", g->W - XPAD - 16, o->fontsize * 2, NULL, "ic");
	text("matched", g->W - XPAD - 100, g->H - g->ypad2 / 2, " class=\"hide\"", " ");
	if (g->nviews > 1)
		elided_control(o, g, g->v[1].L.total);
	/* the key, and the elided view's, shown with its view (svg.js) */
	if (g->nviews > 1)
		out_str("<g id=\"key\">\n");
	draw_legend(g, o, legend_key, NULL);
	if (g->nviews > 1) {
		out_str("</g>\n<g id=\"ekey\" class=\"hide\">\n");
		draw_legend_elided(g, o, legend_key, NULL);
		out_str("</g>\n");
	}
	/* the label colours, for the larger view */
	white = emalloc(g->nviews < 2 || g->v[0].L.n > g->v[1].L.n ? g->v[0].L.n : g->v[1].L.n);
	write_rects("frames", g, o, na, 0, white);
	write_labels("labels", g, o, 0, white);
	if (g->nviews > 1) {
		write_rects("eframes", g, o, na, 1, white);
		write_labels("elabels", g, o, 1, white);
	}
	free(white);
	out_str("<g id=\"tip\" class=\"hide\"><rect x=\"0\" y=\"0\" width=\"10\" height=\"20\" "
	    "rx=\"2\"/><text x=\"4\" y=\"14\"> </text></g>\n</svg>\n");
}
