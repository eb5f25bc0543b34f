/* formats/jlprof/fold.c: .jlprof profiles folded as FlameGraphs.jl sees them
 *
 * Format 0x01 holds Profile's sample buffer and its line-info
 * dictionary.  The samples are first reduced to their distinct ip
 * sequences (a sample's place in the graph depends on its ips alone),
 * then each distinct sequence is added to Profile's prefix tree once,
 * with its multiplicity, in the order of Julia's backward scan.  On that
 * tree FlameGraphs' flamegraph() is replayed: C frames hidden into their
 * caller's status, pruned branches, the REPL graft and the filter.  Each
 * sample is attributed to the node where its path ends and the
 * attribution moves up to the nearest node that is shown.
 *
 * Format 0x02 is a saved graph: each node prints its width less its
 * children's.
 *
 * --time-order keeps each kept sample's sequence and thread.  Each
 * sequence's end node is followed through the graph's edits to the node
 * its samples are attributed to, whose stack is interned; the samples
 * are then written thread by thread, in order, as runs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/hash.h"
#include "base/htab.h"
#include "base/intern.h"
#include "base/regex.h"
#include "base/util.h"
#include "formats/jlprof/fold.h"
#include "formats/jlprof/read.h"
#include "base/opt.h"
#include "stack/frame.h"
#include "stack/label.h"
#include "stack/pattern.h"
#include "stack/stackmap.h"

#define JLF_NIL UINT32_MAX

/* Per file: a frame's texts, label, rank and flags, by frame id. */
struct jlfinfo {
	char *text, *label;	/* string(sf), and sanitized */
	uint32_t textlen, labellen, rank;
	unsigned char st, pruned, ready;
	signed char match[4];	/* filter result by annotation, -1 unknown */
};

/* A distinct ip sequence of one group (thread, task).  Its words are
 * at woff in the word store while samples are read, then at w. */
struct jlseq {
	uint64_t hash, g0, g1, count, last, off;
	union {
		size_t woff;
		const uint64_t *w;
	} at;
	size_t len;
};

/* Profile's prefix tree: node 0 is the root; a parent's id is below
 * its children's, so reverse id order is a bottom-up walk. */
struct jlpnode {
	uint64_t self;
	uint64_t last;		/* --recur=off: the latest sample through it */
	uint32_t parent, key, frame;
	unsigned char st;	/* FlameGraphs' status(node, C) */
};

/* The flame graph over the tree's ids: a node's children in order. */
struct jlgnode {
	uint32_t first, last, next, par;
	uint32_t frame;		/* JLF_NIL for the root */
	unsigned char st;
	uint64_t self;		/* samples attributed to it */
};

/* Per-thread and per-task figures for --stats. */
struct jltstat {
	uint64_t thread, task, samples, awake;
	uint32_t tno;		/* the thread's rank by first sample */
	uint32_t no;		/* its own */
};

/* A format 0x02 node open on the path. */
struct jlgopen {
	size_t len;		/* of the path up to this node */
	uint64_t width, kids;
};

/* A fold: its options and sink, and what the file being folded took. */
struct jlfold {
	const struct jlfold_opts *o;
	struct stackmap *sink;
	struct jlprof jp;
	int opened;		/* jp is open */
	struct jlfinfo *fi;
	/* samples to distinct sequences */
	struct jlseq *seq;
	size_t nseq, seqcap;
	struct htab seqtab;	/* the sequences, by their ips and group */
	uint64_t *w;		/* the sequences' words */
	size_t nw, wcap;
	uint64_t nsamples, nempty;
	struct jltstat *ts;
	size_t nts, tscap;
	struct interner tskeys, thkeys;	/* (thread, task) pairs, threads */
	/* Profile's tree */
	struct jlpnode *tn;
	uint32_t ntn;
	size_t tncap;
	struct htab ttab;	/* the tree's nodes but the root, by (parent, key) */
	uint32_t *after;	/* after[pos]: the node after the pos-th ip */
	size_t aftercap;
	/* the graph over the tree's ids */
	struct jlgnode *g;	/* by pre-order number, 0 the root */
	uint32_t ng;
	uint64_t *sub;
	uint32_t *gmap;
	uint32_t *kids;
	uint32_t *kidstart;
	/* --time-order: each kept sample's sequence (its number before
	 * the sort) and thread; each sequence's node, then its stack */
	struct jlsamp { uint32_t seq, thr; } *samp;
	size_t nsamp, sampcap;
	struct interner thrkeys, stacks;
	uint32_t *seqat;
	/* --recur: where in the sample each entry's ip was last seen */
	uint32_t *lastpos;
	uint64_t *stamp, now;
	char *path;
	size_t pathcap;
	/* format 0x02 */
	struct jlgopen *gstack;
	size_t gdepth, gcap;
	uint64_t gnodes;
};

enum { ST_DISPATCH = 1, ST_GC = 2, ST_REPL = 4 };

/* ---- options ---- */

/* A number of a list at *s, decimal or 0x hexadecimal; -1 if bad. */
static int
listnum(const char **s, uint64_t *v)
{
	char *end;
	int base = 10;

	if ((*s)[0] == '0' && ((*s)[1] == 'x' || (*s)[1] == 'X')) {
		base = 16;
		*s += 2;
	}
	if (!((**s >= '0' && **s <= '9') || (base == 16 && **s && strchr("abcdefABCDEF", **s))))
		return -1;
	errno = 0;
	*v = strtoull(*s, &end, base);
	if (end == *s || errno)
		return -1;
	*s = end;
	return 0;
}

int
jlfold_list(struct jllist *l, const char *arg)
{
	const char *s = arg;
	struct jlrange r;

	for (;;) {
		if (listnum(&s, &r.lo))
			return -1;
		r.hi = r.lo;
		if (*s == '-') {
			s++;
			if (listnum(&s, &r.hi) || r.hi < r.lo)
				return -1;
		}
		l->r = ereallocarray(l->r, l->n + 1, sizeof(*l->r));
		l->r[l->n++] = r;
		if (!*s)
			return 0;
		if (*s++ != ',')
			return -1;
	}
}

