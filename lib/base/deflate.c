/* deflate.c: deflate streams (RFC 1951) in zlib (RFC 1950) and gzip
 * (RFC 1952) framing, written without a library */
#include <stdlib.h>
#include <string.h>

#include "base/crc32.h"
#include "base/deflate.h"
#include "base/par.h"
#include "base/strsort.h"
#include "base/util.h"

/* Adler-32 of p[0..n) on from a (start at 1) */
static uint32_t
adler32_update(uint32_t a, const unsigned char *p, size_t n)
{
	uint32_t s1 = a & 0xffff, s2 = a >> 16;
	size_t k;

	while (n) {
		/* 5552 bytes is the most that cannot overflow s2 */
		k = n < 5552 ? n : 5552;
		n -= k;
		while (k--) {
			s1 += *p++;
			s2 += s1;
		}
		s1 %= 65521;
		s2 %= 65521;
	}
	return s2 << 16 | s1;
}

/* Bits go out least significant first (RFC 1951 3.1.1). */
struct bitw {
	struct bytes *out;
	uint64_t acc;
	int n;
};

static void
bits(struct bitw *w, uint32_t v, int n)
{
	unsigned char c[8];
	int k;

	w->acc |= (uint64_t)v << w->n;
	w->n += n;
	if (w->n >= 32) {
		for (k = 0; k < 4; k++)
			c[k] = w->acc >> (8 * k);
		bytes_put(w->out, c, 4);
		w->acc >>= 32;
		w->n -= 32;
	}
}

static void
bits_flush(struct bitw *w)
{
	unsigned char c;

	while (w->n > 0) {
		c = w->acc;
		bytes_put(w->out, &c, 1);
		w->acc >>= 8;
		w->n -= 8;
	}
	w->acc = 0;
	w->n = 0;
}

/* Fixed Huffman codes (RFC 1951 3.2.6), bit-reversed for LSB-first
 * output: literal/length symbols 0-287, and distances (5 bits).
 * Filled before main, constant after: no thread writes what another
 * reads. */
static uint16_t litcode[288];
static unsigned char litlen[288];
static unsigned char distcode[30];

static unsigned
reverse(unsigned v, int n)
{
	unsigned r = 0;

	while (n--) {
		r = r << 1 | (v & 1);
		v >>= 1;
	}
	return r;
}

__attribute__((constructor)) static void
fixed_tables(void)
{
	int i;

	for (i = 0; i < 288; i++) {
		if (i < 144)
			litlen[i] = 8, litcode[i] = reverse(0x30 + i, 8);
		else if (i < 256)
			litlen[i] = 9, litcode[i] = reverse(0x190 + i - 144, 9);
		else if (i < 280)
			litlen[i] = 7, litcode[i] = reverse(i - 256, 7);
		else
			litlen[i] = 8, litcode[i] = reverse(0xc0 + i - 280, 8);
	}
	for (i = 0; i < 30; i++)
		distcode[i] = reverse(i, 5);
}

static const uint16_t lenbase[29] = {
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
	35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258
};
static const unsigned char lenextra[29] = {
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
	3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0
};
static const uint16_t distbase[30] = {
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
	257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577
};
static const unsigned char distextra[30] = {
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13
};

static void
put_literal(struct bitw *w, unsigned c)
{
	bits(w, litcode[c], litlen[c]);
}

static void
put_match(struct bitw *w, unsigned len, unsigned dist)
{
	int i;

	for (i = 28; lenbase[i] > len; i--)
		;
	bits(w, litcode[257 + i], litlen[257 + i]);
	if (lenextra[i])
		bits(w, len - lenbase[i], lenextra[i]);
	for (i = 29; distbase[i] > dist; i--)
		;
	bits(w, distcode[i], 5);
	if (distextra[i])
		bits(w, dist - distbase[i], distextra[i]);
}

#define WSIZE 32768
#define WMASK (WSIZE - 1)
#define HBITS 15
#define MAXCHAIN 16
#define MINMATCH 4
#define MAXMATCH 258

static uint32_t
hash4(const unsigned char *p)
{
	return ((uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]) * 2654435761u >> (32 - HBITS);
}

/*
 * One fixed-Huffman block over the input (the last when final), greedy
 * LZ77: the longest match among the last MAXCHAIN positions with the
 * same four bytes, within the window.  Positions are stored as offset
 * + 1 so that 0 means none.
 */
