/* formats/instruments/xctrace.c: `xctrace export` XML (see xctrace.h) */
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/num.h"
#include "base/util.h"
#include "folded/textfold.h"
#include "formats/instruments/xctrace.h"
#include "stack/frame.h"
#include "stack/label.h"
#include "stack/rustsym.h"

struct xctrace {
	int weight;		/* count each row's weight, not 1 */
	int lines, fullpath;	/* frames NAME at FILE:LINE; FILE's whole path */
	struct stackmap *m;
	struct xml x;
	struct interner ids;	/* the ids of frames, backtraces, weights */
	unsigned char *kind;	/* an id's element */
	uint32_t *what;		/* its name, backtrace or weight */
	size_t idcap;
	struct interner names;	/* frame names, cleaned */
	uint32_t *frames;	/* the backtraces' names, one after another */
	size_t nframes, framecap;
	size_t *start;		/* backtrace i is frames[start[i]..start[i + 1]) */
	uint64_t *count;	/* and counts this */
	size_t nbt, btcap, countcap;
	uint64_t *weights;
	size_t nweight, weightcap;
	unsigned char *role;	/* what each open element is */
	size_t rolecap;
	struct bytes buf;	/* a frame's name being cleaned */
	struct depthstack d;	/* the stacks */
	/* --lines: the frame being defined, its source's line and path */
	uint32_t fid;		/* its id's index in ids; NONE: none */
	int64_t line;		/* 0: no <source> */
	uint32_t path;		/* in names; NONE: none */
	uint32_t pathid;	/* the <path> being defined: its id's index */
	struct bytes pbuf;	/* that path's text */
	struct labelbuf lb;
};

#define NONE UINT32_MAX

/* what an element is, by its place */
enum { R_OTHER, R_ROOT, R_NODE, R_ROW, R_BACKTRACE, R_FRAME, R_WEIGHT, R_SOURCE, R_PATH };

/* the row being read */
struct row {
	uint32_t bt;		/* its backtrace, or NONE */
	uint64_t w;		/* its weight */
	uint32_t weightid;	/* the id its weight element gives, or NONE */
	int hasweight;
	int defining;		/* its backtrace is defined here: frames follow */
};

struct xctrace *
xctrace_new(int weight, int lines, int fullpath, struct stackmap *m)
{
	struct xctrace *t = ecalloc(1, sizeof(*t));

	t->weight = weight;
	t->lines = lines;
	t->fullpath = fullpath;
	t->fid = NONE;
	t->m = m;
	intern_init(&t->ids);
	intern_init(&t->names);
	depth_init(&t->d);
	return t;
}

void
xctrace_print(struct xctrace *t, struct folder *f)
{
	textfold_print(f, &t->d, t->weight ? "nanoseconds" : NULL,
	    t->weight ? "time" : "samples");
}

void
xctrace_free(struct xctrace *t)
{
	xml_free(&t->x);
	intern_free(&t->ids);
	intern_free(&t->names);
	free(t->kind);
	free(t->what);
	free(t->frames);
	free(t->start);
	free(t->count);
	free(t->weights);
	free(t->role);
	bytes_free(&t->buf);
	bytes_free(&t->pbuf);
	label_free(&t->lb);
	depth_free(&t->d);
	free(t);
}

static const char *const kindname[] = { "", "", "", "", "a backtrace", "a frame", "a weight",
	"", "a path" };

/* The element's attribute key as a number's digits: 1, else 0. */
static int
idattr(struct xctrace *t, const char *key, const char **v, size_t *n)
{
	if (!(*v = xml_attr(&t->x, key, n)))
		return 0;
	if (!*n || !isdigits(*v, *n, 0) || *n > 19)
		xml_error(&t->x, t->x.off, "bad %s \"%.*s\"", key, (int)*n, *v);
	return 1;
}

/* What the element's ref names, of kind k: its index. */
static uint32_t
ref(struct xctrace *t, const char *v, size_t n, int k)
{
	uint32_t id = intern_find(&t->ids, v, n);

	if (id == NONE || t->kind[id] != k)
		xml_error(&t->x, t->x.off, "ref=\"%.*s\" names no %s before it", (int)n, v,
		    kindname[k] + 2);
	return t->what[id];
}

/* The element defines id v[0..n) as kind k, index i. */
static void
define(struct xctrace *t, const char *v, size_t n, int k, uint32_t i)
{
	uint32_t old = t->ids.n, id = intern(&t->ids, v, n);

	if (id != old)
		xml_error(&t->x, t->x.off, "id=\"%.*s\" given twice", (int)n, v);
	t->kind = egrowarray(t->kind, &t->idcap, (size_t)id + 1, 1);
	t->what = erealloc(t->what, t->idcap * sizeof(*t->what));
	t->kind[id] = (unsigned char)k;
	t->what[id] = i;
}

