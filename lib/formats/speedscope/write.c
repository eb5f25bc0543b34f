/* formats/speedscope/write.c: folded stacks made a speedscope file */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/intern.h"
#include "base/out.h"
#include "base/util.h"
#include "formats/speedscope/write.h"
#include "stack/frame.h"

/* Beyond 2^53 a double no longer holds every integer. */
#define EXACT_MAX ((uint64_t)1 << 53)

/* an event of an evented profile: frame opened ('O') or closed ('C') at at */
struct ssw_event {
	count at;
	uint32_t frame;
	char type;
};

struct ssw_profile {
	char *name;
	int unit;		/* UNIT_, or -1 for a unit speedscope lacks */
	count total;
	uint32_t head, tail;	/* its samples: first and last id + 1 */
	int evented;		/* in time order: events, set before the first stack */
	struct ssw_event *ev;
	size_t nev, evcap;
	uint32_t *open;		/* the frames open, root first */
	size_t nopen, opencap;
};

struct sswrite {
	struct interner labels;	/* frame labels seen */
	uint32_t *labframe;	/* label id -> frame index */
	size_t labcap;
	struct interner frames;	/* line, name length, name, file */
	struct interner smp;	/* profile, then frame indexes root first */
	count *weight;		/* by sample id */
	uint32_t *next;		/* the profile's next sample id + 1 */
	size_t smpcap;
	struct ssw_profile *prof;
	size_t nprof, profcap;
	struct interner roots;	/* with split: (input, root label) -> profile */
	uint32_t *rootprof;
	size_t rootcap;
	uint32_t *cur;		/* the sample key being made */
	size_t curcap;
	char *key;		/* scratch for the other keys */
	size_t keycap;
	uint64_t nstacks;	/* stacks added */
};

struct sswrite *
ssw_new(void)
{
	struct sswrite *w = ecalloc(1, sizeof(*w));

	intern_init(&w->labels);
	intern_init(&w->frames);
	intern_init(&w->smp);
	intern_init(&w->roots);
	return w;
}

uint32_t
ssw_newprofile(struct sswrite *w, const char *name, size_t len)
{
	struct ssw_profile *p;

	if (w->nprof == UINT32_MAX)
		eprintf("too many profiles");
	w->prof = egrowarray(w->prof, &w->profcap, w->nprof + 1, sizeof(*w->prof));
	p = &w->prof[w->nprof];
	memset(p, 0, sizeof(*p));
	p->name = emalloc(len + 1);
	memcpy(p->name, name, len);
	p->name[len] = 0;
	return w->nprof++;
}

uint32_t
ssw_nprofiles(const struct sswrite *w)
{
	return (uint32_t)w->nprof;
}

void
ssw_timed(struct sswrite *w, uint32_t p, int timed)
{
	w->prof[p].evented = timed;
}

void
ssw_unit(struct sswrite *w, uint32_t first, int unit)
{
	size_t i;

	for (i = first; i < w->nprof; i++)
		w->prof[i].unit = unit;
}

uint64_t
ssw_nstacks(const struct sswrite *w)
{
	return w->nstacks;
}

/* Make room for n bytes of key. */
static char *
key_room(struct sswrite *w, size_t n)
{
	w->key = egrowarray(w->key, &w->keycap, n, 1);
	return w->key;
}

uint32_t
ssw_rootprofile(struct sswrite *w, uint32_t input, const char *prefix,
    const char *root, size_t len)
{
	size_t plen = strlen(prefix), known = w->roots.n;
	char *k = key_room(w, sizeof(input) + len);
	uint32_t id;

	memcpy(k, &input, sizeof(input));
	memcpy(k + sizeof(input), root, len);
	id = intern(&w->roots, k, sizeof(input) + len);
	if (id < known)
		return w->rootprof[id];
	k = key_room(w, plen + len);
	memcpy(k, prefix, plen);
	memcpy(k + plen, root, len);
	w->rootprof = egrowarray(w->rootprof, &w->rootcap, (size_t)id + 1, sizeof(*w->rootprof));
	w->rootprof[id] = ssw_newprofile(w, k, plen + len);
	return w->rootprof[id];
}

/* The frame of label f[0..n): its line, the length of its name, whether
 * it has a file, its name and its file, interned. */
