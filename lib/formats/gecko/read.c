/* formats/gecko/read.c: a Gecko profile's threads and their tables (see read.h)
 *
 * The file is read in one pass over the top level, which notes where
 * meta, threads, processes and shared are; each thread's object is
 * then read with its own cursor, its tables (or the shared ones) into
 * columns (tables.h), and handed to fold.c.  Every value the reader
 * passes is checked as JSON, and every value it uses for its type and
 * range: an index that names no row is an error, with its offset.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/out.h"
#include "base/util.h"
#include "formats/gecko/tables.h"
#include "stack/frame.h"

/* the keys of a thread object that fold reads */
enum { T_NAME, T_PROCESS, T_PID, T_TID, T_SAMPLES, T_STACKS, T_FRAMES, T_FUNCS, T_STRTAB,
    T_STRARR, T_NKEYS };
static const char *const threadkeys[] = { "name", "processName", "pid", "tid", "samples",
    "stackTable", "frameTable", "funcTable", "stringTable", "stringArray" };

/* --- columns -------------------------------------------------------------- */

/* An array of integers in [lo, hi] at off, into *v (null as GNONE
 * when nul is set, else an error); its length. */
static size_t
intcol(struct gecko *g, uint64_t off, int64_t lo, int64_t hi, int nul, uint32_t **v,
    size_t *cap, const char *what)
{
	struct json *j = &g->a;
	size_t n = 0;
	int64_t x;

	json_at(j, &g->j, off);
	json_arr(j);
	while (json_more(j)) {
		*v = egrowarray(*v, cap, n + 1, sizeof(**v));
		if (nul && json_peek(j) == JSON_NULL) {
			json_skip(j);
			(*v)[n++] = GNONE;
			continue;
		}
		x = json_int(j, lo, hi, what);
		(*v)[n++] = (uint32_t)x;
	}
	return n;
}

/* An array of booleans (or null, false) at off, into *v. */
static size_t
boolcol(struct gecko *g, uint64_t off, uint8_t **v, size_t *cap, uint8_t bit)
{
	struct json *j = &g->a;
	size_t n = 0;
	int k;

	json_at(j, &g->j, off);
	json_arr(j);
	while (json_more(j)) {
		*v = egrowarray(*v, cap, n + 1, sizeof(**v));
		k = json_peek(j);
		if (k != JSON_TRUE && k != JSON_FALSE && k != JSON_NULL && k != JSON_NUM)
			json_error(&g->j, json_off(j), "a boolean expected, not %s", json_kindname(k));
		(*v)[n] = (uint8_t)((*v)[n] | (k == JSON_TRUE ? bit : 0));
		if (k == JSON_NUM && json_int(j, 0, 1, "a boolean"))
			(*v)[n] |= bit;
		else if (k != JSON_NUM)
			json_skip(j);
		n++;
	}
	return n;
}

/* An array of strings at off: each one's offset, into t->str. */
static void
strcol(struct gecko *g, uint64_t off, struct gtabs *t)
{
	struct json *j = &g->a;
	uint64_t o;

	t->nstr = 0;
	json_at(j, &g->j, off);
	json_arr(j);
	while (json_more(j)) {
		o = json_off(j);
		if (json_peek(j) != JSON_STR)
			json_error(&g->j, o, "a string expected, not %s", json_kindname(json_peek(j)));
		json_skip(j);
		t->str = egrowarray(t->str, &t->caps[0], t->nstr + 1, sizeof(*t->str));
		t->str[t->nstr++] = o;
	}
}

struct jstr
gk_str(struct gecko *g, const struct gtabs *t, uint32_t i, uint64_t off)
{
	if (i >= t->nstr)
		json_error(&g->j, off, "string %u is not in the string table (%zu strings)", i,
		    t->nstr);
	json_at(&g->b, &g->j, t->str[i]);
	return json_str(&g->b);
}

/* The value of key name in the object at off: its offset, or 0. */
static uint64_t
key(struct gecko *g, uint64_t off, const char *name)
{
	const char *const keys[] = { name };
	uint64_t o;

	if (!off)
		return 0;
	json_at(&g->a, &g->j, off);
	json_findkeys(&g->a, keys, &o, 1);
	return o;
}

