/* stackmap.c: whole stacks to their summed counts */
#include <semaphore.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "base/hash.h"
#include "base/out.h"
#include "base/par.h"
#include "base/strsort.h"
#include "stack/stackmap.h"
#include "base/util.h"

void
stackmap_init(struct stackmap *m)
{
	memset(m, 0, sizeof(*m));
	htab_init(&m->tab, 0);
}

static struct stackent *stackmap_geth(struct stackmap *m, const char *s, size_t len,
    uint64_t h);
static int stackmap_addh(struct stackmap *m, const char *s, size_t len, uint64_t h,
    const count *c, int n);

struct stackent *
stackmap_get(struct stackmap *m, const char *s, size_t len)
{
	return stackmap_geth(m, s, len, hash_bytes(s, len));
}

/* stackmap_get with the stack's hash_bytes already taken */
static struct stackent *
stackmap_geth(struct stackmap *m, const char *s, size_t len, uint64_t h)
{
	struct hprobe p;
	struct stackent *e;
	uint32_t i;

	for (htab_probe(&m->tab, &p, h); (i = htab_next(&m->tab, &p)) != HTAB_NONE;) {
		e = &m->ent[i];
		if (e->len == len && !memcmp(e->s, s, len))
			return e;
	}
	e = stackmap_push(m, s, len);
	htab_put(&m->tab, &p, (uint32_t)(m->n - 1));
	return e;
}

struct stackent *
stackmap_push(struct stackmap *m, const char *s, size_t len)
{
	struct stackent *e;

	if (m->n == UINT32_MAX - 1)
		eprintf("too many distinct stacks");
	m->ent = egrowarray(m->ent, &m->cap, m->n + 1, sizeof(*m->ent));
	e = &m->ent[m->n++];
	memset(e, 0, sizeof(*e));
	e->s = arena_strdup(&m->arena, s, len);
	e->len = len;
	return e;
}

/* A sorted run: entries and what each is known to share with the one
 * before (NULL: nothing known). */
struct run {
	const struct stackent *e;
	const size_t *lcp;
	size_t n;
};

static size_t
known(const struct run *r, size_t i)
{
	return i < r->n && r->lcp ? r->lcp[i] : 0;
}

/*
 * Two sorted runs merged by what their strings share (after the LCP
 * merge of Ng and Kakehi): ha and hb are bytes the heads are known to
 * share with the entry last put out, so the heads share the fewer of
 * the two and are compared from there on: the long prefixes stacks
 * share are not read again for each comparison.  Each distinct stack
 * goes to fn with what it shares with the one before; 0 when a sum
 * overflows.
 */
static int
merge2(const struct run *a, const struct run *b, stackent_fn *fn, void *arg)
{
	struct stackent e;
	size_t i = 0, j = 0, ha = 0, hb = 0, h, m, min;
	int c, k;

	while (i < a->n && j < b->n) {
		h = ha < hb ? ha : hb;
		min = a->e[i].len < b->e[j].len ? a->e[i].len : b->e[j].len;
		m = h + str_mismatch(a->e[i].s + h, b->e[j].s + h, min - h);
		c = m < min ? (unsigned char)a->e[i].s[m] - (unsigned char)b->e[j].s[m] :
		    (a->e[i].len > b->e[j].len) - (a->e[i].len < b->e[j].len);
		if (c < 0) {
			fn(&a->e[i++], ha, arg);
			hb = m;
			ha = known(a, i);
		} else if (c > 0) {
			fn(&b->e[j++], hb, arg);
			ha = m;
			hb = known(b, j);
		} else {
			e = a->e[i++];
			for (k = 0; k < 2; k++)
				if (!count_add(&e.c[k], b->e[j].c[k]))
					return 0;
			j++;
			fn(&e, h, arg);
			ha = known(a, i);
			hb = known(b, j);
		}
	}
	for (; i < a->n; i++, ha = known(a, i))
		fn(&a->e[i], ha, arg);
	for (; j < b->n; j++, hb = known(b, j))
		fn(&b->e[j], hb, arg);
	return 1;
}

