/* html.c: fg-html's page: head, packed data, script */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/bytes.h"
#include "base/count.h"
#include "base/deflate.h"
#include "base/escape.h"
#include "base/out.h"
#include "base/util.h"
#include "draw/assets.h"
#include "draw/color.h"
#include "draw/html.h"
#include "draw/legend.h"
#include "draw/layout.h"
#include "base/strsort.h"
#include "stack/frame.h"

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

/* A count: packed, or on a page of decimal counts (frac), the number
 * as text and a comma. */
static void
out_c(count c, int frac)
{
	if (!frac) {
		out_v(c.u);
		return;
	}
	out_count(c);
	out_char(',');
}

/* "k": and "k":"v", (JSON; v NULL is null) */
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

/* The page's index of colour c (each colour written once). */
static uint32_t
color_index(struct html_page *p, struct rgb c)
{
	char b[3] = { c.r, c.g, c.b };

	return intern(&p->colors, b, 3);
}

/* An input's frames, ready for the page: a layout of every frame of
 * some width (graph_read_whole), in pre-order, so a frame's callees
 * follow it; a page view (the whole input, or one root frame) is a run
 * of them. */
struct pageframes {
	const struct layout *L;
	int col;		/* the column of widths */
	uint32_t *color;	/* colour index by frame */
	uint32_t *pid;		/* page name id + 1 by the layout's name id, 0 unknown */
};

/* The end of the run of frame i's subtree. */
static size_t
run_end(const struct pageframes *v, size_t i)
{
	const struct lframe *f = v->L->f;
	uint32_t d = f[i].depth;

	for (i++; i < v->L->n && f[i].depth > d; i++)
		;
	return i;
}

/* The layout's id of frame i's name; the root's is names.n. */
static uint32_t
lname(const struct pageframes *v, size_t i)
{
	uint32_t id = v->L->f[i].name;

	return id == LF_ROOT ? v->L->names.n : id;
}

/* The colour index of every frame, computed in pre-order as fg-svg
 * does (the julia palette cycles); with the julia palette, the frames
 * under the compiler without a status of their own in the compilation
 * colour. */
static void
frame_colors(struct html_page *p, struct pageframes *v, const struct diffscale *ds)
{
	const struct layout *L = v->L;
	uint32_t *cycle = ecalloc((size_t)L->maxdepth + 2, sizeof(*cycle));
	uint32_t *byname = NULL, id;
	unsigned char *comp = ecalloc((size_t)L->maxdepth + 2, 1);
	int julia = p->o->palette == PAL_JULIA && !ds->on;
	const struct lframe *f;
	const char *s, *annot;
	size_t i, n, alen;
	struct rgb c;

	v->color = ereallocarray(NULL, L->n, sizeof(*v->color));
	if (!p->pernode) {
		/* a colour that comes of the name alone is computed once a name */
		byname = ereallocarray(NULL, L->names.n + 1, sizeof(*byname));
		memset(byname, 0xff, (L->names.n + 1) * sizeof(*byname));
	}
	for (i = 0; i < L->n; i++) {
		f = &L->f[i];
		id = lname(v, i);
		if (byname && byname[id] != UINT32_MAX) {
			v->color[i] = byname[id];
			continue;
		}
		s = "";
		n = 0;
		if (i)
			s = layout_name(L, f, &n);
		c = draw_frame_rgb(p->o, s, n, f, ds, cycle);
		if (julia && i) {
			comp[f->depth] = comp[f->depth - 1] || julia_compiler_entry(s, n);
			frame_strip_annot(s, n, &annot, &alen);
			if (comp[f->depth] && !annot)
				c = color_compile;
		}
		v->color[i] = color_index(p, c);
		if (byname)
			byname[id] = v->color[i];
	}
	free(byname);
	free(cycle);
	free(comp);
}

/* The page's id of the name of frame i, interned on first sight (with
 * its colour, for colours that go by name). */
