/* htmlnames.c: fg-html's names, colours and options: what the page's
 * data holds after its views (see htmlnames.h) */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/bytes.h"
#include "base/escape.h"
#include "base/out.h"
#include "base/util.h"
#include "draw/color.h"
#include "draw/htmlfields.h"
#include "draw/htmlnames.h"
#include "draw/legend.h"
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

/* The page's index of colour c (each colour written once). */
uint32_t
html_color(struct html_page *p, struct rgb c)
{
	char b[3] = { c.r, c.g, c.b };

	return intern(&p->colors, b, 3);
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

	html_key("legend");
	out_char('[');
	for (i = 0; i < n; i++)
		legend_entry(it[i].what, it[i].c, i == 0);
	out_str("],");
}

/* Each name's colour, for colours that go by name: the root's, "all",
 * as fg-svg colours its root. */
static void
name_colors(struct html_page *p)
{
	static const struct diffscale off;
	struct lframe f = { 0 };
	uint32_t cycle[2] = { 0 }, i;
	const char *s;
	size_t n;

	p->namecolor = ereallocarray(NULL, p->names.n + 1, sizeof(*p->namecolor));
	for (i = 0; i < p->names.n; i++) {
		f.name = p->rooted && i == p->allid ? LF_ROOT : i;
		s = f.name == LF_ROOT ? "" : intern_str(&p->names, i);
		n = f.name == LF_ROOT ? 0 : intern_len(&p->names, i);
		p->namecolor[i] = html_color(p, draw_frame_rgb(p->o, s, n, &f, &off, cycle));
	}
}

/* Name s[0..n) into b as valid UTF-8: each byte of no character as
 * U+FFFD, as the page's JSON strings take it. */
static void
put_utf8(struct bytes *b, const char *s, size_t n)
{
	size_t i = 0, k;

	while (i < n) {
		k = utf8_decode(s + i, n - i, NULL);
		bytes_put(b, k ? s + i : "\xef\xbf\xbd", k ? k : 3);
		i += k ? k : 1;
	}
}

/* Name s[0..n) into b with each byte of no character as the text
 * \xHH: whether it had one. */
static int
put_escaped(struct bytes *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	char e[4] = { '\\', 'x' };
	size_t i = 0, k;
	int bad = 0;

	while (i < n) {
		k = utf8_decode(s + i, n - i, NULL);
		if (k) {
			bytes_put(b, s + i, k);
			i += k;
			continue;
		}
		e[2] = hex[(unsigned char)s[i] >> 4];
		e[3] = hex[(unsigned char)s[i] & 15];
		bytes_put(b, e, 4);
		bad = 1;
		i++;
	}
	return bad;
}

/* The names without their annotations, by page id, each ended by a
 * newline (no name has one), deflated as the frames' fields; the
 * annotations apart, by id; and, for colours by name, each name's
 * colour. */
static void
write_names(const struct html_page *p)
{
	struct bytes all = { 0 };
	const char *s, *annot;
	size_t n, alen;
	uint32_t i;
	int any = 0;

	for (i = 0; i < p->names.n; i++) {
		s = intern_str(&p->names, i);
		n = frame_strip_annot(s, intern_len(&p->names, i), &annot, &alen);
		put_utf8(&all, s, n);
		bytes_put(&all, "\n", 1);
	}
	out_printf("\"nnames\":%u", p->names.n);
	html_field("names", &all, NULL, 0);
	out_str(",\n");
	/* the names with bytes of no character, by id, each such byte as
	 * the text \xHH: drawn, searched and saved so, apart from a name
	 * that differs in those bytes alone */
	html_key("badnames");
	out_char('{');
	for (i = 0; i < p->names.n; i++) {
		s = intern_str(&p->names, i);
		n = frame_strip_annot(s, intern_len(&p->names, i), &annot, &alen);
		all.n = 0;
		if (!put_escaped(&all, s, n))
			continue;
		out_str(any++ ? ",\"" : "\"");
		out_u64(i);
		out_str("\":");
		out_jsonstr((const char *)all.p, all.n);
	}
	any = 0;
	out_str("},\n");
	bytes_free(&all);
	html_key("annot");
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
		html_key("namecolor");
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

	html_key(k);
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
	html_keystr("match", hex);
	color_hex(color_label(match_rgb), hex);
	html_keystr("matchlabel", hex);
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
	html_key("nameattr");
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
		html_keystr("title", a->title);
		html_key("href");
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
	html_keystr("title", o->title);
	html_keystr("subtitle", o->subtitle);
	html_keystr("countname", o->countname);
	html_keystr("unit", p->unit);
	html_keystr("bgtop", top);
	html_keystr("bgbottom", bottom);
	html_keystr("sourceurl", p->sourceurl);
	/* --negate draws the baseline; --negate=hues swaps red and blue */
	out_printf("\"hues\":%d,", p->diff && o->negate == NEGATE_HUES);
	/* --compare: the first two views compared (--negate: negated) */
	if (p->compare)
		out_printf("\"cmp\":[0,1],\"cmpneg\":%d,", o->negate == 1);
	out_printf("\"chart\":%d,\"deftitle\":%d,\"frac\":%d,\"declared\":%d,\"diff\":%d,\"negate\":%d,\"inverted\":%d,\"sortwidth\":%d,"
	    "\"width\":%.15g,\"height\":%.15g,\"fontsize\":%.15g,\"fontwidth\":%.15g,"
	    "\"frameheight\":%.15g}\n",
	    o->chart, p->deftitle, p->frac, p->declared, p->diff, p->diff && o->negate == 1, o->inverted, p->sortwidth, p->width, p->height,
	    o->fontsize, o->fontwidth, o->frameheight);
}

/* The data after the views: the names, their annotations and colours,
 * --nameattr's titles and links, the colours, the legend, the options. */
void
html_tail(struct html_page *p)
{
	if (!p->pernode)
		name_colors(p);
	write_names(p);
	write_nameattrs(p);
	write_colors(p);
	write_legend(p);
	write_options(p);
}