/* A merge's output kept as a run of its own. */
struct collect {
	struct stackent *e;
	size_t *lcp;
	size_t n;
};

static void
collect(const struct stackent *e, size_t lcp, void *arg)
{
	struct collect *c = arg;

	c->e[c->n] = *e;
	c->lcp[c->n++] = lcp;
}

/* Can no sum of counts overflow?  Not when the counts of all the runs
 * add up, column by column. */
static int
sums_fit(struct stackent **a, const size_t *n, int k)
{
	count t[2] = { { 0, 0 }, { 0, 0 } };
	size_t i;
	int r, c;

	for (r = 0; r < k; r++)
		for (i = 0; i < n[r]; i++)
			for (c = 0; c < 2; c++)
				if (!count_add(&t[c], a[r][i].c[c]))
					return 0;
	return 1;
}

static void
emit_all(const struct stackent *e, size_t n, stackent_fn *fn, void *arg)
{
	size_t i;

	for (i = 0; i < n; i++)
		fn(&e[i], 0, arg);
}

static int
merge_all(struct stackent **a, size_t **lcp, const size_t *n, int k, stackent_fn *fn,
    void *arg)
{
	struct run r[2] = { { NULL, NULL, 0 }, { NULL, NULL, 0 } };
	struct collect c = { NULL, NULL, 0 };
	struct collect done = { NULL, NULL, 0 };
	int i, nr = 0, ok = 1;

	/* the runs not empty: the first two, and each further one merged
	 * into them as a run kept in memory, until two are left */
	for (i = 0; i < k && ok; i++) {
		if (!n[i])
			continue;
		if (nr < 2) {
			r[nr++] = (struct run){ a[i], lcp[i], n[i] };
			continue;
		}
		c.e = ereallocarray(NULL, r[0].n + r[1].n, sizeof(*c.e));
		c.lcp = ereallocarray(NULL, r[0].n + r[1].n, sizeof(*c.lcp));
		c.n = 0;
		ok = merge2(&r[0], &r[1], collect, &c);
		free(done.e);
		free(done.lcp);
		done = c;
		r[0] = (struct run){ done.e, done.lcp, done.n };
		r[1] = (struct run){ a[i], lcp[i], n[i] };
	}
	if (ok)
		ok = merge2(&r[0], &r[1], fn, arg);
	free(done.e);
	free(done.lcp);
	return ok;
}

struct stackent *
stackent_merge(struct stackent **a, size_t **lcp, const size_t *n, int k, size_t *nout)
{
	struct collect c = { NULL, NULL, 0 };
	size_t total = 0;
	int i;

	for (i = 0; i < k; i++)
		total += n[i];
	c.e = ereallocarray(NULL, total ? total : 1, sizeof(*c.e));
	c.lcp = ereallocarray(NULL, total ? total : 1, sizeof(*c.lcp));
	if (!merge_all(a, lcp, n, k, collect, &c)) {
		free(c.e);
		free(c.lcp);
		return NULL;
	}
	free(c.lcp);
	*nout = c.n;
	return c.e;
}

/*
 * A large merge in segments, split at stacks of its largest run, each
 * found in the other runs by binary search (equal stacks fall in the
 * same segment): the main thread merges the even ones straight out,
 * a helper the odd ones into memory (out_keep), at most AHEAD ahead, and
 * the main thread writes each in its turn.  The helper's AHEAD buffers
 * are used in turn: fresh memory costs a page fault a page, and the
 * output is as big as the input's distinct stacks.
 */
enum { NSEG = 64, SEG_MIN = 4096, AHEAD = 2, SEG_RUNS = 8 };

