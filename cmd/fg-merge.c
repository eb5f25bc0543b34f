/* fg-merge: add up the counts of identical stacks across inputs */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "base/bytes.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/folded.h"
#include "folded/input.h"
#include "folded/merge.h"
#include "folded/split.h"
#include "stack/cut.h"
#include "stack/stackmap.h"

static noreturn void
usage(void)
{
	printf("usage: %s [-s] [--min-share PCT] [--min-count N] [--files-from LIST] [FILE...]\n"
	    "  -s, --sorted         the inputs are sorted: merge them in constant memory\n"
	    "      --files-from LIST  the files named in LIST too, one a line (-: stdin)\n"
	    "      --min-share PCT  fold each stack whose frame has under PCT%% of the\n"
	    "                       total into its longest caller that has it, or [other]\n"
	    "      --min-count N    the same for frames of fewer than N samples\n"
	    "      --no-header      no '# fg:' header lines\n"
	    "  -q, --quiet          no progress line on a terminal\n"
	    "  -h, --help           show this help\n"
	    "      --version        show the version\n", argv0);
	exit_stdout();
}

static struct fhjoin hdr;	/* the inputs' unit headers */
static struct cut cut;		/* --min-share, --min-count */
static int cutting;		/* either was given: the sum is cut */

static void
print_comment(const char *s, size_t len, void *arg)
{
	(void)arg;
	if (!fh_keep(s, len, hdr.h.omit))
		return;
	out_mem(s, len);
	out_char('\n');
}

/* A comment of a sorted merge's input: a header line is joined with the
 * other inputs', another passes through. */
static void
merge_comment(struct fmerge_in *in, void *arg)
{
	(void)arg;
	if (!fhj_line(&hdr, &in->r, &in->l))
		print_comment(in->l.stack, in->l.len, NULL);
}

/* A map and the lines on their way to it. */
struct sink {
	struct stackmap m;
	struct stackbatch b;
};

/* Comments pass through first, in input order: they are not stacks. */
static void
collect(struct freader *r, struct fline *l, void *arg)
{
	struct sink *k = arg;

	if (!l->ncounts) {
		if (!fhj_line(&hdr, r, l))
			print_comment(l->stack, l->len, NULL);
	} else {
		stackbatch_add(&k->b, &k->m, l->stack, l->len, l->c, l->ncounts, r->name, r->lineno);
	}
}

static void
print_stack(const char *s, size_t len, const count *c, int ncols, void *arg)
{
	fhj_print(&hdr, *(int *)arg);	/* the first stack: the inputs' headers are read */
	out_stackline(s, len, c, ncols);
}

/* The merged stacks, kept in order for the cut. */
static struct stackmap merged;

static void
keep_stack(const char *s, size_t len, const count *c, int ncols, void *arg)
{
	struct stackent *e = stackmap_push(&merged, s, len);

	(void)arg;
	memcpy(e->c, c, ncols * sizeof(*c));
}

/* Merge sorted inputs like sort -m, adding up equal stacks, in constant
 * memory (but for the merged stacks a cut keeps); an input out of order
 * is an error, and so is a file changed while it is read (lines_watch). */
static void
merge_sorted(int n, char **names)
{
	struct fmerge m;
	int back, i;

	fmerge_open(&m, n, names, NULL);
	for (i = 0; i < n; i++)
		lines_watch(&m.in[i].r.in);
	if (cutting)
		stackmap_init(&merged);
	m.stack = cutting ? keep_stack : print_stack;
	m.comment = merge_comment;
	m.arg = &n;
	if ((back = fmerge_run(&m)) >= 0)
		fr_error(&m.in[back].r, "input not sorted (try without --sorted)");
	if (cutting) {
		fhj_print(&hdr, n);
		cut_print(merged.ent, merged.n, m.rules.ncounts, &cut);
		stackmap_free(&merged);
	}
	fmerge_close(&m);
}

/* A part of one large file, read into a map of its own; the second, by
 * a helper thread under a copy of the first's rules, keeps its comments
 * in a buffer for the first part's. */
struct part {
	const struct splitfile *f;
	struct freader r;
	struct frules rules;
	struct sink k;
	struct bytes com;	/* the helper's comments */
	int helper;
};

static void
part_open(struct part *p, const struct splitfile *f, int k)
{
	p->f = f;
	p->helper = k;
	fr_open(&p->r, f->path, &p->rules);
	split_part(&p->r.in, f, k);
	lines_watch(&p->r.in);
	stackmap_init(&p->k.m);
	stackbatch_lend(&p->k.b, &p->k.m);
	lines_onrelease(&p->r.in, stackbatch_release, &p->k.b);
}

