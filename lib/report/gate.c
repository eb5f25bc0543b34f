/* gate.c: fg-gate's verdict (see gate.h) */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/escape.h"
#include "base/hash.h"
#include "base/htab.h"
#include "base/intern.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/folded.h"
#include "report/gate.h"
#include "report/gatestat.h"
#include "report/top.h"
#include "stack/frame.h"
#include "stack/stackmap.h"

/* One input read: its rows, and the samples behind each count column
 * (-1: not known): the number the sampling model takes, Kish's
 * effective number when the header states the weights squared. */
struct grun {
	const char *path;	/* NULL: standard input, spooled to fd */
	int fd;
	struct top t;
	double samples[2];
	double stated[2];	/* the header's samples= (-1: none) */
	int kish[2];		/* samples[] is total^2 / weight2 */
};

enum { V_PASS, V_NOISE, V_IMPROVEMENT, V_REGRESSION };
static const char *const verdictname[] = { "pass", "within noise", "improvement", "regression" };

/* A caller of a tripped function, and its counts through it a side. */
struct gcaller {
	uint32_t name;		/* in the gate's callers' interner */
	double c[2];
};

/* One test: rule r on key k. */
struct gres {
	size_t rule;
	uint32_t key;		/* in the gate's keys */
	struct gest e[2];	/* the shares, before and after */
	double preg, pimp;	/* p-values: past the limit, shrunk past it (-1: none) */
	int verdict;
	double lo, hi;		/* the interval: of the growth, or of the share
				 * (growth: hi infinite when unbounded) */
	double df;		/* degrees of freedom, 0: normal */
	struct gcaller *call;
	size_t ncall;
	uint64_t seen[2];	/* attribution: the last line counted, a side */
};

/* Caller name of test res: its call[j]. */
struct cref {
	uint32_t name;
	size_t res, j;
};

struct gst {
	struct gate *g;
	struct grun *run[2];	/* the runs of each side (diff: one, both sides) */
	int nrun[2];
	int model;		/* M_SAMPLING or M_RUNS */
	struct interner keys;	/* every key of every run */
	uint32_t *id[2];	/* id[s][r * nkeys + k]: run r's row of key k, or UINT32_MAX */
	uint32_t nkeys;
	double total[2];	/* the sides' totals, all runs */
	struct gres *res;
	size_t nres;
	size_t ntests;
	size_t *named;		/* by rule: keys its pattern names */
	struct interner cnames;	/* the callers' names */
	struct htab ctab;	/* the callers of the tests, by test and name */
	struct cref *cref;
	size_t ncref, crefcap;
	/* one profile a side of whole counts: both read into one map of
	 * their distinct stacks, in the order first read (the baseline's,
	 * then the target's own), whose rows and keys jrun holds, a
	 * column a side; jkey[joff[i]..joff[i + 1]) stack i's keys */
	struct grun *jrun;
	struct stackmap jm;
	uint32_t *jkey;
	size_t *joff, njkey, jkcap;
	const char *unit;	/* the inputs' unit ("nanoseconds"), NULL: count */
	double alpha;
};
enum { M_SAMPLING, M_RUNS };

/* ---- reading ---- */

