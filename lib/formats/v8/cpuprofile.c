/* formats/v8/cpuprofile.c: V8 CPU profiles folded into stacks (see cpuprofile.h)
 *
 * A profile is gathered as spans: the offsets of its "nodes",
 * "samples" and "timeDeltas" arrays (a trace's chunks give several of
 * each, in the order of their events' ts, as speedscope sorts them).
 * Its nodes are then read into a table, their parents resolved (from
 * a node's "children" or a child's "parent": a node given two parents
 * is an error), and its samples walked, each adding its weight to its
 * node.  Last, each node with a weight becomes a stack, walking up to
 * the root.  In time order, and where a collection goes on the stack
 * that ran (--gc=stack: a sample's stack then depends on the sample
 * before it, not on its node alone), each run of a node's samples is
 * added as its stack when it ends instead, the stack built again only
 * for another node.
 *
 * Weights in time follow speedscope's importer: consecutive samples of
 * one node are a run; a run starts at its first sample's time, or at
 * the start of the run before it if that is later (V8 writes negative
 * deltas when samples come out of order: time never goes back), and
 * lasts until the next run starts; the last run ends at the last
 * sample's time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/hash.h"
#include "base/htab.h"
#include "base/intern.h"
#include "base/json.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/whole.h"
#include "formats/v8/cpuprofile.h"
#include "stack/build.h"
#include "stack/label.h"

#define NONE UINT32_MAX

enum { K_FRAME, K_ROOT, K_PROGRAM, K_IDLE, K_GC };

struct node {
	int64_t id, parentid;	/* parentid: from "parent", or -1 */
	uint64_t off;		/* of the node's object */
	uint32_t parent;	/* index, or NONE */
	uint32_t name, url;	/* interned strings; url NONE: none */
	uint32_t label;		/* in the label interner, NONE until made */
	int64_t line;		/* 1-based, 0 unknown */
	int kind;
	int linked;		/* named in a node's "children" */
	uint32_t pt, npt;	/* --lines: its positionTicks, in c->pt */
};

/* --lines: a line a node's samples hit, and how many ("positionTicks") */
struct ptick {
	int64_t line;
	uint64_t ticks;
};

/* a child named in a node's "children" */
struct edge {
	int64_t child;
	uint32_t parent;
	uint64_t off;
};

struct span {
	uint64_t off;
};

struct spans {
	struct span *s;
	size_t n, cap;
};

struct prof {
	uint32_t key;		/* interned id, "pid/tid" or the file's name */
	uint32_t pid;		/* interned pid: V8 numbers profiles per process */
	char *thread;		/* "pid/tid", for --by-thread */
	struct spans nodes, samples, deltas;
	uint64_t head;		/* old format: the head node's offset, or 0 */
	int old;		/* old format: timestamps, not deltas */
	int declared;		/* by a Profile or CpuProfile event */
	int named;		/* thread: from a thread_name event, */
	uint32_t nameid;	/* that name's id in str */
	uint64_t off;		/* where it was declared */
};

/* a trace event that matters, for sorting by ts */
struct event {
	double ts;
	size_t seq;
	int kind;
	uint32_t key, pid, pidtid;	/* key: the id, or pidtid */
	uint64_t args, off;
};

enum { E_PROFILE, E_CHUNK, E_CPUPROFILE, E_THREADNAME };

struct tname {
	uint32_t pidtid;
	uint32_t name;
};

struct cpuprof {
	/* kept from one file to the next */
	const struct cpuprof_opt *o;
	struct stackmap *map;	/* where the stacks go: summed, */
	struct stackrun *run;	/* or, when set, in time order */
	uint64_t idlew;		/* the weight of the (idle) samples left out */
	/* a file's: */
	struct json j;
	const char *name;
	struct interner str;	/* names, urls, ids, keys */
	struct interner labels;
	struct node *node;
	size_t nnode, nodecap;
	struct edge *edge;
	size_t nedge, edgecap;
	struct htab ids;	/* id -> index, beyond dense's */
	uint32_t *dense;	/* ids 0 .. ndense - 1 -> index + 1, compact */
	size_t ndense;
	uint64_t *w;		/* each node's summed weight, compact, */
	uint64_t *nsamp;	/* and its samples */
	struct prof *prof;
	size_t nprof, profcap;
	struct interner pairs;	/* (pid, key) of each profile, */
	uint32_t *pairprof;	/* and its first profile's index + 1 */
	size_t pairprofcap;
	struct stackbuild sb;	/* a stack being built */
	uint32_t built;		/* in time order: the node whose stack sb holds */
	int prev;		/* sb holds the stack of the sample before (--gc=stack) */
	uint32_t *path;
	size_t pathcap;
	struct labelbuf lb;
	struct ptick *pt;	/* --lines: the nodes' positionTicks */
	size_t npt, ptcap;
	/* second readers over the buffer (see json_at), kept from one
	 * use to the next */
	struct json a, t, ws, wd;
	uint32_t *stack;	/* read_head's */
	size_t stackcap;
	struct event *ev;	/* a trace's events that matter */
	size_t nev, evcap;
	struct tname *tn;	/* its thread names */
	size_t ntn, tncap;
};