/* Like key, and the value must be there: what names the table. */
static uint64_t
need(struct gecko *g, uint64_t off, const char *name, const char *what)
{
	uint64_t o = key(g, off, name);

	if (!o)
		json_error(&g->j, off, "%s without a %s column", what, name);
	return o;
}

/* --- raw tables: {"schema": {...}, "data": [[...], ...]} ----------------- */

/* The column of each of names[0..n) in the schema of the table at
 * off (-1: none), and the offset of its data. */
static uint64_t
schema(struct gecko *g, uint64_t off, const char *const *names, int *col, int n)
{
	static const char *const keys[] = { "schema", "data" };
	uint64_t o[2];
	struct jstr k;
	int i;

	json_at(&g->a, &g->j, off);
	json_findkeys(&g->a, keys, o, 2);
	if (!o[0] || !o[1])
		json_error(&g->j, off, "a table without its %s", o[0] ? "data" : "schema");
	for (i = 0; i < n; i++)
		col[i] = -1;
	json_at(&g->a, &g->j, o[0]);
	json_obj(&g->a);
	while (json_key(&g->a, &k)) {
		for (i = 0; i < n && !json_is(k, names[i]); i++)
			;
		if (i < n)
			col[i] = (int)json_int(&g->a, 0, 1000, "a schema's column");
		else
			json_skip(&g->a);
	}
	return o[1];
}

/* Read row r of a raw table, at the cursor: the values of columns
 * col[0..n) into v (GNONE for null or a short row; a boolean as 0 or
 * 1), each an integer in [0, hi]. */
static void
row(struct json *j, const int *col, int n, uint32_t *v, int64_t hi)
{
	int i, c = 0, k;

	for (i = 0; i < n; i++)
		v[i] = GNONE;
	json_arr(j);
	for (; json_more(j); c++) {
		for (i = 0; i < n && col[i] != c; i++)
			;
		k = json_peek(j);
		if (i == n || k == JSON_NULL) {
			json_skip(j);
		} else if (k == JSON_TRUE || k == JSON_FALSE) {
			v[i] = k == JSON_TRUE;
			json_skip(j);
		} else {
			v[i] = (uint32_t)json_int(j, 0, hi, "a table's index");
		}
	}
}

static void
raw_stacks(struct gecko *g, uint64_t off, struct gtabs *t)
{
	static const char *const names[] = { "prefix", "frame" };
	int col[2];
	uint32_t v[2];
	uint64_t data = schema(g, off, names, col, 2), o;
	struct json *j = &g->a;

	if (col[1] < 0)
		json_error(&g->j, off, "a stack table without a frame column");
	t->nstack = 0;
	json_at(j, &g->j, data);
	json_arr(j);
	while (json_more(j)) {
		o = json_off(j);
		row(j, col, 2, v, UINT32_MAX - 1);
		if (v[1] == GNONE)
			json_error(&g->j, o, "a stack without a frame");
		t->prefix = egrowarray(t->prefix, &t->caps[1], t->nstack + 1, sizeof(*t->prefix));
		t->sframe = egrowarray(t->sframe, &t->caps[2], t->nstack + 1, sizeof(*t->sframe));
		if (v[0] != GNONE && v[0] >= t->nstack)
			json_error(&g->j, o, "stack %zu's prefix %u does not come before it",
			    t->nstack, v[0]);
		t->prefix[t->nstack] = v[0];
		t->sframe[t->nstack++] = v[1];
	}
}

