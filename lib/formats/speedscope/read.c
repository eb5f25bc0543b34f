/* formats/speedscope/read.c: speedscope's file format folded into stacks (see read.h)
 *
 * A first pass finds the top-level keys; the frames are read into
 * labels, then each profile's keys, and the chosen profiles are folded.
 * A sampled profile's stacks and weights are two arrays read side by
 * side by two cursors.  An evented profile keeps the open frames'
 * labels joined in one buffer, each frame's start noted, so that the
 * stack open between two events is added as it is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/escape.h"
#include "base/intern.h"
#include "base/json.h"
#include "base/out.h"
#include "base/util.h"
#include "formats/speedscope/read.h"
#include "stack/build.h"
#include "stack/idtree.h"
#include "stack/label.h"

struct sprof {
	uint64_t off;		/* the profile's object */
	uint64_t samples, weights, events;
	int evented;
	int unit;
	struct jstr name;	/* in the buffer, or copied into the arena */
};

/* an open frame of an evented profile */
struct open {
	uint32_t frame;
	uint32_t node;		/* in the tree of open frames */
	size_t len;		/* in time order: the stack's length before it */
};

struct sscope {
	/* kept from one file to the next */
	const struct sscope_opt *o;
	struct stackmap *map;	/* where the stacks go: summed, */
	struct stackrun *run;	/* or, when set, in time order */
	/* a file's: */
	struct json j, a, b;
	struct interner labels;
	uint32_t *frame;	/* frame index -> label */
	size_t nframe, framecap;
	struct sprof *prof;
	size_t nprof, profcap;
	struct labelbuf lb;
	struct stackbuild sb;	/* the stack being built */
	struct open *open;
	size_t nopen, opencap;
	struct idtree tree;	/* an evented profile's stacks, summed */
	uint32_t *idx, *prev;	/* a sample's frame indexes, the last one's */
	size_t idxcap, prevcap, nprev;
	struct arena arena;
};

/* --- frames --------------------------------------------------------------- */

/* One frame {name, file, line, col}: its label. */
static void
read_frame(struct sscope *c, struct json *j)
{
	struct jstr k, name = { "", 0 }, file = { "", 0 };
	struct jnum line = { 0, 0, 0, 0 };
	uint64_t off = json_off(j);
	int named = 0;

	json_obj(j);
	while (json_key(j, &k)) {
		if (json_is(k, "name")) {
			name = json_str(j);
			/* a decoded name lives in the reader's buffer, which
			 * the file's string would reuse */
			if (name.s < j->base || name.s >= j->end)
				name.s = arena_strdup(&c->arena, name.s, name.len);
			named = 1;
		} else if (json_is(k, "file") && json_peek(j) == JSON_STR) {
			file = json_str(j);
		} else if (json_is(k, "line") && json_peek(j) == JSON_NUM) {
			json_num(j, &line);
		} else {
			json_skip(j);
		}
	}
	if (!named)
		json_error(j, off, "a frame without a name");
	label_make(&c->lb, name.s, name.len, file.s, file.len, line.isint ? line.i : 0,
	    c->o->fullpath, NULL);
	c->frame = egrowarray(c->frame, &c->framecap, c->nframe + 1, sizeof(*c->frame));
	c->frame[c->nframe++] = intern(&c->labels, c->lb.s, c->lb.len);
}

static void
read_frames(struct sscope *c, uint64_t shared)
{
	static const char *const keys[] = { "frames" };
	uint64_t off;

	json_at(&c->a, &c->j, shared);
	json_findkeys(&c->a, keys, &off, 1);
	if (!off)
		json_error(&c->j, shared, "shared has no frames");
	json_at(&c->a, &c->j, off);
	json_arr(&c->a);
	while (json_more(&c->a)) {
		if (c->nframe >= UINT32_MAX - 1)
			json_error(&c->j, json_off(&c->a), "too many frames");
		read_frame(c, &c->a);
	}
}

/* --- profiles ------------------------------------------------------------- */

