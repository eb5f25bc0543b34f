/* formats/callgrind/read.c: callgrind's profiles (see read.h) */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/intern.h"
#include "base/num.h"
#include "base/util.h"
#include "folded/textfold.h"
#include "folded/whole.h"
#include "formats/callgrind/read.h"
#include "stack/depth.h"
#include "stack/label.h"

/* the bound on the tree unfolded from one file's graph */
#define CG_MAXNODES (1u << 25)

struct cg_edge {
	uint32_t child;
	uint32_t next;		/* the caller's next call, in order; UINT32_MAX: none */
	double w;		/* inclusive cost, summed */
};

struct cg {
	const char *event;	/* the event asked for, or NULL: the first */
	int speedscope;		/* unfold as speedscope does (cg_fold) */
	int lines, fullpath;	/* --lines: own costs on their lines; whole paths */
	uint64_t maxout;	/* the bound on a file's stacks' bytes; 0: the default */
	char *chosen;		/* the event the files count (the first file's) */
	int mult;		/* 10 for Xdebug's Time_(10ns), else 1 */
	struct stackmap *m;
	/* a file's graph */
	struct interner ids;	/* "f12", "n12": a compressed name's id */
	uint32_t *idname;	/* ids' names (in names) */
	size_t idcap;
	struct interner names;	/* file and function names */
	struct interner frames;	/* (file, function) pairs */
	double *total;		/* a frame's self cost and calls */
	uint32_t *head, *tail;	/* a frame's first and last call (edges) */
	unsigned char *called, *onstack;
	size_t framecap;
	struct interner edgeids;	/* (caller, callee) pairs */
	struct cg_edge *edge;
	size_t edgecap;
	int nevents, ei, npos;	/* events, the one counted, positions */
	int linecol;		/* the position that is the line; -1: none */
	uint64_t line;		/* the last cost line's line */
	/* --lines: a frame's own costs by line, (frame, file, line) */
	struct interner srcs;
	double *scost;		/* a line's own cost */
	uint32_t *snext;	/* the frame's next line, in order; NONE: none */
	size_t scap;
	uint32_t *shead, *stail;	/* a frame's first and last lines */
	double *own;		/* the sum of a frame's own costs on lines */
	struct labelbuf lb;	/* a frame's label with its line */
	uint64_t *prev;		/* the last cost line's costs, and room for a line's */
	/* the unfolding */
	struct cg_visit *visit;
	size_t nvisit, visitcap;
	struct depthstack d;
	double self;		/* the self costs of the file */
	double cum;		/* the running total */
	uint64_t last;		/* its rounded value at the last step */
	uint64_t nodes;
	uint64_t outleft, ncut;	/* the stacks' bytes left; calls cut by maxout */
	uint64_t lcut;		/* --lines: nodes whose lines were not split */
	double cutw;		/* their weight */
};

#define NONE UINT32_MAX

/* a node of the tree being unfolded */
struct cg_visit {
	uint32_t frame, edge;	/* the frame; its next call to visit */
	double w, self;		/* its weight, and what its callees left */
	double before;		/* the running total before the current callee */
	uint64_t len;		/* the bytes of its stack's names and ';' */
	int counted;		/* its stack has a count: it is written */
};

/* The line being read. */
struct cgline {
	struct textbuf t;
	uint32_t fl, fn, cfl, cfn;	/* names, or NONE */
	uint32_t fi;		/* the file in effect: fl=, or fi=/fe= since */
	int events;		/* an events: line was read */
};

struct cg *
cg_new(const struct cg_opt *o, struct stackmap *m)
{
	struct cg *c = ecalloc(1, sizeof(*c));

	c->event = o->event;
	c->speedscope = o->speedscope;
	c->lines = o->lines;
	c->fullpath = o->fullpath;
	c->maxout = o->maxout;
	c->m = m;
	intern_init(&c->ids);
	intern_init(&c->names);
	intern_init(&c->frames);
	intern_init(&c->edgeids);
	intern_init(&c->srcs);
	depth_init(&c->d);
	return c;
}

static void
reset(struct cg *c)
{
	intern_free(&c->ids);
	intern_free(&c->names);
	intern_free(&c->frames);
	intern_free(&c->edgeids);
	intern_free(&c->srcs);
	intern_init(&c->ids);
	intern_init(&c->names);
	intern_init(&c->frames);
	intern_init(&c->edgeids);
	intern_init(&c->srcs);
}