static void
raw_frames(struct gecko *g, uint64_t off, struct gtabs *t)
{
	static const char *const names[] = { "location", "relevantForJS", "line" };
	int col[3], nc = g->o->lines ? 3 : 2;	/* the line: --lines' */
	uint32_t v[3] = { GNONE, GNONE, GNONE };
	uint64_t data = schema(g, off, names, col, nc), o;
	struct json *j = &g->a;

	if (col[0] < 0)
		json_error(&g->j, off, "a frame table without a location column");
	t->nframe = 0;
	json_at(j, &g->j, data);
	json_arr(j);
	while (json_more(j)) {
		o = json_off(j);
		row(j, col, nc, v, UINT32_MAX - 1);
		if (v[0] == GNONE)
			json_error(&g->j, o, "a frame without a location");
		t->func = egrowarray(t->func, &t->caps[3], t->nframe + 1, sizeof(*t->func));
		t->rel = egrowarray(t->rel, &t->caps[4], t->nframe + 1, sizeof(*t->rel));
		t->frline = egrowarray(t->frline, &t->caps[11], t->nframe + 1, sizeof(*t->frline));
		t->frline[t->nframe] = v[2];
		t->func[t->nframe] = v[0];
		t->rel[t->nframe++] = v[1] == 1;
	}
}

/* --- samples -------------------------------------------------------------- */

int
gk_samples_open(struct gecko *g, struct gsamples *sp, uint64_t off)
{
	static const char *const keys[] = { "stack", "weight", "time", "timeDeltas", "weightType",
	    "schema" };
	static const char *const names[] = { "stack", "time", "weight" };
	uint64_t k[6], data;
	struct jstr wt;
	int unit = UNIT_COUNT;

	sp->raw = sp->hasw = sp->hast = sp->deltas = 0;
	sp->ns = 0;
	sp->off = off;
	json_at(&g->a, &g->j, off);
	if (json_peek(&g->a) != JSON_OBJ)
		json_error(&g->j, off, "samples: an object expected, not %s",
		    json_kindname(json_peek(&g->a)));
	json_findkeys(&g->a, keys, k, 6);
	if (k[5]) {	/* raw: {schema, data} */
		data = schema(g, off, names, sp->col, 3);
		if (sp->col[0] < 0)
			json_error(&g->j, off, "samples without a stack column");
		sp->raw = 1;
		if (!g->o->time)	/* times are read for --time only */
			sp->col[1] = -1;
		sp->hast = sp->col[1] >= 0;
		sp->hasw = sp->col[2] >= 0;
		json_at(&sp->s, &g->j, data);
		json_arr(&sp->s);
	} else {
		json_at(&sp->s, &g->j, need(g, off, "stack", "samples"));
		json_arr(&sp->s);
		if (k[1]) {
			json_at(&sp->w, &g->j, k[1]);
			if ((sp->hasw = json_peek(&sp->w) != JSON_NULL))
				json_arr(&sp->w);
		}
		if ((k[2] || k[3]) && g->o->time) {
			json_at(&sp->t, &g->j, k[2] ? k[2] : k[3]);
			json_arr(&sp->t);
			sp->hast = 1;
			sp->deltas = !k[2];
		}
	}
	if (k[4]) {
		json_at(&g->a, &g->j, k[4]);
		wt = json_str(&g->a);
		if (json_is(wt, "tracing-ms"))
			unit = UNIT_MS;
		else if (json_is(wt, "bytes"))
			unit = UNIT_BYTES;
		else if (!json_is(wt, "samples"))
			json_error(&g->j, k[4], "unknown weightType '%.*s'",
			    (int)(wt.len > 40 ? 40 : wt.len), wt.s);
	}
	return unit;
}

/* A sample's stack at j: an index, or null. */
static uint32_t
stackof(struct json *j)
{
	if (json_peek(j) == JSON_NULL) {
		json_skip(j);
		return GNONE;
	}
	return (uint32_t)json_int(j, 0, UINT32_MAX - 1, "a sample's stack");
}

/* The next element of column c, which must have one as long as the
 * stacks go on. */
static void
more(struct gecko *g, struct json *c, const char *what, uint64_t off)
{
	if (!json_more(c))
		json_error(&g->j, off, "fewer %s than samples", what);
}

/* A time in milliseconds at j, as whole nanoseconds (the profiler
 * rounds so when it makes time deltas). */
static int64_t
nanos(struct json *j)
{
	struct jnum v;
	uint64_t off = json_off(j);

	json_num(j, &v);
	if (!(v.d > -9e9 && v.d < 9e9))
		json_error(j, off, "a time out of range");
	return llround(v.d * 1e6);
}