/* Standard input copied to a file of its own, to be read twice. */
static int
spool(void)
{
	FILE *f = tmpfile();
	char buf[65536];
	ssize_t n;
	int fd;

	if (!f)
		eprintf("a temporary file: %s", strerror(errno));
	fd = dup(fileno(f));
	fclose(f);
	if (fd < 0)
		eprintf("a temporary file: %s", strerror(errno));
	while ((n = read(0, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			eprintf("<stdin>: %s", strerror(errno));
		if (write(fd, buf, n) != n)
			eprintf("a temporary file: %s", strerror(errno));
	}
	return fd;
}

/* Open run r's input for reading from its start (standard input spooled
 * the first time). */
static void
ropen(struct grun *r, struct freader *rd, struct frules *rules)
{
	memset(rules, 0, sizeof(*rules));
	if (r->path) {
		fr_open(rd, r->path, rules);
		return;
	}
	if (r->fd < 0)
		r->fd = spool();
	if (lseek(r->fd, 0, SEEK_SET) < 0)
		eprintf("a temporary file: %s", strerror(errno));
	fr_openfd(rd, dup(r->fd), "<stdin>", rules);
}

static const char *
rname(const struct grun *r)
{
	return r->path ? displayname(r->path) : "<stdin>";
}

/* Run r's report, empty. */
static void
run_init(const struct gate *g, struct grun *r)
{
	memset(&r->t, 0, sizeof(r->t));
	r->t.by = g->by;
	r->t.format = FMT_TEXT;	/* it keeps the header */
	intern_init(&r->t.keys);
	tree_init(&r->t.t, 0, 2);
}

/* Line l of rd: of ncounts counts, or an error. */
static void
check_counts(struct freader *rd, const struct fline *l, int ncounts)
{
	if (l->ncounts && l->ncounts != ncounts)
		fr_error(rd, ncounts == 2 ?
		    "one count: fg-gate reads differential lines (fg-diff's) here, or give two profiles" :
		    "two counts: a differential line, where a profile was expected (give fg-diff's output alone)");
}

/* What run r read says of its samples, checked: ncounts columns. */
static void
settle_run(struct grun *r, int ncounts)
{
	double v[2], w2[2], t;
	int k, kw, i;

	for (i = 0; i < ncounts; i++)
		if (count_iszero(r->t.total[i]))
			fileerr(rname(r), 0, "no samples%s", ncounts == 2 ?
			    (i ? " in the target" : " in the baseline") : "");
	/* the samples: stated, or the counts themselves when they are;
	 * of weights stated squared, the effective number, (sum w)^2 / sum w^2 */
	k = fh_samples(&r->t.unit, v);
	kw = fh_weight2(&r->t.unit, w2);
	if (r->t.unit.fact[FH_WEIGHT2] && kw != ncounts)
		fileerr(rname(r), 0, "'# fg: weight2=%s': not %s", r->t.unit.fact[FH_WEIGHT2],
		    ncounts == 2 ? "two sums of squared weights, a side's each" :
		    "a sum of squared weights (a non-negative decimal)");
	for (i = 0; i < ncounts; i++) {
		r->samples[i] = r->stated[i] = -1;
		r->kish[i] = 0;
		if (k == ncounts)
			r->samples[i] = r->stated[i] = v[i];
		else if (!r->t.unit.fact[FH_UNIT] && count_whole(r->t.total[i]))
			r->samples[i] = count_val(r->t.total[i]);
		if (kw == ncounts && w2[i] > 0) {
			t = count_val(r->t.total[i]);
			r->samples[i] = t * t / w2[i];
			/* never more than were taken (a filter's cut) */
			if (r->stated[i] >= 0 && r->samples[i] > r->stated[i])
				r->samples[i] = r->stated[i];
			r->kish[i] = 1;
		}
	}
}

/* Read run r into its rows: ncounts count columns expected. */
static void
read_run(const struct gate *g, struct grun *r, int ncounts)
{
	struct freader rd;
	struct frules rules;
	struct fline l;

	run_init(g, r);
	ropen(r, &rd, &rules);
	while (fr_next(&rd, &l)) {
		check_counts(&rd, &l, ncounts);
		top_line(&rd, &l, &r->t);
	}
	fr_close(&rd);
	top_done(&r->t);
	settle_run(r, ncounts);
}

/* Read run r, one profile, as side s of the map m (its counts in
 * column s): r's total and header as read_run takes them, m's stacks
 * not yet in its rows.  0 when a count was not whole. */
static int
read_side(const struct gate *g, struct grun *r, struct stackmap *m, int s)
{
	struct freader rd;
	struct frules rules;
	struct fline l;
	struct stackbatch b;
	count c[2] = { { 0, 0 }, { 0, 0 } };
	int whole = 1;

	run_init(g, r);
	ropen(r, &rd, &rules);
	memset(&b, 0, sizeof(b));
	/* lines go to the map from where they lie */
	stackbatch_lend(&b, m);
	lines_onrelease(&rd.in, stackbatch_release, &b);
	while (fr_next(&rd, &l)) {
		check_counts(&rd, &l, 1);
		if (!l.ncounts) {
			fh_parse(&r->t.unit, l.stack, l.len);
			continue;
		}
		fr_addcounts(&rd, r->t.total, l.c, 1);
		whole &= count_whole(l.c[0]);
		c[s] = l.c[0];
		stackbatch_add(&b, m, l.stack, l.len, c, 2, rd.name, rd.lineno);
	}
	stackbatch_flush(&b, m);
	lines_onrelease(&rd.in, NULL, NULL);
	free(b.buf);
	fr_close(&rd);
	settle_run(r, 1);
	return whole;
}

/*
 * One profile a side, of whole counts: both read into one map, then its
 * stacks into jrun's rows once each, the order first read (what sums up
 * whole counts needs no order; the keys come in the order the lines
 * gave them).  0, nothing kept, when a count was not whole: doubles add
 * up in the order of their lines.
 */
static int
read_joint(struct gst *st)
{
	struct grun *j;
	const struct stackent *e;
	const uint32_t *k;
	size_t i, nk;
	int s;

	stackmap_init(&st->jm);
	for (s = 0; s < 2; s++) {
		if (read_side(st->g, &st->run[s][0], &st->jm, s))
			continue;
		stackmap_free(&st->jm);
		for (; s >= 0; s--)
			top_free(&st->run[s][0].t);
		return 0;
	}
	j = st->jrun = ecalloc(1, sizeof(*j));
	run_init(st->g, j);
	st->joff = ereallocarray(NULL, st->jm.n + 1, sizeof(*st->joff));
	for (i = 0; i < st->jm.n; i++) {
		e = &st->jm.ent[i];
		nk = top_stack(&j->t, e->s, e->len, e->c, 2, &k);
		st->joff[i] = st->njkey;
		st->jkey = egrowarray(st->jkey, &st->jkcap, st->njkey + nk, sizeof(*st->jkey));
		memcpy(st->jkey + st->njkey, k, nk * sizeof(*k));
		st->njkey += nk;
	}
	st->joff[i] = st->njkey;
	top_done(&j->t);
	return 1;
}

/* The unit of every run alike, or an error. */
static void
same_unit(struct gst *st)
{
	const char *u, *first = NULL, *firstname = NULL;
	int s, i, seen = 0;

	for (s = 0; s < 2; s++)
		for (i = 0; i < st->nrun[s]; i++) {
			u = st->run[s][i].t.unit.fact[FH_UNIT];
			if (!seen++) {
				first = u;
				firstname = rname(&st->run[s][i]);
			} else if ((u == NULL) != (first == NULL) || (u && strcmp(u, first))) {
				fileerr(rname(&st->run[s][i]), 0,
				    "counts in %s, those of %s in %s: profiles of different units cannot be compared",
				    u ? u : "samples", firstname, first ? first : "samples");
			}
		}
	st->unit = first;
}

/* The keys of the rows of side s's run i. */
static const struct interner *
rkeys(const struct gst *st, int s, int i)
{
	return st->jrun ? &st->jrun->t.keys : &st->run[s][i].t.keys;
}

/* Every key of every run in st->keys, and each run's row of it. */
static void
join_keys(struct gst *st)
{
	const struct interner *k;
	int s, i;
	uint32_t j, n;

	intern_init(&st->keys);
	for (s = 0; s < 2; s++)
		for (i = 0; i < st->nrun[s]; i++) {
			k = rkeys(st, s, i);
			for (j = 0; j < k->n; j++)
				intern(&st->keys, intern_str(k, j), intern_len(k, j));
		}
	n = st->nkeys = st->keys.n;
	for (s = 0; s < 2; s++) {
		st->id[s] = ereallocarray(NULL, (size_t)st->nrun[s] * n + 1, sizeof(uint32_t));
		for (i = 0; i < st->nrun[s]; i++) {
			k = rkeys(st, s, i);
			for (j = 0; j < n; j++)
				st->id[s][(size_t)i * n + j] = intern_find(k, intern_str(&st->keys, j),
				    intern_len(&st->keys, j));
		}
	}
}

/* Key k's count in side s's run i (self or total), and the run's total. */
static double
kcount(const struct gst *st, int s, int i, uint32_t k, int self, double *total)
{
	const struct grun *r = st->jrun ? st->jrun : &st->run[s][i];
	uint32_t id = st->id[s][(size_t)i * st->nkeys + k];
	int col = st->g->diff || st->jrun ? s : 0;

	*total = count_val(r->t.total[col]);
	if (id == UINT32_MAX || id >= r->t.nrow)
		return 0;
	return count_val(self ? r->t.row[id].self[col] : r->t.row[id].total[col]);
}

/* Side s's share of key k: the estimate and its variance (gatestat.h). */
static struct gest
estimate(const struct gst *st, int s, uint32_t k, int self)
{
	struct gest e = { 0, 0, 0 };
	double x, t, n, sum = 0, ss = 0, a;
	int i, nr = st->nrun[s];

	if (st->model == M_SAMPLING) {
		x = kcount(st, s, 0, k, self, &t);
		n = st->run[s][0].samples[st->g->diff ? s : 0];
		e.a = t > 0 ? x / t : 0;
		/* the binomial's, kept above zero by one sample's worth (a
		 * share of no sample seen is no certainty) */
		e.v = (e.a * (1 - e.a) + 1 / n) / n;
		return e;
	}
	for (i = 0; i < nr; i++) {
		x = kcount(st, s, i, k, self, &t);
		sum += t > 0 ? x / t : 0;
	}
	e.a = sum / nr;
	for (i = 0; i < nr; i++) {
		x = kcount(st, s, i, k, self, &t);
		a = (t > 0 ? x / t : 0) - e.a;
		ss += a * a;
	}
	e.v = ss / (nr - 1) / nr;
	e.df = nr - 1;
	return e;
}

/* ---- judging ---- */

static const char *
keyname(const struct gst *st, uint32_t k, size_t *n)
{
	const char *annot, *s = intern_str(&st->keys, k);
	size_t alen;

	*n = frame_strip_annot(s, intern_len(&st->keys, k), &annot, &alen);
	return s;
}

/* Key ids in the suite's frame order, for output that does not depend
 * on the order the inputs named them. */
static int
cmp_key(const void *pa, const void *pb, void *arg)
{
	const struct interner *k = arg;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;

	return stack_cmp(intern_str(k, a), intern_len(k, a), intern_str(k, b), intern_len(k, b));
}

static void
add_tests(struct gst *st)
{
	const struct grules *rs = &st->g->rules;
	uint32_t *order = ereallocarray(NULL, st->nkeys + 1, sizeof(*order)), k, j;
	const struct grule *r;
	struct gres x;
	size_t i;

	for (j = 0; j < st->nkeys; j++)
		order[j] = j;
	if (st->nkeys)
		qsort_r(order, st->nkeys, sizeof(*order), cmp_key, &st->keys);
	st->named = ecalloc(rs->n + 1, sizeof(*st->named));
	for (i = 0; i < rs->n; i++) {
		r = &rs->r[i];
		for (j = 0; j < st->nkeys; j++) {
			k = order[j];
			if (r->pats.n && !pat_frame(&r->pats, intern_str(&st->keys, k),
			    intern_len(&st->keys, k)))
				continue;
			memset(&x, 0, sizeof(x));
			x.rule = i;
			x.key = k;
			x.e[0] = estimate(st, 0, k, r->self);
			x.e[1] = estimate(st, 1, k, r->self);
			if (x.e[0].a > 0 || x.e[1].a > 0)
				st->named[i]++;
			if (r->metric == GR_GROWTH && ((x.e[0].a == 0 && x.e[1].a == 0) ||
			    (x.e[0].a < r->minshare && x.e[1].a < r->minshare)))
				continue;
			if (r->metric == GR_SHARE && x.e[1].a == 0 && x.e[0].a == 0)
				continue;
			st->res = ereallocarray(st->res, st->nres + 1, sizeof(*st->res));
			st->res[st->nres++] = x;
		}
	}
	free(order);
}

/* Each test's p-values; Holm over the tests past the limits, the
 * family whose false alarm would be a false verdict, and over the tests
 * of improvement apart; the verdicts and intervals. */
static void
judge(struct gst *st)
{
	const struct grules *rs = &st->g->rules;
	size_t cap = st->nres + 1, i, nimp = 0;
	double *p = ereallocarray(NULL, cap, sizeof(*p)), *q = ereallocarray(NULL, cap, sizeof(*q));
	int *rej = ereallocarray(NULL, cap, sizeof(*rej)), *irej = ereallocarray(NULL, cap, sizeof(*irej));
	double c, alpha, df, z;
	struct gres *x;
	const struct grule *r;

	for (i = 0; i < st->nres; i++) {
		x = &st->res[i];
		r = &rs->r[x->rule];
		x->pimp = -1;
		if (r->metric == GR_GROWTH) {
			x->preg = gs_pvalue(&x->e[0], &x->e[1], 1 + r->limit);
			gs_stat(&x->e[0], &x->e[1], 1 + r->limit, &x->df);
			/* shrunk past the limit: H0 a1 >= (1 - g) a0 */
			if (r->limit < 1) {
				z = gs_stat(&x->e[0], &x->e[1], 1 - r->limit, &df);
				x->pimp = gs_ttail(-z, df);
				q[nimp++] = x->pimp;
			}
		} else {
			x->preg = gs_pvalue(NULL, &x->e[1], r->limit);
			gs_stat(NULL, &x->e[1], r->limit, &x->df);
		}
		p[i] = x->preg;
	}
	st->ntests = st->nres;
	st->alpha = alpha = 1 - st->g->confidence;
	gs_holm(p, st->nres, alpha, rej);
	gs_holm(q, nimp, alpha, irej);
	nimp = 0;
	for (i = 0; i < st->nres; i++) {
		x = &st->res[i];
		r = &rs->r[x->rule];
		c = r->metric == GR_GROWTH ? (1 + r->limit) * x->e[0].a : r->limit;
		x->verdict = rej[i] ? V_REGRESSION : x->e[1].a > c ? V_NOISE : V_PASS;
		if (x->pimp >= 0 && irej[nimp++])
			x->verdict = V_IMPROVEMENT;
		/* the interval: what no test at the family's first level,
		 * alpha / m, would reject, on either side */
		if (r->metric == GR_GROWTH) {
			x->lo = gs_bound(&x->e[0], &x->e[1], alpha / st->ntests, 0) - 1;
			x->hi = gs_bound(&x->e[0], &x->e[1], alpha / st->ntests, 1);
			x->hi = x->hi < 0 ? INFINITY : x->hi - 1;
		} else {
			x->lo = gs_bound(NULL, &x->e[1], alpha / st->ntests, 0);
			x->hi = gs_bound(NULL, &x->e[1], alpha / st->ntests, 1);
		}
	}
	free(p);
	free(q);
	free(rej);
	free(irej);
}

/* ---- attribution ---- */

static int
tripped(const struct gres *x)
{
	return x->verdict == V_REGRESSION;
}

/* The index in test res's callers of caller name, made when new. */
static size_t
caller_of(struct gst *st, size_t res, uint32_t name)
{
	struct gres *x = &st->res[res];
	struct hprobe p;
	struct cref *e;
	uint32_t i;

	for (htab_probe(&st->ctab, &p, hash_mix((uint64_t)res << 32 ^ name));
	    (i = htab_next(&st->ctab, &p)) != HTAB_NONE;)
		if (st->cref[i].res == res && st->cref[i].name == name)
			return st->cref[i].j;
	x->call = ereallocarray(x->call, x->ncall + 1, sizeof(*x->call));
	memset(&x->call[x->ncall], 0, sizeof(x->call[x->ncall]));
	x->call[x->ncall].name = name;
	st->cref = egrowarray(st->cref, &st->crefcap, st->ncref + 1, sizeof(*st->cref));
	e = &st->cref[st->ncref];
	e->res = res;
	e->name = name;
	e->j = x->ncall;
	htab_put(&st->ctab, &p, st->ncref < HTAB_NONE ? (uint32_t)st->ncref : HTAB_NONE);
	st->ncref++;
	return x->ncall++;
}

/* Count c (side s) of a line through frame f, of key keyid[f], toward
 * its caller's row in each tripped test of that key (trip[first[key]],
 * then along next), once a line; n frames in the line.  The caller's
 * name is interned when first counted, its id kept in *cname
 * (UINT32_MAX until then). */
static void
attribute(struct gst *st, struct gres **trip, const size_t *first, const size_t *next,
    const uint32_t *keyid, size_t f, size_t n, const char *caller, size_t clen, uint32_t *cname,
    int s, double c, uint64_t line)
{
	const struct grules *rs = &st->g->rules;
	struct gres *x;
	uint32_t name;
	size_t i, j;

	if (keyid[f] == UINT32_MAX)
		return;
	for (i = first[keyid[f]]; i != SIZE_MAX; i = next[i]) {
		x = trip[i];
		if (rs->r[x->rule].self && f + 1 != n)
			continue;
		if (x->seen[s] == line + 1)
			continue;
		x->seen[s] = line + 1;
		if (*cname == UINT32_MAX)
			*cname = intern(&st->cnames, caller, clen);
		name = *cname;
		j = caller_of(st, (size_t)(x - st->res), name);
		x->call[j].c[s] += c;
	}
}

static int
cmp_caller(const void *pa, const void *pb, void *arg)
{
	const struct gcaller *a = pa, *b = pb;
	const double *t = arg;
	double da = fabs(a->c[1] / t[1] - a->c[0] / t[0]), db = fabs(b->c[1] / t[1] - b->c[0] / t[0]);

	if (da != db)
		return da < db ? 1 : -1;
	return a->name < b->name ? -1 : a->name > b->name;
}

/* The callers pass over one run: the tripped tests by key, and the
 * run's keys as the gate's with their callers' names. */
struct cpass {
	struct gst *st;
	struct grun *r;
	struct gres **trip;
	size_t *first, *next;
	int s;			/* the side (diff: 0, counts a column each) */
	uint64_t line;
	uint32_t *keyid, rootname;
	size_t kcap, nmap, mcap;
	struct { uint32_t key, name; } *map;	/* a run's key: the gate's, its caller name */
};

/* A line (or a distinct stack, its lines' counts summed) of keys
 * k[0..nk) toward the callers of the tripped tests. */
static void
attribute_line(struct cpass *cp, const uint32_t *k, size_t nk, const count *c, int ncounts)
{
	const struct interner *keys = &cp->r->t.keys;
	size_t f, clen;
	const char *cs;
	uint32_t *cname;
	int col;

	cp->line++;
	cp->keyid = egrowarray(cp->keyid, &cp->kcap, nk, sizeof(*cp->keyid));
	for (f = 0; f < nk; f++) {
		for (; cp->nmap <= k[f]; cp->nmap++) {
			cp->map = egrowarray(cp->map, &cp->mcap, cp->nmap + 1, sizeof(*cp->map));
			cp->map[cp->nmap].key = intern_find(&cp->st->keys, intern_str(keys, cp->nmap),
			    intern_len(keys, cp->nmap));
			cp->map[cp->nmap].name = UINT32_MAX;
		}
		cp->keyid[f] = cp->map[k[f]].key;
	}
	for (f = 0; f < nk; f++) {
		if (f) {
			cs = intern_str(keys, k[f - 1]);
			clen = intern_len(keys, k[f - 1]);
			cname = &cp->map[k[f - 1]].name;
		} else {
			cs = "[root]";
			clen = 6;
			cname = &cp->rootname;
		}
		for (col = 0; col < ncounts; col++)
			attribute(cp->st, cp->trip, cp->first, cp->next, cp->keyid, f, nk, cs, clen, cname,
			    cp->st->g->diff || cp->st->jrun ? col : cp->s, count_val(c[col]), cp->line);
	}
}

/* A top_stack_fn: a distinct stack of the run, as its lines. */
static void
attribute_stack(const uint32_t *k, size_t nk, const count *c, void *arg)
{
	struct cpass *cp = arg;

	attribute_line(cp, k, nk, c, cp->st->g->diff ? 2 : 1);
}

/* The callers of each tripped function: from the distinct stacks each
 * run kept as it was read, in the order first read, or from the input
 * read again. */
static void
callers(struct gst *st)
{
	struct cpass cp = { 0 };
	struct freader rd;
	struct frules rules;
	struct fline l;
	const uint32_t *k;
	size_t ntrip = 0, i, nk;
	int ri, sides;

	for (i = 0; i < st->nres; i++)
		if (tripped(&st->res[i])) {
			cp.trip = ereallocarray(cp.trip, ntrip + 1, sizeof(*cp.trip));
			cp.trip[ntrip++] = &st->res[i];
		}
	if (!ntrip)
		return;
	/* each key's tripped tests, a list through next */
	cp.first = ereallocarray(NULL, st->nkeys + 1, sizeof(*cp.first));
	cp.next = ereallocarray(NULL, ntrip, sizeof(*cp.next));
	for (i = 0; i < st->nkeys; i++)
		cp.first[i] = SIZE_MAX;
	for (i = ntrip; i-- > 0;) {
		cp.next[i] = cp.first[cp.trip[i]->key];
		cp.first[cp.trip[i]->key] = i;
	}
	cp.st = st;
	cp.r = st->jrun;
	cp.rootname = UINT32_MAX;
	intern_init(&st->cnames);
	htab_init(&st->ctab, 0);
	sides = st->g->diff ? 1 : 2;
	/* both sides' stacks, in the order they were first read */
	for (i = 0; st->jrun && i < st->jm.n; i++)
		attribute_line(&cp, st->jkey + st->joff[i], st->joff[i + 1] - st->joff[i],
		    st->jm.ent[i].c, 2);
	for (cp.s = 0; !st->jrun && cp.s < sides; cp.s++)
		for (ri = 0; ri < st->nrun[cp.s]; ri++) {
			cp.r = &st->run[cp.s][ri];
			cp.nmap = 0;
			if (top_stacks(&cp.r->t, attribute_stack, &cp)) {
				top_end(&cp.r->t);
				continue;
			}
			top_end(&cp.r->t);
			ropen(cp.r, &rd, &rules);
			while (fr_next(&rd, &l)) {
				if (!l.ncounts)
					continue;
				nk = top_keys(&cp.r->t, l.stack, l.len, &k);
				attribute_line(&cp, k, nk, l.c, l.ncounts);
			}
			fr_close(&rd);
			top_end(&cp.r->t);
		}
	for (i = 0; i < ntrip; i++)
		if (cp.trip[i]->ncall)
			qsort_r(cp.trip[i]->call, cp.trip[i]->ncall, sizeof(*cp.trip[i]->call), cmp_caller,
			    st->total);
	free(cp.trip);
	free(cp.first);
	free(cp.next);
	free(cp.keyid);
	free(cp.map);
}

/* ---- output ---- */

static void
pct(char *b, size_t cap, double v)
{
	snprintf(b, cap, "%.2f%%", 100 * v);
}

static void
spct(char *b, size_t cap, double v)
{
	if (isinf(v) || v > 1e5)
		snprintf(b, cap, "+inf");
	else
		snprintf(b, cap, "%+.1f%%", 100 * v);
}

/* The parts of a result as text: share, change and interval. */
struct rtext {
	char before[32], after[32], change[32], lo[32], hi[32], limit[64];
};

static void
rtext(const struct gst *st, const struct gres *x, struct rtext *t)
{
	const struct grule *r = &st->g->rules.r[x->rule];

	pct(t->before, sizeof(t->before), x->e[0].a);
	pct(t->after, sizeof(t->after), x->e[1].a);
	if (r->metric == GR_GROWTH) {
		if (x->e[0].a > 0)
			spct(t->change, sizeof(t->change), x->e[1].a / x->e[0].a - 1);
		else
			snprintf(t->change, sizeof(t->change), "new");
		spct(t->lo, sizeof(t->lo), x->lo);
		spct(t->hi, sizeof(t->hi), x->hi);
		snprintf(t->limit, sizeof(t->limit), "growth > %g%%", 100 * r->limit);
	} else {
		pct(t->change, sizeof(t->change), x->e[1].a);
		pct(t->lo, sizeof(t->lo), x->lo);
		pct(t->hi, sizeof(t->hi), x->hi);
		snprintf(t->limit, sizeof(t->limit), "share > %g%%", 100 * r->limit);
	}
}

/* Results in the order they are shown: regressions of fail rules, of
 * warn rules, improvements, within noise, passes; then by p-value. */
static int
cmp_res(const void *pa, const void *pb, void *arg)
{
	const struct gres *a = pa, *b = pb;
	const struct grules *rs = arg;
	int ra = a->verdict * 2 + rs->r[a->rule].level, rb = b->verdict * 2 + rs->r[b->rule].level;

	if (a->verdict == V_IMPROVEMENT || b->verdict == V_IMPROVEMENT)
		ra = a->verdict * 2, rb = b->verdict * 2;
	if (ra != rb)
		return ra > rb ? -1 : 1;
	if (a->preg != b->preg)
		return a->preg < b->preg ? -1 : 1;
	if (a->rule != b->rule)
		return a->rule < b->rule ? -1 : 1;
	return a->key < b->key ? -1 : a->key > b->key;
}

struct tally {
	size_t v[4];		/* by verdict */
	size_t failed, warned;	/* regressions of fail and of warn rules */
};

static void
tally(const struct gst *st, struct tally *t)
{
	size_t i;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < st->nres; i++) {
		t->v[st->res[i].verdict]++;
		if (st->res[i].verdict == V_REGRESSION) {
			if (st->g->rules.r[st->res[i].rule].level == GR_FAIL)
				t->failed++;
			else
				t->warned++;
		}
	}
}

/* Side s's run of the sampling model, and its count column. */
static const struct grun *
srun(const struct gst *st, int s, int *col)
{
	*col = st->g->diff ? s : 0;
	return st->g->diff ? &st->run[0][0] : &st->run[s][0];
}

/* Whether the sampling model takes weights as equal that may not be: a
 * side of weighted counts (a unit) with no weights squared stated. */
static int
equal_weights(const struct gst *st)
{
	int s, col;

	if (st->model != M_SAMPLING || !st->unit)
		return 0;
	for (s = 0; s < 2; s++)
		if (!srun(st, s, &col)->kish[col])
			return 1;
	return 0;
}

/* Side s's samples in words: "554", or "223 effective of 554". */
static void
side_text(const struct gst *st, int s, char *b, size_t cap)
{
	int col;
	const struct grun *r = srun(st, s, &col);

	if (!r->kish[col])
		snprintf(b, cap, "%.0f", r->samples[col]);
	else if (r->stated[col] >= 0)
		snprintf(b, cap, "%.0f effective of %.0f", r->samples[col], r->stated[col]);
	else
		snprintf(b, cap, "%.0f effective", r->samples[col]);
}

/* The model in words, for every format. */
/* The least share of its samples a profile's effective number may be
 * for the sampling model to hold as simulated. */
#define KISH_CHECKED 0.4

static void
model_text(const struct gst *st, char *b, size_t cap)
{
	const struct grun *r;
	char a[64], c[64];
	int s, col, kish = 0, wide = 0;

	if (st->model == M_RUNS) {
		snprintf(b, cap, "runs model: %d and %d runs, Welch's t on their shares",
		    st->nrun[0], st->nrun[1]);
		return;
	}
	for (s = 0; s < 2; s++) {
		r = srun(st, s, &col);
		kish |= r->kish[col];
		/* the model was checked (scripts/sim-gate weights) for
		 * weights as varied as exponential ones, an effective
		 * number half the samples; not for heavier tails */
		if (r->kish[col] && r->stated[col] > 0 &&
		    r->samples[col] < KISH_CHECKED * r->stated[col])
			wide = 1;
	}
	side_text(st, 0, a, sizeof(a));
	side_text(st, 1, c, sizeof(c));
	snprintf(b, cap, "sampling model: shares of %s and %s samples%s, taken as independent%s%s",
	    a, c, kish ? " (Kish's effective number, of the weights squared)" : "",
	    equal_weights(st) ? "; weighted counts taken as samples of equal weight "
	    "(no '# fg: weight2=' header): where the weights vary, the confidence is overstated" : "",
	    wide ? "; the weights vary more than the model was checked for (an effective "
	    "number under 40% of the samples): a few long samples can carry a small "
	    "function past the noise, so the confidence is overstated; repeated runs "
	    "(--base and --target with several each) measure the spread" : "");
}

static void
summary_text(const struct gst *st, const struct tally *t, char *b, size_t cap)
{
	snprintf(b, cap, "%zu regression%s (%zu of fail rules), %zu improvement%s, %zu within noise, "
	    "%zu pass; %g%% confidence over all %zu tests",
	    t->v[V_REGRESSION], t->v[V_REGRESSION] == 1 ? "" : "s", t->failed,
	    t->v[V_IMPROVEMENT], t->v[V_IMPROVEMENT] == 1 ? "" : "s", t->v[V_NOISE],
	    t->v[V_PASS], 100 * st->g->confidence, st->ntests);
}

/* A caller's line: "main 4.00% -> 5.20% (+1.20 points)". */
static void
caller_parts(const struct gst *st, const struct gcaller *c, char *a, char *b, char *d)
{
	double x0 = c->c[0] / st->total[0], x1 = c->c[1] / st->total[1];

	pct(a, 32, x0);
	pct(b, 32, x1);
	snprintf(d, 32, "%+.2f points", 100 * (x1 - x0));
}

static size_t
ncallers(const struct gst *st, const struct gres *x)
{
	return x->ncall < (size_t)st->g->ncallers ? x->ncall : (size_t)st->g->ncallers;
}

static void
report_text(const struct gst *st, const struct tally *t)
{
	const struct grules *rs = &st->g->rules;
	const struct gres *x;
	const struct grule *r;
	struct rtext tx;
	char m[1024], sum[512], a[32], b[32], d[32];
	const char *name;
	size_t i, j, n;

	model_text(st, m, sizeof(m));
	summary_text(st, t, sum, sizeof(sum));
	out_printf("fg-gate: %s: %s\n  (%s)\n", t->failed ? "FAIL" : "pass", sum, m);
	for (i = 0; i < st->nres; i++) {
		x = &st->res[i];
		if (x->verdict == V_PASS)
			break;
		r = &rs->r[x->rule];
		rtext(st, x, &tx);
		name = keyname(st, x->key, &n);
		out_printf("%-12s  %s  ", verdictname[x->verdict], r->level == GR_FAIL ? "fail" : "warn");
		out_term(name, n);
		if (r->metric == GR_GROWTH)
			out_printf(": %s share %s -> %s, growth %s (interval %s to %s); limit %s  [%s]\n",
			    r->self ? "self" : "total", tx.before, tx.after, tx.change, tx.lo, tx.hi,
			    tx.limit, r->src);
		else
			out_printf(": %s share %s -> %s (interval %s to %s); limit %s  [%s]\n",
			    r->self ? "self" : "total", tx.before, tx.after, tx.lo, tx.hi, tx.limit,
			    r->src);
		for (j = 0; j < ncallers(st, x); j++) {
			caller_parts(st, &x->call[j], a, b, d);
			out_str(j ? "; " : "              callers: ");
			out_term(intern_str(&st->cnames, x->call[j].name),
			    intern_len(&st->cnames, x->call[j].name));
			out_printf(" %s -> %s (%s)", a, b, d);
		}
		if (j)
			out_char('\n');
	}
}

/* Text in a Markdown table cell: its punctuation escaped, '<' and '&'
 * as entities, control characters as '?', bidirectional controls as
 * \\u202e (escape.h). */
static void
md(const char *s, size_t n)
{
	size_t i, k;
	uint32_t cp;
	char buf[8];

	for (i = 0; i < n; i++) {
		unsigned char c = s[i];

		if ((k = bidi_control(s + i, n - i, &cp))) {
			/* shown as \u202e: its backslash escaped */
			bidi_shown(cp, buf);
			out_str("\\");
			out_str(buf);
			i += k - 1;
		} else if (c == '<')
			out_str("&lt;");
		else if (c == '>')
			out_str("&gt;");
		else if (c == '&')
			out_str("&amp;");
		else if (c < ' ' || c == 0x7f)
			out_char('?');
		else {
			if (strchr("\\`*_{}[]()#+-.!|~", c))
				out_char('\\');
			out_char(c);
		}
	}
}

static void
report_markdown(const struct gst *st, const struct tally *t)
{
	const struct grules *rs = &st->g->rules;
	const struct gres *x;
	const struct grule *r;
	struct rtext tx;
	char m[1024], sum[512], a[32], b[32], d[32];
	const char *name;
	size_t i, j, n, shown = 0;

	model_text(st, m, sizeof(m));
	summary_text(st, t, sum, sizeof(sum));
	out_printf("## fg-gate: %s\n\n%s (%s).\n", t->failed ? "FAIL" : "pass", sum, m);
	for (i = 0; i < st->nres; i++) {
		x = &st->res[i];
		if (x->verdict == V_PASS)
			break;
		if (!shown++)
			out_str("\n| verdict | level | function | share | before | after | change | interval | limit | rule |\n"
			    "|---|---|---|---|---|---|---|---|---|---|\n");
		r = &rs->r[x->rule];
		rtext(st, x, &tx);
		name = keyname(st, x->key, &n);
		out_printf("| %s | %s | ", verdictname[x->verdict], r->level == GR_FAIL ? "fail" : "warn");
		md(name, n);
		out_printf(" | %s | %s | %s | %s | %s to %s | %s | ", r->self ? "self" : "total",
		    tx.before, tx.after, r->metric == GR_GROWTH ? tx.change : "", tx.lo, tx.hi,
		    tx.limit);
		md(r->src, strlen(r->src));
		out_str(" |\n");
	}
	for (i = 0; i < st->nres && st->res[i].verdict != V_PASS; i++) {
		x = &st->res[i];
		if (!x->ncall)
			continue;
		name = keyname(st, x->key, &n);
		out_str("\nCallers of ");
		md(name, n);
		out_str(" carrying the change:\n\n");
		for (j = 0; j < ncallers(st, x); j++) {
			caller_parts(st, &x->call[j], a, b, d);
			out_str("- ");
			md(intern_str(&st->cnames, x->call[j].name), intern_len(&st->cnames, x->call[j].name));
			out_printf(": %s -> %s (%s)\n", a, b, d);
		}
	}
}

static void
jnum(const char *key, double v)
{
	out_printf(",\"%s\":", key);
	if (isinf(v) || isnan(v))
		out_str("null");
	else
		out_printf("%.10g", v);
}

static void
report_json(const struct gst *st, const struct tally *t)
{
	const struct grules *rs = &st->g->rules;
	const struct gres *x;
	const struct grule *r;
	const char *name;
	char m[1024];
	size_t i, j, n;

	model_text(st, m, sizeof(m));
	out_printf("{\"verdict\":\"%s\",\"confidence\":%g,\"model\":\"%s\",\"description\":",
	    t->failed ? "fail" : "pass", st->g->confidence,
	    st->model == M_SAMPLING ? "sampling" : "runs");
	out_jsonstr(m, strlen(m));
	if (st->model == M_SAMPLING) {
		int c0, c1;
		const struct grun *r0 = srun(st, 0, &c0), *r1 = srun(st, 1, &c1);

		out_printf(",\"weights\":\"%s\"", r0->kish[c0] && r1->kish[c1] ? "kish" :
		    equal_weights(st) ? "assumed equal" : "counts");
		jnum("samples_base", r0->samples[c0]);
		jnum("samples_target", r1->samples[c1]);
	}
	out_printf(",\"tests\":%zu,\"regressions\":%zu,\"failed\":%zu,\"improvements\":%zu,"
	    "\"noise\":%zu,\"pass\":%zu,\"results\":[", st->ntests, t->v[V_REGRESSION], t->failed,
	    t->v[V_IMPROVEMENT], t->v[V_NOISE], t->v[V_PASS]);
	for (i = 0; i < st->nres; i++) {
		x = &st->res[i];
		r = &rs->r[x->rule];
		name = keyname(st, x->key, &n);
		out_str(i ? ",\n{\"verdict\":" : "\n{\"verdict\":");
		out_jsonstr(verdictname[x->verdict], strlen(verdictname[x->verdict]));
		out_printf(",\"level\":\"%s\",\"metric\":\"%s\",\"share\":\"%s\",\"rule\":",
		    r->level == GR_FAIL ? "fail" : "warn", r->metric == GR_GROWTH ? "growth" : "share",
		    r->self ? "self" : "total");
		out_jsonstr(r->text, strlen(r->text));
		out_str(",\"source\":");
		out_jsonstr(r->src, strlen(r->src));
		out_str(",\"function\":");
		out_jsonstr(name, n);
		jnum("limit", r->limit);
		jnum("before", x->e[0].a);
		jnum("after", x->e[1].a);
		if (r->metric == GR_GROWTH)
			jnum("change", x->e[0].a > 0 ? x->e[1].a / x->e[0].a - 1 : INFINITY);
		jnum("low", x->lo);
		jnum("high", x->hi);
		jnum("p", x->preg);
		if (st->model == M_RUNS)
			jnum("df", x->df);
		out_str(",\"callers\":[");
		for (j = 0; j < ncallers(st, x); j++) {
			out_str(j ? ",{\"name\":" : "{\"name\":");
			out_jsonstr(intern_str(&st->cnames, x->call[j].name),
			    intern_len(&st->cnames, x->call[j].name));
			jnum("before", x->call[j].c[0] / st->total[0]);
			jnum("after", x->call[j].c[1] / st->total[1]);
			out_char('}');
		}
		out_str("]}");
	}
	out_str("\n]}\n");
}

static void
report_junit(const struct gst *st, const struct tally *t)
{
	const struct grules *rs = &st->g->rules;
	const struct gres *x;
	struct rtext tx;
	const char *name;
	char m[1024];
	size_t i, k, n, nfail = 0;

	model_text(st, m, sizeof(m));
	for (i = 0; i < rs->n; i++)
		for (k = 0; k < st->nres; k++)
			if (st->res[k].rule == i && st->res[k].verdict == V_REGRESSION &&
			    rs->r[i].level == GR_FAIL) {
				nfail++;
				break;
			}
	(void)t;
	out_printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<testsuites name=\"fg-gate\" tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n"
	    "<testsuite name=\"fg-gate\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"0\">\n"
	    "<properties><property name=\"model\" value=\"", rs->n, nfail, rs->n, nfail);
	out_xmlshown(m, strlen(m));
	out_printf("\"/><property name=\"confidence\" value=\"%g\"/></properties>\n",
	    st->g->confidence);
	for (i = 0; i < rs->n; i++) {
		int failed = 0, any = 0;

		out_str("<testcase classname=\"fg-gate\" name=\"");
		out_xmlshown(rs->r[i].text, strlen(rs->r[i].text));
		out_str(" (");
		out_xmlshown(rs->r[i].src, strlen(rs->r[i].src));
		out_str(")\">\n");
		for (k = 0; k < st->nres; k++) {
			x = &st->res[k];
			if (x->rule != i || x->verdict != V_REGRESSION || rs->r[i].level != GR_FAIL)
				continue;
			rtext(st, x, &tx);
			name = keyname(st, x->key, &n);
			if (!failed++) {
				out_str("<failure type=\"regression\" message=\"");
				out_xmlshown(name, n);
				out_printf(": %s -> %s\">", tx.before, tx.after);
			}
			out_xmlshown(name, n);
			out_printf(": %s share %s -> %s, %s (interval %s to %s)\n",
			    rs->r[i].self ? "self" : "total", tx.before, tx.after,
			    rs->r[i].metric == GR_GROWTH ? tx.change : tx.after, tx.lo, tx.hi);
		}
		if (failed)
			out_str("</failure>\n");
		for (k = 0; k < st->nres; k++) {
			x = &st->res[k];
			if (x->rule != i || x->verdict == V_PASS ||
			    (x->verdict == V_REGRESSION && rs->r[i].level == GR_FAIL))
				continue;
			if (!any++)
				out_str("<system-out>");
			rtext(st, x, &tx);
			name = keyname(st, x->key, &n);
			out_printf("%s: ", verdictname[x->verdict]);
			out_xmlshown(name, n);
			out_printf(" %s -> %s (interval %s to %s)\n", tx.before, tx.after, tx.lo, tx.hi);
		}
		if (any)
			out_str("</system-out>\n");
		out_str("</testcase>\n");
	}
	out_str("</testsuite>\n</testsuites>\n");
}

