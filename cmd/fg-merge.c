/* fg-merge: add up the counts of identical stacks across inputs */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/fheader.h"
#include "read/folded.h"
#include "read/input.h"
#include "base/out.h"
#include "stack/stackmap.h"
#include "base/util.h"

static void
usage(void)
{
	printf("usage: %s [-s] [FILE...]\n"
	    "  -s, --sorted   the inputs are sorted: merge them in constant memory\n"
	    "  -h, --help     show this help\n"
	    "      --version  show the version\n", argv0);
	exit_stdout();
}

static struct fhjoin hdr;	/* the inputs' unit headers */

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
		if (fhj_line(&hdr, r, l))
			return;
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
};

/* Step h to its next data line, passing comments through; 0 at its end. */
static int
advance(struct head *h)
{
	int live;

	while ((live = fr_next(&h->r, &h->l)) && !h->l.ncounts) {
		if (fhj_line(&hdr, &h->r, &h->l))
			continue;
		out_mem(h->l.stack, h->l.len);
		out_char('\n');
	}
	return live;
}

/* A binary min-heap of the live inputs, ordered by their current stack. */
static int
less(struct head *h, int a, int b)
{
	return stack_cmp(h[a].l.stack, h[a].l.len, h[b].l.stack, h[b].l.len) < 0;
}

static void
sift_down(struct head *h, int *heap, int n, int i)
{
	int c, t;

	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n && less(h, heap[c + 1], heap[c]))
			c++;
		if (!less(h, heap[c], heap[i]))
			break;
		t = heap[c], heap[c] = heap[i], heap[i] = t;
		i = c;
	}
}

/*
 * Merge sorted inputs like sort -m, adding up equal stacks: take the
 * smallest stack, then keep taking the heap's top while it is the same
 * stack.  Each input must be in order; a step back is an error.
 */
static void
merge_sorted(int n, char **names)
{
	struct head *h = ecalloc(n, sizeof(*h));
	int *heap = ecalloc(n, sizeof(*heap)), live = 0, i, k, top;
	char *cur = NULL;
	size_t curlen = 0, curcap = 0;
	count sum[2];

	for (i = 0; i < n; i++) {
		fr_open(&h[i].r, names ? names[i] : NULL);
		if (advance(&h[i]))
			heap[live++] = i;
		else
			fr_close(&h[i].r);
	}
	fhj_print(&hdr, n);
	for (i = live / 2 - 1; i >= 0; i--)
		sift_down(h, heap, live, i);
	while (live) {
		top = heap[0];
		curlen = h[top].l.len;
		if (curlen + 1 > curcap) {
			curcap = 2 * curlen + 1;
			cur = erealloc(cur, curcap);
		}
		memcpy(cur, h[top].l.stack, curlen);
		memset(sum, 0, sizeof(sum));
		while (live && !stack_cmp(h[heap[0]].l.stack, h[heap[0]].l.len, cur, curlen)) {
			top = heap[0];
			for (k = 0; k < fr_ncounts; k++)
				if (!count_add(&sum[k], h[top].l.c[k]))
					overflow(&h[top].r);
			if (!advance(&h[top])) {
				fr_close(&h[top].r);
				heap[0] = heap[--live];
			} else if (stack_cmp(h[top].l.stack, h[top].l.len, cur, curlen) < 0) {
				fr_error(&h[top].r, "input not sorted (try without --sorted)");
			}
			sift_down(h, heap, live, 0);
		}
		out_stackline(cur, curlen, sum, fr_ncounts);
	}
	free(heap);
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

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "sh", longopts, NULL)) != -1) {
		switch (c) {
		case 's': sorted = 1; break;
		case 'h': usage(); break;
		case 'V': version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	if (sorted) {
		merge_sorted(argc ? argc : 1, argc ? argv : NULL);
	} else {
		stackmap_init(&m);
		each_line(argc, argv, collect, &m);
		fhj_print(&hdr, argc ? argc : 1);
		stackmap_print(&m, fr_ncounts);
		stackmap_free(&m);
	}
	out_flush();
	return 0;
}