static void
raw_sample(struct gsamples *sp, struct gsample *x)
{
	struct json *j = &sp->s;
	int c;

	json_arr(j);
	for (c = 0; json_more(j); c++) {
		if (c == sp->col[0])
			x->stack = stackof(j);
		else if (c == sp->col[1] && json_peek(j) != JSON_NULL)
			x->ns = nanos(j);
		else if (c == sp->col[2] && json_peek(j) != JSON_NULL)
			json_num(j, &x->w);
		else
			json_skip(j);
	}
	if (sp->col[2] < 0 || sp->col[1] == sp->col[2])
		x->w.isint = 1, x->w.i = 1, x->w.d = 1;
}

int
gk_sample(struct gecko *g, struct gsamples *sp, struct gsample *x)
{
	int64_t v;

	x->stack = GNONE;
	x->w.isint = 1, x->w.i = 1, x->w.d = 1;
	x->ns = 0;
	if (!json_more(&sp->s)) {
		if (sp->hasw && json_more(&sp->w))
			json_error(&g->j, json_off(&sp->w), "more weights than samples");
		if (sp->hast && !sp->raw && json_more(&sp->t))
			json_error(&g->j, json_off(&sp->t), "more times than samples");
		return 0;
	}
	x->off = json_off(&sp->s);
	if (sp->raw) {
		raw_sample(sp, x);
		return 1;
	}
	x->stack = stackof(&sp->s);
	if (sp->hasw) {
		more(g, &sp->w, "weights", x->off);
		json_num(&sp->w, &x->w);
	}
	if (sp->hast) {
		more(g, &sp->t, "times", x->off);
		v = nanos(&sp->t);
		sp->ns = sp->deltas ? sp->ns + v : v;
		x->ns = sp->ns;
	}
	return 1;
}

static void
gk_samples_close(struct gsamples *sp)
{
	json_free(&sp->s);
	json_free(&sp->w);
	json_free(&sp->t);
}

/* The number of samples of the samples object at off. */
static size_t
gk_count_samples(struct gecko *g, uint64_t off)
{
	struct gsample x;
	size_t n = 0;

	gk_samples_open(g, &g->samp, off);
	while (gk_sample(g, &g->samp, &x))
		n++;
	return n;
}

/* --- processed tables: columns ------------------------------------------- */

static void
proc_stacks(struct gecko *g, uint64_t off, struct gtabs *t)
{
	uint64_t po = key(g, off, "prefixOffset"), p = po ? po : need(g, off, "prefix", "a stack table");
	uint64_t fo = need(g, off, "frame", "a stack table");
	size_t n, i;

	t->nstack = intcol(g, fo, 0, UINT32_MAX - 1, 0, &t->sframe, &t->caps[2], "a stack's frame");
	n = intcol(g, p, 0, UINT32_MAX - 1, !po, &t->prefix, &t->caps[1], "a stack's prefix");
	if (n != t->nstack)
		json_error(&g->j, p, "%zu prefixes for %zu stacks", n, t->nstack);
	for (i = 0; i < n; i++) {
		if (po)	/* an offset back to the parent, 0 for a root */
			t->prefix[i] = t->prefix[i] == 0 ? GNONE :
			    t->prefix[i] <= i ? (uint32_t)(i - t->prefix[i]) : (uint32_t)i;
		if (t->prefix[i] != GNONE && t->prefix[i] >= i)
			json_error(&g->j, p, "stack %zu's prefix does not come before it", i);
	}
}

static void
proc_frames(struct gecko *g, uint64_t off, struct gtabs *t)
{
	uint64_t line = g->o->lines ? key(g, off, "line") : 0;	/* --lines' */
	size_t n;

	t->nframe = intcol(g, need(g, off, "func", "a frame table"), 0, UINT32_MAX - 1, 0, &t->func,
	    &t->caps[3], "a frame's func");
	if (!line) {
		free(t->frline);
		t->frline = NULL;
		t->caps[11] = 0;
	} else if ((n = intcol(g, line, 0, INT32_MAX, 1, &t->frline, &t->caps[11],
	    "a frame's line")) != t->nframe) {
		json_error(&g->j, line, "%zu lines for %zu frames", n, t->nframe);
	}
}