/* Text of a GitHub workflow command: '%', CR and LF escaped, and in a
 * property ':' and ',' too; other control characters as '?',
 * bidirectional ones as \u202e. */
static void
gh(const char *s, size_t n, int prop)
{
	size_t i, k;
	uint32_t cp;
	char buf[8];

	for (i = 0; i < n; i++) {
		unsigned char c = s[i];

		if ((k = bidi_control(s + i, n - i, &cp))) {
			out_mem(buf, bidi_shown(cp, buf));
			i += k - 1;
		} else if (c == '%')
			out_str("%25");
		else if (c == '\r')
			out_str("%0D");
		else if (c == '\n')
			out_str("%0A");
		else if (prop && c == ':')
			out_str("%3A");
		else if (prop && c == ',')
			out_str("%2C");
		else if (c < ' ' || c == 0x7f)
			out_char('?');
		else
			out_char(c);
	}
}

static void
report_github(const struct gst *st, const struct tally *t)
{
	const struct grules *rs = &st->g->rules;
	const struct gres *x;
	const struct grule *r;
	struct rtext tx;
	char m[1024], sum[512], line[512], a[32], b[32], d[32];
	const char *name;
	size_t i, j, n;

	for (i = 0; i < st->nres && st->res[i].verdict != V_PASS; i++) {
		x = &st->res[i];
		r = &rs->r[x->rule];
		rtext(st, x, &tx);
		name = keyname(st, x->key, &n);
		out_str(x->verdict != V_REGRESSION ? "::notice title=" :
		    r->level == GR_FAIL ? "::error title=" : "::warning title=");
		snprintf(line, sizeof(line), "fg-gate %s: ", verdictname[x->verdict]);
		gh(line, strlen(line), 1);
		gh(name, n, 1);
		out_str("::");
		gh(name, n, 0);
		snprintf(line, sizeof(line), ": %s share %s -> %s, %s%s (interval %s to %s); limit %s [%s]",
		    r->self ? "self" : "total", tx.before, tx.after,
		    r->metric == GR_GROWTH ? "growth " : "", r->metric == GR_GROWTH ? tx.change : "",
		    tx.lo, tx.hi, tx.limit, r->src);
		gh(line, strlen(line), 0);
		for (j = 0; j < ncallers(st, x); j++) {
			caller_parts(st, &x->call[j], a, b, d);
			gh(j ? "; " : "\ncallers: ", j ? 2 : 10, 0);
			gh(intern_str(&st->cnames, x->call[j].name), intern_len(&st->cnames, x->call[j].name), 0);
			snprintf(line, sizeof(line), " %s -> %s (%s)", a, b, d);
			gh(line, strlen(line), 0);
		}
		out_char('\n');
	}
	model_text(st, m, sizeof(m));
	summary_text(st, t, sum, sizeof(sum));
	out_printf("fg-gate: %s: %s (%s)\n", t->failed ? "FAIL" : "pass", sum, m);
}

