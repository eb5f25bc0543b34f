/* vega.c: fg-vega's charts: a flame graph as a Vega-Lite or Vega spec
 *
 * The names and frames as JSON data sets, and around them the spec that
 * draws them (rects, labels that fit, a colour legend, tooltips, zoom);
 * or a page that loads Vega and embeds the Vega-Lite spec.  Frame
 * statuses and colours are ProfileVega's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "base/bytes.h"
#include "base/out.h"
#include "base/sha256.h"
#include "base/util.h"
#include "draw/assets.h"
#include "stack/frame.h"
#include "draw/color.h"
#include "draw/dopts.h"
#include "draw/framecolor.h"
#include "draw/frames.h"
#include "draw/layout.h"
#include "draw/vanished.h"
#include "draw/vega.h"
#include "folded/whole.h"

/* frame status, as ProfileVega names them */
enum { ST_DEFAULT, ST_DISPATCH, ST_GC, ST_MORE };

static int
status_of(const struct layout *L, const struct lframe *f)
{
	const char *s, *annot;
	size_t n, alen;

	if (f->name == LF_MORE)
		return ST_MORE;
	if (f->name == LF_ROOT)
		return ST_DEFAULT;
	s = layout_name(L, f, &n);
	frame_strip_annot(s, n, &annot, &alen);
	if (annot && annot[0] == 'd')
		return ST_DISPATCH;
	if (annot && annot[0] == 'g')
		return ST_GC;
	return ST_DEFAULT;
}

static const char status_names[] = "[\"Default\",\"Runtime dispatch\",\"Garbage collection\",\"Hidden frames\"]";
static const char status_colors[] = "[\"#8cb4dd\",\"#dc143c\",\"#ffa500\",\"#bebebe\"]";
/* differential: shrank, no change, grew (frames new in the target take
 * color_new, the other renderers' green) */
static const char diff_colors[] = "[\"#528fe0\", \"#d0d0d0\", \"#d73027\"]";

/* The k-th colour of a list above. */
static struct rgb
list_color(const char *list, int k)
{
	const char *p = list;

	while (k-- >= 0)
		p = strchr(p + 1, '#');
	return draw_rgb_parse(p);
}

/* Whether frame f's label is white (color_label_white of the fill Vega
 * gives it: its status colour, green when isnew, or for differential
 * input the colour scale at its change v, interpolated in RGB as the
 * spec asks). */
static int
label_white(const struct layout *L, const struct lframe *f, int diff, int isnew, double v,
    double maxdelta)
{
	struct rgb fill;

	if (!diff)
		fill = list_color(status_colors, status_of(L, f));
	else if (isnew)
		fill = color_new;
	else if (v < 0)
		fill = color_mix(list_color(diff_colors, 1), list_color(diff_colors, 0), -v / maxdelta);
	else
		fill = color_mix(list_color(diff_colors, 1), list_color(diff_colors, 2), v / maxdelta);
	return color_label_white(fill);
}

/* A JSON member ",\"key\":\"AMOUNT\"": v in human form (graph_human)
 * without the countname, the tooltip's name for it; b is scratch. */
static void
human_field(struct bytes *b, const struct graph *g, const char *key, double v,
    const count *c, int flags)
{
	b->n = 0;
	graph_human(b, g, v, c, 1, flags | DA_NONAME);
	out_printf(",\"%s\":", key);
	out_jsonstr((const char *)b->p, b->n);
}

/* The names as a JSON array of objects {"i": ID, "n": NAME}: a name is
 * written once however many frames carry it; fname[i] is frame i's
 * name id. */
static void
write_names(const struct graph *g, uint32_t *fname)
{
	const struct layout *L = &g->v[0].L;
	uint32_t *index = ecalloc(L->names.n + 1, sizeof(*index)), nnames = 0;
	const struct lframe *f;
	const char *s;
	size_t i, n;
	char buf[48];

	out_str("[");
	for (i = 0; i < L->n; i++) {
		f = &L->f[i];
		if (f->name != LF_MORE && f->name != LF_ROOT && index[f->name]) {
			fname[i] = index[f->name] - 1;
			continue;
		}
		graph_label(g, 0, i, &s, &n, buf);
		if (f->name != LF_MORE && f->name != LF_ROOT)
			index[f->name] = nnames + 1;
		fname[i] = nnames;
		out_str(nnames ? ",\n{\"i\":" : "\n{\"i\":");
		out_u64(nnames++);
		out_str(",\"n\":");
		out_jsonstr(s, n);
		out_char('}');
	}
	out_str("\n]");
	free(index);
}

