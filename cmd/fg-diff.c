/* fg-diff: two profiles to differential lines "STACK BASE TARGET" */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/fheader.h"
#include "base/par.h"
#include "read/folded.h"
#include "read/merge.h"
#include "stack/frame.h"
#include "base/out.h"
#include "stack/pattern.h"
#include "stack/stackmap.h"
#include "stack/tree.h"
#include "base/util.h"

/* The default wildcard: Julia REPL frames, "f at REPL[3]:5". */
#define REPL_WILDCARD "\\[[0-9]+\\]:[0-9]+$"

enum { NORM_OFF, NORM_TRUNC, NORM_EXACT };

struct opts {
	int normalize, striphex, striplines, simplify;
	int defaultwild;	/* the REPL wildcard is on */
	struct patset wild;	/* every wildcard, default included */
};

static struct fhjoin hdr;	/* the two inputs' unit headers */

struct profile {
	const char *path;
	count total;
	int anywild;		/* a frame may match the default wildcard */
};

static void
usage(void)
{
	printf("usage: %s [-n | --normalize[=exact]] [-s] [--strip-lines] [--simplify]\n"
	    "       [--wildcard REGEX]... [--no-wildcard] BASELINE TARGET\n"
	    "  -n, --normalize        scale the baseline to the target's total (truncated)\n"
	    "      --normalize=exact  ... keeping the exact decimal values\n"
	    "  -s, --strip-hex        replace hex addresses 0x... before matching\n"
	    "      --strip-lines      match Julia frames without their line numbers\n"
	    "      --wildcard REGEX   frames it matches compare equal among siblings\n"
	    "      --no-wildcard      not even Julia REPL frames (the default wildcard)\n"
	    "      --simplify         keep only the widest root of each profile\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
}

/* Could a frame of s[0..n) match the REPL wildcard?  It needs "]:";
 * memchr finds the rare ']' far faster than memmem finds a pair. */
static int
maybe_repl(const char *s, size_t n)
{
	const char *p = s, *end = s + n;

	while ((p = memchr(p, ']', end - p)) && ++p < end)
		if (*p == ':')
			return 1;
	return 0;
}

static void
add_total(struct freader *r, count *total, count c)
{
	if (!count_add(total, c))
		fr_error(r, "sum of counts overflows");
}

static void
one_count_only(struct freader *r, struct fline *l)
{
	if (l->ncounts == 2)
		fr_error(r, "two counts on a line: fg-diff compares two one-count profiles");
}

/* Replace every 0x[0-9a-fA-F]+ with "0x..." (difffolded.pl -s). */
static size_t
strip_hex(const char *s, size_t n, char *out)
{
	size_t i = 0, k = 0;

	while (i < n) {
		if (i + 2 < n && s[i] == '0' && s[i + 1] == 'x' && isxdigit((unsigned char)s[i + 2])) {
			memcpy(out + k, "0x...", 5);
			k += 5;
			for (i += 2; i < n && isxdigit((unsigned char)s[i]); i++)
				;
			continue;
		}
		out[k++] = s[i++];
	}
	return k;
}

/*
 * The baseline's count as printed: scaled to the target's total with -n
 * (difffolded.pl: int(base * total2 / total1)).  Integer counts scale
 * exactly, in 128 bits: base <= total1, so the result is at most total2
 * and always fits.  --normalize=exact keeps the fraction, rounding to
 * the 15 digits counts print with; decimal counts scale in doubles.
 */
static count
scaled(const struct opts *o, count base, count t1, count t2)
{
	__uint128_t q;
	count c;
	double v;

	if (o->normalize == NORM_OFF || !count_cmp(t1, t2) || count_iszero(t1))
		return base;
	if (!count_frac || o->normalize == NORM_EXACT) {
		if (t1.u && t1.d == (double)t1.u) {
			q = (__uint128_t)base.u * t2.u;
			c.u = (uint64_t)(q / t1.u);
			/* never past t2: base * t2 / t1 <= t2 */
			if (o->normalize == NORM_EXACT && 2 * (q % t1.u) >= t1.u)
				c.u++;
			c.d = o->normalize == NORM_EXACT ? count_val(base) * count_val(t2) / count_val(t1) :
			    (double)c.u;
			return c;
		}
	}
	v = count_val(base) * count_val(t2) / count_val(t1);
	if (o->normalize == NORM_TRUNC)
		v = v < 18446744073709551616.0 ? (double)(uint64_t)v : v;
	c.u = v < 18446744073709551616.0 ? (uint64_t)v : UINT64_MAX;
	c.d = v;
	return c;
}

/* A count as count_fmt prints it, but exact where a double is not:
 * from 2^53 on a double holds no fraction, and the integer is exact. */
static void
out_exact(count c)
{
	if (count_frac && c.d >= 9007199254740992.0)
		out_u64(c.u);
	else
		out_count(c);
}

static void
print_pair(const struct opts *o, const char *s, size_t n, count b, count t,
    const count *totals)
{
	count c[2];

	c[0] = scaled(o, b, totals[0], totals[1]);
	c[1] = t;
	out_mem(s, n);
	out_char(' ');
	out_exact(c[0]);
	out_char(' ');
	out_exact(c[1]);
	out_char('\n');
}

/*
 * Matching frame by frame, for --strip-lines, --simplify and wildcards.
 * Each profile becomes a tree keyed by frame (less its line number with
 * --strip-lines); the trees are walked together, pairing the children
 * of paired nodes: equal keys first, then the remaining frames that
 * match a wildcard, in sorted order (ProfileVega aligns renamed REPL
 * functions this way).  A paired frame prints with the target's label.
 */
struct side {
	struct tree t;
	struct interner keys;	/* frame key -> id into label[] */
	char **label;
	size_t nlabel, labelcap;
	struct arena arena;
};

/* "f at x.jl:12 [inlined]_[d]" -> "f at x.jl [inlined]_[d]" */
static size_t
strip_line(const char *f, size_t n, char *out)
{
	const char *file, *p;
	size_t flen, k;

	memcpy(out, f, n);
	if (!frame_file(f, n, &file, &flen))
		return n;
	p = file + flen;	/* the ':' before the line */
	if (p >= f + n || *p != ':')
		return n;
	for (k = 1; p + k < f + n && isdigit((unsigned char)p[k]); k++)
		;
	if (k == 1)
		return n;
	memcpy(out + (p - f), p + k, (f + n) - (p + k));
	return n - k;
}

static void
side_add(struct side *sd, const struct opts *o, const char *s, size_t n, count c,
    int col, char **kbuf, size_t *kcap)
{
	struct frameit it;
	size_t k = 0, klen;
	count cc[2] = { { 0, 0 }, { 0, 0 } };
	uint32_t id;

	if (n + 1 > *kcap) {
		*kcap = 2 * n + 1;
		*kbuf = erealloc(*kbuf, *kcap);
	}
	for (frame_iter(&it, s, n, 0); frame_next(&it);) {
		klen = o->striplines ? strip_line(s + it.start, it.end - it.start, *kbuf + k) :
		    (memcpy(*kbuf + k, s + it.start, it.end - it.start), it.end - it.start);
		id = intern(&sd->keys, *kbuf + k, klen);
		if (id == sd->nlabel) {
			if (sd->nlabel == sd->labelcap) {
				sd->labelcap = sd->labelcap ? 2 * sd->labelcap : 1024;
				sd->label = ereallocarray(sd->label, sd->labelcap, sizeof(*sd->label));
			}
			sd->nlabel++;
			sd->label[id] = arena_strdup(&sd->arena, s + it.start, it.end - it.start);
		}
		k += klen;
		if (it.end < n)
			(*kbuf)[k++] = ';';
	}
	cc[col] = c;
	if (tree_add(&sd->t, *kbuf, k, cc) == TNONE)
		eprintf("sum of counts overflows");
}

/* One profile's tree, from column col of the sorted entries e[0..n). */
static void
side_build(struct side *sd, const struct opts *o, const struct stackent *e, size_t n, int col)
{
	char *kbuf = NULL;
	size_t kcap = 0, i;

	memset(sd, 0, sizeof(*sd));
	tree_init(&sd->t, 0, 2);
	intern_init(&sd->keys);
	for (i = 0; i < n; i++)
		if (!count_iszero(e[i].c[col]))
			side_add(sd, o, e[i].s, e[i].len, e[i].c[col], col, &kbuf, &kcap);
	tree_finish(&sd->t);
	free(kbuf);
}

static const char *
node_label(const struct side *sd, uint32_t v)
{
	size_t n = tree_namelen(&sd->t, v);

	return sd->label[intern_find(&sd->keys, tree_name(&sd->t, v), n)];
}

/* Names compare as the tree orders siblings (see intern_ranks). */
static int
cmp_keys(const struct side *a, uint32_t x, const struct side *b, uint32_t y)
{
	return sibling_cmp(tree_name(&a->t, x), tree_namelen(&a->t, x), tree_name(&b->t, y),
	    tree_namelen(&b->t, y));
}

struct pair {
	uint32_t b, t;
	size_t parentlen;
};

struct walk {
	struct side *sd;	/* [0] baseline, [1] target */
	const struct opts *o;
	struct pair *stack;
	size_t n, cap;
	uint32_t *bonly, *tonly;
	size_t nb, nt, capb, capt;
};

static void
push(struct walk *w, uint32_t b, uint32_t t, size_t parentlen)
{
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 256;
		w->stack = ereallocarray(w->stack, w->cap, sizeof(*w->stack));
	}
	w->stack[w->n].b = b;
	w->stack[w->n].t = t;
	w->stack[w->n++].parentlen = parentlen;
}