static uint32_t
name_id(struct html_page *p, const struct pageframes *v, size_t i)
{
	uint32_t id, lid = lname(v, i);
	const char *s;
	size_t n;

	if (v->pid[lid])
		return v->pid[lid] - 1;
	s = layout_name(v->L, &v->L->f[i], &n);
	id = intern(&p->names, s, n);
	v->pid[lid] = id + 1;
	if (id + 1 == p->names.n) {
		p->namecolor = ereallocarray(p->namecolor, p->names.n, sizeof(*p->namecolor));
		p->namecolor[id] = v->color[i];
	}
	return id;
}

enum { F_DEPTH, F_NAME, F_WIDTH, F_BASE, F_COLOR };

/* The digits of the page's base 85 (Ascii85's idea, 4 bytes in 5
 * characters): the printable ASCII but for the quotes, the backslash,
 * '&', '<' and '>', so that they need no escape in JSON or HTML. */
static const char b85[] = "!#$%()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{";

/* The bytes p[0..n) in base 85: each 4 big-endian as 5 digits, most
 * significant first; a last k bytes (k < 4), zeros added, as the first
 * k + 1 digits of theirs. */
static void
out_b85(const unsigned char *p, size_t n)
{
	size_t i, k, j;
	uint32_t v;
	char d[5];

	for (i = 0; i < n; i += 4) {
		k = n - i < 4 ? n - i : 4;
		for (v = 0, j = 0; j < 4; j++)
			v = v << 8 | (j < k ? p[i + j] : 0);
		for (j = 5; j-- > 0; v /= 85)
			d[j] = b85[v % 85];
		for (j = 0; j <= k; j++)
			out_char(d[j]);
	}
}

/* Number v as a varint: seven bits a byte, low first, 128 set on all
 * but the last byte. */
static void
put_varint(struct bytes *b, uint64_t v)
{
	unsigned char c;

	for (; v >= 128; v >>= 7) {
		c = 128 | (v & 127);
		bytes_put(b, &c, 1);
	}
	c = v;
	bytes_put(b, &c, 1);
}

/* The names of frames a to b, by the names seen before at the same
 * depth (a depth's callers are few of all the names): a byte, how many
 * bytes a code takes (W, as few as the largest needs); each frame's
 * code, 1 + the index of its name in the list of the names seen at its
 * depth so far, or 0 for a name new there, in W planes (the lowest
 * byte of every code, then the next byte of every one...: a plane of
 * high bytes is mostly runs, that deflate well); then the page ids of
 * the new ones in order, as varints. */
static void
put_names(struct html_page *p, const struct pageframes *v, size_t a, size_t b, struct bytes *out)
{
	const struct lframe *f = v->L->f;
	size_t n = b - a, i, k, bits = 1;
	uint32_t *code = ereallocarray(NULL, n + 1, sizeof(*code)), max = 0, id;
	uint32_t *len = ecalloc((size_t)v->L->maxdepth + 2, sizeof(*len)), *at;
	uint64_t *seen, key;	/* (depth, id) pairs + 1, open addressing */
	struct bytes news = { 0 };
	unsigned char w = 1, c;

	while ((size_t)1 << bits < 2 * n)
		bits++;
	seen = ecalloc((size_t)1 << bits, sizeof(*seen));
	at = ereallocarray(NULL, (size_t)1 << bits, sizeof(*at));
	for (i = a; i < b; i++) {
		id = name_id(p, v, i);
		key = ((uint64_t)f[i].depth << 32 | id) + 1;
		k = (key * 0x9e3779b97f4a7c15u) >> (64 - bits);
		while (seen[k] && seen[k] != key)
			k = (k + 1) & (((size_t)1 << bits) - 1);
		if (!seen[k]) {
			seen[k] = key;
			at[k] = len[f[i].depth]++;
			code[i - a] = 0;
			put_varint(&news, id);
		} else {
			code[i - a] = at[k] + 1;
		}
		if (code[i - a] > max)
			max = code[i - a];
	}
	while (w < 4 && max >> 8 * w)
		w++;
	bytes_put(out, &w, 1);
	for (k = 0; k < w; k++)
		for (i = 0; i < n; i++) {
			c = code[i] >> 8 * k;
			bytes_put(out, &c, 1);
		}
	bytes_put(out, news.p, news.n);
	bytes_free(&news);
	free(seen);
	free(code);
	free(at);
	free(len);
}

