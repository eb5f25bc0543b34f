/* arena.c: append-only string storage, freed all at once */
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/util.h"

/* Blocks start at 1 MiB and double up to 8 MiB: a big table's strings
 * then lie in blocks huge pages back whole (see emalloc_huge). */
#define CHUNK ((size_t)1 << 20)
#define CHUNK_MAX ((size_t)8 << 20)
#define HEAD 16		/* the link to the previous block, kept aligned */

/* A block of HEAD + n bytes; the link goes in its head. */
static char *
block(struct arena *a, size_t n)
{
	char *b = HEAD + n >= HUGE_MIN ? emalloc_huge(HEAD + n) : emalloc(HEAD + n);

	memcpy(b, &a->blocks, sizeof(a->blocks));
	a->blocks = b;
	return b + HEAD;
}

/* n bytes, aligned to 8 */
static void *
arena_alloc(struct arena *a, size_t n)
{
	char *p;

	n = (n + 7) & ~(size_t)7;
	if (n < n - 7)
		eprintf("out of memory");
	if (n > a->left) {
		if (!a->size)
			a->size = CHUNK;
		if (n > a->size / 4)
			return block(a, n);	/* big pieces get their own block */
		/* a block of a->size in all, its head included */
		a->cur = block(a, a->size - HEAD);
		a->left = a->size - HEAD;
		if (a->size < CHUNK_MAX)
			a->size *= 2;
	}
	p = a->cur;
	a->cur += n;
	a->left -= n;
	return p;
}

char *
arena_strdup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

void
arena_free(struct arena *a)
{
	void *b, *next;

	for (b = a->blocks; b; b = next) {
		memcpy(&next, b, sizeof(next));
		free(b);
	}
	memset(a, 0, sizeof(*a));
}
