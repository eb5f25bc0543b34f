/* formats/jlprof/save.c: folded stacks to a .jlprof file (format 0x01)
 *
 * The stacks are added up in a stack map and every distinct label is
 * read into a frame as it first comes, so that a label no .jlprof can
 * hold is reported at its line.  Nothing is written until the input is
 * all read; then the samples are streamed out, a stack at a time.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/intern.h"
#include "base/out.h"
#include "base/util.h"
#include "formats/jlprof/save.h"
#include "formats/jlprof/write.h"
#include "stack/frame.h"
#include "stack/stackmap.h"

enum { ST_DISPATCH = 1, ST_GC = 2 };

#define FLUSHAT (1 << 20)

/* A distinct label: its frame and the C frames that carry its status. */
struct jlslabel {
	uint32_t frame;
	uint32_t ncar, car[2];
};

/* A file being made: the stacks taken, their frames, and the writer. */
struct jlsave {
	int layout;		/* JL_META or JL_LEGACY */
	struct stackmap m;	/* the stacks and their counts */
	struct interner labels;	/* frame labels, annotation included */
	struct jlslabel *lab;	/* by label id */
	size_t labcap;
	struct interner frames;	/* the frames' packed fields, by frame id */
	struct jlframe *frame;	/* by frame id: its ip is JLS_IP(id) */
	size_t framecap;
	uint32_t *seq;		/* each stack's label ids, after their number */
	size_t nseq, seqcap;
	uint64_t *ip;		/* a sample's ips, while writing */
	size_t ipcap;
	char *key;		/* a frame's packed fields */
	size_t keycap;
	struct jlw w;
	uint64_t maxsize;	/* refuse to write a file larger (--max-size) */
};

#define JLS_IP(id) (0x7f0000010000ULL + 16 * (uint64_t)(id))

struct jlsave *
jlsave_new(int layout, uint64_t maxsize)
{
	struct jlsave *s = ecalloc(1, sizeof(*s));

	s->layout = layout;
	s->maxsize = maxsize;
	stackmap_init(&s->m);
	intern_init(&s->labels);
	intern_init(&s->frames);
	jlw_init(&s->w);
	return s;
}

size_t
jlsave_nstacks(const struct jlsave *s)
{
	return s->m.n;
}

void
jlsave_free(struct jlsave *s)
{
	stackmap_free(&s->m);
	intern_free(&s->labels);
	intern_free(&s->frames);
	free(s->lab);
	free(s->frame);
	free(s->ip);
	free(s->seq);
	free(s->key);
	jlw_free(&s->w);
	free(s);
}

/* Is file C, C++ or assembler source (a C frame's file)? */
static int
csource(const char *file, size_t n)
{
	static const char *const ext[] = { ".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".S", ".s" };
	size_t i;

	for (i = 0; i < LEN(ext); i++)
		if (has_suffix(file, n, ext[i]))
			return 1;
	return 0;
}

/* FlameGraphs' status(sf) of a C frame named func[0..n) */
static int
cstatus(const char *func, size_t n)
{
	if ((n == 9 && !memcmp(func, "jl_invoke", 9)) ||
	    (n == 16 && !memcmp(func, "jl_apply_generic", 16)) ||
	    (n == 17 && !memcmp(func, "ijl_apply_generic", 17)))
		return ST_DISPATCH;
	if (n >= 6 && !memcmp(func, "jl_gc_", 6))
		return ST_GC;
	return 0;
}

/* LINE of "FILE:LINE": a number that fits Julia's Int, or ? (-1). */
static int
parseline(const char *s, size_t n, int64_t *line)
{
	uint64_t v = 0;
	size_t i;

	if (n == 1 && *s == '?') {
		*line = -1;
		return 1;
	}
	if (!n || n > 19)
		return 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		v = 10 * v + (s[i] - '0');
	}
	if (v > INT64_MAX)
		return 0;
	*line = (int64_t)v;
	return 1;
}