static void
span_add(struct spans *s, uint64_t off)
{
	s->s = egrowarray(s->s, &s->cap, s->n + 1, sizeof(*s->s));
	s->s[s->n++].off = off;
}

/* A second cursor at off, for a value found on the first pass. */
static void
at(struct cpuprof *c, struct json *j, uint64_t off)
{
	json_at(j, &c->j, off);
}

/* --- nodes ---------------------------------------------------------------- */

static uint32_t
node_find(const struct cpuprof *c, int64_t id)
{
	struct hprobe p;
	uint32_t i;

	if (id >= 0 && (uint64_t)id < c->ndense)
		return c->dense[id] - 1;
	for (htab_probe(&c->ids, &p, hash_mix((uint64_t)id)); (i = htab_next(&c->ids, &p)) != HTAB_NONE;)
		if (c->node[i].id == id)
			return i;
	return NONE;
}

static void
index_nodes(struct cpuprof *c)
{
	struct hprobe p;
	size_t i;
	uint32_t j;

	if (c->ids.slot)
		htab_clear(&c->ids);
	else
		htab_init(&c->ids, c->nnode);
	for (i = 0; i < c->nnode; i++) {
		htab_probe(&c->ids, &p, hash_mix((uint64_t)c->node[i].id));
		while ((j = htab_next(&c->ids, &p)) != HTAB_NONE)
			if (c->node[j].id == c->node[i].id)
				json_error(&c->j, c->node[i].off, "node id %lld appears twice",
				    (long long)c->node[i].id);
		htab_put(&c->ids, &p, (uint32_t)i);
	}
	/* ids below four times the nodes (as V8's, 1 to n) in a small
	 * array: the samples look them up without a hash */
	free(c->dense);
	c->ndense = c->nnode * 4 + 1;
	c->dense = ecalloc(c->ndense, sizeof(*c->dense));
	for (i = 0; i < c->nnode; i++)
		if (c->node[i].id >= 0 && (uint64_t)c->node[i].id < c->ndense)
			c->dense[c->node[i].id] = (uint32_t)i + 1;
	free(c->w);
	c->w = ecalloc(c->nnode ? c->nnode : 1, sizeof(*c->w));
	free(c->nsamp);
	c->nsamp = ecalloc(c->nnode ? c->nnode : 1, sizeof(*c->nsamp));
}

static uint32_t
newnode(struct cpuprof *c, uint64_t off)
{
	struct node *n;

	if (c->nnode >= NONE - 1)
		json_error(&c->j, off, "too many nodes");
	c->node = egrowarray(c->node, &c->nodecap, c->nnode + 1, sizeof(*c->node));
	n = &c->node[c->nnode];
	memset(n, 0, sizeof(*n));
	n->id = -1;
	n->parentid = -1;
	n->off = off;
	n->parent = NONE;
	n->url = NONE;
	n->label = NONE;
	return (uint32_t)c->nnode++;
}

static uint32_t
str(struct cpuprof *c, struct json *j)
{
	struct jstr s = json_str(j);

	return intern(&c->str, s.s, s.len);
}

/* A call frame's key k (functionName, url, lineNumber) into node n.
 * lineNumber is 0-based in callFrame, 1-based in the old format. */
static int
callframe_key(struct cpuprof *c, struct json *j, struct jstr k, uint32_t n, int old)
{
	int64_t line;

	if (json_is(k, "functionName"))
		c->node[n].name = str(c, j);
	else if (json_is(k, "url"))
		c->node[n].url = str(c, j);
	else if (json_is(k, "lineNumber")) {
		line = json_int(j, -1, INT32_MAX, "lineNumber");
		c->node[n].line = line < 0 ? 0 : old ? line : line + 1;
	} else
		return 0;
	return 1;
}

/* --lines: node n's "positionTicks", [{"line": L, "ticks": T}, ...];
 * their sum is its hitCount, so that each line's share of the node's
 * samples is its ticks' share of theirs. */
static void
read_ticks(struct cpuprof *c, struct json *j, uint32_t n)
{
	struct jstr k;
	struct ptick *t;

	c->node[n].pt = (uint32_t)c->npt;
	c->node[n].npt = 0;
	json_arr(j);
	while (json_more(j)) {
		if (c->npt >= NONE)
			json_error(&c->j, json_off(j), "too many positionTicks");
		c->pt = egrowarray(c->pt, &c->ptcap, c->npt + 1, sizeof(*c->pt));
		t = &c->pt[c->npt++];
		t->line = 0;
		t->ticks = 0;
		json_obj(j);
		while (json_key(j, &k))
			if (json_is(k, "line"))
				t->line = json_int(j, 0, INT32_MAX, "a positionTick's line");
			else if (json_is(k, "ticks"))
				t->ticks = (uint64_t)json_int(j, 0, INT64_MAX, "a positionTick's ticks");
			else
				json_skip(j);
		c->node[n].npt++;
	}
}

static void
read_children(struct cpuprof *c, struct json *j, uint32_t parent)
{
	struct edge *e;

	json_arr(j);
	while (json_more(j)) {
		c->edge = egrowarray(c->edge, &c->edgecap, c->nedge + 1, sizeof(*c->edge));
		e = &c->edge[c->nedge++];
		e->off = json_off(j);
		e->child = json_int(j, INT64_MIN, INT64_MAX, "a child's id");
		e->parent = parent;
	}
}

