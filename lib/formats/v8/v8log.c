/* formats/v8/v8log.c: V8 tick logs (node --prof, preprocessed) folded into stacks (see v8log.h)
 *
 * The top object's arrays are found first (the code table, the ticks
 * and the scripts may come in any order), then the scripts' urls are
 * read, the code table passed with each entry's offset kept, and the
 * ticks read one by one: a code object is named the first time a tick
 * names it, by a second reader at its offset, so that the tens of
 * thousands of C++ symbols no tick names cost a pass and nothing
 * more.  A tick's stack is interned; the ticks are kept as (time,
 * stack) and, when time or the order matters, sorted by time (stable:
 * as they came), then added up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bytes.h"
#include "base/count.h"
#include "base/intern.h"
#include "base/json.h"
#include "base/util.h"
#include "folded/whole.h"
#include "formats/v8/v8log.h"
#include "stack/build.h"
#include "stack/label.h"

#define NONE UINT32_MAX

/* V8's StateTag (v8-unwinder.h), the tick's "vm": a tick with no code
 * object on its stack is named by it. */
static const char *const vmstate[] = {
	"(JS)", "(garbage collector)_[g]", "(PARSER)", "(BYTECODE_COMPILER)", "(COMPILER)",
	"(OTHER)", "(EXTERNAL)", "(ATOMICS_WAIT)", "(idle)", "(LOGGING)"
};

/* speedscope's prefixes of a CODE object's kind */
static const struct {
	const char *kind, *prefix;
} codekind[] = {
	{ "LoadIC", "(IC) " }, { "StoreIC", "(IC) " }, { "KeyedStoreIC", "(IC) " },
	{ "KeyedLoadIC", "(IC) " }, { "LoadGlobalIC", "(IC) " }, { "Handler", "(IC) " },
	{ "BytecodeHandler", "(bytecode) ~" }, { "Stub", "(stub) " },
	{ "Builtin", "(builtin) " }, { "RegExp", "(regexp) " },
};

/* a tick of no code object in V8's state GC or idle, or another tick */
enum { T_OTHER, T_GC, T_IDLE };

struct tick {
	int64_t tm;
	uint64_t off;		/* of the tick's object: its order, and messages */
	uint32_t stack;		/* interned */
	int kind;		/* T_ */
};

struct v8log {
	const struct v8log_opt *o;
	struct stackmap *m;
	struct stackrun *run;
	struct stackbuild sb;
	/* from here on, one file's: reset after each */
	struct json j, at;	/* the document, and a code object read again */
	uint32_t *url;		/* per script: its url, interned, or NONE */
	size_t nscript, urlcap;
	uint64_t *codeoff;	/* per code object: its offset, 0 for null */
	uint32_t *lab;		/* per code object: its label, interned, or NONE */
	size_t ncode, codecap, labcap;
	struct interner str;	/* urls and labels */
	struct interner stacks;	/* the ticks' stacks: their labels' ids */
	struct tick *tick;
	size_t ntick, tickcap;
	uint32_t *path;		/* a tick's labels, the leaf first */
	size_t pathcap;
	count *w;		/* per stack: its weight, */
	uint64_t *woff;		/* and its first tick's offset */
	size_t wcap, woffcap;
	struct bytes name, kind, type;	/* a code object's */
	struct bytes tmp;
	struct labelbuf lb;
};

/* The scripts' urls, by their ids (null where V8 wrote none). */
static void
read_scripts(struct v8log *v, uint64_t off)
{
	struct json *j = &v->at;
	struct jstr k, s;
	uint32_t u;

	json_at(j, &v->j, off);
	json_arr(j);
	while (json_more(j)) {
		u = NONE;
		if (json_peek(j) == JSON_NULL) {
			json_skip(j);
		} else {
			json_obj(j);
			while (json_key(j, &k)) {
				if (json_is(k, "url") && json_peek(j) == JSON_STR) {
					s = json_str(j);
					u = intern(&v->str, s.s, s.len);
				} else {
					json_skip(j);
				}
			}
		}
		v->url = egrowarray(v->url, &v->urlcap, v->nscript + 1, sizeof(*v->url));
		v->url[v->nscript++] = u;
	}
}