/* The id of the frame with these fields, made if new.  The key packs
 * them as jlprof.c does: equal keys are equal StackFrames. */
static uint32_t
frameid(struct jlsave *s, const struct jlframe *f)
{
	size_t len = (size_t)f->funclen + f->filelen + 12;
	uint32_t n = s->frames.n, id;
	char *k;

	k = s->key = egrowarray(s->key, &s->keycap, len, 1);
	memcpy(k, f->func, f->funclen);
	k[f->funclen] = 0;
	memcpy(k + f->funclen + 1, f->file, f->filelen);
	k[f->funclen + 1 + f->filelen] = 0;
	memcpy(k + len - 10, &f->line, 8);
	k[len - 2] = f->from_c;
	k[len - 1] = f->inlined;
	id = intern(&s->frames, k, len);
	if (s->frames.n == n)
		return id;
	s->frame = egrowarray(s->frame, &s->framecap, (size_t)id + 1, sizeof(*s->frame));
	s->frame[id] = *f;
	s->frame[id].func = intern_str(&s->frames, id);
	s->frame[id].file = s->frame[id].func + f->funclen + 1;
	return id;
}

/* A C frame that gives its caller the status bit st. */
static uint32_t
carrier(struct jlsave *s, int st)
{
	struct jlframe f = { "jl_apply_generic", "", 16, 0, 0, 1, 0 };

	if (st == ST_GC) {
		f.func = "jl_gc_collect";
		f.funclen = 13;
	}
	return frameid(s, &f);
}

/* The status bits of an annotation that has them; else 0, and the
 * annotation stays part of the name (m is then n). */
static int
status(const char *t, size_t n, size_t *m)
{
	const char *a;
	size_t alen;

	*m = frame_strip_annot(t, n, &a, &alen);
	if (a && alen == 1 && (*a == 'd' || *a == 'g'))
		return *a == 'd' ? ST_DISPATCH : ST_GC;
	if (a && alen == 2 && a[0] == 'd')
		return ST_DISPATCH | ST_GC;
	*m = n;
	return 0;
}

/*
 * Read label t[0..n) into a frame: FUNC at FILE:LINE [inlined] is a
 * Julia frame (a C frame when FILE is C source), anything else a frame
 * whose name is the whole text, shown when C frames are hidden;
 * "ip:0x0" is Julia's text for the empty name (a C frame).
 */
static void
parselabel(struct freader *r, const char *t, size_t n, struct jlframe *f, int *st)
{
	const char *file;
	size_t m, flen;
	int julia = 0;

	memset(f, 0, sizeof(*f));
	f->file = "";
	*st = status(t, n, &m);
	if (!m)
		weprintf("%s:%llu: an empty frame is written as Julia's nameless frame, ip:0x0",
		    r->name, (unsigned long long)r->lineno);
	if (m > INT32_MAX)
		fr_error(r, "a frame of %zu bytes: a .jlprof name has at most %d", m, INT32_MAX);
	if (has_suffix(t, m, " [inlined]")) {
		f->inlined = 1;
		m -= 10;
	}
	f->func = t;
	f->funclen = m;
	if (frame_file(t, m, &file, &flen) && file > t + 4 && file + flen < t + m &&
	    file[flen] == ':' && parseline(file + flen + 1, t + m - file - flen - 1, &f->line))
		julia = 1;
	if (julia && flen) {
		f->funclen = file - 4 - t;
		f->file = file;
		f->filelen = flen;
	} else {
		/* "g at :1" (Julia prints the base name of "dir/" as "") is
		 * still a Julia frame, named by its whole text */
		f->line = 0;
	}
	/* only Julia's runtime, as jlprof-fold -C prints it, is C: other
	 * profilers' frames show in Julia's default (C=false) views */
	f->from_c = julia && csource(f->file, f->filelen);
	if (!m || (f->funclen == 6 && !memcmp(t, "ip:0x0", 6))) {
		f->funclen = 0;
		f->from_c = 1;
		if (!julia)
			f->line = -1;	/* Julia's UNKNOWN frame */
	}
}