/* One node of the flat "nodes" array. */
static void
read_node(struct cpuprof *c, struct json *j)
{
	uint32_t n = newnode(c, json_off(j));
	struct jstr k;
	int seenid = 0;

	json_obj(j);
	while (json_key(j, &k)) {
		if (json_is(k, "id")) {
			c->node[n].id = json_int(j, INT64_MIN, INT64_MAX, "id");
			seenid = 1;
		} else if (json_is(k, "parent")) {
			c->node[n].parentid = json_int(j, INT64_MIN, INT64_MAX, "parent");
		} else if (json_is(k, "children")) {
			read_children(c, j, n);
		} else if (json_is(k, "positionTicks") && c->o->lines) {
			read_ticks(c, j, n);
		} else if (json_is(k, "callFrame")) {
			json_obj(j);
			while (json_key(j, &k))
				if (!callframe_key(c, j, k, n, 0))
					json_skip(j);
		} else {
			json_skip(j);
		}
	}
	if (!seenid)
		json_error(&c->j, c->node[n].off, "a node without an id");
}

/* The old format's nested tree, from the head object at off: without
 * recursion, a node's slot made when its object opens (its children
 * may come before its own fields). */
static void
read_head(struct cpuprof *c, uint64_t off)
{
	struct jstr k;
	struct json *j = &c->a;
	uint32_t n;
	size_t depth = 0;

	at(c, j, off);
	goto open;
	for (;;) {
		n = c->stack[depth - 1];
		if (!json_key(j, &k)) {
			/* the node is done: the next of its siblings, if any */
			if (--depth == 0)
				break;
			if (!json_more(j))
				continue;
			goto open;
		}
		if (json_is(k, "children")) {
			json_arr(j);
			if (!json_more(j))
				continue;
			goto open;
		}
		if (json_is(k, "id"))
			c->node[n].id = json_int(j, INT64_MIN, INT64_MAX, "id");
		else if (json_is(k, "positionTicks") && c->o->lines)
			read_ticks(c, j, n);
		else if (!callframe_key(c, j, k, n, 1))
			json_skip(j);
		continue;
open:
		n = newnode(c, json_off(j));
		if (depth)
			c->node[n].parent = c->stack[depth - 1];
		json_obj(j);
		c->stack = egrowarray(c->stack, &c->stackcap, depth + 1, sizeof(*c->stack));
		c->stack[depth++] = n;
	}
}

static void
read_nodes(struct cpuprof *c, const struct prof *p)
{
	struct json *j = &c->a;
	size_t i, e;
	uint32_t ch;
	struct node *nd;

	c->nnode = c->nedge = c->npt = 0;
	if (p->head)
		read_head(c, p->head);
	for (i = 0; i < p->nodes.n; i++) {
		at(c, j, p->nodes.s[i].off);
		json_arr(j);
		while (json_more(j))
			read_node(c, j);
	}
	index_nodes(c);
	for (i = 0; i < c->nnode; i++)
		if (c->node[i].parentid != -1 &&
		    (c->node[i].parent = node_find(c, c->node[i].parentid)) == NONE)
			json_error(&c->j, c->node[i].off, "parent %lld names no node",
			    (long long)c->node[i].parentid);
	for (e = 0; e < c->nedge; e++) {
		if ((ch = node_find(c, c->edge[e].child)) == NONE)
			json_error(&c->j, c->edge[e].off, "child %lld names no node",
			    (long long)c->edge[e].child);
		nd = &c->node[ch];
		if ((nd->linked || nd->parentid != -1) && nd->parent != c->edge[e].parent)
			json_error(&c->j, c->edge[e].off, "node %lld has two parents",
			    (long long)nd->id);
		nd->parent = c->edge[e].parent;
		nd->linked = 1;
	}
}

/* --- labels --------------------------------------------------------------- */

static int
kind_of(const char *s, size_t n)
{
	static const struct { const char *name; int kind; } special[] = {
		{ "(root)", K_ROOT }, { "(program)", K_PROGRAM }, { "(idle)", K_IDLE },
		{ "(garbage collector)", K_GC },
	};
	size_t i;

	for (i = 0; i < LEN(special); i++)
		if (strlen(special[i].name) == n && !memcmp(special[i].name, s, n))
			return special[i].kind;
	return K_FRAME;
}

/* What node nd is: (root), or a frame of Chrome's "native dummy.js"
 * (no code: speedscope leaves it out too), is K_ROOT, no frame. */
static int
node_kind(const struct cpuprof *c, const struct node *nd)
{
	static const char dummy[] = "native dummy.js";

	if (nd->url != NONE && intern_len(&c->str, nd->url) == sizeof(dummy) - 1 &&
	    !memcmp(intern_str(&c->str, nd->url), dummy, sizeof(dummy) - 1))
		return K_ROOT;
	return kind_of(intern_str(&c->str, nd->name), intern_len(&c->str, nd->name));
}

/* The node's frame label (stack/label), _[g] after the garbage
 * collector. */