static void
proc_funcs(struct gecko *g, uint64_t off, struct gtabs *t)
{
	uint64_t name = need(g, off, "name", "a func table"), file = key(g, off, "fileName"),
	    src = key(g, off, "source"), line = key(g, off, "lineNumber"), o;
	uint32_t *lines = NULL;
	size_t n, cap = 0, i;

	t->nfunc = intcol(g, name, 0, UINT32_MAX - 1, 0, &t->fname, &t->caps[5], "a func's name");
	o = file ? file : src;
	n = o ? intcol(g, o, 0, UINT32_MAX - 1, 1, &t->ffile, &t->caps[6], "a func's file") : 0;
	if (o && n != t->nfunc)
		json_error(&g->j, o, "%zu files for %zu funcs", n, t->nfunc);
	if (!o) {
		t->ffile = egrowarray(t->ffile, &t->caps[6], t->nfunc + 1, sizeof(*t->ffile));
		memset(t->ffile, 0xff, t->nfunc * sizeof(*t->ffile));
	}
	if (o == src)	/* version 58 on: an index into the sources, made a string below */
		for (i = 0; i < n; i++)
			t->ffile[i] = t->ffile[i] == GNONE ? GNONE : t->ffile[i] | 0x80000000u;
	t->fline = egrowarray(t->fline, &t->caps[7], t->nfunc + 1, sizeof(*t->fline));
	memset(t->fline, 0, t->nfunc * sizeof(*t->fline));
	if (line && (n = intcol(g, line, -1, INT32_MAX, 1, &lines, &cap, "a func's line")) != t->nfunc)
		json_error(&g->j, line, "%zu lines for %zu funcs", n, t->nfunc);
	for (i = 0; line && i < t->nfunc; i++)
		t->fline[i] = lines[i] == GNONE || (int32_t)lines[i] < 0 ? 0 : lines[i];
	free(lines);
	t->fjs = egrowarray(t->fjs, &t->caps[8], t->nfunc + 1, sizeof(*t->fjs));
	memset(t->fjs, 0, t->nfunc);
	if ((o = key(g, off, "isJS")) && boolcol(g, o, &t->fjs, &t->caps[8], 1) != t->nfunc)
		json_error(&g->j, o, "isJS: not one for each func");
	if ((o = key(g, off, "relevantForJS")) && boolcol(g, o, &t->fjs, &t->caps[8], 2) != t->nfunc)
		json_error(&g->j, o, "relevantForJS: not one for each func");
}

/* A func's file in version 58 on is a source: its filename. */
static void
proc_sources(struct gecko *g, uint64_t off, struct gtabs *t)
{
	size_t i;
	uint32_t s;

	if (off)
		t->nsrc = intcol(g, need(g, off, "filename", "a sources table"), 0, UINT32_MAX - 1, 0,
		    &t->srcfile, &t->caps[9], "a source's file name");
	for (i = 0; i < t->nfunc; i++) {
		if (t->ffile[i] == GNONE || !(t->ffile[i] & 0x80000000u))
			continue;
		if ((s = t->ffile[i] & 0x7fffffffu) >= t->nsrc)
			json_error(&g->j, off, "func %zu's source %u is not in the sources (%zu)", i, s,
			    t->nsrc);
		t->ffile[i] = t->srcfile[s];
	}
}

/* --- a thread's tables ---------------------------------------------------- */

/* The shared tables of a processed profile from version 56 on, once. */
static void
load_shared(struct gecko *g)
{
	struct gtabs *t = &g->sh;

	if (g->shloaded++)
		return;
	if (g->shoff[0])
		strcol(g, g->shoff[0], t);
	if (g->shoff[1])
		proc_stacks(g, g->shoff[1], t);
	if (g->shoff[2])
		proc_frames(g, g->shoff[2], t);
	if (g->shoff[3]) {
		proc_funcs(g, g->shoff[3], t);
		proc_sources(g, g->shoff[4], t);
	}
}