static int
wild(struct walk *w, int side, uint32_t v)
{
	const char *l = node_label(&w->sd[side], v);

	return w->o->wild.n && pat_frame(&w->o->wild, l, strlen(l));
}

static void
keep(uint32_t **list, size_t *n, size_t *cap, uint32_t v)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		*list = ereallocarray(*list, *cap, sizeof(**list));
	}
	(*list)[(*n)++] = v;
}

/* The widest child of v (for --simplify), or TNONE. */
static uint32_t
widest(const struct tree *t, uint32_t v, int col)
{
	uint32_t c, best = TNONE;

	for (c = t->node[v].child; c != TNONE; c = t->node[c].sibling)
		if (best == TNONE || count_cmp(t->node[c].total[col], t->node[best].total[col]) > 0)
			best = c;
	return best;
}

static void pair_wild(struct walk *w, size_t len);

/* Push the pairs of children of b and t (either may be TNONE). */
static void
pair_children(struct walk *w, uint32_t b, uint32_t t, size_t len)
{
	const struct tree *bt = &w->sd[0].t, *tt = &w->sd[1].t;
	uint32_t x, y;
	int c;

	w->nb = w->nt = 0;
	if (w->o->simplify && b == 0 && t == 0) {
		x = widest(bt, 0, 0);
		y = widest(tt, 0, 1);
		if (x != TNONE && y != TNONE &&
		    (!cmp_keys(&w->sd[0], x, &w->sd[1], y) || (wild(w, 0, x) && wild(w, 1, y))))
			push(w, x, y, len);
		else {
			if (x != TNONE)
				push(w, x, TNONE, len);
			if (y != TNONE)
				push(w, TNONE, y, len);
		}
		return;
	}
	x = b == TNONE ? TNONE : bt->node[b].child;
	y = t == TNONE ? TNONE : tt->node[t].child;
	while (x != TNONE || y != TNONE) {
		c = x == TNONE ? 1 : y == TNONE ? -1 : cmp_keys(&w->sd[0], x, &w->sd[1], y);
		if (c == 0) {
			push(w, x, y, len);
			x = bt->node[x].sibling;
			y = tt->node[y].sibling;
		} else if (c < 0) {
			keep(&w->bonly, &w->nb, &w->capb, x);
			x = bt->node[x].sibling;
		} else {
			keep(&w->tonly, &w->nt, &w->capt, y);
			y = tt->node[y].sibling;
		}
	}
	pair_wild(w, len);
}