void
cg_free(struct cg *c)
{
	intern_free(&c->ids);
	intern_free(&c->names);
	intern_free(&c->frames);
	intern_free(&c->edgeids);
	intern_free(&c->srcs);
	free(c->scost);
	free(c->snext);
	free(c->shead);
	free(c->stail);
	free(c->own);
	label_free(&c->lb);
	free(c->idname);
	free(c->total);
	free(c->head);
	free(c->tail);
	free(c->called);
	free(c->onstack);
	free(c->edge);
	free(c->visit);
	free(c->prev);
	free(c->chosen);
	depth_free(&c->d);
	free(c);
}

static const char *
cg_unit(const struct cg *c)
{
	if (!c->chosen)
		return NULL;
	if (!strcmp(c->chosen, "Time_(10ns)"))
		return "nanoseconds";
	return !strcmp(c->chosen, "Memory_(bytes)") ? "bytes" : NULL;
}

static int
blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* --- names ------------------------------------------------------------- */

/*
 * The name in value p[0..end) of a key of namespace ns ('f' files, 'n'
 * functions): "(ID) NAME" defines ID, "(ID)" names the name defined,
 * anything else is the name itself.  Its id in c->names.
 */
static uint32_t
name(struct cg *c, struct cgline *l, char ns, const char *p, const char *end)
{
	const char *q = p + 1, *close;
	char key[32];
	uint32_t id, k, old;

	if (p == end || *p != '(' || !(close = memchr(p, ')', (size_t)(end - p))) || close == q ||
	    close - q > 20)
		return intern(&c->names, p, (size_t)(end - p));
	for (; q < close && isdec(*q); q++)
		;
	if (q < close)
		return intern(&c->names, p, (size_t)(end - p));
	key[0] = ns;
	memcpy(key + 1, p + 1, (size_t)(close - p - 1));
	for (q = close + 1; q < end && blank(*q); q++)
		;
	if (q == end) {
		if ((k = intern_find(&c->ids, key, (size_t)(close - p))) == NONE)
			fileerr(l->t.name, l->t.line, "name (%.*s) used before it is defined",
			    (int)(close - p - 1), p + 1);
		return c->idname[k];
	}
	old = c->ids.n;
	k = intern(&c->ids, key, (size_t)(close - p));
	c->idname = egrowarray(c->idname, &c->idcap, (size_t)k + 1, sizeof(*c->idname));
	if (k != old)
		fileerr(l->t.name, l->t.line, "name (%.*s) defined again", (int)(close - p - 1), p + 1);
	id = intern(&c->names, q, (size_t)(end - q));
	c->idname[k] = id;
	return id;
}

/* The frame of file file (or NONE) and function fn (or NONE). */
static uint32_t
frame(struct cg *c, uint32_t file, uint32_t fn)
{
	uint32_t key[2], f, old = c->frames.n;

	if (file == NONE)
		file = intern(&c->names, "(unknown)", 9);
	if (fn == NONE)
		fn = intern(&c->names, "(unknown)", 9);
	key[0] = file;
	key[1] = fn;
	f = intern(&c->frames, (const char *)key, sizeof(key));
	if (f == old) {
		if ((size_t)f >= c->framecap) {
			c->total = egrowarray(c->total, &c->framecap, (size_t)f + 1,
			    sizeof(*c->total));
			c->head = ereallocarray(c->head, c->framecap, sizeof(*c->head));
			c->tail = ereallocarray(c->tail, c->framecap, sizeof(*c->tail));
			c->called = erealloc(c->called, c->framecap);
			c->onstack = erealloc(c->onstack, c->framecap);
			c->shead = ereallocarray(c->shead, c->framecap, sizeof(*c->shead));
			c->stail = ereallocarray(c->stail, c->framecap, sizeof(*c->stail));
			c->own = ereallocarray(c->own, c->framecap, sizeof(*c->own));
		}
		c->total[f] = 0;
		c->shead[f] = c->stail[f] = NONE;
		c->own[f] = 0;
		c->head[f] = c->tail[f] = NONE;
		c->called[f] = c->onstack[f] = 0;
	}
	return f;
}