/* Label cache for n funcs (or locations), GNONE each. */
static uint32_t *
labcache(struct gtabs *owner, size_t n)
{
	owner->lab = egrowarray(owner->lab, &owner->caps[10], n + 1, sizeof(*owner->lab));
	memset(owner->lab, 0xff, (n + 1) * sizeof(*owner->lab));
	return owner->lab;
}

/* --lines: the label cache of n frames, GNONE each. */
static uint32_t *
framecache(struct gtabs *owner, size_t n)
{
	owner->flab = egrowarray(owner->flab, &owner->caps[12], n + 1, sizeof(*owner->flab));
	memset(owner->flab, 0xff, (n + 1) * sizeof(*owner->flab));
	return owner->flab;
}

/* The tables of the thread whose keys' offsets are in k (samples,
 * stackTable, frameTable, funcTable, stringTable or stringArray), each
 * from the thread or, when it has none, shared: *t. */
static void
gk_tables(struct gecko *g, const uint64_t *k, uint64_t off, struct gtabs *t)
{
	struct gtabs *own = &g->own, *sh = &g->sh, *s;

	memset(t, 0, sizeof(*t));
	if (g->raw) {
		if (!k[T_STRTAB] || !k[T_STACKS] || !k[T_FRAMES])
			json_error(&g->j, off, "a thread without its %s", !k[T_STRTAB] ?
			    "stringTable" : !k[T_STACKS] ? "stackTable" : "frameTable");
		strcol(g, k[T_STRTAB], own);
		raw_stacks(g, k[T_STACKS], own);
		raw_frames(g, k[T_FRAMES], own);
		*t = *own;
		t->lab = labcache(own, own->nstr);
		if (g->o->lines)
			t->flab = framecache(own, own->nframe);
		return;
	}
	load_shared(g);
	if (k[T_STRARR])
		strcol(g, k[T_STRARR], own);
	if (k[T_STACKS])
		proc_stacks(g, k[T_STACKS], own);
	if (k[T_FRAMES])
		proc_frames(g, k[T_FRAMES], own);
	if (k[T_FUNCS]) {
		proc_funcs(g, k[T_FUNCS], own);
		proc_sources(g, g->shoff[4], own);
	}
	s = k[T_STRARR] ? own : sh;
	t->str = s->str, t->nstr = s->nstr;
	s = k[T_STACKS] ? own : sh;
	t->prefix = s->prefix, t->sframe = s->sframe, t->nstack = s->nstack;
	s = k[T_FRAMES] ? own : sh;
	t->func = s->func, t->nframe = s->nframe, t->frline = s->frline;
	if (g->o->lines)
		t->flab = framecache(s, s->nframe);
	s = k[T_FUNCS] ? own : sh;
	t->fname = s->fname, t->ffile = s->ffile, t->fline = s->fline, t->fjs = s->fjs;
	t->nfunc = s->nfunc;
	if (!g->shoff[3] || k[T_FUNCS] || !sh->lab)
		t->lab = labcache(s, s->nfunc);
	else
		t->lab = sh->lab;
	if (!t->str || (!k[T_STACKS] && !g->shoff[1]) || (!k[T_FRAMES] && !g->shoff[2]) ||
	    (!k[T_FUNCS] && !g->shoff[3]))
		json_error(&g->j, off, "a thread without its tables (stackTable, frameTable, "
		    "funcTable and strings, its own or shared)");
}

static void
gk_tabs_free(struct gtabs *t)
{
	free(t->prefix);
	free(t->sframe);
	free(t->func);
	free(t->rel);
	free(t->frline);
	free(t->flab);
	free(t->fname);
	free(t->ffile);
	free(t->fline);
	free(t->fjs);
	free(t->srcfile);
	free(t->str);
	free(t->lab);
	memset(t, 0, sizeof(*t));
}

/* --- threads -------------------------------------------------------------- */