/* Children keys two nodes share: how alike two renamed frames are. */
static int
overlap(struct walk *w, uint32_t b, uint32_t t)
{
	uint32_t x = w->sd[0].t.node[b].child, y = w->sd[1].t.node[t].child;
	int c, n = 0;

	while (x != TNONE && y != TNONE) {
		c = cmp_keys(&w->sd[0], x, &w->sd[1], y);
		if (c == 0)
			n++;
		if (c <= 0)
			x = w->sd[0].t.node[x].sibling;
		if (c >= 0)
			y = w->sd[1].t.node[y].sibling;
	}
	return n;
}

/*
 * The unmatched children that match a wildcard pair up: each baseline
 * frame, in sorted order, with the unpaired target frame whose callees
 * it shares most (the first in sorted order on a tie), so a renamed
 * function's loops line up even when lines moved.  The rest stay alone.
 */
static void
pair_wild(struct walk *w, size_t len)
{
	size_t i, j, best;
	int score, bestscore;

	for (j = 0; j < w->nt; j++)
		if (!wild(w, 1, w->tonly[j])) {
			push(w, TNONE, w->tonly[j], len);
			w->tonly[j] = TNONE;
		}
	for (i = 0; i < w->nb; i++) {
		if (!wild(w, 0, w->bonly[i])) {
			push(w, w->bonly[i], TNONE, len);
			continue;
		}
		best = w->nt;
		bestscore = -1;
		for (j = 0; j < w->nt; j++) {
			if (w->tonly[j] == TNONE)
				continue;
			score = overlap(w, w->bonly[i], w->tonly[j]);
			if (score > bestscore) {
				best = j;
				bestscore = score;
			}
		}
		if (best < w->nt) {
			push(w, w->bonly[i], w->tonly[best], len);
			w->tonly[best] = TNONE;
		} else {
			push(w, w->bonly[i], TNONE, len);
		}
	}
	for (j = 0; j < w->nt; j++)
		if (w->tonly[j] != TNONE)
			push(w, TNONE, w->tonly[j], len);
}