/* --- lines ------------------------------------------------------------- */

/* Is p[0..n) one position: a number, +N, -N or '*'? */
static int
position(const char *p, size_t n)
{
	size_t i = 0;

	if (n == 1 && *p == '*')
		return 1;
	if (*p == '+' || *p == '-')
		i = 1;
	else if (n > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		return isdigits(p + 2, n - 2, 1);
	return i < n && isdigits(p + i, n - i, 0);
}

/*
 * A cost line p[0..end): its positions, then its costs (those not
 * written are 0).  1 and the cost of the event counted in *cost; 0
 * when the line is none.
 */
/* Cost w[0..n) of column i: a number, or '*', +N, -N as the previous
 * cost line's cost of that column (as speedscope reads them). */
static uint64_t
cost1(struct cg *c, struct cgline *l, const char *w, size_t n, int i)
{
	uint64_t prev = c->prev[i];
	count v;
	int sign = *w == '-' ? -1 : *w == '+';

	if (n == 1 && *w == '*')
		return prev;
	if (count_parse(w + !!sign, n - !!sign, &v) || !count_whole(v) || n == !!sign)
		fileerr(l->t.name, l->t.line, "bad cost '%.*s'", (int)n, w);
	if (sign < 0 && v.u > prev)
		fileerr(l->t.name, l->t.line, "cost '%.*s' is below 0", (int)n, w);
	if (sign > 0 && v.u > UINT64_MAX - prev)
		fileerr(l->t.name, l->t.line, "cost '%.*s' overflows", (int)n, w);
	return sign < 0 ? prev - v.u : sign > 0 ? prev + v.u : v.u;
}

/* The line position w[0..n): a number, or +N, -N, '*' from the last
 * cost line's line (subposition compression), which it becomes. */
static void
lineat(struct cg *c, struct cgline *l, const char *w, size_t n)
{
	uint64_t v = 0;
	int sign = *w == '-' ? -1 : *w == '+';
	size_t i;

	if (n == 1 && *w == '*')
		return;
	for (i = !!sign; i < n; i++) {
		if (!isdec(w[i]) || v > (UINT64_MAX - 9) / 10)
			fileerr(l->t.name, l->t.line, "bad line '%.*s'", (int)n, w);
		v = v * 10 + (uint64_t)(w[i] - '0');
	}
	if (sign < 0 && v > c->line)
		fileerr(l->t.name, l->t.line, "line '%.*s' is below 0", (int)n, w);
	v = sign < 0 ? c->line - v : sign > 0 ? c->line + v : v;
	if (v > INT32_MAX)
		fileerr(l->t.name, l->t.line, "line '%.*s' is past 2^31 - 1", (int)n, w);
	c->line = v;
}

static int
costline(struct cg *c, struct cgline *l, const char *p, const char *end, double *cost)
{
	const char *w;
	int k = 0;
	uint64_t *now;

	while (p < end && blank(*p))
		p++;
	for (w = p; w < end && !blank(*w); w++)
		;
	if (p == end || (c->npos && !position(p, (size_t)(w - p))))
		return 0;
	if (!l->events)
		fileerr(l->t.name, l->t.line, "a cost line before the events: line");
	now = c->prev + c->nevents;
	memset(now, 0, (size_t)c->nevents * sizeof(*now));
	for (;; k++) {
		while (p < end && blank(*p))
			p++;
		if (p == end)
			break;
		for (w = p; p < end && !blank(*p); p++)
			;
		if (k < c->npos) {
			if (!position(w, (size_t)(p - w)))
				fileerr(l->t.name, l->t.line, "bad position '%.*s'", (int)(p - w), w);
			if (k == c->linecol)
				lineat(c, l, w, (size_t)(p - w));
			continue;
		}
		if (k - c->npos >= c->nevents)
			fileerr(l->t.name, l->t.line, "more costs than the %d events", c->nevents);
		now[k - c->npos] = cost1(c, l, w, (size_t)(p - w), k - c->npos);
	}
	memcpy(c->prev, now, (size_t)c->nevents * sizeof(*now));
	*cost = (double)now[c->ei];
	return 1;
}

/* The call from the current function to the callee, of cost w. */
static void
call(struct cg *c, struct cgline *l, double w)
{
	uint32_t from = frame(c, l->fl, l->fn);
	/* a cfn= without cfi= is of the file in effect, as callgrind writes
	 * it (and callgrind_annotate reads it): inlined code's (fi=) */
	uint32_t to = frame(c, l->cfl != NONE ? l->cfl : l->fi, l->cfn);
	uint32_t key[2] = { from, to }, e, old = c->edgeids.n;

	/* a function's call of itself is inside the costs of its own lines
	 * and of its other calls already (callgrind's fib'2 calls fib'2):
	 * its cost counted again would be taken from its callees */
	if (from == to && !c->speedscope)
		return;
	e = intern(&c->edgeids, (const char *)key, sizeof(key));
	if (e == old) {
		c->edge = egrowarray(c->edge, &c->edgecap, (size_t)e + 1, sizeof(*c->edge));
		/* new: at the end of the caller's calls */
		if (c->head[from] == NONE)
			c->head[from] = e;
		else
			c->edge[c->tail[from]].next = e;
		c->tail[from] = e;
		c->edge[e].child = to;
		c->edge[e].next = NONE;
		c->edge[e].w = 0;
	}
	c->edge[e].w += w;
	c->total[from] += w;
	c->called[to] = 1;
}

/* "events: A B ..." */
static void
events(struct cg *c, struct cgline *l, const char *p, const char *end)
{
	const char *w;
	size_t n;

	if (l->events)
		fileerr(l->t.name, l->t.line, "a second events: line");
	l->events = 1;
	c->nevents = 0;
	c->ei = -1;
	for (;;) {
		while (p < end && blank(*p))
			p++;
		if (p == end)
			break;
		for (w = p; p < end && !blank(*p); p++)
			;
		n = (size_t)(p - w);
		if (c->ei < 0 && (c->event ? strlen(c->event) == n && !memcmp(w, c->event, n) :
		    !c->nevents)) {
			c->ei = c->nevents;
			if (c->chosen && (strlen(c->chosen) != n || memcmp(c->chosen, w, n)))
				fileerr(l->t.name, l->t.line, "it counts %.*s, the files before it %s: "
				    "fold them apart, or give --event", (int)n, w, c->chosen);
			if (!c->chosen) {
				c->chosen = emalloc(n + 1);
				memcpy(c->chosen, w, n);
				c->chosen[n] = 0;
				c->mult = !strcmp(c->chosen, "Time_(10ns)") ? 10 : 1;
			}
		}
		c->nevents++;
	}
	if (!c->nevents)
		fileerr(l->t.name, l->t.line, "no events on the events: line");
	c->prev = ereallocarray(c->prev, 2 * (size_t)c->nevents, sizeof(*c->prev));
	memset(c->prev, 0, 2 * (size_t)c->nevents * sizeof(*c->prev));
	if (c->ei < 0)
		fileerr(l->t.name, l->t.line, "no event %s here (--event)", c->event);
}

/* "positions: line", "positions: instr line": how many, and which is
 * the line */
static void
positions(struct cg *c, const char *p, const char *end)
{
	const char *w;

	c->linecol = -1;
	for (c->npos = 0;; c->npos++) {
		while (p < end && blank(*p))
			p++;
		if (p == end)
			break;
		for (w = p; p < end && !blank(*p); p++)
			;
		if (p - w == 4 && !memcmp(w, "line", 4))
			c->linecol = c->npos;
	}
}

/* A "key: value" header line: 1, else 0. */
static int
header(struct cg *c, struct cgline *l, const char *p, const char *end)
{
	const char *q, *colon;

	for (q = p; q < end && blank(*q); q++)
		;
	for (colon = q; colon < end && (isalnum((unsigned char)*colon) || *colon == '_'); colon++)
		;
	if (colon == q || colon == end || *colon != ':')
		return 0;
	if (colon - q == 6 && !memcmp(q, "events", 6))
		events(c, l, colon + 1, end);
	else if (colon - q == 9 && !memcmp(q, "positions", 9))
		positions(c, colon + 1, end);
	return 1;
}

static int
key(const char *k, size_t n, const char *s)
{
	return n == strlen(s) && !memcmp(k, s, n);
}

/* The line after calls=, jump= or jcnd=: must be a cost line. */
static int
after(struct cg *c, struct cgline *l, double *cost)
{
	const char *p, *end;

	if (!textbuf_next(&l->t, &p, &end) || !costline(c, l, p, end, cost))
		fileerr(l->t.name, l->t.line, "a call or jump without its cost line");
	return 1;
}

/* A "key=value" line: 1, else 0. */
static int
assignment(struct cg *c, struct cgline *l, const char *p, const char *end)
{
	const char *eq, *v;
	size_t n;
	double cost;

	for (eq = p; eq < end && (isalnum((unsigned char)*eq) || *eq == '_'); eq++)
		;
	if (eq == p || eq == end || *eq != '=')
		return 0;
	n = (size_t)(eq - p);
	for (v = eq + 1; v < end && blank(*v); v++)
		;
	if (key(p, n, "fl"))
		l->fi = l->fl = name(c, l, 'f', v, end);
	else if (key(p, n, "fn"))
		l->fn = name(c, l, 'n', v, end);
	else if (key(p, n, "fi") || key(p, n, "fe"))
		l->fi = name(c, l, 'f', v, end);
	else if (key(p, n, "jfi"))
		name(c, l, 'f', v, end);
	else if (key(p, n, "cfi") || key(p, n, "cfl"))
		l->cfl = name(c, l, 'f', v, end);
	else if (key(p, n, "cfn"))
		l->cfn = name(c, l, 'n', v, end);
	else if (key(p, n, "jfn"))
		name(c, l, 'n', v, end);
	else if (key(p, n, "calls")) {
		after(c, l, &cost);
		call(c, l, cost);
		l->cfl = l->cfn = NONE;
	} else if (key(p, n, "jump") || key(p, n, "jcnd"))
		after(c, l, &cost);
	/* ob=, cob= and the keys of other tools name no frame */
	return 1;
}

/* --lines: the own cost of frame f on file file's (or NONE) last line. */
static void
ownline(struct cg *c, uint32_t f, uint32_t file, double cost)
{
	uint32_t key[4] = { f, file, (uint32_t)c->line, 0 }, k, old = c->srcs.n;

	k = intern(&c->srcs, (const char *)key, sizeof(key));
	if (k == old) {
		c->scost = egrowarray(c->scost, &c->scap, (size_t)k + 1, sizeof(*c->scost));
		c->snext = ereallocarray(c->snext, c->scap, sizeof(*c->snext));
		c->scost[k] = 0;
		c->snext[k] = NONE;
		if (c->shead[f] == NONE)
			c->shead[f] = k;
		else
			c->snext[c->stail[f]] = k;
		c->stail[f] = k;
	}
	c->scost[k] += cost;
	c->own[f] += cost;
}

static void
parse(struct cg *c, const char *s, size_t n, const char *fname)
{
	struct cgline l = { { s, s + n, fname, 0 }, NONE, NONE, NONE, NONE, NONE, 0 };
	const char *p, *end, *q;
	double cost;
	uint64_t sum = 0, u;
	uint32_t f;

	c->npos = 1;
	c->linecol = 0;
	c->line = 0;
	while (textbuf_next(&l.t, &p, &end)) {
		for (q = p; q < end && blank(*q); q++)
			;
		if (q == end || *q == '#')
			continue;
		if (header(c, &l, p, end) || assignment(c, &l, p, end))
			continue;
		if (!costline(c, &l, p, end, &cost))
			fileerr(fname, l.t.line, "not a line of a callgrind profile");
		/* the stacks count the self costs' sum (times 10 for Xdebug's
		 * 10 ns), a 64-bit count */
		u = c->prev[c->ei];
		if (u > (UINT64_MAX - sum) / (uint64_t)c->mult)
			fileerr(fname, l.t.line, "the sum of the costs of %s overflows "
			    "(it passes 2^64 - 1 here)", c->chosen);
		sum += u * (uint64_t)c->mult;
		f = frame(c, l.fl, l.fn);	/* it may move total */
		c->total[f] += cost;
		c->self += cost;
		if (c->lines && cost > 0)
			ownline(c, f, l.fi, cost);
	}
}

/* --- the tree ------------------------------------------------------------ */

/* The running total has moved: the stack as it is counts the step. */
static void
step(struct cg *c, const char *name)
{
	double r = round(c->cum * c->mult);
	uint64_t v;
	count k;

	/* the self costs' sum fits (parse), but for the double's rounding
	 * near 2^64: only calls whose inclusive costs pass their callees'
	 * reach past it */
	if (r >= 18446744073709551616.0 * (1 + 1e-12))
		fileerr(name, 0, "the stacks' weights overflow (past 2^64 - 1): "
		    "the calls' inclusive costs are far above the callees' costs");
	v = r <= 0 ? 0 : r >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)r;

	if (v > c->last && c->d.n) {
		k = count_from_u64(v - c->last);
		if (!depth_add(&c->d, k))
			fileerr(name, 0, "sum of counts overflows");
		c->visit[c->nvisit - 1].counted = 1;
	}
	c->last = v;
}