static int
inlist(const struct jllist *l, uint64_t v)
{
	size_t i;

	if (!l->n)
		return 1;
	for (i = 0; i < l->n; i++)
		if (v >= l->r[i].lo && v <= l->r[i].hi)
			return 1;
	return 0;
}

void
jlfold_prune(struct jlfold_opts *o, const char *arg)
{
	struct jlprune *p;
	const char *at = strrchr(arg, '@');

	o->prune = ereallocarray(o->prune, o->nprune + 1, sizeof(*o->prune));
	p = &o->prune[o->nprune++];
	p->name = arg;
	p->namelen = strlen(arg);
	p->file = NULL;
	p->filelen = 0;
	if (at && at != arg) {
		p->namelen = at - arg;
		p->file = at + 1;
		p->filelen = strlen(p->file);
	}
}

/* ---- frames ---- */

static int
streq(const char *a, size_t alen, const char *b)
{
	return alen == strlen(b) && !memcmp(a, b, alen);
}

static int
isunknown(const struct jlframe *f)
{
	return !f->funclen && !f->filelen && f->line == -1 && f->from_c && !f->inlined;
}

/* FlameGraphs' status(sf) */
static int
ownstatus(const struct jlframe *f)
{
	int st = 0;

	if (f->from_c && (streq(f->func, f->funclen, "jl_invoke") ||
	    streq(f->func, f->funclen, "jl_apply_generic") ||
	    streq(f->func, f->funclen, "ijl_apply_generic")))
		st |= ST_DISPATCH;
	if (f->from_c && f->funclen >= 6 && !memcmp(f->func, "jl_gc_", 6))
		st |= ST_GC;
	if (!f->from_c && streq(f->func, f->funclen, "eval_user_input") &&
	    f->filelen >= 7 && !memcmp(f->file + f->filelen - 7, "REPL.jl", 7))
		st |= ST_REPL;
	return st;
}

static int
ispruned(const struct jlfold_opts *o, const struct jlframe *f)
{
	const struct jlprune *p;
	size_t i;

	for (i = 0; i < o->nprune; i++) {
		p = &o->prune[i];
		if (f->funclen != p->namelen || memcmp(f->func, p->name, p->namelen))
			continue;
		if (!p->file || label_endsin(f->file, f->filelen, p->file, p->filelen))
			return 1;
	}
	return 0;
}

/* Julia's string(sf) for a loaded frame (show_spec_linfo and show). */
static size_t
frametext(const struct jlframe *f, char *buf, int fullpath)
{
	const char *file = f->file, *hash, *base;
	size_t n = 0, flen = f->filelen, fl = f->funclen;

	if (!fl) {
		memcpy(buf, "ip:0x0", 6);
		n = 6;
	} else {
		hash = memchr(f->func, '#', fl);
		if (hash && hash != f->func && !streq(f->func, fl, "top-level scope"))
			fl = hash - f->func;
		memcpy(buf, f->func, fl);
		n = fl;
	}
	if (flen) {
		if (!fullpath) {
			base = label_base(file, flen);
			flen -= base - file;
			file = base;
		}
		memcpy(buf + n, " at ", 4);
		n += 4;
		memcpy(buf + n, file, flen);
		n += flen;
		if (f->line >= 0)
			n += sprintf(buf + n, ":%lld", (long long)f->line);
		else
			n += sprintf(buf + n, ":?");
	}
	if (f->inlined) {
		memcpy(buf + n, " [inlined]", 10);
		n += 10;
	}
	return n;
}

static struct jlfinfo *
info(struct jlfold *F, uint32_t id)
{
	struct jlfinfo *fi = &F->fi[id];
	const struct jlframe *f = &F->jp.frame[id];
	char *buf;

	if (fi->ready)
		return fi;
	buf = emalloc((size_t)f->funclen + f->filelen + 64);
	fi->textlen = frametext(f, buf, F->o->fullpath);
	fi->text = buf;
	fi->label = emalloc(fi->textlen + 1);
	memcpy(fi->label, buf, fi->textlen);
	fi->labellen = frame_clean(fi->label, fi->textlen);
	fi->st = ownstatus(f);
	fi->pruned = ispruned(F->o, f);
	memset(fi->match, -1, sizeof(fi->match));
	fi->ready = 1;
	return fi;
}

static const char *const annot[4] = { "", "_[d]", "_[g]", "_[dg]" };

/* Does the frame pass the filter, given its status bits? */
static int
matches(struct jlfold *F, uint32_t frame, int st)
{
	static const char root[] = "ip:0x0";
	struct jlfinfo *fi;
	const char *text = root, *label = root;
	size_t len = 6, llen = 6;
	char buf[64], *s;
	int m;

	st &= 3;
	if (frame != JLF_NIL) {
		fi = info(F, frame);
		if (fi->match[st] >= 0)
			return fi->match[st];
		text = fi->text;
		label = fi->label;
		len = fi->textlen;
		llen = fi->labellen;
	}
	if (F->o->filter) {
		m = memmem(text, len, F->o->filter, strlen(F->o->filter)) != NULL;
	} else {
		s = llen + 8 <= sizeof(buf) ? buf : emalloc(llen + 8);
		memcpy(s, label, llen);
		strcpy(s + llen, annot[st]);
		m = rx_search(F->o->re, s, strlen(s));
		if (s != buf)
			free(s);
	}
	if (frame != JLF_NIL)
		F->fi[frame].match[st] = m;
	return m;
}

/* liperm's order: UNKNOWN last, then file, function and line. */
static int
cmpframe(const void *a, const void *b)
{
	const struct jlframe *x = *(const struct jlframe *const *)a;
	const struct jlframe *y = *(const struct jlframe *const *)b;
	int ux = isunknown(x), uy = isunknown(y), c;
	size_t n;

	if (ux || uy)
		return ux - uy;
	n = x->filelen < y->filelen ? x->filelen : y->filelen;
	if ((c = memcmp(x->file, y->file, n)) || x->filelen != y->filelen)
		return c ? c : x->filelen < y->filelen ? -1 : 1;
	n = x->funclen < y->funclen ? x->funclen : y->funclen;
	if ((c = memcmp(x->func, y->func, n)) || x->funclen != y->funclen)
		return c ? c : x->funclen < y->funclen ? -1 : 1;
	return (x->line > y->line) - (x->line < y->line);
}

