/* formats/ghc/read.c: GHC's profiling reports (see read.h) */
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/num.h"
#include "base/util.h"
#include "folded/textfold.h"
#include "folded/whole.h"
#include "formats/ghc/read.h"

/* a node of a JSON profile, in the order read (pre-order) */
struct ghc_node {
	int64_t id;
	uint64_t ticks, alloc;
	size_t depth;
	uint64_t off;		/* where it begins, for messages */
};

/* a cost centre of a JSON profile: id and its frame's name */
struct ghc_cc {
	int64_t id;
	size_t off, len;	/* in names */
};

struct ghc {
	int source;		/* what was asked: GHC_ */
	int counted;		/* what the files count, once one was read */
	const char *first;	/* the first file read */
	struct stackmap *m;
	struct depthstack d;
	struct bytes frame;
	struct json j, cc;
	struct ghc_node *node;
	size_t nnode, nodecap;
	size_t *open;		/* the nodes open while a JSON tree is read */
	size_t nopen, opencap;
	struct ghc_cc *ccs;
	size_t ncc, cccap;
	struct bytes names;
};

#define NOID INT64_MIN

static const char *const sourcename[] = { "", "ticks", "bytes", "%time" };

struct ghc *
ghc_new(int source, struct stackmap *m)
{
	struct ghc *g = ecalloc(1, sizeof(*g));

	g->source = source;
	g->m = m;
	depth_init(&g->d);
	return g;
}

void
ghc_print(struct ghc *g, struct folder *f)
{
	static const char *const unit[] = { NULL, NULL, "bytes", NULL };
	static const char *const countname[] = { NULL, "ticks", "bytes allocated",
	    "tenths of a percent of time" };

	textfold_print(f, &g->d, unit[g->counted], countname[g->counted]);
}

void
ghc_free(struct ghc *g)
{
	depth_free(&g->d);
	bytes_free(&g->frame);
	json_free(&g->j);
	json_free(&g->cc);
	free(g->node);
	free(g->open);
	free(g->ccs);
	bytes_free(&g->names);
	free(g);
}

/* The files of one run must count alike: what this one counts. */
static void
counting(struct ghc *g, int source, const char *name)
{
	if (g->counted && g->counted != source)
		fileerr(name, 0, "it counts %s, %s counts %s: fold them apart, or give --ticks, "
		    "--bytes or --time", sourcename[source], g->first, sourcename[g->counted]);
	g->counted = source;
	g->first = name;
}

/* The stack as it is with count v. */
static void
add(struct ghc *g, uint64_t v, const char *name, uint64_t line)
{
	count c = count_from_u64(v);

	if (v && !depth_add(&g->d, c))
		fileerr(name, line, "sum of counts overflows");
}

/* The frame MODULE.NAME at depth d; 0 when d skips a level. */
static int
frame(struct ghc *g, size_t d, const char *mod, size_t mlen, const char *cc, size_t clen)
{
	g->frame.n = 0;
	bytes_put(&g->frame, mod, mlen);
	bytes_put(&g->frame, ".", 1);
	bytes_put(&g->frame, cc, clen);
	return depth_set(&g->d, d, (char *)g->frame.p, g->frame.n);
}

/* --- the text report ------------------------------------------------- */

/* The call tree's columns, from its header line. */
struct cols {
	size_t modcol;		/* MODULE's column, in characters */
	int nnum;		/* the numbers that end a line */
	int time, ticks, bytes;	/* their places among them, or -1 */
};

static int
blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The next word of p[0..end) at or after *p: its start, *p past it;
 * NULL when none is left. */
static const char *
word(const char **p, const char *end, size_t *len)
{
	const char *w;

	while (*p < end && blank(**p))
		(*p)++;
	if (*p == end)
		return NULL;
	for (w = *p; *p < end && !blank(**p); (*p)++)
		;
	*len = (size_t)(*p - w);
	return w;
}

