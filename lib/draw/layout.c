/* layout.c: which frames a flame graph draws, and where */
#include <stdlib.h>
#include <string.h>

#include "base/strsort.h"
#include "base/util.h"
#include "draw/layout.h"
#include "stack/frame.h"

/* The callees of a frame: each a run of stacks st[lo..hi) with the
 * name s[0..len), a leaf when the run's first stack ends in it. */
struct sibrun {
	const char *s;
	size_t len, lo, hi;
	int leaf;
};

static int
cmprun(const void *a, const void *b)
{
	const struct sibrun *x = a, *y = b;

	return sibling_order(x->s, x->len, x->leaf, y->s, y->len, y->leaf);
}

/* The stacks st[lo..hi), all through one frame whose callees' names
 * begin at offset off, cut into runs of one callee each (the stack
 * that ends in the frame, first, left out); their number. */
static size_t
sibruns(const struct lstack *st, size_t lo, size_t hi, size_t off, struct sibrun **run, size_t *cap)
{
	const char *e;
	size_t n = 0, i = lo;

	if (i < hi && st[i].len < off)
		i++;
	while (i < hi) {
		*run = egrowarray(*run, cap, n + 1, sizeof(**run));
		(*run)[n].s = st[i].s + off;
		e = memchr(st[i].s + off, ';', st[i].len - off);
		(*run)[n].len = (e ? (size_t)(e - st[i].s) : st[i].len) - off;
		(*run)[n].leaf = !e;
		(*run)[n].lo = i;
		for (i++; i < hi && st[i].len >= off + (*run)[n].len &&
		    (st[i].len == off + (*run)[n].len || st[i].s[off + (*run)[n].len] == ';') &&
		    !memcmp(st[i].s + off, (*run)[n].s, (*run)[n].len); i++)
			;
		(*run)[n++].hi = i;
	}
	return n;
}

/*
 * Stacks sorted frame by frame (a frame as if ';' followed it) keep a
 * frame's stacks together, but put a callee "b2" before a "b" that a
 * stack ends in.  Where that happened (a stack is the beginning of the
 * one before it), the callees of every frame are put in sibling_order,
 * runs of stacks moved whole, and the lcp written again.
 */
static void
siborder(struct lstack *st, size_t n)
{
	struct { size_t lo, hi, off; } *todo = NULL;
	size_t ntodo = 0, tcap = 0, rcap = 0, nrun, i, k, lo, hi, off, start;
	struct sibrun *run = NULL;
	struct lstack *tmp;

	for (i = 1; i < n; i++)
		if (st[i - 1].len > st[i].len && st[i].lcp + 8 > st[i].len &&
		    !memcmp(st[i - 1].s, st[i].s, st[i].len))
			break;
	if (i >= n)
		return;
	tmp = ereallocarray(NULL, n, sizeof(*tmp));
	todo = egrowarray(todo, &tcap, 1, sizeof(*todo));
	todo[ntodo].lo = 0, todo[ntodo].hi = n, todo[ntodo++].off = 0;
	while (ntodo) {
		ntodo--;
		lo = todo[ntodo].lo, hi = todo[ntodo].hi, off = todo[ntodo].off;
		nrun = sibruns(st, lo, hi, off, &run, &rcap);
		for (k = 1; k < nrun && cmprun(&run[k - 1], &run[k]) < 0; k++)
			;
		if (k < nrun) {
			start = run[0].lo;
			memcpy(tmp, st + start, (hi - start) * sizeof(*st));
			qsort(run, nrun, sizeof(*run), cmprun);
			for (i = start, k = 0; k < nrun; k++) {
				memcpy(st + i, tmp + (run[k].lo - start), (run[k].hi - run[k].lo) * sizeof(*st));
				run[k].hi = i + (run[k].hi - run[k].lo);
				run[k].lo = i;
				i = run[k].hi;
			}
		}
		/* each callee's own callees, their names after its own and ';' */
		for (k = 0; k < nrun; k++)
			if (!run[k].leaf || run[k].hi - run[k].lo > 1) {
				todo = egrowarray(todo, &tcap, ntodo + 1, sizeof(*todo));
				todo[ntodo].lo = run[k].lo;
				todo[ntodo].hi = run[k].hi;
				todo[ntodo++].off = off + run[k].len + 1;
			}
	}
	for (st[0].lcp = 0, i = 1; i < n; i++)
		st[i].lcp = str_mismatch(st[i - 1].s, st[i].s,
		    st[i - 1].len < st[i].len ? st[i - 1].len : st[i].len);
	free(tmp);
	free(todo);
	free(run);
}

