/* frames.c: a graph's frames: colour, status, box, label; amounts */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/frames.h"
#include "base/escape.h"
#include "stack/frame.h"
#include "base/util.h"

/* The colour of frame f of layout L; call in layout order (the julia
 * palette's state is cycle, one word per depth). */
static struct rgb
frame_color(const struct dopts *o, const struct layout *L, const struct lframe *f,
    const struct diffscale *ds, uint32_t *cycle)
{
	const char *s = "";
	size_t n = 0;

	if (f->name != LF_ROOT && f->name != LF_MORE)
		s = layout_name(L, f, &n);
	return draw_frame_rgb(o, s, n, f, ds, cycle);
}

size_t
draw_amount(char *buf, double v, const count *c, double factor)
{
	char num[400];
	size_t n, i, ip, lead, k = 0;

	if (c && factor == 1 && count_whole(*c)) {
		n = count_fmt(*c, num);
	} else {
		n = snprintf(num, sizeof(num), "%.2f", v * factor);
		while (num[n - 1] == '0')
			n--;
		if (num[n - 1] == '.')
			n--;
	}
	lead = num[0] == '-';
	for (ip = lead; ip < n && num[ip] != '.'; ip++)
		;
	memcpy(buf, num, lead);
	k = lead;
	for (i = lead; i < ip; i++) {
		buf[k++] = num[i];
		if (ip - i - 1 > 0 && (ip - i - 1) % 3 == 0)
			buf[k++] = ',';
	}
	memcpy(buf + k, num + ip, n - ip);
	return k + n - ip;
}

void
graph_human(struct bytes *b, const struct graph *g, double v, const count *c,
    double factor, int flags)
{
	char buf[600];
	int sign = flags & DA_SIGN && v > 0;

	if (sign)
		bytes_put(b, "+", 1);
	bytes_put(b, buf, count_human(v * factor, g->unit, buf, sizeof(buf)));
	if (*g->countname && !(flags & DA_NONAME)) {
		bytes_put(b, " ", 1);
		bytes_put(b, g->countname, strlen(g->countname));
	}
	if (flags & DA_SHORT)
		return;
	bytes_put(b, sign ? " (+" : " (", sign ? 3 : 2);
	bytes_put(b, buf, draw_amount(buf, v, c, factor));
	bytes_put(b, " ", 1);
	bytes_put(b, unit_name(g->unit), strlen(unit_name(g->unit)));
	bytes_put(b, ")", 1);
}

struct rgb
graph_color(struct graph *g, const struct dopts *o, int v, size_t i)
{
	struct graphview *w = &g->v[v];
	const struct lframe *f = &w->L.f[i];
	const char *s, *annot;
	size_t n, alen;
	struct rgb c = frame_color(o, &w->L, f, &w->ds, w->cycle);

	if (o->palette != PAL_JULIA || w->ds.on || !f->depth)
		return c;
	w->comp[f->depth] = 0;
	if (f->name == LF_MORE)
		return c;
	s = layout_name(&w->L, f, &n);
	w->comp[f->depth] = w->comp[f->depth - 1] || julia_compiler_entry(s, n);
	frame_strip_annot(s, n, &annot, &alen);
	return w->comp[f->depth] && !annot ? color_compile : c;
}

const char *
graph_status(const struct graph *g, const struct dopts *o, int v, size_t i)
{
	const struct graphview *w = &g->v[v];
	const struct lframe *f = &w->L.f[i];
	const char *s, *annot;
	size_t n, alen;

	if (o->palette != PAL_JULIA || w->ds.on || !f->depth || f->name == LF_MORE)
		return NULL;
	s = layout_name(&w->L, f, &n);
	frame_strip_annot(s, n, &annot, &alen);
	if (annot && alen == 2 && !memcmp(annot, "dg", 2))
		return "runtime dispatch, garbage collection";
	if (annot && alen == 1 && (*annot == 'd' || *annot == 'g'))
		return *annot == 'd' ? "runtime dispatch" : "garbage collection";
	return !annot && w->comp[f->depth] ? "compilation" : NULL;
}

/* fg-svg writes x with one decimal; the same rounding here keeps the
 * boxes of the two on the same pixels. */
static double
tenths(double v)
{
	char buf[64];
	uint64_t n;

	if (fmt_scaled(v, 1, &n))
		return n / 10.0;
	snprintf(buf, sizeof(buf), "%.1f", v);
	return atof(buf);
}

double
graph_y(const struct graph *g, const struct dopts *o, uint32_t d)
{
	if (o->inverted)
		return g->ypad1 + g->ypad3 + d * g->fh;
	return g->H - g->ypad2 - (d + 1) * g->fh + 1;
}

void
graph_box(const struct graph *g, const struct dopts *o, int v, size_t i,
    double *x0, double *x1, double *y)
{
	const struct lframe *f = &g->v[v].L.f[i];
	double wpt = g->v[v].wpt;

	*x0 = tenths(DRAW_XPAD + count_val(f->x) * wpt);
	*x1 = tenths(DRAW_XPAD + layout_end(&g->v[v].L, f) * wpt);
	*y = graph_y(g, o, f->depth);
}

void
graph_label(const struct graph *g, int v, size_t i, const char **s, size_t *n, char buf[48])
{
	const struct layout *L = &g->v[v].L;
	const struct lframe *f = &L->f[i];
	const char *annot;
	size_t alen;

	if (f->name == LF_MORE) {
		*n = snprintf(buf, 48, "+%lu more", (unsigned long)f->nmore);
		*s = buf;
		return;
	}
	*s = layout_name(L, f, n);
	if (f->name != LF_ROOT)
		*n = frame_strip_annot(*s, *n, &annot, &alen);
}

int
draw_label_fit(const char *s, size_t *n, double px, double cw, int *dots)
{
	size_t chars = (size_t)(px / cw);

	*dots = 0;
	if (chars < 3)
		return 0;
	if (chars < utf8_chars(s, *n)) {
		*dots = 1;
		*n = utf8_prefix(s, *n, chars - 2);
	}
	return 1;
}
