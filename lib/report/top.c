/* top.c: fg-top's reports, rows and tree (see top.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/escape.h"
#include "base/hash.h"
#include "base/htab.h"
#include "base/out.h"
#include "base/util.h"
#include "report/top.h"
#include "stack/frame.h"

/* Annotations (_[k], _[dg]...) are shown as flags, one letter each. */
static const char FLAG_LETTERS[] = "kjiwdg";
#define NFLAGS 6

/* --tree: past this depth the indentation stops growing and the depth
 * is printed instead, so output stays linear in the depth. */
#define TREE_INDENT_MAX 40

/* The key frame f[0..n) counts under, by tp->by: at *k, of the length
 * returned. */
static size_t
top_key(const struct top *tp, const char *f, size_t n, const char **k)
{
	const char *file, *annot;
	size_t flen, alen;

	*k = f;
	switch (tp->by) {
	case BY_FUNCTION:
		return frame_funclen(f, n);
	case BY_FILE:
		if (frame_file(f, n, &file, &flen)) {
			*k = file;
			return flen;
		}
		return frame_strip_annot(f, n, &annot, &alen);
	}
	return n;
}

/* Key id's row, made (zeroed) with those below it when new. */
static struct row *
row_for(struct top *tp, uint32_t id)
{
	if (id >= tp->nrow) {
		tp->row = egrowarray(tp->row, &tp->rowcap, (size_t)id + 1, sizeof(*tp->row));
		memset(tp->row + tp->nrow, 0, (id + 1 - tp->nrow) * sizeof(*tp->row));
		tp->nrow = id + 1;
	}
	return &tp->row[id];
}

/* The flags of frame f[0..n): a bit per annotation letter. */
static unsigned
frame_flags(const char *f, size_t n)
{
	const char *annot, *l;
	size_t alen, i;
	unsigned flags = 0;

	frame_strip_annot(f, n, &annot, &alen);
	for (i = 0; i < alen; i++)
		if ((l = strchr(FLAG_LETTERS, annot[i])))
			flags |= 1u << (l - FLAG_LETTERS);
	return flags;
}

/* flags as letters into buf (at least NFLAGS + 1 bytes) */
static void
flag_text(unsigned flags, char *buf)
{
	int i, n = 0;

	for (i = 0; i < NFLAGS; i++)
		if (flags & 1u << i)
			buf[n++] = FLAG_LETTERS[i];
	buf[n] = 0;
}

/*
 * What top_keys remembers, so that a line interns only what it does not
 * share with lines before it: each distinct frame text (raw; by frame
 * the keys are the frames themselves) with its key, the last line
 * interned with its frames' ends and ids (sorted input: a line begins
 * with frames of the one before), and each distinct stack as its
 * frames' ids (unsorted input repeats stacks; a line is the same stack
 * when its frames are those texts, so no copy of the line is kept).  A
 * key depends on its frame's text alone, so none of this changes a key
 * or the order keys are first interned in: it only saves work.
 */
struct cstack {
	size_t len, off;	/* its frames: fid[off..off + nk) */
	size_t nk;
	count c[2];		/* its lines' counts, not yet in the rows */
	count sum[2];		/* all its lines' counts */
};

/* After this many lines in a row, each after the one before in bytes,
 * the input is taken for sorted: its stacks do not come back, and are
 * neither looked up nor kept (until a line is out of order). */
#define SORTED_RUN 64

struct topcache {
	struct interner raw;	/* frames as they came (not by frame) */
	uint32_t *rawkey;	/* raw id -> key id */
	size_t rkcap;
	char *prev;		/* the last line interned */
	size_t plen, pcap;
	size_t *pend;		/* its frames' ends (prev[end]: ';' or the end) */
	uint32_t *pf;		/* and ids */
	size_t pn, pecap, pfcap;
	struct cstack *st;	/* the stacks kept */
	size_t nst, stcap;
	struct htab tab;
	uint32_t *fid;
	size_t nfid, fidcap;
	unsigned asc;		/* lines in a row in byte order */
	int frac;		/* a count with a fraction was seen: no more
				 * sums kept back (doubles add in line order) */
	int held;		/* a line's counts are kept back */
	int some;		/* a line of MODE_TOP was not kept back */
	size_t pent;		/* the stack kept of the last line interned, or SIZE_MAX */
};

