/* formats/v8/heapprofile.c: V8 sampling heap profiles folded into stacks (see heapprofile.h)
 *
 * The nested tree is read in one pass without recursion: a node's
 * slot is made when its object opens, in pre-order, so that a parent
 * always comes before its children (and its fields may come after
 * them).  The stacks are then made in that order with one path: a
 * node's frame is pushed after its parent's, the path cut back to the
 * parent first, so each label is made once and the work follows the
 * nodes and the stacks written, however deep the tree.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/intern.h"
#include "base/json.h"
#include "base/util.h"
#include "folded/whole.h"
#include "formats/v8/heapprofile.h"
#include "stack/build.h"
#include "stack/label.h"

#define NONE UINT32_MAX

struct hnode {
	uint64_t off;		/* of the node's object */
	uint64_t self;		/* selfSize, bytes */
	int64_t line;		/* 1-based, 0 unknown */
	uint32_t parent;	/* index, or NONE for the head */
	uint32_t name, url;	/* interned */
};

struct heapprof {
	const struct heapprof_opt *o;
	struct stackmap *m;
	/* from here on, one file's: reset after each */
	struct json j;
	struct interner str;
	struct hnode *node;
	size_t nnode, nodecap;
	uint32_t *open;		/* the nodes being read, outermost first */
	size_t opencap;
	struct labelbuf lb;
	struct stackbuild sb;	/* the stack of the node being written */
	size_t *mark;		/* sb_len before each node on it */
	uint32_t *on;		/* the nodes on it */
	size_t depth, pathcap, markcap;
};

static uint32_t
str(struct heapprof *h)
{
	struct jstr s = json_str(&h->j);

	return intern(&h->str, s.s, s.len);
}

static uint32_t
newnode(struct heapprof *h, uint32_t parent)
{
	struct hnode *n;

	if (h->nnode >= NONE - 1)
		json_error(&h->j, json_off(&h->j), "too many nodes");
	h->node = egrowarray(h->node, &h->nodecap, h->nnode + 1, sizeof(*h->node));
	n = &h->node[h->nnode];
	memset(n, 0, sizeof(*n));
	n->off = json_off(&h->j);
	n->parent = parent;
	return (uint32_t)h->nnode++;
}

/* A node's callFrame: functionName, url, lineNumber (0-based; -1 none). */
static void
callframe(struct heapprof *h, uint32_t n)
{
	struct jstr k;
	int64_t line;

	json_obj(&h->j);
	while (json_key(&h->j, &k)) {
		if (json_is(k, "functionName")) {
			h->node[n].name = str(h);
		} else if (json_is(k, "url")) {
			h->node[n].url = str(h);
		} else if (json_is(k, "lineNumber")) {
			line = json_int(&h->j, -1, INT32_MAX, "lineNumber");
			h->node[n].line = line + 1;
		} else {
			json_skip(&h->j);
		}
	}
}

/* The tree of the head object at the cursor.  A node is open while its
 * keys are read; "children" opens its first child, and a child's end
 * opens its next sibling or goes back to its parent's keys. */
static void
read_tree(struct heapprof *h)
{
	struct json *j = &h->j;
	struct jstr k;
	size_t depth = 0;
	uint32_t n;

	goto open;
	for (;;) {
		n = h->open[depth - 1];
		if (!json_key(j, &k)) {
			if (--depth == 0)
				return;
			if (json_more(j))
				goto open;
			continue;
		}
		if (json_is(k, "children")) {
			json_arr(j);
			if (json_more(j))
				goto open;
		} else if (json_is(k, "callFrame")) {
			callframe(h, n);
		} else if (json_is(k, "selfSize")) {
			h->node[n].self = (uint64_t)json_int(j, 0, INT64_MAX, "selfSize");
		} else {
			json_skip(j);
		}
		continue;
open:
		n = newnode(h, depth ? h->open[depth - 1] : NONE);
		json_obj(j);
		h->open = egrowarray(h->open, &h->opencap, depth + 1, sizeof(*h->open));
		h->open[depth++] = n;
	}
}