/* A thread's name, pid or tid (a string or a number) into buf. */
static void
field(struct gecko *g, uint64_t off, char *buf, size_t cap)
{
	struct json *j = &g->a;
	struct jnum v;
	struct jstr s;

	buf[0] = 0;
	if (!off)
		return;
	json_at(j, &g->j, off);
	if (json_peek(j) == JSON_STR) {
		s = json_str(j);
		snprintf(buf, cap, "%.*s", (int)(s.len < cap ? s.len : cap - 1), s.s);
	} else if (json_peek(j) == JSON_NUM) {
		json_num(j, &v);
		if (v.isint)
			snprintf(buf, cap, "%lld", (long long)v.i);
		else
			snprintf(buf, cap, "%.17g", v.d);
	}
}

/* Is thread number idx, named name, one of --thread's?  Every one
 * when none is given. */
static int
chosen(struct gecko *g, size_t idx, const char *name)
{
	const struct gecko_opt *o = g->o;
	char num[32];
	size_t i;
	int yes = !o->nthreads;

	snprintf(num, sizeof(num), "%zu", idx);
	for (i = 0; i < o->nthreads; i++)
		if (!strcmp(o->threads[i], num) || !strcmp(o->threads[i], name)) {
			g->matched[i] = 1;
			yes = 1;
		}
	return yes;
}

/* Thread number idx, its object at off: listed, or folded. */
static void
thread(struct gecko *g, uint64_t off, size_t idx)
{
	uint64_t k[T_NKEYS];
	char name[256], proc[256], pid[64], tid[64], root[700];
	struct gtabs t;
	int unit;

	json_at(&g->a, &g->j, off);
	if (json_peek(&g->a) != JSON_OBJ)
		json_error(&g->j, off, "a thread: an object expected, not %s",
		    json_kindname(json_peek(&g->a)));
	json_findkeys(&g->a, threadkeys, k, T_NKEYS);
	field(g, k[T_NAME], name, sizeof(name));
	field(g, k[T_PROCESS], proc, sizeof(proc));
	field(g, k[T_PID], pid, sizeof(pid));
	field(g, k[T_TID], tid, sizeof(tid));
	if (!chosen(g, idx, name))
		return;
	if (!k[T_SAMPLES])
		json_error(&g->j, off, "a thread without samples");
	if (g->o->list) {
		out_printf("%zu\t%zu\t%s\t%s\t%s\t%s\n", idx, gk_count_samples(g, k[T_SAMPLES]), pid,
		    tid, name, proc);
		return;
	}
	gk_tables(g, k, off, &t);
	snprintf(root, sizeof(root), pid[0] ? "%s (pid %s)" : "%s", name[0] ? name : "thread", pid);
	unit = gk_fold_thread(g, &t, k[T_SAMPLES], g->o->bythread ? root : NULL);
	if (g->unit >= 0 && unit != g->unit)
		json_error(&g->j, off, "thread %zu counts %s, the threads before it %s: choose "
		    "with --thread", idx, unit_name(unit), unit_name(g->unit));
	g->unit = unit;
}

/* The threads of the profile object at off, then those of its
 * processes (a raw profile), numbered from *idx on. */
static void
profile(struct gecko *g, uint64_t off, size_t *idx, unsigned depth)
{
	static const char *const keys[] = { "threads", "processes" };
	uint64_t o[2];
	size_t old = g->pccap;

	if (depth > 100)
		json_error(&g->j, off, "processes nested deeper than 100");
	/* a cursor for this depth, kept in g: an error frees it */
	g->pc = egrowarray(g->pc, &g->pccap, depth + 1, sizeof(*g->pc));
	memset(g->pc + old, 0, (g->pccap - old) * sizeof(*g->pc));
	json_at(&g->a, &g->j, off);
	json_findkeys(&g->a, keys, o, 2);
	if (!o[0])
		json_error(&g->j, off, "a profile without threads");
	json_at(&g->pc[depth], &g->j, o[0]);
	json_arr(&g->pc[depth]);
	while (json_more(&g->pc[depth])) {
		thread(g, json_off(&g->pc[depth]), (*idx)++);
		json_skip(&g->pc[depth]);
	}
	if (o[1] && g->raw) {
		json_at(&g->pc[depth], &g->j, o[1]);
		json_arr(&g->pc[depth]);
		while (json_more(&g->pc[depth])) {
			profile(g, json_off(&g->pc[depth]), idx, depth + 1);
			json_skip(&g->pc[depth]);
		}
	}
}

