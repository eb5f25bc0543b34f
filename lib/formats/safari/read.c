/* formats/safari/read.c: Safari timeline recordings folded into stacks (see read.h)
 *
 * The recording's two arrays are found first (they may come in either
 * order, after the records), then walked side by side by two readers:
 * each sample's frames are labelled as they come, the leaf first, and
 * pushed root first once the sample is read; its duration is read from
 * the other array.  Nothing is kept from one sample to the next but
 * the end of the last, for the idle gaps.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/bytes.h"
#include "base/count.h"
#include "base/json.h"
#include "base/util.h"
#include "folded/whole.h"
#include "formats/safari/read.h"
#include "stack/build.h"
#include "stack/label.h"

/* speedscope's threshold of an idle gap: 2 ms */
#define IDLE_GAP 0.002

struct safari {
	const struct safari_opt *o;
	struct stackbuild sb;
	/* from here on, one file's: reset after each */
	struct json j, d;	/* the samples, their durations */
	int hasd;
	double prevend;		/* the last sample's end, seconds */
	struct bytes name, url;	/* a frame's */
	struct bytes frames;	/* a sample's labels, the leaf first */
	size_t *at;		/* where each starts in frames */
	size_t nat, atcap;
	struct labelbuf lb;
};

/* The frame at the cursor, its label onto the sample's. */
static void
read_frame(struct safari *r)
{
	struct json *j = &r->j;
	struct jstr k;
	int64_t line = 0;

	r->name.n = r->url.n = 0;
	json_obj(j);
	while (json_key(j, &k)) {
		if (json_is(k, "name") && json_peek(j) != JSON_NULL)
			json_strcopy(j, &r->name);
		else if (json_is(k, "url") && json_peek(j) != JSON_NULL)
			json_strcopy(j, &r->url);
		else if (json_is(k, "line") && json_peek(j) != JSON_NULL)
			line = json_int(j, INT32_MIN, INT32_MAX, "line");
		else
			json_skip(j);
	}
	label_make(&r->lb, (const char *)r->name.p, r->name.n, (const char *)r->url.p, r->url.n,
	    line, r->o->fullpath, NULL);
	r->at = egrowarray(r->at, &r->atcap, r->nat + 1, sizeof(*r->at));
	r->at[r->nat++] = r->frames.n;
	bytes_put(&r->frames, r->lb.s, r->lb.len);
}

/* A number of seconds at the cursor of j. */
static double
seconds(struct json *j, const char *what)
{
	uint64_t off = json_off(j);
	struct jnum x;

	json_num(j, &x);
	if (!(x.d >= 0 && x.d < 1e9))
		json_error(j, off, "%s: %g seconds is out of range", what, x.d);
	return x.d;
}

static count
nanoseconds(double s)
{
	return count_from_u64((uint64_t)llround(s * 1e9));
}

/* The sample's stack, root first, under weight c. */
static void
add(struct safari *r, count c, uint64_t off)
{
	size_t i;

	sb_clear(&r->sb);
	for (i = r->nat; i-- > 0;)
		sb_frame(&r->sb, (const char *)r->frames.p + r->at[i],
		    (i + 1 < r->nat ? r->at[i + 1] : r->frames.n) - r->at[i]);
	/* a sample of no frame is counted for sb_dropped */
	if (!sb_addn(&r->sb, c, 1))
		json_error(&r->j, off, "the sum of weights overflows");
}

/* The idle gap before a sample that ended at end after dur seconds. */
static void
idle(struct safari *r, double end, double dur, uint64_t off)
{
	double gap = end - dur - r->prevend;

	r->prevend = end;
	if (!(gap > IDLE_GAP))
		return;
	sb_clear(&r->sb);
	sb_frame(&r->sb, "(idle)", 6);
	if (!sb_add(&r->sb, nanoseconds(gap)))
		json_error(&r->j, off, "the sum of weights overflows");
}

