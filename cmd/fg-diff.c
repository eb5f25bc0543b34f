/* fg-diff: two profiles to differential lines "STACK BASE TARGET" */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/fheader.h"
#include "base/par.h"
#include "read/folded.h"
#include "read/merge.h"
#include "stack/frame.h"
#include "base/out.h"
#include "stack/pattern.h"
#include "stack/stackmap.h"
#include "stack/treejoin.h"
#include "base/util.h"

/* The default wildcard: Julia REPL frames, "f at REPL[3]:5". */
#define REPL_WILDCARD "\\[[0-9]+\\]:[0-9]+$"

enum { NORM_OFF, NORM_TRUNC, NORM_EXACT };

struct opts {
	int normalize, striphex, striplines, simplify;
	int defaultwild;	/* the REPL wildcard is on */
	struct patset wild;	/* every wildcard, default included */
};

static struct fhjoin hdr;	/* the two inputs' unit headers */

struct profile {
	const char *path;
	count total;
	int anywild;		/* a frame may match the default wildcard */
};

static void
usage(void)
{
	printf("usage: %s [-n | --normalize[=exact]] [-s] [--strip-lines] [--simplify]\n"
	    "       [--wildcard REGEX]... [--no-wildcard] BASELINE TARGET\n"
	    "  -n, --normalize        scale the baseline to the target's total (truncated)\n"
	    "      --normalize=exact  ... keeping the exact decimal values\n"
	    "  -s, --strip-hex        replace hex addresses 0x... before matching\n"
	    "      --strip-lines      match Julia frames without their line numbers\n"
	    "      --wildcard REGEX   frames it matches compare equal among siblings\n"
	    "      --no-wildcard      not even Julia REPL frames (the default wildcard)\n"
	    "      --simplify         keep only the widest root of each profile\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
}

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

static void
add_total(struct freader *r, count *total, count c)
{
	if (!count_add(total, c))
		fr_error(r, "sum of counts overflows");
}

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

/*
 * The baseline's count as printed: scaled to the target's total with -n
 * (difffolded.pl: int(base * total2 / total1)).  Integer counts scale
 * exactly, in 128 bits: base <= total1, so the result is at most total2
 * and always fits.  --normalize=exact keeps the fraction, rounding to
 * the 15 digits counts print with; decimal counts scale in doubles.
 */
static count
scaled(const struct opts *o, count base, count t1, count t2)
{
	__uint128_t q;
	count c;
	double v;

	if (o->normalize == NORM_OFF || !count_cmp(t1, t2) || count_iszero(t1))
		return base;
	if (!count_frac || o->normalize == NORM_EXACT) {
		if (t1.u && t1.d == (double)t1.u) {
			q = (__uint128_t)base.u * t2.u;
			c.u = (uint64_t)(q / t1.u);
			/* never past t2: base * t2 / t1 <= t2 */
			if (o->normalize == NORM_EXACT && 2 * (q % t1.u) >= t1.u)
				c.u++;
			c.d = o->normalize == NORM_EXACT ? count_val(base) * count_val(t2) / count_val(t1) :
			    (double)c.u;
			return c;
		}
	}
	v = count_val(base) * count_val(t2) / count_val(t1);
	if (o->normalize == NORM_TRUNC)
		v = v < 18446744073709551616.0 ? (double)(uint64_t)v : v;
	c.u = v < 18446744073709551616.0 ? (uint64_t)v : UINT64_MAX;
	c.d = v;
	return c;
}

/* A count as count_fmt prints it, but exact where a double is not:
 * from 2^53 on a double holds no fraction, and the integer is exact. */
static void
out_exact(count c)
{
	if (count_frac && c.d >= 9007199254740992.0)
		out_u64(c.u);
	else
		out_count(c);
}

static void
print_pair(const struct opts *o, const char *s, size_t n, count b, count t,
    const count *totals)
{
	count c[2];

	c[0] = scaled(o, b, totals[0], totals[1]);
	c[1] = t;
	out_mem(s, n);
	out_char(' ');
	out_exact(c[0]);
	out_char(' ');
	out_exact(c[1]);
	out_char('\n');
}

/* Frame by frame (stack/treejoin.h), for --strip-lines, --simplify and
 * wildcards: a paired frame prints with the target's label. */
static void
tree_join(const struct opts *o, const struct stackent *e, size_t n, const count *totals)
{
	struct tjopts tj = { o->striplines, o->simplify, &o->wild };
	struct stackmap u;
	struct stackent *j;
	size_t i;

	if (!(j = treejoin(&u, e, n, &tj)))
		eprintf("sum of counts overflows");
	for (i = 0; i < u.n; i++)
		print_pair(o, j[i].s, j[i].len, j[i].c[0], j[i].c[1], totals);
	stackmap_free(&u);
}

/* What every data line of a profile is checked for, as it is read. */
static void
check_line(struct freader *r, struct fline *l, struct profile *p, const struct opts *o)
{
	one_count_only(r, l);
	add_total(r, &p->total, l->c[0]);
	if (o->defaultwild && maybe_repl(l->stack, l->len))
		p->anywild = 1;
}

/* Both profiles, read once each. */
struct job {
	const struct opts *o;
	struct profile *p;
	struct fmerge mg;
	struct stackmap sorted;	/* what the merge joined, in order */
	struct stackmap rest[2];	/* the rest of each profile, sorted */
	/* the three sorted runs, for stackent_merge */
	struct stackent *run[3];
	size_t *lcp[3], nrun[3];
};

static void
merged_line(struct fmerge_in *in, int i, void *arg)
{
	struct job *j = arg;

	check_line(&in->r, &in->l, &j->p[i], j->o);
}

static void
merged_stack(const char *s, size_t len, const count *c, int ncols, void *arg)
{
	struct job *j = arg;
	struct stackent *e = stackmap_push(&j->sorted, s, len);

	(void)ncols;
	e->c[0] = c[0];
	e->c[1] = c[1];
}

/* A comment before a profile's stacks: its unit header is joined with
 * the other profile's; other comments are left out.  (The threads that
 * read on after the join skip comments: a header comes first.) */
static void
diff_comment(struct fmerge_in *in, void *arg)
{
	(void)arg;
	fhj_line(&hdr, &in->r, &in->l);
}

/* One profile's lines the merge join did not take, into a map of its own. */
struct rest {
	struct job *j;
	int col;
	struct stackmap m;
	struct stackbatch b;
	char *buf;
	size_t cap;
};

static void
rest_add(struct rest *x, struct fmerge_in *in)
{
	const char *s = in->l.stack;
	size_t n = in->l.len;
	count c[2] = { { 0, 0 }, { 0, 0 } };

	if (x->j->o->striphex) {
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

static void
rest_read(void *arg)
{
	struct rest *x = arg;
	struct fmerge_in *in = &x->j->mg.in[x->col];

	/* lines go to the map from where they lie, unless rewritten */
	if (!x->j->o->striphex) {
		stackbatch_lend(&x->b, &x->m);
		lines_onrelease(&in->r.in, stackbatch_release, &x->b);
	}
	if (in->live)
		rest_add(x, in);
	while (fr_next(&in->r, &in->l))
		if (in->l.ncounts) {
			check_line(&in->r, &in->l, &x->j->p[x->col], x->j->o);
			rest_add(x, in);
		}
	stackbatch_flush(&x->b, &x->m);
	lines_onrelease(&in->r.in, NULL, NULL);
	stackmap_sort(&x->m);
	free(x->b.buf);
	free(x->buf);
}

/*
 * Read both profiles once.  Sorted ones (the suite's own output) are
 * merge-joined as they come, without a hash; from the first line out of
 * order on (or from the start with --strip-hex, which changes the
 * order), each profile goes on into a map of its own, the target in a
 * second thread.  The result: three sorted runs in j->run, to be
 * merged (stackent_merge) into every stack once, with both counts.
 * Files are mapped, not read: the maps keep their stacks where they lie
 * in the files' pages (but for --strip-hex's rewrites).
 */
static void
read_both(struct job *j)
{
	static const int col[2] = { 0, 1 };
	char *paths[2] = { (char *)j->p[0].path, (char *)j->p[1].path };
	struct rest x[2];
	struct par par;
	int k, i, mapped[2];

	fr_ncounts = 0;
	fmerge_open(&j->mg, 2, paths, col);
	for (k = 0; k < 2; k++)
		mapped[k] = lines_map(&j->mg.in[k].r.in);
	j->mg.stack = merged_stack;
	j->mg.line = merged_line;
	j->mg.comment = diff_comment;
	j->mg.arg = j;
	j->mg.ncols = 2;
	stackmap_init(&j->sorted);
	j->sorted.keep = mapped[0] && mapped[1];
	j->run[0] = j->sorted.ent;
	j->nrun[0] = j->sorted.n;
	if (!j->o->striphex) {
		if (fmerge_run(&j->mg) < 0) {
			j->run[0] = j->sorted.ent;
			j->nrun[0] = j->sorted.n;
			return;
		}
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
	memset(x, 0, sizeof(x));
	for (k = 0; k < 2; k++) {
		x[k].j = j;
		x[k].col = k;
		stackmap_init(&x[k].m);
		x[k].m.keep = mapped[k] && !j->o->striphex;
	}
	i = par_start(&par, rest_read, &x[1]);
	rest_read(&x[0]);
	par_done(&par, 0);
	if (i)
		par_join(&par);
	else
		rest_read(&x[1]);
	j->run[0] = j->sorted.ent;
	j->nrun[0] = j->sorted.n;
	for (k = 0; k < 2; k++) {
		j->rest[k] = x[k].m;
		j->run[k + 1] = x[k].m.ent;
		j->nrun[k + 1] = x[k].m.n;
		j->lcp[k + 1] = x[k].m.lcp;
	}
}

static void
print_ent(const struct stackent *e, size_t lcp, void *arg)
{
	struct job *j = arg;
	count totals[2] = { j->p[0].total, j->p[1].total };

	(void)lcp;
	print_pair(j->o, e->s, e->len, e->c[0], e->c[1], totals);
}

int
main(int argc, char **argv)
{
	enum { O_STRIPLINES = 256, O_WILDCARD, O_NOWILDCARD, O_SIMPLIFY, O_VERSION };
	static const struct option longopts[] = {
		{ "normalize", optional_argument, NULL, 'n' },
		{ "strip-hex", no_argument, NULL, 's' },
		{ "strip-lines", no_argument, NULL, O_STRIPLINES },
		{ "wildcard", required_argument, NULL, O_WILDCARD },
		{ "no-wildcard", no_argument, NULL, O_NOWILDCARD },
		{ "simplify", no_argument, NULL, O_SIMPLIFY },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, O_VERSION },
		{ 0 }
	};
	struct opts o = { 0 };
	struct profile p[2];
	struct job j;
	struct stackent *e;
	size_t n;
	count totals[2];
	int c, k, userwild = 0, nowild = 0;
	char **wilds = NULL;
	int nwilds = 0;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "nsh", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			if (!optarg)
				o.normalize = NORM_TRUNC;
			else if (!strcmp(optarg, "exact"))
				o.normalize = NORM_EXACT;
			else
				usage_error("bad normalize mode: '%s'", optarg);
			break;
		case 's': o.striphex = 1; break;
		case O_STRIPLINES: o.striplines = 1; break;
		case O_WILDCARD:
			wilds = ereallocarray(wilds, nwilds + 1, sizeof(*wilds));
			wilds[nwilds++] = optarg;
			userwild = 1;
			break;
		case O_NOWILDCARD: nowild = 1; break;
		case O_SIMPLIFY: o.simplify = 1; break;
		case 'h': usage(); break;
		case O_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc != 2)
		usage_error("two profiles expected, BASELINE and TARGET");
	if (!strcmp(argv[0], "-") && !strcmp(argv[1], "-"))
		usage_error("standard input can be only one of the profiles");
	o.defaultwild = !nowild;
	if (!nowild)
		pat_add(&o.wild, PAT_REGEX, REPL_WILDCARD);
	for (k = 0; k < nwilds; k++)
		pat_add(&o.wild, PAT_REGEX, wilds[k]);
	if (o.normalize == NORM_EXACT)
		count_frac = 1;
	memset(p, 0, sizeof(p));
	p[0].path = argv[0];
	p[1].path = argv[1];
	memset(&j, 0, sizeof(j));
	j.o = &o;
	j.p = p;
	read_both(&j);
	fhj_print(&hdr, 2);
	totals[0] = p[0].total;
	totals[1] = p[1].total;
	if (o.striplines || o.simplify || userwild || p[0].anywild || p[1].anywild) {
		if (!(e = stackent_merge(j.run, j.lcp, j.nrun, 3, &n)))
			eprintf("sum of counts overflows");
		tree_join(&o, e, n, totals);
		free(e);
	} else if (!stackent_merge_each(j.run, j.lcp, j.nrun, 3, print_ent, &j)) {
		eprintf("sum of counts overflows");
	}
	stackmap_free(&j.sorted);
	for (k = 0; k < 2; k++)
		stackmap_free(&j.rest[k]);
	fmerge_close(&j.mg);
	/* an empty side is allowed, and said (fg(7)) */
	if (count_iszero(p[0].total))
		weprintf("%s: the baseline has no samples: every stack is new",
		    displayname(p[0].path));
	if (count_iszero(p[1].total))
		weprintf("%s: the target has no samples: every stack vanished",
		    displayname(p[1].path));
	out_flush();
	pat_free(&o.wild);
	free(wilds);
	return 0;
}