/* Frame f's change as its colour shows it, cut to the scale's ends. */
static double
frame_change(const struct diffscale *ds, const struct lframe *f)
{
	double d = draw_frame_delta(ds, f);

	if (d > ds->max)
		d = ds->max;
	if (d < -ds->max)
		d = -ds->max;
	return d;
}

/* Frame i as a JSON object with short keys: depth d, from a to b,
 * name id i, status s; for differential input the baseline o, the
 * change v (cut to the scale) and w, 1 if new; l, 1 when the label is
 * white.  With a unit, its amounts in human form: h, and for
 * differential input ho (the baseline) and hd (the change); b is
 * scratch. */
static void
write_frame(struct bytes *b, const struct graph *g, size_t i, uint32_t name, int hues)
{
	const struct layout *L = &g->v[0].L;
	const struct diffscale *ds = &g->v[0].ds;
	const struct lframe *f = &L->f[i];
	count w = layout_w(L, f);
	double d = g->diff ? frame_change(ds, f) : 0;
	int isnew = g->diff && !hues && f->name != LF_ROOT && f->name != LF_MORE &&
	    count_iszero(f->total[0]);

	out_str(i ? ",\n{\"d\":" : "\n{\"d\":");
	out_u64(f->depth);
	out_str(",\"a\":");
	out_count(f->x);
	out_str(",\"b\":");
	out_printf("%.15g", count_val(f->x) + count_val(w));
	out_str(",\"i\":");
	out_u64(name);
	out_str(",\"s\":");
	out_u64(status_of(L, f));
	if (g->diff) {
		out_str(",\"o\":");
		out_count(f->total[0]);
		out_printf(",\"v\":%.15g", d);
		out_printf(",\"w\":%d", isnew);
	}
	if (label_white(L, f, g->diff, isnew, hues ? -d : d, ds->max))
		out_str(",\"l\":1");
	if (g->unit)
		human_field(b, g, "h", count_val(w), &w, 0);
	if (g->unit && g->diff) {
		human_field(b, g, "ho", count_val(f->total[0]), &f->total[0], 0);
		human_field(b, g, "hd", count_val(w) - count_val(f->total[0]), NULL, DA_SIGN);
	}
	out_char('}');
}

/* The names (write_names), between, then the frames (write_frame), as
 * JSON arrays; hues: --negate=hues, the colours of a change swapped. */
static void
write_data(const struct graph *g, const char *between, int hues)
{
	const struct layout *L = &g->v[0].L;
	uint32_t *fname = ereallocarray(NULL, L->n + 1, sizeof(*fname));
	struct bytes hb = { 0 };
	size_t i;

	write_names(g, fname);
	out_str(between);
	out_char('[');
	for (i = 0; i < L->n; i++)
		write_frame(&hb, g, i, fname[i], hues);
	out_str("\n]");
	bytes_free(&hb);
	free(fname);
}

struct chart {
	const struct graph *g;
	int diff;
	int hues;		/* --negate=hues: a change's colours swapped, no green */
	double maxdelta, W, H;
	uint32_t levels;
	uint32_t shown;		/* the levels in the first view, from the root */
	const char *title;
	count total;
	const char *countname;	/* the tooltip's name of the count */
	char newcolor[8];	/* color_new, "#rrggbb" */
};

/* The title, with the vanished samples as its subtitle. */
static void
write_title(const struct chart *g)
{
	struct bytes note = { 0 };
	size_t n = vanished_note(g->g, &note);

	if (n)
		out_str("{\"text\": ");
	out_jsonstr(g->title, strlen(g->title));
	if (n) {
		out_str(", \"subtitle\": ");
		out_jsonstr((const char *)note.p, n);
		out_str("}");
	}
	bytes_free(&note);
}

/* A tooltip's line: its title, the frame's field it shows, and the
 * number's format (d3-format) or NULL. */
struct tipline {
	const char *title, *field, *format;
};

/* The tooltip's lines, for both specs: the frame, its count and
 * percentage, and for differential input the baseline, the change and
 * the change's percentage; the amounts are numbers, or with a unit
 * their human forms.  Returns how many. */