/* Enter frame f with weight w, if it is to be: 1, else 0. */
static int
enter(struct cg *c, uint32_t f, double w, double min, const char *name)
{
	const uint32_t *key;
	struct cg_visit *v;
	uint64_t len;

	if (c->onstack[f] || w <= 0 || w < min || c->total[f] == 0)
		return 0;
	key = (const uint32_t *)intern_str(&c->frames, f);
	len = intern_len(&c->names, key[1]) + (c->nvisit ? c->visit[c->nvisit - 1].len + 1 : 0);
	/* The stacks' bytes bounded: a node's line (its names, a blank and
	 * a newline; its count's digits not counted) is taken from what is
	 * left when it is entered, and given back if it is left with no
	 * count.  A root's stack is always entered; once a call is past
	 * the bound, no call is, and its weight is its caller's own. */
	if (c->nvisit && (c->ncut || len + 2 > c->outleft)) {
		c->ncut++;
		c->cutw += w;
		return 0;
	}
	c->outleft -= len + 2 < c->outleft ? len + 2 : c->outleft;
	if (++c->nodes > CG_MAXNODES)
		fileerr(name, 0, "the call graph unfolds into more than %u nodes", CG_MAXNODES);
	step(c, name);
	depth_set(&c->d, c->d.n, intern_str(&c->names, key[1]), intern_len(&c->names, key[1]));
	c->onstack[f] = 1;
	c->visit = egrowarray(c->visit, &c->visitcap, c->nvisit + 1, sizeof(*c->visit));
	v = &c->visit[c->nvisit++];
	v->frame = f;
	v->edge = c->head[f];
	v->w = w;
	v->self = w;
	v->len = len;
	v->counted = 0;
	return 1;
}

