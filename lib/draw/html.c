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

/*
 * The page's bytes as text: a bit string, most significant bit first,
 * cut into digits of 7, 13 or 19 bits, each a character that needs no
 * escape in JSON or HTML.  A 7-bit value v below 92 is the printable
 * ASCII character ascii7[v]; from 92 to 120 it begins a 13-bit digit,
 * v << 6 and 6 bits more, which is a 2-byte UTF-8 character from
 * U+00A0 (the controls and format characters passed); from 121 to 127
 * a 19-bit digit, v << 12 and 12 bits more, a 3-byte UTF-8 character
 * from U+3000.  At 6.75 bits a byte of page for compressed bytes,
 * against base 85's 6.4.  The last digit is padded with zero bits.
 */
static const char ascii7[] = " !#$%&'()*+,-./0123456789:;=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~";

/* The code point of 2-byte digit k (0..1855): from U+00A0 on, but for
 * the format characters U+00AD, U+0600-U+0605, U+061C, U+06DD and
 * U+070F, each passed as the code reaches it. */
static uint32_t
digit2(uint32_t k)
{
	uint32_t c = 0xa0 + k;

	if (c >= 0xad)
		c++;
	if (c >= 0x600) {
		c += 6;
		c += c >= 0x61c;
		c += c >= 0x6dd;
		c += c >= 0x70f;
	}
	return c;
}

/* The bytes p[0..n) as the page's digits: [n,"digits"].  The bits go
 * through acc, nb of them not yet written (those above are dropped as
 * it shifts); zeros past the end. */
static void
out_digits(const unsigned char *p, size_t n)
{
	uint64_t acc = 0, used = 0, end = (uint64_t)n * 8;
	uint32_t v, c, w;
	size_t i = 0, k = 0;
	int nb = 0;
	char buf[4096];

	out_char('[');
	out_u64(n);
	out_str(",\"");
	while (used < end) {
		for (; nb < 19; nb += 8)
			acc = acc << 8 | (i < n ? p[i++] : 0);
		v = acc >> (nb - 7) & 127;
		if (v < 92) {
			buf[k++] = ascii7[v];
			w = 7;
		} else if (v < 121) {
			c = digit2((acc >> (nb - 13) & 8191) - (92 << 6));
			buf[k++] = 0xc0 | c >> 6;
			buf[k++] = 0x80 | (c & 63);
			w = 13;
		} else {
			c = 0x3000 + ((acc >> (nb - 19) & 0x7ffff) - (121 << 12));
			buf[k++] = 0xe0 | c >> 12;
			buf[k++] = 0x80 | (c >> 6 & 63);
			buf[k++] = 0x80 | (c & 63);
			w = 19;
		}
		nb -= w;
		used += w;
		if (k > sizeof(buf) - 3) {
			out_mem(buf, k);
			k = 0;
		}
	}
	out_mem(buf, k);
	out_str("\"]");
}

/* A count of a field: a varint, or on a page of decimal counts (text)
 * the number as text and a comma. */
static void
put_count(struct bytes *b, count c, int text)
{
	char buf[400];

	if (!text) {
		bytes_varint(b, c.u);
		return;
	}
	bytes_put(b, buf, count_fmt(c, buf));
	bytes_put(b, ",", 1);
}

/*
 * The names seen at each depth of a page view, for the name codes:
 * (depth, id) pairs in an open-addressed table, each with its place in
 * the pairs' list (in the order first seen), which has each pair's
 * depth, id and frames.
 */
struct seen {
	uint64_t *key;		/* (depth << 32 | id) + 1, 0 empty */
	uint32_t *at;		/* the pair's place in the list */
	size_t mask, n;
	struct pair {
		uint64_t frames;
		uint32_t depth, id, rank;
	} *pair;
	size_t cap;
};

static void
seen_init(struct seen *t)
{
	memset(t, 0, sizeof(*t));
	t->mask = 1023;
	t->key = ecalloc(t->mask + 1, sizeof(*t->key));
	t->at = ereallocarray(NULL, t->mask + 1, sizeof(*t->at));
}

/* The slot of key k in t: k's, or the empty one it goes to. */
static size_t
seen_slot(const struct seen *t, uint64_t k)
{
	size_t i = (k * 0x9e3779b97f4a7c15u) >> 20 & t->mask;

	while (t->key[i] && t->key[i] != k)
		i = (i + 1) & t->mask;
	return i;
}