static int
unit_of(struct sscope *c, struct json *j)
{
	uint64_t off = json_off(j);
	struct jstr u = json_str(j);
	int unit;

	if (json_is(u, "none"))
		return UNIT_COUNT;
	if ((unit = unit_parse(u.s, u.len)) < 0 || unit == UNIT_COUNT)
		json_error(&c->j, off, "unknown unit '%.*s'", (int)(u.len > 40 ? 40 : u.len), u.s);
	return unit;
}

/* One profile object: its type, name, unit and where its arrays are. */
static void
read_profile(struct sscope *c, struct json *j)
{
	struct sprof *p;
	struct jstr k, t;
	uint64_t off = json_off(j), toff = 0;
	int typed = 0, united = 0;

	c->prof = egrowarray(c->prof, &c->profcap, c->nprof + 1, sizeof(*c->prof));
	p = &c->prof[c->nprof++];
	memset(p, 0, sizeof(*p));
	p->off = off;
	p->name.s = "";
	json_obj(j);
	while (json_key(j, &k)) {
		if (json_is(k, "type")) {
			toff = json_off(j);
			t = json_str(j);
			if (json_is(t, "evented"))
				p->evented = 1;
			else if (!json_is(t, "sampled"))
				json_error(j, toff, "a profile of unknown type '%.*s'",
				    (int)(t.len > 40 ? 40 : t.len), t.s);
			typed = 1;
		} else if (json_is(k, "name") && json_peek(j) == JSON_STR) {
			p->name = json_str(j);
			if (p->name.s < j->base || p->name.s >= j->end)
				p->name.s = arena_strdup(&c->arena, p->name.s, p->name.len);
		} else if (json_is(k, "unit")) {
			p->unit = unit_of(c, j);
			united = 1;
		} else if (json_is(k, "samples")) {
			p->samples = json_off(j);
			json_skip(j);
		} else if (json_is(k, "weights")) {
			p->weights = json_off(j);
			json_skip(j);
		} else if (json_is(k, "events")) {
			p->events = json_off(j);
			json_skip(j);
		} else {
			json_skip(j);
		}
	}
	if (!typed)
		json_error(j, off, "a profile without a type");
	if (!united)
		json_error(j, off, "a profile without a unit");
	if (p->evented ? !p->events : !p->samples || !p->weights)
		json_error(j, off, "a %s profile without %s", p->evented ? "evented" : "sampled",
		    p->evented ? "events" : !p->samples ? "samples" : "weights");
}

/* --- stacks --------------------------------------------------------------- */

/* Start the stack: the profile's name as root with --by-profile. */
static void
stack_start(struct sscope *c, const struct sprof *p, size_t i)
{
	char num[32];

	sb_clear(&c->sb);
	if (!c->o->byprofile)
		return;
	if (p->name.len)
		label_make(&c->lb, p->name.s, p->name.len, "", 0, 0, 0, NULL);
	else
		label_make(&c->lb, num, (size_t)snprintf(num, sizeof(num), "profile %zu", i),
		    "", 0, 0, 0, NULL);
	sb_frame(&c->sb, c->lb.s, c->lb.len);
}

/* The next frame index, checked. */
static uint32_t
frame_index(struct sscope *c, struct json *j)
{
	uint64_t off = json_off(j);
	int64_t i = json_int(j, 0, INT64_MAX, "a frame index");

	if ((uint64_t)i >= c->nframe)
		json_error(&c->j, off, "frame %lld is not in shared.frames (%zu frames)",
		    (long long)i, c->nframe);
	return (uint32_t)i;
}

/* Frame f's label onto the stack. */
static void
push_label(struct sscope *c, uint32_t f)
{
	uint32_t l = c->frame[f];

	sb_frame(&c->sb, intern_str(&c->labels, l), intern_len(&c->labels, l));
}