static struct topcache *
cache_of(struct top *tp)
{
	if (!tp->cache) {
		tp->cache = ecalloc(1, sizeof(*tp->cache));
		tp->cache->pent = SIZE_MAX;
		intern_init(&tp->cache->raw);
		htab_init(&tp->cache->tab, 0);
	}
	return tp->cache;
}

/* The bytes a[0..n) and b[0..m) begin with alike. */
static size_t
common(const char *a, size_t n, const char *b, size_t m)
{
	size_t i = 0, k = n < m ? n : m;
	uint64_t x, y;

	for (; i + 8 <= k; i += 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		if (x != y)
			break;
	}
	while (i < k && a[i] == b[i])
		i++;
	return i;
}

/* The frames' interner: the keys by frame, else the raw frames. */
static const struct interner *
frames(const struct top *tp)
{
	return tp->by == BY_FRAME ? &tp->keys : &tp->cache->raw;
}

/* The key of frame id f. */
static uint32_t
fkey(const struct top *tp, uint32_t f)
{
	return tp->by == BY_FRAME ? f : tp->cache->rawkey[f];
}

/* The id of frame f[0..n), interned when new, its key with it (with
 * its flags). */
static uint32_t
frame_id(struct top *tp, struct topcache *c, const char *f, size_t n)
{
	const char *k;
	uint32_t id, rid, nkeys = tp->keys.n, nraw = c->raw.n;
	unsigned flags;
	size_t klen;

	if (tp->by == BY_FRAME) {
		if ((rid = id = intern(&tp->keys, f, n)) < nkeys)
			return id;
	} else {
		if ((rid = intern(&c->raw, f, n)) < nraw)
			return rid;
		klen = top_key(tp, f, n, &k);
		id = intern(&tp->keys, k, klen);
		c->rawkey = egrowarray(c->rawkey, &c->rkcap, (size_t)rid + 1, sizeof(*c->rawkey));
		c->rawkey[rid] = id;
	}
	if (n && f[n - 1] == ']' && (flags = frame_flags(f, n)))
		row_for(tp, id)->flags |= flags;
	return rid;
}

/* Is s[0..len) the stack of the frames of e? */
static int
same_stack(const struct top *tp, const struct cstack *e, const char *s, size_t len)
{
	const struct interner *in = frames(tp);
	const uint32_t *f = tp->cache->fid + e->off;
	size_t j, pos = 0, n;

	if (e->len != len)
		return 0;
	for (j = 0; j < e->nk; j++) {
		n = intern_len(in, f[j]);
		/* the lengths add up to len: no frame runs past it */
		if (memcmp(s + pos, intern_str(in, f[j]), n))
			return 0;
		pos += n;
		if (j + 1 < e->nk && s[pos++] != ';')
			return 0;
	}
	return 1;
}

/* Kept stack s[0..len) of hash h: its index, or SIZE_MAX with p where
 * it goes. */
static size_t
cache_find(const struct top *tp, const char *s, size_t len, uint64_t h, struct hprobe *p)
{
	const struct topcache *c = tp->cache;
	uint32_t i;

	for (htab_probe(&c->tab, p, h); (i = htab_next(&c->tab, p)) != HTAB_NONE;)
		if (same_stack(tp, &c->st[i], s, len))
			return i;
	return SIZE_MAX;
}

/* Keep the stack of the last line interned (c->pf), at probe p: its
 * index. */
static size_t
cache_put(struct topcache *c, size_t len, struct hprobe *p)
{
	struct cstack *e;

	c->fid = egrowarray(c->fid, &c->fidcap, c->nfid + c->pn, sizeof(*c->fid));
	memcpy(c->fid + c->nfid, c->pf, c->pn * sizeof(*c->fid));
	c->st = egrowarray(c->st, &c->stcap, c->nst + 1, sizeof(*c->st));
	e = &c->st[c->nst];
	e->len = len;
	e->off = c->nfid;
	e->nk = c->pn;
	e->c[0] = e->c[1] = e->sum[0] = e->sum[1] = count_from_u64(0);
	c->nfid += c->pn;
	htab_put(&c->tab, p, c->nst);
	return c->nst++;
}