/* --lines: the own weight of node v (the top of the stack) shared among
 * its function's lines as its own costs are, each its frame "NAME at
 * FILE:LINE".  The lines' stacks are taken from the bytes left
 * (--max-output), the node's own stack's given back for them but kept
 * in reserve: past the bound, what is left of its weight stays on it,
 * the frame without a line. */
static void
ownlines(struct cg *c, struct cg_visit *v, const char *name)
{
	const uint32_t *fkey = (const uint32_t *)intern_str(&c->frames, v->frame), *key;
	const char *fn = intern_str(&c->names, fkey[1]), *file;
	size_t fnlen = intern_len(&c->names, fkey[1]), flen;
	double left = v->self, part;
	uint64_t need, own = v->len + 2, before;
	uint32_t k;

	c->outleft += own;	/* taken at enter */
	v->counted = 1;		/* not given back again */
	for (k = c->shead[v->frame]; k != NONE; k = c->snext[k]) {
		key = (const uint32_t *)intern_str(&c->srcs, k);
		file = key[1] == NONE ? "" : intern_str(&c->names, key[1]);
		flen = key[1] == NONE ? 0 : intern_len(&c->names, key[1]);
		if (flen == 3 && !memcmp(file, "???", 3))
			flen = 0;	/* callgrind's unknown file */
		label_make(&c->lb, fn, fnlen, file, flen, key[2], c->fullpath, NULL);
		need = v->len - fnlen + c->lb.len + 2;
		if (need > c->outleft || c->outleft - need < own)
			break;
		c->outleft -= need;
		part = c->snext[k] == NONE ? left : v->self * (c->scost[k] / c->own[v->frame]);
		left -= part;
		depth_set(&c->d, c->d.n - 1, c->lb.s, c->lb.len);
		c->cum += part;
		before = c->last;
		step(c, name);
		if (c->last == before)
			c->outleft += need;	/* no count: not written */
	}
	if (k != NONE) {	/* the rest on the frame itself */
		c->lcut++;
		c->outleft -= own;
		depth_set(&c->d, c->d.n - 1, fn, fnlen);
		c->cum += left;
		step(c, name);
	}
}