/* One packed field of the frames a to b: the depth step from the
 * frame before (0 one deeper, 1 a sibling, j + 1 j levels up), the
 * name, the width, the baseline, the colour; numbers as varints (names
 * as put_names puts them), the whole deflated in zlib framing, in base
 * 85.  On a page of decimal counts (frac) a count field is the
 * numbers as text, each followed by a comma. */
static void
write_field(struct html_page *p, const struct pageframes *v, size_t a, size_t b, int what)
{
	static const char *keys[] = { "d", "f", "w", "b", "c" };
	const struct lframe *f = v->L->f;
	uint32_t prev = f[a].depth - 1;
	struct bytes raw = { 0 }, z = { 0 };
	int text = p->frac && (what == F_WIDTH || what == F_BASE);
	size_t i;

	out_char(',');
	key(keys[what]);
	out_char('"');
	if (what == F_NAME)
		put_names(p, v, a, b, &raw);
	for (i = a; i < b && what != F_NAME; i++) {
		switch (what) {
		case F_DEPTH:
			put_varint(&raw, prev + 1 - f[i].depth);
			prev = f[i].depth;
			break;
		case F_WIDTH: text ? out_c(f[i].total[v->col], 1) : put_varint(&raw, f[i].total[v->col].u); break;
		case F_BASE: text ? out_c(f[i].total[0], 1) : put_varint(&raw, f[i].total[0].u); break;
		case F_COLOR: put_varint(&raw, v->color[i]); break;
		}
	}
	if (!text) {
		zlib_compress(&z, raw.p, raw.n);
		out_b85(z.p, z.n);
	}
	out_char('"');
	bytes_free(&raw);
	bytes_free(&z);
}

/* The frames of run a (its subtree): whether it starts at the layout's
 * root ("all", no frame of the input), how many, how many end stacks,
 * and their fields. */
static void
write_frames(struct html_page *p, const struct pageframes *v, size_t a, int base, int percolor)
{
	const struct lframe *f = v->L->f;
	size_t i, b = run_end(v, a);
	uint64_t stacks = 0;

	for (i = a; i < b; i++)
		stacks += f[i].ends >> v->col & 1;
	if (!a)
		out_str("\"root\":1,");
	key("n");
	out_u64(b - a);
	out_char(',');
	key("stacks");
	out_u64(stacks);
	out_char(',');
	key("total");
	out_count(f[a].total[v->col]);
	if (base) {
		out_char(',');
		key("btotal");
		out_count(f[a].total[0]);
	}
	write_field(p, v, a, b, F_DEPTH);
	write_field(p, v, a, b, F_NAME);
	write_field(p, v, a, b, F_WIDTH);
	if (base)
		write_field(p, v, a, b, F_BASE);
	if (percolor)
		write_field(p, v, a, b, F_COLOR);
}

/* What the input's header says its counts are: "unit" when fg knows
 * it, "countname" unless the command line named it; and for a
 * differential one, what it compares (fg-diff's "baseline", "target"). */
static void
write_unit(const struct html_page *p, const struct fheader *h)
{
	const char *cn;

	if (!h)
		return;
	if (h->fact[FH_UNIT] && h->unit >= 0)
		keystr("unit", unit_name(h->unit));
	if ((cn = h->fact[FH_COUNTNAME]) && *cn && !p->fixedname)
		keystr("countname", cn);
	if (p->diff && h->fact[FH_BASELINE])
		keystr("baseline", h->fact[FH_BASELINE]);
	if (p->diff && h->fact[FH_TARGET])
		keystr("target", h->fact[FH_TARGET]);
}

/* The page view of run top of v (SIZE_MAX: none, all vanished), and of
 * run etop of e, its elided stacks (SIZE_MAX: none); h, its input's
 * header. */
