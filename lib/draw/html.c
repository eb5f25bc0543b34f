/* html.c: fg-html's page: head, packed data, script */
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/out.h"
#include "base/util.h"
#include "draw/assets.h"
#include "draw/color.h"
#include "draw/html.h"
#include "draw/layout.h"
#include "stack/frame.h"

/* Frames under Julia's compiler (type inference, code generation) with
 * no status of their own: ProfileCanvas's "compilation" flag, which
 * folded stacks do not carry, found by the frames that start it. */
static const struct rgb compile_rgb = { 150, 140, 210 };
static const struct rgb match_rgb = { 230, 0, 230 };	/* flamegraph.pl's search colour */

/* Numbers as base64 digits, five bits each, low first; a digit with 32
 * set is followed by more.  The alphabet needs no escape in JSON or
 * HTML. */
static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void
out_v(uint64_t v)
{
	while (v >= 32) {
		out_char(b64[32 | (v & 31)]);
		v >>= 5;
	}
	out_char(b64[v]);
}

/* A count: a packed number, or while decimal counts are about the
 * number itself and a comma. */
static void
out_c(count c)
{
	if (!count_frac) {
		out_v(c.u);
		return;
	}
	out_count(c);
	out_char(',');
}

static void
key(const char *k)
{
	out_char('"');
	out_str(k);
	out_str("\":");
}

static void
keystr(const char *k, const char *v)
{
	key(k);
	if (v)
		out_jsonstr(v, strlen(v));
	else
		out_str("null");
	out_char(',');
}

static uint32_t
color_index(struct html_page *p, struct rgb c)
{
	char b[3] = { c.r, c.g, c.b };

	return intern(&p->colors, b, 3);
}

static int
starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && !memcmp(s, prefix, k);
}

/* A frame that begins compilation. */
static int
compiler_entry(const char *s, size_t n)
{
	const char *file;
	size_t flen, k = frame_funclen(s, n);

	if (starts(s, k, "typeinf") || starts(s, k, "jl_type_infer") || starts(s, k, "jl_compile"))
		return 1;
	return frame_file(s, n, &file, &flen) && memmem(file, flen, "compiler/", 9);
}

/* The colour index of every frame of L, computed in layout order as
 * fg-svg does (the julia palette cycles); with the julia palette, the
 * frames under the compiler without a status of their own in the
 * compilation colour. */
static uint32_t *
frame_colors(struct html_page *p, const struct tree *t, const struct layout *L,
    const struct diffscale *ds)
{
	uint32_t *idx = ereallocarray(NULL, L->n ? L->n : 1, sizeof(*idx));
	uint32_t *cycle = ecalloc((size_t)L->maxdepth + 1, sizeof(*cycle));
	unsigned char *comp = ecalloc((size_t)L->maxdepth + 2, 1);
	int julia = p->o->palette == PAL_JULIA && !ds->on;
	const struct lframe *f;
	const char *s, *annot;
	size_t i, n, alen;
	struct rgb c;

	for (i = 0; i < L->n; i++) {
		f = &L->f[i];
		c = frame_color(p->o, t, f, ds, cycle);
		if (julia && f->node != 0) {
			s = tree_name(t, f->node);
			n = tree_namelen(t, f->node);
			comp[f->depth] = comp[f->depth - 1] || compiler_entry(s, n);
			frame_strip_annot(s, n, &annot, &alen);
			if (comp[f->depth] && !annot)
				c = compile_rgb;
		}
		idx[i] = color_index(p, c);
	}
	free(cycle);
	free(comp);
	return idx;
}

/* The page's id of the name of frame f, interned on first sight (with
 * its colour when colours go by name). */
static uint32_t
name_id(struct html_page *p, const struct tree *t, const struct lframe *f, uint32_t color)
{
	uint32_t id;

	if (f->node == 0)
		id = intern(&p->names, "all", 3);
	else
		id = intern(&p->names, tree_name(t, f->node), tree_namelen(t, f->node));
	if (id + 1 == p->names.n) {
		p->namecolor = ereallocarray(p->namecolor, p->names.n, sizeof(*p->namecolor));
		p->namecolor[id] = color;
	}
	return id;
}

/* The frames a..b of L as a view's packed fields: the depth step from
 * the frame before (0 one deeper, 1 a sibling, k + 1 k levels up), the
 * name, the width, the baseline, the colour. */