/* ---- the run ---- */

static void
read_all(struct gst *st)
{
	struct gate *g = st->g;
	int s, i, joint;

	if (g->diff) {
		st->run[0] = st->run[1] = ecalloc(1, sizeof(struct grun));
		st->nrun[0] = st->nrun[1] = 1;
		st->run[0]->path = g->path[0][0];
		if (!st->run[0]->path)
			st->run[0]->fd = spool();
		read_run(g, st->run[0], 2);
		st->total[0] = count_val(st->run[0]->t.total[0]);
		st->total[1] = count_val(st->run[0]->t.total[1]);
		return;
	}
	for (s = 0; s < 2; s++) {
		st->nrun[s] = g->n[s];
		st->run[s] = ecalloc(g->n[s], sizeof(struct grun));
		for (i = 0; i < g->n[s]; i++) {
			st->run[s][i].path = g->path[s][i];
			if (!strcmp(g->path[s][i], "-")) {
				st->run[s][i].path = NULL;
				st->run[s][i].fd = -1;	/* spooled when first read */
			}
		}
	}
	joint = g->n[0] == 1 && g->n[1] == 1 && read_joint(st);
	for (s = 0; s < 2; s++)
		for (i = 0; i < g->n[s]; i++) {
			if (!joint)
				read_run(g, &st->run[s][i], 1);
			st->total[s] += count_val(st->run[s][i].t.total[0]);
		}
}