/* --- the file ------------------------------------------------------------- */

/* meta: the layout and the interval. */
static void
meta(struct gecko *g, uint64_t off)
{
	static const char *const keys[] = { "preprocessedProfileVersion", "version", "interval" };
	uint64_t o[3];
	struct jnum v;

	json_at(&g->a, &g->j, off);
	if (json_peek(&g->a) != JSON_OBJ)
		json_error(&g->j, off, "meta: an object expected, not %s", json_kindname(json_peek(&g->a)));
	json_findkeys(&g->a, keys, o, 3);
	g->raw = !o[0];
	g->interval = 1;
	if (o[2]) {
		json_at(&g->a, &g->j, o[2]);
		json_num(&g->a, &v);
		if (v.d > 0 && v.d < 1e9)
			g->interval = v.d;
	}
}

static void
reset(struct gecko *g)
{
	size_t i;

	json_free(&g->j);
	json_free(&g->a);
	json_free(&g->b);
	gk_tabs_free(&g->sh);
	gk_tabs_free(&g->own);
	intern_free(&g->labels);
	label_free(&g->lb);
	free(g->w);
	free(g->nw);
	free(g->q);
	free(g->path);
	free(g->buf);
	free(g->name);
	free(g->matched);
	gk_samples_close(&g->samp);
	for (i = 0; i < g->pccap; i++)
		json_free(&g->pc[i]);
	free(g->pc);
	memset(&g->j, 0, sizeof(*g) - offsetof(struct gecko, j));
}

struct gecko *
gecko_new(const struct gecko_opt *o, struct stackmap *map)
{
	struct gecko *g = ecalloc(1, sizeof(*g));

	g->o = o;
	g->m = map;
	return g;
}

void
gecko_free(struct gecko *g)
{
	reset(g);
	free(g);
}

int
gecko_fold(struct gecko *g, const char *s, size_t n, const char *name)
{
	static const char *const keys[] = { "meta", "threads", "shared", "profile" };
	static const char *const shkeys[] = { "stringArray", "stackTable", "frameTable", "funcTable",
	    "sources" };
	uint64_t o[4], top, prof;
	size_t idx = 0, i;
	int unit;

	reset(g);
	if (!n)
		fileerr(name, 0, "empty file");
	json_init(&g->j, s, n, name);
	intern_init(&g->labels);
	g->unit = -1;
	g->matched = ecalloc(g->o->nthreads + 1, 1);
	top = json_off(&g->j);
	if (json_peek(&g->j) != JSON_OBJ)
		json_error(&g->j, top, "not a Gecko profile: the JSON is %s",
		    json_kindname(json_peek(&g->j)));
	json_findkeys(&g->j, keys, o, 4);
	json_end(&g->j);
	prof = top;
	if (!o[0] && o[3]) {	/* DevTools' export: the profile inside */
		prof = o[3];
		json_at(&g->a, &g->j, prof);
		json_findkeys(&g->a, keys, o, 3);
	}
	if (!o[0])
		json_error(&g->j, prof, "not a Gecko profile: no meta (a Firefox Profiler "
		    "or Gecko profile is what gecko-fold reads)");
	meta(g, o[0]);
	if (o[2]) {
		json_at(&g->a, &g->j, o[2]);
		json_findkeys(&g->a, shkeys, g->shoff, 5);
	}
	profile(g, prof, &idx, 0);
	for (i = 0; i < g->o->nthreads; i++)
		if (!g->matched[i])
			fileerr(name, 0, "no thread '%s' (see --list)", g->o->threads[i]);
	unit = g->unit;
	sb_dropped(&g->nulls, name, "with a null stack", g->o->time ? "nanoseconds" :
	    unit >= 0 && unit != UNIT_COUNT ? unit_name(unit) : NULL);
	reset(g);
	return unit;
}