static size_t
tooltip_lines(const struct chart *g, struct tipline t[6])
{
	int h = g->g->unit != 0;

	t[0] = (struct tipline){ "frame", "n", NULL };
	t[1] = (struct tipline){ g->countname, h ? "h" : "c", NULL };
	t[2] = (struct tipline){ "percent", "p", ".2f" };
	if (!g->diff)
		return 3;
	t[3] = (struct tipline){ "baseline", h ? "ho" : "o", NULL };
	t[4] = (struct tipline){ "change", h ? "hd" : "delta", NULL };
	t[5] = (struct tipline){ "change%", "dp", "+.2f" };
	return 6;
}

/* The tooltip of Vega-Lite: an array of fields. */
static void
tooltip_fields(const struct chart *g)
{
	struct tipline t[6];
	size_t i, n = tooltip_lines(g, t);

	out_char('[');
	for (i = 0; i < n; i++) {
		out_printf("%s{\"field\":\"%s\",\"title\":", i ? "," : "", t[i].field);
		out_jsonstr(t[i].title, strlen(t[i].title));
		if (t[i].format)
			out_printf(",\"format\":\"%s\"", t[i].format);
		out_char('}');
	}
	out_str("]");
}

/* s as the inside of a single-quoted string of a Vega expression,
 * itself inside a JSON string: quote, backslash and line ends escaped
 * for the expression, then the whole for JSON. */
static void
out_exprstr(const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *u = (const unsigned char *)s;
	size_t i, run = 0;

	for (i = 0; u[i]; i++) {
		if (u[i] != '\'' && u[i] != '\\' && u[i] >= 0x20 && u[i] != 0x7f &&
		    !(u[i] == 0xe2 && u[i + 1] == 0x80 && (u[i + 2] == 0xa8 || u[i + 2] == 0xa9)))
			continue;
		out_json(s + run, i - run);
		if (u[i] == '\'' || u[i] == '\\') {
			out_str("\\\\");
			out_json(s + i, 1);
		} else if (u[i] == 0xe2) {
			out_str(u[i + 2] == 0xa8 ? "\\\\u2028" : "\\\\u2029");
			i += 2;
		} else {
			out_str("\\\\u00");
			out_char(hex[u[i] >> 4]);
			out_char(hex[u[i] & 15]);
		}
		run = i + 1;
	}
	out_json(s + run, i - run);
}

/* The tooltip of Vega: a signal, an object expression of the same
 * lines. */
static void
tooltip_signal(const struct chart *g)
{
	struct tipline t[6];
	size_t i, n = tooltip_lines(g, t);

	out_str("\"tooltip\": {\"signal\": \"{");
	for (i = 0; i < n; i++) {
		out_str(i ? ", '" : "'");
		out_exprstr(t[i].title);
		if (t[i].format)
			out_printf("': format(datum.%s, '%s')", t[i].field, t[i].format);
		else
			out_printf("': datum.%s", t[i].field);
	}
	out_str("}\"}},\n");
}

/* One field computed from a frame's data: pre (Vega-Lite's calculate,
 * Vega's formula transform, up to the expression), the expression,
 * then the total when total is not NULL; named as. */
static void
computed(const char *pre, const char *expr, const count *total, const char *as)
{
	out_str(pre);
	out_str(expr);
	if (total)
		out_count(*total);
	out_printf("\", \"as\": \"%s\"}", as);
}

/* The fields both specs compute: c, the count; p, its percentage of
 * the total drawn; status, its name; and for differential input delta,
 * the change, and dp, the differential percentage of fg-folded(5): the
 * change as a percentage of the total drawn. */
static void
computed_fields(const struct chart *g, const char *pre)
{
	computed(pre, "datum.b - datum.a", NULL, "c");
	out_str(",\n");
	computed(pre, "100 * (datum.b - datum.a) / ", &g->total, "p");
	out_str(",\n");
	out_str(pre);
	out_json(status_names, strlen(status_names));
	out_str("[datum.s]\", \"as\": \"status\"}");
	if (!g->diff)
		return;
	out_str(",\n");
	computed(pre, "datum.c - datum.o", NULL, "delta");
	out_str(",\n");
	computed(pre, "100 * (datum.c - datum.o) / ", &g->total, "dp");
}

/* What a spec begins with: the schema of vega or vega-lite, the title
 * and the size. */