static void
write_pageview(struct html_page *p, const char *name, const char *rootname, size_t rlen,
    const struct pageframes *v, size_t top, const struct pageframes *e, size_t etop,
    const struct fheader *h)
{
	if (p->npageviews++)
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
	write_unit(p, h);
	if (top != SIZE_MAX)
		write_frames(p, v, top, p->diff, p->pernode);
	else	/* nothing left in the target */
		out_str("\"n\":0,\"stacks\":0,\"total\":0");
	if (e && etop != SIZE_MAX) {
		out_char(',');
		key("e");
		out_char('{');
		write_frames(p, e, etop, 0, 1);
		out_char('}');
	}
	out_char('}');
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

/* The frames of layout L for the page, widths in column col: their
 * colours, and room for the page ids of their names. */
static void
pageframes_init(struct html_page *p, struct pageframes *v, const struct layout *L, int col,
    const struct diffscale *ds)
{
	v->L = L;
	v->col = col;
	frame_colors(p, v, ds);
	v->pid = ecalloc((size_t)L->names.n + 1, sizeof(*v->pid));
}

void
html_input(struct html_page *p, const char *name, const struct layout *L,
    const struct layout *E, const struct fheader *h, int split)
{
	struct diffscale ds = { 0 }, eds = { 0 };
	struct pageframes v = { 0 }, e = { 0 }, *ep = NULL;
	size_t i, j, ilen, jlen;
	const char *is = NULL, *js = NULL;
	int c;

	ds.on = p->diff;
	ds.self = p->o->deltaself;
	if (p->diff)
		draw_diff_scale(&ds, L, p->o);
	pageframes_init(p, &v, L, p->diff, &ds);
	if (E && E->n) {
		eds.on = 1;
		eds.max = E->timemax;
		pageframes_init(p, &e, E, 0, &eds);
		ep = &e;
	}
	if (!split) {
		write_pageview(p, name, NULL, 0, &v, 0, ep, ep ? 0 : SIZE_MAX, h);
	} else {
		/* every root frame in order (both layouts have them by
		 * name); one whose stacks all vanished is a page view of its
		 * elided stacks alone */
		for (i = 1, j = 1; i < L->n || (ep && j < E->n);) {
			if (i < L->n)
				is = layout_name(L, &L->f[i], &ilen);
			if (ep && j < E->n)
				js = layout_name(E, &E->f[j], &jlen);
			c = i >= L->n ? 1 : !ep || j >= E->n ? -1 : str_cmp(is, ilen, js, jlen, ';');
			write_pageview(p, name, c <= 0 ? is : js, c <= 0 ? ilen : jlen, &v,
			    c <= 0 ? i : SIZE_MAX, ep, c >= 0 ? j : SIZE_MAX, h);
			if (c <= 0)
				i = run_end(&v, i);
			if (c >= 0)
				j = run_end(&e, j);
		}
	}
	free(e.color);
	free(e.pid);
	free(v.color);
	free(v.pid);
}

/* ["what","#rrggbb"] */
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
	struct legend_item it[LEGEND_MAX];
	size_t i, n = draw_legend_items(it, p->diff, p->o);

	key("legend");
	out_char('[');
	for (i = 0; i < n; i++)
		legend_entry(it[i].what, it[i].c, i == 0);
	out_str("],");
}

/* The names without their annotations, by page id; the annotations
 * apart, by id; and, for colours by name, each name's colour. */
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

/* The page's colour i. */
static struct rgb
color_at(const struct html_page *p, uint32_t i)
{
	const unsigned char *b = (const unsigned char *)intern_str(&p->colors, i);
	struct rgb c = { b[0], b[1], b[2] };

	return c;
}

/* "k":["#rrggbb",...]: the page's colours, or with label the colour of
 * a label on each (color_label: black or white, the higher contrast). */
static void
write_hexes(const struct html_page *p, const char *k, int label)
{
	uint32_t i;
	char hex[8];
	struct rgb c;

	key(k);
	out_char('[');
	for (i = 0; i < p->colors.n; i++) {
		c = color_at(p, i);
		color_hex(label ? color_label(c) : c, hex);
		out_str(i ? ",\"" : "\"");
		out_str(hex);
		out_char('"');
	}
	out_str("],\n");
}

