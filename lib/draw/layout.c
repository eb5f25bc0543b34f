/* layout.c: which frames a flame graph draws, and where */
#include <stdlib.h>
#include <string.h>

#include "draw/layout.h"
#include "base/util.h"

static struct lframe *
push(struct layout *L)
{
	if (L->n == L->cap) {
		L->cap = L->cap ? L->cap * 2 : 1024;
		L->f = ereallocarray(L->f, L->cap, sizeof(*L->f));
	}
	memset(&L->f[L->n], 0, sizeof(*L->f));
	return &L->f[L->n++];
}

/* A frame waiting to be emitted: a node (or a more box) and its start. */
struct pending {
	uint32_t node;
	uint32_t depth;
	uint32_t nmore;
	count x;
	count total[2], self[2];
};

struct stack {
	struct pending *p;
	size_t n, cap;
};

static struct pending *
spush(struct stack *s)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 256;
		s->p = ereallocarray(s->p, s->cap, sizeof(*s->p));
	}
	memset(&s->p[s->n], 0, sizeof(*s->p));
	return &s->p[s->n++];
}

static void
add2(count *a, const count *b)
{
	count_add(&a[0], b[0]);
	count_add(&a[1], b[1]);
}

/* Queue the children of the frame just emitted, in reverse so that the
 * leftmost comes off the stack first. */
static void
queue_children(const struct tree *t, const struct layout_opts *o, double minw,
    const struct pending *parent, struct stack *s, struct stack *tmp)
{
	const struct tnode *v;
	struct pending *c, more;
	count x = parent->x;
	int chart = t->chart;
	uint32_t k;
	size_t i;

	tmp->n = 0;
	memset(&more, 0, sizeof(more));
	more.node = TNONE;
	more.depth = parent->depth + 1;
	/* A frame's own samples come first, as in a graph from sorted lines
	 * (a stack sorts before its callees'); in a flame chart they stay
	 * where they came in time, between the callees. */
	if (!chart && parent->node != 0)
		count_add(&x, t->node[parent->node].self[o->col]);
	for (k = t->node[parent->node].child; k != TNONE; k = v->sibling) {
		v = &t->node[k];
		if (chart)
			count_add(&x, t->lead[k][o->col]);
		if (count_iszero(v->total[o->col]))
			continue;	/* nothing to draw at these widths */
		if (count_val(v->total[o->col]) < minw) {
			if (!o->more)
				count_add(&x, v->total[o->col]);
			more.nmore++;
			add2(more.total, v->total);
			add2(more.self, v->total);
			continue;
		}
		c = spush(tmp);
		c->node = k;
		c->depth = parent->depth + 1;
		c->x = x;
		memcpy(c->total, v->total, sizeof(c->total));
		memcpy(c->self, v->self, sizeof(c->self));
		count_add(&x, v->total[o->col]);
	}
	if (o->more && more.nmore && count_val(more.total[o->col]) >= minw) {
		more.x = x;
		*spush(s) = more;
	}
	for (i = tmp->n; i-- > 0;)
		*spush(s) = tmp->p[i];
}

void
layout_build(struct layout *L, const struct tree *t, const struct layout_opts *o)
{
	struct stack s = { 0 }, tmp = { 0 };
	struct pending *root, cur;
	struct lframe *f;
	double minw;

	memset(L, 0, sizeof(*L));
	L->total = t->node[0].total[o->col];
	if (count_cmp(o->total, L->total) > 0)
		L->total = o->total;
	L->timemax = count_val(L->total);
	if (L->timemax <= 0)
		return;
	minw = o->minpct ? L->timemax * o->minwidth / 100 : o->minwidth * L->timemax / o->pxwidth;
	root = spush(&s);
	root->node = 0;
	memcpy(root->total, t->node[0].total, sizeof(root->total));
	memcpy(root->self, t->node[0].self, sizeof(root->self));
	while (s.n) {
		cur = s.p[--s.n];
		f = push(L);
		f->node = cur.node;
		f->depth = cur.depth;
		f->nmore = cur.nmore;
		f->x = cur.x;
		f->w = cur.node == 0 ? L->total : cur.total[o->col];
		memcpy(f->total, cur.total, sizeof(f->total));
		memcpy(f->self, cur.self, sizeof(f->self));
		if (cur.depth > L->maxdepth)
			L->maxdepth = cur.depth;
		if (cur.node != TNONE)
			queue_children(t, o, minw, &cur, &s, &tmp);
	}
	free(s.p);
	free(tmp.p);
}

void
layout_free(struct layout *L)
{
	free(L->f);
	memset(L, 0, sizeof(*L));
}
