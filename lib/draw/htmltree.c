/* htmltree.c: an input's sorted stacks walked as a tree in pre-order,
 * into a view's fields as the frames open or into a tree kept whole;
 * the page views written of them (see htmltree.h) */
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/out.h"
#include "base/util.h"
#include "draw/color.h"
#include "draw/htmlfields.h"
#include "draw/htmlnames.h"
#include "draw/htmltree.h"
#include "draw/layout.h"
#include "stack/frame.h"

/* A walk's frames go to fields f as they open, or to tree t. */
struct pwalk {
	struct pfields *f;
	struct ptree *t;
	int col;
	uint64_t stacks;	/* stacks with samples in the column drawn */
	count total[2];
};

/* A frame open in the walk: its index, and what is summed while its
 * callees come: their totals, its own samples, and (a chart) its own
 * samples since its last callee. */
struct popen {
	size_t idx;
	count tot[2], own[2], pend;
};

/* Open frame id below the frames op[0..*nop) (none: the walk's first),
 * with own samples own when written at once (a flame graph's new frame
 * is a stack's leaf or has none of its own). */
static void
w_open(struct pwalk *w, struct popen **op, size_t *nop, size_t *cap, uint32_t id, const count *own)
{
	static const count zero[2];
	struct popen *o, *parent = *nop ? &(*op)[*nop - 1] : NULL;
	uint32_t d = (uint32_t)*nop;
	struct ptree *t = w->t;
	struct lframe *f;
	count gap = zero[0];

	if (parent) {
		gap = parent->pend;
		parent->pend = zero[0];
	}
	*op = egrowarray(*op, cap, *nop + 1, sizeof(**op));
	o = &(*op)[(*nop)++];
	memset(o, 0, sizeof(*o));
	if (!t) {
		o->idx = w->f->n;
		pf_put(w->f, d, id, own, zero, gap);
		return;
	}
	o->idx = t->L.n;
	if (d > t->L.maxdepth)
		t->L.maxdepth = d;
	t->L.f = egrowarray(t->L.f, &t->L.cap, t->L.n + 1, sizeof(*t->L.f));
	t->ids = egrowarray(t->ids, &t->idcap, t->L.n + 1, sizeof(*t->ids));
	t->L.self = egrowarray(t->L.self, &t->selfcap, t->L.n + 1, sizeof(*t->L.self));
	f = &t->L.f[t->L.n];
	memset(f, 0, sizeof(*f));
	f->name = parent ? id : LF_ROOT;
	f->depth = d;
	f->x = gap;
	t->ids[t->L.n++] = id;
}

/* Close the innermost open frame: its total, added to its caller's. */
static void
w_close(struct pwalk *w, struct popen *op, size_t *nop)
{
	struct popen *o = &op[--*nop];
	struct lframe *f;
	count t[2];
	int k;

	for (k = 0; k < 2; k++) {
		t[k] = o->tot[k];
		count_add(&t[k], o->own[k]);
		if (*nop)
			count_add(&op[*nop - 1].tot[k], t[k]);
	}
	if (!w->t)
		return;
	f = &w->t->L.f[o->idx];
	memcpy(f->total, t, sizeof(t));
	for (k = 0; k < 2; k++)
		f->ends |= !count_iszero(o->own[k]) << k;
	memcpy(w->t->L.self[o->idx], o->own, sizeof(o->own));
}

/*
 * Walk stacks s[0..n) (ordered, pstack_order) as a tree in pre-order,
 * below fg's root "all" (name id allid).  A stack's counts are its
 * leaf's own samples; a stack of none opens no frame.
 */
