/* fg-merge: add up the counts of identical stacks across inputs */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "folded.h"
#include "input.h"
#include "out.h"
#include "stackmap.h"
#include "util.h"

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

/* One input of a sorted merge, and the line it stands at. */
struct head {
	struct freader r;
	struct fline l;
	int live;
};

/* Step h to its next data line, passing comments through. */
static void
advance(struct head *h)
{
	while ((h->live = fr_next(&h->r, &h->l)) && !h->l.ncounts) {
		out_mem(h->l.stack, h->l.len);
		out_char('\n');
	}
}

static void
merge_sorted(int n, char **names)
{
	struct head *h = ecalloc(n, sizeof(*h));
	char *cur = NULL;
	size_t curlen, curcap = 0;
	count sum[2];
	int i, min, k;

	for (i = 0; i < n; i++) {
		fr_open(&h[i].r, names ? names[i] : NULL);
		advance(&h[i]);
	}
	for (;;) {
		for (min = -1, i = 0; i < n; i++)
			if (h[i].live && (min < 0 || stack_cmp(h[i].l.stack, h[i].l.len,
			    h[min].l.stack, h[min].l.len) < 0))
				min = i;
		if (min < 0)
			break;
		curlen = h[min].l.len;
		if (curlen + 1 > curcap) {
			curcap = 2 * curlen + 1;
			cur = erealloc(cur, curcap);
		}
		memcpy(cur, h[min].l.stack, curlen);
		memset(sum, 0, sizeof(sum));
		for (i = 0; i < n; i++) {
			while (h[i].live && !stack_cmp(h[i].l.stack, h[i].l.len, cur, curlen)) {
				for (k = 0; k < fr_ncounts; k++)
					if (!count_add(&sum[k], h[i].l.c[k]))
						overflow(&h[i].r);
				advance(&h[i]);
				if (h[i].live && stack_cmp(h[i].l.stack, h[i].l.len, cur, curlen) < 0)
					fr_error(&h[i].r, "input not sorted (try without --sorted)");
			}
		}
		out_stackline(cur, curlen, sum, fr_ncounts);
	}
	for (i = 0; i < n; i++)
		fr_close(&h[i].r);
	free(h);
	free(cur);
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