static uint32_t
label(struct cpuprof *c, struct node *nd)
{
	int url = nd->url != NONE;

	label_make(&c->lb, intern_str(&c->str, nd->name), intern_len(&c->str, nd->name),
	    url ? intern_str(&c->str, nd->url) : "", url ? intern_len(&c->str, nd->url) : 0,
	    nd->line, c->o->fullpath, nd->kind == K_GC ? "_[g]" : NULL);
	return intern(&c->labels, c->lb.s, c->lb.len);
}

/* --- samples -------------------------------------------------------------- */

/* A cursor over the elements of several arrays, one after the other. */
struct walk {
	struct cpuprof *c;
	const struct spans *sp;
	size_t i;
	int open;
	struct json *j;
};

static int
walk_next(struct walk *w)
{
	for (;;) {
		if (w->open && json_more(w->j))
			return 1;
		w->open = 0;
		if (w->i == w->sp->n)
			return 0;
		at(w->c, w->j, w->sp->s[w->i++].off);
		json_arr(w->j);
		w->open = 1;
	}
}

static uint32_t
sample_node(struct cpuprof *c, struct json *j)
{
	uint64_t off = json_off(j);
	int64_t id = json_int(j, INT64_MIN, INT64_MAX, "a sample");
	uint32_t n = node_find(c, id);

	if (n == NONE)
		json_error(&c->j, off, "sample %lld names no node", (long long)id);
	return n;
}

/* Node i's stack into c->sb (under the thread's root frame with
 * --by-thread): its frames from the root, V8's (root) left out, so
 * that a sample of (root) itself has none.  0 for a node whose samples
 * are dropped: (program) and (idle) without --idle. */
static int
node_stack(struct cpuprof *c, const struct prof *p, uint32_t i, uint32_t leaf)
{
	struct node *nd = &c->node[i];
	size_t np = 0, steps = 0;
	uint32_t k;

	if ((nd->kind == K_PROGRAM || nd->kind == K_IDLE) && !c->o->idle)
		return 0;
	for (k = i; k != NONE; k = c->node[k].parent) {
		if (++steps > c->nnode)
			json_error(&c->j, nd->off, "the node's parents form a cycle");
		if (c->node[k].kind == K_ROOT)
			continue;
		if (c->node[k].label == NONE)
			c->node[k].label = label(c, &c->node[k]);
		c->path = egrowarray(c->path, &c->pathcap, np + 1, sizeof(*c->path));
		c->path[np++] = k == i && leaf != NONE ? leaf : c->node[k].label;
	}
	sb_clear(&c->sb);
	if (c->o->bythread)
		sb_text(&c->sb, p->thread, strlen(p->thread));
	while (np--)
		sb_frame(&c->sb, intern_str(&c->labels, c->path[np]),
		    intern_len(&c->labels, c->path[np]));
	return 1;
}

/* The samples go by one at a time, each to its stack as it comes (in
 * time order, or for --gc=stack), not summed onto their node. */
static int
one_by_one(const struct cpuprof *c)
{
	return c->run || c->o->gc == CPUPROF_GC_STACK;
}

/* Node n's sample's stack into c->sb: with --gc=stack, a sample of the
 * garbage collector (or of (program), kept with --idle) on top of the
 * stack of the sample before, as speedscope's importer places it, and
 * the node's own stack for every other.  0 for a sample left out. */
static int
sample_stack(struct cpuprof *c, const struct prof *p, uint32_t n)
{
	struct node *nd = &c->node[n];

	if (c->o->gc == CPUPROF_GC_STACK && c->prev &&
	    (nd->kind == K_GC || (nd->kind == K_PROGRAM && c->o->idle))) {
		if (nd->label == NONE)
			nd->label = label(c, nd);
		sb_frame(&c->sb, intern_str(&c->labels, nd->label),
		    intern_len(&c->labels, nd->label));
		return 1;
	}
	/* after idle nothing was running, kept (--idle) or not; a
	 * (program) left out leaves the stack before it in sb */
	if (nd->kind == K_IDLE)
		c->prev = 0;
	if (!node_stack(c, p, n, NONE))
		return 0;
	c->prev = nd->kind != K_IDLE;
	return 1;
}

/* Weight w of k samples of node n: onto the node, or, one by one, its
 * stack added now (the stack built again only for another node). */
static void
take(struct cpuprof *c, const struct prof *p, uint32_t n, uint64_t w, uint64_t k,
    uint64_t off)
{
	if (!one_by_one(c)) {
		if (c->w[n] > UINT64_MAX - w)
			json_error(&c->j, off, "the sum of weights overflows");
		c->w[n] += w;
		c->nsamp[n] += k;
		return;
	}
	if (n != c->built && !sample_stack(c, p, n)) {
		c->built = NONE;
		if (c->node[n].kind == K_IDLE && __builtin_add_overflow(c->idlew, w, &c->idlew))
			json_error(&c->j, off, "the sum of weights overflows");
		return;
	}
	c->built = n;
	if (!w && sb_len(&c->sb))
		return;	/* a run that lasted no time */
	if (!sb_addn(&c->sb, count_from_u64(w), k))
		json_error(&c->j, off, "the sum of weights overflows");
}

/* The time from a to b (a <= b), exact: int64s may lie further apart
 * than an int64 holds. */
