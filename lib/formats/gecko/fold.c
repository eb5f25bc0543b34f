/* formats/gecko/fold.c: a Gecko thread's samples folded into stacks (see read.h)
 *
 * Each sample adds its weight to its stack's; then each stack that
 * weighs something is written, its frames found by walking its
 * prefixes (each an earlier stack, so the walk ends).  A frame is
 * labelled by its func, once: the func's name, and " at FILE:LINE"
 * for a func with a file (JavaScript).  A raw profile has no funcs:
 * its frames' location strings are read the way the Firefox Profiler
 * reads them when it processes the profile, so that a raw profile and
 * the processed profile made of it fold alike.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/util.h"
#include "formats/gecko/tables.h"
#include "stack/frame.h"

#define JSBIT 0x80000000u

/* --- raw location strings ------------------------------------------------- */

struct loc {
	const char *name, *url;
	size_t nlen, ulen;
	int64_t line;
	int js;
	int rootscope;	/* a script's top level: "(root scope) URL" */
};

static int
digits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isdec(s[i]))
			return 0;
	return n > 0;
}

/* The digits that end s[0..*n), their value; *n cut before them. */
static int
taildigits(const char *s, size_t *n, int64_t *v)
{
	size_t e = *n, b = e;

	while (b > 0 && isdec(s[b - 1]))
		b--;
	if (b == e || e - b > 9)
		return 0;
	*v = 0;
	for (*n = b; b < e; b++)
		*v = *v * 10 + (s[b] - '0');
	return 1;
}

/* "URL:LINE" or "URL:LINE:COL" in s[0..n): the url (the shortest one,
 * as the profiler's lazy match has it) and the line; 0 if not so. */
static int
urlline(const char *s, size_t n, struct loc *l)
{
	int64_t a, b;
	size_t m = n;

	if (!taildigits(s, &m, &b) || m == 0 || s[m - 1] != ':')
		return 0;
	m--;
	l->line = b;
	if (taildigits(s, &m, &a) && m > 1 && s[m - 1] == ':') {
		l->line = a;	/* LINE:COL */
		m--;
	} else {
		m = n;
		taildigits(s, &m, &b);
		m--;
	}
	if (m == 0)
		return 0;
	l->url = s;
	l->ulen = m;
	return 1;
}

/* The script's url: the last of a chain "a.js -> b.js". */
static void
realurl(struct loc *l)
{
	const char *p;

	while ((p = memmem(l->url, l->ulen, " -> ", 4))) {
		l->ulen -= (size_t)(p + 4 - l->url);
		l->url = p + 4;
	}
}

/* "NAME (URL:LINE:COL)" (then "[SOURCE]" from version 32 on), or
 * "URL:LINE:COL" alone: a JavaScript frame. */
static int
jsloc(const char *s, size_t n, struct loc *l)
{
	size_t i;

	if (n > 2 && s[n - 1] == ']') {	/* [sourceIndex] */
		for (i = n - 1; i > 0 && s[i - 1] != '['; i--)
			;
		if (i > 0 && digits(s + i, n - 1 - i))
			n = i - 1;
	}
	if (n > 3 && s[n - 1] == ')') {
		/* the last " (" before a url and its line */
		for (i = n - 1; i-- > 0;)
			if (s[i] == ' ' && s[i + 1] == '(' && urlline(s + i + 2, n - 1 - i - 2, l)) {
				l->name = s;
				l->nlen = i;
				l->rootscope = i == 0;
				realurl(l);
				return 1;
			}
	}
	if (!urlline(s, n, l))
		return 0;
	l->name = s;
	l->nlen = 0;
	l->rootscope = 1;
	realurl(l);
	return 1;
}

/* "NAME (in LIB)", then " + 123" or " (file.cpp:12)" or nothing: a
 * symbolicated native frame, its name without "non-virtual thunk to ". */
static int
cpploc(const char *s, size_t n, struct loc *l)
{
	static const char thunk[] = "non-virtual thunk to ";
	const char *close, *r;
	size_t i, rn;

	for (i = n; i-- > 0;) {
		if (i + 5 > n || memcmp(s + i, " (in ", 5))
			continue;
		if (!(close = memchr(s + i + 5, ')', n - i - 5)))
			continue;
		r = close + 1;
		rn = (size_t)(s + n - r);
		if (rn && !(rn > 3 && !memcmp(r, " + ", 3) && digits(r + 3, rn - 3)) &&
		    !(rn > 3 && r[0] == ' ' && r[1] == '(' && r[rn - 1] == ')' &&
		    memchr(r + 2, ':', rn - 3)))
			continue;
		l->name = s;
		l->nlen = i;
		if (l->nlen >= sizeof(thunk) - 1 && !memcmp(s, thunk, sizeof(thunk) - 1)) {
			l->name += sizeof(thunk) - 1;
			l->nlen -= sizeof(thunk) - 1;
		}
		return 1;
	}
	return 0;
}

