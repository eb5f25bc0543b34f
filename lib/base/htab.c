/* htab.c: the one open-addressing hash table (see htab.h) */
#include <stdlib.h>
#include <string.h>

#include "base/htab.h"
#include "base/util.h"

#define HTAB_MIN 256
/* the most entries a table of size slots holds */
#define HTAB_MAX(size) ((size) / 4 * 3)

/* n empty slots, written now: a table calloc left to the zero page
 * would take a second page fault (and, with threads, a TLB shootdown)
 * on its first write. */
static uint64_t *
slots(size_t n)
{
	return memset(ereallocarray(NULL, n, sizeof(uint64_t)), 0, n * sizeof(uint64_t));
}

void
htab_init(struct htab *t, size_t n)
{
	size_t size = HTAB_MIN;

	while (HTAB_MAX(size) < n && size < SIZE_MAX / 4)
		size *= 2;
	/* calloc's pages come as they are used: a table sized ahead by a
	 * guess takes no more memory than its entries do */
	t->slot = ecalloc(size, sizeof(*t->slot));
	t->mask = size - 1;
	t->n = 0;
	t->max = HTAB_MAX(size);
}

void
htab_free(struct htab *t)
{
	free(t->slot);
	memset(t, 0, sizeof(*t));
}

void
htab_clear(struct htab *t)
{
	memset(t->slot, 0, (t->mask + 1) * sizeof(*t->slot));
	t->n = 0;
}

void
htab_grow(struct htab *t)
{
	size_t i, j, mask = t->mask * 2 + 1;
	uint64_t *slot = slots(mask + 1), k;

	for (i = 0; i <= t->mask; i++) {
		if (!(k = t->slot[i]))
			continue;
		for (j = (size_t)(k >> 32) & mask; slot[j]; j = (j + 1) & mask)
			;
		slot[j] = k;
	}
	free(t->slot);
	t->slot = slot;
	t->mask = mask;
	t->max = HTAB_MAX(mask + 1);
}

void
htab_toomany(void)
{
	eprintf("too many entries for a hash table");
}