static void
walk(struct pwalk *w, const struct pstack *s, size_t n, const uint32_t *byrank, uint32_t allid)
{
	static const count zero[2];
	struct popen *op = NULL, *leaf;
	size_t nop = 0, cap = 0, i;
	uint32_t j, l, lim = UINT32_MAX;
	int k;

	w_open(w, &op, &nop, &cap, allid, zero);
	for (i = 0; i < n; i++) {
		/* a stack of no samples is none: what the next shares with
		 * the stacks open is the least of what the two share */
		l = s[i].lcp < lim ? s[i].lcp : lim;
		if (count_iszero(s[i].c[0]) && count_iszero(s[i].c[1])) {
			lim = l;
			continue;
		}
		lim = UINT32_MAX;
		while (nop > l + 1)
			w_close(w, op, &nop);
		for (j = l; j < s[i].len; j++)
			w_open(w, &op, &nop, &cap, pstack_id(&s[i], j, byrank), j + 1 == s[i].len ? s[i].c : zero);
		leaf = &op[nop - 1];
		for (k = 0; k < 2; k++) {
			count_add(&leaf->own[k], s[i].c[k]);
			count_add(&w->total[k], s[i].c[k]);
		}
		count_add(&leaf->pend, s[i].c[w->col]);
		w->stacks += !count_iszero(s[i].c[w->col]);
	}
	while (nop)
		w_close(w, op, &nop);
	free(op);
	if (w->t) {
		w->t->L.total = w->total[w->col];
		w->t->L.timemax = count_val(w->total[w->col]);
	}
}

/* The end of the run of frame i's subtree in t. */
static size_t
run_end(const struct ptree *t, size_t i)
{
	const struct lframe *f = t->L.f;
	uint32_t d = f[i].depth;

	for (i++; i < t->L.n && f[i].depth > d; i++)
		;
	return i;
}

/* The colour index of every frame of t, computed in pre-order as
 * fg-svg does (the julia palette cycles); with the julia palette, the
 * frames under the compiler without a status of their own in the
 * compilation colour. */
uint32_t *
ptree_colors(struct html_page *p, const struct ptree *t, const struct diffscale *ds)
{
	const struct layout *L = &t->L;
	uint32_t *cycle = ecalloc((size_t)L->maxdepth + 2, sizeof(*cycle));
	uint32_t *color = ereallocarray(NULL, L->n + 1, sizeof(*color));
	unsigned char *comp = ecalloc((size_t)L->maxdepth + 2, 1);
	int julia = p->o->palette == PAL_JULIA && !ds->on;
	const struct lframe *f;
	const char *s, *annot;
	size_t i, n, alen;
	struct rgb c;

	for (i = 0; i < L->n; i++) {
		f = &L->f[i];
		s = "";
		n = 0;
		if (f->name != LF_ROOT) {
			s = intern_str(&p->names, t->ids[i]);
			n = intern_len(&p->names, t->ids[i]);
		}
		c = draw_frame_rgb(p->o, s, n, f, ds, cycle);
		if (julia && f->name != LF_ROOT) {
			comp[f->depth] = comp[f->depth - 1] || julia_compiler_entry(s, n);
			frame_strip_annot(s, n, &annot, &alen);
			if (comp[f->depth] && !annot)
				c = color_compile;
		}
		color[i] = html_color(p, c);
	}
	free(cycle);
	free(comp);
	return color;
}

/* The fields of frames a..b of tree t into f, with colours color (or none). */
static void
tree_fields(struct pfields *f, const struct ptree *t, size_t a, size_t b, const uint32_t *color)
{
	const struct lframe *L = t->L.f;
	count own[2];
	size_t i;

	for (i = a; i < b; i++) {
		memcpy(own, t->L.self[i], sizeof(own));
		if (t->left)
			count_add(&own[0], t->left[i]);
		pf_put(f, L[i].depth, t->ids[i], own, L[i].total, L[i].x);
		if (color)
			bytes_varint(&f->c, color[i]);
	}
}

void
ptree_free(struct ptree *t)
{
	free(t->L.f);
	free(t->L.self);
	free(t->ids);
	free(t->left);
}

/* What the input's header says its counts are: "unit" when fg knows
 * it, "countname" unless the command line named it, "samples" and
 * "weight2" when it says; and for a differential one, what it
 * compares (fg-diff's "baseline", "target"); in time order, what the
 * folder did with the idle time ("idle"). */