static void
parseloc(const char *s, size_t n, struct loc *l)
{
	memset(l, 0, sizeof(*l));
	if (n >= 2 && s[0] == '0' && s[1] == 'x') {
		l->name = s;
		l->nlen = n;
	} else if (cpploc(s, n, l)) {
		;
	} else if (jsloc(s, n, l)) {
		l->js = 1;
	} else {
		l->name = s;
		l->nlen = n;
	}
}

/* --- labels --------------------------------------------------------------- */

/* The label of location string i of a raw profile, JSBIT set when it
 * is JavaScript; line > 0: a JavaScript frame's line (--lines), not
 * its function's. */
static uint32_t
rawlabel(struct gecko *g, const struct gtabs *t, uint32_t i, int64_t line, uint64_t off)
{
	struct jstr s = gk_str(g, t, i, off);
	struct loc l;
	const char *name;
	size_t nlen;
	uint32_t id;

	parseloc(s.s, s.len, &l);
	name = l.name;
	nlen = l.nlen;
	if (l.rootscope) {	/* as the profiler names it */
		nlen = 13 + l.ulen;
		g->name = egrowarray(g->name, &g->namecap, nlen + 1, 1);
		memcpy(g->name, "(root scope) ", 13);
		memcpy(g->name + 13, l.url, l.ulen);
		name = g->name;
	}
	label_make(&g->lb, name, nlen, l.js ? l.url : "", l.js ? l.ulen : 0,
	    !l.js ? 0 : line > 0 ? line : l.line, g->o->fullpath, NULL);
	id = intern(&g->labels, g->lb.s, g->lb.len);
	if (id >= JSBIT)
		json_error(&g->j, off, "too many functions");
	return id | (l.js ? JSBIT : 0);
}

/* The label of func f of a processed profile; line > 0: a frame's line
 * (--lines), not the func's. */
static uint32_t
funclabel(struct gecko *g, const struct gtabs *t, uint32_t f, int64_t line, uint64_t off)
{
	struct jstr name = gk_str(g, t, t->fname[f], off), file = { "", 0 };
	uint32_t id;

	/* the file's string may be decoded where the name's was */
	g->name = egrowarray(g->name, &g->namecap, name.len + 1, 1);
	memcpy(g->name, name.s, name.len);
	if (t->ffile[f] != GNONE)
		file = gk_str(g, t, t->ffile[f], off);
	label_make(&g->lb, g->name, name.len, file.s, file.len,
	    line > 0 && file.len ? line : t->fline[f], g->o->fullpath, NULL);
	id = intern(&g->labels, g->lb.s, g->lb.len);
	if (id >= JSBIT)
		json_error(&g->j, off, "too many functions");
	return id;
}

/* Frame fr's label; *keep cleared when --js leaves it out.  With
 * --lines, a frame with a line of its own (the frame table's) is
 * labelled with it, once a frame. */
static uint32_t
framelabel(struct gecko *g, const struct gtabs *t, uint32_t fr, uint64_t off, int *keep)
{
	uint32_t f, *lab = t->lab, line = GNONE;

	if (fr >= t->nframe)
		json_error(&g->j, off, "frame %u is not in the frame table (%zu frames)", fr, t->nframe);
	f = t->func[fr];
	if (g->o->lines && t->frline && t->frline[fr] != GNONE && t->frline[fr] > 0) {
		line = t->frline[fr];
		lab = t->flab;
		f = fr;
	}
	if (g->raw) {
		if (t->func[fr] >= t->nstr)
			json_error(&g->j, off, "frame %u's location %u is not in the string table", fr,
			    t->func[fr]);
		if (lab[f] == GNONE)
			lab[f] = rawlabel(g, t, t->func[fr], line == GNONE ? 0 : line, off);
		*keep = !g->o->js || (lab[f] & JSBIT) || t->rel[fr];
		return lab[f] & ~JSBIT;
	}
	if (t->func[fr] >= t->nfunc)
		json_error(&g->j, off, "frame %u's func %u is not in the func table (%zu funcs)", fr,
		    t->func[fr], t->nfunc);
	if (lab[f] == GNONE)
		lab[f] = funclabel(g, t, t->func[fr], line == GNONE ? 0 : line, off);
	*keep = !g->o->js || t->fjs[t->func[fr]];
	return lab[f];
}

/* --- samples -------------------------------------------------------------- */

/* A sample's weight: 1, or its weight; with --time the time to the
 * next sample (prev: the sample before, whose time is now known). */
static count
weight(struct gecko *g, const struct jnum *w, uint64_t off)
{
	count c;

	if (w->d < 0)
		json_error(&g->j, off, "a negative weight (a comparison profile): "
		    "fold its two profiles apart and compare them with fg-diff");
	if (w->isint)
		return count_from_u64((uint64_t)w->i);
	if (w->d > 1.8e19)
		json_error(&g->j, off, "a weight too large");
	c.u = (uint64_t)w->d;
	c.d = w->d;
	return c;
}

