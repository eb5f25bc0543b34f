/* arena.h: append-only storage for strings that live as long as a table */
#ifndef FG_ARENA_H
#define FG_ARENA_H

#include <stddef.h>

struct arena {
	char *cur;
	size_t left;
	size_t size;		/* the next block's */
	void *blocks;		/* every block, linked through its first word */
};

/* A copy of s[0..n) followed by a NUL. */
char *arena_strdup(struct arena *a, const char *s, size_t n);
void arena_free(struct arena *a);

#endif