/* The colours frames refer to and their labels', and the search's. */
static void
write_colors(struct html_page *p)
{
	char hex[8];

	write_hexes(p, "colors", 0);
	write_hexes(p, "labels", 1);
	color_hex(match_rgb, hex);
	keystr("match", hex);
	color_hex(color_label(match_rgb), hex);
	keystr("matchlabel", hex);
}

/* The schemes a source link may have: the web's, files, editors'.
 * The page checks the link it makes against the same list. */
static const char *const schemes[] = { "http", "https", "file", "vscode", "vscode-insiders",
	"vscodium", "cursor", "idea", "jetbrains", "subl", "txmt", "mvim", "emacs", "atom", "zed", NULL };

const char *
html_url_placeholder(const char *t)
{
	static const char *const known[] = { "{path}", "{file}", "{line}" };
	const char *p, *e;
	size_t i, n;

	for (p = t; (p = strchr(p, '{')); p = e) {
		for (e = p + 1; isalnum((unsigned char)*e) || *e == '_'; e++)
			;
		if (*e != '}') {
			e = p + 1;
			continue;	/* a brace of the URL's own */
		}
		n = (size_t)(++e - p);
		for (i = 0; i < LEN(known); i++)
			if (strlen(known[i]) == n && !memcmp(p, known[i], n))
				break;
		if (i == LEN(known))
			return p;
	}
	return NULL;
}

int
html_url_ok(const char *t)
{
	size_t n = strcspn(t, ":");
	int i;

	if (!t[n])
		return 0;
	for (i = 0; schemes[i]; i++)
		if (strlen(schemes[i]) == n && !strncasecmp(t, schemes[i], n))
			return 1;
	return 0;
}

/* "nameattr":{"ID":{"title":T,"href":H},...}: --nameattr's title and
 * link of the page's names that have one (no other attribute means
 * anything on a canvas). */
static void
write_nameattrs(const struct html_page *p)
{
	const struct nafunc *a;
	const char *s, *href;
	uint32_t i;
	int any = 0;

	if (!p->nattrs)
		return;
	key("nameattr");
	out_char('{');
	for (i = 0; i < p->names.n; i++) {
		s = intern_str(&p->names, i);
		if (!(a = nameattr_find(p->nattrs, s, intern_len(&p->names, i))))
			continue;
		if ((href = a->href) && !html_url_ok(href)) {
			weprintf("--nameattr: href '%s' of '%.*s' is of no scheme a page links to "
			    "(http:, https:, file:, vscode: or an editor's): ignored", href,
			    (int)intern_len(&p->names, i), s);
			href = NULL;
		}
		if (!a->title && !href)
			continue;
		out_str(any++ ? ",\n\"" : "\"");
		out_u64(i);
		out_str("\":{");
		keystr("title", a->title);
		key("href");
		if (href)
			out_jsonstr(href, strlen(href));
		else
			out_str("null");
		out_char('}');
	}
	out_str("},\n");
}

/* What the options tell the page. */
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
	keystr("sourceurl", p->sourceurl);
	/* --negate draws the baseline; --negate=hues swaps red and blue */
	out_printf("\"hues\":%d,", p->diff && o->negate == NEGATE_HUES);
	out_printf("\"chart\":%d,\"deftitle\":%d,\"frac\":%d,\"diff\":%d,\"negate\":%d,\"inverted\":%d,\"sortwidth\":%d,"
	    "\"width\":%.15g,\"height\":%.15g,\"fontsize\":%.15g,\"fontwidth\":%.15g,"
	    "\"frameheight\":%.15g}\n",
	    o->chart, p->deftitle, p->frac, p->diff, p->diff && o->negate == 1, o->inverted, p->sortwidth, p->width, p->height,
	    o->fontsize, o->fontwidth, o->frameheight);
}

void
html_end(struct html_page *p)
{
	out_str("],\n");
	write_names(p);
	write_nameattrs(p);
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
