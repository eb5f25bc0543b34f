/* bytes.c: a growable byte buffer */
#include <stdlib.h>
#include <string.h>

#include "base/bytes.h"
#include "base/util.h"

void
bytes_put(struct bytes *b, const void *p, size_t n)
{
	if (!n)
		return;
	if (n > SIZE_MAX / 2 - b->n)
		eprintf("out of memory");
	b->p = egrowarray(b->p, &b->cap, b->n + n, 1);
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

void
bytes_free(struct bytes *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

void
bytes_be32(struct bytes *b, uint32_t v)
{
	unsigned char c[4] = { v >> 24, v >> 16, v >> 8, v };

	bytes_put(b, c, 4);
}