static void
spec_head(const struct chart *g, const char *schema)
{
	out_printf("{\n\"$schema\": \"https://vega.github.io/schema/%s/v5.json\",\n\"title\": ", schema);
	write_title(g);
	out_printf(",\n\"width\": %.15g,\n\"height\": %.15g,\n", g->W, g->H);
}

/* The colour scale's domain and range: the change, from shrank through
 * none to grew (grew through none to shrank under --negate=hues), or the
 * statuses. */
static void
color_domain(const struct chart *g)
{
	double end = g->hues ? -g->maxdelta : g->maxdelta;

	if (g->diff)
		out_printf("\"domain\": [%.15g, 0, %.15g], \"range\": %s, \"interpolate\": \"rgb\"",
		    -end, end, diff_colors);
	else
		out_printf("\"domain\": %s, \"range\": %s", status_names, status_colors);
}

/* A label's room, and whether it shows at all (frames at least 24 px
 * wide, rows at least LABEL_ROW px tall: an 11 px label on a thinner
 * row would cover its neighbours), in a Vega expression */
#define LABEL_ROW "12"
#define LABEL_LIMIT "max(0, scale('x', datum.b) - scale('x', datum.a) - 6)"
#define LABEL_SHOWN "scale('x', datum.b) - scale('x', datum.a) > 24 && " \
	"abs(scale('y', datum.d + 1) - scale('y', datum.d)) >= " LABEL_ROW " ? 1 : 0"

static void
write_vegalite(const struct dopts *o, const struct chart *g)
{
	spec_head(g, "vega-lite");
	out_str("\"datasets\": {\"names\":");
	write_data(g->g, ",\n\"frames\":", g->hues);
	out_str("},\n\"data\": {\"name\": \"frames\"},\n\"transform\": [\n"
	    "{\"lookup\": \"i\", \"from\": {\"data\": {\"name\": \"names\"}, \"key\": \"i\", \"fields\": [\"n\"]}},\n"
	    "{\"calculate\": \"datum.d + 1\", \"as\": \"e\"},\n"
	    "{\"calculate\": \"datum.d + 0.5\", \"as\": \"m\"},\n");
	computed_fields(g, "{\"calculate\": \"");
	out_str("\n],\n\"layer\": [\n{\n\"params\": [\n"
	    "{\"name\": \"zoom\", \"select\": {\"type\": \"interval\", \"encodings\": [\"x\"]}, \"bind\": \"scales\"},\n"
	    "{\"name\": \"levels\", \"select\": {\"type\": \"interval\", \"encodings\": [\"y\"], \"zoom\": false}, \"bind\": \"scales\"},\n"
	    "{\"name\": \"hover\", \"select\": {\"type\": \"point\", \"on\": \"mouseover\", \"clear\": \"mouseout\", \"fields\": [\"a\", \"d\"]}},\n"
	    "{\"name\": \"pick\", \"select\": {\"type\": \"point\", \"fields\": [\"a\", \"d\"]}}\n],\n"
	    "\"mark\": {\"type\": \"rect\", \"stroke\": \"white\", \"clip\": true},\n\"encoding\": {\n");
	out_str("\"x\": {\"field\": \"a\", \"type\": \"quantitative\", \"axis\": null, "
	    "\"scale\": {\"domain\": [0, ");
	out_count(g->total);
	out_str("], \"nice\": false, \"zero\": false}},\n\"x2\": {\"field\": \"b\"},\n");
	out_printf("\"y\": {\"field\": \"d\", \"type\": \"quantitative\", \"axis\": null, "
	    "\"scale\": {\"domain\": [0, %u], \"nice\": false, \"reverse\": %s}},\n\"y2\": {\"field\": \"e\"},\n",
	    g->shown, o->inverted ? "true" : "false");
	if (g->diff)
		out_printf("\"color\": {\"condition\": {\"test\": \"datum.w == 1\", \"value\": \"%s\"}, "
		    "\"field\": \"v\", \"type\": \"quantitative\", \"title\": \"change\", \"scale\": {", g->newcolor);
	else
		out_str("\"color\": {\"field\": \"status\", \"type\": \"nominal\", \"title\": null, \"scale\": {");
	color_domain(g);
	out_str("}, \"legend\": {\"orient\": \"bottom\"}},\n");
	out_str("\"opacity\": {\"condition\": {\"param\": \"hover\", \"empty\": false, \"value\": 0.6}, \"value\": 1},\n"
	    "\"strokeWidth\": {\"condition\": {\"param\": \"pick\", \"empty\": false, \"value\": 2}, \"value\": 0.5},\n"
	    "\"tooltip\": ");
	tooltip_fields(g);
	out_str("\n}\n},\n{\n\"mark\": {\"type\": \"text\", \"align\": \"left\", \"baseline\": \"middle\", "
	    "\"dx\": 3, \"fontSize\": 11, \"clip\": true, \"ellipsis\": \"..\", "
	    "\"limit\": {\"expr\": \"" LABEL_LIMIT "\"}, "
	    "\"opacity\": {\"expr\": \"" LABEL_SHOWN "\"}},\n"
	    "\"encoding\": {\n\"x\": {\"field\": \"a\", \"type\": \"quantitative\"},\n"
	    "\"y\": {\"field\": \"m\", \"type\": \"quantitative\"},\n\"text\": {\"field\": \"n\"},\n"
	    "\"color\": {\"condition\": {\"test\": \"datum.l == 1\", \"value\": \"white\"}, \"value\": \"black\"},\n"
	    "\"tooltip\": ");
	tooltip_fields(g);
	out_str("\n}\n}\n]\n}\n");
}