void
layout_sort_stacks(struct lstack *st, size_t n)
{
	size_t *lcp = ereallocarray(NULL, n + 1, sizeof(*lcp)), i;

	strsort(st, n, sizeof(*st), ';', lcp);
	for (i = 0; i < n; i++)
		st[i].lcp = lcp[i];
	free(lcp);
	siborder(st, n);
}

/* A frame of the stack being laid out: where its name is, the slot it
 * holds in the layout, and what is summed while its callees come. */
struct open {
	const char *s;		/* the name, in the stack it came from */
	size_t len;
	size_t end;		/* the offset in that stack where the name ends */
	size_t slot;		/* its frame in L->f */
	count cursor;		/* where the next callee starts */
	count xend;		/* where the last callee ended */
	count total[2], self[2];
	uint32_t nmore;		/* hidden callees ... */
	count mtotal[2];	/* ... and their samples */
};

struct builder {
	struct layout *L;
	const struct layout_opts *o;
	double minw;
	struct open *op;
	size_t n, cap;		/* op[0] is the root */
	const char *prev;	/* the stack before, whose frames are open */
	size_t prevlen;
};

/* A frame at the end of the layout, its fields unset. */
static struct lframe *
slot(struct layout *L)
{
	if (L->n == L->cap) {
		L->cap = growcap(L->cap, L->n + 1);
		L->f = ereallocarray(L->f, L->cap, sizeof(*L->f));
		if (L->self)
			L->self = ereallocarray(L->self, L->cap, sizeof(*L->self));
	}
	return &L->f[L->n++];
}

/* The same, zeroed. */
static struct lframe *
push(struct layout *L)
{
	struct lframe *f = slot(L);

	memset(f, 0, sizeof(*f));
	if (L->self)
		memset(L->self[L->n - 1], 0, sizeof(*L->self));
	return f;
}

static void
add2(count *a, const count *b)
{
	count_add(&a[0], b[0]);
	count_add(&a[1], b[1]);
}

/* Open a callee of the innermost open frame, named s[0..len), ending at
 * offset end of its stack. */
static void
open_frame(struct builder *b, const char *s, size_t len, size_t end)
{
	struct open *p, *v;
	struct lframe *f;

	b->op = egrowarray(b->op, &b->cap, b->n + 1, sizeof(*b->op));
	p = &b->op[b->n - 1];
	v = &b->op[b->n];
	v->s = s;
	v->len = len;
	v->end = end;
	v->slot = b->L->n;
	v->cursor = p->cursor;
	v->xend = p->cursor;
	memset(v->total, 0, sizeof(v->total));
	memset(v->self, 0, sizeof(v->self));
	memset(v->mtotal, 0, sizeof(v->mtotal));
	v->nmore = 0;
	/* the rest of the frame is written if it is drawn */
	f = slot(b->L);
	f->depth = (uint32_t)b->n++;
	f->nmore = 0;
	f->x = p->cursor;
}

static uint32_t
ends(const count *self)
{
	return (count_iszero(self[0]) ? 0u : 1u) | (count_iszero(self[1]) ? 0u : 2u);
}

