/* arena.c: append-only string storage; never freed before exit */
#include <string.h>

#include "arena.h"
#include "util.h"

#define CHUNK (1 << 20)

void *
arena_alloc(struct arena *a, size_t n)
{
	char *p;

	n = (n + 7) & ~(size_t)7;
	if (n > a->left) {
		if (n > CHUNK / 4)
			return emalloc(n);	/* big pieces get their own block */
		a->cur = emalloc(CHUNK);
		a->left = CHUNK;
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
