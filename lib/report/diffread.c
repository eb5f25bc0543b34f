/* diffread.c: fg-diff's two profiles, each read once (see diffread.h) */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "report/diffread.h"
#include "folded/folded.h"
#include "folded/lines.h"
#include "folded/split.h"

/* Could a frame of s[0..n) match the REPL wildcard?  It needs "]:";
 * memchr finds the rare ']' far faster than memmem finds a pair. */
static int
maybe_repl(const char *s, size_t n)
{
	const char *p = s, *end = s + n;

	while ((p = memchr(p, ']', end - p)) && ++p < end)
		if (*p == ':')
			return 1;
	return 0;
}

/* *total += c, or the error of line r. */
static void
add_total(struct freader *r, count *total, count c)
{
	if (!count_add(total, c))
		fr_error(r, "sum of counts overflows");
}

/* One count a line, or the error of line r. */
static void
one_count_only(struct freader *r, struct fline *l)
{
	if (l->ncounts == 2)
		fr_error(r, "two counts on a line: fg-diff compares two one-count profiles");
}

/* Replace every 0x[0-9a-fA-F]+ with "0x..." (difffolded.pl -s). */
static size_t
strip_hex(const char *s, size_t n, char *out)
{
	size_t i = 0, k = 0;

	while (i < n) {
		if (i + 2 < n && s[i] == '0' && s[i + 1] == 'x' && isxdigit((unsigned char)s[i + 2])) {
			memcpy(out + k, "0x...", 5);
			k += 5;
			for (i += 2; i < n && isxdigit((unsigned char)s[i]); i++)
				;
			continue;
		}
		out[k++] = s[i++];
	}
	return k;
}

/* What every data line of a profile is checked for, as it is read. */
static void
check_line(struct freader *r, struct fline *l, struct diffside *p)
{
	one_count_only(r, l);
	add_total(r, &p->total, l->c[0]);
}

/* The merge's callbacks: a line read, ... */
static void
merged_line(struct fmerge_in *in, int i, void *arg)
{
	struct diffread *j = arg;

	check_line(&in->r, &in->l, &j->p[i]);
	if (j->defaultwild && maybe_repl(in->l.stack, in->l.len))
		j->p[i].anywild = 1;
}

/* ... a stack summed, ... */
static void
merged_stack(const char *s, size_t len, const count *c, int ncols, void *arg)
{
	struct diffread *j = arg;
	struct stackent *e = stackmap_push(&j->sorted, s, len);

	(void)ncols;
	e->c[0] = c[0];
	e->c[1] = c[1];
}

/* ... and a comment before a profile's stacks: its unit header is joined with
 * the other profile's; other comments are left out.  (The threads that
 * read on after the join skip comments: a header comes first.) */
static void
diff_comment(struct fmerge_in *in, void *arg)
{
	struct diffread *j = arg;
	struct fheader h;
	double v[2];

	if (!fhj_line(j->hdr, &in->r, &in->l) || (in->col != 0 && in->col != 1))
		return;
	/* each side's samples, for fg-diff's "samples=BASE TARGET" */
	fh_init(&h);
	if (fh_parse(&h, in->l.stack, in->l.len) && fh_samples(&h, v) == 1) {
		j->p[in->col].samples = v[0];
		j->p[in->col].hassamples = 1;
	}
	if (h.fact[FH_WEIGHT2] && fh_weight2(&h, v) == 1) {
		j->p[in->col].weight2 = v[0];
		j->p[in->col].hasweight2 = 1;
	}
	fh_free(&h);
}

/* One profile's lines the merge join did not take, into a map of its
 * own, read under a copy of the merge's rules (no thread writes what
 * the other reads). */
struct rest {
	struct diffread *j;
	int col;
	struct frules rules;
	struct stackmap m;
	struct stackbatch b;
	char *buf;
	size_t cap;
};