static void
rankframes(struct jlfold *F)
{
	uint32_t n = F->jp.fkeys.n, i, r = 0;
	const struct jlframe **ord = ereallocarray(NULL, n, sizeof(*ord));

	for (i = 0; i < n; i++)
		ord[i] = &F->jp.frame[i];
	qsort(ord, n, sizeof(*ord), cmpframe);
	for (i = 0; i < n; i++) {
		if (i && cmpframe(&ord[i - 1], &ord[i]))
			r++;
		F->fi[ord[i] - F->jp.frame].rank = r;
	}
	free(ord);
}

/* ---- samples to distinct sequences ---- */

static void
statsample(struct jlfold *F, const struct jlsample *s)
{
	uint64_t key[2] = { s->thread, s->task };
	size_t i;

	if (!F->tskeys.tab.slot) {
		intern_init(&F->tskeys);
		intern_init(&F->thkeys);
	}
	i = intern(&F->tskeys, (const char *)key, sizeof(key));
	if (i == F->nts) {
		F->ts = egrowarray(F->ts, &F->tscap, F->nts + 1, sizeof(*F->ts));
		memset(&F->ts[i], 0, sizeof(F->ts[i]));
		F->ts[i].thread = s->thread;
		F->ts[i].task = s->task;
		F->ts[i].tno = intern(&F->thkeys, (const char *)key, sizeof(key[0]));
		F->ts[i].no = i;
		F->nts++;
	}
	F->ts[i].samples++;
	F->ts[i].awake += s->sleep != 2;
}

static int
seqeq(const struct jlfold *F, const struct jlseq *e, const struct jlsample *s, uint64_t h, uint64_t g0, uint64_t g1)
{
	return e->hash == h && e->len == s->n && e->g0 == g0 && e->g1 == g1 &&
	    !memcmp(F->w + e->at.woff, s->ip, s->n * 8);
}

/* The entry of sample s, made if new. */
static struct jlseq *
seqget(struct jlfold *F, const struct jlsample *s, uint64_t h, uint64_t g0, uint64_t g1)
{
	size_t n = s->n;
	struct hprobe hp;
	struct jlseq *e;
	uint32_t k;

	for (htab_probe(&F->seqtab, &hp, h); (k = htab_next(&F->seqtab, &hp)) != HTAB_NONE;)
		if (seqeq(F, &F->seq[k], s, h, g0, g1))
			return &F->seq[k];
	if (F->nseq == UINT32_MAX - 1)
		eprintf("too many distinct stacks");
	F->seq = egrowarray(F->seq, &F->seqcap, F->nseq + 1, sizeof(*F->seq));
	F->w = egrowarray(F->w, &F->wcap, F->nw + n, 8);
	e = &F->seq[F->nseq++];
	memset(e, 0, sizeof(*e));
	e->hash = h;
	e->g0 = g0;
	e->g1 = g1;
	e->at.woff = F->nw;
	e->len = n;
	memcpy(F->w + F->nw, s->ip, n * 8);
	F->nw += n;
	htab_put(&F->seqtab, &hp, (uint32_t)(F->nseq - 1));
	return e;
}

#define BATCH 32

/* --time-order: the sample's sequence (its number in F->seq as read)
 * and thread, in order. */
static void
tosample(struct jlfold *F, size_t seq, uint64_t thread)
{
	F->samp = egrowarray(F->samp, &F->sampcap, F->nsamp + 1, sizeof(*F->samp));
	F->samp[F->nsamp].seq = seq;
	F->samp[F->nsamp++].thr = intern(&F->thrkeys, (const char *)&thread, sizeof(thread));
}

/*
 * Each sample's ips to its distinct sequence.  The lookups of a batch
 * go in stages, each prefetching what the next will read (slot, entry,
 * stored words), so that the cache misses of a batch overlap.
 */
static void
onsample(void *arg, const struct jlsample *smp, size_t ns)
{
	struct jlfold *F = arg;
	const struct jlsample *s;
	uint64_t h[BATCH], g0[BATCH], g1[BATCH];
	uint32_t cand[BATCH];
	struct hprobe hp;
	size_t b, i, n;
	struct jlseq *e;

	for (b = 0; b < ns; b += BATCH) {
		n = ns - b < BATCH ? ns - b : BATCH;
		for (i = 0; i < n; i++) {
			s = &smp[b + i];
			cand[i] = JLF_NIL;
			h[i] = 0;
			F->nsamples++;
			if (F->o->stats)
				statsample(F, s);
			if (!s->n) {
				F->nempty++;
				continue;
			}
			if (!inlist(&F->o->threads, s->thread) || !inlist(&F->o->tasks, s->task) ||
			    (F->o->nosleep && s->sleep == 2))
				continue;
			g0[i] = F->o->bythread ? s->thread : 0;
			g1[i] = F->o->bytask ? s->task : 0;
			h[i] = hash_bytes(s->ip, s->n * 8) ^
			    hash_mix(g0[i] * 0x9e3779b97f4a7c15ULL + g1[i] + 1);
			h[i] += !h[i];	/* 0 marks a sample left out */
			htab_prefetch(&F->seqtab, h[i]);
		}
		for (i = 0; i < n; i++) {
			if (!h[i])
				continue;
			htab_probe(&F->seqtab, &hp, h[i]);
			if ((cand[i] = htab_next(&F->seqtab, &hp)) != HTAB_NONE)	/* JLF_NIL */
				__builtin_prefetch(&F->seq[cand[i]]);
		}
		for (i = 0; i < n; i++)
			if (cand[i] != JLF_NIL)
				__builtin_prefetch(F->w + F->seq[cand[i]].at.woff);
		for (i = 0; i < n; i++) {
			if (!h[i])
				continue;
			s = &smp[b + i];
			if (cand[i] != JLF_NIL && seqeq(F, &F->seq[cand[i]], s, h[i], g0[i], g1[i]))
				e = &F->seq[cand[i]];
			else
				e = seqget(F, s, h[i], g0[i], g1[i]);
			e->count++;
			e->last = s->index;
			e->off = s->off;
			if (F->o->run)
				tosample(F, e - F->seq, s->thread);
		}
	}
}