static int
is(const char *w, size_t n, const char *s)
{
	return w && n == strlen(s) && !memcmp(w, s, n);
}

/* Is line p[0..end) the call tree's header?  Its columns into c. */
static int
header(const char *p, const char *end, struct cols *c)
{
	const char *q = p, *w;
	size_t n, i;
	int k, entries = 0;

	static const char *const first[] = { "COST", "CENTRE", "MODULE" };

	for (k = 0; k < 3; k++)
		if (!(w = word(&q, end, &n)) || !is(w, n, first[k]))
			return 0;
	for (c->modcol = 0, i = 0; p + i < w; i++)
		c->modcol += ((unsigned char)p[i] & 0xc0) != 0x80;
	c->time = c->ticks = c->bytes = -1;
	for (k = 0; (w = word(&q, end, &n));) {
		if (!k && is(w, n, "SRC"))
			continue;
		if (is(w, n, "%time") && c->time < 0)
			c->time = k;
		else if (is(w, n, "ticks"))
			c->ticks = k;
		else if (is(w, n, "bytes"))
			c->bytes = k;
		entries |= is(w, n, "entries");
		k++;
	}
	c->nnum = k;
	return entries && c->time >= 0;
}

/* Where the character at column col of p[0..end) starts, or end. */
static const char *
column(const char *p, const char *end, size_t col)
{
	for (; p < end; p++)
		if (((unsigned char)*p & 0xc0) != 0x80 && !col--)
			return p;
	return end;
}

/* A whole number w[0..n), or with source GHC_TIME a percentage with
 * one decimal ("97.4") in tenths (974, its further digits dropped). */
static int
number(const char *w, size_t n, int source, uint64_t *v)
{
	size_t i, dot = n;
	unsigned d;

	for (i = 0; i < n && dot == n; i++)
		if (w[i] == '.' && source == GHC_TIME && i)
			dot = i;
	*v = 0;
	for (i = 0; i < n; i++) {
		if (i == dot)
			continue;
		if (!isdec(w[i]))
			return 0;
		d = (unsigned)(w[i] - '0');
		if (i > dot + 1)
			break;
		if (*v > (UINT64_MAX - d) / 10)
			return 0;
		*v = *v * 10 + d;
	}
	if (source == GHC_TIME && dot >= n - 1)
		return 0;
	return n > 0;
}

/* One line of the call tree. */
static void
treeline(struct ghc *g, struct textbuf *t, const struct cols *c, const char *p, const char *end,
    int source)
{
	const char *q, *w, *cc, *mod, *num[64], *modat;
	size_t n, clen, mlen, indent, len[64];
	int i, k;
	uint64_t v;

	for (indent = 0; p + indent < end && p[indent] == ' '; indent++)
		;
	q = p;
	cc = word(&q, end, &clen);
	/* a name with blanks in it reaches up to the MODULE column */
	modat = column(p, end, c->modcol);
	for (w = modat; w > q && blank(w[-1]); w--)
		;
	if (w > q)
		q = w, clen = (size_t)(w - cc);
	if (!(mod = word(&q, end, &mlen)))
		fileerr(t->name, t->line, "no module after the cost centre");
	/* the numbers are the last nnum words; SRC may hold blanks */
	for (k = 0; (w = word(&q, end, &n)); k++) {
		num[k % 64] = w;
		len[k % 64] = n;
	}
	if (k < c->nnum)
		fileerr(t->name, t->line, "%d of the %d numbers of a line", k, c->nnum);
	i = source == GHC_TICKS ? c->ticks : source == GHC_BYTES ? c->bytes : c->time;
	i = (k - c->nnum + i) % 64;
	if (!number(num[i], len[i], source, &v))
		fileerr(t->name, t->line, "bad %s '%.*s'", sourcename[source], (int)len[i], num[i]);
	if (!frame(g, indent, mod, mlen, cc, clen))
		fileerr(t->name, t->line, "indented by %zu after %zu: a level skipped", indent,
		    g->d.n ? g->d.n - 1 : 0);
	add(g, v, t->name, t->line);
}