/* tp->k: the keys of frames f[0..n). */
static size_t
set_keys(struct top *tp, const uint32_t *f, size_t n)
{
	size_t i;

	tp->k = egrowarray(tp->k, &tp->kcap, n, sizeof(*tp->k));
	for (i = 0; i < n; i++)
		tp->k[i] = fkey(tp, f[i]);
	return tp->nk = n;
}

/* The frames of s[0..len) as the last line interned (c->pf, c->pend,
 * c->prev), those it shares with the one before it (lcp bytes alike)
 * taken from there, the rest interned. */
static void
intern_frames(struct top *tp, struct topcache *c, const char *s, size_t len, size_t lcp)
{
	struct frameit it;
	size_t j = 0;

	while (j < c->pn && c->pend[j] < lcp)
		j++;
	c->pn = j;
	for (frame_iter(&it, s, len, j ? c->pend[j - 1] + 1 : 0); frame_next(&it);) {
		c->pf = egrowarray(c->pf, &c->pfcap, c->pn + 1, sizeof(*c->pf));
		c->pend = egrowarray(c->pend, &c->pecap, c->pn + 1, sizeof(*c->pend));
		c->pend[c->pn] = it.end;
		c->pf[c->pn++] = frame_id(tp, c, s + it.start, it.end - it.start);
	}
	c->prev = egrowarray(c->prev, &c->pcap, len + 1, 1);
	memcpy(c->prev, s, len);
	c->plen = len;
}

/* top_keys, and the index of the stack kept (*ent), or SIZE_MAX. */
static size_t
line_keys(struct top *tp, const char *s, size_t len, const uint32_t **k, size_t *ent)
{
	struct topcache *c = cache_of(tp);
	struct hprobe p = { 0, 0 };
	size_t lcp, e;
	int keep;

	*k = tp->k;
	*ent = SIZE_MAX;
	lcp = common(s, len, c->prev, c->plen);
	if (c->pn && lcp == len && len == c->plen) {
		set_keys(tp, c->pf, c->pn);
		*k = tp->k;
		*ent = c->pent;
		return tp->nk;
	}
	if (lcp < len && (lcp == c->plen || (unsigned char)s[lcp] > (unsigned char)c->prev[lcp]))
		c->asc++;
	else
		c->asc = 0;
	if ((keep = c->asc < SORTED_RUN && c->nst < HTAB_NONE - 1)) {
		if ((e = cache_find(tp, s, len, hash_bytes(s, len), &p)) != SIZE_MAX) {
			set_keys(tp, c->fid + c->st[e].off, c->st[e].nk);
			*k = tp->k;
			*ent = e;
			return tp->nk;
		}
	}
	intern_frames(tp, c, s, len, lcp);
	c->pent = keep ? cache_put(c, len, &p) : SIZE_MAX;
	*ent = c->pent;
	set_keys(tp, c->pf, c->pn);
	*k = tp->k;
	return tp->nk;
}

size_t
top_keys(struct top *tp, const char *s, size_t len, const uint32_t **k)
{
	size_t ent;

	return line_keys(tp, s, len, k, &ent);
}

/* The sums kept back added to the rows, each kept stack's as a line's. */
static void
flush(struct top *tp)
{
	struct topcache *c = tp->cache;
	struct row *w;
	struct cstack *e;
	size_t i, j;
	int col;

	if (!c || !c->held)
		return;
	c->held = 0;
	for (i = 0; i < c->nst; i++) {
		e = &c->st[i];
		/* every one, even of no count: its rows made, as by a line */
		tp->line++;
		for (j = 0; j < e->nk; j++) {
			w = row_for(tp, fkey(tp, c->fid[e->off + j]));
			for (col = 0; col < 2; col++) {
				if (j + 1 == e->nk && !count_add(&w->self[col], e->c[col]))
					eprintf("sum of counts overflows");
				if (w->seen != tp->line && !count_add(&w->total[col], e->c[col]))
					eprintf("sum of counts overflows");
			}
			w->seen = tp->line;
		}
		e->c[0] = e->c[1] = count_from_u64(0);
	}
	/* the line being read (hold's) counts under a number of its own */
	tp->line++;
}
void
top_done(struct top *tp)
{
	flush(tp);
}

int
top_stacks(struct top *tp, top_stack_fn *fn, void *arg)
{
	struct topcache *c = tp->cache;
	const struct cstack *e;
	size_t i;

	if (!c || c->some || tp->mode != MODE_TOP)
		return 0;
	for (i = 0; i < c->nst; i++) {
		e = &c->st[i];
		set_keys(tp, c->fid + e->off, e->nk);
		fn(tp->k, e->nk, e->sum, arg);
	}
	return 1;
}

