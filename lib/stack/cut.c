/*
 * cut.c: stacks under a threshold folded into their callers (cut.h)
 *
 * The stacks are walked in frame order (frame by frame, a frame before
 * every longer one it begins), in which the stacks through a frame are
 * contiguous; the suite's bytewise order differs from it where a frame
 * goes on with a byte below ';' (":1" and ":10"), so they are sorted
 * into it first when it does.  The walk opens a frame at the first
 * stack through it and closes it at the first that is not, when its
 * total is known.  A frame that closes kept (its total reaches the
 * threshold) records what stays on it: its total less its kept callees'
 * totals, that is its own stack's count and every count cut below it.
 * The records are sorted back into the suite's order and printed,
 * "[other]" in its place.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "stack/cut.h"
#include "stack/frame.h"

struct node {			/* an open frame */
	const char *s;		/* its stack: s[0..len) */
	size_t len;
	count tot[2];		/* the counts of the stacks through it, so far */
	count kept[2];		/* the totals of its callees that were kept */
};

struct rec {			/* a kept frame with a count left on it */
	const char *s;
	size_t len;
	count c[2];
};

struct walk {
	int ncounts;
	double thr[2];		/* per column: a frame is kept from here on */
	struct node *open;	/* the open frames, root first */
	size_t nopen, capopen;
	struct rec *rec;
	size_t nrec, caprec;
	count other[2];		/* the counts of no kept frame */
};

/* a[j] += b[j] for each column */
static void
add(const struct walk *w, count *a, const count *b)
{
	int j;

	for (j = 0; j < w->ncounts; j++)
			if (!count_add(&a[j], b[j]))
			eprintf("the total of the counts overflows");
}

static int
nonzero(const struct walk *w, const count *c)
{
	int j;

	for (j = 0; j < w->ncounts; j++)
		if (!count_iszero(c[j]))
			return 1;
	return 0;
}

/* Does a frame of these totals reach the threshold in a column? */
static int
reaches(const struct walk *w, const count *tot)
{
	int j;
	double v;

	for (j = 0; j < w->ncounts; j++) {
		v = count_val(tot[j]);
		if (v > 0 && v >= w->thr[j])
			return 1;
	}
	return 0;
}

/* The first byte at which a[0..alen) and b[0..blen) differ (the
 * shorter length when one begins the other). */
static size_t
mismatch(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t n = alen < blen ? alen : blen, i = 0;
	uint64_t x, y;

	for (; i + 8 <= n; i += 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		if (x != y)
			break;
	}
	while (i < n && a[i] == b[i])
		i++;
	return i;
}

/* Frame order at p, the first byte where a and b differ: ';' below
 * every other byte and the end of a stack below ';'. */
static int
frame_cmp_at(const struct stackent *a, const struct stackent *b, size_t p)
{
	int ca, cb;

	ca = p == a->len ? -1 : a->s[p] == ';' ? 0 : 1 + (unsigned char)a->s[p];
	cb = p == b->len ? -1 : b->s[p] == ';' ? 0 : 1 + (unsigned char)b->s[p];
	return (ca > cb) - (ca < cb);
}

/* Frame order, for qsort of entry pointers. */
static int
frame_cmp(const void *pa, const void *pb)
{
	const struct stackent *a = *(const struct stackent *const *)pa;
	const struct stackent *b = *(const struct stackent *const *)pb;

	return frame_cmp_at(a, b, mismatch(a->s, a->len, b->s, b->len));
}

static int
rec_cmp(const void *pa, const void *pb)
{
	const struct rec *a = pa, *b = pb;

	return stack_cmp(a->s, a->len, b->s, b->len);
}

/* How many whole frames the stack b begins with alike with the open
 * ones (those of the stack before it), p the first byte where the two
 * differ: the open frames that end before p, and one that ends at p
 * where b's frame ends too. */
static size_t
common_frames(const struct walk *w, const struct stackent *b, size_t p)
{
	size_t lo = 0, hi = w->nopen, mid;

	while (lo < hi) {	/* the first open frame that does not end before p */
		mid = lo + (hi - lo) / 2;
		if (w->open[mid].len < p)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < w->nopen && w->open[lo].len == p && (p == b->len || b->s[p] == ';'))
		lo++;
	return lo;
}

/* Close the innermost open frame: its total goes to its caller's; kept,
 * it records what stays on it, else an outermost frame's goes to
 * "[other]". */