static int
blankline(const char *p, const char *end)
{
	while (p < end && blank(*p))
		p++;
	return p == end;
}

static void
text(struct ghc *g, const char *s, size_t n, const char *name)
{
	struct textbuf t = { s, s + n, name, 0 };
	struct cols c;
	const char *p, *end;
	int source, in = 0, any = 0, found = 0;

	while (!found && textbuf_next(&t, &p, &end))
		if (!(found = header(p, end, &c)))
			any |= !blankline(p, end);
	if (!found && any)
		fileerr(name, 0, "no call tree (a line 'COST CENTRE MODULE ... no. entries ...'): "
		    "is this a GHC profiling report (+RTS -p)?");
	if (!found)
		return;		/* empty: no samples */
	source = g->source != GHC_DEFAULT ? g->source : c.ticks >= 0 ? GHC_TICKS : GHC_TIME;
	if ((source == GHC_TICKS && c.ticks < 0) || (source == GHC_BYTES && c.bytes < 0))
		fileerr(name, t.line, "no %s column: the report of +RTS -p has none, +RTS -P's "
		    "has", sourcename[source]);
	counting(g, source, name);
	depth_cut(&g->d, 0);
	/* the tree runs from its first line to the next blank line */
	while (textbuf_next(&t, &p, &end)) {
		if (blankline(p, end) && in)
			break;
		if (!blankline(p, end)) {
			in = 1;
			treeline(g, &t, &c, p, end, source);
		}
	}
}

/* --- the JSON report (+RTS -pj) --------------------------------------- */