static void
write_vega(const struct dopts *o, const struct chart *g)
{
	spec_head(g, "vega");
	out_str("\"padding\": 5,\n\"data\": [\n{\"name\": \"names\", \"values\": ");
	write_data(g->g, "},\n{\"name\": \"frames\", \"values\": ", g->hues);
	out_str(",\n\"transform\": [\n"
	    "{\"type\": \"lookup\", \"from\": \"names\", \"key\": \"i\", \"fields\": [\"i\"], \"values\": [\"n\"], \"as\": [\"n\"]},\n");
	computed_fields(g, "{\"type\": \"formula\", \"expr\": \"");
	out_str("\n]}\n],\n\"signals\": [\n{\"name\": \"xdom\", \"value\": [0, ");
	out_count(g->total);
	out_str("], \"on\": [\n"
	    "{\"events\": {\"signal\": \"delta\"}, \"update\": \"[xcur[0] + span(xcur) * delta / width, xcur[1] + span(xcur) * delta / width]\"},\n"
	    "{\"events\": {\"signal\": \"zoom\"}, \"update\": \"[anchor + (xdom[0] - anchor) * zoom, anchor + (xdom[1] - anchor) * zoom]\"},\n"
	    "{\"events\": \"@frame:click\", \"update\": \"[datum.a, datum.b]\"},\n"
	    "{\"events\": \"dblclick\", \"update\": \"[0, ");
	out_count(g->total);
	out_str("]\"}]},\n");
	/* the levels in view, from the root: a drag up or down pans them */
	out_printf("{\"name\": \"ydom\", \"value\": [0, %u], \"on\": [\n"
	    "{\"events\": {\"signal\": \"ydelta\"}, \"update\": \"[ycur[0] %s span(ycur) * ydelta / height, "
	    "ycur[1] %s span(ycur) * ydelta / height]\"},\n"
	    "{\"events\": \"dblclick\", \"update\": \"[0, %u]\"}]},\n",
	    g->shown, o->inverted ? "-" : "+", o->inverted ? "-" : "+", g->shown);
	out_str("{\"name\": \"down\", \"value\": null, \"on\": [{\"events\": \"mousedown\", \"update\": \"x()\"}, "
	    "{\"events\": \"window:mouseup\", \"update\": \"null\"}]},\n"
	    "{\"name\": \"ydown\", \"value\": null, \"on\": [{\"events\": \"mousedown\", \"update\": \"y()\"}, "
	    "{\"events\": \"window:mouseup\", \"update\": \"null\"}]},\n"
	    "{\"name\": \"xcur\", \"value\": [0, 1], \"on\": [{\"events\": \"mousedown\", \"update\": \"slice(xdom)\"}]},\n"
	    "{\"name\": \"ycur\", \"value\": [0, 1], \"on\": [{\"events\": \"mousedown\", \"update\": \"slice(ydom)\"}]},\n"
	    "{\"name\": \"delta\", \"value\": 0, \"on\": [{\"events\": [{\"source\": \"window\", \"type\": \"mousemove\", "
	    "\"consume\": true, \"between\": [{\"type\": \"mousedown\"}, {\"source\": \"window\", \"type\": \"mouseup\"}]}], "
	    "\"update\": \"down != null ? down - x() : 0\"}]},\n"
	    "{\"name\": \"ydelta\", \"value\": 0, \"on\": [{\"events\": [{\"source\": \"window\", \"type\": \"mousemove\", "
	    "\"consume\": true, \"between\": [{\"type\": \"mousedown\"}, {\"source\": \"window\", \"type\": \"mouseup\"}]}], "
	    "\"update\": \"ydown != null ? y() - ydown : 0\"}]},\n"
	    "{\"name\": \"anchor\", \"value\": 0, \"on\": [{\"events\": \"wheel\", \"update\": \"invert('x', x())\"}]},\n"
	    "{\"name\": \"zoom\", \"value\": 1, \"on\": [{\"events\": \"wheel!\", \"force\": true, "
	    "\"update\": \"pow(1.001, event.deltaY * pow(16, event.deltaMode))\"}]},\n"
	    "{\"name\": \"hover\", \"value\": null, \"on\": [{\"events\": \"@frame:mouseover\", \"update\": \"datum\"}, "
	    "{\"events\": \"@frame:mouseout\", \"update\": \"null\"}]},\n"
	    "{\"name\": \"pick\", \"value\": null, \"on\": [{\"events\": \"@frame:click\", \"update\": \"datum\"}, "
	    "{\"events\": \"dblclick\", \"update\": \"null\"}]}\n],\n\"scales\": [\n"
	    "{\"name\": \"x\", \"type\": \"linear\", \"domain\": {\"signal\": \"xdom\"}, \"range\": \"width\", "
	    "\"zero\": false, \"nice\": false},\n");
	out_printf("{\"name\": \"y\", \"type\": \"linear\", \"domain\": {\"signal\": \"ydom\"}, \"range\": \"height\", "
	    "\"nice\": false, \"zero\": false, \"reverse\": %s},\n", o->inverted ? "true" : "false");
	out_printf("{\"name\": \"color\", \"type\": \"%s\", ", g->diff ? "linear" : "ordinal");
	color_domain(g);
	out_str("}\n],\n");
	out_printf("\"legends\": [{\"fill\": \"color\", \"orient\": \"bottom\", \"direction\": \"horizontal\"%s}],\n",
	    g->diff ? ", \"title\": \"change\"" : "");
	out_str("\"marks\": [\n{\"type\": \"rect\", \"name\": \"frame\", \"from\": {\"data\": \"frames\"}, \"clip\": true,\n"
	    "\"encode\": {\n\"enter\": {\"stroke\": {\"value\": \"white\"}, ");
	if (g->diff)
		out_printf("\"fill\": {\"signal\": \"datum.w == 1 ? '%s' : scale('color', datum.v)\"}, ",
		    g->newcolor);
	else
		out_str("\"fill\": {\"scale\": \"color\", \"field\": \"status\"}, ");
	tooltip_signal(g);
	out_str("\"update\": {\"x\": {\"scale\": \"x\", \"field\": \"a\"}, \"x2\": {\"scale\": \"x\", \"field\": \"b\"}, "
	    "\"y\": {\"scale\": \"y\", \"field\": \"d\"}, \"y2\": {\"scale\": \"y\", \"signal\": \"datum.d + 1\"}, "
	    "\"fillOpacity\": {\"signal\": \"hover && hover.a === datum.a && hover.d === datum.d ? 0.6 : 1\"}, "
	    "\"strokeWidth\": {\"signal\": \"pick && pick.a === datum.a && pick.d === datum.d ? 2 : 0.5\"}}\n}},\n"
	    "{\"type\": \"text\", \"from\": {\"data\": \"frames\"}, \"clip\": true, \"interactive\": false,\n"
	    "\"encode\": {\n\"enter\": {\"text\": {\"field\": \"n\"}, "
	    "\"fill\": {\"signal\": \"datum.l == 1 ? 'white' : 'black'\"}, "
	    "\"baseline\": {\"value\": \"middle\"}, \"fontSize\": {\"value\": 11}, \"ellipsis\": {\"value\": \"..\"}, "
	    "\"dx\": {\"value\": 3}},\n"
	    "\"update\": {\"x\": {\"scale\": \"x\", \"field\": \"a\"}, "
	    "\"y\": {\"scale\": \"y\", \"signal\": \"datum.d + 0.5\"}, "
	    "\"limit\": {\"signal\": \"" LABEL_LIMIT "\"}, "
	    "\"opacity\": {\"signal\": \"" LABEL_SHOWN "\"}}\n}}\n]\n}\n");
}