void
top_end(struct top *tp)
{
	struct topcache *c = tp->cache;

	if (!c)
		return;
	flush(tp);
	intern_free(&c->raw);
	free(c->rawkey);
	free(c->prev);
	free(c->pend);
	free(c->pf);
	free(c->st);
	htab_free(&c->tab);
	free(c->fid);
	free(c);
	tp->cache = NULL;
}

/* Count c toward key id's total, once per line. */
static void
once(struct top *tp, struct freader *r, uint32_t id, const count *c, int n)
{
	struct row *w = row_for(tp, id);

	if (w->seen == tp->line)
		return;
	w->seen = tp->line;
	fr_addcounts(r, w->total, c, n);
}

/* Callers or callees of the frames of l that match: the stack counts
 * once for the function however often it recurs. */
static void
edge_line(struct top *tp, struct freader *r, const struct fline *l, const count *c, int n)
{
	struct frameit it;
	size_t f = 0;
	uint32_t other;
	int hit = 0;

	for (frame_iter(&it, l->stack, l->len, 0); frame_next(&it); f++) {
		if (!pat_frame(&tp->pats, l->stack + it.start, it.end - it.start))
			continue;
		if (tp->mode == MODE_CALLERS)
			other = f > 0 ? tp->k[f - 1] : intern(&tp->keys, "[root]", 6);
		else
			other = f + 1 < tp->nk ? tp->k[f + 1] : intern(&tp->keys, "[self]", 6);
		once(tp, r, other, c, n);
		hit = 1;
	}
	if (hit)
		fr_addcounts(r, tp->matched, c, n);
}

/* Line counts c[0..n) kept back in kept stack e, when they are whole
 * (whole counts add up alike in any order): 1, or 0 to add them now. */
static int
hold(struct top *tp, size_t e, const count *c, int n)
{
	struct topcache *tc = tp->cache;
	int i;

	for (i = 0; i < n && !tc->frac; i++)
		if (!count_whole(c[i])) {
			tc->frac = 1;
			flush(tp);
		}
	if (tc->frac || e == SIZE_MAX) {
		tc->some = 1;
		return 0;
	}
	for (i = 0; i < n; i++)
		if (!count_add(&tc->st[e].c[i], c[i]) || !count_add(&tc->st[e].sum[i], c[i]))
			eprintf("sum of counts overflows");
	tc->held = 1;
	return 1;
}

void
top_line(struct freader *r, struct fline *l, void *arg)
{
	struct top *tp = arg;
	count c[2] = { l->c[0], l->c[1] };
	const uint32_t *k;
	size_t i, e;
	int n = l->ncounts;

	if (!n) {
		/* TSV and JSON keep plain numbers */
		if (tp->format == FMT_TEXT)
			fh_parse(&tp->unit, l->stack, l->len);
		return;
	}
	tp->diff = n == 2;
	tp->line++;
	fr_addcounts(r, tp->total, c, n);
	if (tp->mode == MODE_TREE) {
		if (n == 1)
			c[1] = count_from_u64(0);
		if (tree_add(&tp->t, l->stack, l->len, c) == TNONE)
			fr_error(r, "sum of counts overflows");
		return;
	}
	line_keys(tp, l->stack, l->len, &k, &e);
	if (tp->mode == MODE_TOP) {
		/* a sum below the total's, which did not overflow */
		if (hold(tp, e, c, n))
			return;
		fr_addcounts(r, row_for(tp, tp->k[tp->nk - 1])->self, c, n);
		for (i = 0; i < tp->nk; i++)
			once(tp, r, tp->k[i], c, n);
		return;
	}
	edge_line(tp, r, l, c, n);
}

size_t
top_stack(struct top *tp, const char *s, size_t len, const count *c, int n, const uint32_t **k)
{
	struct topcache *tc = cache_of(tp);
	size_t i;

	tp->diff = n == 2;
	tp->line++;
	fr_addcounts(NULL, tp->total, c, n);
	intern_frames(tp, tc, s, len, common(s, len, tc->prev, tc->plen));
	tc->pent = SIZE_MAX;	/* the last line interned is kept by none */
	tc->asc = 0;
	tc->some = 1;		/* top_stacks has not all lines */
	set_keys(tp, tc->pf, tc->pn);
	fr_addcounts(NULL, row_for(tp, tp->k[tp->nk - 1])->self, c, n);
	for (i = 0; i < tp->nk; i++)
		once(tp, NULL, tp->k[i], c, n);
	*k = tp->k;
	return tp->nk;
}