/* A weight: exact while it is an integer, else a decimal count. */
static count
weight(struct sscope *c, const struct jnum *v, uint64_t off)
{
	count w;

	if (v->d < 0)
		json_error(&c->j, off, "a negative weight");
	if (v->isint)
		return count_from_u64((uint64_t)v->i);
	if (v->u)
		return count_from_u64(v->u);	/* 2^63 and more, exact */
	if (v->d >= 18446744073709551616.0)
		json_error(&c->j, off, "a weight of %.17g, past 2^64 - 1, the largest count",
		    v->d);
	w.u = (uint64_t)v->d;
	w.d = v->d;	/* a fraction makes it a decimal count (count_whole) */
	return w;
}

static void
add(struct sscope *c, count w, uint64_t off)
{
	if (count_iszero(w))
		return;
	if (!sb_add(&c->sb, w))
		json_error(&c->j, off, "the sum of weights overflows");
}

/*
 * A sampled profile.  A sample's frame indexes are gathered first: a
 * sample with the same ones as the sample before (a run, as a sampler
 * that stays in one place writes) adds to the same stack at once,
 * without its labels being joined and looked up again.
 */
static void
fold_sampled(struct sscope *c, const struct sprof *p, size_t idx)
{
	struct json *s = &c->a, *w = &c->b;
	struct jnum v;
	uint32_t *t;
	uint64_t off;
	size_t n, k;
	int first = 1;
	count wt;

	json_at(s, &c->j, p->samples);
	json_at(w, &c->j, p->weights);
	json_arr(s);
	json_arr(w);
	c->nprev = 0;
	while (json_more(s)) {
		off = json_off(s);
		json_arr(s);
		for (n = 0; json_more(s); n++) {
			c->idx = egrowarray(c->idx, &c->idxcap, n + 1, sizeof(*c->idx));
			c->idx[n] = frame_index(c, s);
		}
		if (!json_more(w))
			json_error(&c->j, off, "more samples than weights");
		off = json_off(w);
		json_num(w, &v);
		wt = weight(c, &v, off);
		if (count_iszero(wt))
			continue;
		if (first || n != c->nprev ||
		    (n && memcmp(c->idx, c->prev, n * sizeof(*c->idx)))) {
			stack_start(c, p, idx);
			for (k = 0; k < n; k++)
				push_label(c, c->idx[k]);
			t = c->prev, c->prev = c->idx, c->idx = t;
			k = c->prevcap, c->prevcap = c->idxcap, c->idxcap = k;
			c->nprev = n;
			first = 0;
		}
		add(c, wt, off);
	}
	if (json_more(w))
		json_error(&c->j, json_off(w), "more weights than samples");
}

/* One event: its type ('O' or 'C'), frame and value, in any order. */
static void
read_ev(struct sscope *c, struct json *j, int *type, int64_t *frame, struct jnum *at,
    uint64_t *frameoff)
{
	struct jstr k, t;
	uint64_t off = json_off(j), toff;

	*type = 0;
	*frame = -1;
	at->isint = -1;
	json_obj(j);
	while (json_key(j, &k)) {
		if (json_is(k, "type")) {
			toff = json_off(j);
			t = json_str(j);
			if (!json_is(t, "O") && !json_is(t, "C"))
				json_error(&c->j, toff, "an event of unknown type '%.*s'",
				    (int)(t.len > 40 ? 40 : t.len), t.s);
			*type = t.s[0];
		} else if (json_is(k, "frame")) {
			*frameoff = json_off(j);
			*frame = json_int(j, 0, INT64_MAX, "a frame index");
		} else if (json_is(k, "at")) {
			json_num(j, at);
		} else {
			json_skip(j);
		}
	}
	if (!*type || *frame < 0 || at->isint < 0)
		json_error(&c->j, off, "an event without %s", !*type ? "a type" :
		    *frame < 0 ? "a frame" : "a value (at)");
	if ((uint64_t)*frame >= c->nframe)
		json_error(&c->j, *frameoff, "frame %lld is not in shared.frames (%zu frames)",
		    (long long)*frame, c->nframe);
}