/* Node n's frame onto the path: its label, or nothing for V8's
 * (root) at the head. */
static void
push(struct heapprof *h, uint32_t n)
{
	const struct hnode *nd = &h->node[n];
	const char *name = intern_str(&h->str, nd->name);
	size_t nlen = intern_len(&h->str, nd->name);

	h->mark = egrowarray(h->mark, &h->markcap, h->depth + 1, sizeof(*h->mark));
	h->on = egrowarray(h->on, &h->pathcap, h->depth + 1, sizeof(*h->on));
	h->mark[h->depth] = sb_len(&h->sb);
	h->on[h->depth++] = n;
	if (nd->parent == NONE && nlen == 6 && !memcmp(name, "(root)", 6))
		return;
	label_make(&h->lb, name, nlen, intern_str(&h->str, nd->url),
	    intern_len(&h->str, nd->url), nd->line, h->o->fullpath, NULL);
	sb_frame(&h->sb, h->lb.s, h->lb.len);
}

/* Each node that allocated, its stack weighing its selfSize; the bytes
 * of V8's (root) itself, which has no frame, are left out and said, as
 * cpuprofile-fold leaves out its samples. */
static void
emit(struct heapprof *h)
{
	const struct hnode *nd;
	size_t i;

	for (i = 0; i < h->nnode; i++) {
		nd = &h->node[i];
		while (h->depth && h->on[h->depth - 1] != nd->parent)
			sb_cut(&h->sb, h->mark[--h->depth]);
		push(h, (uint32_t)i);
		if (nd->self && !sb_add(&h->sb, count_from_u64(nd->self)))
			json_error(&h->j, nd->off, "the sum of sizes overflows");
	}
	sb_dropped(&h->sb, h->j.name, "of (root) itself", "bytes");
}

/* What the last file left, freed (an error may have cut it short). */
static void
reset(struct heapprof *h)
{
	json_free(&h->j);
	intern_free(&h->str);
	free(h->node);
	free(h->open);
	label_free(&h->lb);
	sb_free(&h->sb);
	free(h->mark);
	free(h->on);
	memset(&h->j, 0, sizeof(*h) - offsetof(struct heapprof, j));
}

struct heapprof *
heapprof_new(const struct heapprof_opt *o, struct stackmap *map)
{
	struct heapprof *h = ecalloc(1, sizeof(*h));

	h->o = o;
	h->m = map;
	return h;
}

void
heapprof_free(struct heapprof *h)
{
	reset(h);
	free(h);
}

size_t
heapprof_fold(struct heapprof *h, const char *s, size_t n, const char *name)
{
	struct jstr k;
	uint64_t top;
	size_t nn;
	int kind;

	reset(h);
	if (!n)
		fileerr(name, 0, "empty file");
	json_init(&h->j, s, n, name);
	intern_init(&h->str);
	intern(&h->str, "", 0);
	sb_init(&h->sb, h->m, NULL);
	top = json_off(&h->j);
	if ((kind = json_peek(&h->j)) != JSON_OBJ)
		json_error(&h->j, top, "not a heap profile: the JSON is %s", json_kindname(kind));
	json_obj(&h->j);
	while (json_key(&h->j, &k)) {
		if (!json_is(k, "head")) {
			json_skip(&h->j);
			continue;
		}
		if (h->nnode)
			json_error(&h->j, json_off(&h->j), "a second head");
		read_tree(h);
	}
	json_end(&h->j);
	if (!h->nnode)
		json_error(&h->j, top, "not a heap profile: no head (a sampling heap "
		    "profile, {\"head\": {...}}, is what heapprofile-fold reads)");
	emit(h);
	nn = h->nnode;
	reset(h);
	return nn;
}

void
heapprof_folder(struct whole *w, void *arg)
{
	heapprof_fold(arg, w->s, w->n, w->name);
}