/* A count as a double, to divide. */
static double
val(count c)
{
	return count_val(c);
}

/* Keys a and b in the suite's bytewise frame order. */
static int
cmp_name(const struct top *tp, uint32_t a, uint32_t b)
{
	const struct interner *k = &tp->keys;

	return stack_cmp(intern_str(k, a), intern_len(k, a), intern_str(k, b), intern_len(k, b));
}

/* The value row w sorts by, the largest first. */
static double
sort_value(const struct top *tp, const struct row *w)
{
	int col = tp->diff;
	double d;

	switch (tp->sort) {
	case SORT_NAME:
		return 0;
	case SORT_SELF:
		return val(w->self[col]);
	case SORT_TOTAL:
		return val(w->total[col]);
	}
	if (col && tp->mode == MODE_TOP) {
		d = val(w->total[1]) - val(w->total[0]);
		return d < 0 ? -d : d;
	}
	return tp->mode == MODE_TOP ? val(w->self[col]) : val(w->total[col]);
}

/* Row ids by tp->sort, then by name (a qsort_r comparator). */
static int
cmp_rows(const void *pa, const void *pb, void *arg)
{
	const struct top *tp = arg;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	double dx = sort_value(tp, &tp->row[a]), dy = sort_value(tp, &tp->row[b]);

	if (dx != dy)
		return dx < dy ? 1 : -1;
	return cmp_name(tp, a, b);
}

/* A count in a cell; one too long for it (absurd decimals) in %g form. */
static void
num(const struct top *tp, char *buf, size_t cap, count c)
{
	char tmp[400];
	size_t n;

	if (tp->unit.unit > UNIT_COUNT) {
		count_human(count_val(c), tp->unit.unit, buf, cap);
		return;
	}
	n = count_fmt(c, tmp);
	if (n < cap)
		memcpy(buf, tmp, n + 1);
	else
		snprintf(buf, cap, "%.6g", count_val(c));
}

/* part as a percentage of whole, two decimals (0 of nothing). */
static void
pct(char *buf, size_t cap, double part, double whole)
{
	snprintf(buf, cap, "%.2f", whole > 0 ? 100 * part / whole : 0.0);
}

/* A change, its sign always shown but for 0; in human form, as num's
 * counts, for a known unit of the text report. */
static void
signed_num(const struct top *tp, char *buf, size_t cap, double d)
{
	if (tp->unit.unit > UNIT_COUNT && d != 0) {
		buf[0] = d > 0 ? '+' : '-';
		count_human(d > 0 ? d : -d, tp->unit.unit, buf + 1, cap - 1);
		return;
	}
	snprintf(buf, cap, "%s%.15g", d > 0 ? "+" : "", d);
}

/* The columns of one row or tree node, as text; the name comes last,
 * apart. */
#define NCOL 9
struct cells {
	char c[NCOL][64];
	int n;
};

/* Append text s as a cell. */
static void
cell(struct cells *cl, const char *s)
{
	snprintf(cl->c[cl->n++], 64, "%s", s);
}

/*
 * The one formatter of numbers, for the table's rows and the tree's
 * nodes: self and its share of the total when self is given (the
 * table of top frames); total and its share of whole; for two-count
 * input base, target, delta and delta%, the change as a percentage of
 * the target's total (fg-folded(5)).  Counts are [0] baseline, [1]
 * target; one-count input has only [0].
 */
static void
cells_of(const struct top *tp, struct cells *cl, const count *self, const count *total,
    const count *whole)
{
	int col = tp->diff;
	double d, target = val(tp->total[1]);

	cl->n = 0;
	if (self) {
		num(tp, cl->c[cl->n++], 64, self[col]);
		pct(cl->c[cl->n++], 64, val(self[col]), val(tp->total[col]));
	}
	num(tp, cl->c[cl->n++], 64, total[col]);
	pct(cl->c[cl->n++], 64, val(total[col]), val(whole[col]));
	if (!col)
		return;
	d = val(total[1]) - val(total[0]);
	num(tp, cl->c[cl->n++], 64, total[0]);
	num(tp, cl->c[cl->n++], 64, total[1]);
	signed_num(tp, cl->c[cl->n++], 64, d);
	snprintf(cl->c[cl->n++], 64, "%s%.2f", d > 0 ? "+" : "", target > 0 ? 100 * d / target : 0.0);
}