/* Unfold the tree of root r. */
static void
unfold(struct cg *c, uint32_t r, double min, const char *name)
{
	struct cg_visit *v;
	struct cg_edge *e;

	if (!enter(c, r, c->total[r], min, name))
		return;
	while (c->nvisit) {
		v = &c->visit[c->nvisit - 1];
		if (v->edge != NONE) {
			/* a callee not entered takes nothing */
			e = &c->edge[v->edge];
			v->edge = e->next;
			v->before = c->cum;
			enter(c, e->child, v->w * (e->w / c->total[v->frame]), min, name);
			continue;
		}
		/* the frame is left: what its callees did not take is its own */
		if (c->lines && c->own[v->frame] > 0 && v->self > 0)
			ownlines(c, v, name);
		else {
			c->cum += v->self;
			step(c, name);
		}
		if (!v->counted)
			c->outleft += v->len + 2;
		c->onstack[v->frame] = 0;
		depth_cut(&c->d, c->d.n - 1);
		if (--c->nvisit)
			v[-1].self -= c->cum - v[-1].before;
	}
}

/* The bound on the stacks of a file of n bytes: c->maxout, or 100
 * times its size, at least 4 MiB. */
static uint64_t
maxout(const struct cg *c, size_t n)
{
	if (c->maxout)
		return c->maxout;
	return n < (4u << 20) / 100 ? 4u << 20 : n > UINT64_MAX / 100 ? UINT64_MAX : 100 * (uint64_t)n;
}

