/* fg-merge: add up the counts of identical stacks across inputs */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/folded.h"
#include "read/input.h"
#include "read/merge.h"
#include "base/out.h"
#include "stack/stackmap.h"
#include "base/util.h"

static void
usage(FILE *f, int status)
{
	fprintf(f, "usage: %s [-s] [FILE...]\n"
	    "  -s, --sorted   the inputs are sorted: merge them in constant memory\n"
	    "  -h, --help     show this help\n"
	    "      --version  show the version\n", argv0);
	exit(status);
}

static void
overflow(struct freader *r)
{
	fr_error(r, "sum of counts overflows");
}

/* Comments pass through first, in input order: they are not stacks. */
static void
collect(struct freader *r, struct fline *l, void *arg)
{
	struct stackmap *m = arg;

	if (!l->ncounts) {
		out_mem(l->stack, l->len);
		out_char('\n');
		return;
	}
	if (!stackmap_add(m, l->stack, l->len, l->c, l->ncounts))
		overflow(r);
}

static void
print_comment(const char *s, size_t len, void *arg)
{
	(void)arg;
	out_mem(s, len);
	out_char('\n');
}

static void
print_stack(const char *s, size_t len, const count *c, int ncols, void *arg)
{
	(void)arg;
	out_stackline(s, len, c, ncols);
}

/* Merge sorted inputs like sort -m, adding up equal stacks, in constant
 * memory; an input out of order is an error. */
static void
merge_sorted(int n, char **names)
{
	struct fmerge m;
	int back;

	fmerge_open(&m, n, names, NULL);
	m.stack = print_stack;
	m.comment = print_comment;
	if ((back = fmerge_run(&m)) >= 0)
		fr_error(&m.in[back].r, "input not sorted (try without --sorted)");
	fmerge_close(&m);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "sorted", no_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	struct stackmap m;
	int c, sorted = 0;

	setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "sh", longopts, NULL)) != -1) {
		switch (c) {
		case 's': sorted = 1; break;
		case 'h': usage(stdout, 0); break;
		case 'V': puts(FG_VERSION); return 0;
		default: usage(stderr, EXIT_USAGE);
		}
	}
	argc -= optind;
	argv += optind;
	if (sorted) {
		merge_sorted(argc ? argc : 1, argc ? argv : NULL);
	} else {
		stackmap_init(&m);
		each_line(argc, argv, collect, &m);
		stackmap_print(&m, fr_ncounts);
		stackmap_free(&m);
	}
	out_flush();
	return 0;
}