/* The heads of the columns cells_of fills, in the same order. */
static void
cells_heads(const struct top *tp, struct cells *h)
{
	static const char *const diff_heads[] = { "base", "target", "delta", "delta%" };
	int i;

	h->n = 0;
	if (tp->mode == MODE_TOP) {
		cell(h, "self");
		cell(h, "self%");
	}
	cell(h, tp->mode == MODE_CALLERS || tp->mode == MODE_CALLEES ? "samples" : "total");
	cell(h, tp->mode == MODE_CALLERS || tp->mode == MODE_CALLEES ? "share%" : "total%");
	for (i = 0; tp->diff && i < 4; i++)
		cell(h, diff_heads[i]);
}

/* The cells of row w of the table. */
static void
row_cells(const struct top *tp, const struct row *w, struct cells *cl)
{
	if (tp->mode == MODE_TOP)
		cells_of(tp, cl, w->self, w->total, tp->total);
	else
		cells_of(tp, cl, NULL, w->total, tp->matched);
}

/* "head":value, for each of n cells (text cells hold numbers; a flags
 * cell is a string) */
static void
json_cells(const struct cells *head, const struct cells *cl, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		out_jsonstr(head->c[i], strlen(head->c[i]));
		out_char(':');
		if (!strcmp(head->c[i], "flags"))
			out_jsonstr(cl->c[i], strlen(cl->c[i]));
		else
			out_str(cl->c[i][0] == '+' ? cl->c[i] + 1 : cl->c[i]);
		out_char(',');
	}
}

/* Row id's name as shown: without its annotation (a flag instead). */
static const char *
row_name(const struct top *tp, uint32_t id, size_t *n)
{
	const char *annot, *s = intern_str(&tp->keys, id);
	size_t alen;

	*n = frame_strip_annot(s, intern_len(&tp->keys, id), &annot, &alen);
	return s;
}

/* A name for the terminal: control characters escaped, cut with ".."
 * to room characters when room > 2. */
static void
print_name_fit(const char *s, size_t n, int room)
{
	size_t chars = utf8_chars(s, n);

	if (room > 2 && chars > (size_t)room) {
		out_term(s, utf8_prefix(s, n, room - 2));
		out_str("..");
	} else {
		out_term(s, n);
	}
}

/* The table as JSON: cl[0] the heads, cl[1..n] the rows ids[0..n). */
static void
report_json(const struct top *tp, const uint32_t *ids, size_t n, const struct cells *cl)
{
	size_t r, len;
	const char *name;

	out_str("{\"total\":");
	out_count(tp->total[tp->diff]);
	if (tp->mode != MODE_TOP) {
		out_str(",\"matched\":");
		out_count(tp->matched[tp->diff]);
	}
	out_str(",\"rows\":[");
	for (r = 0; r < n; r++) {
		out_str(r ? ",\n{" : "\n{");
		json_cells(&cl[0], &cl[r + 1], cl[0].n);
		name = row_name(tp, ids[r], &len);
		out_str("\"name\":");
		out_jsonstr(name, len);
		out_char('}');
	}
	out_str("\n]}\n");
}

/* The table as text, in aligned columns, or TSV: cl[0] the heads,
 * cl[1..n] the rows ids[0..n). */
static void
report_text(const struct top *tp, const uint32_t *ids, size_t n, const struct cells *cl)
{
	int ncol = cl[0].n, i, used = 0, w[NCOL] = { 0 };
	size_t r, len;
	const char *name;

	for (r = 0; r <= n; r++)
		for (i = 0; i < ncol; i++)
			if ((int)strlen(cl[r].c[i]) > w[i])
				w[i] = strlen(cl[r].c[i]);
	for (i = 0; i < ncol; i++)
		used += w[i] + 2;
	for (r = 0; r <= n; r++) {
		for (i = 0; i < ncol; i++) {
			if (tp->format == FMT_TSV) {
				out_str(cl[r].c[i]);
				out_char('\t');
			} else {
				/* the flags, letters, align left */
				out_printf(i == ncol - 1 ? "%-*s  " : "%*s  ", w[i], cl[r].c[i]);
			}
		}
		if (r == 0) {
			out_str("name");
		} else {
			name = row_name(tp, ids[r - 1], &len);
			print_name_fit(name, len, tp->format == FMT_TEXT && tp->width ? tp->width - used : 0);
		}
		out_char('\n');
	}
}

