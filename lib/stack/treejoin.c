/* treejoin.c: two profiles joined frame by frame (see treejoin.h) */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/intern.h"
#include "base/util.h"
#include "stack/frame.h"
#include "stack/tree.h"
#include "stack/treejoin.h"

/* One profile's tree, and each key's label as first seen. */
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

/* Add stack s[0..n) with count c in column col; 0 when a sum overflows. */
static int
side_add(struct side *sd, const struct tjopts *o, const char *s, size_t n, count c,
    int col, char **kbuf, size_t *kcap)
{
	struct frameit it;
	size_t k = 0, klen;
	count cc[2] = { { 0, 0 }, { 0, 0 } };
	uint32_t id;

	*kbuf = egrowarray(*kbuf, kcap, n + 1, 1);
	for (frame_iter(&it, s, n, 0); frame_next(&it);) {
		klen = o->striplines ? strip_line(s + it.start, it.end - it.start, *kbuf + k) :
		    (memcpy(*kbuf + k, s + it.start, it.end - it.start), it.end - it.start);
		id = intern(&sd->keys, *kbuf + k, klen);
		if (id == sd->nlabel) {
			sd->label = egrowarray(sd->label, &sd->labelcap, sd->nlabel + 1, sizeof(*sd->label));
			sd->nlabel++;
			sd->label[id] = arena_strdup(&sd->arena, s + it.start, it.end - it.start);
		}
		k += klen;
		if (it.end < n)
			(*kbuf)[k++] = ';';
	}
	cc[col] = c;
	return tree_add(&sd->t, *kbuf, k, cc) != TNONE;
}

/* One profile's tree, from column col of the entries e[0..n); 0 when
 * a sum overflows. */
static int
side_build(struct side *sd, const struct tjopts *o, const struct stackent *e, size_t n, int col)
{
	char *kbuf = NULL;
	size_t kcap = 0, i;
	int ok = 1;

	memset(sd, 0, sizeof(*sd));
	tree_init(&sd->t, 0, 2);
	intern_init(&sd->keys);
	for (i = 0; ok && i < n; i++)
		if (!count_iszero(e[i].c[col]))
			ok = side_add(sd, o, e[i].s, e[i].len, e[i].c[col], col, &kbuf, &kcap);
	tree_finish(&sd->t);
	free(kbuf);
	return ok;
}

static void
side_free(struct side *sd)
{
	tree_free(&sd->t);
	intern_free(&sd->keys);
	free(sd->label);
	arena_free(&sd->arena);
}

static const char *
node_label(const struct side *sd, uint32_t v)
{
	size_t n = tree_namelen(&sd->t, v);

	return sd->label[intern_find(&sd->keys, tree_name(&sd->t, v), n)];
}

/* The label a path of the join shows for a node of side k: the
 * target's label of its key wherever the target has the key, so that
 * one key is one frame (a function whose lines moved, with striplines,
 * is not its target label where paired and its baseline label where it
 * vanished). */
static const char *
join_label(const struct side *sd, int k, uint32_t v)
{
	uint32_t id = k ? UINT32_MAX :
	    intern_find(&sd[1].keys, tree_name(&sd[0].t, v), tree_namelen(&sd[0].t, v));

	return id != UINT32_MAX ? sd[1].label[id] : node_label(&sd[k], v);
}

/* Names compare as the tree orders siblings (see intern_ranks). */
static int
cmp_keys(const struct side *a, uint32_t x, const struct side *b, uint32_t y)
{
	return sibling_cmp(tree_name(&a->t, x), tree_namelen(&a->t, x), tree_name(&b->t, y),
	    tree_namelen(&b->t, y));
}

/* A baseline node and a target node paired (either may be TNONE), and
 * the length of their parent's path. */
struct pair {
	uint32_t b, t;
	size_t parentlen;
};

/* The walk of both trees: the pairs still to visit, and the children
 * of the pair at hand that found no equal key. */
struct walk {
	struct side *sd;	/* [0] baseline, [1] target */
	const struct tjopts *o;
	struct pair *stack;
	size_t n, cap;
	uint32_t *bonly, *tonly;
	size_t nb, nt, capb, capt;
};

static void
push(struct walk *w, uint32_t b, uint32_t t, size_t parentlen)
{
	w->stack = egrowarray(w->stack, &w->cap, w->n + 1, sizeof(*w->stack));
	w->stack[w->n].b = b;
	w->stack[w->n].t = t;
	w->stack[w->n++].parentlen = parentlen;
}

static int
wild(struct walk *w, int side, uint32_t v)
{
	const char *l = node_label(&w->sd[side], v);

	return w->o->wild && w->o->wild->n && pat_frame(w->o->wild, l, strlen(l));
}

static void
keep(uint32_t **list, size_t *n, size_t *cap, uint32_t v)
{
	*list = egrowarray(*list, cap, *n + 1, sizeof(**list));
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

/* Visit the pairs from the roots down, each path with a count into u;
 * 0 when a sum overflows. */
static int
join_walk(struct walk *w, struct stackmap *u)
{
	const struct side *sd = w->sd;
	struct pair cur;
	count c[2];
	char *path = NULL;
	size_t cap = 0, len, n;
	const char *label;
	int ok = 1;

	pair_children(w, 0, 0, 0);
	while (ok && w->n) {
		cur = w->stack[--w->n];
		label = cur.t != TNONE ? join_label(sd, 1, cur.t) : join_label(sd, 0, cur.b);
		n = strlen(label);
		len = cur.parentlen;
		path = egrowarray(path, &cap, len + n + 2, 1);
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
			ok = stackmap_add(u, path, len, c, 2);
		pair_children(w, cur.b, cur.t, len);
	}
	free(path);
	return ok;
}

struct stackent *
treejoin(struct stackmap *out, const struct stackent *e, size_t n, const struct tjopts *o)
{
	struct side sd[2];
	struct walk w = { 0 };
	int ok;

	stackmap_init(out);
	ok = side_build(&sd[0], o, e, n, 0);
	ok = side_build(&sd[1], o, e, n, 1) && ok;
	w.sd = sd;
	w.o = o;
	ok = ok && join_walk(&w, out);
	side_free(&sd[0]);
	side_free(&sd[1]);
	free(w.stack);
	free(w.bonly);
	free(w.tonly);
	return ok ? stackmap_sort(out) : NULL;
}