/* How many root-most ips e shares with f. */
static size_t
common(const struct jlseq *e, const struct jlseq *f)
{
	const uint64_t *p = e->at.w + e->len, *q = f->at.w + f->len;
	size_t i;

	for (i = 0; i < e->len && i < f->len && p[-1 - (long)i] == q[-1 - (long)i]; i++)
		;
	return i;
}

static int
cmpgroup(const struct jlseq *x, const struct jlseq *y)
{
	if (x->g0 != y->g0)
		return x->g0 < y->g0 ? -1 : 1;
	if (x->g1 != y->g1)
		return x->g1 < y->g1 ? -1 : 1;
	return 0;
}

/*
 * By group, then the latest sample first: the order of Julia's backward
 * scan, in which tree nodes are created (--recur).
 */
static int
cmpseqlast(const void *a, const void *b)
{
	const struct jlseq *x = a, *y = b;
	int c = cmpgroup(x, y);

	return c ? c : (x->last < y->last) - (x->last > y->last);
}

/*
 * Without --recur the order of creation can be had from the samples'
 * indices instead (a node is made by the latest sample through it), so
 * the sequences are sorted by group, then root first, and each shares
 * its walk with the one before.
 */
static int
cmpseqpath(const void *a, const void *b)
{
	const struct jlseq *x = a, *y = b;
	int c = cmpgroup(x, y);
	size_t i;

	if (c)
		return c;
	i = common(x, y);
	if (i == x->len || i == y->len)
		return (x->len > y->len) - (x->len < y->len);
	return x->at.w[x->len - 1 - i] < y->at.w[y->len - 1 - i] ? -1 : 1;
}

/* ---- Profile's tree ---- */

static uint32_t
pt_node(struct jlfold *F, uint32_t parent, uint32_t key, uint32_t frame)
{
	struct jlpnode *t;

	if (F->ntn == JLF_NIL - 1)
		eprintf("too many distinct stacks");
	F->tn = egrowarray(F->tn, &F->tncap, (size_t)F->ntn + 1, sizeof(*F->tn));
	t = &F->tn[F->ntn];
	t->parent = parent;
	t->key = key;
	t->frame = frame;
	t->self = 0;
	t->last = 0;
	return F->ntn++;
}

static uint32_t
pt_child(struct jlfold *F, uint32_t parent, uint32_t key, uint32_t frame)
{
	uint64_t h = hash_mix(((uint64_t)parent << 32 | key) * 0x9e3779b97f4a7c15ULL);
	struct hprobe hp;
	uint32_t k;

	for (htab_probe(&F->ttab, &hp, h); (k = htab_next(&F->ttab, &hp)) != HTAB_NONE;)
		if (F->tn[k].parent == parent && F->tn[k].key == key)
			return k;
	k = pt_node(F, parent, key, frame);
	htab_put(&F->ttab, &hp, k);
	return k;
}

/* An empty tree; the child table starts small again so that many
 * small groups (--by-task) cost no more than one big one. */
static void
pt_reset(struct jlfold *F, size_t guess)
{
	if (guess > F->tncap && guess < JLF_NIL / 2) {
		F->tncap = guess;
		F->tn = ereallocarray(F->tn, F->tncap, sizeof(*F->tn));
	}
	F->ntn = 0;
	pt_node(F, JLF_NIL, JLF_NIL, JLF_NIL);
	/* sized for about guess nodes, to spare most regrowing */
	htab_free(&F->ttab);
	htab_init(&F->ttab, guess < (size_t)1 << 30 ? guess : (size_t)1 << 30);
}

/* Add a distinct sequence (Profile.tree!): root-most ip first, each
 * ip's inline chain outermost first.  Under --recur an ip seen earlier
 * in the sample rewinds to where the walk stood after it. */
static void
pt_add(struct jlfold *F, const struct jlseq *e, size_t start)
{
	const uint64_t *w = e->at.w;
	const struct jlip *ip;
	uint32_t cur, f;
	size_t k, pos, j;
	long x;

	F->after = egrowarray(F->after, &F->aftercap, e->len, sizeof(*F->after));
	/* the first start positions were walked by the sequence before */
	cur = start ? F->after[start - 1] : 0;
	for (pos = start; pos < e->len; pos++) {
		k = e->len - 1 - pos;
		if ((x = jl_lookup(&F->jp, w[k])) < 0)
			jl_error(&F->jp, e->off + 8 * k,
			    "instruction pointer 0x%llx is not in the line-info dictionary",
			    (unsigned long long)w[k]);
		ip = &F->jp.ip[x];
		if (F->o->recur != JLF_RECUR_OFF) {
			if (F->stamp[x] == F->now && !(F->o->recur == JLF_RECUR_FLAT && ip->n &&
			    F->jp.frame[F->jp.fid[ip->first]].from_c)) {
				cur = F->after[F->lastpos[x]];
				F->after[pos] = cur;
				F->lastpos[x] = pos;
				continue;
			}
			F->stamp[x] = F->now;
			F->lastpos[x] = pos;
		}
		for (j = ip->n; j-- > 0;) {
			f = F->jp.fid[ip->first + j];
			cur = pt_child(F, cur, F->o->nocombine ? (uint32_t)x : f, f);
		}
		F->after[pos] = cur;
	}
	F->tn[cur].self += e->count;
	if (F->seqat)
		F->seqat[e - F->seq] = cur;
	if (F->tn[cur].last < e->last)
		F->tn[cur].last = e->last;
}

/* ---- the flame graph ---- */

static void
glink(struct jlfold *F, uint32_t g, uint32_t v)
{
	F->g[v].par = g;
	F->g[v].next = JLF_NIL;
	if (F->g[g].first == JLF_NIL)
		F->g[g].first = v;
	else
		F->g[F->g[g].last].next = v;
	F->g[g].last = v;
}

static void
gunlink(struct jlfold *F, uint32_t g, uint32_t v)
{
	uint32_t p = JLF_NIL, c;

	for (c = F->g[g].first; c != v; c = F->g[c].next)
		p = c;
	if (p == JLF_NIL)
		F->g[g].first = F->g[v].next;
	else
		F->g[p].next = F->g[v].next;
	if (F->g[g].last == v)
		F->g[g].last = p;
}