static void
write_unit(const struct html_page *p, const struct fheader *h)
{
	const char *cn;

	if (!h)
		return;
	if (h->fact[FH_UNIT] && h->unit >= 0)
		html_keystr("unit", unit_name(h->unit));
	if ((cn = h->fact[FH_COUNTNAME]) && *cn && !p->fixedname)
		html_keystr("countname", cn);
	/* the samples taken and their weights squared (a comparison's
	 * noise, fg-gate's rule, and its saved header) */
	if (!p->diff && h->fact[FH_SAMPLES])
		html_keystr("samples", h->fact[FH_SAMPLES]);
	if (!p->diff && h->fact[FH_WEIGHT2])
		html_keystr("weight2", h->fact[FH_WEIGHT2]);
	if (p->diff && h->fact[FH_BASELINE])
		html_keystr("baseline", h->fact[FH_BASELINE]);
	if (p->diff && h->fact[FH_TARGET])
		html_keystr("target", h->fact[FH_TARGET]);
	if (h->fact[FH_IDLE])
		html_keystr("idle", h->fact[FH_IDLE]);
}

/* A page view's opening: its name ("NAME: ROOT", either alone) and
 * unit. */
void
html_view_head(struct html_page *p, const char *name, const char *rootname, size_t rlen,
    const struct fheader *h)
{
	if (p->npageviews++)
		out_char(',');
	out_str("\n{");
	html_key("name");
	out_char('"');
	if (name)
		out_json(name, strlen(name));
	if (name && rootname)
		out_str(": ");
	if (rootname)
		out_json(rootname, rlen);
	out_str("\",");
	write_unit(p, h);
}

/* A view's frames, f: whether it starts at fg's root, how many stacks
 * end in it, its totals (the column drawn's; two: the baseline's too),
 * whether its widths are own samples, whether it is in time order (a
 * flame chart's: --flamechart, or its input said so), its fields. */
static void
view_frames(const struct pfields *f, int root, uint64_t stacks, const count *total, int two)
{
	if (root)
		out_str("\"root\":1,");
	if (!f->text)
		out_str("\"self\":1,");
	if (f->chart)
		out_str("\"time\":1,");
	html_key("stacks");
	out_u64(stacks);
	out_char(',');
	html_key("total");
	out_count(total[f->col]);
	if (two) {
		out_char(',');
		html_key("btotal");
		out_count(total[0]);
	}
	out_char(',');
	pf_write(f);
}

/* The frames a..b of tree t as a view's, the column col drawn, with
 * colours color (or none). */
void
ptree_view(const struct html_page *p, const struct ptree *t, size_t a, size_t b, int col,
    const uint32_t *color, int chart)
{
	struct pfields f;
	uint64_t stacks = 0;
	size_t i;

	pf_init(&f, col, col, chart, p->frac);
	tree_fields(&f, t, a, b, color);
	pf_end(&f);
	for (i = a; i < b; i++)
		stacks += t->L.f[i].ends >> col & 1;
	view_frames(&f, a == 0, stacks, t->L.f[a].total, col);
	pf_free(&f);
}

/*
 * Tree t without its frames of no samples in column col (a
 * differential input's vanished stacks, a chart's lines of none): a
 * frame's subtree goes, its baseline stays in its caller's own samples
 * as the page has them (the frame it leaves, t->left; not in those its
 * colour goes by), and a chart's gap before it joins the gap of the
 * frame after it.
 */