static void
write_frames(struct html_page *p, const struct tree *t, const struct layout *L,
    size_t a, size_t b, const uint32_t *col, int base, int percolor)
{
	uint32_t prev;
	size_t i;

	key("d");
	out_char('"');
	prev = L->f[a].depth - 1;
	for (i = a; i < b; i++) {
		out_v(prev + 1 - L->f[i].depth);
		prev = L->f[i].depth;
	}
	out_str("\",");
	key("f");
	out_char('"');
	for (i = a; i < b; i++)
		out_v(name_id(p, t, &L->f[i], col[i]));
	out_str("\",");
	key("w");
	out_char('"');
	for (i = a; i < b; i++)
		out_c(L->f[i].w);
	out_char('"');
	if (base) {
		out_char(',');
		key("b");
		out_char('"');
		for (i = a; i < b; i++)
			out_c(L->f[i].total[0]);
		out_char('"');
	}
	if (percolor) {
		out_char(',');
		key("c");
		out_char('"');
		for (i = a; i < b; i++)
			out_v(col[i]);
		out_char('"');
	}
}

/* The end of the subtree of frame a of L. */
static size_t
subtree_end(const struct layout *L, size_t a)
{
	size_t i;

	for (i = a + 1; i < L->n && L->f[i].depth > L->f[a].depth; i++)
		;
	return i;
}

/* The elided stacks under frame a of EL: those with samples of their own. */
static uint64_t
count_stacks(const struct layout *EL, size_t a, size_t b)
{
	uint64_t k = 0;
	size_t i;

	for (i = a; i < b; i++)
		k += !count_iszero(EL->f[i].self[0]);
	return k;
}

struct lview {
	const struct tree *t;
	const struct layout *L;
	const uint32_t *col;
};

static void
write_view(struct html_page *p, const char *name, const char *rootname, size_t rlen,
    const struct lview *v, size_t a, const struct lview *e, size_t ea)
{
	size_t b = subtree_end(v->L, a), eb;

	if (p->nviews++)
		out_char(',');
	out_str("\n{");
	key("name");
	out_char('"');
	if (name)
		out_json(name, strlen(name));
	if (name && rootname)
		out_str(": ");
	if (rootname)
		out_json(rootname, rlen);
	out_str("\",");
	key("n");
	out_u64(b - a);
	out_char(',');
	write_frames(p, v->t, v->L, a, b, v->col, p->diff, p->pernode);
	if (e && ea != SIZE_MAX) {
		eb = subtree_end(e->L, ea);
		out_char(',');
		key("e");
		out_char('{');
		key("stacks");
		out_u64(count_stacks(e->L, ea, eb));
		out_char(',');
		key("n");
		out_u64(eb - ea);
		out_char(',');
		write_frames(p, e->t, e->L, ea, eb, e->col, 0, 1);
		out_char('}');
	}
	out_char('}');
}

static void
full_layout(struct layout *L, const struct tree *t, int col)
{
	struct layout_opts lo = { 0 };

	lo.pxwidth = 1000;
	lo.minwidth = 0;	/* the whole tree: zooming in shows it all */
	lo.col = col;
	layout_build(L, t, &lo);
}

void
html_begin(struct html_page *p, const struct dopts *o)
{
	p->o = o;
	if (!p->unit)
		p->unit = "count";
	intern_init(&p->names);
	intern_init(&p->colors);
	p->pernode = p->diff || o->palette == PAL_JULIA;
	out_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	    "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	    "<meta name=\"generator\" content=\"fg-html " FG_VERSION "\">\n<title>");
	out_xml(o->title, strlen(o->title));
	out_str("</title>\n<style>\n");
	out_str(html_css);
	out_str("</style>\n</head>\n<body>\n<noscript>This flame graph needs JavaScript.</noscript>\n"
	    "<script type=\"application/json\" id=\"fg-data\">\n{\"views\":[");
}

void
html_input(struct html_page *p, const char *name, const struct tree *t,
    const struct tree *elided, int split)
{
	struct layout L, EL;
	struct diffscale ds = { 0 }, eds = { 0 };
	struct lview v, e, *ep = NULL;
	uint32_t *eroot = NULL, node;
	size_t i, ea;

	full_layout(&L, t, p->diff);
	ds.on = p->diff;
	ds.self = p->o->deltaself;
	if (p->diff)
		diff_scale(&ds, &L, p->o);
	v.t = t;
	v.L = &L;
	v.col = frame_colors(p, t, &L, &ds);
	if (elided && elided->node[0].child != TNONE) {
		full_layout(&EL, elided, 0);
		eds.on = 1;
		eds.max = EL.timemax;
		e.t = elided;
		e.L = &EL;
		e.col = frame_colors(p, elided, &EL, &eds);
		ep = &e;
		/* the frame of each elided root, for the split views */
		eroot = ereallocarray(NULL, elided->n, sizeof(*eroot));
		for (i = 0; i < elided->n; i++)
			eroot[i] = UINT32_MAX;
		for (i = 0; i < EL.n; i++)
			if (EL.f[i].depth == 1)
				eroot[EL.f[i].node] = i;
	}
	if (!split) {
		write_view(p, name, NULL, 0, &v, 0, ep, 0);
	} else {
		for (i = 0; i < L.n; i++) {
			if (L.f[i].depth != 1)
				continue;
			ea = SIZE_MAX;
			if (ep && (node = tree_find(elided, 0, tree_name(t, L.f[i].node),
			    tree_namelen(t, L.f[i].node))) != TNONE && eroot[node] != UINT32_MAX)
				ea = eroot[node];
			write_view(p, name, tree_name(t, L.f[i].node), tree_namelen(t, L.f[i].node),
			    &v, i, ep, ea);
		}
	}
	if (ep) {
		free((void *)e.col);
		free(eroot);
		layout_free(&EL);
	}
	free((void *)v.col);
	layout_free(&L);
}