/* The Vega libraries the page loads: exact versions, each file with its
 * Subresource Integrity hash (sha384 of the file in the npm package,
 * which cdn.jsdelivr.net/npm serves as it is), so that the CDN cannot
 * hand the page other code.  Update the three together. */
#define VEGA_CDN "https://cdn.jsdelivr.net/npm/"
#define VEGA_SCRIPT(path, sri) \
	"<script src=\"" VEGA_CDN path "\" integrity=\"" sri "\" crossorigin=\"anonymous\"></script>\n"
#define VEGA_SCRIPTS \
	VEGA_SCRIPT("vega@5.33.1/build/vega.min.js", \
	    "sha384-NMXhl2TbCXxcN7o4ROC56Funm78m4AylL8gMg/7Kn4YU+wrm23K9l7cY8lDRXQ9d") \
	VEGA_SCRIPT("vega-lite@5.23.0/build/vega-lite.min.js", \
	    "sha384-D9LYH0esGjcxQJsBuxOuXtCDJGXRWW1+KhluzWPqi0rLJmiR/ygPChefaD+rFFDQ") \
	VEGA_SCRIPT("vega-embed@6.29.0/build/vega-embed.min.js", \
	    "sha384-M+Ax7e/WFJpxSOF09HzI+Sj4wg9ottVd/uxmV2ItGGh02fLH28t2FAOJx3TJBap5")