static void
tree_join(const struct opts *o, const struct stackent *e0, size_t ne, const count *totals)
{
	struct side sd[2];
	struct walk w = { 0 };
	struct stackmap u;
	struct stackent *e;
	struct pair cur;
	count c[2];
	char *path = NULL;
	size_t cap = 0, len, n, i;
	const char *label;

	side_build(&sd[0], o, e0, ne, 0);
	side_build(&sd[1], o, e0, ne, 1);
	w.sd = sd;
	w.o = o;
	stackmap_init(&u);
	pair_children(&w, 0, 0, 0);
	while (w.n) {
		cur = w.stack[--w.n];
		label = cur.t != TNONE ? node_label(&sd[1], cur.t) : node_label(&sd[0], cur.b);
		n = strlen(label);
		len = cur.parentlen;
		if (len + n + 2 > cap) {
			cap = 2 * (len + n + 2);
			path = erealloc(path, cap);
		}
		if (len)
			path[len++] = ';';
		memcpy(path + len, label, n);
		len += n;
		memset(c, 0, sizeof(c));
		if (cur.b != TNONE)
			c[0] = sd[0].t.node[cur.b].self[0];
		if (cur.t != TNONE)
			c[1] = sd[1].t.node[cur.t].self[1];
		if (!count_iszero(c[0]) || !count_iszero(c[1]))
			if (!stackmap_add(&u, path, len, c, 2))
				eprintf("sum of counts overflows");
		pair_children(&w, cur.b, cur.t, len);
	}
	e = stackmap_sort(&u);
	for (i = 0; i < u.n; i++)
		print_pair(o, e[i].s, e[i].len, e[i].c[0], e[i].c[1], totals);
	stackmap_free(&u);
	for (i = 0; i < 2; i++) {
		tree_free(&sd[i].t);
		intern_free(&sd[i].keys);
		free(sd[i].label);
		arena_free(&sd[i].arena);
	}
	free(w.stack);
	free(w.bonly);
	free(w.tonly);
	free(path);
}

/* What every data line of a profile is checked for, as it is read. */
static void
check_line(struct freader *r, struct fline *l, struct profile *p, const struct opts *o)
{
	one_count_only(r, l);
	add_total(r, &p->total, l->c[0]);
	if (o->defaultwild && maybe_repl(l->stack, l->len))
		p->anywild = 1;
}

/* Both profiles, read once each. */
struct job {
	const struct opts *o;
	struct profile *p;
	struct fmerge mg;
	struct stackmap sorted;	/* what the merge joined, in order */
	struct stackmap rest[2];	/* the rest of each profile, sorted */
	/* the three sorted runs, for stackent_merge */
	struct stackent *run[3];
	size_t *lcp[3], nrun[3];
};

static void
merged_line(struct fmerge_in *in, int i, void *arg)
{
	struct job *j = arg;

	check_line(&in->r, &in->l, &j->p[i], j->o);
}

static void
merged_stack(const char *s, size_t len, const count *c, int ncols, void *arg)
{
	struct job *j = arg;
	struct stackent *e = stackmap_push(&j->sorted, s, len);

	(void)ncols;
	e->c[0] = c[0];
	e->c[1] = c[1];
}

/* A comment before a profile's stacks: its unit header is joined with
 * the other profile's; other comments are left out.  (The threads that
 * read on after the join skip comments: a header comes first.) */