static uint32_t
frame_of(struct sswrite *w, const char *f, size_t n)
{
	struct frameparts fp;
	unsigned char has;
	uint32_t nl;
	size_t len;
	char *k;

	frame_parts(f, n, &fp);
	nl = fp.namelen;
	has = fp.file != NULL;
	len = sizeof(fp.line) + sizeof(nl) + 1 + fp.namelen + fp.filelen;
	k = key_room(w, len);
	memcpy(k, &fp.line, sizeof(fp.line));
	memcpy(k + 8, &nl, sizeof(nl));
	k[12] = has;
	memcpy(k + 13, f, fp.namelen);
	if (has)
		memcpy(k + 13 + fp.namelen, fp.file, fp.filelen);
	return intern(&w->frames, k, len);
}

static void
event(struct ssw_profile *p, char type, uint32_t frame, count at)
{
	struct ssw_event *e;

	p->ev = egrowarray(p->ev, &p->evcap, p->nev + 1, sizeof(*p->ev));
	e = &p->ev[p->nev++];
	e->at = at;
	e->frame = frame;
	e->type = type;
}

/* The stack f[0..n) (frame indexes) open from at on: the open frames
 * it does not share closed, its own opened. */
static void
events(struct ssw_profile *p, const uint32_t *f, size_t n, count at)
{
	size_t same = 0;

	while (same < n && same < p->nopen && p->open[same] == f[same])
		same++;
	while (p->nopen > same)
		event(p, 'C', p->open[--p->nopen], at);
	p->open = egrowarray(p->open, &p->opencap, n ? n : 1, sizeof(*p->open));
	for (; p->nopen < n; p->nopen++) {
		p->open[p->nopen] = f[p->nopen];
		event(p, 'O', f[p->nopen], at);
	}
}

const char *
ssw_add(struct sswrite *w, uint32_t p, const char *s, size_t n, count c)
{
	struct ssw_profile *pr = &w->prof[p];
	size_t nk = 1, known;
	struct frameit it;
	uint32_t id, smp;
	uint32_t *k;
	count at = pr->total;

	if (!count_add(&pr->total, c) || pr->total.u > EXACT_MAX || pr->total.d > (double)EXACT_MAX)
		return "the weights add up past 2^53, beyond what speedscope's numbers keep exact";
	w->nstacks++;
	k = w->cur = egrowarray(w->cur, &w->curcap, 1, sizeof(*k));
	k[0] = p;
	for (frame_iter(&it, s, n, 0); frame_next(&it);) {
		known = w->labels.n;
		id = intern(&w->labels, s + it.start, it.end - it.start);
		if (id == known) {
			w->labframe = egrowarray(w->labframe, &w->labcap, (size_t)id + 1,
			    sizeof(*w->labframe));
			w->labframe[id] = frame_of(w, s + it.start, it.end - it.start);
		}
		k = w->cur = egrowarray(w->cur, &w->curcap, nk + 1, sizeof(*k));
		k[nk++] = w->labframe[id];
	}
	if (pr->evented) {
		events(pr, k + 1, nk - 1, at);
		return NULL;
	}
	known = w->smp.n;
	smp = intern(&w->smp, (const char *)k, nk * sizeof(*k));
	if (smp < known) {
		count_add(&w->weight[smp], c);
		return NULL;
	}
	if (smp >= w->smpcap) {
		w->smpcap = growcap(w->smpcap, (size_t)smp + 1);
		w->weight = ereallocarray(w->weight, w->smpcap, sizeof(*w->weight));
		w->next = ereallocarray(w->next, w->smpcap, sizeof(*w->next));
	}
	w->weight[smp] = c;
	w->next[smp] = 0;
	if (pr->tail)
		w->next[pr->tail - 1] = smp + 1;
	else
		pr->head = smp + 1;
	pr->tail = smp + 1;
	return NULL;
}

/* speedscope's name of a UNIT_ value: counts and units it lacks are
 * "none". */
static const char *
unit_ss(int unit)
{
	return unit <= UNIT_COUNT ? "none" : unit_name(unit);
}