/* The next node in graph pre-order after v (JLF_NIL at the end). */
static uint32_t
gnextpre(const struct jlfold *F, uint32_t v, int down)
{
	if (down && F->g[v].first != JLF_NIL)
		return F->g[v].first;
	while (v && F->g[v].next == JLF_NIL)
		v = F->g[v].par;
	return v ? F->g[v].next : JLF_NIL;
}

/* liperm's order, then the order of creation (see cmpseqpath); the
 * sort is qsort_r (POSIX.1-2024), so that the ids stay 4 bytes. */
static int
cmpkid(const void *a, const void *b, void *arg)
{
	const struct jlfold *F = arg;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	uint32_t rx = F->fi[F->tn[x].frame].rank, ry = F->fi[F->tn[y].frame].rank;

	if (rx != ry)
		return rx < ry ? -1 : 1;
	if (F->o->recur == JLF_RECUR_OFF)
		return (F->tn[x].last < F->tn[y].last) - (F->tn[x].last > F->tn[y].last);
	return (x > y) - (x < y);
}

/* flamegraph!: children in liperm order, pruned branches skipped,
 * C frames (without -C) replaced by their children. */
static void
buildgraph(struct jlfold *F)
{
	uint32_t n = F->ntn, v, p, g, i, *stack, sp = 0, *kidstart, *kids;
	size_t sz = n;

	F->sub = ereallocarray(F->sub, sz, 8);
	F->g = ereallocarray(F->g, sz, sizeof(*F->g));
	F->gmap = ereallocarray(F->gmap, sz, 4);
	F->kidstart = kidstart = ereallocarray(F->kidstart, sz + 1, 4);
	F->kids = kids = ereallocarray(F->kids, sz, 4);
	memset(F->g, 0xff, sz * sizeof(*F->g));
	memset(kidstart, 0, (sz + 1) * 4);
	if (F->seqat)
		memset(F->gmap, 0xff, sz * 4);

	F->tn[0].st = 0;
	for (v = 1; v < n; v++)
		F->tn[v].st = info(F, F->tn[v].frame)->st;
	for (v = 0; v < n; v++)
		F->sub[v] = F->tn[v].self;
	/* status(node, C): without -C a node takes its C children's bits */
	for (v = n - 1; v > 0; v--) {
		p = F->tn[v].parent;
		if (!F->o->c && F->jp.frame[F->tn[v].frame].from_c)
			F->tn[p].st |= F->tn[v].st;
		F->sub[p] += F->sub[v];
		if (F->tn[p].last < F->tn[v].last)
			F->tn[p].last = F->tn[v].last;
		kidstart[p + 1]++;
	}
	for (v = 0; v < n; v++)
		kidstart[v + 1] += kidstart[v];
	/* filled in id order, which is creation order */
	{
		uint32_t *pos = ereallocarray(NULL, sz, 4);

		memcpy(pos, kidstart, sz * 4);
		for (v = 1; v < n; v++)
			kids[pos[F->tn[v].parent]++] = v;
		free(pos);
	}
	for (v = 0; v < n; v++)
		if (kidstart[v + 1] - kidstart[v] > 1)
			qsort_r(kids + kidstart[v], kidstart[v + 1] - kidstart[v], 4, cmpkid, F);

	/* graph nodes are numbered in pre-order, so later passes over the
	 * graph run through memory in order */
	stack = ereallocarray(NULL, sz, 4);
	F->gmap[0] = 0;
	F->g[0].par = JLF_NIL;
	F->g[0].frame = JLF_NIL;
	F->g[0].st = F->tn[0].st;
	F->g[0].self = F->tn[0].self;
	F->ng = 1;
	for (i = kidstart[1]; i > kidstart[0]; i--)
		stack[sp++] = kids[i - 1];
	while (sp) {
		v = stack[--sp];
		g = F->gmap[F->tn[v].parent];
		if (info(F, F->tn[v].frame)->pruned) {
			F->g[g].self += F->sub[v];
			continue;
		}
		if (!F->o->c && F->jp.frame[F->tn[v].frame].from_c) {
			F->gmap[v] = g;
			F->g[g].self += F->tn[v].self;
		} else {
			F->gmap[v] = F->ng;
			F->g[F->ng].frame = F->tn[v].frame;
			F->g[F->ng].st = F->tn[v].st;
			F->g[F->ng].self = F->tn[v].self;
			glink(F, g, F->ng++);
		}
		for (i = kidstart[v + 1]; i > kidstart[v]; i--)
			stack[sp++] = kids[i - 1];
	}
	free(stack);
	/* --time-order: a pruned branch's nodes map to the pruned
	 * frame's parent, which takes their samples */
	if (F->seqat)
		for (v = 1; v < n; v++)
			if (F->gmap[v] == JLF_NIL)
				F->gmap[v] = F->gmap[F->tn[v].parent];
}

/* Once the graph is built the tree is not needed: its memory goes
 * before the stacks' text comes. */
static void
pt_free(struct jlfold *F)
{
	free(F->tn);
	htab_free(&F->ttab);
	free(F->gmap);
	free(F->kids);
	free(F->kidstart);
	F->tn = NULL;
	F->gmap = F->kidstart = NULL;
	F->kids = NULL;
	F->tncap = 0;
}

/* prunerepl!: the first REPL node's children become top frames and the
 * root's branch that held it goes. */
static void
prunerepl(struct jlfold *F)
{
	uint32_t c, r, pc, o, x, last;

	for (c = gnextpre(F, 0, 1); c != JLF_NIL; c = gnextpre(F, c, 1))
		if (F->g[c].st & ST_REPL)
			break;
	if (c == JLF_NIL)
		return;
	for (r = c; F->g[r].par != 0; r = F->g[r].par)
		;
	if (F->g[c].first != JLF_NIL) {
		for (x = F->g[c].first; x != JLF_NIL; x = F->g[x].next)
			F->g[x].par = 0;
		if (F->g[0].first == JLF_NIL)
			F->g[0].first = F->g[c].first;
		else
			F->g[F->g[0].last].next = F->g[c].first;
		F->g[0].last = F->g[c].last;
		F->g[c].first = F->g[c].last = JLF_NIL;
	} else if (r != c) {
		/* graftchildren! of a leaf links the leaf itself and its
		 * younger siblings after the root's last child */
		pc = F->g[c].par;
		o = JLF_NIL;
		for (x = F->g[pc].first; x != c; x = F->g[x].next)
			o = x;
		last = F->g[pc].last;
		if (o == JLF_NIL)
			F->g[pc].first = F->g[pc].last = JLF_NIL;
		else {
			F->g[o].next = JLF_NIL;
			F->g[pc].last = o;
		}
		for (x = c; x != JLF_NIL; x = F->g[x].next)
			F->g[x].par = 0;
		F->g[F->g[0].last].next = c;
		F->g[0].last = last;
	}
	gunlink(F, 0, r);
}