/* The label's id, its frame and status carriers made if it is new. */
static uint32_t
addlabel(struct jlsave *s, struct freader *r, const char *t, size_t n)
{
	uint32_t nl = s->labels.n, id = intern(&s->labels, t, n);
	struct jlslabel *L;
	struct jlframe f;
	const char *hash;
	int st, own;

	if (s->labels.n == nl)
		return id;
	s->lab = egrowarray(s->lab, &s->labcap, (size_t)id + 1, sizeof(*s->lab));
	L = &s->lab[id];
	parselabel(r, t, n, &f, &st);
	own = cstatus(f.func, f.funclen);
	/* a C frame whose own name gives the status carries it itself
	 * (jlprof-fold -C); any other marked frame is the Julia frame whose
	 * hidden C callees did it; an unmarked frame must not gain one */
	if (st && st == own)
		f.from_c = 1;
	else if (st || own)
		f.from_c = 0;
	L->frame = frameid(s, &f);
	L->ncar = 0;
	if (st & ~(f.from_c ? own : 0) & ST_DISPATCH)
		L->car[L->ncar++] = carrier(s, ST_DISPATCH);
	if (st & ~(f.from_c ? own : 0) & ST_GC)
		L->car[L->ncar++] = carrier(s, ST_GC);
	hash = f.funclen ? memchr(f.func, '#', f.funclen) : NULL;
	if (hash && hash != f.func && !(f.funclen == 15 && !memcmp(f.func, "top-level scope", 15)))
		weprintf("%s:%llu: '%.*s' reads back as '%.*s': Julia shows a name up to its '#'",
		    r->name, (unsigned long long)r->lineno, (int)f.funclen, f.func,
		    (int)(hash - f.func), f.func);
	return id;
}

/* Store the label ids of a new stack t[0..n) in s->seq: an entry's
 * c[1] (free in one-count input) keeps where they start, its length
 * being in the first. */
static uint64_t
addseq(struct jlsave *s, struct freader *r, const char *t, size_t n)
{
	const char *p = t, *e = t + n, *semi;
	uint64_t at = s->nseq;

	for (;; p = semi + 1) {
		semi = memchr(p, ';', e - p);
		s->seq = egrowarray(s->seq, &s->seqcap, s->nseq + 2, sizeof(*s->seq));
		s->seq[++s->nseq] = addlabel(s, r, p, (semi ? semi : e) - p);
		if (!semi)
			break;
	}
	s->seq[at] = s->nseq - at;
	s->nseq++;
	return at;
}

void
jlsave_line(struct jlsave *s, struct freader *r, const struct fline *l)
{
	struct stackent *e;
	size_t n = s->m.n;

	if (!l->ncounts) {
		if (l->len > 11 && !memcmp(l->stack, "# fg: unit=", 11) &&
		    strcmp(l->stack + 11, "count"))
			fr_error(r, "the counts are %s, not samples: a .jlprof holds samples",
			    l->stack + 11);
		return;
	}
	if (l->ncounts == 2)
		fr_error(r, "two counts (a differential profile): a .jlprof holds samples");
	if (r->rules->frac)
		fr_error(r, "a decimal count: a .jlprof holds whole samples");
	e = stackmap_get(&s->m, l->stack, l->len);
	if (s->m.n > n)
		e->c[1].u = addseq(s, r, l->stack, l->len);
	if (!count_add(&e->c[0], l->c[0]))
		fr_error(r, "sum of counts overflows");
}

/* The ips of a stack's samples into s->ip, leaf first; their number. */
static size_t
sampleips(struct jlsave *s, const struct stackent *e)
{
	const uint32_t *id = s->seq + e->c[1].u + 1;
	size_t n = s->seq[e->c[1].u], k = 0, i, j;
	const struct jlslabel *L;

	s->ip = egrowarray(s->ip, &s->ipcap, n * 3, sizeof(*s->ip));
	for (i = n; i-- > 0;) {
		L = &s->lab[id[i]];
		for (j = L->ncar; j-- > 0;)
			s->ip[k++] = JLS_IP(L->car[j]);
		s->ip[k++] = JLS_IP(L->frame);
	}
	return k;
}

