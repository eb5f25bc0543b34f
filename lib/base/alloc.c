/* alloc.c: checked allocation, huge pages, the one growth rule */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/err.h"

/*
 * A block of megabytes is first touched a page at a time, and each
 * 4 KiB page fault costs more than filling the page: the kernel is
 * asked to back the block with 2 MiB pages where it can (a hint:
 * Linux's transparent huge pages, "madvise" mode).  The hint covers
 * the block's pages whole: a big block is a mapping of its own, and
 * advising part of it would split it in two and keep realloc from
 * moving it with mremap instead of copying it.
 */
#define HUGE_PAGE ((size_t)2 << 20)

static void
advise_huge(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t a = (uintptr_t)p & ~(page - 1);
	uintptr_t e = ((uintptr_t)p + n + page - 1) & ~(page - 1);

	madvise((void *)a, e - a, MADV_HUGEPAGE);
#else
	(void)p, (void)n;
#endif
}

static void *
checked(void *p, size_t n)
{
	if (!p)
		eprintf("out of memory");
	if (n >= HUGE_MIN)
		advise_huge(p, n);
	return p;
}

void *
emalloc(size_t n)
{
	return checked(malloc(n ? n : 1), n);
}

/*
 * A block that huge pages can back whole: malloc writes its own record
 * of a block just before it, in the block's first page, before the
 * hint can be given, so a block from malloc gets small pages there.
 */
void *
emalloc_huge(size_t n)
{
	size_t m = (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	void *p;

	if (m < n)
		eprintf("out of memory");
	if (!(p = aligned_alloc(HUGE_PAGE, m)))
		eprintf("out of memory");
	advise_huge(p, m);
	return p;
}

void *
ecalloc(size_t n, size_t size)
{
	/* n * size is used only once calloc found it fits */
	return checked(calloc(n ? n : 1, size ? size : 1), n * size);
}

void *
erealloc(void *p, size_t n)
{
	return checked(realloc(p, n ? n : 1), n);
}

void *
ereallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		eprintf("out of memory");
	return erealloc(p, n * size);
}

size_t
growcap(size_t cap, size_t n)
{
	cap = cap < GROW_MIN ? GROW_MIN : cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2;
	return cap < n ? n : cap;
}

void *
egrowarray_slow(void *p, size_t *cap, size_t n, size_t size)
{
	*cap = growcap(*cap, n);

	return ereallocarray(p, *cap, size);
}

char *
estrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(emalloc(n), s, n);
}
