/* tree.c: the stack tree */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/strsort.h"
#include "base/util.h"
#include "stack/frame.h"
#include "stack/tree.h"

#define ROOTKEY 1

/*
 * A node's key hashes its path from the root, from the parent's key and
 * its own name alone: every frame of a stack has its key before any is
 * looked up, so the lookups can be fetched from memory together instead
 * of one cache miss after another.  Never 0, which marks a free slot.
 */
static uint64_t
pathkey(uint64_t parent, uint32_t frame)
{
	uint64_t k = hash_mix((parent ^ frame) * 0x9e3779b97f4a7c15ULL);

	return k ? k : ROOTKEY;
}

/* A new node; key is its path key (unused by a flame chart's tree). */
static uint32_t
newnode(struct tree *t, uint32_t parent, uint32_t frame, uint64_t key)
{
	struct tnode *v, *p;
	uint32_t id;

	if (t->n == TNONE - 1)
		eprintf("too many frames in the stack tree");
	if (t->n == t->cap) {
		t->cap = growcap(t->cap, (size_t)t->n + 1);
		t->node = ereallocarray(t->node, t->cap, sizeof(*t->node));
		t->key = ereallocarray(t->key, t->cap, sizeof(*t->key));
		if (t->chart) {
			t->lead = ereallocarray(t->lead, t->cap, sizeof(*t->lead));
			t->since = ereallocarray(t->since, t->cap, sizeof(*t->since));
		}
	}
	id = t->n++;
	if (t->chart) {
		memset(t->since[id], 0, sizeof(t->since[id]));
		if (parent != TNONE) {
			memcpy(t->lead[id], t->since[parent], sizeof(t->lead[id]));
			memset(t->since[parent], 0, sizeof(t->since[parent]));
		} else {
			memset(t->lead[id], 0, sizeof(t->lead[id]));
		}
	}
	t->key[id] = key;
	v = &t->node[id];
	memset(v, 0, sizeof(*v));
	v->frame = frame;
	v->parent = parent;
	v->child = v->last = v->sibling = TNONE;
	if (parent != TNONE) {
		p = &t->node[parent];
		v->depth = p->depth + 1;
		if (v->depth > t->maxdepth)
			t->maxdepth = v->depth;
		if (p->child == TNONE)
			p->child = id;
		else
			t->node[p->last].sibling = id;
		p->last = id;
	}
	return id;
}

void
tree_init(struct tree *t, int chart, int ncounts)
{
	memset(t, 0, sizeof(*t));
	t->chart = chart;
	t->ncounts = ncounts;
	intern_init(&t->names);
	newnode(t, TNONE, TNONE, ROOTKEY);
	htab_init(&t->edges, 0);
}

/* The child of parent named frame, whose path key is key, or TNONE with
 * p where it goes. */
static uint32_t
edge(const struct tree *t, uint64_t key, uint32_t parent, uint32_t frame, struct hprobe *p)
{
	uint32_t v;

	for (htab_probe(&t->edges, p, key); (v = htab_next(&t->edges, p)) != HTAB_NONE;)
		if (t->node[v].parent == parent && t->node[v].frame == frame)
			return v;
	return TNONE;
}

/* The child of parent named frame, whose path key is key, created if
 * missing. */
static uint32_t
child(struct tree *t, uint32_t parent, uint32_t frame, uint64_t key)
{
	struct hprobe p;
	uint32_t last, v;

	if (t->chart) {
		/* a repeat merges only when nothing came between */
		last = t->node[parent].last;
		if (last != TNONE && t->node[last].frame == frame &&
		    count_iszero(t->since[parent][0]) && count_iszero(t->since[parent][1]))
			return last;
		return newnode(t, parent, frame, 0);
	}
	if ((v = edge(t, key, parent, frame, &p)) != TNONE)
		return v;
	v = newnode(t, parent, frame, key);
	htab_put(&t->edges, &p, v);
	return v;
}

uint32_t
tree_find(const struct tree *t, uint32_t parent, const char *name, size_t len)
{
	uint32_t frame = intern_find(&t->names, name, len), v;
	struct hprobe p;

	if (frame == UINT32_MAX)
		return TNONE;
	if (t->chart) {
		for (v = t->node[parent].child; v != TNONE; v = t->node[v].sibling)
			if (t->node[v].frame == frame)
				return v;
		return TNONE;
	}
	return edge(t, pathkey(t->key[parent], frame), parent, frame, &p);
}

/* How many leading frames of prev the stack s[0..len) shares. */
static size_t
shared_frames(const struct tree *t, const char *s, size_t len)
{
	size_t max = len < t->prevlen ? len : t->prevlen, l = str_mismatch(s, t->prev, max), k;

	for (k = 0; k < t->pathlen; k++) {
		size_t e = t->ends[k];

		if (e < l)
			continue;
		if (e == l && (l == len || s[l] == ';') && (l == t->prevlen || t->prev[l] == ';'))
			continue;
		break;
	}
	return k;
}

