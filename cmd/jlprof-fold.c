/* jlprof-fold: Julia profiles (.jlprof) to folded stacks, as FlameGraphs.jl sees them
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
 * children's widths.
 */
#include <getopt.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/hash.h"
#include "read/jlprof.h"
#include "base/out.h"
#include "stack/stackmap.h"
#include "base/util.h"

#define NIL UINT32_MAX

enum { RECUR_OFF, RECUR_FLAT, RECUR_FLATC };
enum { ST_DISPATCH = 1, ST_GC = 2, ST_REPL = 4 };

struct range {
	uint64_t lo, hi;
};

struct rlist {
	struct range *r;
	size_t n;		/* 0: everything */
};

struct prune {
	const char *name, *file;	/* file NULL: any */
	size_t namelen, filelen;
};

static struct {
	int c, nocombine, recur, repl, fullpath, bythread, bytask, nosleep, stats;
	int layout, intsize;
	struct prune *prune;
	size_t nprune;
	const char *filter;	/* --filter TEXT */
	regex_t re;		/* --filter-regex */
	int hasre;
	struct rlist threads, tasks;
	int graphopt;		/* an option that needs format 0x01 */
} opt;

static struct stackmap out;

/* Per file: the frames' texts, labels, ranks and flags, by frame id. */
struct finfo {
	char *text, *label;	/* string(sf), and sanitized */
	uint32_t textlen, rank;
	unsigned char st, pruned, ready;
	signed char match[4];	/* filter result by annotation, -1 unknown */
};

/* A distinct ip sequence of one group (thread, task). */
struct seq {
	uint64_t hash, g0, g1, count, last, off;
	size_t woff;
	size_t len;
};

/* Profile's prefix tree: node 0 is the root; a parent's id is below
 * its children's, so reverse id order is a bottom-up walk. */
struct tnode {
	uint64_t self;
	uint64_t last;		/* --recur=off: the latest sample through it */
	uint32_t parent, key, frame;
	unsigned char st;	/* FlameGraphs' status(node, C) */
};

/* The flame graph over the tree's ids: a node's children in order. */
struct gnode {
	uint32_t first, last, next, par;
	uint32_t frame;		/* NIL for the root */
	unsigned char st;
	uint64_t self;		/* samples attributed to it */
};

/* Per-thread and per-task figures for --stats. */
struct tstat {
	uint64_t thread, task, samples, awake;
	uint32_t tno;		/* the thread's rank by first sample */
	uint32_t no;		/* its own */
};

static struct fold {
	struct jlprof jp;
	struct finfo *fi;
	struct seq *seq;
	size_t nseq, seqcap;
	uint64_t *seqslot;
	size_t seqmask;
	uint64_t *w;
	size_t nw, wcap;
	uint64_t nsamples, nempty;
	struct tstat *ts;
	size_t nts, tscap;
	/* (thread, task) pairs and threads to their ids, in order seen */
	struct interner tskeys, thkeys;

	struct tnode *tn;
	uint32_t ntn, tncap;
	uint32_t *tslot;
	size_t tmask;
	/* the graph over the tree's ids */
	struct gnode *g;	/* by pre-order number, 0 the root */
	uint32_t ng;
	uint64_t *sub;
	uint32_t *gmap;
	/* --recur: where in the sample each entry's ip was last seen */
	uint32_t *lastpos;
	uint64_t *stamp, now;
	char *path;
	size_t pathcap;
} F;

static void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -C, --C                  keep C frames\n"
	    "      --no-combine         one node per instruction pointer\n"
	    "      --recur=MODE         off, flat or flatc: fold recursion into iteration\n"
	    "      --repl               keep the REPL frames above eval_user_input\n"
	    "      --prune NAME[@FILE]  drop frames of function NAME and what they call\n"
	    "      --filter TEXT        keep branches with a frame whose text holds TEXT\n"
	    "      --filter-regex RE    keep branches with a frame whose label matches RE\n"
	    "      --threads LIST       only these threads (N or LO-HI, comma-separated)\n"
	    "      --tasks LIST         only these task ids\n"
	    "      --full-path          the recorded file path instead of its base name\n"
	    "      --by-thread          a root frame per thread\n"
	    "      --by-task            and a frame per task under it\n"
	    "      --no-sleeping        drop samples taken while their thread slept\n"
	    "      --stats              sample, layout and thread figures on stderr\n"
	    "      --layout MODE        auto, meta or legacy data layout\n"
	    "      --int-size N         8, or 4 for files from 32-bit Julia\n"
	    "  -h, --help               show this help\n"
	    "      --version            show the version\n", argv0);
	exit_stdout();
}

static noreturn void
badusage(const char *what, const char *arg)
{
	usage_error("bad %s: '%s'", what, arg);
}

/* N or LO-HI items, comma-separated; decimal or 0x hexadecimal. */
static uint64_t
listnum(const char **s, const char *what, const char *arg)
{
	char *end;
	unsigned long long v;
	int base = 10;

	if ((*s)[0] == '0' && ((*s)[1] == 'x' || (*s)[1] == 'X')) {
		base = 16;
		*s += 2;
	}
	if (!((**s >= '0' && **s <= '9') || (base == 16 && strchr("abcdefABCDEF", **s) && **s)))
		badusage(what, arg);
	v = strtoull(*s, &end, base);
	if (end == *s)
		badusage(what, arg);
	*s = end;
	return v;
}