static void
tree_prune(struct ptree *t, int col)
{
	struct lframe *f = t->L.f;
	size_t *at = ereallocarray(NULL, (size_t)t->L.maxdepth + 2, sizeof(*at)), i, j = 0, e;
	count *carry = ecalloc((size_t)t->L.maxdepth + 2, sizeof(*carry));
	uint32_t d, md = 0;

	for (i = 0; i < t->L.n; i = e) {
		d = f[i].depth;
		e = i + 1;
		if (i && count_iszero(f[i].total[col])) {
			if (!t->left)
				t->left = ecalloc(t->L.n, sizeof(*t->left));
			count_add(&t->left[at[d - 1]], f[i].total[0]);
			count_add(&carry[d], f[i].x);
			e = run_end(t, i);
			continue;
		}
		count_add(&f[i].x, carry[d]);
		memset(&carry[d], 0, 2 * sizeof(*carry));
		f[j] = f[i];
		memcpy(t->L.self[j], t->L.self[i], sizeof(*t->L.self));
		t->ids[j] = t->ids[i];
		if (t->left)
			t->left[j] = t->left[i];
		at[d] = j++;
		if (d > md)
			md = d;
	}
	t->L.n = j;
	t->L.maxdepth = md;
	free(at);
	free(carry);
}

/* Walk stacks s[0..n) into tree t, the column col drawn; the frames of
 * no samples in it left out. */
void
ptree_walk(const struct html_page *p, struct ptree *t, const struct pstack *s, size_t n, int col)
{
	struct pwalk w = { 0 };

	memset(t, 0, sizeof(*t));
	w.t = t;
	w.col = col;
	walk(&w, s, n, p->byrank, p->allid);
	tree_prune(t, col);
}

/* The page view of one input whose frames can be written as they open
 * (a flame graph of whole counts, coloured by name), with its elided
 * view (tree e, colours ecolor) when it has one. */
void
html_view_stream(struct html_page *p, const char *name, const struct pinput *in, const struct pstack *s,
    size_t n, const struct ptree *e, const uint32_t *ecolor)
{
	struct pfields f;
	struct pwalk w = { 0 };

	pf_init(&f, p->diff, p->diff, 0, 0);
	w.f = &f;
	w.col = p->diff;
	walk(&w, s, n, p->byrank, p->allid);
	pf_end(&f);
	html_view_head(p, name, NULL, 0, &in->h);
	view_frames(&f, 1, w.stacks, w.total, p->diff);
	pf_free(&f);
	if (e) {
		out_str(",\"e\":{");
		ptree_view(p, e, 0, e->L.n, 0, ecolor, in->chart);
		out_char('}');
	}
	out_char('}');
}

/* The name of the root frame of run i of tree t, and its length. */
static const char *
run_name(const struct html_page *p, const struct ptree *t, size_t i, size_t *len)
{
	*len = intern_len(&p->names, t->ids[i]);
	return intern_str(&p->names, t->ids[i]);
}

/* One page view per root frame of tree t and of the elided tree e, in
 * the order of their names (both trees have them so); one whose
 * stacks all vanished is a page view of its elided stacks alone. */
void
ptree_split(struct html_page *p, const char *name, const struct pinput *in, const struct ptree *t,
    const uint32_t *color, const struct ptree *e, const uint32_t *ecolor)
{
	size_t i = 1, j = 1, ilen = 0, jlen = 0;
	const char *is = NULL, *js = NULL;
	int c;

	while (i < t->L.n || (e && j < e->L.n)) {
		if (i < t->L.n)
			is = run_name(p, t, i, &ilen);
		if (e && j < e->L.n)
			js = run_name(p, e, j, &jlen);
		c = i >= t->L.n ? 1 : !e || j >= e->L.n ? -1 : sibling_cmp(is, ilen, js, jlen);
		html_view_head(p, name, c <= 0 ? is : js, c <= 0 ? ilen : jlen, &in->h);
		if (c <= 0)
			ptree_view(p, t, i, run_end(t, i), p->diff, color, in->chart);
		else	/* nothing left in the target */
			out_str("\"n\":0,\"stacks\":0,\"total\":0");
		if (c >= 0) {
			out_str(",\"e\":{");
			ptree_view(p, e, j, run_end(e, j), 0, ecolor, in->chart);
			out_char('}');
		}
		out_char('}');
		if (c <= 0)
			i = run_end(t, i);
		if (c >= 0)
			j = run_end(e, j);
	}
}