static void
drain(struct jlw *w, size_t at)
{
	if (w->n >= at) {
		out_mem(w->p, w->n);
		w->n = 0;
	}
}

/* A stack's samples: its ips, then (metadata layout) thread 1, task
 * 0xf0f0f0f0, the cycle clock, awake, 0, 0 as Profile.add_fake_meta
 * writes them, or (legacy layout) a 0. */
static void
writestack(struct jlsave *s, const struct stackent *e, uint64_t *clock)
{
	struct jlw *w = &s->w;
	size_t k = sampleips(s, e), i;
	uint64_t c;

	for (c = 0; c < e->c[0].u; c++) {
		for (i = 0; i < k; i++)
			jlw_uint(w, s->ip[i], 8);
		if (s->layout == JL_META) {
			jlw_uint(w, 1, 8);
			jlw_uint(w, 0xf0f0f0f0, 8);
			jlw_uint(w, (*clock)++, 8);
			jlw_uint(w, 1, 8);
			jlw_uint(w, 0, 8);
		}
		jlw_uint(w, 0, 8);
		drain(w, FLUSHAT);
	}
}

/* The bytes the file will take, nwords words of samples and the frame
 * table (the header's few aside), against --max-size. */
static void
checksize(const struct jlsave *s, uint64_t nwords)
{
	uint64_t bytes = 8 * nwords + 8;
	uint32_t id;

	for (id = 0; id < s->frames.n; id++)
		bytes += 8 + 4 + 4 + s->frame[id].funclen + 4 + s->frame[id].filelen + 8 + 2;
	if (bytes > s->maxsize)
		eprintf("the .jlprof file would take %llu bytes, more than %llu (--max-size):"
		    " are the counts periods, not samples? (perf-fold --samples counts samples)",
		    (unsigned long long)bytes, (unsigned long long)s->maxsize);
}

void
jlsave_write(struct jlsave *s)
{
	struct stackent *e = stackmap_sort(&s->m);
	uint64_t nwords = 0, per, clock = 100;
	unsigned long long zero = 0;
	size_t i;
	uint32_t id;

	for (i = 0; i < s->m.n; i++) {
		zero += !e[i].c[0].u;
		per = sampleips(s, &e[i]) + (s->layout == JL_META ? 6 : 1);
		if (e[i].c[0].u > (INT64_MAX / 8 - nwords) / per)
			eprintf("%llu samples of %llu words are too many for a .jlprof file",
			    (unsigned long long)e[i].c[0].u, (unsigned long long)per);
		nwords += per * e[i].c[0].u;
	}
	/* a .jlprof has a sample where folded stacks have a count: a stack
	 * counted 0 has none to write */
	if (zero)
		weprintf("%llu stack%s counted 0 %s no sample in a .jlprof: left out", zero,
		    zero == 1 ? "" : "s", zero == 1 ? "has" : "have");
	checksize(s, nwords);
	if (nwords > ((uint64_t)1 << 30) / 8)
		weprintf("writing %llu MiB: are the counts periods, not samples? "
		    "(perf-fold --samples counts samples)", (unsigned long long)(nwords >> 17));
	jlw_header(&s->w, 1);
	jlw_uint(&s->w, nwords, 8);
	for (i = 0; i < s->m.n; i++)
		writestack(s, &e[i], &clock);
	jlw_uint(&s->w, s->frames.n, 8);
	for (id = 0; id < s->frames.n; id++) {
		jlw_uint(&s->w, JLS_IP(id), 8);
		jlw_uint(&s->w, 1, 4);
		jlw_frame(&s->w, &s->frame[id]);
		drain(&s->w, FLUSHAT);
	}
	drain(&s->w, 0);
}