/* A frame of the backtrace open: defined here, or a ref. */
static void
frame(struct xctrace *t)
{
	const char *v, *nm;
	size_t n, nn, len;
	uint32_t name;

	if (idattr(t, "ref", &v, &n)) {
		name = ref(t, v, n, R_FRAME);
	} else {
		if (!idattr(t, "id", &v, &n))
			xml_error(&t->x, t->x.off, "a frame without id or ref");
		if (!(nm = xml_attr(&t->x, "name", &nn)))
			xml_error(&t->x, t->x.off, "a frame without a name");
		t->buf.n = 0;
		if (!rustsym_fix(nm, nn, &t->buf))
			bytes_put(&t->buf, nm, nn);
		bytes_put(&t->buf, "__", 2);
		len = frame_clean((char *)t->buf.p, t->buf.n - 2);
		name = intern(&t->names, (char *)t->buf.p, len);
		define(t, v, n, R_FRAME, name);
		t->fid = t->ids.n - 1;	/* its <source>, if any, follows */
		t->line = 0;
		t->path = NONE;
	}
	t->frames = egrowarray(t->frames, &t->framecap, t->nframes + 1, sizeof(*t->frames));
	t->frames[t->nframes++] = name;
}

/* --lines: <source line="N"> in the frame being defined. */
static void
source(struct xctrace *t)
{
	const char *v;
	size_t n, i;

	t->line = 0;
	if (!(v = xml_attr(&t->x, "line", &n)))
		return;
	if (!n || n > 9 || !isdigits(v, n, 0))
		xml_error(&t->x, t->x.off, "bad line \"%.*s\"", (int)n, v);
	for (i = 0; i < n; i++)
		t->line = t->line * 10 + (v[i] - '0');
}

/* --lines: the source's <path>, defined (its text follows) or a ref. */
static void
path(struct xctrace *t)
{
	const char *v;
	size_t n;

	t->pathid = NONE;
	if (idattr(t, "ref", &v, &n)) {
		t->path = ref(t, v, n, R_PATH);
	} else if (idattr(t, "id", &v, &n)) {
		t->path = intern(&t->names, "", 0);
		define(t, v, n, R_PATH, t->path);
		t->pathid = t->ids.n - 1;
		t->pbuf.n = 0;
	}
}

/* --lines: the frame defined ends: with a source, its name is made
 * "NAME at FILE:LINE", for its refs too. */
static void
frameend(struct xctrace *t)
{
	uint32_t name;

	if (t->fid == NONE || !t->line || t->path == NONE || !intern_len(&t->names, t->path))
		goto done;
	name = t->what[t->fid];
	label_make(&t->lb, intern_str(&t->names, name), intern_len(&t->names, name),
	    intern_str(&t->names, t->path), intern_len(&t->names, t->path), t->line,
	    t->fullpath, NULL);
	t->what[t->fid] = intern(&t->names, t->lb.s, t->lb.len);
	t->frames[t->nframes - 1] = t->what[t->fid];
done:
	t->fid = NONE;
}

/* A row's backtrace: defined here (its frames follow), or a ref. */
static void
backtrace(struct xctrace *t, struct row *r)
{
	const char *v;
	size_t n;

	if (r->bt != NONE)
		xml_error(&t->x, t->x.off, "a row with two backtraces");
	if (idattr(t, "ref", &v, &n)) {
		r->bt = ref(t, v, n, R_BACKTRACE);
		r->defining = 0;
		return;
	}
	if (!idattr(t, "id", &v, &n))
		xml_error(&t->x, t->x.off, "a backtrace without id or ref");
	if (t->nbt >= NONE - 1)
		xml_error(&t->x, t->x.off, "too many backtraces");
	t->start = egrowarray(t->start, &t->btcap, t->nbt + 2, sizeof(*t->start));
	t->count = egrowarray(t->count, &t->countcap, t->nbt + 1, sizeof(*t->count));
	t->start[t->nbt] = t->start[t->nbt + 1] = t->nframes;
	t->count[t->nbt] = 0;
	r->bt = (uint32_t)t->nbt++;
	r->defining = 1;
	define(t, v, n, R_BACKTRACE, r->bt);
}

/* A row's weight: defined here (its text follows), or a ref. */
static void
weight(struct xctrace *t, struct row *r)
{
	const char *v;
	size_t n;

	r->hasweight = 1;
	r->weightid = NONE;
	if (idattr(t, "ref", &v, &n)) {
		r->w = t->weights[ref(t, v, n, R_WEIGHT)];
	} else if (idattr(t, "id", &v, &n)) {
		t->weights = egrowarray(t->weights, &t->weightcap, t->nweight + 1,
		    sizeof(*t->weights));
		t->weights[t->nweight] = 0;
		define(t, v, n, R_WEIGHT, (uint32_t)t->nweight);
		r->weightid = (uint32_t)t->nweight++;
	}
}