/* Line in->l into x's map (rewritten with striphex). */
static void
rest_add(struct rest *x, struct fmerge_in *in)
{
	const char *s = in->l.stack;
	size_t n = in->l.len;
	count c[2] = { { 0, 0 }, { 0, 0 } };

	if (x->j->striphex) {
		/* "0x1" grows to "0x...": at most 5/3 longer */
		if (2 * n + 8 > x->cap) {
			x->cap = 2 * n + 8;
			x->buf = erealloc(x->buf, x->cap);
		}
		n = strip_hex(s, n, x->buf);
		s = x->buf;
	}
	c[x->col] = in->l.c[0];
	stackbatch_add(&x->b, &x->m, s, n, c, 2, in->r.name, in->r.lineno);
}

/* The rest of x's profile, to its end (the target's in a thread). */
static void
rest_read(void *arg)
{
	struct rest *x = arg;
	struct fmerge_in *in = &x->j->mg.in[x->col];
	size_t i;

	/* lines go to the map from where they lie, unless rewritten */
	if (!x->j->striphex) {
		stackbatch_lend(&x->b, &x->m);
		lines_onrelease(&in->r.in, stackbatch_release, &x->b);
	}
	if (in->live)
		rest_add(x, in);
	while (fr_next(&in->r, &in->l))
		if (in->l.ncounts) {
			check_line(&in->r, &in->l, &x->j->p[x->col]);
			rest_add(x, in);
		}
	stackbatch_flush(&x->b, &x->m);
	lines_onrelease(&in->r.in, NULL, NULL);
	/* each distinct stack once, not each line (a hex address rewritten
	 * makes no "]:" and takes none away) */
	for (i = 0; x->j->defaultwild && i < x->m.n && !x->j->p[x->col].anywild; i++)
		if (maybe_repl(x->m.ent[i].s, x->m.ent[i].len))
			x->j->p[x->col].anywild = 1;
	free(x->b.buf);
	free(x->buf);
}

/* The merge join as far as it goes; then each profile read on under a
 * copy of its rules: 0 when the join took every line. */
static int
rest_first(void *x0, void *x1)
{
	struct rest *x[2] = { x0, x1 };
	struct diffread *j = x[0]->j;
	int k;

	if (!j->striphex) {
		if (fmerge_run(&j->mg) < 0)
			return 0;
	} else {
		/* the first data line of each decides the count columns,
		 * before two threads read on */
		for (k = 0; k < 2; k++)
			while ((j->mg.in[k].live = fr_next(&j->mg.in[k].r, &j->mg.in[k].l)) &&
			    !j->mg.in[k].l.ncounts)
				diff_comment(&j->mg.in[k], j);
		for (k = 0; k < 2; k++)
			if (j->mg.in[k].live)
				merged_line(&j->mg.in[k], k, j);
	}
	for (k = 0; k < 2; k++) {
		x[k]->rules = j->mg.rules;
		j->mg.in[k].r.rules = &x[k]->rules;
		stackmap_init(&x[k]->m);
	}
	return 1;
}

void
diffread(struct diffread *j)
{
	static const int col[2] = { 0, 1 };
	char *paths[2] = { (char *)j->p[0].path, (char *)j->p[1].path };
	struct rest x[2];
	struct splitrun s = { { &x[0], &x[1] }, { &x[0].m, &x[1].m }, NULL,
		rest_first, rest_read };
	int k;

	fmerge_open(&j->mg, 2, paths, col);
	for (k = 0; k < 2; k++)
		lines_watch(&j->mg.in[k].r.in);
	j->mg.stack = merged_stack;
	j->mg.line = merged_line;
	j->mg.comment = diff_comment;
	j->mg.arg = j;
	j->mg.ncols = 2;
	stackmap_init(&j->sorted);
	for (k = 0; k < 3; k++)
		j->run[k] = k ? &j->rest[k - 1] : &j->sorted;
	memset(x, 0, sizeof(x));
	for (k = 0; k < 2; k++) {
		x[k].j = j;
		x[k].col = k;
	}
	if (!split_run(&s))
		return;
	for (k = 0; k < 2; k++) {
		j->rest[k] = x[k].m;
		fr_rules_join(&j->mg.rules, &x[k].rules);
		j->mg.in[k].r.rules = &j->mg.rules;
	}
}

void
diffread_free(struct diffread *j)
{
	int k;

	stackmap_free(&j->sorted);
	for (k = 0; k < 2; k++)
		stackmap_free(&j->rest[k]);
	fmerge_close(&j->mg);
}