static void
write_html(const struct dopts *o, const struct chart *g)
{
	out_str("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>");
	out_xml(g->title, strlen(g->title));
	out_str("</title>\n"
	    VEGA_SCRIPTS
	    "</head>\n<body>\n<div id=\"vis\"></div>\n"
	    "<p id=\"fgmsg\">Loading Vega from cdn.jsdelivr.net ...</p>\n<script>\n"
	    "/* the spec's JSON escapes '<', so nothing in it can end this script */\nvar spec = ");
	write_vegalite(o, g);
	out_str(";\nvar fgopt = {actions: true}, fgfrom = \"cdn.jsdelivr.net\";\n");
	out_str(vega_js);
	out_str("</script>\n</body>\n</html>\n");
}

/* The builds --vega-dir inlines, in the order they load, where an npm
 * install of vega, vega-lite and vega-embed puts them. */
static const char *const vega_builds[] = {
	"vega/build/vega.min.js",
	"vega-lite/build/vega-lite.min.js",
	"vega-embed/build/vega-embed.min.js",
};
#define NBUILDS (sizeof(vega_builds) / sizeof(vega_builds[0]))

/* s[0..n) to b as the text of a script element: each '<' that would
 * begin "</script" or "<!--" (either case) as \x3C, which means '<' in
 * the strings, regular expressions and comments where these occur in
 * code, so that nothing in s ends the element or hides its end. */
static void
script_text(struct bytes *b, const char *s, size_t n)
{
	size_t i, run = 0;

	for (i = 0; i < n; i++) {
		if (s[i] != '<')
			continue;
		if (!(n - i >= 8 && s[i + 1] == '/' && strncasecmp(s + i + 2, "script", 6) == 0) &&
		    !(n - i >= 4 && memcmp(s + i + 1, "!--", 3) == 0))
			continue;
		bytes_put(b, s + run, i - run);
		bputs(b, "\\x3C");
		run = i + 1;
	}
	bytes_put(b, s + run, n - run);
}

/* " 'sha256-BASE64'", the hash of a script's text, as the policy names
 * it, to b. */
static void
script_hash(struct bytes *b, const struct bytes *text)
{
	unsigned char d[32];
	char h[45];

	sha256(text->p, text->n, d);
	bprintf(b, " 'sha256-%s'", base64(d, sizeof(d), h));
}

/* The page with the builds in dir inlined: it loads nothing, and its
 * Content Security Policy lets run no script but these and its own
 * (by their hashes), the spec a JSON data block it reads. */