/* The role of the element just opened, inside one of role parent. */
static int
open(struct xctrace *t, int parent, struct row *r)
{
	struct xml *x = &t->x;

#define IS(s) (x->taglen == sizeof(s) - 1 && !memcmp(x->tag, s, sizeof(s) - 1))
	if (parent == R_ROOT && IS("node"))
		return R_NODE;
	if (parent == R_NODE && IS("row")) {
		r->bt = NONE;
		r->w = 1;
		r->hasweight = 0;
		r->defining = 0;
		return R_ROW;
	}
	if (parent == R_ROW && IS("backtrace")) {
		backtrace(t, r);
		return R_BACKTRACE;
	}
	if (parent == R_BACKTRACE && IS("frame") && r->defining) {
		frame(t);
		t->start[t->nbt] = t->nframes;
		return R_FRAME;
	}
	if (parent == R_ROW && IS("weight") && t->weight) {
		weight(t, r);
		return R_WEIGHT;
	}
	if (parent == R_FRAME && IS("source") && t->lines && t->fid != NONE) {
		source(t);
		return R_SOURCE;
	}
	if (parent == R_SOURCE && IS("path")) {
		path(t);
		return R_PATH;
	}
#undef IS
	return R_OTHER;
}

/* The weight's text: a whole number of nanoseconds. */
static void
weighttext(struct xctrace *t, struct row *r)
{
	count c;

	if (count_parse(t->x.text, t->x.textlen, &c) || !count_whole(c))
		xml_error(&t->x, t->x.off, "bad weight \"%.*s\"", (int)t->x.textlen, t->x.text);
	r->w = c.u;
	if (r->weightid != NONE)
		t->weights[r->weightid] = c.u;
}

static void
rowend(struct xctrace *t, struct row *r)
{
	if (r->bt == NONE)
		return;		/* a sentinel: no backtrace, as inferno leaves it */
	if (t->weight && !r->hasweight)
		xml_error(&t->x, t->x.off, "a row without a weight (--time)");
	if (t->count[r->bt] > UINT64_MAX - r->w)
		xml_error(&t->x, t->x.off, "sum of counts overflows");
	t->count[r->bt] += r->w;
}

/* Each backtrace's stack, its frames from the root, with its count. */
static void
stacks(struct xctrace *t, const char *name)
{
	size_t i, k, d;
	uint32_t f;
	count c;

	for (i = 0; i < t->nbt; i++) {
		if (!t->count[i] || t->start[i] == t->start[i + 1])
			continue;
		for (k = t->start[i + 1], d = 0; k-- > t->start[i]; d++) {
			f = t->frames[k];
			depth_set(&t->d, d, intern_str(&t->names, f), intern_len(&t->names, f));
		}
		c = count_from_u64(t->count[i]);
		if (!depth_add(&t->d, c))
			fileerr(name, 0, "sum of counts overflows");
	}
}

void
xctrace_fold(struct xctrace *t, int fd, const char *name, const char *p, size_t n)
{
	struct row r = { NONE, 1, NONE, 0, 0 };
	size_t depth = 0;
	int e, parent;

	xml_free(&t->x);
	xml_open(&t->x, fd, name, p, n);
	while ((e = xml_next(&t->x)) != XML_EOF) {
		if (e == XML_OPEN) {
			parent = depth ? t->role[depth - 1] : R_OTHER;
			t->role = egrowarray(t->role, &t->rolecap, depth + 1, 1);
			if (!depth && (t->x.taglen != 18 || memcmp(t->x.tag, "trace-query-result", 18)))
				xml_error(&t->x, t->x.off, "the root element is <%.*s>, not "
				    "<trace-query-result>: is this `xctrace export` output?",
				    (int)t->x.taglen, t->x.tag);
			t->role[depth] = (unsigned char)(depth ? open(t, parent, &r) : R_ROOT);
			depth++;
		} else if (e == XML_TEXT) {
			if (depth && t->role[depth - 1] == R_WEIGHT)
				weighttext(t, &r);
			else if (depth && t->role[depth - 1] == R_PATH && t->pathid != NONE)
				bytes_put(&t->pbuf, t->x.text, t->x.textlen);
		} else if (--depth, t->role[depth] == R_ROW) {
			rowend(t, &r);
		} else if (t->role[depth] == R_PATH && t->pathid != NONE) {
			/* the path's text, whole */
			t->path = intern(&t->names, (const char *)t->pbuf.p, t->pbuf.n);
			t->what[t->pathid] = t->path;
			t->pathid = NONE;
		} else if (t->role[depth] == R_FRAME && t->lines) {
			frameend(t);
		}
	}
	stacks(t, name);
	/* another file's backtraces are its own: its ids start afresh */
	intern_free(&t->ids);
	intern_init(&t->ids);
	t->nbt = t->nframes = t->nweight = 0;
}
