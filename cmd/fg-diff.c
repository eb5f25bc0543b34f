/* fg-diff: two profiles to differential lines "STACK BASE TARGET" */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/diffread.h"
#include "report/diffscale.h"
#include "folded/fheader.h"
#include "base/progress.h"
#include "base/out.h"
#include "stack/pattern.h"
#include "stack/stackmap.h"
#include "stack/treejoin.h"
#include "base/util.h"

struct opts {
	int normalize, striphex, striplines, simplify;
	int defaultwild;	/* the REPL wildcard is on */
	struct patset wild;	/* every wildcard, default included */
	int frac;		/* read: the profiles have a decimal count */
};

static noreturn void
usage(void)
{
	printf("usage: %s [-n | --normalize[=exact]] [-s] [--strip-lines] [--simplify]\n"
	    "       [--wildcard REGEX]... [--no-wildcard] BASELINE TARGET\n"
	    "  -n, --normalize        scale the baseline to the target's total, in whole\n"
	    "                         numbers that add up to it\n"
	    "      --normalize=exact  ... keeping the exact decimal values\n"
	    "  -s, --strip-hex        replace hex addresses 0x... before matching\n"
	    "      --strip-lines      match frames NAME at FILE:LINE without the line\n"
	    "      --wildcard REGEX   frames it matches compare equal among siblings\n"
	    "      --no-wildcard      not even Julia REPL frames (the default wildcard)\n"
	    "      --simplify         keep only the widest root of each profile\n"
	    "      --no-header        no '# fg:' header lines\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
}

static void
print_pair(const struct stackent *e, size_t lcp, void *arg)
{
	(void)lcp;
	(void)arg;
	out_mem(e->s, e->len);
	out_char(' ');
	out_count(e->c[0]);
	out_char(' ');
	out_count(e->c[1]);
	out_char('\n');
}

/*
 * Every stack of the three runs in one array, for the baseline scaled
 * to the target's total (report/diffscale.h), which needs every line
 * at once, or joined frame by frame (stack/treejoin.h) for
 * --strip-lines, --simplify and wildcards, where a frame prints with
 * the target's label wherever the target has it.
 */
static void
print_all(const struct opts *o, struct stackmap *const *run, const count *totals, int tree)
{
	struct tjopts tj = { o->striplines, o->simplify, &o->wild };
	struct stackmap u = { 0 };
	struct stackent *e, *all;
	size_t n, i;

	if (!(all = stackmap_merge(run, 3, &n)))
		eprintf("sum of counts overflows");
	e = all;
	if (tree && !(e = treejoin(&u, all, n, &tj)))
		eprintf("sum of counts overflows");
	if (tree)
		n = u.n;
	diffscale(e, n, totals, o->normalize, o->frac);
	for (i = 0; i < n; i++)
		print_pair(&e[i], 0, NULL);
	stackmap_free(&u);
	free(all);
}

/*
 * Each side's samples, "samples=BASE TARGET", when both state them; or,
 * when -n scales counts that were samples (unit count, whole numbers),
 * the totals they had.  Else none: a sum of the two sides is no fact.
 */
static void
samples_fact(struct fheader *h, const struct diffside *p, int normalize)
{
	char v[64];

	if (p[0].hassamples && p[1].hassamples) {
		snprintf(v, sizeof(v), "%.0f %.0f", p[0].samples, p[1].samples);
		fh_set(h, FH_SAMPLES, v);
	} else if (normalize && h->unit == UNIT_COUNT && !h->fact[FH_SAMPLES] &&
	    count_whole(p[0].total) && count_whole(p[1].total)) {
		snprintf(v, sizeof(v), "%.0f %.0f", count_val(p[0].total), count_val(p[1].total));
		fh_set(h, FH_SAMPLES, v);
	} else {
		fh_set(h, FH_SAMPLES, NULL);
	}
}

/*
 * Each side's weights squared, "weight2=BASE TARGET", when both state
 * them; the baseline's scaled as its counts are under -n (by the square
 * of the target's total over its own).  Else none.
 */
static void
weight2_fact(struct fheader *h, const struct diffside *p, int normalize)
{
	char v[130], a[64], b[64];
	double f = 1, t0 = count_val(p[0].total);

	fh_set(h, FH_WEIGHT2, NULL);
	if (!p[0].hasweight2 || !p[1].hasweight2)
		return;
	if (normalize && t0 > 0)
		f = count_val(p[1].total) / t0;
	fh_num(a, p[0].weight2 * f * f);
	fh_num(b, p[1].weight2);
	snprintf(v, sizeof(v), "%s %s", a, b);
	fh_set(h, FH_WEIGHT2, v);
}

int
main(int argc, char **argv)
{
	enum { O_STRIPLINES = 256, O_WILDCARD, O_NOWILDCARD, O_SIMPLIFY };
	static const struct option longopts[] = {
		{ "normalize", optional_argument, NULL, 'n' },
		{ "strip-hex", no_argument, NULL, 's' },
		{ "strip-lines", no_argument, NULL, O_STRIPLINES },
		{ "wildcard", required_argument, NULL, O_WILDCARD },
		{ "no-wildcard", no_argument, NULL, O_NOWILDCARD },
		{ "simplify", no_argument, NULL, O_SIMPLIFY },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ 0 }
	};
	struct opts o = { 0 };
	struct diffside p[2];
	struct diffread j;
	struct fhjoin hdr;	/* the two inputs' unit headers */
	count totals[2];
	static const char *const norms[] = { "exact", NULL };
	int c, k, tree, userwild = 0, nowild = 0, noheader = 0;
	char **wilds = NULL;
	int nwilds = 0;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "nsqh", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			o.normalize = !optarg ? NORM_ROUND :
			    NORM_EXACT + opt_choice(optarg, "normalize mode", norms);
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
		case FH_NOHEADER: noheader = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
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
	memset(p, 0, sizeof(p));
	p[0].path = argv[0];
	p[1].path = argv[1];
	memset(&j, 0, sizeof(j));
	j.p = p;
	j.striphex = o.striphex;
	j.defaultwild = o.defaultwild;
	fhj_init(&hdr);
	hdr.h.omit = noheader;
	hdr.sorted = 1;	/* its lines are sorted: no input's time order */
	j.hdr = &hdr;
	diffread(&j);
	o.frac = j.mg.rules.frac;
	/* the inputs' unit, and what is compared: the operands */
	fhj_settle(&hdr, 2);
	fh_set(&hdr.h, FH_BASELINE, displayname(argv[0]));
	fh_set(&hdr.h, FH_TARGET, displayname(argv[1]));
	totals[0] = p[0].total;
	totals[1] = p[1].total;
	samples_fact(&hdr.h, p, o.normalize);
	weight2_fact(&hdr.h, p, o.normalize);
	fh_print(&hdr.h);
	fhj_free(&hdr);
	tree = o.striplines || o.simplify || userwild || p[0].anywild || p[1].anywild;
	if (tree || o.normalize)
		print_all(&o, j.run, totals, tree);
	else if (!stackmap_merge_each(j.run, 3, print_pair, NULL))
		eprintf("sum of counts overflows");
	diffread_free(&j);
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