/* The value between two events: exact for integers. */
static count
delta(struct sscope *c, const struct jnum *last, const struct jnum *at, uint64_t off)
{
	struct jnum d;

	if (at->d < last->d || (at->isint && last->isint && at->i < last->i))
		json_error(&c->j, off, "an event at %.17g, before the one before it (%.17g)",
		    at->d, last->d);
	if (at->isint && last->isint)	/* exact, however far apart */
		return count_from_u64((uint64_t)at->i - (uint64_t)last->i);
	d.isint = 0;
	d.u = 0;
	d.d = at->d - last->d;
	return weight(c, &d, off);
}

/* A frame opens: a node of the tree (under the frame open, if any),
 * and its label onto the stack in time order. */
static void
open_frame(struct sscope *c, uint32_t f)
{
	struct open *o;

	c->open = egrowarray(c->open, &c->opencap, c->nopen + 1, sizeof(*c->open));
	o = &c->open[c->nopen++];
	o->frame = f;
	o->len = sb_len(&c->sb);
	o->node = idtree_child(&c->tree, c->nopen > 1 ? o[-1].node : IDTREE_ROOT, f);
	if (c->run)
		push_label(c, f);
}

static void
close_frame(struct sscope *c, uint32_t f, uint64_t off)
{
	if (!c->nopen)
		json_error(&c->j, off, "closes frame %u, but no frame is open", f);
	if (c->open[c->nopen - 1].frame != f)
		json_error(&c->j, off, "closes frame %u, but frame %u is open", f,
		    c->open[c->nopen - 1].frame);
	sb_cut(&c->sb, c->open[--c->nopen].len);
}

/* Time w passes in the frame open: onto its node, or, in time order,
 * its stack written now. */
static void
elapse(struct sscope *c, count w, uint64_t off)
{
	if (c->run)
		add(c, w, off);
	else if (!idtree_add(&c->tree, c->open[c->nopen - 1].node, w))
		json_error(&c->j, off, "the sum of weights overflows");
}

static const char *
frame_label(void *arg, uint32_t f, size_t *len)
{
	struct sscope *c = arg;

	*len = intern_len(&c->labels, c->frame[f]);
	return intern_str(&c->labels, c->frame[f]);
}

/*
 * An evented profile: the time between two events goes to the frame
 * then open, a node of the tree of open frames, and each stack is
 * written once at the end (in time order, the stack is kept as frames
 * open and close, and written at each event instead).
 */
static void
fold_evented(struct sscope *c, const struct sprof *p, size_t idx)
{
	struct json *j = &c->a;
	struct jnum at, last = { 1, 0, 0, 0 };
	int64_t frame;
	uint64_t off, foff = 0;
	count d;
	int type, first = 1;

	json_at(j, &c->j, p->events);
	json_arr(j);
	stack_start(c, p, idx);
	idtree_free(&c->tree);
	idtree_init(&c->tree);
	c->nopen = 0;
	while (json_more(j)) {
		off = json_off(j);
		read_ev(c, j, &type, &frame, &at, &foff);
		if (!first) {
			d = delta(c, &last, &at, off);
			if (c->nopen && !count_iszero(d))
				elapse(c, d, off);
		}
		first = 0;
		last = at;
		if (type == 'O')
			open_frame(c, (uint32_t)frame);
		else
			close_frame(c, (uint32_t)frame, off);
	}
	if (c->nopen)
		json_error(&c->j, json_off(j) - 1, "%zu frames are still open at the end of the events",
		    c->nopen);
	if (!c->run && !idtree_emit(&c->tree, &c->sb, frame_label, c))
		json_error(&c->j, p->events, "the sum of weights overflows");
}

/* --- the file ------------------------------------------------------------- */