static uint64_t
span(int64_t a, int64_t b)
{
	return (uint64_t)b - (uint64_t)a;
}

/* Each sample's weight onto its node: 1, or its run's time. */
static void
read_samples(struct cpuprof *c, const struct prof *p)
{
	struct walk s = { c, &p->samples, 0, 0, &c->ws }, d = { c, &p->deltas, 0, 0, &c->wd };
	uint32_t n, run = NONE;
	int64_t e = 0, t = 0, v, runt = 0;
	uint64_t off = 0, k = 0;
	int first = 1;

	c->built = NONE;
	c->prev = 0;
	while (walk_next(&s)) {
		off = json_off(s.j);
		n = sample_node(c, s.j);
		if (!c->o->time) {
			take(c, p, n, 1, 1, off);
			continue;
		}
		if (!walk_next(&d))
			json_error(&c->j, off, "more samples than %s", p->old ? "timestamps" :
			    "timeDeltas");
		v = json_int(d.j, -((int64_t)1 << 53), (int64_t)1 << 53, "a time");
		if (p->old)
			e = v;
		else if (__builtin_add_overflow(e, v, &e))
			json_error(&c->j, off, "the time overflows");
		if (first || n != run) {
			t = first || e > t ? e : t;
			if (!first)
				take(c, p, run, span(runt, t), k, off);
			run = n;
			runt = t;
			first = 0;
			k = 0;
		}
		k++;
	}
	if (!first)
		take(c, p, run, span(runt, e > t ? e : t), k, off);
}

/* --- stacks --------------------------------------------------------------- */

/* a * b / d rounded down, d > 0, a <= d: exact (the product in 128 bits) */
static uint64_t
share(uint64_t a, uint64_t b, uint64_t d)
{
	return (uint64_t)((unsigned __int128)a * b / d);
}

/* --lines: node i's weight and samples shared among the lines of its
 * positionTicks as its ticks are (each part the step of a running sum:
 * the parts add up to the whole), each a stack whose leaf is "NAME at
 * FILE:LINE".  0 when its ticks add up to nothing. */
static int
emit_lines(struct cpuprof *c, const struct prof *p, uint32_t i)
{
	struct node *nd = &c->node[i];
	uint64_t total = 0, cum = 0, w, k, wdone = 0, kdone = 0;
	uint32_t t;
	int url = nd->url != NONE;

	for (t = nd->pt; t < nd->pt + nd->npt; t++) {
		if (c->pt[t].ticks > UINT64_MAX - total)
			json_error(&c->j, nd->off, "the node's positionTicks overflow");
		total += c->pt[t].ticks;
	}
	if (!total)
		return 0;
	for (t = nd->pt; t < nd->pt + nd->npt; t++) {
		if (!c->pt[t].ticks)
			continue;
		cum += c->pt[t].ticks;
		w = share(cum, c->w[i], total) - wdone;
		k = share(cum, c->nsamp[i], total) - kdone;
		wdone += w;
		kdone += k;
		if (!k && !w)
			continue;
		label_make(&c->lb, intern_str(&c->str, nd->name), intern_len(&c->str, nd->name),
		    url ? intern_str(&c->str, nd->url) : "", url ? intern_len(&c->str, nd->url) : 0,
		    c->pt[t].line, c->o->fullpath, NULL);
		if (!node_stack(c, p, i, intern(&c->labels, c->lb.s, c->lb.len)))
			return 1;
		if (!sb_addn(&c->sb, count_from_u64(w), k))
			json_error(&c->j, nd->off, "the sum of weights overflows");
	}
	return 1;
}

/* Each node's summed weight as its stack (none for a weight of 0: the
 * last sample of a profile, under --time). */
static void
emit(struct cpuprof *c, const struct prof *p)
{
	size_t i;

	for (i = 0; i < c->nnode; i++) {
		if (c->o->lines && c->nsamp[i] && c->node[i].npt && c->node[i].kind == K_FRAME &&
		    emit_lines(c, p, (uint32_t)i))
			continue;
		if (!c->nsamp[i] || !node_stack(c, p, (uint32_t)i, NONE) ||
		    (!c->w[i] && sb_len(&c->sb)))
			continue;
		if (!sb_addn(&c->sb, count_from_u64(c->w[i]), c->nsamp[i]))
			json_error(&c->j, c->node[i].off, "the sum of weights overflows");
	}
}

/* --- profiles ------------------------------------------------------------- */

/* The id of (pid, key) in c->pairs, made if new, and its slot in
 * c->pairprof. */
static uint32_t
pair(struct cpuprof *c, uint32_t pid, uint32_t key)
{
	uint32_t k[2] = { pid, key }, id = intern(&c->pairs, (const char *)k, sizeof(k));
	size_t had = c->pairprofcap;

	c->pairprof = egrowarray(c->pairprof, &c->pairprofcap, (size_t)id + 1,
	    sizeof(*c->pairprof));
	memset(c->pairprof + had, 0, (c->pairprofcap - had) * sizeof(*c->pairprof));
	return id;
}

/* The (first) profile of key in process pid, or NULL. */
static struct prof *
prof_find(struct cpuprof *c, uint32_t pid, uint32_t key)
{
	uint32_t id = pair(c, pid, key);

	return c->pairprof[id] ? &c->prof[c->pairprof[id] - 1] : NULL;
}

