/* bytes.h: a growable byte buffer, for output made in memory */
#ifndef FG_BYTES_H
#define FG_BYTES_H

#include <stddef.h>
#include <stdint.h>

struct bytes {
	unsigned char *p;
	size_t n, cap;
};

void bytes_put(struct bytes *b, const void *p, size_t n);
void bytes_be32(struct bytes *b, uint32_t v);	/* big-endian */
void bytes_free(struct bytes *b);

#endif