struct segs {
	struct stackent **a;
	size_t **lcp;
	int k;
	size_t *pos;		/* pos[s * k + r]: segment s's start in run r */
	stackent_fn *fn;
	void *arg;
	struct outkeep out[AHEAD];	/* odd segment s in out[s / 2 % AHEAD] */
	sem_t ready[NSEG];	/* posted when segment s is kept whole */
	sem_t room;		/* segments the helper may run ahead */
};

/* Where run a[0..n) reaches key: its first entry not before it. */
static size_t
lower(const struct stackent *a, size_t n, const struct stackent *key)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (str_cmp(a[mid].s, a[mid].len, key->s, key->len, -1) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* How many entries of the k runs come before key. */
static size_t
rank(const struct segs *g, const size_t *n, const struct stackent *key)
{
	size_t sum = 0;
	int r;

	for (r = 0; r < g->k; r++)
		sum += lower(g->a[r], n[r], key);
	return sum;
}

static int
cmp_ent(const void *a, const void *b)
{
	const struct stackent *x = *(const struct stackent *const *)a;
	const struct stackent *y = *(const struct stackent *const *)b;

	return str_cmp(x->s, x->len, y->s, y->len, -1);
}

/*
 * Where each segment starts in each run: at one of the keys drawn from
 * every run at each NSEG-th of its entries, the first that as many
 * entries of all the runs come before as the segments before it hold,
 * in even shares.  The runs of two profiles may each fall in a few
 * segments of the other's: cut by one run's entries, one segment held
 * two thirds of a merge and the helper thread did it alone.
 */
static void
seg_bounds(struct segs *g, const size_t *n)
{
	const struct stackent *key[SEG_RUNS * NSEG];
	size_t nkey = 0, total = 0, want, i = 0, j;
	int r, s;

	for (r = 0; r < g->k; r++) {
		total += n[r];
		for (j = 1; j < NSEG && n[r]; j++)
			key[nkey++] = &g->a[r][n[r] * j / NSEG];
		g->pos[r] = 0;
		g->pos[NSEG * g->k + r] = n[r];
	}
	qsort(key, nkey, sizeof(*key), cmp_ent);
	for (s = 1; s < NSEG; s++) {
		want = total / NSEG * s;
		while (i < nkey && rank(g, n, key[i]) < want)
			i++;
		for (r = 0; r < g->k; r++)
			g->pos[s * g->k + r] = i < nkey ? lower(g->a[r], n[r], key[i]) : n[r];
	}
}

/* Merge segment s (sums known to fit). */
static void
seg_merge(struct segs *g, int s)
{
	struct stackent *a[SEG_RUNS];
	size_t *lcp[SEG_RUNS], n[SEG_RUNS], lo, hi;
	int r;

	for (r = 0; r < g->k; r++) {
		lo = g->pos[s * g->k + r];
		hi = g->pos[(s + 1) * g->k + r];
		a[r] = g->a[r] + lo;
		lcp[r] = g->lcp[r] ? g->lcp[r] + lo : NULL;
		n[r] = hi - lo;
	}
	merge_all(a, lcp, n, g->k, g->fn, g->arg);
}

static void
seg_helper(void *arg)
{
	struct segs *g = arg;
	int s;

	for (s = 1; s < NSEG; s += 2) {
		while (sem_wait(&g->room) < 0)
			;
		out_keep(&g->out[s / 2 % AHEAD]);
		seg_merge(g, s);
		out_keep(NULL);
		sem_post(&g->ready[s]);
	}
}

static int
merge_segs(struct stackent **a, size_t **lcp, const size_t *n, int k, stackent_fn *fn,
    void *arg)
{
	struct segs *g = ecalloc(1, sizeof(*g));
	struct outkeep *kept;
	struct par par;
	int s, started;

	g->a = a;
	g->lcp = lcp;
	g->k = k;
	g->fn = fn;
	g->arg = arg;
	g->pos = ereallocarray(NULL, (size_t)(NSEG + 1) * k, sizeof(*g->pos));
	seg_bounds(g, n);
	for (s = 0; s < NSEG; s++)
		sem_init(&g->ready[s], 0, 0);
	sem_init(&g->room, 0, AHEAD);
	started = par_start(&par, seg_helper, g);
	par_done(&par, 0);
	for (s = 0; s < NSEG; s++) {
		if (!started || !(s & 1)) {
			seg_merge(g, s);	/* without a helper, all of them */
			continue;
		}
		while (sem_wait(&g->ready[s]) < 0)
			;
		kept = &g->out[s / 2 % AHEAD];
		if (kept->n)	/* a segment may be empty: nothing kept yet */
			out_mem(kept->p, kept->n);
		kept->n = 0;
		sem_post(&g->room);
	}
	if (started)
		par_join(&par);
	for (s = 0; s < NSEG; s++)
		sem_destroy(&g->ready[s]);
	for (s = 0; s < AHEAD; s++)
		free(g->out[s].p);
	sem_destroy(&g->room);
	free(g->pos);
	free(g);
	return 1;
}

/* stackmap_merge_each over the arrays of stackent_merge. */
static int
stackent_merge_each(struct stackent **a, size_t **lcp, const size_t *n, int k,
    stackent_fn *fn, void *arg)
{
	struct stackent *all;
	size_t nall, total = 0;
	int r;

	for (r = 0; r < k; r++)
		total += n[r];
	if (sums_fit(a, n, k))
		return total >= SEG_MIN && k <= SEG_RUNS ? merge_segs(a, lcp, n, k, fn, arg) :
		    merge_all(a, lcp, n, k, fn, arg);
	/* a sum might overflow: merge in memory first, so that nothing is
	 * handed out before the error */
	if (!(all = stackent_merge(a, lcp, n, k, &nall)))
		return 0;
	emit_all(all, nall, fn, arg);
	free(all);
	return 1;
}

/* The maps m[0..k) as the runs of stackent_merge_each. */
static void
map_runs(struct stackmap *const *m, int k, struct stackent **a, size_t **lcp, size_t *n)
{
	int i;

	if (k > STACKMAP_MERGE_MAX)
		eprintf("too many maps to merge");
	for (i = 0; i < k; i++) {
		a[i] = m[i]->ent;
		lcp[i] = m[i]->lcp;
		n[i] = m[i]->n;
	}
}

int
stackmap_merge_each(struct stackmap *const *m, int k, stackent_fn *fn, void *arg)
{
	struct stackent *a[STACKMAP_MERGE_MAX];
	size_t *lcp[STACKMAP_MERGE_MAX], n[STACKMAP_MERGE_MAX];

	map_runs(m, k, a, lcp, n);
	return stackent_merge_each(a, lcp, n, k, fn, arg);
}

struct stackent *
stackmap_merge(struct stackmap *const *m, int k, size_t *nout)
{
	struct stackent *a[STACKMAP_MERGE_MAX];
	size_t *lcp[STACKMAP_MERGE_MAX], n[STACKMAP_MERGE_MAX];

	map_runs(m, k, a, lcp, n);
	return stackent_merge(a, lcp, n, k, nout);
}

/* stackmap_add of n <= STACKMAP_BATCH lines, in order, their memory
 * fetched for all of them at once: faster for large maps. */
static void
stackmap_add_batch(struct stackmap *m, struct stackline *l, int n, int ncounts)
{
	uint64_t h[STACKMAP_BATCH];
	struct hprobe p;
	uint32_t k;
	int i, j;

	/* first the slots, then the entries they name, come into cache for
	 * every line at once; then the lines are added in order */
	for (i = 0; i < n; i++) {
		h[i] = hash_bytes(l[i].s, l[i].len);
		htab_prefetch(&m->tab, h[i]);
	}
	for (i = 0; i < n; i++) {
		htab_probe(&m->tab, &p, h[i]);
		if ((k = htab_next(&m->tab, &p)) != HTAB_NONE) {
			const char *e = m->ent[k].s;

			for (j = 0; j < 4; j++)
				__builtin_prefetch(e + 64 * j);
		}
	}
	for (i = 0; i < n; i++) {
		l[i].ok = 1;
		if (!stackmap_addh(m, l[i].s, l[i].len, h[i], l[i].c, ncounts))
			l[i].ok = 0;
	}
}

void
stackbatch_flush(struct stackbatch *b, struct stackmap *m)
{
	int i;

	for (i = 0; i < b->n && !b->lent; i++)
		b->l[i].s = b->buf + b->off[i];
	stackmap_add_batch(m, b->l, b->n, b->ncounts);
	for (i = 0; i < b->n; i++)
		if (!b->l[i].ok)
			fileerr(b->name[i], b->lineno[i], "sum of counts overflows");
	b->n = 0;
	b->len = 0;
}

void
stackbatch_add(struct stackbatch *b, struct stackmap *m, const char *s, size_t len,
    const count *c, int ncounts, const char *name, uint64_t lineno)
{
	int i = b->n;

	if (b->lent) {
		b->l[i].s = s;
	} else {
		if (b->len + len > b->cap) {
			b->cap = 2 * (b->len + len) + 4096;
			b->buf = erealloc(b->buf, b->cap);
		}
		memcpy(b->buf + b->len, s, len);
		b->off[i] = b->len;
	}
	b->l[i].len = len;
	b->l[i].c[0] = c[0];
	b->l[i].c[1] = ncounts > 1 ? c[1] : c[0];
	b->name[i] = name;
	b->lineno[i] = lineno;
	b->ncounts = ncounts;
	b->len += len;
	if (++b->n == STACKMAP_BATCH)
		stackbatch_flush(b, m);
}

void
stackbatch_lend(struct stackbatch *b, struct stackmap *m)
{
	b->lent = m;
}

void
stackbatch_release(void *arg)
{
	struct stackbatch *b = arg;

	stackbatch_flush(b, b->lent);
}

int
stackmap_add(struct stackmap *m, const char *s, size_t len, const count *c, int n)
{
	return stackmap_addh(m, s, len, hash_bytes(s, len), c, n);
}

/* stackmap_add with the stack's hash_bytes already taken */
static int
stackmap_addh(struct stackmap *m, const char *s, size_t len, uint64_t h, const count *c, int n)
{
	struct stackent *e = stackmap_geth(m, s, len, h);
	int i, ok = 1;

	for (i = 0; i < n; i++)
		ok &= count_add(&e->c[i], c[i]);
	return ok;
}

struct stackent *
stackmap_sort(struct stackmap *m)
{
	if (m->lcp)
		return m->ent;	/* sorted already */
	progress_stage("sorting");
	/* the table points at the old order: drop it */
	htab_free(&m->tab);
	m->lcp = ereallocarray(NULL, m->n ? m->n : 1, sizeof(*m->lcp));
	strsort(m->ent, m->n, sizeof(*m->ent), -1, m->lcp);
	return m->ent;
}

void
out_stackline(const char *s, size_t len, const count *c, int ncounts)
{
	int i;

	out_mem(s, len);
	for (i = 0; i < ncounts; i++) {
		out_char(' ');
		out_count(c[i]);
	}
	out_char('\n');
}

void
stackent_print(const struct stackent *e, size_t lcp, void *ncounts)
{
	(void)lcp;
	out_stackline(e->s, e->len, e->c, *(const int *)ncounts);
}

void
stackmap_print(struct stackmap *m, int ncounts)
{
	struct stackent *e = stackmap_sort(m);
	size_t i;

	for (i = 0; i < m->n; i++)
		out_stackline(e[i].s, e[i].len, e[i].c, ncounts);
}

void
stackmap_free(struct stackmap *m)
{
	free(m->ent);
	htab_free(&m->tab);
	free(m->lcp);
	arena_free(&m->arena);
	memset(m, 0, sizeof(*m));
}