static void
deflate_fixed(struct bitw *w, const unsigned char *p, size_t n, int final)
{
	uint32_t *head = ecalloc(1u << HBITS, sizeof(*head));
	uint32_t *prev = ecalloc(WSIZE, sizeof(*prev));
	size_t i = 0, j, cand, best, bestd, len, max, k;
	uint32_t h;
	int chain;

	bits(w, final, 1);	/* BFINAL */
	bits(w, 1, 2);		/* BTYPE 01: fixed codes */
	while (i < n) {
		best = 0;
		bestd = 0;
		if (n - i >= MINMATCH) {
			max = n - i < MAXMATCH ? n - i : MAXMATCH;
			h = hash4(p + i);
			cand = head[h];
			for (chain = MAXCHAIN; cand && chain; chain--) {
				j = cand - 1;
				if (i - j > WSIZE)
					break;
				if (p[j + best] == p[i + best]) {
					len = str_mismatch((const char *)p + j, (const char *)p + i, max);
					if (len > best) {
						best = len;
						bestd = i - j;
						if (len == max)
							break;
					}
				}
				cand = prev[j & WMASK];
				if (cand && cand - 1 >= j)
					break;
			}
			prev[i & WMASK] = head[h];
			head[h] = i + 1;
		}
		if (best >= MINMATCH) {
			put_match(w, best, bestd);
			/* the matched positions go into the chains too */
			for (k = i + 1; k < i + best && k + MINMATCH <= n; k++) {
				h = hash4(p + k);
				prev[k & WMASK] = head[h];
				head[h] = k + 1;
			}
			i += best;
		} else {
			put_literal(w, p[i++]);
		}
	}
	put_literal(w, 256);
	if (!final) {
		/* an empty stored block ends on a byte: what follows may
		 * be deflated on its own */
		bits(w, 0, 3);
		bits_flush(w);
		bytes_put(w->out, "\0\0\377\377", 4);
	}
	bits_flush(w);
	free(head);
	free(prev);
}

static void
deflate_first(void *arg)
{
	struct zsplit *z = arg;
	struct bitw w = { &z->z, 0, 0 };

	deflate_fixed(&w, z->p, z->n, 0);
}

void
zlib_first(struct zsplit *z, const unsigned char *p, size_t n)
{
	memset(z, 0, sizeof(*z));
	z->p = p;
	z->n = n;
	par_start(&z->par, deflate_first, z);
}

/* Deflate q[0..m) as the last part into rest, and wait for the first
 * part (what names the data in the message for one too large). */
static void
deflate_parts(struct zsplit *z, struct bytes *rest, const unsigned char *q, size_t m,
    const char *what)
{
	struct bitw w = { rest, 0, 0 };

	if (z->n >= UINT32_MAX || m >= UINT32_MAX)
		eprintf("%s too large to compress", what);
	deflate_fixed(&w, q, m, 1);
	par_finish(&z->par, 0);
}

void
zlib_second(struct zsplit *z, struct bytes *out, const unsigned char *q, size_t m)
{
	static const unsigned char hdr[2] = { 0x78, 0x01 };	/* 32K window, check bits */
	struct bytes rest = { 0 };

	deflate_parts(z, &rest, q, m, "image");
	bytes_put(out, hdr, 2);
	bytes_put(out, z->z.p, z->z.n);
	bytes_put(out, rest.p, rest.n);
	bytes_be32(out, adler32_update(adler32_update(1, z->p, z->n), q, m));
	bytes_free(&z->z);
	bytes_free(&rest);
}

/* Inputs from this size on are deflated in two halves at once. */
#define SPLIT_MIN (1u << 20)

void
zlib_compress(struct bytes *out, const unsigned char *p, size_t n)
{
	struct zsplit z;
	size_t m = n >= SPLIT_MIN ? n / 2 : 0;

	memset(&z, 0, sizeof(z));
	if (m)
		zlib_first(&z, p, m);
	zlib_second(&z, out, p + m, n - m);
}

static void
put_le32(struct bytes *b, uint32_t v)
{
	unsigned char c[4] = { v, v >> 8, v >> 16, v >> 24 };

	bytes_put(b, c, 4);
}

void
gzip_compress(struct bytes *out, const unsigned char *p, size_t n)
{
	/* deflate, no flags, no time, no extra flags, OS unknown */
	static const unsigned char hdr[10] = { 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff };
	struct bytes rest = { 0 };
	struct zsplit z;
	size_t m = n >= SPLIT_MIN ? n / 2 : 0;

	memset(&z, 0, sizeof(z));
	if (m)
		zlib_first(&z, p, m);
	deflate_parts(&z, &rest, p + m, n - m, "data");
	bytes_put(out, hdr, sizeof(hdr));
	bytes_put(out, z.z.p, z.z.n);
	bytes_put(out, rest.p, rest.n);
	put_le32(out, crc32_update(0, p, n));
	put_le32(out, (uint32_t)n);
	bytes_free(&z.z);
	bytes_free(&rest);
}