/* The code table: each entry's offset, read when a tick names it. */
static void
read_code(struct v8log *v, uint64_t off)
{
	struct json *j = &v->at;
	int kind;

	json_at(j, &v->j, off);
	json_arr(j);
	while (json_more(j)) {
		if ((kind = json_peek(j)) != JSON_OBJ && kind != JSON_NULL)
			json_error(j, json_off(j), "a code object expected, not %s",
			    json_kindname(kind));
		v->codeoff = egrowarray(v->codeoff, &v->codecap, v->ncode + 1, sizeof(*v->codeoff));
		v->codeoff[v->ncode++] = kind == JSON_OBJ ? json_off(j) : 0;
		json_skip(j);
	}
	v->lab = egrowarray(v->lab, &v->labcap, v->ncode + 1, sizeof(*v->lab));
	memset(v->lab, 0xff, v->ncode * sizeof(*v->lab));
}

/* Is s[0..n) ":LINE:COLUMN" at its end?  Its start, and the line. */
static int
position(const char *s, size_t n, size_t *at, int64_t *line)
{
	size_t i = n, k, colon;

	while (i > 0 && isdec(s[i - 1]))
		i--;
	if (i == n || i == 0 || s[i - 1] != ':')
		return 0;
	colon = --i;
	while (i > 0 && isdec(s[i - 1]))
		i--;
	if (i == colon || i == 0 || s[i - 1] != ':' || colon - i > 9)
		return 0;
	*line = 0;
	for (k = i; k < colon; k++)
		*line = *line * 10 + (s[k] - '0');
	*at = i - 1;
	return 1;
}

/* A JavaScript function's label from V8's "NAME FILE:LINE:COLUMN": the
 * file is the script's url when it ends the text (a url may hold
 * blanks), else what follows the last blank. */
static void
jslabel(struct v8log *v, uint32_t script)
{
	const char *s = (const char *)v->name.p, *url, *blank;
	size_t n = v->name.n, at, ulen = 0, flen;
	int64_t line;

	if (!position(s, n, &at, &line)) {
		label_make(&v->lb, s, n, NULL, 0, 0, 0, NULL);
		return;
	}
	if (script < v->nscript && v->url[script] != NONE) {
		url = intern_str(&v->str, v->url[script]);
		ulen = intern_len(&v->str, v->url[script]);
		if (!(ulen <= at && !memcmp(s + at - ulen, url, ulen) &&
		    (ulen == at || s[at - ulen - 1] == ' ')))
			ulen = 0;
	}
	if (ulen) {
		flen = ulen;
	} else if ((blank = memrchr(s, ' ', at))) {
		flen = at - (size_t)(blank + 1 - s);
	} else {
		label_make(&v->lb, s, n, NULL, 0, 0, 0, NULL);
		return;
	}
	label_make(&v->lb, s, at - flen ? at - flen - 1 : 0, s + at - flen, flen, line,
	    v->o->fullpath, NULL);
}

/* A code object's label, what[0..n) after a prefix. */
static void
prefixed(struct v8log *v, const char *prefix, const char *what, size_t n)
{
	v->tmp.n = 0;
	bputs(&v->tmp, prefix);
	bytes_put(&v->tmp, what, n);
	label_make(&v->lb, (const char *)v->tmp.p, v->tmp.n, NULL, 0, 0, 0, NULL);
}

/* Does b hold s? */
static int
is(const struct bytes *b, const char *s)
{
	return b->n == strlen(s) && !memcmp(b->p, s, b->n);
}

/* A C++ symbol: nm's type letter ("T v8::...", older logs) and the
 * arguments left out. */
