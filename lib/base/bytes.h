/* bytes.h: a growable byte buffer, for output made in memory */
#ifndef FG_BYTES_H
#define FG_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/util.h"

/* p[0..n) written, cap allocated; { 0 } is an empty buffer. */
struct bytes {
	unsigned char *p;
	size_t n, cap;
};

void bytes_put(struct bytes *b, const void *p, size_t n);
void bytes_be32(struct bytes *b, uint32_t v);	/* big-endian */
/* Varints (LEB128: seven bits a byte, low first, 128 set on all but
 * the last byte): v at p, its length returned (at most 10); v appended
 * to b; the length of v's. */
size_t varint_enc(unsigned char *p, uint64_t v);
void bytes_varint(struct bytes *b, uint64_t v);
size_t varint_len(uint64_t v);
void bytes_free(struct bytes *b);

/* The string s, without its NUL. */
static inline void
bputs(struct bytes *b, const char *s)
{
	bytes_put(b, s, strlen(s));
}

/* printf to the end of b (no NUL counted in b->n). */
void bprintf(struct bytes *b, const char *fmt, ...) PRINTFLIKE(2, 3);

#endif