static void
write_frame(const struct sswrite *w, uint32_t id)
{
	const char *k = intern_str(&w->frames, id);
	size_t len = intern_len(&w->frames, id);
	uint64_t line;
	uint32_t nl;

	memcpy(&line, k, sizeof(line));
	memcpy(&nl, k + 8, sizeof(nl));
	out_str("{\"name\":");
	out_jsonstr(k + 13, nl);
	if (k[12]) {
		out_str(",\"file\":");
		out_jsonstr(k + 13 + nl, len - 13 - nl);
		if (line) {
			out_str(",\"line\":");
			out_u64(line);
		}
	}
	out_char('}');
}

/* An evented profile's events, the frames still open closed at the end. */
static void
write_events(struct ssw_profile *p)
{
	size_t i;

	events(p, NULL, 0, p->total);
	out_str(",\n \"events\":[");
	for (i = 0; i < p->nev; i++) {
		out_printf("%s{\"type\":\"%c\",\"frame\":", i ? ",\n  " : "", p->ev[i].type);
		out_u64(p->ev[i].frame);
		out_str(",\"at\":");
		out_count(p->ev[i].at);
		out_char('}');
	}
	out_str("]}");
}

static void
write_profile(const struct sswrite *w, struct ssw_profile *p)
{
	uint32_t s, i, f, n;
	const char *k;

	out_printf("{\"type\":\"%s\",\"name\":", p->evented ? "evented" : "sampled");
	out_jsonstr(p->name, strlen(p->name));
	out_printf(",\"unit\":\"%s\",\"startValue\":0,\"endValue\":", unit_ss(p->unit));
	out_count(p->total);
	if (p->evented) {
		write_events(p);
		return;
	}
	out_str(",\n \"samples\":[");
	for (s = p->head; s; s = w->next[s - 1]) {
		k = intern_str(&w->smp, s - 1);
		n = intern_len(&w->smp, s - 1) / sizeof(uint32_t);
		out_str(s == p->head ? "[" : ",\n  [");
		for (i = 1; i < n; i++) {
			memcpy(&f, k + i * sizeof(f), sizeof(f));
			if (i > 1)
				out_char(',');
			out_u64(f);
		}
		out_char(']');
	}
	out_str("],\n \"weights\":[");
	for (s = p->head; s; s = w->next[s - 1]) {
		if (s != p->head)
			out_char(',');
		out_count(w->weight[s - 1]);
	}
	out_str("]}");
}

/* Whether s[0..n) holds a byte that is not UTF-8 (JSON strings are,
 * and out_json writes it as U+FFFD). */
static int
badutf8(const char *s, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i += k)
		if (!(k = utf8_decode(s + i, n - i, NULL)))
			return 1;
	return 0;
}

void
ssw_write(struct sswrite *w)
{
	uint32_t i, bad = 0;
	const char *k;

	out_str("{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\n"
	    "\"exporter\":\"fg-speedscope@" FG_VERSION "\",\n\"activeProfileIndex\":0,\n"
	    "\"profiles\":[");
	for (i = 0; i < w->nprof; i++) {
		out_str(i ? ",\n" : "\n");
		write_profile(w, &w->prof[i]);
	}
	out_str("],\n\"shared\":{\"frames\":[");
	for (i = 0; i < w->frames.n; i++) {
		out_str(i ? ",\n" : "\n");
		write_frame(w, i);
		k = intern_str(&w->frames, i);
		bad += badutf8(k + 13, intern_len(&w->frames, i) - 13);
	}
	out_str("]}}\n");
	/* said, not left silent: names that differ in such bytes alone
	 * read alike */
	if (bad)
		weprintf("%" PRIu32 " frame name%s not valid UTF-8: %s bytes written as U+FFFD", bad,
		    bad == 1 ? " is" : "s are", bad == 1 ? "its bad" : "their bad");
}

void
ssw_free(struct sswrite *w)
{
	size_t i;

	for (i = 0; i < w->nprof; i++) {
		free(w->prof[i].name);
		free(w->prof[i].ev);
		free(w->prof[i].open);
	}
	free(w->prof);
	intern_free(&w->labels);
	intern_free(&w->frames);
	intern_free(&w->smp);
	intern_free(&w->roots);
	free(w->labframe);
	free(w->weight);
	free(w->next);
	free(w->rootprof);
	free(w->key);
	free(w->cur);
	free(w);
}