/* The rows ids[0..n), with a head line, in tp->format. */
static void
report(const struct top *tp, const uint32_t *ids, size_t n)
{
	struct cells *cl = ecalloc(n + 1, sizeof(*cl));
	size_t r;

	cells_heads(tp, &cl[0]);
	cell(&cl[0], "flags");
	for (r = 0; r < n; r++) {
		row_cells(tp, &tp->row[ids[r]], &cl[r + 1]);
		flag_text(tp->row[ids[r]].flags, cl[r + 1].c[cl[r + 1].n++]);
	}
	if (tp->format == FMT_JSON)
		report_json(tp, ids, n, cl);
	else
		report_text(tp, ids, n, cl);
	free(cl);
}

void
top_table(struct top *tp)
{
	uint32_t *ids;
	size_t n = 0, i;
	int col = tp->diff;

	top_end(tp);
	ids = ereallocarray(NULL, tp->nrow + 1, sizeof(*ids));
	for (i = 0; i < tp->nrow; i++)
		if (!count_iszero(tp->row[i].total[0]) || !count_iszero(tp->row[i].total[col]))
			ids[n++] = i;
	qsort_r(ids, n, sizeof(*ids), cmp_rows, tp);
	if (tp->rows && n > tp->rows)
		n = tp->rows;
	report(tp, ids, n);
	free(ids);
}

/* Do samples end in node x? */
static int
ends(const struct tnode *x)
{
	return !count_iszero(x->self[0]) || !count_iszero(x->self[1]);
}

/* --tree: children by total, the widest first, then in the order
 * flame graphs show siblings (a qsort_r comparator). */
static int
cmp_children(const void *pa, const void *pb, void *arg)
{
	const struct top *tp = arg;
	const struct tree *t = &tp->t;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	const struct tnode *x = &t->node[a], *y = &t->node[b];
	int col = tp->diff, c = count_cmp(y->total[col], x->total[col]);

	if (c)
		return c;
	return sibling_order(tree_name(t, a), tree_namelen(t, a), ends(x),
	    tree_name(t, b), tree_namelen(t, b), ends(y));
}

/* One node of --tree in text: indented by its depth (up to
 * TREE_INDENT_MAX levels, then the depth as a number), its total, its
 * share, the change for two-count input, its flags and its name. */
static void
tree_text(const struct top *tp, uint32_t v, const struct cells *cl, const char *flags)
{
	const struct tree *t = &tp->t;
	uint32_t depth = t->node[v].depth - 1;
	const char *annot, *name = tree_name(t, v);
	size_t alen, len = frame_strip_annot(name, tree_namelen(t, v), &annot, &alen);

	out_printf("%*s", (int)(2 * (depth < TREE_INDENT_MAX ? depth : TREE_INDENT_MAX)), "");
	if (depth > TREE_INDENT_MAX)
		out_printf("[depth %lu] ", (unsigned long)depth + 1);
	out_printf("%s %s%% ", cl->c[0], cl->c[1]);
	if (cl->n > 2)
		out_printf("(%s) ", cl->c[4]);
	if (*flags)
		out_printf("[%s] ", flags);
	out_term(name, len);
	out_char('\n');
}

/* One node of --tree as a TSV or JSON row, under the heads h; parent is
 * the row number of its parent (-1 for a root). */
static void
tree_row(const struct top *tp, uint32_t v, const struct cells *h, const struct cells *cl,
    const char *flags, long row, long parent)
{
	const struct tree *t = &tp->t;
	const char *annot, *name = tree_name(t, v);
	size_t alen, len = frame_strip_annot(name, tree_namelen(t, v), &annot, &alen);
	int i;

	if (tp->format == FMT_TSV) {
		out_printf("%lu\t", (unsigned long)t->node[v].depth);
		for (i = 0; i < cl->n; i++)
			out_printf("%s\t", cl->c[i]);
		out_printf("%s\t", flags);
		out_term(name, len);
		out_char('\n');
		return;
	}
	out_printf("%s{\"row\":%ld,\"parent\":%ld,\"depth\":%lu,", row ? ",\n" : "\n",
	    row, parent, (unsigned long)t->node[v].depth);
	json_cells(h, cl, cl->n);
	out_str("\"flags\":");
	out_jsonstr(flags, strlen(flags));
	out_str(",\"name\":");
	out_jsonstr(name, len);
	out_char('}');
}

