/* htmlfields.c: a page view's fields packed, and written as the page's
 * digits (see htmlfields.h) */
#include <stdlib.h>
#include <string.h>

#include "base/bytes.h"
#include "base/count.h"
#include "base/deflate.h"
#include "base/hash.h"
#include "base/htab.h"
#include "base/out.h"
#include "base/util.h"
#include "draw/htmlfields.h"

void
html_key(const char *k)
{
	out_char('"');
	out_str(k);
	out_str("\":");
}

void
html_keystr(const char *k, const char *v)
{
	html_key(k);
	if (v)
		out_jsonstr(v, strlen(v));
	else
		out_str("null");
	out_char(',');
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

static void
seen_init(struct seen *t)
{
	memset(t, 0, sizeof(*t));
	htab_init(&t->tab, 512);
}

/* The place of (ctx, id) in the list of pairs (added if new), one
 * frame more counted of it. */
static uint32_t
seen_pair(struct seen *t, uint32_t ctx, uint32_t id)
{
	struct hprobe pr;
	uint32_t i;

	for (htab_probe(&t->tab, &pr, hash_mix((uint64_t)ctx << 32 | id));
	    (i = htab_next(&t->tab, &pr)) != HTAB_NONE;)
		if (t->pair[i].ctx == ctx && t->pair[i].id == id) {
			t->pair[i].frames++;
			return i;
		}
	t->pair = egrowarray(t->pair, &t->cap, t->n + 1, sizeof(*t->pair));
	t->pair[t->n] = (struct pair){ 1, ctx, id, 0 };
	htab_put(&t->tab, &pr, (uint32_t)t->n);
	return t->n++;
}

/* Pairs by context, the most frames first, then as first seen: a
 * qsort_r comparator of places in the list (arg). */
static int
byframes(const void *a, const void *b, void *arg)
{
	const struct pair *p = arg, *x = &p[*(const uint32_t *)a], *y = &p[*(const uint32_t *)b];

	if (x->ctx != y->ctx)
		return x->ctx < y->ctx ? -1 : 1;
	if (x->frames != y->frames)
		return x->frames > y->frames ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Each pair's rank in its context (the most frames first) set, and into
 * b: for each context from first to last, how many names it has, then
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
		for (j = i; j < t->n && t->pair[o[j]].ctx == d; j++)
			;
		bytes_varint(b, j - i);
		for (r = 0; i < j; i++, r++) {
			t->pair[o[i]].rank = r;
			bytes_varint(b, t->pair[o[i]].id);
		}
	}
	free(o);
}

/* Frame n's name id in context ctx, in model m. */
static void
model_put(struct pmodel *m, size_t n, uint32_t ctx, uint32_t id)
{
	uint32_t k = seen_pair(&m->seen, ctx, id);

	m->pair = egrowarray(m->pair, &m->paircap, n + 1, sizeof(*m->pair));
	m->pair[n] = k < PAIRFAR ? k : PAIRFAR;
	if (k >= PAIRFAR) {
		m->far = egrowarray(m->far, &m->farcap, m->nfar + 1, sizeof(*m->far));
		m->far[m->nfar++] = k;
	}
}

static void
model_free(struct pmodel *m)
{
	htab_free(&m->seen.tab);
	free(m->seen.pair);
	free(m->pair);
	free(m->far);
	memset(m, 0, sizeof(*m));
}