/* Can the sampling noise be sized?  Else say why, and what would. */
static void
need_samples(const struct gst *st)
{
	const struct grun *r;
	int s, col;

	for (s = 0; s < 2; s++) {
		r = st->run[s];
		col = st->g->diff ? s : 0;
		if (r->samples[col] >= 1)
			continue;
		fileerr(rname(r), 0, "%s: counts %s%s with no number of samples behind them "
		    "('# fg: samples=N'): the sampling noise cannot be sized; gate repeated runs "
		    "instead (--base B1 B2... --target T1 T2...)",
		    st->g->diff ? (s ? "the target" : "the baseline") : (s ? "target" : "baseline"),
		    st->unit ? "in " : "of decimal samples", st->unit ? st->unit : "");
	}
}

/* Each rule that names nothing: a warning, or under --strict an error. */
static void
check_named(const struct gst *st)
{
	const struct grules *rs = &st->g->rules;
	const struct grule *r;
	size_t i;

	for (i = 0; i < rs->n; i++) {
		r = &rs->r[i];
		if (!r->pats.n || st->named[i])
			continue;
		if (st->g->strict)
			eprintf("%s: '%s' names nothing in the profiles", r->src, r->text);
		weprintf("%s: '%s' names nothing in the profiles", r->src, r->text);
	}
}