static void
write_html_inline(const struct dopts *o, const struct chart *g, const char *dir)
{
	struct bytes text[NBUILDS + 1] = { { 0 } }, csp = { 0 }, path = { 0 };
	struct whole w;
	size_t i;

	for (i = 0; i < NBUILDS; i++) {
		path.n = 0;
		bprintf(&path, "%s/%s%c", dir, vega_builds[i], 0);
		if (access((const char *)path.p, R_OK) != 0)
			eprintf("--vega-dir %s: no %s (%s): the folder of an npm install of vega, "
			    "vega-lite and vega-embed (its node_modules)", dir, vega_builds[i], strerror(errno));
		whole_read(&w, (const char *)path.p, (uint64_t)1 << 28, NULL);
		script_text(&text[i], w.s, w.n);
		whole_free(&w);
	}
	/* vega-embed's interpreter of Vega's expressions (ast), not code
	 * made at run time, which the policy forbids */
	bputs(&text[NBUILDS], "\nvar spec = JSON.parse(document.getElementById(\"fgspec\").textContent);\n"
	    "var fgopt = {actions: true, ast: true}, fgfrom = \"the builds fg-vega --vega-dir inlined\";\n");
	bputs(&text[NBUILDS], vega_js);
	bputs(&csp, "default-src 'none'; script-src");
	for (i = 0; i <= NBUILDS; i++)
		script_hash(&csp, &text[i]);
	bputs(&csp, "; style-src 'unsafe-inline'; img-src data: blob:");

	out_str("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\"");
	out_mem(csp.p, csp.n);
	out_str("\">\n<title>");
	out_xml(g->title, strlen(g->title));
	out_str("</title>\n");
	for (i = 0; i < NBUILDS; i++) {
		out_printf("<!-- %s, inlined by fg-vega --vega-dir -->\n<script>", vega_builds[i]);
		out_mem(text[i].p, text[i].n);
		out_str("</script>\n");
	}
	out_str("</head>\n<body>\n<div id=\"vis\"></div>\n<p id=\"fgmsg\">Drawing ...</p>\n"
	    "<!-- the spec's JSON escapes '<', so nothing in it can end this element -->\n"
	    "<script type=\"application/json\" id=\"fgspec\">");
	write_vegalite(o, g);
	out_str("</script>\n<script>");
	out_mem(text[NBUILDS].p, text[NBUILDS].n);
	out_str("</script>\n</body>\n</html>\n");
	for (i = 0; i <= NBUILDS; i++)
		bytes_free(&text[i]);
	bytes_free(&csp);
	bytes_free(&path);
}

/* The default height's cap: a notebook cell's, 30 levels */
#define VEGA_MAXH 600

/* The chart of graph gr under options o, height px high (0: 20 px a
 * level, at most VEGA_MAXH). */
static void
chart_init(struct chart *g, const struct dopts *o, const struct graph *gr, double height)
{
	memset(g, 0, sizeof(*g));
	g->g = gr;
	g->diff = gr->diff;
	g->hues = o->negate == NEGATE_HUES;
	g->total = gr->v[0].L.total;
	g->levels = gr->v[0].L.maxdepth + 1;
	g->W = o->width;
	/* given a height, every level in it; else 20 px a level up to
	 * VEGA_MAXH, the deeper levels above (below, inverted) reached by
	 * dragging */
	g->H = height ? height : 20.0 * g->levels;
	g->shown = g->levels;
	if (!height && g->H > VEGA_MAXH) {
		g->H = VEGA_MAXH;
		g->shown = VEGA_MAXH / 20;
	}
	g->title = o->title ? o->title : g->diff ? "Diff Profile Results" : "Profile Results";
	g->maxdelta = gr->v[0].ds.max;
	color_hex(color_new, g->newcolor);
	/* a tooltip's line needs a name: the unit's when there is no other */
	g->countname = *gr->countname ? gr->countname : unit_name(gr->unit);
}

/* The Vega-Lite spec (vega.h). */
void
vega_write_lite(const struct dopts *o, const struct graph *gr, double height)
{
	struct chart g;

	chart_init(&g, o, gr, height);
	write_vegalite(o, &g);
}

/* The Vega spec (vega.h). */
void
vega_write_spec(const struct dopts *o, const struct graph *gr, double height)
{
	struct chart g;

	chart_init(&g, o, gr, height);
	write_vega(o, &g);
}

/* The web page (vega.h). */
void
vega_write_html(const struct dopts *o, const struct graph *gr, double height, const char *vegadir)
{
	struct chart g;

	chart_init(&g, o, gr, height);
	if (vegadir)
		write_html_inline(o, &g, vegadir);
	else
		write_html(o, &g);
}