static void
remember(struct tree *t, const char *s, size_t len)
{
	t->prev = egrowarray(t->prev, &t->prevcap, len, 1);
	memcpy(t->prev, s, len);
	t->prevlen = len;
}

static void
pushframe(struct tree *t, uint32_t frame, size_t end)
{
	if (t->pathlen == t->pathcap) {
		t->pathcap = growcap(t->pathcap, t->pathlen + 1);
		t->path = ereallocarray(t->path, t->pathcap, sizeof(*t->path));
		t->pframe = ereallocarray(t->pframe, t->pathcap, sizeof(*t->pframe));
		t->keys = ereallocarray(t->keys, t->pathcap, sizeof(*t->keys));
		t->ends = ereallocarray(t->ends, t->pathcap, sizeof(*t->ends));
	}
	t->pframe[t->pathlen] = frame;
	t->ends[t->pathlen++] = end;
}

uint32_t
tree_add(struct tree *t, const char *s, size_t len, const count *c)
{
	size_t k = shared_frames(t, s, len), i;
	uint32_t v = k ? t->path[k - 1] : 0;
	uint64_t key = t->key[v];
	struct frameit it;
	int j, ok = 1;

	/* first the names of the frames not shared with the previous stack,
	 * asking for the table slots of their keys ahead of use */
	t->pathlen = k;
	for (frame_iter(&it, s, len, k ? t->ends[k - 1] + 1 : 0); frame_next(&it);) {
		pushframe(t, intern(&t->names, s + it.start, it.end - it.start), it.end);
		if (t->chart)
			continue;
		key = pathkey(key, t->pframe[t->pathlen - 1]);
		t->keys[t->pathlen - 1] = key;
#ifdef __GNUC__
		htab_prefetch(&t->edges, key);
#endif
	}
	for (i = k; i < t->pathlen; i++) {
		v = child(t, v, t->pframe[i], t->chart ? 0 : t->keys[i]);
		t->path[i] = v;
	}
	remember(t, s, len);
	/* Only the leaf and the root are counted here; tree_finish sums
	 * the totals between.  No total exceeds the root's, so checking
	 * the root's sum catches every overflow, on the line that caused it. */
	for (j = 0; j < t->ncounts; j++) {
		ok &= count_add(&t->node[v].self[j], c[j]);
		ok &= count_add(&t->node[0].total[j], c[j]);
		if (t->chart)
			ok &= count_add(&t->since[v][j], c[j]);
	}
	return ok ? v : TNONE;
}

/* Every node's total: its own samples plus its children's totals.
 * Children are numbered after their parents, so one backward pass
 * sees each total complete before it is added to the parent's. */
static void
sum_totals(struct tree *t)
{
	uint32_t v;
	int j;
	struct tnode *n;

	for (v = t->n - 1; v > 0; v--) {
		n = &t->node[v];
		for (j = 0; j < t->ncounts; j++) {
			count_add(&n->total[j], n->self[j]);
			if (n->parent != 0)
				count_add(&t->node[n->parent].total[j], n->total[j]);
		}
	}
}

struct sibkey {
	uint64_t key;	/* parent << 32 | rank of the name */
	uint32_t node;
};

static int
cmpsib(const void *a, const void *b)
{
	const struct sibkey *x = a, *y = b;

	return (x->key > y->key) - (x->key < y->key);
}

void
tree_finish(struct tree *t)
{
	struct sibkey *k;
	uint32_t i, *rank, v;
	struct tnode *p;

	if (t->finished)
		return;
	t->finished = 1;
	sum_totals(t);
	if (t->chart || t->n < 2)
		return;
	rank = intern_ranks(&t->names);
	k = ereallocarray(NULL, t->n - 1, sizeof(*k));
	for (i = 1; i < t->n; i++) {
		k[i - 1].key = (uint64_t)t->node[i].parent << 32 | rank[t->node[i].frame];
		k[i - 1].node = i;
	}
	qsort(k, t->n - 1, sizeof(*k), cmpsib);
	for (i = 0; i < t->n; i++)
		t->node[i].child = t->node[i].last = t->node[i].sibling = TNONE;
	for (i = 0; i < t->n - 1; i++) {
		v = k[i].node;
		p = &t->node[t->node[v].parent];
		if (p->child == TNONE)
			p->child = v;
		else
			t->node[p->last].sibling = v;
		p->last = v;
	}
	free(rank);
	free(k);
	/* the remembered path is still valid: nodes kept their numbers */
}

void
tree_free(struct tree *t)
{
	free(t->node);
	htab_free(&t->edges);
	free(t->prev);
	free(t->path);
	free(t->pframe);
	free(t->keys);
	free(t->key);
	free(t->ends);
	free(t->lead);
	free(t->since);
	intern_free(&t->names);
	memset(t, 0, sizeof(*t));
}
