/* fg-diff: two profiles to differential lines "STACK BASE TARGET" */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/diffread.h"
#include "folded/fheader.h"
#include "base/progress.h"
#include "base/out.h"
#include "stack/pattern.h"
#include "stack/stackmap.h"
#include "stack/treejoin.h"
#include "base/util.h"

enum { NORM_OFF, NORM_TRUNC, NORM_EXACT };

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
	    "  -n, --normalize        scale the baseline to the target's total (truncated)\n"
	    "      --normalize=exact  ... keeping the exact decimal values\n"
	    "  -s, --strip-hex        replace hex addresses 0x... before matching\n"
	    "      --strip-lines      match Julia frames without their line numbers\n"
	    "      --wildcard REGEX   frames it matches compare equal among siblings\n"
	    "      --no-wildcard      not even Julia REPL frames (the default wildcard)\n"
	    "      --simplify         keep only the widest root of each profile\n"
	    "      --no-header        no '# fg:' header lines\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
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
	if (!o->frac || o->normalize == NORM_EXACT) {
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

static void
print_pair(const struct opts *o, const char *s, size_t n, count b, count t,
    const count *totals)
{
	count c[2];

	c[0] = scaled(o, b, totals[0], totals[1]);
	c[1] = t;
	out_mem(s, n);
	out_char(' ');
	out_count(c[0]);
	out_char(' ');
	out_count(c[1]);
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

/* What print_ent prints with. */
struct printing {
	const struct opts *o;
	const count *totals;
};

static void
print_ent(const struct stackent *e, size_t lcp, void *arg)
{
	const struct printing *pr = arg;

	(void)lcp;
	print_pair(pr->o, e->s, e->len, e->c[0], e->c[1], pr->totals);
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
	struct printing pr;
	struct stackent *e;
	size_t n;
	count totals[2];
	static const char *const norms[] = { "exact", NULL };
	int c, k, userwild = 0, nowild = 0, noheader = 0;
	char **wilds = NULL;
	int nwilds = 0;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "nsqh", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			o.normalize = !optarg ? NORM_TRUNC :
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
	j.hdr = &hdr;
	diffread(&j);
	o.frac = j.mg.rules.frac;
	/* the inputs' unit, and what is compared: the operands */
	fhj_settle(&hdr, 2);
	fh_set(&hdr.h, FH_BASELINE, displayname(argv[0]));
	fh_set(&hdr.h, FH_TARGET, displayname(argv[1]));
	fh_print(&hdr.h);
	fhj_free(&hdr);
	totals[0] = p[0].total;
	totals[1] = p[1].total;
	pr.o = &o;
	pr.totals = totals;
	if (o.striplines || o.simplify || userwild || p[0].anywild || p[1].anywild) {
		if (!(e = stackmap_merge(j.run, 3, &n)))
			eprintf("sum of counts overflows");
		tree_join(&o, e, n, totals);
		free(e);
	} else if (!stackmap_merge_each(j.run, 3, print_ent, &pr)) {
		eprintf("sum of counts overflows");
	}
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