/* The "+N more" box of frame v, after its shown callees. */
static void
more_box(struct builder *b, const struct open *v, uint32_t depth)
{
	struct lframe *f;

	if (!b->o->more || !v->nmore || count_val(v->mtotal[b->o->col]) < b->minw)
		return;
	f = push(b->L);
	f->name = LF_MORE;
	f->depth = depth + 1;
	f->nmore = v->nmore;
	f->x = v->xend;
	memcpy(f->total, v->mtotal, sizeof(f->total));
	f->ends = ends(v->mtotal);
	if (b->L->self)
		memcpy(b->L->self[b->L->n - 1], v->mtotal, sizeof(*b->L->self));
	if (f->depth > b->L->maxdepth)
		b->L->maxdepth = f->depth;
}

/* Close the innermost open frame: drawn, hidden (counted in its
 * caller's "+N more"), or nothing at all at these widths. */
static void
close_frame(struct builder *b)
{
	struct open *v = &b->op[--b->n], *p = &b->op[b->n - 1];
	const struct layout_opts *o = b->o;
	count w = v->total[o->col];
	struct lframe *f;

	add2(p->total, v->total);
	if (count_iszero(w)) {
		b->L->n = v->slot;
	} else if (count_val(w) < b->minw) {
		b->L->n = v->slot;	/* its callees are narrower still: gone */
		if (!o->more)
			count_add(&p->cursor, w);
		p->nmore++;
		add2(p->mtotal, v->total);
	} else {
		f = &b->L->f[v->slot];
		f->name = intern(&b->L->names, v->s, v->len);
		memcpy(f->total, v->total, sizeof(f->total));
		f->ends = ends(v->self);
		if (b->L->self)
			memcpy(b->L->self[v->slot], v->self, sizeof(*b->L->self));
		if (f->depth > b->L->maxdepth)
			b->L->maxdepth = f->depth;
		count_add(&p->cursor, w);
		more_box(b, v, f->depth);
	}
	p->xend = p->cursor;
}

/* How many frames (the root counted) of stack s[0..len) are the open
 * frames of the stack before. */
static size_t
shared(const struct builder *b, const char *s, size_t len, size_t lcp)
{
	size_t max = len < b->prevlen ? len : b->prevlen, l = 0, k, e;

	if (b->prev) {
		l = lcp < max ? lcp : max;
		l += str_mismatch(s + l, b->prev + l, max - l);
	}
	for (k = 1; k < b->n; k++) {
		e = b->op[k].end;
		if (e < l)
			continue;
		if (e == l && (l == len || s[l] == ';') && (l == b->prevlen || b->prev[l] == ';'))
			continue;
		break;
	}
	return k;
}

static void
add_stack(struct builder *b, const struct lstack *st)
{
	size_t k = shared(b, st->s, st->len, st->lcp), start, i;
	const char *semi;
	struct open *v;

	/* in a flame chart, a line of no samples that ends in an open
	 * frame comes between nothing */
	if (b->o->chart && k > 1 && b->op[k - 1].end == st->len &&
	    count_iszero(st->c[0]) && count_iszero(st->c[1]))
		return;
	while (b->n > k)
		close_frame(b);
	start = k > 1 ? b->op[k - 1].end + 1 : 0;
	while (start <= st->len) {
		semi = memchr(st->s + start, ';', st->len - start);
		i = semi ? (size_t)(semi - st->s) : st->len;
		open_frame(b, st->s + start, i - start, i);
		start = i + 1;
	}
	v = &b->op[b->n - 1];
	add2(v->self, st->c);
	add2(v->total, st->c);
	count_add(&v->cursor, st->c[b->o->col]);
	b->prev = st->s;
	b->prevlen = st->len;
}

/* One frame and its place among its siblings, for --sort=width. */
struct sib {
	count w;
	const char *s;
	size_t len;
	size_t i;
	int more;
	int leaf;	/* samples end in it */
};

static int
cmpsib(const void *a, const void *b)
{
	const struct sib *x = a, *y = b;
	int c;

	if (x->more != y->more)
		return x->more - y->more;
	if ((c = count_cmp(y->w, x->w)))
		return c;
	return sibling_order(x->s, x->len, x->leaf, y->s, y->len, y->leaf);
}

/* Callees widest first, from their caller's left edge (speedscope's
 * left-heavy order): the frames rewritten in the new pre-order. */