/* filtergraph!: keep what matches, what leads to a match and what a
 * match leads to; a removed branch's samples stay with its parent. */
static void
filtergraph(struct jlfold *F)
{
	uint32_t *pre, np = 0, v, x, next, i;
	unsigned char *m, *cf, *proc;

	pre = ereallocarray(NULL, F->ng, 4);
	m = ecalloc(F->ng, 1);
	cf = ecalloc(F->ng, 1);
	for (v = 0; v != JLF_NIL; v = gnextpre(F, v, 1)) {
		pre[np++] = v;
		m[v] = cf[v] = matches(F, F->g[v].frame, F->g[v].st);
		F->sub[v] = F->g[v].self;
	}
	for (i = np; i-- > 1;) {
		v = pre[i];
		cf[F->g[v].par] |= cf[v];
		F->sub[F->g[v].par] += F->sub[v];
	}
	if (!cf[0]) {
		weprintf("%s: the filter matches no frame and is ignored", F->jp.name);
		goto done;
	}
	/* pre-order: a node is processed after its parent decided on it */
	proc = ecalloc(F->ng, 1);
	proc[0] = 1;
	for (i = 0; i < np; i++) {
		v = pre[i];
		if (!proc[v])
			continue;
		for (x = F->g[v].first; x != JLF_NIL; x = next) {
			next = F->g[x].next;
			if (m[x])
				continue;	/* kept with its whole branch */
			if (cf[x]) {
				proc[x] = 1;
				continue;
			}
			F->g[v].self += F->sub[x];
			gunlink(F, v, x);
		}
	}
	free(proc);
done:
	free(pre);
	free(m);
	free(cf);
}

static void
pathfit(struct jlfold *F, size_t n)
{
	F->path = egrowarray(F->path, &F->pathcap, n, 1);
}

static void
addstack(struct jlfold *F, const char *s, size_t len, uint64_t n)
{
	count c = count_from_u64(n);

	if (!(F->o->run ? stackrun_add(F->o->run, s, len, c) : stackmap_add(F->sink, s, len, &c, 1)))
		eprintf("sum of counts overflows");
}

/* Every shown node with samples ending at it becomes a stack; under
 * --time-order its interned id goes to sid[node] instead (JLF_NIL for
 * the others). */
static void
emit(struct jlfold *F, const char *prefix, size_t plen, uint32_t *sid)
{
	size_t *len = ereallocarray(NULL, F->ng, sizeof(*len)), l;
	struct jlfinfo *fi;
	uint32_t v;
	const char *a;

	pathfit(F, plen + 1);
	memcpy(F->path, prefix, plen);
	len[0] = plen;
	for (v = gnextpre(F, 0, 1); v != JLF_NIL; v = gnextpre(F, v, 1)) {
		fi = info(F, F->g[v].frame);
		a = annot[F->g[v].st & 3];
		l = len[F->g[v].par];
		pathfit(F, l + fi->textlen + 8);
		if (l)
			F->path[l++] = ';';
		memcpy(F->path + l, fi->label, fi->labellen);
		l += fi->labellen;
		memcpy(F->path + l, a, strlen(a));
		l += strlen(a);
		len[v] = l;
		if (sid && F->g[v].self)
			sid[v] = intern(&F->stacks, F->path, l);
		else if (F->g[v].self)
			addstack(F, F->path, l, F->g[v].self);
	}
	free(len);
}

/* --time-order: the stack of each of the group's sequences.  A node
 * the edits left out of the graph gave its samples to its nearest
 * ancestor still in it; the root's are dropped. */
static void
seqstacks(struct jlfold *F, uint32_t *at, size_t n, const uint32_t *sid)
{
	size_t i;
	uint32_t g;

	for (i = 0; i < n; i++) {
		for (g = at[i]; g != JLF_NIL && sid[g] == JLF_NIL; g = F->g[g].par)
			;
		at[i] = g == JLF_NIL ? JLF_NIL : sid[g];
	}
}

static void
foldgroup(struct jlfold *F, struct jlseq *e, size_t n)
{
	char prefix[80];
	size_t i, plen = 0, guess;
	uint32_t *at = F->seqat ? F->seqat + (e - F->seq) : NULL, *sid = NULL;

	/* nodes: at most one per frame of each ip, less what prefixes share */
	for (i = 0, guess = 0; i < n; i++)
		guess += e[i].len;
	pt_reset(F, guess / 2 * (F->jp.nfid + 1) / (F->jp.nip + 1) + 16);
	for (i = 0; i < n; i++) {
		F->now++;
		pt_add(F, &e[i], F->o->recur == JLF_RECUR_OFF && i ? common(&e[i], &e[i - 1]) : 0);
	}
	if (F->ntn == 1) {
		for (i = 0; at && i < n; i++)
			at[i] = JLF_NIL;
		return;
	}
	buildgraph(F);
	for (i = 0; at && i < n; i++)
		at[i] = F->gmap[at[i]];
	pt_free(F);
	if (!F->o->repl)
		prunerepl(F);
	if (F->o->filter || F->o->re)
		filtergraph(F);
	free(F->sub);
	F->sub = NULL;
	if (F->o->bythread)
		plen = sprintf(prefix, "thread %llu", (unsigned long long)e->g0);
	if (F->o->bytask)
		plen += sprintf(prefix + plen, ";task 0x%llx", (unsigned long long)e->g1);
	if (at) {
		sid = ereallocarray(NULL, F->ng, sizeof(*sid));
		memset(sid, 0xff, F->ng * sizeof(*sid));
	}
	emit(F, prefix, plen, sid);
	if (at)
		seqstacks(F, at, n, sid);
	free(sid);
}