void
pf_init(struct pfields *f, int col, int two, int chart, int text)
{
	memset(f, 0, sizeof(*f));
	f->col = col;
	f->two = two;
	f->chart = chart;
	f->text = text;
	seen_init(&f->m[0].seen);
	seen_init(&f->m[1].seen);
	f->nctx = 1;
	f->bycaller = -1;
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

/* The caller list of a frame d deeper than the view's first and named
 * id (the names above it in f->up): 0 at the first's depth, else its
 * caller's, a new one if its caller called none before. */
static uint32_t
pf_caller(struct pfields *f, uint32_t d, uint32_t id)
{
	size_t old = f->ctxcap;
	uint32_t c;

	f->up = egrowarray(f->up, &f->upcap, (size_t)d + 1, sizeof(*f->up));
	f->up[d] = id;
	if (!d)
		return 0;
	c = f->up[d - 1];
	f->ctx = egrowarray(f->ctx, &f->ctxcap, (size_t)c + 1, sizeof(*f->ctx));
	memset(f->ctx + old, 0, (f->ctxcap - old) * sizeof(*f->ctx));
	if (!f->ctx[c])
		f->ctx[c] = f->nctx++;
	return f->ctx[c];
}

/*
 * What the names coded in lists of the contexts below nctx (from first)
 * of t would cost, about, in bits: each frame's rank as wide as its
 * list's length needs, and two bytes an entry of the lists (no sort:
 * deflate does better where ranks repeat, as both models' do).
 */
static uint64_t
seen_cost(const struct seen *t, uint32_t first, uint32_t nctx)
{
	uint64_t *frames = ecalloc((size_t)nctx + 1, sizeof(*frames)), bits = 16 * (uint64_t)t->n;
	uint32_t *names = ecalloc((size_t)nctx + 1, sizeof(*names)), c, w;
	size_t i;

	for (i = 0; i < t->n; i++) {
		c = t->pair[i].ctx - first;
		frames[c] += t->pair[i].frames;
		names[c]++;
	}
	for (c = 0; c < nctx; c++) {
		for (w = 0; names[c] >> w > 1; w++)
			;
		bits += frames[c] * (w + (names[c] > 1u << w));
	}
	free(frames);
	free(names);
	return bits;
}

/* The model of the names that codes those so far smaller kept, the
 * other dropped. */
#define DECIDE (1u << 17)
static void
pf_choose(struct pfields *f)
{
	uint64_t d = seen_cost(&f->m[0].seen, f->first, f->maxdepth - f->first + 1);

	f->bycaller = seen_cost(&f->m[1].seen, 0, f->nctx) < d;
	model_free(&f->m[!f->bycaller]);
}

/* Frame depth, name id, own samples own, total tot (text pages), gap,
 * written. */
void
pf_put(struct pfields *f, uint32_t depth, uint32_t id, const count *own, const count *tot, count gap)
{
	uint32_t step = f->prev + 1 - depth;

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
	if (f->bycaller <= 0)
		model_put(&f->m[0], f->n, depth, id);
	if (f->bycaller != 0)
		model_put(&f->m[1], f->n, pf_caller(f, depth - f->first, id), id);
	if (f->text) {
		put_count(&f->w[0], tot[f->col], 1);
		if (f->two)
			put_count(&f->b[0], tot[0], 1);
	}
	memcpy(f->own, own, sizeof(f->own));
	if (f->chart)
		put_count(&f->g, gap, f->text);
	if (++f->n == DECIDE)
		pf_choose(f);
}

/* The rank of frame i's name in its list (seen_rank's), in model m,
 * *far the next of m->far (the frames are taken in order). */
static uint32_t
pf_rank(const struct pmodel *m, size_t i, size_t *far)
{
	return m->seen.pair[m->pair[i] < PAIRFAR ? m->pair[i] : m->far[(*far)++]].rank;
}

/* The names' field, of the model that codes them smaller (chosen at
 * the end, or at DECIDE frames to spare the memory of two): its lists,
 * then a byte a frame, its rank or from RANKFAR on RANKFAR, then the
 * rest of those ranks from RANKFAR as varints, in one piece (a byte
 * of the rank that tells whether there is more, where a low byte and
 * a high one apart lose what the one says of the other). */
#define RANKFAR 255
static void
pf_names(struct pfields *f)
{
	struct pmodel *m;
	size_t i, far = 0, hi = 0, at;
	unsigned char *p;
	uint32_t r;

	if (f->bycaller < 0)
		pf_choose(f);
	m = &f->m[f->bycaller];
	if (f->bycaller) {
		bytes_varint(&f->f, f->nctx);
		seen_rank(&m->seen, 0, f->nctx - 1, &f->f);
	} else {
		seen_rank(&m->seen, f->first, f->maxdepth, &f->f);
	}
	for (i = 0; i < f->n; i++)
		if ((r = pf_rank(m, i, &far)) >= RANKFAR)
			hi += varint_len(r - RANKFAR);
	at = f->f.n;
	f->f.p = egrowarray(f->f.p, &f->f.cap, at + f->n + hi, 1);
	f->f.n = at + f->n + hi;
	p = f->f.p + at;
	for (i = 0, far = 0; i < f->n; i++)
		p[i] = (r = pf_rank(m, i, &far)) < RANKFAR ? r : RANKFAR;
	p += f->n;
	for (i = 0, far = 0; i < f->n; i++)
		if ((r = pf_rank(m, i, &far)) >= RANKFAR)
			p += varint_enc(p, r - RANKFAR);
	model_free(m);
}

/* The fields complete: the names, the last run, the last frame's own
 * samples (a leaf's), each column's leaves then the other frames. */
void
pf_end(struct pfields *f)
{
	if (!f->n)
		return;
	pf_names(f);
	bytes_varint(&f->d, f->run);
	if (f->text)
		return;
	pf_own(f, 1);
	f->wl = f->w[0].n;
	f->bl = f->b[0].n;
	bytes_put(&f->w[0], f->w[1].p, f->w[1].n);
	bytes_put(&f->b[0], f->b[1].p, f->b[1].n);
}

void
pf_free(struct pfields *f)
{
	int k;

	bytes_free(&f->d);
	bytes_free(&f->f);
	for (k = 0; k < 2; k++) {
		model_free(&f->m[k]);
		bytes_free(&f->w[k]);
		bytes_free(&f->b[k]);
	}
	free(f->up);
	free(f->ctx);
	bytes_free(&f->g);
	bytes_free(&f->c);
}

/* A field's bytes: deflated (zlib framing), as the page's digits, "k":[n,"..."]
 * (text as it is); p[0..n), then q[0..m) after it. */
void
html_field(const char *k, const struct bytes *a, const struct bytes *b, int text)
{
	struct bytes raw = { 0 }, z = { 0 };

	out_char(',');
	html_key(k);
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
void
pf_write(const struct pfields *f)
{
	html_key("n");
	out_u64(f->n);
	out_printf(",\"maxdepth\":%u", f->n ? f->maxdepth - f->first : 0);
	if (f->bycaller == 1)
		out_str(",\"fc\":1");
	if (!f->text)
		out_printf(",\"wl\":%zu,\"bl\":%zu", f->wl, f->bl);
	html_field("d", &f->d, NULL, 0);
	html_field("f", &f->f, NULL, 0);
	html_field("w", &f->w[0], NULL, f->text);
	if (f->two)
		html_field("b", &f->b[0], NULL, f->text);
	if (f->chart)
		html_field("g", &f->g, NULL, f->text);
	if (f->c.n)
		html_field("c", &f->c, NULL, 0);
}
