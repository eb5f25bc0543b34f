/* proto.c: reading and writing the protocol buffers wire format */
#include <stdarg.h>
#include <stdio.h>

#include "base/proto.h"
#include "base/util.h"

void
pb_init(struct pb *b, const unsigned char *p, size_t n, uint64_t base, const char *name)
{
	b->p = b->start = p;
	b->end = p + n;
	b->base = base;
	b->name = name;
}

void
pb_error(const struct pb *b, uint64_t off, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vbyteerr(b->name, off, fmt, ap);
	va_end(ap);
}

int
pb_peek(const unsigned char *p, size_t n, uint64_t *v)
{
	uint64_t x = 0;
	size_t i;

	for (i = 0; i < n && i < 10; i++) {
		x |= (uint64_t)(p[i] & 0x7f) << (7 * i);
		if (i == 9 && p[i] > 1)
			return p[i] & 0x80 ? -1 : -2;	/* bits past 2^64 */
		if (!(p[i] & 0x80)) {
			*v = x;
			return i + 1;
		}
	}
	return i == 10 ? -1 : 0;
}

const char *
pb_peekerr(int k)
{
	return k == -2 ? "varint past 2^64" : "varint longer than ten bytes";
}

/* A varint, whatever the field */
static uint64_t
pb_varint(struct pb *b)
{
	uint64_t v = 0;
	int k;

	/* the common one-byte case first */
	if (b->p < b->end && !(*b->p & 0x80))
		return *b->p++;
	k = pb_peek(b->p, b->end - b->p, &v);
	if (k < 0)
		pb_error(b, pb_off(b), "%s", pb_peekerr(k));
	if (!k)
		pb_error(b, pb_off(b), "truncated varint");
	b->p += k;
	return v;
}

int
pb_next(struct pb *b, uint32_t *field, int *wt)
{
	uint64_t off = pb_off(b), tag;

	if (b->p == b->end)
		return 0;
	tag = pb_varint(b);
	*wt = tag & 7;
	if (tag >> 3 == 0 || tag >> 3 > 0x1fffffff)
		pb_error(b, off, "bad field number %llu", (unsigned long long)(tag >> 3));
	if (*wt != PB_VARINT && *wt != PB_I64 && *wt != PB_LEN && *wt != PB_I32)
		pb_error(b, off, "unsupported wire type %d", *wt);
	*field = tag >> 3;
	return 1;
}

struct pb
pb_sub(struct pb *b)
{
	struct pb s;
	uint64_t off = pb_off(b), n = pb_varint(b);

	if (n > (uint64_t)(b->end - b->p))
		pb_error(b, off, "length %llu runs past its message (%llu bytes left)",
		    (unsigned long long)n, (unsigned long long)(b->end - b->p));
	s = *b;
	s.end = b->p + n;
	b->p += n;
	return s;
}

void
pb_skip(struct pb *b, int wt)
{
	size_t n = wt == PB_I64 ? 8 : 4;

	if (wt == PB_VARINT) {
		pb_varint(b);
		return;
	}
	if (wt == PB_LEN) {
		pb_sub(b);
		return;
	}
	if (n > (size_t)(b->end - b->p))
		pb_error(b, pb_off(b), "truncated fixed-size field");
	b->p += n;
}

uint64_t
pb_uint(struct pb *b, int wt, uint32_t field)
{
	if (wt != PB_VARINT)
		pb_error(b, pb_off(b), "field %u: wire type %d where a varint belongs",
		    (unsigned)field, wt);
	return pb_varint(b);
}

/* (*v)[(*n)++] = x, *v grown as it fills */
static void
push(uint64_t **v, size_t *n, size_t *cap, uint64_t x)
{
	*v = egrowarray(*v, cap, *n + 1, sizeof(**v));
	(*v)[(*n)++] = x;

}

void
pb_uints(struct pb *b, int wt, uint32_t field, uint64_t **v, size_t *n, size_t *cap)
{
	struct pb s;

	if (wt != PB_LEN) {
		push(v, n, cap, pb_uint(b, wt, field));
		return;
	}
	s = pb_sub(b);
	while (s.p < s.end)
		push(v, n, cap, pb_varint(&s));
}

/* Writing */

void
pbw_uint(struct bytes *b, uint32_t field, uint64_t v)
{
	bytes_varint(b, (uint64_t)field << 3 | PB_VARINT);
	bytes_varint(b, v);
}

void
pbw_bytes(struct bytes *b, uint32_t field, const void *p, size_t n)
{
	bytes_varint(b, (uint64_t)field << 3 | PB_LEN);
	bytes_varint(b, n);
	bytes_put(b, p, n);
}

void
pbw_packed(struct bytes *b, uint32_t field, const uint64_t *v, size_t n)
{
	size_t i, len = 0;

	if (!n)
		return;
	for (i = 0; i < n; i++)
		len += varint_len(v[i]);
	bytes_varint(b, (uint64_t)field << 3 | PB_LEN);
	bytes_varint(b, len);
	for (i = 0; i < n; i++)
		bytes_varint(b, v[i]);
}