void
cg_fold(struct cg *c, const char *s, size_t n, const char *name)
{
	double max = 0;
	uint32_t f;

	reset(c);
	c->self = 0;
	parse(c, s, n, name);
	for (f = 0; f < c->frames.n; f++)
		if (c->total[f] > max)
			max = c->total[f];
	c->cum = 0;
	c->last = 0;
	c->nodes = 0;
	c->nvisit = 0;
	c->outleft = maxout(c, n);
	c->ncut = c->lcut = 0;
	c->cutw = 0;
	depth_cut(&c->d, 0);
	/* speedscope leaves out a node under a ten-thousandth of the
	 * heaviest function's total; the default enters every one */
	for (f = 0; f < c->frames.n; f++)
		if (!c->called[f])
			unfold(c, f, c->speedscope ? 1e-4 * max : 0, name);
	if (c->lcut)
		weprintf("%s: the stacks reach the bound of %llu bytes (--max-output): the own "
		    "costs of %llu stacks not split among their lines (the frame without a line)",
		    name, (unsigned long long)maxout(c, n), (unsigned long long)c->lcut);
	if (c->ncut)
		weprintf("%s: the stacks reach the bound of %llu bytes (--max-output): %llu calls "
		    "not unfolded, %.0f of the weight (%.3g%% of %.0f) counted as their callers' own",
		    name, (unsigned long long)maxout(c, n), (unsigned long long)c->ncut,
		    round(c->cutw * c->mult), c->self ? 100 * c->cutw / c->self : 0.0,
		    round(c->self * c->mult));
	/* the stacks hold every self cost when the graph is consistent (to
	 * a thousandth: callgrind's own sums may differ by a few) */
	if (fabs((double)c->last - c->self * c->mult) > c->self * c->mult / 1000 ||
	    (!c->last && c->self))
		weprintf("%s: the stacks add up to %llu, the self costs to %.0f: %s", name,
		    (unsigned long long)c->last, round(c->self * c->mult), c->last ?
		    "the calls' inclusive costs do not match the callees' costs" :
		    "every function is called by another, no call tree has a root");
}

void
cg_folder(struct whole *w, void *arg)
{
	cg_fold(arg, w->s, w->n, w->name);
}

void
cg_print(struct cg *c, struct folder *f)
{
	textfold_print(f, &c->d, cg_unit(c), c->chosen);
}