static int
cmpu64at(const void *a, const void *b, void *arg)
{
	const uint64_t *v = arg;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (v[x] > v[y]) - (v[x] < v[y]);
}

/* --time-order: threads by id, each one's samples in order, as runs. */
static void
timeorder(struct jlfold *F)
{
	uint32_t nthr = F->thrkeys.n, t, *byid, *pos, *rk, *stack, sk;
	uint64_t *tid = ereallocarray(NULL, nthr + 1, sizeof(*tid));
	size_t i, *ord;

	byid = ereallocarray(NULL, nthr + 1, sizeof(*byid));
	rk = ereallocarray(NULL, nthr + 1, sizeof(*rk));
	pos = ecalloc(nthr + 1, sizeof(*pos));
	for (t = 0; t < nthr; t++) {
		memcpy(&tid[t], intern_str(&F->thrkeys, t), sizeof(tid[t]));
		byid[t] = t;
	}
	qsort_r(byid, nthr, sizeof(*byid), cmpu64at, tid);
	for (t = 0; t < nthr; t++)
		rk[byid[t]] = t;
	/* a counting sort by thread keeps each thread's order */
	for (i = 0; i < F->nsamp; i++)
		pos[rk[F->samp[i].thr] + 1]++;
	for (t = 0; t + 1 < nthr; t++)
		pos[t + 1] += pos[t];
	ord = ereallocarray(NULL, F->nsamp + 1, sizeof(*ord));
	for (i = 0; i < F->nsamp; i++)
		ord[pos[rk[F->samp[i].thr]]++] = i;
	/* the stack of each sequence by its number as read */
	stack = ereallocarray(NULL, F->nseq + 1, sizeof(*stack));
	for (i = 0; i < F->nseq; i++)
		stack[F->seq[i].hash] = F->seqat[i];
	for (i = 0; i < F->nsamp; i++) {
		if ((sk = stack[F->samp[ord[i]].seq]) == JLF_NIL)
			continue;
		if (!stackrun_add(F->o->run, intern_str(&F->stacks, sk),
		    intern_len(&F->stacks, sk), count_from_u64(1)))
			eprintf("sum of counts overflows");
	}
	free(stack);
	free(ord);
	free(pos);
	free(rk);
	free(byid);
	free(tid);
}

/* Threads in the order first sampled, each one's tasks likewise. */
static int
cmptstat(const void *a, const void *b)
{
	const struct jltstat *x = a, *y = b;

	if (x->tno != y->tno)
		return x->tno < y->tno ? -1 : 1;
	return x->no < y->no ? -1 : x->no > y->no;
}

static void
printstats(const struct jlfold *F, const char *layout)
{
	size_t i, j, k;
	uint64_t n, awake;

	fprintf(stderr, "%s: %s: %llu samples, %llu empty, layout %s\n", argv0, F->jp.name,
	    (unsigned long long)F->nsamples, (unsigned long long)F->nempty, layout);
	if (F->nts)
		qsort(F->ts, F->nts, sizeof(*F->ts), cmptstat);
	for (i = 0; i < F->nts; i = j) {
		n = awake = 0;
		for (j = i; j < F->nts && F->ts[j].tno == F->ts[i].tno; j++) {
			n += F->ts[j].samples;
			awake += F->ts[j].awake;
		}
		fprintf(stderr, "%s: %s: thread %llu: %llu samples, %.1f%% awake, %zu task%s\n",
		    argv0, F->jp.name, (unsigned long long)F->ts[i].thread,
		    (unsigned long long)n, 100.0 * awake / n, j - i, j - i == 1 ? "" : "s");
		for (k = i; k < j; k++)
			fprintf(stderr, "%s: %s:   task 0x%llx: %llu samples\n", argv0,
			    F->jp.name, (unsigned long long)F->ts[k].task,
			    (unsigned long long)F->ts[k].samples);
	}
}

static void
fold_profile(struct jlfold *F)
{
	uint64_t trailing;
	int layout = F->o->layout;
	size_t i, j;

	F->fi = ecalloc(F->jp.fkeys.n, sizeof(*F->fi));
	rankframes(F);
	if (layout == JL_AUTO)
		layout = jl_has_meta(&F->jp) ? JL_META : JL_LEGACY;
	if (F->o->recur != JLF_RECUR_OFF) {
		F->lastpos = ereallocarray(NULL, F->jp.nip + 1, sizeof(*F->lastpos));
		F->stamp = ecalloc(F->jp.nip + 1, sizeof(*F->stamp));
	}
	htab_init(&F->seqtab, 0);
	if (F->o->run) {
		intern_init(&F->thrkeys);
		intern_init(&F->stacks);
	}
	trailing = jl_samples(&F->jp, layout, onsample, F);
	if (trailing)
		weprintf("%s: %llu data words after the last sample ignored", F->jp.name,
		    (unsigned long long)trailing);
	if (F->o->stats)
		printstats(F, layout == JL_META ? "meta" : "legacy");
	/* the words are all stored: a sequence's offset becomes its address */
	for (i = 0; i < F->nseq; i++)
		F->seq[i].at.w = F->w + F->seq[i].at.woff;
	/* --time-order: the hash is done with; it keeps the number as read */
	if (F->o->run) {
		for (i = 0; i < F->nseq; i++)
			F->seq[i].hash = i;
		F->seqat = ereallocarray(NULL, F->nseq + 1, sizeof(*F->seqat));
	}
	if (F->nseq)
		qsort(F->seq, F->nseq, sizeof(*F->seq),
		    F->o->recur == JLF_RECUR_OFF ? cmpseqpath : cmpseqlast);
	for (i = 0; i < F->nseq; i = j) {
		for (j = i + 1; j < F->nseq && F->seq[j].g0 == F->seq[i].g0 &&
		    F->seq[j].g1 == F->seq[i].g1; j++)
			;
		foldgroup(F, F->seq + i, j - i);
	}
	if (F->o->run)
		timeorder(F);
}

/* ---- format 0x02 ---- */

