/* depth.c: the stacks of an indented call tree, as a tree (see depth.h) */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/out.h"
#include "base/util.h"
#include "stack/depth.h"
#include "stack/frame.h"
#include "stack/stackmap.h"

void
depth_init(struct depthstack *d)
{
	memset(d, 0, sizeof(*d));
	intern_init(&d->names);
	d->node = egrowarray(NULL, &d->nodecap, 1, sizeof(*d->node));
	memset(d->node, 0, sizeof(*d->node));
	d->nnode = 1;
	htab_init(&d->tab, 0);
}

void
depth_free(struct depthstack *d)
{
	intern_free(&d->names);
	free(d->node);
	htab_free(&d->tab);
	free(d->at);
	bytes_free(&d->tmp);
	memset(d, 0, sizeof(*d));
}

/* The node of name under parent, made if new. */
static uint32_t
child(struct depthstack *d, uint32_t parent, uint32_t name)
{
	struct hprobe p;
	struct dnode *v;
	uint32_t k;

	htab_probe(&d->tab, &p, hash_mix((uint64_t)parent << 32 | name));
	while ((k = htab_next(&d->tab, &p)) != HTAB_NONE)
		if (d->node[k].parent == parent && d->node[k].name == name)
			return k;
	/* an item is a node's number times 2 (plus 1): below 2^32 */
	if (d->nnode >= ((size_t)1 << 31) - 1)
		eprintf("too many distinct stacks");
	d->node = egrowarray(d->node, &d->nodecap, d->nnode + 1, sizeof(*d->node));
	v = &d->node[d->nnode];
	memset(v, 0, sizeof(*v));
	v->name = name;
	v->parent = parent;
	v->sibling = d->node[parent].child;
	d->node[parent].child = (uint32_t)d->nnode;
	htab_put(&d->tab, &p, (uint32_t)d->nnode);
	return (uint32_t)d->nnode++;
}

void
depth_cut(struct depthstack *d, size_t depth)
{
	if (depth < d->n)
		d->n = depth;
}

int
depth_set(struct depthstack *d, size_t depth, const char *f, size_t len)
{
	uint32_t name;

	if (depth > d->n)
		return 0;
	d->tmp.n = 0;
	bytes_put(&d->tmp, f, len);
	bytes_put(&d->tmp, "__", 2);
	name = intern(&d->names, (char *)d->tmp.p, frame_clean((char *)d->tmp.p, len));
	d->at = egrowarray(d->at, &d->cap, depth + 1, sizeof(*d->at));
	d->at[depth] = child(d, depth ? d->at[depth - 1] : 0, name);
	d->n = depth + 1;
	return 1;
}

int
depth_add(struct depthstack *d, count c)
{
	struct dnode *v = &d->node[d->at[d->n - 1]];

	if (count_iszero(c))
		return 1;
	d->lines += count_iszero(v->c);
	return count_add(&v->c, c);
}

/*
 * The order of a node's items, each a child's own line (its key the
 * child's name) or the lines below it (the name and ';'): bytewise,
 * a key before every longer one it begins, as stack_cmp orders the
 * whole stacks they stand for.  An item is its node's number times 2,
 * plus 1 for the lines below.
 */
static int
item_cmp(const void *pa, const void *pb, void *arg)
{
	const struct depthstack *d = arg;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	uint32_t na = d->node[a / 2].name, nb = d->node[b / 2].name;
	size_t la = intern_len(&d->names, na), lb = intern_len(&d->names, nb);
	const char *sa = intern_str(&d->names, na), *sb = intern_str(&d->names, nb);
	int c = memcmp(sa, sb, la < lb ? la : lb);

	if (c)
		return c;
	if (la == lb)
		return (int)(a & 1) - (int)(b & 1);
	/* one name begins the other: the shorter's key goes on with ';'
	 * (lines below) or ends (its own line, first) */
	if (la < lb)
		return a & 1 ? ';' - (unsigned char)sb[la] : -1;
	return b & 1 ? (unsigned char)sa[lb] - ';' : 1;
}

/* The items of node v's children, sorted, onto items[*n..). */
static void
items(struct depthstack *d, uint32_t v, uint32_t **it, size_t *n, size_t *cap)
{
	size_t first = *n;
	uint32_t c;

	for (c = d->node[v].child; c; c = d->node[c].sibling) {
		*it = egrowarray(*it, cap, *n + 2, sizeof(**it));
		if (!count_iszero(d->node[c].c))
			(*it)[(*n)++] = 2 * c;
		if (d->node[c].child)
			(*it)[(*n)++] = 2 * c + 1;
	}
	if (*n > first)
		qsort_r(*it + first, *n - first, sizeof(**it), item_cmp, d);
}

/* A level of the walk: its items it[from..to), the next at. */
struct level {
	size_t from, to, at;
	size_t mark;		/* the path's length above it */
};

void
depth_print(struct depthstack *d)
{
	struct level *lv = NULL;
	uint32_t *it = NULL, x, v;
	size_t nlv = 0, lvcap = 0, n = 0, cap = 0, top;
	struct bytes path = { 0 };

	items(d, 0, &it, &n, &cap);
	lv = egrowarray(lv, &lvcap, 1, sizeof(*lv));
	lv[nlv++] = (struct level){ 0, n, 0, 0 };
	while (nlv) {
		top = nlv - 1;
		if (lv[top].at == lv[top].to) {
			n = lv[top].from;
			nlv--;
			continue;
		}
		x = it[lv[top].at++];
		v = x / 2;
		path.n = lv[top].mark;
		if (top)
			bytes_put(&path, ";", 1);
		bytes_put(&path, intern_str(&d->names, d->node[v].name),
		    intern_len(&d->names, d->node[v].name));
		if (!(x & 1)) {
			out_stackline((char *)path.p, path.n, &d->node[v].c, 1);
			continue;
		}
		lv = egrowarray(lv, &lvcap, nlv + 1, sizeof(*lv));
		lv[nlv].from = n;
		items(d, v, &it, &n, &cap);
		lv[nlv].to = n;
		lv[nlv].at = lv[nlv].from;
		lv[nlv].mark = path.n;
		nlv++;
	}
	free(lv);
	free(it);
	bytes_free(&path);
}
