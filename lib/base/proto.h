/* proto.h: reading and writing the protocol buffers wire format
 *
 * A reader walks the fields of one message held in memory: each field
 * is a tag (field number and wire type) and a varint, a fixed 64- or
 * 32-bit word, or a length-delimited run of bytes (a string, a nested
 * message, or a packed run of numbers).  Every length is checked
 * against the bytes that remain; a bad message ends the program with
 * "PROG: FILE: byte N: what" where N is the offset in the stream.
 */
#ifndef FG_PROTO_H
#define FG_PROTO_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"

enum { PB_VARINT = 0, PB_I64 = 1, PB_LEN = 2, PB_I32 = 5 };

struct pb {
	const unsigned char *p, *end;
	const unsigned char *start;	/* the byte at stream offset base */
	uint64_t base;
	const char *name;		/* the file, for messages */
};

/* A reader over p[0..n), which begins at stream offset base. */
void pb_init(struct pb *b, const unsigned char *p, size_t n, uint64_t base, const char *name);
/* The stream offset of the next byte. */
static inline uint64_t
pb_off(const struct pb *b)
{
	return b->base + (uint64_t)(b->p - b->start);
}
/* "PROG: FILE: byte OFF: message", exit 1 */
void pb_error(const struct pb *b, uint64_t off, const char *fmt, ...);

/* The next field's number and wire type: 1, or 0 at the end. */
int pb_next(struct pb *b, uint32_t *field, int *wt);
/* A length-delimited field as a reader of its own (b moves past it). */
struct pb pb_sub(struct pb *b);
/* Skip a field's value of wire type wt. */
void pb_skip(struct pb *b, int wt);
/* A field that must be a varint (wire type wt was read with it). */
uint64_t pb_uint(struct pb *b, int wt, uint32_t field);
/*
 * One field of a repeated integer field, unpacked (one varint) or
 * packed (a run): its values are appended to (*v)[*n..], growing *v.
 */
void pb_uints(struct pb *b, int wt, uint32_t field, uint64_t **v, size_t *n, size_t *cap);

/* Decode a varint from p[0..n) without a reader: its length in bytes,
 * 0 when it runs past n, -1 when it is longer than ten bytes, -2 when
 * its tenth byte carries bits past 2^64 (which would be lost). */
int pb_peek(const unsigned char *p, size_t n, uint64_t *v);
/* What is wrong with a varint pb_peek returned k < 0 for. */
const char *pb_peekerr(int k);

/*
 * Writing: fields appended to a byte buffer.  A nested message is made
 * in a buffer of its own and appended with pbw_bytes, which writes its
 * length first.
 */
/* A varint field (written even when v is 0). */
void pbw_uint(struct bytes *b, uint32_t field, uint64_t v);
/* A length-delimited field: a string, bytes or a message. */
void pbw_bytes(struct bytes *b, uint32_t field, const void *p, size_t n);
/* A packed repeated varint field of v[0..n) (nothing when n is 0). */
void pbw_packed(struct bytes *b, uint32_t field, const uint64_t *v, size_t n);

#endif