/* A new profile, empty, of thread ("pid/tid" or the file's name). */
static struct prof *
prof_new(struct cpuprof *c, uint32_t pid, uint32_t key, const char *thread, uint64_t off)
{
	struct prof *p;

	uint32_t id = pair(c, pid, key);

	c->prof = egrowarray(c->prof, &c->profcap, c->nprof + 1, sizeof(*c->prof));
	p = &c->prof[c->nprof++];
	if (!c->pairprof[id])
		c->pairprof[id] = (uint32_t)c->nprof;
	memset(p, 0, sizeof(*p));
	p->key = key;
	p->pid = pid;
	p->thread = estrdup(thread);
	p->off = off;
	return p;
}

/* The cpuProfile object at off (nodes, samples; timeDeltas too when
 * deltas is set) into p. */
static void
cpuprofile_spans(struct cpuprof *c, struct prof *p, uint64_t off, int deltas)
{
	static const char *const keys[] = { "nodes", "samples", "timeDeltas" };
	uint64_t o[3];
	struct json *j = &c->a;

	at(c, j, off);
	json_findkeys(j, keys, o, deltas ? 3 : 2);
	if (o[0])
		span_add(&p->nodes, o[0]);
	if (o[1])
		span_add(&p->samples, o[1]);
	if (deltas && o[2])
		span_add(&p->deltas, o[2]);
}

static void
fold_prof(struct cpuprof *c, const struct prof *p)
{
	size_t i;

	read_nodes(c, p);
	for (i = 0; i < c->nnode; i++)
		c->node[i].kind = node_kind(c, &c->node[i]);
	read_samples(c, p);
	if (!one_by_one(c))
		emit(c, p);
}

/* A .cpuprofile's top-level object (its keys' offsets in o). */
static void
one_profile(struct cpuprof *c, const uint64_t *o, const char *thread)
{
	struct prof *p = prof_new(c, 0, intern(&c->str, thread, strlen(thread)), thread, 0);

	if (o[0])
		span_add(&p->nodes, o[0]);
	p->head = o[3];
	p->old = !o[0] && o[3];
	if (o[1])
		span_add(&p->samples, o[1]);
	if (o[p->old ? 4 : 2])
		span_add(&p->deltas, o[p->old ? 4 : 2]);
}

/* --- traces --------------------------------------------------------------- */

static int
event_kind(struct jstr name)
{
	if (json_is(name, "Profile"))
		return E_PROFILE;
	if (json_is(name, "ProfileChunk"))
		return E_CHUNK;
	if (json_is(name, "CpuProfile"))
		return E_CPUPROFILE;
	if (json_is(name, "thread_name"))
		return E_THREADNAME;
	return -1;
}

/* A pid or tid (a number, or a string), as text. */
static size_t
idtext(struct json *j, char *buf, size_t cap)
{
	struct jnum v;
	struct jstr s;

	if (json_peek(j) == JSON_STR) {
		s = json_str(j);
		if (s.len >= cap)
			s.len = cap - 1;
		memcpy(buf, s.s, s.len);
		buf[s.len] = 0;
		return s.len;
	}
	if (json_peek(j) != JSON_NUM) {
		json_skip(j);
		buf[0] = 0;
		return 0;
	}
	json_num(j, &v);
	return (size_t)(v.isint ? snprintf(buf, cap, "%lld", (long long)v.i) :
	    snprintf(buf, cap, "%.17g", v.d));
}

/* One event of the array: kept when it is one of the four. */
static void
read_event(struct cpuprof *c, struct json *j)
{
	char pid[64] = "", tid[64] = "", key[160];
	struct jstr k, id = { NULL, 0 }, name = { NULL, 0 };
	uint64_t args = 0, off = json_off(j), idoff = 0;
	struct event *e;
	struct jnum ts = { 0, 0, 0, 0 };
	int kind = -1;

	json_obj(j);
	while (json_key(j, &k)) {
		if (json_is(k, "name") && json_peek(j) == JSON_STR) {
			name = json_str(j);
			kind = event_kind(name);
		} else if (json_is(k, "pid")) {
			idtext(j, pid, sizeof(pid));
		} else if (json_is(k, "tid")) {
			idtext(j, tid, sizeof(tid));
		} else if (json_is(k, "ts") && json_peek(j) == JSON_NUM) {
			json_num(j, &ts);
		} else if (json_is(k, "id") && json_peek(j) != JSON_NULL) {
			idoff = json_off(j);
			json_skip(j);
		} else if (json_is(k, "args") && json_peek(j) == JSON_OBJ) {
			args = json_off(j);
			json_skip(j);
		} else {
			json_skip(j);
		}
	}
	if (kind < 0)
		return;
	c->ev = egrowarray(c->ev, &c->evcap, c->nev + 1, sizeof(*c->ev));
	e = &c->ev[c->nev];
	e->ts = ts.d;
	e->seq = c->nev++;
	e->kind = kind;
	e->args = args;
	e->off = off;
	e->pid = intern(&c->str, pid, strlen(pid));
	snprintf(key, sizeof(key), "%s/%s", pid, tid);
	e->pidtid = intern(&c->str, key, strlen(key));
	e->key = e->pidtid;
	if (idoff) {
		struct json *ij = &c->a;

		at(c, ij, idoff);
		if (json_peek(ij) == JSON_STR) {
			id = json_str(ij);
			e->key = intern(&c->str, id.s, id.len);
		} else {
			idtext(ij, key, sizeof(key));
			e->key = intern(&c->str, key, strlen(key));
		}
	}
}

