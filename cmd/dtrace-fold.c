/* dtrace-fold: DTrace and SystemTap stack aggregations to folded stacks
 *
 * Options and wiring: each file is read line by line (folded/folder's
 * folder_lines) and folded by lib/formats/dtrace; the stacks of every
 * file are added up and printed sorted.  A large file alone is read in
 * two parts, cut between two stacks, the second by a helper thread
 * (folded/split.h), as perf-fold reads one.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/out.h"
#include "base/progress.h"
#include "base/util.h"
#include "folded/folder.h"
#include "folded/split.h"
#include "formats/dtrace/read.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "      --includeoffset    keep the offsets of functions (+0x1c), but the leaf's\n"
	    "      --no-header        no '# fg:' header lines (dtrace-fold writes none)\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
}

/* the stacks, their header and options */
static struct folder f;

static void
fold(struct lines *r, void *st)
{
	dtrace_fold(st, r, &f.map);
}

/* A part of a large file: the first read into the caller's state and
 * map, the second into its own, from a stack's start on. */
struct part {
	const struct splitfile *sf;
	struct dtrace *st;
	struct stackmap *m;
	struct dtrace own;
	struct stackmap ownmap;
	struct lines r;
};

/* Nothing of part 0 decides how part 1 reads: part 1 is opened. */
static int
part_first(void *part0, void *part1)
{
	struct part *p = part0, *h = part1;

	h->own.o = p->st->o;
	h->own.part1 = 1;
	h->st = &h->own;
	h->m = &h->ownmap;
	lines_open(&h->r, h->sf->path);
	split_part(&h->r, h->sf, 1);
	return 1;
}

static void
part_read(void *part)
{
	struct part *p = part;

	dtrace_fold(p->st, &p->r, p->m);
}

/* The file sf in two parts, the second by a helper thread; the stacks
 * of both printed in order. */
static void
fold_split(struct dtrace *st, const struct splitfile *sf)
{
	static int one = 1;
	struct part p[2];
	struct splitrun s = { { &p[0], &p[1] }, { &f.map, &p[1].ownmap }, &p[0].r,
		part_first, part_read };
	struct stackmap *m[2] = { &f.map, &p[1].ownmap };

	memset(p, 0, sizeof(p));
	p[0].sf = p[1].sf = sf;
	p[0].st = st;
	p[0].m = &f.map;
	stackmap_init(&p[1].ownmap);
	lines_open(&p[0].r, sf->path);
	split_part(&p[0].r, sf, 0);
	split_run(&s);
	lines_close(&p[0].r);
	lines_close(&p[1].r);
	fh_print(&f.h);
	if (!stackmap_merge_each(m, 2, stackent_print, &one))
		eprintf("sum of counts overflows");
	stackmap_free(&p[1].ownmap);
	dtrace_free(&p[1].own);
}

int
main(int argc, char **argv)
{
	enum { O_INCLUDEOFFSET = 256 };
	static const struct option lo[] = {
		{ "includeoffset", no_argument, NULL, O_INCLUDEOFFSET },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct dtrace_opts o = { 0 };
	struct dtrace st = { 0 };
	struct splitfile sf;
	int c;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 0);
	while ((c = getopt_long(argc, argv, "qh", lo, NULL)) != -1) {
		if (folder_opt(&f, c, optarg))
			continue;
		switch (c) {
		case O_INCLUDEOFFSET: o.includeoffset = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	st.o = &o;
	if (argc == 1 && split_point(argv[0], "\n\n", 2, &sf) && dtrace_cut(&sf))
		fold_split(&st, &sf);
	else {
		folder_lines(argc, argv, fold, &st);
		folder_print(&f);
	}
	out_flush();
	folder_free(&f);
	dtrace_free(&st);
	return 0;
}