static void
g2open(void *arg, const struct jlframe *f, int status, uint64_t width)
{
	struct jlfold *F = arg;
	struct jlgopen *o;
	size_t l = 0;
	const char *a = annot[status & 3];
	char *t;
	size_t n;

	F->gnodes++;
	F->gstack = egrowarray(F->gstack, &F->gcap, F->gdepth + 1, sizeof(*F->gstack));
	if (F->gdepth) {
		l = F->gstack[F->gdepth - 1].len;
		pathfit(F, l + f->funclen + f->filelen + 80);
		if (F->gdepth > 1)
			F->path[l++] = ';';
		t = F->path + l;
		n = frametext(f, t, F->o->fullpath);
		l += frame_clean(t, n);
		memcpy(F->path + l, a, strlen(a));
		l += strlen(a);
	}
	o = &F->gstack[F->gdepth++];
	o->len = l;
	o->width = width;
	o->kids = 0;
}

static void
g2close(void *arg)
{
	struct jlfold *F = arg;
	struct jlgopen *o = &F->gstack[--F->gdepth];
	uint64_t *k;

	if (F->gdepth) {
		if (o->width > o->kids)
			addstack(F, F->path, o->len, o->width - o->kids);
		k = &F->gstack[F->gdepth - 1].kids;
		*k = UINT64_MAX - *k < o->width ? UINT64_MAX : *k + o->width;
	}
}

static void
fold_graph(struct jlfold *F)
{
	if (F->o->graphopt)
		weprintf("%s: a saved graph (format 0x02): graph options do not apply",
		    F->jp.name);
	if (F->o->run)
		weprintf("%s: a saved graph (format 0x02) has no sample order: "
		    "its stacks are written in graph order", F->jp.name);
	jl_graph(&F->jp, g2open, g2close, F);
	if (F->o->stats)
		fprintf(stderr, "%s: %s: saved graph, %llu nodes, %llu samples\n", argv0,
		    F->jp.name, (unsigned long long)F->gnodes,
		    (unsigned long long)(F->gcap ? F->gstack[0].width : 0));
}

/* Free what a file took, also after an error left it halfway: F is
 * then ready for the next file. */
static void
release(struct jlfold *F)
{
	const struct jlfold_opts *o = F->o;
	struct stackmap *sink = F->sink;
	uint32_t i;

	if (F->fi)
		for (i = 0; i < F->jp.fkeys.n; i++) {
			free(F->fi[i].text);
			free(F->fi[i].label);
		}
	if (F->opened)
		jl_close(&F->jp);
	free(F->fi);
	free(F->seq);
	htab_free(&F->seqtab);
	free(F->w);
	free(F->ts);
	if (F->tskeys.tab.slot) {
		intern_free(&F->tskeys);
		intern_free(&F->thkeys);
	}
	pt_free(F);
	free(F->after);
	free(F->g);
	free(F->sub);
	free(F->lastpos);
	free(F->stamp);
	free(F->samp);
	free(F->seqat);
	if (F->thrkeys.tab.slot) {
		intern_free(&F->thrkeys);
		intern_free(&F->stacks);
	}
	free(F->path);
	free(F->gstack);
	memset(F, 0, sizeof(*F));
	F->o = o;
	F->sink = sink;
}

void
jlfold_free(struct jlfold *F)
{
	release(F);
	free(F);
}

void
jlfold_opts_init(struct jlfold_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->intsize = 8;
	o->layout = JL_AUTO;
}

static void
parselist(struct jllist *l, const char *arg, const char *what)
{
	if (jlfold_list(l, arg))
		usage_error("bad %s: '%s'", what, arg);
}

/* the options that set a flag of o, by c */
static int *
flag(struct jlfold_opts *o, int c)
{
	switch (c) {
	case 'C': return &o->c;
	case JLF_O_NOCOMBINE: return &o->nocombine;
	case JLF_O_REPL: return &o->repl;
	case JLF_O_FULLPATH: return &o->fullpath;
	case JLF_O_BYTHREAD: return &o->bythread;
	case JLF_O_NOSLEEP: return &o->nosleep;
	case JLF_O_STATS: return &o->stats;
	default: return NULL;
	}
}

int
jlfold_opt(struct jlfold_opts *o, int c, const char *arg, struct stackrun *run)
{
	/* in the order of JLF_RECUR_..., JL_...; sizes 8 >> index */
	static const char *const recurs[] = { "off", "flat", "flatc", NULL };
	static const char *const layouts[] = { "auto", "meta", "legacy", NULL };
	static const char *const intsizes[] = { "8", "4", NULL };
	int *f = flag(o, c);

	if (f)
		*f = 1;
	else if (c == JLF_O_RECUR)
		o->recur = opt_choice(arg, "recursion mode", recurs);
	else if (c == JLF_O_PRUNE)
		jlfold_prune(o, arg);
	else if (c == JLF_O_FILTER)
		o->filter = arg;
	else if (c == JLF_O_FILTERRE) {
		rx_free(o->re);
		o->re = pat_compile(arg, 0);
	} else if (c == JLF_O_THREADS)
		parselist(&o->threads, arg, "thread list");
	else if (c == JLF_O_TASKS)
		parselist(&o->tasks, arg, "task list");
	else if (c == JLF_O_BYTASK)
		o->bythread = o->bytask = 1;
	else if (c == JLF_O_TIMEORDER)
		o->run = run;
	else if (c == JLF_O_LAYOUT)
		o->layout = opt_choice(arg, "layout", layouts);
	else if (c == JLF_O_INTSIZE)
		o->intsize = 8 >> opt_choice(arg, "int size", intsizes);
	else
		return 0;
	if (c == 'C' || (c >= JLF_O_NOCOMBINE && c <= JLF_O_TASKS))
		o->graphopt = 1;
	return 1;
}

struct jlfold *
jlfold_new(const struct jlfold_opts *o, struct stackmap *sink)
{
	struct jlfold *F;

	if (o->filter && o->re)
		usage_error("--filter and --filter-regex exclude each other");
	F = ecalloc(1, sizeof(*F));
	F->o = o;
	F->sink = sink;
	return F;
}

void
jlfold_file(struct jlfold *F, const char *path)
{
	F->opened = 1;
	jl_open(&F->jp, path, F->o->intsize);
	if (F->jp.format == 1)
		fold_profile(F);
	else
		fold_graph(F);
	release(F);
}