static void
seen_grow(struct seen *t)
{
	struct seen g = *t;
	size_t i, j;

	g.mask = t->mask * 2 + 1;
	g.key = ecalloc(g.mask + 1, sizeof(*g.key));
	g.at = ereallocarray(NULL, g.mask + 1, sizeof(*g.at));
	for (i = 0; i <= t->mask; i++) {
		if (!t->key[i])
			continue;
		j = seen_slot(&g, t->key[i]);
		g.key[j] = t->key[i];
		g.at[j] = t->at[i];
	}
	free(t->key);
	free(t->at);
	*t = g;
}

/* The place of (depth, id) in the list of pairs (added if new), one
 * frame more counted of it. */
static uint32_t
seen_pair(struct seen *t, uint32_t depth, uint32_t id)
{
	uint64_t k = ((uint64_t)depth << 32 | id) + 1;
	size_t i = seen_slot(t, k);

	if (!t->key[i]) {
		t->pair = egrowarray(t->pair, &t->cap, t->n + 1, sizeof(*t->pair));
		t->pair[t->n] = (struct pair){ 0, depth, id, 0 };
		t->key[i] = k;
		t->at[i] = t->n++;
		if (t->n * 2 > t->mask)
			seen_grow(t);
		i = seen_slot(t, k);
	}
	t->pair[t->at[i]].frames++;
	return t->at[i];
}

/* Pairs by depth, the most frames first, then as first seen: a qsort_r
 * comparator of places in the list (arg). */