static void
sort_by_width(struct layout *L)
{
	size_t *size = ereallocarray(NULL, L->n, sizeof(*size));
	size_t *stk = ereallocarray(NULL, L->n, sizeof(*stk)), ns = 0, i, j, k, nsib;
	struct lframe *out = ereallocarray(NULL, L->cap, sizeof(*out));
	count (*oself)[2] = L->self ? ereallocarray(NULL, L->cap, sizeof(*oself)) : NULL;
	struct sib *sib = ereallocarray(NULL, L->n, sizeof(*sib));
	size_t nout = 0;
	count x;

	/* the size of every frame's subtree */
	for (i = 0; i < L->n; i++) {
		while (ns && L->f[stk[ns - 1]].depth >= L->f[i].depth) {
			ns--;
			size[stk[ns]] = i - stk[ns];
		}
		stk[ns++] = i;
	}
	while (ns--)
		size[stk[ns]] = L->n - stk[ns];
	ns = 0;
	stk[ns++] = 0;
	while (ns) {
		i = stk[--ns];
		if (oself)
			memcpy(oself[nout], L->self[i], sizeof(*oself));
		out[nout++] = L->f[i];
		for (nsib = 0, j = i + 1; j < i + size[i]; j += size[j]) {
			sib[nsib].w = layout_w(L, &L->f[j]);
			sib[nsib].s = layout_name(L, &L->f[j], &sib[nsib].len);
			sib[nsib].more = L->f[j].name == LF_MORE;
			sib[nsib].leaf = L->f[j].ends != 0;
			sib[nsib++].i = j;
		}
		qsort(sib, nsib, sizeof(*sib), cmpsib);
		x = L->f[i].x;
		for (k = 0; k < nsib; k++) {
			L->f[sib[k].i].x = x;
			count_add(&x, sib[k].w);
		}
		for (k = nsib; k-- > 0;)
			stk[ns++] = sib[k].i;
	}
	free(L->f);
	L->f = out;
	if (oself) {
		free(L->self);
		L->self = oself;
	}
	free(size);
	free(stk);
	free(sib);
}

void
layout_build(struct layout *L, const struct lstack *st, size_t n, const struct layout_opts *o)
{
	struct builder b = { 0 };
	count total[2] = { { 0, 0 }, { 0, 0 } };
	struct lframe *root;
	size_t i;

	memset(L, 0, sizeof(*L));
	L->col = o->col;
	intern_init(&L->names);
	for (i = 0; i < n; i++)
		add2(total, st[i].c);
	L->total = total[o->col];
	if (count_cmp(o->total, L->total) > 0)
		L->total = o->total;
	L->timemax = count_val(L->total);
	if (L->timemax <= 0)
		return;
	b.L = L;
	b.o = o;
	b.minw = o->minpct ? L->timemax * o->minwidth / 100 : o->minwidth * L->timemax / o->pxwidth;
	b.cap = 64;
	b.op = ecalloc(b.cap, sizeof(*b.op));
	b.n = 1;
	if (o->self)	/* grown beside L->f by slot() */
		L->self = ereallocarray(NULL, 1, sizeof(*L->self));
	root = push(L);
	root->name = LF_ROOT;
	for (i = 0; i < n; i++)
		add_stack(&b, &st[i]);
	while (b.n > 1)
		close_frame(&b);
	root = &L->f[0];
	memcpy(root->total, b.op[0].total, sizeof(root->total));
	more_box(&b, &b.op[0], 0);
	free(b.op);
	if (o->bywidth)
		sort_by_width(L);
}

const char *
layout_name(const struct layout *L, const struct lframe *f, size_t *len)
{
	if (f->name == LF_ROOT) {
		*len = 3;
		return "all";
	}
	if (f->name == LF_MORE) {
		*len = 0;
		return "";
	}
	*len = intern_len(&L->names, f->name);
	return intern_str(&L->names, f->name);
}

void
layout_free(struct layout *L)
{
	free(L->f);
	free(L->self);
	intern_free(&L->names);
	memset(L, 0, sizeof(*L));
}