/* Is profile i the one --profile names? */
static int
chosen(const struct sscope *c, size_t i)
{
	const char *s = c->o->profile;
	char *end;
	unsigned long long n;

	if (!s)
		return 1;
	if (*s >= '0' && *s <= '9') {
		n = strtoull(s, &end, 10);
		if (!*end)
			return n == i;
	}
	return strlen(s) == c->prof[i].name.len && !memcmp(s, c->prof[i].name.s, c->prof[i].name.len);
}

static const char *
unit_label(int unit)
{
	return unit == UNIT_COUNT ? "none" : unit_name(unit);
}

static void
list(const struct sscope *c)
{
	size_t i;

	for (i = 0; i < c->nprof; i++) {
		out_printf("%zu\t%s\t%s\t", i, c->prof[i].evented ? "evented" : "sampled",
		    unit_label(c->prof[i].unit));
		out_term(c->prof[i].name.s, c->prof[i].name.len);
		out_printf("\n");
	}
}

/* Everything c holds of a file, freed (also what an error left behind,
 * when the fuzzing harness goes on after it). */
static void
ss_reset(struct sscope *c)
{
	const struct sscope_opt *o = c->o;
	struct stackmap *map = c->map;
	struct stackrun *run = c->run;

	json_free(&c->j);
	json_free(&c->a);
	json_free(&c->b);
	intern_free(&c->labels);
	free(c->frame);
	free(c->prof);
	label_free(&c->lb);
	sb_free(&c->sb);
	free(c->open);
	idtree_free(&c->tree);
	free(c->idx);
	free(c->prev);
	arena_free(&c->arena);
	memset(c, 0, sizeof(*c));
	c->o = o;
	c->map = map;
	c->run = run;
}

struct sscope *
sscope_new(const struct sscope_opt *o, struct stackmap *map, struct stackrun *run)
{
	struct sscope *c = emalloc(sizeof(*c));

	*c = (struct sscope){ .o = o, .map = map, .run = run };
	return c;
}

void
sscope_free(struct sscope *c)
{
	ss_reset(c);
	free(c);
}

int
sscope_fold(struct sscope *c, const char *s, size_t n, const char *name)
{
	static const char *const keys[] = { "shared", "profiles" };
	uint64_t off[2], top;
	size_t i;
	int unit = -1, k, first = -1;

	ss_reset(c);
	if (!n)
		fileerr(name, 0, "empty file");
	json_init(&c->j, s, n, name);
	sb_init(&c->sb, c->map, c->run);
	intern_init(&c->labels);
	if ((k = json_peek(&c->j)) != JSON_OBJ)
		json_error(&c->j, json_off(&c->j), "not a speedscope file: the JSON is %s",
		    json_kindname(k));
	top = json_off(&c->j);
	json_findkeys(&c->j, keys, off, 2);
	json_end(&c->j);
	if (!off[0] || !off[1])
		json_error(&c->j, top, "not a speedscope file (no %s)",
		    off[0] ? "profiles" : "shared frames");
	read_frames(c, off[0]);
	json_at(&c->a, &c->j, off[1]);
	json_arr(&c->a);
	while (json_more(&c->a))
		read_profile(c, &c->a);
	if (c->o->list) {
		list(c);
		ss_reset(c);
		return -1;
	}
	for (i = 0; i < c->nprof; i++) {
		if (!chosen(c, i))
			continue;
		if (first >= 0 && c->prof[i].unit != unit)
			json_error(&c->j, c->prof[i].off, "profile %zu counts %s, profile %d %s: "
			    "choose one with --profile", i, unit_label(c->prof[i].unit), first,
			    unit_label(unit));
		if (first < 0)
			first = (int)i;
		unit = c->prof[i].unit;
	}
	for (i = 0; i < c->nprof; i++) {
		if (!chosen(c, i))
			continue;
		if (c->prof[i].evented)
			fold_evented(c, &c->prof[i], i);
		else
			fold_sampled(c, &c->prof[i], i);
	}
	sb_dropped(&c->sb, name, "with an empty stack",
	    unit == UNIT_COUNT ? NULL : unit_name(unit));
	ss_reset(c);
	return unit;
}