static void
cpplabel(struct v8log *v)
{
	const char *s = (const char *)v->name.p;
	size_t n = v->name.n;

	if (n > 2 && ((s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'z') && s[1] == ' ')
		s += 2, n -= 2;
	prefixed(v, "(c++) ", s, label_noargs(s, n));
}

static void
codelabel(struct v8log *v)
{
	size_t i;

	for (i = 0; i < LEN(codekind) && !is(&v->kind, codekind[i].kind); i++)
		;
	prefixed(v, i < LEN(codekind) ? codekind[i].prefix : "", (const char *)v->name.p,
	    v->name.n);
}

/* "source": {"script": N}, the script of a JavaScript function */
static uint32_t
source(struct json *j)
{
	struct jstr k;
	uint32_t script = NONE;

	json_obj(j);
	while (json_key(j, &k))
		if (json_is(k, "script"))
			script = (uint32_t)json_int(j, 0, NONE - 1, "script");
		else
			json_skip(j);
	return script;
}

/* Code object i's fields: name, type, kind, its script; 0 when it has
 * no type. */
static int
read_object(struct v8log *v, size_t i, uint32_t *script)
{
	struct json *j = &v->at;
	struct jstr k;
	int hastype = 0;

	json_at(j, &v->j, v->codeoff[i]);
	v->name.n = v->kind.n = v->type.n = 0;
	/* a name, even empty, is somewhere */
	v->name.p = egrowarray(v->name.p, &v->name.cap, 1, 1);
	json_obj(j);
	while (json_key(j, &k)) {
		if (json_is(k, "name")) {
			json_strcopy(j, &v->name);
		} else if (json_is(k, "kind")) {
			json_strcopy(j, &v->kind);
		} else if (json_is(k, "type")) {
			json_strcopy(j, &v->type);
			hastype = v->type.n > 0;
		} else if (json_is(k, "source")) {
			*script = source(j);
		} else {
			json_skip(j);
		}
	}
	return hastype;
}

/* Code object i's label, as speedscope's importer names it. */
static uint32_t
label(struct v8log *v, size_t i)
{
	const char *name, *base;
	uint32_t script = NONE;

	if (!v->codeoff[i] || !read_object(v, i, &script)) {
		label_make(&v->lb, "(unknown type)", 14, NULL, 0, 0, 0, NULL);
	} else if (is(&v->type, "JS")) {
		jslabel(v, script);
	} else if (is(&v->type, "CPP")) {
		cpplabel(v);
	} else if (is(&v->type, "CODE")) {
		codelabel(v);
	} else if (is(&v->type, "SHARED_LIB")) {
		name = (const char *)v->name.p;
		base = v->o->fullpath ? name : label_base(name, v->name.n);
		prefixed(v, "(LIB) ", base, v->name.n - (size_t)(base - name));
	} else {
		/* another type: "(TYPE) NAME" */
		bputs(&v->type, ") ");
		bytes_put(&v->type, v->name.p, v->name.n);
		prefixed(v, "(", (const char *)v->type.p, v->type.n);
	}
	return intern(&v->str, v->lb.s, v->lb.len);
}

/* The label of the code index at the cursor, onto the tick's path. */
static size_t
frame(struct v8log *v, size_t np)
{
	int64_t id = json_int(&v->j, -1, INT64_MAX, "a code index");
	char hex[32];
	uint32_t l;

	if (id < 0)
		return np;
	if ((uint64_t)id >= v->ncode) {
		/* speedscope: a number past the table is an address */
		label_make(&v->lb, hex, (size_t)snprintf(hex, sizeof(hex), "0x%llx",
		    (unsigned long long)id), NULL, 0, 0, 0, NULL);
		l = intern(&v->str, v->lb.s, v->lb.len);
	} else {
		if (v->lab[id] == NONE)
			v->lab[id] = label(v, (size_t)id);
		l = v->lab[id];
	}
	v->path = egrowarray(v->path, &v->pathcap, np + 1, sizeof(*v->path));
	v->path[np++] = l;
	return np;
}

/* A tick's "s": its code objects' labels onto the path, the leaf first. */
static size_t
read_stack(struct v8log *v)
{
	struct json *j = &v->j;
	size_t np = 0, i;

	json_arr(j);
	for (i = 0; json_more(j); i++)
		if (i % 2)
			json_skip(j);	/* the offset in the code, or the address */
		else
			np = frame(v, np);
	return np;
}

/* A tick of no code object: its one frame, V8's state vm (-1: none). */
static size_t
state(struct v8log *v, int64_t vm)
{
	char buf[64];
	size_t n;

	if (vm >= 0 && (size_t)vm < LEN(vmstate))
		n = (size_t)snprintf(buf, sizeof(buf), "%s", vmstate[vm]);
	else
		n = (size_t)snprintf(buf, sizeof(buf), vm < 0 ? "(no state)" : "(vm state %lld)",
		    (long long)vm);
	v->path = egrowarray(v->path, &v->pathcap, 1, sizeof(*v->path));
	v->path[0] = intern(&v->str, buf, n);
	return 1;
}

/* The tick at the cursor, its stack made and interned. */
static void
read_tick(struct v8log *v)
{
	struct json *j = &v->j;
	struct tick *t;
	struct jstr k;
	int64_t vm = -1;
	size_t np = 0;
	int hass = 0, hastm = 0;

	v->tick = egrowarray(v->tick, &v->tickcap, v->ntick + 1, sizeof(*v->tick));
	t = &v->tick[v->ntick++];
	t->off = json_off(j);
	t->tm = 0;
	json_obj(j);
	while (json_key(j, &k)) {
		if (json_is(k, "s")) {
			np = read_stack(v);
			hass = 1;
		} else if (json_is(k, "tm")) {
			t->tm = json_int(j, 0, INT64_MAX, "tm");
			hastm = 1;
		} else if (json_is(k, "vm")) {
			vm = json_int(j, 0, INT32_MAX, "vm");
		} else {
			json_skip(j);
		}
	}
	if (!hass)
		json_error(j, t->off, "a tick without its stack (\"s\")");
	if (!hastm && (v->o->time || v->run))
		json_error(j, t->off, "a tick without its time (\"tm\")");
	t->kind = T_OTHER;
	if (!np) {
		np = state(v, vm);
		t->kind = vm == 1 ? T_GC : vm == 8 ? T_IDLE : T_OTHER;
	}
	/* the stack is its labels' ids, the leaf first: a few bytes a frame
	 * to hash, the text made once a stack (add) */
	t->stack = intern(&v->stacks, (const char *)v->path, np * sizeof(*v->path));
}

static int
bytime(const void *a, const void *b)
{
	const struct tick *x = a, *y = b;

	if (x->tm != y->tm)
		return x->tm < y->tm ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* Stack stack's frames into v->sb, root first. */
static void
build(struct v8log *v, uint32_t stack)
{
	const char *ids = intern_str(&v->stacks, stack);
	size_t i = intern_len(&v->stacks, stack) / sizeof(uint32_t);
	uint32_t l;

	sb_clear(&v->sb);
	while (i-- > 0) {
		memcpy(&l, ids + i * sizeof(l), sizeof(l));
		sb_frame(&v->sb, intern_str(&v->str, l), intern_len(&v->str, l));
	}
}

static void
add(struct v8log *v, uint32_t stack, count c, uint64_t off)
{
	build(v, stack);
	if (!sb_add(&v->sb, c))
		json_error(&v->j, off, "the sum of weights overflows");
}

/* Tick t with weight c, one by one (in time order, or --gc=stack): a
 * tick of the collector on the stack of the tick before (*base, when
 * *hasbase), which it leaves as it was; an idle tick ends that stack. */
static void
add_tick(struct v8log *v, const struct tick *t, count c, uint32_t *base, int *hasbase)
{
	const char *gc;
	uint32_t l;

	if (t->kind != T_GC || v->o->gc != V8LOG_GC_STACK || !*hasbase) {
		add(v, t->stack, c, t->off);
		*base = t->stack;
		*hasbase = t->kind == T_OTHER;
		return;
	}
	build(v, *base);
	gc = intern_str(&v->stacks, t->stack);	/* the state's one label */
	memcpy(&l, gc, sizeof(l));
	sb_frame(&v->sb, intern_str(&v->str, l), intern_len(&v->str, l));
	if (!sb_add(&v->sb, c))
		json_error(&v->j, t->off, "the sum of weights overflows");
}

/* The ticks' weights onto their stacks: in time order under a run,
 * else summed by stack first. */
static void
weigh(struct v8log *v)
{
	size_t i, nstack = v->stacks.n;
	const struct tick *t;
	int64_t last = 0;
	count c = count_from_u64(1);
	int one = v->run || v->o->gc == V8LOG_GC_STACK, hasbase = 0;
	uint32_t base = 0;

	if ((v->o->time || one) && v->ntick > 1)
		qsort(v->tick, v->ntick, sizeof(*v->tick), bytime);
	v->w = egrowarray(v->w, &v->wcap, nstack + 1, sizeof(*v->w));
	v->woff = egrowarray(v->woff, &v->woffcap, nstack + 1, sizeof(*v->woff));
	memset(v->w, 0, nstack * sizeof(*v->w));
	memset(v->woff, 0, nstack * sizeof(*v->woff));
	for (i = 0; i < v->ntick; i++) {
		t = &v->tick[i];
		if (v->o->time)
			c = count_from_u64((uint64_t)(t->tm - last));
		last = t->tm;
		if (count_iszero(c))	/* as speedscope passes it */
			continue;
		if (one) {
			add_tick(v, t, c, &base, &hasbase);
			continue;
		}
		if (!v->woff[t->stack])
			v->woff[t->stack] = t->off;
		if (!count_add(&v->w[t->stack], c))
			json_error(&v->j, t->off, "the sum of weights overflows");
	}
	for (i = 0; !one && i < nstack; i++)
		if (v->woff[i])
			add(v, (uint32_t)i, v->w[i], v->woff[i]);
}

/* What the last file left, freed (an error may have cut it short). */
static void
reset(struct v8log *v)
{
	json_free(&v->j);
	json_free(&v->at);
	free(v->url);
	free(v->codeoff);
	free(v->lab);
	intern_free(&v->str);
	intern_free(&v->stacks);
	free(v->tick);
	free(v->path);
	free(v->w);
	free(v->woff);
	bytes_free(&v->name);
	bytes_free(&v->kind);
	bytes_free(&v->type);
	bytes_free(&v->tmp);
	label_free(&v->lb);
	memset(&v->j, 0, sizeof(*v) - offsetof(struct v8log, j));
}

struct v8log *
v8log_new(const struct v8log_opt *o, struct stackmap *map, struct stackrun *run)
{
	struct v8log *v = ecalloc(1, sizeof(*v));

	v->o = o;
	v->m = map;
	v->run = run;
	sb_init(&v->sb, map, run);
	return v;
}

void
v8log_free(struct v8log *v)
{
	reset(v);
	sb_free(&v->sb);
	free(v);
}

size_t
v8log_fold(struct v8log *v, const char *s, size_t n, const char *name)
{
	static const char *const keys[] = { "code", "ticks", "scripts" };
	uint64_t off[3], top;
	struct json doc;
	size_t nt;
	int kind;

	reset(v);
	if (!n)
		fileerr(name, 0, "empty file");
	json_init(&v->j, s, n, name);
	intern_init(&v->str);
	intern_init(&v->stacks);
	top = json_off(&v->j);
	if ((kind = json_peek(&v->j)) != JSON_OBJ)
		json_error(&v->j, top, "not a V8 log: the JSON is %s", json_kindname(kind));
	json_findkeys(&v->j, keys, off, 3);
	json_end(&v->j);
	if (!off[0] || !off[1])
		json_error(&v->j, top, "not a V8 log: no %s (node --prof-process --preprocess "
		    "writes {\"code\": [...], \"ticks\": [...]}, what v8log-fold reads)",
		    off[0] ? "ticks" : "code");
	if (off[2])
		read_scripts(v, off[2]);
	read_code(v, off[0]);
	doc = v->j;
	json_at(&v->j, &doc, off[1]);
	json_arr(&v->j);
	while (json_more(&v->j))
		read_tick(v);
	weigh(v);
	nt = v->ntick;
	reset(v);
	return nt;
}

void
v8log_folder(struct whole *w, void *arg)
{
	v8log_fold(arg, w->s, w->n, w->name);
}