int
gate_run(struct gate *g)
{
	struct gst st;
	struct tally t;
	int s, i;
	size_t k;

	memset(&st, 0, sizeof(st));
	st.g = g;
	read_all(&st);
	same_unit(&st);
	st.model = !g->diff && g->n[0] > 1 && g->n[1] > 1 ? M_RUNS : M_SAMPLING;
	if (st.model == M_SAMPLING)
		need_samples(&st);
	join_keys(&st);
	add_tests(&st);
	check_named(&st);
	judge(&st);
	callers(&st);
	if (st.nres)	/* no results: no array, and qsort_r's is never NULL */
		qsort_r(st.res, st.nres, sizeof(*st.res), cmp_res, &g->rules);
	tally(&st, &t);
	switch (g->format) {
	case GF_MARKDOWN: report_markdown(&st, &t); break;
	case GF_JSON: report_json(&st, &t); break;
	case GF_JUNIT: report_junit(&st, &t); break;
	case GF_GITHUB: report_github(&st, &t); break;
	default: report_text(&st, &t);
	}
	out_flush();
	for (s = 0; s < (g->diff ? 1 : 2); s++) {
		for (i = 0; i < st.nrun[s]; i++) {
			top_free(&st.run[s][i].t);
			if (!st.run[s][i].path)
				close(st.run[s][i].fd);
		}
		free(st.run[s]);
	}
	for (k = 0; k < st.nres; k++)
		free(st.res[k].call);
	free(st.res);
	free(st.id[0]);
	free(st.id[1]);
	free(st.named);
	intern_free(&st.keys);
	if (st.cnames.str) {
		intern_free(&st.cnames);
		htab_free(&st.ctab);
	}
	free(st.cref);
	if (st.jrun) {
		top_free(&st.jrun->t);
		free(st.jrun);
		stackmap_free(&st.jm);
		free(st.jkey);
		free(st.joff);
	}
	return t.failed ? GATE_FAILED : 0;
}