static void
part_line(struct part *p, struct fline *l)
{
	if (!p->helper) {
		collect(&p->r, l, &p->k);
	} else if (l->ncounts) {
		stackbatch_add(&p->k.b, &p->k.m, l->stack, l->len, l->c, l->ncounts, p->r.name,
		    p->r.lineno);
	} else {
		bytes_put(&p->com, l->stack, l->len);
		bytes_put(&p->com, "\n", 1);
	}
}

/* The first data line decides the count columns for both parts. */
static int
part_first(void *part0, void *part1)
{
	struct part *p = part0, *h = part1;
	struct fline l;

	while (fr_next(&p->r, &l)) {
		part_line(p, &l);
		if (l.ncounts)
			break;
	}
	h->rules = p->rules;
	part_open(h, p->f, 1);
	/* what the first part's header said holds for the second's lines */
	h->r.ncounts = p->r.ncounts;
	h->r.declared = p->r.declared;
	return 1;
}

static void
part_read(void *part)
{
	struct part *p = part;
	struct fline l;

	while (fr_next(&p->r, &l))
		part_line(p, &l);
	stackbatch_flush(&p->k.b, &p->k.m);
	lines_onrelease(&p->r.in, NULL, NULL);
}

/* The two parts' sorted maps merged into one array, then cut. */
static void
cut_merged(struct stackmap *const *m, int ncounts, const char *name)
{
	struct stackent *e;
	size_t ne;

	if (!(e = stackmap_merge(m, 2, &ne)))
		fileerr(name, 0, "sum of counts overflows");
	cut_print(e, ne, ncounts, &cut);
	free(e);
}

/*
 * One large file in two parts, the second in a helper thread
 * (folded/split.h); the two maps are merged as they are printed.  A
 * file changed while it is read is an error (lines_watch).
 */
static void
merge_split(const struct splitfile *f)
{
	struct part p[2];
	struct splitrun s = { { &p[0], &p[1] }, { &p[0].k.m, &p[1].k.m }, &p[0].r.in,
		part_first, part_read };
	int k;

	memset(p, 0, sizeof(p));
	part_open(&p[0], f, 0);
	split_run(&s);
	fr_rules_join(&p[0].rules, &p[1].rules);
	fhj_print(&hdr, 1);
	if (p[1].com.n)
		out_mem(p[1].com.p, p[1].com.n);
	if (cutting)
		cut_merged(s.map, p[0].rules.ncounts, p[0].r.name);
	else if (!stackmap_merge_each(s.map, 2, stackent_print, &p[0].rules.ncounts))
		fileerr(p[0].r.name, 0, "sum of counts overflows");
	bytes_free(&p[1].com);
	for (k = 0; k < 2; k++) {
		fr_close(&p[k].r);
		stackmap_free(&p[k].k.m);
	}
}

/* A threshold: a number above 0, and at most max when max is not 0. */
static double
min_arg(const char *s, const char *opt, double max)
{
	double v = max ? estrtod(s, opt) : estrtocount(s, opt);

	if (!(v > 0) || !isfinite(v) || (max && v > max))
		usage_error("%s: '%s' is not a number above 0%s", opt, s,
		    max ? " and at most 100" : "");
	return v;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "sorted", no_argument, NULL, 's' },
		{ "min-share", required_argument, NULL, 'P' },
		{ "min-count", required_argument, NULL, 'N' },
		{ "files-from", required_argument, NULL, 'F' },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ 0 }
	};
	struct sink k = { 0 };
	struct frules rules = { 0 };
	struct splitfile f;
	const char *list = NULL;
	int c, sorted = 0;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "sqh", longopts, NULL)) != -1) {
		switch (c) {
		case 's': sorted = 1; break;
		case 'P': cut.min_share = min_arg(optarg, "--min-share", 100); break;
		case 'N': cut.min_count = min_arg(optarg, "--min-count", 0); break;
		case 'F': list = optarg; break;
		case FH_NOHEADER: hdr.h.omit = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	hdr.sorted = 1;	/* its lines are sorted: no input's time order */
	cutting = cut.min_share > 0 || cut.min_count > 0;
	if (list)
		argv = files_from(list, argc, argv, &argc);
	if (list && !argc) {	/* an empty list: no input, no stacks */
		out_flush();
		return 0;
	}
	if (sorted) {
		merge_sorted(argc ? argc : 1, argc ? argv : NULL);
	} else if (argc == 1 && split_point(argv[0], "\n", 1, &f)) {
		merge_split(&f);
	} else {
		stackmap_init(&k.m);
		each_line(argc, argv, &rules, collect, &k);
		stackbatch_flush(&k.b, &k.m);
		free(k.b.buf);
		fhj_print(&hdr, argc ? argc : 1);
		if (cutting)
			cut_print(stackmap_sort(&k.m), k.m.n, rules.ncounts, &cut);
		else
			stackmap_print(&k.m, rules.ncounts);
		stackmap_free(&k.m);
	}
	out_flush();
	return 0;
}
