/*
 * Fuzzing harness for the folded-stack reader and the tables built on
 * it: every line goes through the reader, the stack map, the stack
 * tree and the pattern matcher, as the programs use them; half the
 * inputs are watched (lines_watch), as fg-merge and fg-diff watch files.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "folded/folded.h"
#include "stack/pattern.h"
#include "stack/stackmap.h"
#include "stack/tree.h"
#include "base/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* static: they keep their values across the longjmp of an error */
static struct freader r;
static struct stackmap m;
static struct tree t;
static struct patset ps;
static jmp_buf jb;

/* The sort's promises: strictly ascending (the stacks are distinct),
 * and each lcp[i] at most the bytes neighbours share, and at most seven
 * fewer.  A stack split in two halves merges back to the same list. */
static void
check_sorted(struct stackent *e, const size_t *lcp, size_t n)
{
	struct stackent *a[2], *back;
	size_t i, k, min, nb, half = n / 2, *l[2];

	if (!n)
		return;
	for (i = 1; i < n; i++) {
		if (stack_cmp(e[i - 1].s, e[i - 1].len, e[i].s, e[i].len) >= 0)
			abort();
		min = e[i - 1].len < e[i].len ? e[i - 1].len : e[i].len;
		for (k = 0; k < min && e[i - 1].s[k] == e[i].s[k]; k++)
			;
		if (lcp[i] > k || lcp[i] + 7 < k)
			abort();
	}
	a[0] = e;
	a[1] = e + half;
	l[0] = (size_t *)lcp;
	l[1] = NULL;
	{
		size_t nn[2] = { half, n - half };

		if (!(back = stackent_merge(a, l, nn, 2, &nb)) || nb != n)
			abort();
	}
	for (i = 0; i < n; i++)
		if (back[i].s != e[i].s)
			abort();
	free(back);
}

/* map: the input watched for a change (lines_watch) */
static void
run(int fd, int map)
{
	struct frules rules = { 0 };
	struct fline l;
	count c[2];
	size_t end;

	fr_openfd(&r, dup(fd), "fuzz", &rules);	/* fr_close closes it */
	if (map)
		lines_watch(&r.in);
	while (fr_next(&r, &l)) {
		if (!l.ncounts)
			continue;
		memset(c, 0, sizeof(c));
		memcpy(c, l.c, l.ncounts * sizeof(count));
		stackmap_add(&m, l.stack, l.len, c, l.ncounts);
		tree_add(&t, l.stack, l.len, c);
		pat_first(&ps, l.stack, l.len, &end);
	}
	stackmap_sort(&m);
	check_sorted(m.ent, m.lcp, m.n);
	tree_finish(&t);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;

	if (fd < 0) {
		fd = memfd_create("fuzz", 0);
		pat_add(&ps, PAT_NAME, "f@x.jl");
		pat_add(&ps, PAT_REGEX, "^a|b$");
		pat_add(&ps, PAT_FIXED, "c d");
	}
	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	lseek(fd, 0, SEEK_SET);
	stackmap_init(&m);
	tree_init(&t, size & 1, 2);
	error_jmp = &jb;
	if (!setjmp(jb))
		run(fd, size & 2);
	error_jmp = NULL;
	fr_close(&r);
	stackmap_free(&m);
	tree_free(&t);
	return 0;
}