static void
legend_entry(const char *what, struct rgb c, int first)
{
	char hex[8];

	color_hex(c, hex);
	if (!first)
		out_char(',');
	out_str("[\"");
	out_str(what);
	out_str("\",\"");
	out_str(hex);
	out_str("\"]");
}

/* The key to the colours that mean something: Julia's statuses, or the
 * changes of a differential graph. */
static void
write_legend(const struct html_page *p)
{
	key("legend");
	out_char('[');
	if (p->diff) {
		legend_entry("grew", color_delta(1, 1), 1);
		legend_entry("shrank", color_delta(-1, 1), 0);
		legend_entry("new", color_new, 0);
	} else if (p->o->palette == PAL_JULIA) {
		legend_entry("runtime dispatch", color_frame(PAL_JULIA, 0, "f_[d]", 5, 1, NULL), 1);
		legend_entry("garbage collection", color_frame(PAL_JULIA, 0, "f_[g]", 5, 1, NULL), 0);
		legend_entry("compilation", compile_rgb, 0);
	}
	out_str("],");
}

static void
write_names(const struct html_page *p)
{
	const char *s, *annot;
	size_t n, alen;
	uint32_t i;
	int any = 0;

	key("names");
	out_char('[');
	for (i = 0; i < p->names.n; i++) {
		if (i)
			out_str(i % 8 ? "," : ",\n");
		s = intern_str(&p->names, i);
		n = frame_strip_annot(s, intern_len(&p->names, i), &annot, &alen);
		out_jsonstr(s, n);
	}
	out_str("],\n");
	key("annot");
	out_char('{');
	for (i = 0; i < p->names.n; i++) {
		s = intern_str(&p->names, i);
		frame_strip_annot(s, intern_len(&p->names, i), &annot, &alen);
		if (!annot)
			continue;
		out_str(any++ ? ",\"" : "\"");
		out_u64(i);
		out_str("\":");
		out_jsonstr(annot, alen);
	}
	out_str("},\n");
	if (!p->pernode) {
		key("namecolor");
		out_char('"');
		for (i = 0; i < p->names.n; i++)
			out_v(p->namecolor[i]);
		out_str("\",\n");
	}
}

static void
write_colors(struct html_page *p)
{
	const unsigned char *b;
	uint32_t i;
	char hex[8];
	struct rgb c;

	key("colors");
	out_char('[');
	for (i = 0; i < p->colors.n; i++) {
		b = (const unsigned char *)intern_str(&p->colors, i);
		c.r = b[0], c.g = b[1], c.b = b[2];
		color_hex(c, hex);
		out_str(i ? ",\"" : "\"");
		out_str(hex);
		out_char('"');
	}
	out_str("],\n");
	color_hex(match_rgb, hex);
	keystr("match", hex);
}

static void
write_options(const struct html_page *p)
{
	const struct dopts *o = p->o;
	char top[8], bottom[8];

	color_background(o->palette, o->bgcolors, top, bottom);
	keystr("title", o->title);
	keystr("subtitle", o->subtitle);
	keystr("countname", o->countname);
	keystr("unit", p->unit);
	keystr("bgtop", top);
	keystr("bgbottom", bottom);
	out_printf("\"frac\":%d,\"diff\":%d,\"inverted\":%d,\"sortwidth\":%d,"
	    "\"width\":%.15g,\"height\":%.15g,\"fontsize\":%.15g,\"fontwidth\":%.15g,"
	    "\"frameheight\":%.15g}\n",
	    count_frac, p->diff, o->inverted, p->sortwidth, p->width, p->height,
	    o->fontsize, o->fontwidth, o->frameheight);
}

void
html_end(struct html_page *p)
{
	out_str("],\n");
	write_names(p);
	write_colors(p);
	write_legend(p);
	write_options(p);
	out_str("</script>\n<script>\n");
	out_str(html_js);
	out_str("</script>\n</body>\n</html>\n");
	intern_free(&p->names);
	intern_free(&p->colors);
	free(p->namecolor);
}