/* The sample at the cursor and its duration. */
static void
read_sample(struct safari *r)
{
	struct json *j = &r->j;
	uint64_t off = json_off(j);
	double ts = 0, dur = 0;
	struct jstr k;
	int hasts = 0;

	if (r->o->time) {
		if (!r->hasd || !json_more(&r->d))
			json_error(j, off, "--time: a sample without its duration (sampleDurations)");
		dur = seconds(&r->d, "duration");
	}
	r->frames.n = r->nat = 0;
	json_obj(j);
	while (json_key(j, &k)) {
		if (json_is(k, "stackFrames")) {
			json_arr(j);
			while (json_more(j))
				read_frame(r);
		} else if (json_is(k, "timestamp")) {
			ts = seconds(j, "timestamp");
			hasts = 1;
		} else {
			json_skip(j);
		}
	}
	if (r->o->idle && !hasts)
		json_error(j, off, "--idle: a sample without its timestamp");
	if (r->o->idle)
		idle(r, ts, dur, off);
	add(r, r->o->time ? nanoseconds(dur) : count_from_u64(1), off);
}

/* What the last file left, freed (an error may have cut it short). */
static void
reset(struct safari *r)
{
	json_free(&r->j);
	json_free(&r->d);
	bytes_free(&r->name);
	bytes_free(&r->url);
	bytes_free(&r->frames);
	free(r->at);
	label_free(&r->lb);
	memset(&r->j, 0, sizeof(*r) - offsetof(struct safari, j));
}

struct safari *
safari_new(const struct safari_opt *o, struct stackmap *map, struct stackrun *run)
{
	struct safari *r = ecalloc(1, sizeof(*r));

	r->o = o;
	sb_init(&r->sb, map, run);
	return r;
}

void
safari_free(struct safari *r)
{
	reset(r);
	sb_free(&r->sb);
	free(r);
}

/* The top object: the recording's offset, its version checked. */
static uint64_t
recording(struct safari *r)
{
	static const char *const keys[] = { "version", "recording" };
	uint64_t off[2], top = json_off(&r->j);
	struct json *j = &r->d;
	size_t len;
	int kind;

	if ((kind = json_peek(&r->j)) != JSON_OBJ)
		json_error(&r->j, top, "not a Safari recording: the JSON is %s", json_kindname(kind));
	json_findkeys(&r->j, keys, off, 2);
	json_end(&r->j);
	if (!off[1])
		json_error(&r->j, top, "not a Safari recording: no recording (Web Inspector's "
		    "export, {\"version\": 1, \"recording\": {...}}, is what safari-fold reads)");
	if (off[0]) {
		/* speedscope warns and reads on */
		json_at(j, &r->j, off[0]);
		json_skip(j);
		len = (size_t)(j->p - j->base - off[0]);
		if (len != 1 || j->base[off[0]] != '1')
			weprintf("%s: byte %llu: version %.*s%s, not 1: read as version 1", r->j.name,
			    (unsigned long long)off[0], (int)(len > 20 ? 20 : len), j->base + off[0],
			    len > 20 ? "..." : "");
	}
	return off[1];
}

size_t
safari_fold(struct safari *r, const char *s, size_t n, const char *name)
{
	static const char *const keys[] = { "sampleStackTraces", "sampleDurations", "samples" };
	uint64_t off[3], rec;
	struct json doc;
	size_t ns = 0;

	reset(r);
	if (!n)
		fileerr(name, 0, "empty file");
	json_init(&r->j, s, n, name);
	r->prevend = HUGE_VAL;
	rec = recording(r);
	doc = r->j;
	json_at(&r->j, &doc, rec);
	json_findkeys(&r->j, keys, off, 3);
	if (!off[0] && off[2])
		json_error(&r->j, off[2], "samples by target (a newer Web Inspector's layout) "
		    "are not read: safari-fold reads sampleStackTraces and sampleDurations");
	if (!off[0])
		json_error(&r->j, rec, "not a Safari recording: no sampleStackTraces");
	if ((r->hasd = off[1] != 0)) {
		json_at(&r->d, &doc, off[1]);
		json_arr(&r->d);
	}
	json_at(&r->j, &doc, off[0]);
	json_arr(&r->j);
	for (; json_more(&r->j); ns++)
		read_sample(r);
	if (r->o->time && json_more(&r->d))
		json_error(&r->d, json_off(&r->d), "more durations than samples");
	sb_dropped(&r->sb, name, "with an empty stack", r->o->time ? "nanoseconds" : NULL);
	reset(r);
	return ns;
}

void
safari_folder(struct whole *w, void *arg)
{
	safari_fold(arg, w->s, w->n, w->name);
}