static void
parselist(struct rlist *l, const char *arg, const char *what)
{
	const char *s = arg;
	struct range r;

	for (;;) {
		r.lo = r.hi = listnum(&s, what, arg);
		if (*s == '-') {
			s++;
			r.hi = listnum(&s, what, arg);
			if (r.hi < r.lo)
				badusage(what, arg);
		}
		l->r = ereallocarray(l->r, l->n + 1, sizeof(*l->r));
		l->r[l->n++] = r;
		if (!*s)
			break;
		if (*s++ != ',')
			badusage(what, arg);
	}
}

static int
inlist(const struct rlist *l, uint64_t v)
{
	size_t i;

	if (!l->n)
		return 1;
	for (i = 0; i < l->n; i++)
		if (v >= l->r[i].lo && v <= l->r[i].hi)
			return 1;
	return 0;
}

/* NAME[@FILE], split at the last '@' unless it is the first character. */
static void
addprune(const char *arg)
{
	struct prune *p;
	const char *at = strrchr(arg, '@');

	opt.prune = ereallocarray(opt.prune, opt.nprune + 1, sizeof(*opt.prune));
	p = &opt.prune[opt.nprune++];
	p->name = arg;
	p->namelen = strlen(arg);
	p->file = NULL;
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
ispruned(const struct jlframe *f)
{
	const struct prune *p;
	size_t i;

	for (i = 0; i < opt.nprune; i++) {
		p = &opt.prune[i];
		if (f->funclen != p->namelen || memcmp(f->func, p->name, p->namelen))
			continue;
		if (!p->file)
			return 1;
		if (f->filelen < p->filelen ||
		    memcmp(f->file + f->filelen - p->filelen, p->file, p->filelen))
			continue;
		if (f->filelen == p->filelen || f->file[f->filelen - p->filelen - 1] == '/')
			return 1;
	}
	return 0;
}

/* Julia's string(sf) for a loaded frame (show_spec_linfo and show). */
static size_t
frametext(const struct jlframe *f, char *buf)
{
	const char *file = f->file, *hash;
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
		if (!opt.fullpath) {
			while (flen && memchr(file, '/', flen)) {
				const char *s = memchr(file, '/', flen);
				flen -= s + 1 - file;
				file = s + 1;
			}
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

static struct finfo *
info(uint32_t id)
{
	struct finfo *fi = &F.fi[id];
	const struct jlframe *f = &F.jp.frame[id];
	size_t i;
	char *buf;

	if (fi->ready)
		return fi;
	buf = emalloc((size_t)f->funclen + f->filelen + 64);
	fi->textlen = frametext(f, buf);
	fi->text = buf;
	fi->label = emalloc(fi->textlen + 1);
	for (i = 0; i < fi->textlen; i++) {
		char c = buf[i];
		fi->label[i] = c == ';' ? ':' : (c == '\n' || c == '\r') ? ' ' : c;
	}
	fi->st = ownstatus(f);
	fi->pruned = ispruned(f);
	memset(fi->match, -1, sizeof(fi->match));
	fi->ready = 1;
	return fi;
}

static const char *const annot[4] = { "", "_[d]", "_[g]", "_[dg]" };

/* Does the frame pass the filter, given its status bits? */
static int
matches(uint32_t frame, int st)
{
	static const char root[] = "ip:0x0";
	struct finfo *fi;
	const char *text = root, *label = root;
	size_t len = 6;
	char buf[64], *s;
	int m;

	st &= 3;
	if (frame != NIL) {
		fi = info(frame);
		if (fi->match[st] >= 0)
			return fi->match[st];
		text = fi->text;
		label = fi->label;
		len = fi->textlen;
	}
	if (opt.filter) {
		m = memmem(text, len, opt.filter, strlen(opt.filter)) != NULL;
	} else {
		s = len + 8 <= sizeof(buf) ? buf : emalloc(len + 8);
		memcpy(s, label, len);
		strcpy(s + len, annot[st]);
		m = !regexec(&opt.re, s, 0, NULL, 0);
		if (s != buf)
			free(s);
	}
	if (frame != NIL)
		F.fi[frame].match[st] = m;
	return m;
}

/* liperm's order: UNKNOWN last, then file, function and line. */
static int
cmpframe(const void *a, const void *b)
{
	const struct jlframe *x = &F.jp.frame[*(const uint32_t *)a];
	const struct jlframe *y = &F.jp.frame[*(const uint32_t *)b];
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
rankframes(void)
{
	uint32_t n = F.jp.fkeys.n, i, *ord = ereallocarray(NULL, n, sizeof(*ord)), r = 0;

	for (i = 0; i < n; i++)
		ord[i] = i;
	qsort(ord, n, sizeof(*ord), cmpframe);
	for (i = 0; i < n; i++) {
		if (i && cmpframe(&ord[i - 1], &ord[i]))
			r++;
		F.fi[ord[i]].rank = r;
	}
	free(ord);
}

/* ---- samples to distinct sequences ---- */

static void
statsample(const struct jlsample *s)
{
	uint64_t key[2] = { s->thread, s->task };
	size_t i;

	if (!F.tskeys.slot) {
		intern_init(&F.tskeys);
		intern_init(&F.thkeys);
	}
	i = intern(&F.tskeys, (const char *)key, sizeof(key));
	if (i == F.nts) {
		if (F.nts == F.tscap) {
			F.tscap = F.tscap ? 2 * F.tscap : 16;
			F.ts = ereallocarray(F.ts, F.tscap, sizeof(*F.ts));
		}
		memset(&F.ts[i], 0, sizeof(F.ts[i]));
		F.ts[i].thread = s->thread;
		F.ts[i].task = s->task;
		F.ts[i].tno = intern(&F.thkeys, (const char *)key, sizeof(key[0]));
		F.ts[i].no = i;
		F.nts++;
	}
	F.ts[i].samples++;
	F.ts[i].awake += s->sleep != 2;
}

/* The slots hold the entry index + 1 in the low half and the top of
 * the hash in the high half, so a probe rarely touches an entry. */
static void
seqgrow(void)
{
	size_t i, j, mask = F.seqmask ? 2 * F.seqmask + 1 : 4095;
	uint64_t *slot = ecalloc(mask + 1, sizeof(*slot));

	for (i = 0; i < F.nseq; i++) {
		for (j = F.seq[i].hash & mask; slot[j]; j = (j + 1) & mask)
			;
		slot[j] = (F.seq[i].hash & 0xffffffff00000000ULL) | (i + 1);
	}
	free(F.seqslot);
	F.seqslot = slot;
	F.seqmask = mask;
}

static int
seqeq(const struct seq *e, const struct jlsample *s, uint64_t h, uint64_t g0, uint64_t g1)
{
	return e->hash == h && e->len == s->n && e->g0 == g0 && e->g1 == g1 &&
	    !memcmp(F.w + e->woff, s->ip, s->n * 8);
}

/* The entry of sample s, made if new. */
static struct seq *
seqget(const struct jlsample *s, uint64_t h, uint64_t g0, uint64_t g1)
{
	size_t i, n = s->n;
	uint64_t k;
	struct seq *e;

	for (i = h & F.seqmask; (k = F.seqslot[i]); i = (i + 1) & F.seqmask)
		if ((k >> 32) == (h >> 32) && seqeq(&F.seq[(uint32_t)k - 1], s, h, g0, g1))
			return &F.seq[(uint32_t)k - 1];
	if (F.nseq == UINT32_MAX - 1)
		eprintf("too many distinct stacks");
	if (F.nseq == F.seqcap) {
		F.seqcap = F.seqcap ? 2 * F.seqcap : 1024;
		F.seq = ereallocarray(F.seq, F.seqcap, sizeof(*F.seq));
	}
	if (F.nw + n > F.wcap) {
		F.wcap = 2 * (F.nw + n);
		F.w = ereallocarray(F.w, F.wcap, 8);
	}
	e = &F.seq[F.nseq++];
	memset(e, 0, sizeof(*e));
	e->hash = h;
	e->g0 = g0;
	e->g1 = g1;
	e->woff = F.nw;
	e->len = n;
	memcpy(F.w + F.nw, s->ip, n * 8);
	F.nw += n;
	F.seqslot[i] = (h & 0xffffffff00000000ULL) | F.nseq;
	if (2 * F.nseq > F.seqmask) {
		seqgrow();
		e = &F.seq[F.nseq - 1];
	}
	return e;
}

#define BATCH 32

/*
 * Each sample's ips to its distinct sequence.  The lookups of a batch
 * go in stages, each prefetching what the next will read (slot, entry,
 * stored words), so that the cache misses of a batch overlap.
 */
static void
onsample(void *arg, const struct jlsample *smp, size_t ns)
{
	const struct jlsample *s;
	uint64_t h[BATCH], g0[BATCH], g1[BATCH], k;
	uint32_t cand[BATCH];
	size_t b, i, j, n;
	struct seq *e;

	(void)arg;
	for (b = 0; b < ns; b += BATCH) {
		n = ns - b < BATCH ? ns - b : BATCH;
		for (i = 0; i < n; i++) {
			s = &smp[b + i];
			cand[i] = NIL;
			h[i] = 0;
			F.nsamples++;
			if (opt.stats)
				statsample(s);
			if (!s->n) {
				F.nempty++;
				continue;
			}
			if (!inlist(&opt.threads, s->thread) || !inlist(&opt.tasks, s->task) ||
			    (opt.nosleep && s->sleep == 2))
				continue;
			g0[i] = opt.bythread ? s->thread : 0;
			g1[i] = opt.bytask ? s->task : 0;
			h[i] = hash_bytes(s->ip, s->n * 8) ^
			    hash_mix(g0[i] * 0x9e3779b97f4a7c15ULL + g1[i] + 1);
			h[i] += !h[i];	/* 0 marks a sample left out */
			__builtin_prefetch(&F.seqslot[h[i] & F.seqmask]);
		}
		for (i = 0; i < n; i++) {
			if (!h[i])
				continue;
			for (j = h[i] & F.seqmask; (k = F.seqslot[j]); j = (j + 1) & F.seqmask)
				if ((k >> 32) == (h[i] >> 32)) {
					cand[i] = (uint32_t)k - 1;
					__builtin_prefetch(&F.seq[cand[i]]);
					break;
				}
		}
		for (i = 0; i < n; i++)
			if (cand[i] != NIL)
				__builtin_prefetch(F.w + F.seq[cand[i]].woff);
		for (i = 0; i < n; i++) {
			if (!h[i])
				continue;
			s = &smp[b + i];
			if (cand[i] != NIL && seqeq(&F.seq[cand[i]], s, h[i], g0[i], g1[i]))
				e = &F.seq[cand[i]];
			else
				e = seqget(s, h[i], g0[i], g1[i]);
			e->count++;
			e->last = s->index;
			e->off = s->off;
		}
	}
}

/* How many root-most ips e shares with f. */
static size_t
common(const struct seq *e, const struct seq *f)
{
	const uint64_t *p = F.w + e->woff + e->len, *q = F.w + f->woff + f->len;
	size_t i;

	for (i = 0; i < e->len && i < f->len && p[-1 - (long)i] == q[-1 - (long)i]; i++)
		;
	return i;
}

/*
 * By group, then the latest sample first: the order of Julia's backward
 * scan, in which tree nodes are created.  Without --recur the order of
 * creation can be had from the samples' indices instead (a node is made
 * by the latest sample through it), so the sequences are sorted root
 * first there, and each shares its walk with the one before.
 */
static int
cmpseq(const void *a, const void *b)
{
	const struct seq *x = a, *y = b;
	uint64_t u, v;
	size_t i;

	if (x->g0 != y->g0)
		return x->g0 < y->g0 ? -1 : 1;
	if (x->g1 != y->g1)
		return x->g1 < y->g1 ? -1 : 1;
	if (opt.recur != RECUR_OFF)
		return (x->last < y->last) - (x->last > y->last);
	i = common(x, y);
	if (i == x->len || i == y->len)
		return (x->len > y->len) - (x->len < y->len);
	u = F.w[x->woff + x->len - 1 - i];
	v = F.w[y->woff + y->len - 1 - i];
	return u < v ? -1 : 1;
}

/* ---- Profile's tree ---- */

static void
tgrow(void)
{
	size_t i, j, mask = F.tmask ? 2 * F.tmask + 1 : 4095;
	uint32_t *slot = ecalloc(mask + 1, sizeof(*slot));
	uint64_t h;

	for (i = 1; i < F.ntn; i++) {
		h = hash_mix(((uint64_t)F.tn[i].parent << 32 | F.tn[i].key) * 0x9e3779b97f4a7c15ULL);
		for (j = h & mask; slot[j]; j = (j + 1) & mask)
			;
		slot[j] = i;
	}
	free(F.tslot);
	F.tslot = slot;
	F.tmask = mask;
}

static uint32_t
newnode(uint32_t parent, uint32_t key, uint32_t frame)
{
	struct tnode *t;

	if (F.ntn == NIL - 1)
		eprintf("too many distinct stacks");
	if (F.ntn == F.tncap) {
		F.tncap = F.tncap ? 2 * F.tncap : 4096;
		F.tn = ereallocarray(F.tn, F.tncap, sizeof(*F.tn));
	}
	t = &F.tn[F.ntn];
	t->parent = parent;
	t->key = key;
	t->frame = frame;
	t->self = 0;
	t->last = 0;
	return F.ntn++;
}

static uint32_t
child(uint32_t parent, uint32_t key, uint32_t frame)
{
	uint64_t h = hash_mix(((uint64_t)parent << 32 | key) * 0x9e3779b97f4a7c15ULL);
	size_t i;
	uint32_t k;

	for (i = h & F.tmask; (k = F.tslot[i]); i = (i + 1) & F.tmask)
		if (F.tn[k].parent == parent && F.tn[k].key == key)
			return k;
	k = newnode(parent, key, frame);
	F.tslot[i] = k;
	if (2 * (size_t)F.ntn > F.tmask)
		tgrow();
	return k;
}

/* An empty tree; the child table starts small again so that many
 * small groups (--by-task) cost no more than one big one. */
static void
tree_reset(size_t guess)
{
	size_t mask = 4095;

	/* sized for about guess nodes, to spare most regrowing */
	while (mask < 2 * guess && mask < 0x7fffffff)
		mask = 2 * mask + 1;
	if (guess > F.tncap && guess < NIL / 2) {
		F.tncap = guess;
		F.tn = ereallocarray(F.tn, F.tncap, sizeof(*F.tn));
	}
	F.ntn = 0;
	newnode(NIL, NIL, NIL);
	free(F.tslot);
	F.tslot = ecalloc(mask + 1, sizeof(*F.tslot));
	F.tmask = mask;
}

/* Add a distinct sequence (Profile.tree!): root-most ip first, each
 * ip's inline chain outermost first.  Under --recur an ip seen earlier
 * in the sample rewinds to where the walk stood after it. */
static void
tree_add(const struct seq *e, size_t start, uint32_t **after, size_t *aftercap,
    uint32_t *lastpos, uint64_t *stamp, uint64_t now)
{
	const uint64_t *w = F.w + e->woff;
	const struct jlip *ip;
	uint32_t cur, f;
	size_t k, pos, j;
	long x;

	if (e->len > *aftercap) {
		*aftercap = 2 * e->len;
		*after = ereallocarray(*after, *aftercap, sizeof(**after));
	}
	/* the first start positions were walked by the sequence before */
	cur = start ? (*after)[start - 1] : 0;
	for (pos = start; pos < e->len; pos++) {
		k = e->len - 1 - pos;
		if ((x = jl_lookup(&F.jp, w[k])) < 0)
			jl_error(&F.jp, e->off + 8 * k,
			    "instruction pointer 0x%llx is not in the line-info dictionary",
			    (unsigned long long)w[k]);
		ip = &F.jp.ip[x];
		if (opt.recur != RECUR_OFF) {
			if (stamp[x] == now && !(opt.recur == RECUR_FLAT && ip->n &&
			    F.jp.frame[F.jp.fid[ip->first]].from_c)) {
				cur = (*after)[lastpos[x]];
				(*after)[pos] = cur;
				lastpos[x] = pos;
				continue;
			}
			stamp[x] = now;
			lastpos[x] = pos;
		}
		for (j = ip->n; j-- > 0;) {
			f = F.jp.fid[ip->first + j];
			cur = child(cur, opt.nocombine ? (uint32_t)x : f, f);
		}
		(*after)[pos] = cur;
	}
	F.tn[cur].self += e->count;
	if (F.tn[cur].last < e->last)
		F.tn[cur].last = e->last;
}

/* ---- the flame graph ---- */

static void
glink(uint32_t g, uint32_t v)
{
	F.g[v].par = g;
	F.g[v].next = NIL;
	if (F.g[g].first == NIL)
		F.g[g].first = v;
	else
		F.g[F.g[g].last].next = v;
	F.g[g].last = v;
}

static void
gunlink(uint32_t g, uint32_t v)
{
	uint32_t p = NIL, c;

	for (c = F.g[g].first; c != v; c = F.g[c].next)
		p = c;
	if (p == NIL)
		F.g[g].first = F.g[v].next;
	else
		F.g[p].next = F.g[v].next;
	if (F.g[g].last == v)
		F.g[g].last = p;
}

/* The next node in graph pre-order after v (NIL at the end). */
static uint32_t
gnextpre(uint32_t v, int down)
{
	if (down && F.g[v].first != NIL)
		return F.g[v].first;
	while (v && F.g[v].next == NIL)
		v = F.g[v].par;
	return v ? F.g[v].next : NIL;
}

static uint32_t *kids, *kidstart;

static int
cmpkid(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	uint32_t rx = F.fi[F.tn[x].frame].rank, ry = F.fi[F.tn[y].frame].rank;

	if (rx != ry)
		return rx < ry ? -1 : 1;
	/* then the order of creation (see cmpseq) */
	if (opt.recur == RECUR_OFF)
		return (F.tn[x].last < F.tn[y].last) - (F.tn[x].last > F.tn[y].last);
	return (x > y) - (x < y);
}

/* flamegraph!: children in liperm order, pruned branches skipped,
 * C frames (without -C) replaced by their children. */
static void
buildgraph(void)
{
	uint32_t n = F.ntn, v, p, g, i, *stack, sp = 0;
	size_t sz = n;

	F.sub = ereallocarray(F.sub, sz, 8);
	F.g = ereallocarray(F.g, sz, sizeof(*F.g));
	F.gmap = ereallocarray(F.gmap, sz, 4);
	kidstart = ereallocarray(kidstart, sz + 1, 4);
	kids = ereallocarray(kids, sz, 4);
	memset(F.g, 0xff, sz * sizeof(*F.g));
	memset(kidstart, 0, (sz + 1) * 4);

	F.tn[0].st = 0;
	for (v = 1; v < n; v++)
		F.tn[v].st = info(F.tn[v].frame)->st;
	for (v = 0; v < n; v++)
		F.sub[v] = F.tn[v].self;
	/* status(node, C): without -C a node takes its C children's bits */
	for (v = n - 1; v > 0; v--) {
		p = F.tn[v].parent;
		if (!opt.c && F.jp.frame[F.tn[v].frame].from_c)
			F.tn[p].st |= F.tn[v].st;
		F.sub[p] += F.sub[v];
		if (F.tn[p].last < F.tn[v].last)
			F.tn[p].last = F.tn[v].last;
		kidstart[p + 1]++;
	}
	for (v = 0; v < n; v++)
		kidstart[v + 1] += kidstart[v];
	/* filled in id order, which is creation order */
	{
		uint32_t *pos = ereallocarray(NULL, sz, 4);

		memcpy(pos, kidstart, sz * 4);
		for (v = 1; v < n; v++)
			kids[pos[F.tn[v].parent]++] = v;
		free(pos);
	}
	for (v = 0; v < n; v++)
		if (kidstart[v + 1] - kidstart[v] > 1)
			qsort(kids + kidstart[v], kidstart[v + 1] - kidstart[v], 4, cmpkid);

	/* graph nodes are numbered in pre-order, so later passes over the
	 * graph run through memory in order */
	stack = ereallocarray(NULL, sz, 4);
	F.gmap[0] = 0;
	F.g[0].par = NIL;
	F.g[0].frame = NIL;
	F.g[0].st = F.tn[0].st;
	F.g[0].self = F.tn[0].self;
	F.ng = 1;
	for (i = kidstart[1]; i > kidstart[0]; i--)
		stack[sp++] = kids[i - 1];
	while (sp) {
		v = stack[--sp];
		g = F.gmap[F.tn[v].parent];
		if (info(F.tn[v].frame)->pruned) {
			F.g[g].self += F.sub[v];
			continue;
		}
		if (!opt.c && F.jp.frame[F.tn[v].frame].from_c) {
			F.gmap[v] = g;
			F.g[g].self += F.tn[v].self;
		} else {
			F.gmap[v] = F.ng;
			F.g[F.ng].frame = F.tn[v].frame;
			F.g[F.ng].st = F.tn[v].st;
			F.g[F.ng].self = F.tn[v].self;
			glink(g, F.ng++);
		}
		for (i = kidstart[v + 1]; i > kidstart[v]; i--)
			stack[sp++] = kids[i - 1];
	}
	free(stack);
}

/* Once the graph is built the tree is not needed: its memory goes
 * before the stacks' text comes. */
static void
tree_free(void)
{
	free(F.tn);
	free(F.tslot);
	free(F.gmap);
	free(kids);
	free(kidstart);
	F.tn = NULL;
	F.tslot = NULL;
	F.gmap = kids = kidstart = NULL;
	F.tncap = 0;
	F.tmask = 0;
}

/* prunerepl!: the first REPL node's children become top frames and the
 * root's branch that held it goes. */
static void
prunerepl(void)
{
	uint32_t c, r, pc, o, x, last;

	for (c = gnextpre(0, 1); c != NIL; c = gnextpre(c, 1))
		if (F.g[c].st & ST_REPL)
			break;
	if (c == NIL)
		return;
	for (r = c; F.g[r].par != 0; r = F.g[r].par)
		;
	if (F.g[c].first != NIL) {
		for (x = F.g[c].first; x != NIL; x = F.g[x].next)
			F.g[x].par = 0;
		if (F.g[0].first == NIL)
			F.g[0].first = F.g[c].first;
		else
			F.g[F.g[0].last].next = F.g[c].first;
		F.g[0].last = F.g[c].last;
		F.g[c].first = F.g[c].last = NIL;
	} else if (r != c) {
		/* graftchildren! of a leaf links the leaf itself and its
		 * younger siblings after the root's last child */
		pc = F.g[c].par;
		o = NIL;
		for (x = F.g[pc].first; x != c; x = F.g[x].next)
			o = x;
		last = F.g[pc].last;
		if (o == NIL)
			F.g[pc].first = F.g[pc].last = NIL;
		else {
			F.g[o].next = NIL;
			F.g[pc].last = o;
		}
		for (x = c; x != NIL; x = F.g[x].next)
			F.g[x].par = 0;
		F.g[F.g[0].last].next = c;
		F.g[0].last = last;
	}
	gunlink(0, r);
}

/* filtergraph!: keep what matches, what leads to a match and what a
 * match leads to; a removed branch's samples stay with its parent. */
static void
filtergraph(void)
{
	uint32_t *pre, np = 0, v, x, next, i;
	unsigned char *m, *cf, *proc;

	pre = ereallocarray(NULL, F.ng, 4);
	m = ecalloc(F.ng, 1);
	cf = ecalloc(F.ng, 1);
	for (v = 0; v != NIL; v = gnextpre(v, 1)) {
		pre[np++] = v;
		m[v] = cf[v] = matches(F.g[v].frame, F.g[v].st);
		F.sub[v] = F.g[v].self;
	}
	for (i = np; i-- > 1;) {
		v = pre[i];
		cf[F.g[v].par] |= cf[v];
		F.sub[F.g[v].par] += F.sub[v];
	}
	if (!cf[0]) {
		weprintf("%s: the filter matches no frame and is ignored", F.jp.name);
		goto done;
	}
	/* pre-order: a node is processed after its parent decided on it */
	proc = ecalloc(F.ng, 1);
	proc[0] = 1;
	for (i = 0; i < np; i++) {
		v = pre[i];
		if (!proc[v])
			continue;
		for (x = F.g[v].first; x != NIL; x = next) {
			next = F.g[x].next;
			if (m[x])
				continue;	/* kept with its whole branch */
			if (cf[x]) {
				proc[x] = 1;
				continue;
			}
			F.g[v].self += F.sub[x];
			gunlink(v, x);
		}
	}
	free(proc);
done:
	free(pre);
	free(m);
	free(cf);
}

static void
pathfit(size_t n)
{
	if (n > F.pathcap) {
		F.pathcap = 2 * n;
		F.path = erealloc(F.path, F.pathcap);
	}
}

static void
addstack(const char *s, size_t len, uint64_t n)
{
	count c = count_from_u64(n);

	if (!stackmap_add(&out, s, len, &c, 1))
		eprintf("sum of counts overflows");
}

/* Every shown node with samples ending at it becomes a stack. */
static void
emit(const char *prefix, size_t plen)
{
	size_t *len = ereallocarray(NULL, F.ng, sizeof(*len)), l;
	struct finfo *fi;
	uint32_t v;
	const char *a;

	pathfit(plen + 1);
	memcpy(F.path, prefix, plen);
	len[0] = plen;
	for (v = gnextpre(0, 1); v != NIL; v = gnextpre(v, 1)) {
		fi = info(F.g[v].frame);
		a = annot[F.g[v].st & 3];
		l = len[F.g[v].par];
		pathfit(l + fi->textlen + 8);
		if (l)
			F.path[l++] = ';';
		memcpy(F.path + l, fi->label, fi->textlen);
		l += fi->textlen;
		memcpy(F.path + l, a, strlen(a));
		l += strlen(a);
		len[v] = l;
		if (F.g[v].self)
			addstack(F.path, l, F.g[v].self);
	}
	free(len);
}

static void
foldgroup(struct seq *e, size_t n)
{
	static uint32_t *after;
	static size_t aftercap;
	char prefix[80];
	size_t i, plen = 0, guess;

	/* nodes: at most one per frame of each ip, less what prefixes share */
	for (i = 0, guess = 0; i < n; i++)
		guess += e[i].len;
	tree_reset(guess / 2 * (F.jp.nfid + 1) / (F.jp.nip + 1) + 16);
	for (i = 0; i < n; i++)
		tree_add(&e[i], opt.recur == RECUR_OFF && i ? common(&e[i], &e[i - 1]) : 0,
		    &after, &aftercap, F.lastpos, F.stamp, ++F.now);
	if (F.ntn == 1)
		return;
	buildgraph();
	tree_free();
	if (!opt.repl)
		prunerepl();
	if (opt.filter || opt.hasre)
		filtergraph();
	free(F.sub);
	F.sub = NULL;
	if (opt.bythread)
		plen = sprintf(prefix, "thread %llu", (unsigned long long)e->g0);
	if (opt.bytask)
		plen += sprintf(prefix + plen, ";task 0x%llx", (unsigned long long)e->g1);
	emit(prefix, plen);
}

/* Threads in the order first sampled, each one's tasks likewise. */
static int
cmptstat(const void *a, const void *b)
{
	const struct tstat *x = a, *y = b;

	if (x->tno != y->tno)
		return x->tno < y->tno ? -1 : 1;
	return x->no < y->no ? -1 : x->no > y->no;
}

static void
printstats(const char *layout)
{
	size_t i, j, k;
	uint64_t n, awake;

	fprintf(stderr, "%s: %s: %llu samples, %llu empty, layout %s\n", argv0, F.jp.name,
	    (unsigned long long)F.nsamples, (unsigned long long)F.nempty, layout);
	if (F.nts)
		qsort(F.ts, F.nts, sizeof(*F.ts), cmptstat);
	for (i = 0; i < F.nts; i = j) {
		n = awake = 0;
		for (j = i; j < F.nts && F.ts[j].tno == F.ts[i].tno; j++) {
			n += F.ts[j].samples;
			awake += F.ts[j].awake;
		}
		fprintf(stderr, "%s: %s: thread %llu: %llu samples, %.1f%% awake, %zu task%s\n",
		    argv0, F.jp.name, (unsigned long long)F.ts[i].thread,
		    (unsigned long long)n, 100.0 * awake / n, j - i, j - i == 1 ? "" : "s");
		for (k = i; k < j; k++)
			fprintf(stderr, "%s: %s:   task 0x%llx: %llu samples\n", argv0,
			    F.jp.name, (unsigned long long)F.ts[k].task,
			    (unsigned long long)F.ts[k].samples);
	}
}

static void
fold_profile(void)
{
	uint64_t trailing;
	int layout = opt.layout;
	size_t i, j;

	F.fi = ecalloc(F.jp.fkeys.n, sizeof(*F.fi));
	rankframes();
	if (layout == JL_AUTO)
		layout = jl_has_meta(&F.jp) ? JL_META : JL_LEGACY;
	if (opt.recur != RECUR_OFF) {
		F.lastpos = ereallocarray(NULL, F.jp.nip + 1, sizeof(*F.lastpos));
		F.stamp = ecalloc(F.jp.nip + 1, sizeof(*F.stamp));
	}
	seqgrow();
	trailing = jl_samples(&F.jp, layout, onsample, NULL);
	if (trailing)
		weprintf("%s: %llu data words after the last sample ignored", F.jp.name,
		    (unsigned long long)trailing);
	if (opt.stats)
		printstats(layout == JL_META ? "meta" : "legacy");
	if (F.nseq)
		qsort(F.seq, F.nseq, sizeof(*F.seq), cmpseq);
	for (i = 0; i < F.nseq; i = j) {
		for (j = i + 1; j < F.nseq && F.seq[j].g0 == F.seq[i].g0 &&
		    F.seq[j].g1 == F.seq[i].g1; j++)
			;
		foldgroup(F.seq + i, j - i);
	}
}

/* ---- format 0x02 ---- */

struct gopen {
	size_t len;		/* of the path up to this node */
	uint64_t width, kids;
};

static struct gopen *gstack;
static size_t gdepth, gcap;
static uint64_t gnodes;

static void
g2open(void *arg, const struct jlframe *f, int status, uint64_t width)
{
	struct gopen *o;
	size_t l = 0;
	const char *a = annot[status & 3];
	char *t;
	size_t i, n;

	(void)arg;
	gnodes++;
	if (gdepth == gcap) {
		gcap = gcap ? 2 * gcap : 256;
		gstack = ereallocarray(gstack, gcap, sizeof(*gstack));
	}
	if (gdepth) {
		l = gstack[gdepth - 1].len;
		pathfit(l + f->funclen + f->filelen + 80);
		if (gdepth > 1)
			F.path[l++] = ';';
		t = F.path + l;
		n = frametext(f, t);
		for (i = 0; i < n; i++)
			if (t[i] == ';')
				t[i] = ':';
			else if (t[i] == '\n' || t[i] == '\r')
				t[i] = ' ';
		l += n;
		memcpy(F.path + l, a, strlen(a));
		l += strlen(a);
	}
	o = &gstack[gdepth++];
	o->len = l;
	o->width = width;
	o->kids = 0;
}

static void
g2close(void *arg)
{
	struct gopen *o = &gstack[--gdepth];
	uint64_t *k;

	(void)arg;
	if (gdepth) {
		if (o->width > o->kids)
			addstack(F.path, o->len, o->width - o->kids);
		k = &gstack[gdepth - 1].kids;
		*k = UINT64_MAX - *k < o->width ? UINT64_MAX : *k + o->width;
	}
}

static void
fold_graph(void)
{
	if (opt.graphopt)
		weprintf("%s: a saved graph (format 0x02): graph options do not apply",
		    F.jp.name);
	gnodes = 0;
	jl_graph(&F.jp, g2open, g2close, NULL);
	if (opt.stats)
		fprintf(stderr, "%s: %s: saved graph, %llu nodes, %llu samples\n", argv0,
		    F.jp.name, (unsigned long long)gnodes,
		    (unsigned long long)(gcap ? gstack[0].width : 0));
}

/* Free what a file's folding made, also after an error left it halfway. */
static void
fold_reset(void)
{
	uint32_t i;

	if (F.fi)
		for (i = 0; i < F.jp.fkeys.n; i++) {
			free(F.fi[i].text);
			free(F.fi[i].label);
		}
	jl_close(&F.jp);
	free(F.fi);
	free(F.seq);
	free(F.seqslot);
	free(F.w);
	free(F.ts);
	if (F.tskeys.slot) {
		intern_free(&F.tskeys);
		intern_free(&F.thkeys);
		memset(&F.tskeys, 0, sizeof(F.tskeys));
		memset(&F.thkeys, 0, sizeof(F.thkeys));
	}
	free(F.lastpos);
	free(F.stamp);
	F.lastpos = NULL;
	F.stamp = NULL;
	F.fi = NULL;
	F.seq = NULL;
	F.seqslot = NULL;
	F.w = NULL;
	F.ts = NULL;
	F.nseq = F.seqcap = F.seqmask = F.nw = F.wcap = F.nts = F.tscap = 0;
	F.nsamples = F.nempty = 0;
}

static void
fold_file(const char *path)
{
	jl_open(&F.jp, path, opt.intsize);
	if (F.jp.format == 1)
		fold_profile();
	else
		fold_graph();
	fold_reset();
}

int
main(int argc, char **argv)
{
	enum { O_NOCOMBINE = 256, O_RECUR, O_REPL, O_PRUNE, O_FILTER, O_FILTERRE,
	    O_THREADS, O_TASKS, O_FULLPATH, O_BYTHREAD, O_BYTASK, O_NOSLEEP, O_STATS,
	    O_LAYOUT, O_INTSIZE, O_VERSION };
	static const struct option longopts[] = {
		{ "C", no_argument, NULL, 'C' },
		{ "no-combine", no_argument, NULL, O_NOCOMBINE },
		{ "recur", required_argument, NULL, O_RECUR },
		{ "repl", no_argument, NULL, O_REPL },
		{ "prune", required_argument, NULL, O_PRUNE },
		{ "filter", required_argument, NULL, O_FILTER },
		{ "filter-regex", required_argument, NULL, O_FILTERRE },
		{ "threads", required_argument, NULL, O_THREADS },
		{ "tasks", required_argument, NULL, O_TASKS },
		{ "full-path", no_argument, NULL, O_FULLPATH },
		{ "by-thread", no_argument, NULL, O_BYTHREAD },
		{ "by-task", no_argument, NULL, O_BYTASK },
		{ "no-sleeping", no_argument, NULL, O_NOSLEEP },
		{ "stats", no_argument, NULL, O_STATS },
		{ "layout", required_argument, NULL, O_LAYOUT },
		{ "int-size", required_argument, NULL, O_INTSIZE },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, O_VERSION },
		{ 0 }
	};
	char err[256];
	int c, rc, i;

	argv[0] = setprogname(argv[0]);
	opt.intsize = 8;
	opt.layout = JL_AUTO;
	while ((c = getopt_long(argc, argv, "Ch", longopts, NULL)) != -1) {
		switch (c) {
		case 'C': opt.c = 1; break;
		case O_NOCOMBINE: opt.nocombine = 1; break;
		case O_RECUR:
			if (!strcmp(optarg, "off"))
				opt.recur = RECUR_OFF;
			else if (!strcmp(optarg, "flat"))
				opt.recur = RECUR_FLAT;
			else if (!strcmp(optarg, "flatc"))
				opt.recur = RECUR_FLATC;
			else
				badusage("recursion mode", optarg);
			break;
		case O_REPL: opt.repl = 1; break;
		case O_PRUNE: addprune(optarg); break;
		case O_FILTER: opt.filter = optarg; break;
		case O_FILTERRE:
			if (opt.hasre)
				regfree(&opt.re);
			rc = regcomp(&opt.re, optarg, REG_EXTENDED | REG_NOSUB);
			if (rc) {
				regerror(rc, &opt.re, err, sizeof(err));
				usage_error("bad regular expression '%s': %s", optarg, err);
			}
			opt.hasre = 1;
			break;
		case O_THREADS: parselist(&opt.threads, optarg, "thread list"); break;
		case O_TASKS: parselist(&opt.tasks, optarg, "task list"); break;
		case O_FULLPATH: opt.fullpath = 1; break;
		case O_BYTHREAD: opt.bythread = 1; break;
		case O_BYTASK: opt.bythread = opt.bytask = 1; break;
		case O_NOSLEEP: opt.nosleep = 1; break;
		case O_STATS: opt.stats = 1; break;
		case O_LAYOUT:
			if (!strcmp(optarg, "auto"))
				opt.layout = JL_AUTO;
			else if (!strcmp(optarg, "meta"))
				opt.layout = JL_META;
			else if (!strcmp(optarg, "legacy"))
				opt.layout = JL_LEGACY;
			else
				badusage("layout", optarg);
			break;
		case O_INTSIZE:
			if (!strcmp(optarg, "8"))
				opt.intsize = 8;
			else if (!strcmp(optarg, "4"))
				opt.intsize = 4;
			else
				badusage("int size", optarg);
			break;
		case 'h': usage(); break;
		case O_VERSION: version();
		default: tryhelp();
		}
		if (c == 'C' || (c >= O_NOCOMBINE && c <= O_TASKS))
			opt.graphopt = 1;
	}
	if (opt.filter && opt.hasre)
		usage_error("--filter and --filter-regex exclude each other");
	argc -= optind;
	argv += optind;
	stackmap_init(&out);
	if (!argc)
		fold_file(NULL);
	for (i = 0; i < argc; i++)
		fold_file(argv[i]);
	if (!out.n)
		weprintf("there were no samples collected");
	stackmap_print(&out, 1);
	out_flush();
	return 0;
}