static int
cc_cmp(const void *a, const void *b)
{
	const struct ghc_cc *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

/* "cost_centres": each one's id and MODULE.LABEL. */
static void
centres(struct ghc *g)
{
	static const char *const keys[] = { "id", "label", "module" };
	struct json *j = &g->cc;
	struct jstr s;
	uint64_t off[3], at;
	size_t i;

	g->ncc = 0;
	g->names.n = 0;
	json_arr(j);
	while (json_more(j)) {
		at = json_off(j);
		if (json_peek(j) != JSON_OBJ)
			json_error(j, at, "a cost centre is not an object");
		json_findkeys(j, keys, off, 3);
		g->ccs = egrowarray(g->ccs, &g->cccap, g->ncc + 1, sizeof(*g->ccs));
		g->ccs[g->ncc].off = g->names.n;
		for (i = 0; i < 3; i++)
			if (!off[i])
				json_error(j, at, "a cost centre without %s", keys[i]);
		json_at(&g->j, j, off[0]);
		g->ccs[g->ncc].id = json_int(&g->j, INT64_MIN + 1, INT64_MAX, "an id");
		json_at(&g->j, j, off[2]);
		s = json_str(&g->j);
		bytes_put(&g->names, s.s, s.len);
		bytes_put(&g->names, ".", 1);
		json_at(&g->j, j, off[1]);
		s = json_str(&g->j);
		bytes_put(&g->names, s.s, s.len);
		g->ccs[g->ncc].len = g->names.n - g->ccs[g->ncc].off;
		g->ncc++;
	}
	qsort(g->ccs, g->ncc, sizeof(*g->ccs), cc_cmp);
	for (i = 1; i < g->ncc; i++)
		if (g->ccs[i].id == g->ccs[i - 1].id)
			json_error(j, 0, "cost centre %lld appears twice", (long long)g->ccs[i].id);
}

/* A node of the tree begins at the cursor: entered, and open. */
static void
enter(struct ghc *g, struct json *j, size_t depth)
{
	struct ghc_node *nd;

	uint64_t off = json_off(j);

	if (json_peek(j) != JSON_OBJ)
		json_error(j, off, "a profile node is not an object");
	json_obj(j);
	g->node = egrowarray(g->node, &g->nodecap, g->nnode + 1, sizeof(*g->node));
	nd = &g->node[g->nnode];
	nd->off = off;
	nd->id = NOID;
	nd->ticks = nd->alloc = 0;
	nd->depth = depth;
	g->open = egrowarray(g->open, &g->opencap, g->nopen + 1, sizeof(*g->open));
	g->open[g->nopen++] = g->nnode++;
}

/* "profile": the tree, its nodes in pre-order into g->node. */
static void
tree(struct ghc *g)
{
	struct json *j = &g->cc;
	struct ghc_node *nd;
	struct jstr k;

	g->nnode = g->nopen = 0;
	enter(g, j, 0);
	while (g->nopen) {
		nd = &g->node[g->open[g->nopen - 1]];
		if (json_key(j, &k)) {
			if (json_is(k, "id"))
				nd->id = json_int(j, INT64_MIN + 1, INT64_MAX, "an id");
			else if (json_is(k, "ticks"))
				nd->ticks = (uint64_t)json_int(j, 0, INT64_MAX, "ticks");
			else if (json_is(k, "alloc"))
				nd->alloc = (uint64_t)json_int(j, 0, INT64_MAX, "alloc");
			else if (json_is(k, "children")) {
				json_arr(j);
				if (json_more(j))
					enter(g, j, nd->depth + 1);
			} else
				json_skip(j);
			continue;
		}
		/* the node ended: on in its caller's children */
		if (--g->nopen && json_more(j))
			enter(g, j, g->node[g->open[g->nopen - 1]].depth + 1);
	}
}

static const struct ghc_cc *
centre(const struct ghc *g, int64_t id)
{
	struct ghc_cc key = { id, 0, 0 };

	return bsearch(&key, g->ccs, g->ncc, sizeof(*g->ccs), cc_cmp);
}

static void
json(struct ghc *g, const char *s, size_t n, const char *name)
{
	static const char *const keys[] = { "cost_centres", "profile" };
	const struct ghc_cc *cc;
	uint64_t off[2];
	size_t i;
	int source = g->source == GHC_DEFAULT ? GHC_TICKS : g->source;

	json_init(&g->j, s, n, name);
	if (json_peek(&g->j) != JSON_OBJ)
		json_error(&g->j, json_off(&g->j), "not a GHC JSON profile: not an object");
	json_findkeys(&g->j, keys, off, 2);
	json_end(&g->j);
	if (!off[0] || !off[1])
		json_error(&g->j, 0, "not a GHC JSON profile (+RTS -pj): no %s", keys[!!off[0]]);
	if (source == GHC_TIME)
		json_error(&g->j, 0, "a JSON profile has no %%time: give --ticks or --bytes");
	counting(g, source, name);
	json_at(&g->cc, &g->j, off[0]);
	centres(g);
	json_at(&g->cc, &g->j, off[1]);
	tree(g);
	depth_cut(&g->d, 0);
	for (i = 0; i < g->nnode; i++) {
		if (!(cc = centre(g, g->node[i].id)))
			json_error(&g->j, g->node[i].off, "a profile node names cost centre %lld, which "
			    "cost_centres has not", (long long)g->node[i].id);
		/* pre-order: a node is at most one deeper than the one before */
		depth_set(&g->d, g->node[i].depth, (char *)g->names.p + cc->off, cc->len);
		add(g, source == GHC_BYTES ? g->node[i].alloc : g->node[i].ticks, name, 0);
	}
}

void
ghc_fold(struct ghc *g, const char *s, size_t n, const char *name)
{
	size_t i = n >= 3 && !memcmp(s, "\xef\xbb\xbf", 3) ? 3 : 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
		i++;
	if (i < n && s[i] == '{')
		json(g, s, n, name);
	else
		text(g, s, n, name);
}

void
ghc_folder(struct whole *w, void *arg)
{
	ghc_fold(arg, w->s, w->n, w->name);
}