static int
byframes(const void *a, const void *b, void *arg)
{
	const struct pair *p = arg, *x = &p[*(const uint32_t *)a], *y = &p[*(const uint32_t *)b];

	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	if (x->frames != y->frames)
		return x->frames > y->frames ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Each pair's rank in its depth (the most frames first) set, and into
 * b: for each depth from first to last, how many names it has, then
 * their ids by rank. */
static void
seen_rank(struct seen *t, uint32_t first, uint32_t last, struct bytes *b)
{
	uint32_t *o = ereallocarray(NULL, t->n + 1, sizeof(*o)), d, r = 0;
	size_t i, j;

	for (i = 0; i < t->n; i++)
		o[i] = i;
	qsort_r(o, t->n, sizeof(*o), byframes, t->pair);
	for (i = 0, d = first; d <= last; d++) {
		for (j = i; j < t->n && t->pair[o[j]].depth == d; j++)
			;
		bytes_varint(b, j - i);
		for (r = 0; i < j; i++, r++) {
			t->pair[o[i]].rank = r;
			bytes_varint(b, t->pair[o[i]].id);
		}
	}
	free(o);
}

static void
seen_free(struct seen *t)
{
	free(t->key);
	free(t->at);
	free(t->pair);
}

/*
 * A page view's fields, written a frame at a time in pre-order:
 *   d  the tree's shape: the depth steps from each frame to the next
 *      (0 one deeper, 1 a sibling, j + 1 j levels up), as runs, a run
 *      a number of frames one deeper each then the step of the frame
 *      after them, and at the end the last run's number;
 *   f  the names: for each depth from the first frame's to the
 *      deepest, how many names it has and their page ids, the name of
 *      most frames there first (a depth's callers are few of all the
 *      names); then each frame's name as its rank in its depth's list,
 *      in two parts, the rank's low byte for every frame, then the rest
 *      (rank >> 8, mostly 0) as a varint for every frame;
 *   w  the own samples of the column drawn, the leaves' first (a leaf:
 *      no frame one deeper follows it; "wl" says where they end), then
 *      the others' (mostly 0);
 *   b  the same of the baseline, on differential input;
 *   g  in a flame chart, each frame's gap (its caller's own samples
 *      just before it, in input order);
 *   c  when colours go by frame, each one's colour index.
 * Numbers are varints.  On a page of decimal counts, w, b and g are
 * totals as text, each number followed by a comma, in frame order.
 */
#define PAIRFAR 65535	/* pfields' pair: the place is in far */
struct pfields {
	int col;		/* the column drawn: 1 on differential input, else 0 */
	int two;		/* the baseline's column too */
	int chart, text;
	struct bytes d, f, w[2], b[2], g, c;
	uint16_t *pair;		/* each frame's (depth, name): its place in seen's list, */
	uint32_t *far;		/* or PAIRFAR and the place next in far (rare) */
	size_t paircap, nfar, farcap;
	uint32_t prev;		/* the depth of the frame before */
	uint32_t first, maxdepth;	/* the first frame's depth, the deepest's */
	size_t wl, bl;		/* the bytes of w's and b's leaves */
	uint64_t run;		/* frames one deeper each since the last step */
	count own[2];		/* the frame before's own samples, while it may be a leaf */
	struct seen seen;
	size_t n;
};

static void
pf_init(struct pfields *f, int col, int two, int chart, int text)
{
	memset(f, 0, sizeof(*f));
	f->col = col;
	f->two = two;
	f->chart = chart;
	f->text = text;
	seen_init(&f->seen);
}

/* The own samples of the frame before, a leaf or not: the part of w
 * (and b) they go to. */
static void
pf_own(struct pfields *f, int leaf)
{
	int k = !leaf;

	put_count(&f->w[k], f->own[f->col], 0);
	if (f->two)
		put_count(&f->b[k], f->own[0], 0);
}

/* Frame depth, name id, own samples own, total tot (text pages), gap,
 * written. */
static void
pf_put(struct pfields *f, uint32_t depth, uint32_t id, const count *own, const count *tot, count gap)
{
	uint32_t step = f->prev + 1 - depth, k;

	if (f->n && !step) {
		f->run++;
	} else if (f->n) {
		bytes_varint(&f->d, f->run);
		bytes_varint(&f->d, step);
		f->run = 0;
	}
	if (f->n && !f->text)
		pf_own(f, step > 0);
	if (!f->n)
		f->first = depth;
	f->prev = depth;
	if (depth > f->maxdepth)
		f->maxdepth = depth;
	f->pair = egrowarray(f->pair, &f->paircap, f->n + 1, sizeof(*f->pair));
	k = seen_pair(&f->seen, depth, id);
	f->pair[f->n] = k < PAIRFAR ? k : PAIRFAR;
	if (k >= PAIRFAR) {
		f->far = egrowarray(f->far, &f->farcap, f->nfar + 1, sizeof(*f->far));
		f->far[f->nfar++] = k;
	}
	if (f->text) {
		put_count(&f->w[0], tot[f->col], 1);
		if (f->two)
			put_count(&f->b[0], tot[0], 1);
	}
	memcpy(f->own, own, sizeof(f->own));
	if (f->chart)
		put_count(&f->g, gap, f->text);
	f->n++;
}

/* The fields complete: the last run, the last frame's own samples (a
 * leaf's), each column's leaves then the other frames. */
/* The rank of frame i's name in its depth (seen_rank's), *far the
 * next of f->far (the frames are taken in order). */
static uint32_t
pf_rank(const struct pfields *f, size_t i, size_t *far)
{
	return f->seen.pair[f->pair[i] < PAIRFAR ? f->pair[i] : f->far[(*far)++]].rank;
}

static void
pf_end(struct pfields *f)
{
	size_t i, far = 0, hi = 0, at;
	unsigned char *p;

	if (!f->n)
		return;
	seen_rank(&f->seen, f->first, f->maxdepth, &f->f);
	/* the ranks' low bytes, then the rest as varints, in one piece */
	for (i = 0; i < f->n; i++)
		hi += varint_len(pf_rank(f, i, &far) >> 8);
	at = f->f.n;
	f->f.p = egrowarray(f->f.p, &f->f.cap, at + f->n + hi, 1);
	f->f.n = at + f->n + hi;
	p = f->f.p + at;
	for (i = 0, far = 0; i < f->n; i++)
		p[i] = pf_rank(f, i, &far) & 255;
	p += f->n;
	for (i = 0, far = 0; i < f->n; i++)
		p += varint_enc(p, pf_rank(f, i, &far) >> 8);
	bytes_varint(&f->d, f->run);
	if (f->text)
		return;
	pf_own(f, 1);
	f->wl = f->w[0].n;
	f->bl = f->b[0].n;
	bytes_put(&f->w[0], f->w[1].p, f->w[1].n);
	bytes_put(&f->b[0], f->b[1].p, f->b[1].n);
}

static void
pf_free(struct pfields *f)
{
	int k;

	bytes_free(&f->d);
	bytes_free(&f->f);
	free(f->pair);
	free(f->far);
	for (k = 0; k < 2; k++) {
		bytes_free(&f->w[k]);
		bytes_free(&f->b[k]);
	}
	bytes_free(&f->g);
	bytes_free(&f->c);
	seen_free(&f->seen);
}

/* A field's bytes: deflated (zlib framing), as the page's digits, "k":[n,"..."]
 * (text as it is); p[0..n), then q[0..m) after it. */
static void
out_field(const char *k, const struct bytes *a, const struct bytes *b, int text)
{
	struct bytes raw = { 0 }, z = { 0 };

	out_char(',');
	key(k);
	if (text) {
		out_char('"');
		out_mem(a->p, a->n);
		out_char('"');
	} else {
		if (b && b->n) {
			bytes_put(&raw, a->p, a->n);
			bytes_put(&raw, b->p, b->n);
			a = &raw;
		}
		zlib_compress(&z, a->p, a->n);
		out_digits(z.p, z.n);
	}
	bytes_free(&raw);
	bytes_free(&z);
}

/* The fields written out (pf_end first), and their frames' number, the
 * deepest's depth (the frames' from the first's), and where w's and
 * b's leaves end. */
static void
pf_write(const struct pfields *f)
{
	key("n");
	out_u64(f->n);
	out_printf(",\"maxdepth\":%u", f->n ? f->maxdepth - f->first : 0);
	if (!f->text)
		out_printf(",\"wl\":%zu,\"bl\":%zu", f->wl, f->bl);
	out_field("d", &f->d, NULL, 0);
	out_field("f", &f->f, NULL, 0);
	out_field("w", &f->w[0], NULL, f->text);
	if (f->two)
		out_field("b", &f->b[0], NULL, f->text);
	if (f->chart)
		out_field("g", &f->g, NULL, f->text);
	if (f->c.n)
		out_field("c", &f->c, NULL, 0);
}

/*
 * A tree kept whole, for the views whose fields cannot be written as
 * their frames open: a flame chart's (a frame's own samples come as
 * its stacks come back to it), a page of decimal counts' (it writes
 * totals), one coloured by frame (a differential frame's colour is its
 * change), a page of split views (their colours' scale is the whole
 * input's).  Frames as layout.h's (the gap in x), and their page ids.
 */
struct ptree {
	struct layout L;	/* own samples in L.self */
	uint32_t *ids;
	size_t idcap, selfcap;
	count *left;		/* baselines left by the frames pruned (or NULL) */
};

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
static uint32_t *
tree_colors(struct html_page *p, const struct ptree *t, const struct diffscale *ds)
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
		color[i] = color_index(p, c);
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

static void
tree_free(struct ptree *t)
{
	free(t->L.f);
	free(t->L.self);
	free(t->ids);
	free(t->left);
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

/* A page view's opening: its name ("NAME: ROOT", either alone) and
 * unit. */
static void
view_head(struct html_page *p, const char *name, const char *rootname, size_t rlen,
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
	key("stacks");
	out_u64(stacks);
	out_char(',');
	key("total");
	out_count(total[f->col]);
	if (two) {
		out_char(',');
		key("btotal");
		out_count(total[0]);
	}
	out_char(',');
	pf_write(f);
}

/* The frames a..b of tree t as a view's, the column col drawn, with
 * colours color (or none). */
static void
tree_view(const struct html_page *p, const struct ptree *t, size_t a, size_t b, int col,
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
static void
tree_walk(const struct html_page *p, struct ptree *t, const struct pstack *s, size_t n, int col)
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
static void
stream_view(struct html_page *p, const char *name, const struct pinput *in, const struct pstack *s,
    size_t n, const struct ptree *e, const uint32_t *ecolor)
{
	struct pfields f;
	struct pwalk w = { 0 };

	pf_init(&f, p->diff, p->diff, 0, 0);
	w.f = &f;
	w.col = p->diff;
	walk(&w, s, n, p->byrank, p->allid);
	pf_end(&f);
	view_head(p, name, NULL, 0, &in->h);
	view_frames(&f, 1, w.stacks, w.total, p->diff);
	pf_free(&f);
	if (e) {
		out_str(",\"e\":{");
		tree_view(p, e, 0, e->L.n, 0, ecolor, in->chart);
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
static void
split_views(struct html_page *p, const char *name, const struct pinput *in, const struct ptree *t,
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
		view_head(p, name, c <= 0 ? is : js, c <= 0 ? ilen : jlen, &in->h);
		if (c <= 0)
			tree_view(p, t, i, run_end(t, i), p->diff, color, in->chart);
		else	/* nothing left in the target */
			out_str("\"n\":0,\"stacks\":0,\"total\":0");
		if (c >= 0) {
			out_str(",\"e\":{");
			tree_view(p, e, j, run_end(e, j), 0, ecolor, in->chart);
			out_char('}');
		}
		out_char('}');
		if (c <= 0)
			i = run_end(t, i);
		if (c >= 0)
			j = run_end(e, j);
	}
}

void
html_input(struct html_page *p, const char *name, struct pinput *in, int split)
{
	struct diffscale ds = { 0 }, eds = { 0 };
	struct ptree t, e;
	struct pstack *s, *es = NULL;
	uint32_t *color = NULL, *ecolor = NULL;
	size_t n, en = 0;
	int stored = split || in->chart || p->frac || p->pernode;

	s = pstack_order(&in->st[0], in->chart, p->rank, p->lead, &n);
	if (p->diff)
		es = pstack_order(&in->st[1], in->chart, p->rank, p->lead, &en);
	if (en) {
		tree_walk(p, &e, es, en, 0);
		eds.on = 1;
		eds.max = e.L.timemax;
		ecolor = tree_colors(p, &e, &eds);
	}
	if (!stored) {
		stream_view(p, name, in, s, n, en ? &e : NULL, ecolor);
	} else {
		tree_walk(p, &t, s, n, p->diff);
		ds.on = p->diff;
		ds.self = p->o->deltaself;
		if (p->diff)
			draw_diff_scale(&ds, &t.L, p->o);
		if (p->pernode)
			color = tree_colors(p, &t, &ds);
		if (!split) {
			view_head(p, name, NULL, 0, &in->h);
			tree_view(p, &t, 0, t.L.n, p->diff, color, in->chart);
			if (en) {
				out_str(",\"e\":{");
				tree_view(p, &e, 0, e.L.n, 0, ecolor, in->chart);
				out_char('}');
			}
			out_char('}');
		} else {
			split_views(p, name, in, &t, color, en ? &e : NULL, ecolor);
		}
		tree_free(&t);
		free(color);
	}
	if (en)
		tree_free(&e);
	free(ecolor);
}

void
html_init(struct html_page *p, int rooted)
{
	intern_init(&p->names);
	intern_init(&p->colors);
	p->rooted = rooted;
	if (rooted)
		p->allid = intern(&p->names, "all", 3);
}

void
html_order(struct html_page *p)
{
	uint32_t i;

	p->rank = intern_ranks(&p->names);
	p->byrank = ereallocarray(NULL, p->names.n + 1, sizeof(*p->byrank));
	for (i = 0; i < p->names.n; i++)
		p->byrank[p->rank[i]] = i;
	p->lead = pstack_lead(&p->names, p->byrank);
}

void
html_begin(struct html_page *p, const struct dopts *o)
{
	p->o = o;
	if (!p->unit)
		p->unit = "count";
	p->pernode = p->diff || o->palette == PAL_JULIA;
	out_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	    "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; worker-src blob:\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	    "<meta name=\"generator\" content=\"fg-html " FG_VERSION "\">\n<title>");
	out_xml(o->title, strlen(o->title));
	out_str("</title>\n<style>\n");
	out_str(html_css);
	out_str("</style>\n</head>\n<body>\n<noscript>This flame graph needs JavaScript.</noscript>\n"
	    "<script type=\"application/json\" id=\"fg-data\">\n{\"views\":[");
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
		p->namecolor[i] = color_index(p, draw_frame_rgb(p->o, s, n, &f, &off, cycle));
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
	out_field("names", &all, NULL, 0);
	out_str(",\n");
	bytes_free(&all);
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
	if (!p->pernode)
		name_colors(p);
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
	free(p->rank);
	free(p->byrank);
	free(p->lead);
}