static void
diff_comment(struct fmerge_in *in, void *arg)
{
	(void)arg;
	fhj_line(&hdr, &in->r, &in->l);
}

/* One profile's lines the merge join did not take, into a map of its own. */
struct rest {
	struct job *j;
	int col;
	struct stackmap m;
	struct stackbatch b;
	char *buf;
	size_t cap;
};

static void
rest_add(struct rest *x, struct fmerge_in *in)
{
	const char *s = in->l.stack;
	size_t n = in->l.len;
	count c[2] = { { 0, 0 }, { 0, 0 } };

	if (x->j->o->striphex) {
		/* "0x1" grows to "0x...": at most 5/3 longer */
		if (2 * n + 8 > x->cap) {
			x->cap = 2 * n + 8;
			x->buf = erealloc(x->buf, x->cap);
		}
		n = strip_hex(s, n, x->buf);
		s = x->buf;
	}
	c[x->col] = in->l.c[0];
	stackbatch_add(&x->b, &x->m, s, n, c, 2, in->r.name, in->r.lineno);
}

static void
rest_read(void *arg)
{
	struct rest *x = arg;
	struct fmerge_in *in = &x->j->mg.in[x->col];

	/* lines go to the map from where they lie, unless rewritten */
	if (!x->j->o->striphex) {
		stackbatch_lend(&x->b, &x->m);
		lines_onrelease(&in->r.in, stackbatch_release, &x->b);
	}
	if (in->live)
		rest_add(x, in);
	while (fr_next(&in->r, &in->l))
		if (in->l.ncounts) {
			check_line(&in->r, &in->l, &x->j->p[x->col], x->j->o);
			rest_add(x, in);
		}
	stackbatch_flush(&x->b, &x->m);
	lines_onrelease(&in->r.in, NULL, NULL);
	stackmap_sort(&x->m);
	free(x->b.buf);
	free(x->buf);
}

/*
 * Read both profiles once.  Sorted ones (the suite's own output) are
 * merge-joined as they come, without a hash; from the first line out of
 * order on (or from the start with --strip-hex, which changes the
 * order), each profile goes on into a map of its own, the target in a
 * second thread.  The result: three sorted runs in j->run, to be
 * merged (stackent_merge) into every stack once, with both counts.
 * Files are mapped, not read: the maps keep their stacks where they lie
 * in the files' pages (but for --strip-hex's rewrites).
 */
static void
read_both(struct job *j)
{
	static const int col[2] = { 0, 1 };
	char *paths[2] = { (char *)j->p[0].path, (char *)j->p[1].path };
	struct rest x[2];
	struct par par;
	int k, i, mapped[2];

	fr_ncounts = 0;
	fmerge_open(&j->mg, 2, paths, col);
	for (k = 0; k < 2; k++)
		mapped[k] = lines_map(&j->mg.in[k].r.in);
	j->mg.stack = merged_stack;
	j->mg.line = merged_line;
	j->mg.comment = diff_comment;
	j->mg.arg = j;
	j->mg.ncols = 2;
	stackmap_init(&j->sorted);
	j->sorted.keep = mapped[0] && mapped[1];
	j->run[0] = j->sorted.ent;
	j->nrun[0] = j->sorted.n;
	if (!j->o->striphex) {
		if (fmerge_run(&j->mg) < 0) {
			j->run[0] = j->sorted.ent;
			j->nrun[0] = j->sorted.n;
			return;
		}
	} else {
		/* the first data line of each decides the count columns,
		 * before two threads read on */
		for (k = 0; k < 2; k++)
			while ((j->mg.in[k].live = fr_next(&j->mg.in[k].r, &j->mg.in[k].l)) &&
			    !j->mg.in[k].l.ncounts)
				diff_comment(&j->mg.in[k], j);
		for (k = 0; k < 2; k++)
			if (j->mg.in[k].live)
				merged_line(&j->mg.in[k], k, j);
	}
	memset(x, 0, sizeof(x));
	for (k = 0; k < 2; k++) {
		x[k].j = j;
		x[k].col = k;
		stackmap_init(&x[k].m);
		x[k].m.keep = mapped[k] && !j->o->striphex;
	}
	i = par_start(&par, rest_read, &x[1]);
	rest_read(&x[0]);
	par_done(&par, 0);
	if (i)
		par_join(&par);
	else
		rest_read(&x[1]);
	j->run[0] = j->sorted.ent;
	j->nrun[0] = j->sorted.n;
	for (k = 0; k < 2; k++) {
		j->rest[k] = x[k].m;
		j->run[k + 1] = x[k].m.ent;
		j->nrun[k + 1] = x[k].m.n;
		j->lcp[k + 1] = x[k].m.lcp;
	}
}