/* The tree's TSV head line or JSON opening, from the heads h. */
static void
tree_head(const struct top *tp, const struct cells *h)
{
	int i;

	if (tp->format == FMT_TSV) {
		out_str("depth\t");
		for (i = 0; i < h->n; i++) {
			out_str(h->c[i]);
			out_char('\t');
		}
		out_str("flags\tname\n");
	}
	if (tp->format == FMT_JSON) {
		out_str("{\"total\":");
		out_count(tp->total[tp->diff]);
		out_str(",\"nodes\":[");
	}
}

/* Node v of the tree in tp->format: row its number, parent its parent's. */
static void
tree_node(const struct top *tp, uint32_t v, const struct cells *h, long row, long parent)
{
	const struct tree *t = &tp->t;
	struct cells cl;
	char flags[NFLAGS + 1];

	cells_of(tp, &cl, NULL, t->node[v].total, tp->total);
	flag_text(frame_flags(tree_name(t, v), tree_namelen(t, v)), flags);
	if (tp->format == FMT_TEXT)
		tree_text(tp, v, &cl, flags);
	else
		tree_row(tp, v, h, &cl, flags, row, parent);
}

/* The children of v to show, widest first, into *kids; their number. */
static size_t
tree_kids(const struct top *tp, uint32_t v, double min, uint32_t **kids, size_t *kcap)
{
	const struct tree *t = &tp->t;
	int col = tp->diff;
	uint32_t c;
	size_t nk = 0;

	for (c = t->node[v].child; c != TNONE; c = t->node[c].sibling) {
		if (val(t->node[c].total[col]) < min || count_iszero(t->node[c].total[col]))
			continue;
		*kids = egrowarray(*kids, kcap, nk + 1, sizeof(**kids));
		(*kids)[nk++] = c;
	}
	if (nk)	/* kids is NULL until a node has a child */
		qsort_r(*kids, nk, sizeof(**kids), cmp_children, (void *)tp);
	return nk;
}

/* A stack of (node, row of its parent) pairs, no recursion. */
void
top_tree(struct top *tp)
{
	struct tree *t = &tp->t;
	uint32_t *stack = NULL, *kids = NULL, v;
	long *parents = NULL, parent, rows = 0;
	size_t n = 0, cap = 0, nk, kcap = 0, i;
	double min = val(tp->total[tp->diff]) * tp->minpct / 100;
	struct cells h;

	tree_finish(t);
	cells_heads(tp, &h);
	tree_head(tp, &h);
	cap = 64;
	stack = ereallocarray(NULL, cap, sizeof(*stack));
	parents = ereallocarray(NULL, cap, sizeof(*parents));
	stack[n] = 0;
	parents[n++] = -1;
	while (n) {
		v = stack[--n];
		parent = parents[n];
		if (v) {
			tree_node(tp, v, &h, rows, parent);
			parent = rows++;
		}
		nk = tree_kids(tp, v, min, &kids, &kcap);
		if (n + nk > cap) {
			cap = growcap(cap, n + nk);
			stack = ereallocarray(stack, cap, sizeof(*stack));
			parents = ereallocarray(parents, cap, sizeof(*parents));
		}
		for (i = nk; i-- > 0;) {
			stack[n] = kids[i];
			parents[n++] = parent;
		}
	}
	if (tp->format == FMT_JSON)
		out_str("\n]}\n");
	if (!rows && val(tp->total[tp->diff]) > 0)
		weprintf("every root is under the threshold (-m %g%%): no node to show", tp->minpct);
	free(stack);
	free(parents);
	free(kids);
}

void
top_free(struct top *tp)
{
	tree_free(&tp->t);
	intern_free(&tp->keys);
	pat_free(&tp->pats);
	fh_free(&tp->unit);
	free(tp->row);
	free(tp->k);
	top_end(tp);
}