static int
event_cmp(const void *a, const void *b)
{
	const struct event *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* args.data (or args.name) of event e: its offset, or 0. */
static uint64_t
args_key(struct cpuprof *c, const struct event *e, const char *key)
{
	const char *const keys[] = { key };
	uint64_t o;
	struct json *j = &c->a;

	if (!e->args)
		return 0;
	at(c, j, e->args);
	json_findkeys(j, keys, &o, 1);
	return o;
}

/* A Profile event: its profile declared, in its thread (a chunk's tid
 * is often the sampler's), its chunks so far kept. */
static void
declare(struct cpuprof *c, struct prof *p, const struct event *e)
{
	const char *thread = intern_str(&c->str, e->pidtid);

	if (!p)
		p = prof_new(c, e->pid, e->key, thread, e->off);
	if (p->declared)
		return;
	p->declared = 1;
	free(p->thread);
	p->thread = estrdup(thread);
	p->off = e->off;
}

/* Each profile's thread named for --by-thread: the last thread_name
 * given for its pid/tid, followed by " (pid PID)" when a thread of
 * another process has that name too (a page's renderer and an
 * iframe's are both CrRendererMain).  Names and pid/tids are strings of
 * c->str, whose ids index the arrays. */
static void
name_threads(struct cpuprof *c)
{
	uint32_t *name = ecalloc(c->str.n + 1, sizeof(*name));	/* pid/tid -> name + 1 */
	uint32_t *pid = ecalloc(c->str.n + 1, sizeof(*pid));	/* name -> a pid + 1 */
	unsigned char *shared = ecalloc(c->str.n + 1, 1);	/* name -> in two pids */
	uint32_t t, nm;
	struct prof *p;
	size_t i, n;

	for (i = 0; i < c->ntn; i++)
		name[c->tn[i].pidtid] = c->tn[i].name + 1;
	for (i = 0; i < c->nprof; i++) {
		p = &c->prof[i];
		t = intern_find(&c->str, p->thread, strlen(p->thread));
		if (t == UINT32_MAX || !name[t])
			continue;
		nm = p->nameid = name[t] - 1;
		free(p->thread);
		p->thread = estrdup(intern_str(&c->str, nm));
		p->named = 1;
		if (pid[nm] && pid[nm] != p->pid + 1)
			shared[nm] = 1;
		pid[nm] = p->pid + 1;
	}
	for (i = 0; i < c->nprof; i++) {
		p = &c->prof[i];
		if (!p->named || !shared[p->nameid])
			continue;
		n = strlen(p->thread);
		p->thread = erealloc(p->thread, n + intern_len(&c->str, p->pid) + 8);
		sprintf(p->thread + n, " (pid %s)", intern_str(&c->str, p->pid));
	}
	free(name);
	free(pid);
	free(shared);
}

/* The events in the order of their ts, applied as speedscope does. */
static void
apply_events(struct cpuprof *c)
{
	size_t i;
	struct event *e;
	struct prof *p;
	uint64_t data, o;
	struct json *j = &c->a;
	static const char *const chunkkeys[] = { "cpuProfile", "timeDeltas" };
	uint64_t co[2];
	const char *thread;

	if (c->nev)
		qsort(c->ev, c->nev, sizeof(*c->ev), event_cmp);
	for (i = 0; i < c->nev; i++) {
		e = &c->ev[i];
		if (e->kind == E_THREADNAME) {
			if (!(o = args_key(c, e, "name")))
				continue;
			at(c, j, o);
			if (json_peek(j) == JSON_STR) {
				c->tn = egrowarray(c->tn, &c->tncap, c->ntn + 1, sizeof(*c->tn));
				c->tn[c->ntn].pidtid = e->pidtid;
				c->tn[c->ntn++].name = str(c, j);
			}
			continue;
		}
		data = args_key(c, e, "data");
		thread = intern_str(&c->str, e->pidtid);
		p = prof_find(c, e->pid, e->key);
		if (e->kind == E_PROFILE) {
			declare(c, p, e);
		} else if (e->kind == E_CPUPROFILE && data) {
			/* a whole profile: another in the thread is another */
			p = prof_new(c, e->pid, e->key, thread, e->off);
			p->declared = 1;
			at(c, j, data);
			json_findkeys(j, chunkkeys, co, 1);
			if (co[0])
				cpuprofile_spans(c, p, co[0], 1);
		} else if (e->kind == E_CHUNK && data) {
			/* a chunk before its Profile event, or without one,
			 * is folded all the same, in the chunk's thread */
			if (!p)
				p = prof_new(c, e->pid, e->key, thread, e->off);
			at(c, j, data);
			json_findkeys(j, chunkkeys, co, 2);
			if (co[0])
				cpuprofile_spans(c, p, co[0], 0);
			if (co[1])
				span_add(&p->deltas, co[1]);
		}
	}
	name_threads(c);
}

static void
read_trace(struct cpuprof *c, uint64_t off)
{
	struct json *j = &c->t;

	at(c, j, off);
	json_arr(j);
	while (json_more(j)) {
		if (json_peek(j) == JSON_OBJ)
			read_event(c, j);
		else
			json_skip(j);
	}
	apply_events(c);
	if (!c->nprof)
		json_error(&c->j, off, "no CPU profile in this trace: record with the "
		    "disabled-by-default-v8.cpu_profiler category");
}

/* Everything c holds of a file, freed (also what an error left behind,
 * when the fuzzing harness goes on after it). */
static void
cp_reset(struct cpuprof *c)
{
	const struct cpuprof_opt *o = c->o;
	struct stackmap *map = c->map;
	struct stackrun *run = c->run;
	uint64_t idlew = c->idlew;
	size_t i;

	for (i = 0; i < c->nprof; i++) {
		free(c->prof[i].thread);
		free(c->prof[i].nodes.s);
		free(c->prof[i].samples.s);
		free(c->prof[i].deltas.s);
	}
	free(c->prof);
	intern_free(&c->pairs);
	free(c->pairprof);
	free(c->node);
	free(c->edge);
	htab_free(&c->ids);
	free(c->dense);
	free(c->w);
	free(c->nsamp);
	sb_free(&c->sb);
	free(c->path);
	free(c->pt);
	label_free(&c->lb);
	free(c->stack);
	free(c->ev);
	free(c->tn);
	intern_free(&c->str);
	intern_free(&c->labels);
	json_free(&c->j);
	json_free(&c->a);
	json_free(&c->t);
	json_free(&c->ws);
	json_free(&c->wd);
	memset(c, 0, sizeof(*c));
	c->o = o;
	c->map = map;
	c->run = run;
	c->idlew = idlew;
}

struct cpuprof *
cpuprof_new(const struct cpuprof_opt *o, struct stackmap *map, struct stackrun *run)
{
	struct cpuprof *c = ecalloc(1, sizeof(*c));

	c->o = o;
	c->map = map;
	c->run = run;
	return c;
}

void
cpuprof_settle(struct cpuprof_opt *o, int timeorder)
{
	if (o->lines && timeorder)
		usage_error("--lines and --time-order: a profile's lines are its nodes' "
		    "totals (positionTicks), not in time order");
	if (o->lines && o->gc == CPUPROF_GC_STACK)
		usage_error("--lines and --gc stack: a collection on the stack that ran "
		    "is a sample's, and a line's samples are its node's totals");
	if (o->gc < 0)
		o->gc = timeorder ? CPUPROF_GC_STACK : CPUPROF_GC_ROOT;
}

void
cpuprof_facts(const struct cpuprof *c, struct fheader *h)
{
	char idle[32];

	if (c->o->time)
		fh_set(h, FH_UNIT, "microseconds");
	if (!c->run)
		return;
	snprintf(idle, sizeof(idle), "closed %llu", (unsigned long long)c->idlew);
	fh_set(h, FH_IDLE, c->o->idle ? "frame" : idle);
}

void
cpuprof_free(struct cpuprof *c)
{
	cp_reset(c);
	free(c);
}

size_t
cpuprof_fold(struct cpuprof *c, const char *s, size_t n, const char *name)
{
	static const char *const keys[] = { "nodes", "samples", "timeDeltas", "head",
	    "timestamps", "traceEvents" };
	uint64_t off[LEN(keys)], top;
	const char *base;
	size_t i, np;
	int k;

	cp_reset(c);
	if (!n)
		fileerr(name, 0, "empty file");
	json_init(&c->j, s, n, name);
	c->name = name;
	sb_init(&c->sb, c->map, c->run);
	intern_init(&c->str);
	intern_init(&c->labels);
	intern_init(&c->pairs);
	intern(&c->str, "", 0);
	k = json_peek(&c->j);
	top = json_off(&c->j);
	if (k == JSON_ARR) {
		/* a trace's bare array may lack its ']' (a trace cut short) */
		c->j.partial = 1;
		off[0] = top;
		json_skip(&c->j);
		json_end(&c->j);
		read_trace(c, off[0]);
	} else if (k == JSON_OBJ) {
		json_findkeys(&c->j, keys, off, (int)LEN(keys));
		json_end(&c->j);
		base = label_base(name, strlen(name));
		if (off[5])
			read_trace(c, off[5]);
		else if (off[0] || off[3])
			one_profile(c, off, base);
		else
			json_error(&c->j, top, "JSON that is neither a .cpuprofile nor "
			    "a trace (no nodes, head or traceEvents)");
	} else {
		json_error(&c->j, top, "not a .cpuprofile nor a trace: the JSON is %s",
		    json_kindname(k));
	}
	for (i = 0; i < c->nprof; i++)
		fold_prof(c, &c->prof[i]);
	sb_dropped(&c->sb, name, "of (root) itself", c->o->time ? "microseconds" : NULL);
	np = c->nprof;
	cp_reset(c);
	return np;
}

void
cpuprof_folder(struct whole *w, void *arg)
{
	cpuprof_fold(arg, w->s, w->n, w->name);
}