static void
print_ent(const struct stackent *e, size_t lcp, void *arg)
{
	struct job *j = arg;
	count totals[2] = { j->p[0].total, j->p[1].total };

	(void)lcp;
	print_pair(j->o, e->s, e->len, e->c[0], e->c[1], totals);
}

int
main(int argc, char **argv)
{
	enum { O_STRIPLINES = 256, O_WILDCARD, O_NOWILDCARD, O_SIMPLIFY, O_VERSION };
	static const struct option longopts[] = {
		{ "normalize", optional_argument, NULL, 'n' },
		{ "strip-hex", no_argument, NULL, 's' },
		{ "strip-lines", no_argument, NULL, O_STRIPLINES },
		{ "wildcard", required_argument, NULL, O_WILDCARD },
		{ "no-wildcard", no_argument, NULL, O_NOWILDCARD },
		{ "simplify", no_argument, NULL, O_SIMPLIFY },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, O_VERSION },
		{ 0 }
	};
	struct opts o = { 0 };
	struct profile p[2];
	struct job j;
	struct stackent *e;
	size_t n;
	count totals[2];
	int c, k, userwild = 0, nowild = 0;
	char **wilds = NULL;
	int nwilds = 0;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "nsh", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			if (!optarg)
				o.normalize = NORM_TRUNC;
			else if (!strcmp(optarg, "exact"))
				o.normalize = NORM_EXACT;
			else
				usage_error("bad normalize mode: '%s'", optarg);
			break;
		case 's': o.striphex = 1; break;
		case O_STRIPLINES: o.striplines = 1; break;
		case O_WILDCARD:
			wilds = ereallocarray(wilds, nwilds + 1, sizeof(*wilds));
			wilds[nwilds++] = optarg;
			userwild = 1;
			break;
		case O_NOWILDCARD: nowild = 1; break;
		case O_SIMPLIFY: o.simplify = 1; break;
		case 'h': usage(); break;
		case O_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc != 2)
		usage_error("two profiles expected, BASELINE and TARGET");
	if (!strcmp(argv[0], "-") && !strcmp(argv[1], "-"))
		usage_error("standard input can be only one of the profiles");
	o.defaultwild = !nowild;
	if (!nowild)
		pat_add(&o.wild, PAT_REGEX, REPL_WILDCARD);
	for (k = 0; k < nwilds; k++)
		pat_add(&o.wild, PAT_REGEX, wilds[k]);
	if (o.normalize == NORM_EXACT)
		count_frac = 1;
	memset(p, 0, sizeof(p));
	p[0].path = argv[0];
	p[1].path = argv[1];
	memset(&j, 0, sizeof(j));
	j.o = &o;
	j.p = p;
	read_both(&j);
	/* the inputs' unit, and what is compared: the operands */
	fhj_settle(&hdr, 2);
	fh_set(&hdr.h, FH_BASELINE, displayname(argv[0]));
	fh_set(&hdr.h, FH_TARGET, displayname(argv[1]));
	fh_print(&hdr.h);
	totals[0] = p[0].total;
	totals[1] = p[1].total;
	if (o.striplines || o.simplify || userwild || p[0].anywild || p[1].anywild) {
		if (!(e = stackent_merge(j.run, j.lcp, j.nrun, 3, &n)))
			eprintf("sum of counts overflows");
		tree_join(&o, e, n, totals);
		free(e);
	} else if (!stackent_merge_each(j.run, j.lcp, j.nrun, 3, print_ent, &j)) {
		eprintf("sum of counts overflows");
	}
	stackmap_free(&j.sorted);
	for (k = 0; k < 2; k++)
		stackmap_free(&j.rest[k]);
	fmerge_close(&j.mg);
	/* an empty side is allowed, and said (fg(7)) */
	if (count_iszero(p[0].total))
		weprintf("%s: the baseline has no samples: every stack is new",
		    displayname(p[0].path));
	if (count_iszero(p[1].total))
		weprintf("%s: the target has no samples: every stack vanished",
		    displayname(p[1].path));
	out_flush();
	pat_free(&o.wild);
	free(wilds);
	return 0;
}