static void
close_frame(struct walk *w)
{
	struct node *n = &w->open[--w->nopen];
	struct node *up = w->nopen ? n - 1 : NULL;
	struct rec *r;
	int j;

	if (up)
		add(w, up->tot, n->tot);
	if (!reaches(w, n->tot)) {
		if (!up)
			add(w, w->other, n->tot);
		return;
	}
	if (up)
		add(w, up->kept, n->tot);
	for (j = 0; j < w->ncounts; j++)
		count_sub(&n->tot[j], n->kept[j]);
	if (!nonzero(w, n->tot))
		return;
	w->rec = egrowarray(w->rec, &w->caprec, w->nrec + 1, sizeof(*w->rec));
	r = &w->rec[w->nrec++];
	r->s = n->s;
	r->len = n->len;
	memcpy(r->c, n->tot, sizeof(r->c));
}

/* Open the frames of e after its first k, as the callees of the open
 * ones; e's counts go to its own frame, the innermost. */
static void
open_frames(struct walk *w, const struct stackent *e, size_t k)
{
	struct frameit it;
	struct node *n;

	frame_iter(&it, e->s, e->len, k ? w->open[k - 1].len + 1 : 0);
	while (frame_next(&it)) {
		w->open = egrowarray(w->open, &w->capopen, w->nopen + 1, sizeof(*w->open));
		n = &w->open[w->nopen++];
		memset(n, 0, sizeof(*n));
		n->s = e->s;
		n->len = it.end;
	}
	add(w, w->open[w->nopen - 1].tot, e->c);
}

/* Each column's threshold: min_count, and min_share of its total. */
static void
thresholds(struct walk *w, const struct stackent *e, size_t n, const struct cut *t)
{
	count sum[2];
	size_t i;
	double v;
	int j;

	memset(sum, 0, sizeof(sum));
	for (i = 0; i < n; i++)
		add(w, sum, e[i].c);
	for (j = 0; j < w->ncounts; j++) {
		v = t->min_share / 100 * count_val(sum[j]);
		w->thr[j] = v > t->min_count ? v : t->min_count;
	}
}

/* Print the records in order, "[other]" among them where it sorts. */
static void
print_recs(struct walk *w)
{
	static const char other[] = CUT_OTHER;
	size_t olen = sizeof(other) - 1, i;
	int c, done = !nonzero(w, w->other);

	if (w->nrec)
		qsort(w->rec, w->nrec, sizeof(*w->rec), rec_cmp);
	for (i = 0; i < w->nrec; i++) {
		c = done ? -1 : stack_cmp(w->rec[i].s, w->rec[i].len, other, olen);
		if (c == 0) {
			add(w, w->rec[i].c, w->other);
			done = 1;
		} else if (c > 0) {
			out_stackline(other, olen, w->other, w->ncounts);
			done = 1;
		}
		out_stackline(w->rec[i].s, w->rec[i].len, w->rec[i].c, w->ncounts);
	}
	if (!done)
		out_stackline(other, olen, w->other, w->ncounts);
}

/* Walk the entries p[0..n), which must be in frame order: 0 (and the
 * walk left half done) at the first that is not. */
static int
walk(struct walk *w, const struct stackent **p, size_t n)
{
	size_t i, k = 0, at;

	for (i = 0; i < n; i++) {
		if (i) {
			at = mismatch(p[i - 1]->s, p[i - 1]->len, p[i]->s, p[i]->len);
			if (frame_cmp_at(p[i - 1], p[i], at) > 0)
				return 0;
			k = common_frames(w, p[i], at);
		}
		while (w->nopen > k)
			close_frame(w);
		open_frames(w, p[i], k);
	}
	while (w->nopen)
		close_frame(w);
	return 1;
}

void
cut_print(const struct stackent *e, size_t n, int ncounts, const struct cut *t)
{
	struct walk w;
	const struct stackent **p;
	size_t i;

	memset(&w, 0, sizeof(w));
	w.ncounts = ncounts;
	thresholds(&w, e, n, t);
	p = ereallocarray(NULL, n ? n : 1, sizeof(*p));
	for (i = 0; i < n; i++)
		p[i] = &e[i];
	/* the suite's order is frame order but where a frame goes on with
	 * a byte below ';': walked as they are, else sorted first */
	if (!walk(&w, p, n)) {
		w.nopen = w.nrec = 0;
		memset(w.other, 0, sizeof(w.other));
		qsort(p, n, sizeof(*p), frame_cmp);
		walk(&w, p, n);
	}
	print_recs(&w);
	free(p);
	free(w.open);
	free(w.rec);
}
