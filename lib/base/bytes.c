/* bytes.c: a growable byte buffer */
#include <stdarg.h>
#include <stdio.h>
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

size_t
varint_enc(unsigned char *p, uint64_t v)
{
	size_t n = 0;

	for (; v >= 128; v >>= 7)
		p[n++] = 128 | (v & 127);
	p[n++] = v;
	return n;
}

void
bytes_varint(struct bytes *b, uint64_t v)
{
	unsigned char c[10];

	bytes_put(b, c, varint_enc(c, v));
}

size_t
varint_len(uint64_t v)
{
	size_t n = 1;

	for (; v >= 128; v >>= 7)
		n++;
	return n;
}

void
bprintf(struct bytes *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	b->p = egrowarray(b->p, &b->cap, b->n + 256, 1);
	va_start(ap, fmt);
	n = vsnprintf((char *)b->p + b->n, b->cap - b->n, fmt, ap);
	va_end(ap);
	if (n < 0)
		eprintf("internal error: bad format '%s'", fmt);
	if ((size_t)n >= b->cap - b->n) {
		b->p = egrowarray(b->p, &b->cap, b->n + n + 1, 1);
		va_start(ap, fmt);
		vsnprintf((char *)b->p + b->n, b->cap - b->n, fmt, ap);
		va_end(ap);
	}
	b->n += n;
}
