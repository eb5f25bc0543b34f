/*
 * Fuzzing harness for the folded-stack reader and the tables built on
 * it: every line goes through the reader, the stack map, the stack
 * tree and the pattern matcher, as the programs use them.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "read/folded.h"
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

static void
run(int fd)
{
	struct fline l;
	count c[2];
	size_t end;

	fr_openfd(&r, dup(fd), "fuzz");	/* fr_close closes it */
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
	fr_ncounts = 0;
	count_frac = 0;
	stackmap_init(&m);
	tree_init(&t, size & 1, 2);
	error_jmp = &jb;
	if (!setjmp(jb))
		run(fd);
	error_jmp = NULL;
	fr_close(&r);
	stackmap_free(&m);
	tree_free(&t);
	return 0;
}