static void
addw(struct gecko *g, uint32_t stack, const struct gtabs *t, count c, uint64_t off)
{
	if (stack == GNONE) {	/* no frame: counted, and said by gecko_fold */
		sb_addn(&g->nulls, c, 1);
		return;
	}
	if (stack >= t->nstack)
		json_error(&g->j, off, "stack %u is not in the stack table (%zu stacks)", stack,
		    t->nstack);
	if (!count_add(&g->w[stack], c))
		json_error(&g->j, off, "the sum of weights overflows");
	/* --time: the sample's weight in ms, squared, for the header's weight2 */
	g->nw[stack]++;
	g->q[stack] += (double)c.u / 1e6 * ((double)c.u / 1e6);
}

/* Each sample's weight onto its stack. */
static int
weigh(struct gecko *g, const struct gtabs *t, uint64_t off)
{
	struct gsamples *sp = &g->samp;
	struct gsample x, prev = { GNONE, { 0, 0, 0, 0 }, 0, 0 };
	int unit = gk_samples_open(g, sp, off), first = 1;

	if (g->o->time && unit != UNIT_COUNT)
		json_error(&g->j, off, "--time: these samples weigh %s already", unit_name(unit));
	if (g->o->time)
		unit = UNIT_MS;
	while (gk_sample(g, sp, &x)) {
		if (!g->o->time) {
			addw(g, x.stack, t, weight(g, &x.w, x.off), x.off);
			continue;
		}
		if (!sp->hast)
			json_error(&g->j, off, "--time: samples without times");
		if (!first) {
			if (x.ns < prev.ns)
				json_error(&g->j, x.off, "a sample at %.6f ms, before the one before "
				    "it (%.6f)", x.ns / 1e6, prev.ns / 1e6);
			addw(g, prev.stack, t, count_from_u64((uint64_t)(x.ns - prev.ns)), prev.off);
		}
		prev = x;
		first = 0;
	}
	/* the last sample: the interval, as the profiler has it */
	if (!first)
		addw(g, prev.stack, t, count_from_u64((uint64_t)llround(g->interval * 1e6)), prev.off);
	return unit;
}

/* --- stacks --------------------------------------------------------------- */

static void
put(struct gecko *g, size_t *n, const char *s, size_t len)
{
	g->buf = egrowarray(g->buf, &g->bufcap, *n + len + 3, 1);
	memcpy(g->buf + *n, s, len);
	*n += len;
}

/* Stack i's frames, root first, under root: into g->buf, its length
 * (0: no frame kept). */
static size_t
build(struct gecko *g, const struct gtabs *t, size_t i, const char *root, uint64_t off)
{
	size_t np = 0, n = 0;
	uint32_t k, l;
	int keep;

	for (k = (uint32_t)i; k != GNONE; k = t->prefix[k]) {
		l = framelabel(g, t, t->sframe[k], off, &keep);
		if (!keep)
			continue;
		g->path = egrowarray(g->path, &g->pathcap, np + 1, sizeof(*g->path));
		g->path[np++] = l;
	}
	if (!np)
		return 0;
	if (root) {
		put(g, &n, root, strlen(root));
		n = frame_clean(g->buf, n);
		put(g, &n, ";", 1);
	}
	while (np--) {
		put(g, &n, intern_str(&g->labels, g->path[np]), intern_len(&g->labels, g->path[np]));
		put(g, &n, ";", 1);
	}
	return n - 1;
}

int
gk_fold_thread(struct gecko *g, const struct gtabs *t, uint64_t samples, const char *root)
{
	size_t i, n;
	int unit;

	g->w = egrowarray(g->w, &g->wcap, t->nstack + 1, sizeof(*g->w));
	memset(g->w, 0, (t->nstack + 1) * sizeof(*g->w));
	g->nw = egrowarray(g->nw, &g->nwcap, t->nstack + 1, sizeof(*g->nw));
	memset(g->nw, 0, (t->nstack + 1) * sizeof(*g->nw));
	g->q = egrowarray(g->q, &g->qcap, t->nstack + 1, sizeof(*g->q));
	memset(g->q, 0, (t->nstack + 1) * sizeof(*g->q));
	unit = weigh(g, t, samples);
	for (i = 0; i < t->nstack; i++) {
		if (count_iszero(g->w[i]))
			continue;
		/* a stack of no frame kept (--js) is in no stack, as the
		 * profiler drops its samples */
		if (!(n = build(g, t, i, root, samples)))
			continue;
		if (g->o->time)	/* nanoseconds, exact, made milliseconds */
			g->w[i].d = (double)g->w[i].u / 1e6, g->w[i].u /= 1000000;
		if (!stackmap_add(g->m, g->buf, n, &g->w[i], 1))
			json_error(&g->j, samples, "the sum of weights overflows");
		/* --time: the samples behind the weights, and their squares
		 * (the samples' own weights, fg-gate's Kish number) */
		if (g->o->time) {
			g->m->samples += g->nw[i];
			g->m->weight2 += g->q[i];
		}
	}
	return unit;
}
