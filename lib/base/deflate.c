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
 * The symbols of a block as LZ77 finds them, a word each: a literal
 * byte, or a match, its length above bit 16 and its distance less one
 * below; and how often each literal/length and distance symbol comes.
 */
#define BLOCKSYMS (1u << 14)
struct block {
	uint32_t *sym;
	size_t n;
	uint32_t lfreq[286], dfreq[30];
};

/* The length and distance symbols of a match (RFC 1951 3.2.5). */
static int
lensym(unsigned len)
{
	int i;

	for (i = 28; lenbase[i] > len; i--)
		;
	return i;
}

static int
distsym(unsigned dist)
{
	int i;

	for (i = 29; distbase[i] > dist; i--)
		;
	return i;
}

static void
see_literal(struct block *b, unsigned c)
{
	b->sym[b->n++] = c;
	b->lfreq[c]++;
}

static void
see_match(struct block *b, unsigned len, unsigned dist)
{
	b->sym[b->n++] = (uint32_t)len << 16 | (dist - 1);
	b->lfreq[257 + lensym(len)]++;
	b->dfreq[distsym(dist)]++;
}

/* A Huffman code: each symbol's length and code, bit-reversed for
 * LSB-first output. */
struct huff {
	unsigned char len[286];
	uint16_t code[286];
};

/* Symbols s[0..n) by frequency, rarest first: a qsort_r comparator. */
static int
byfreq(const void *a, const void *b, void *arg)
{
	const uint32_t *f = arg;
	int x = *(const int *)a, y = *(const int *)b;

	return f[x] != f[y] ? (f[x] < f[y] ? -1 : 1) : x - y;
}

/*
 * Lengths of a Huffman code of at most limit bits for the n symbols of
 * frequencies freq (0: no code), into h->len: the lengths of an
 * optimal code (two queues over the symbols sorted by frequency),
 * those over the limit brought within it as JPEG's annex K.3 does, then
 * given out shortest to the most frequent.  Two symbols at least get a
 * code, so that the code is complete.
 */
static void
huff_lengths(struct huff *h, const uint32_t *freq, int n, int limit)
{
	int sym[286], m = 0, i, j, k, a, b, len;
	uint64_t w[2 * 286];
	int parent[2 * 286], count[2 * 286 + 1], q1, q2, nodes;

	memset(h->len, 0, (size_t)n);
	for (i = 0; i < n; i++)
		if (freq[i])
			sym[m++] = i;
	for (i = 0; m < 2 && i < n; i++)	/* a complete code of two at least */
		if (!freq[i])
			sym[m++] = i;
	qsort_r(sym, m, sizeof(*sym), byfreq, (void *)freq);
	/* leaves 0..m-1 (by frequency), inner nodes m.. as they are made */
	for (i = 0; i < m; i++)
		w[i] = freq[sym[i]] ? freq[sym[i]] : 1;
	q1 = 0;
	q2 = m;
	for (nodes = m; nodes < 2 * m - 1; nodes++) {
		for (k = 0; k < 2; k++) {
			if (q1 < m && (q2 >= nodes || w[q1] <= w[q2]))
				a = q1++;
			else
				a = q2++;
			if (k == 0)
				b = a;
			parent[a] = nodes;
		}
		w[nodes] = w[b] + w[a];
	}
	memset(count, 0, sizeof(count));
	parent[2 * m - 2] = -1;
	/* depths: the root's 0, a node's its parent's + 1 */
	for (i = 2 * m - 2; i >= 0; i--)
		w[i] = parent[i] < 0 ? 0 : w[parent[i]] + 1;
	for (i = 0; i < m; i++)
		count[w[i]]++;
	for (len = 2 * m; len > limit; len--) {
		while (count[len] > 0) {
			for (j = len - 2; !count[j]; j--)
				;
			count[len] -= 2;
			count[len - 1]++;
			count[j + 1] += 2;
			count[j]--;
		}
	}
	/* the most frequent (last) get the shortest */
	for (len = 1, i = m - 1; i >= 0; i--) {
		while (!count[len])
			len++;
		h->len[sym[i]] = len;
		count[len]--;
	}
}

/* The canonical codes of lengths h->len[0..n) (RFC 1951 3.2.2). */
static void
huff_codes(struct huff *h, int n)
{
	int bl[16] = { 0 }, next[16], code = 0, i;

	for (i = 0; i < n; i++)
		bl[h->len[i]]++;
	bl[0] = 0;
	for (i = 1; i < 16; i++) {
		code = (code + bl[i - 1]) << 1;
		next[i] = code;
	}
	for (i = 0; i < n; i++)
		if (h->len[i])
			h->code[i] = reverse(next[h->len[i]]++, h->len[i]);
}

/* The extra bits of code length symbol c: 16, 17 and 18 have some. */
static int
clextra(unsigned c)
{
	return c == 16 ? 2 : c == 17 ? 3 : c == 18 ? 7 : 0;
}

/* The order code length codes are sent in (RFC 1951 3.2.7). */
static const unsigned char clorder[19] = {
	16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15
};

/*
 * The lengths lens[0..n) run-length coded as code length symbols
 * (16: the last length 3-6 times more, 17: 3-10 zeros, 18: 11-138),
 * each with its extra bits' value above bit 8; their frequencies
 * counted in freq.  Returns how many.
 */
static int
rle_lengths(const unsigned char *lens, int n, uint32_t *out, uint32_t *freq)
{
	int i = 0, j, run, k = 0;

	while (i < n) {
		for (j = i + 1; j < n && lens[j] == lens[i]; j++)
			;
		run = j - i;
		if (lens[i] == 0 && run >= 11) {
			run = run > 138 ? 138 : run;
			out[k++] = 18 | (uint32_t)(run - 11) << 8;
		} else if (lens[i] == 0 && run >= 3) {
			out[k++] = 17 | (uint32_t)(run - 3) << 8;
		} else if (lens[i] && run >= 4) {
			out[k++] = lens[i];
			freq[lens[i]]++;
			run = run - 1 > 6 ? 7 : run;
			out[k++] = 16 | (uint32_t)(run - 4) << 8;
		} else {
			run = 1;
			out[k++] = lens[i];
		}
		freq[out[k - 1] & 0xff]++;
		i += run;
	}
	return k;
}

/* The bits of a block's symbols under codes lit, dist, extra bits too. */
static uint64_t
block_cost(const struct block *b, const unsigned char *llen, const unsigned char *dlen)
{
	uint64_t c = 0;
	int i;

	for (i = 0; i < 286; i++)
		c += (uint64_t)b->lfreq[i] * (llen[i] + (i > 256 ? lenextra[i - 257] : 0));
	for (i = 0; i < 30; i++)
		c += (uint64_t)b->dfreq[i] * (dlen[i] + distextra[i]);
	return c;
}

/* Block b's symbols under codes lit and dist. */
static void
put_symbols(struct bitw *w, const struct block *b, const struct huff *lit, const struct huff *dist)
{
	unsigned len, d, c;
	size_t k;
	int i;

	for (k = 0; k < b->n; k++) {
		if (!(b->sym[k] >> 16)) {
			c = b->sym[k];
			bits(w, lit->code[c], lit->len[c]);
			continue;
		}
		len = b->sym[k] >> 16;
		d = (b->sym[k] & 0xffff) + 1;
		i = lensym(len);
		bits(w, lit->code[257 + i], lit->len[257 + i]);
		if (lenextra[i])
			bits(w, len - lenbase[i], lenextra[i]);
		i = distsym(d);
		bits(w, dist->code[i], dist->len[i]);
		if (distextra[i])
			bits(w, d - distbase[i], distextra[i]);
	}
	bits(w, lit->code[256], lit->len[256]);
}

/*
 * Block b written (the last of the stream when final): with the fixed
 * codes, or with codes of its own (RFC 1951 3.2.7) when they and their
 * description take fewer bits.
 */
static void
put_block(struct bitw *w, struct block *b, int final)
{
	struct huff lit, dist, cl, fl, fd;
	uint32_t rle[286 + 30], clfreq[19] = { 0 };
	unsigned char lens[286 + 30];
	int nl = 286, nd = 30, ncl = 19, nrle, i;
	uint64_t dyn, fix;

	b->lfreq[256] = 1;
	huff_lengths(&lit, b->lfreq, 286, 15);
	huff_lengths(&dist, b->dfreq, 30, 15);
	while (nl > 257 && !lit.len[nl - 1])
		nl--;
	while (nd > 1 && !dist.len[nd - 1])
		nd--;
	memcpy(lens, lit.len, nl);
	memcpy(lens + nl, dist.len, nd);
	nrle = rle_lengths(lens, nl + nd, rle, clfreq);
	huff_lengths(&cl, clfreq, 19, 7);
	while (ncl > 4 && !cl.len[clorder[ncl - 1]])
		ncl--;
	dyn = 14 + 3 * (uint64_t)ncl + block_cost(b, lit.len, dist.len);
	for (i = 0; i < nrle; i++)
		dyn += cl.len[rle[i] & 0xff] + clextra(rle[i] & 0xff);
	for (i = 0; i < 286; i++)
		fl.len[i] = litlen[i];
	memset(fd.len, 5, 30);
	fix = block_cost(b, fl.len, fd.len);
	bits(w, final, 1);	/* BFINAL */
	if (fix <= dyn) {
		bits(w, 1, 2);	/* BTYPE 01: fixed codes */
		memcpy(fl.code, litcode, sizeof(fl.code));
		for (i = 0; i < 30; i++)
			fd.code[i] = distcode[i];
		put_symbols(w, b, &fl, &fd);
		return;
	}
	huff_codes(&lit, nl);
	huff_codes(&dist, nd);
	huff_codes(&cl, 19);
	bits(w, 2, 2);		/* BTYPE 10: codes of its own */
	bits(w, nl - 257, 5);
	bits(w, nd - 1, 5);
	bits(w, ncl - 4, 4);
	for (i = 0; i < ncl; i++)
		bits(w, cl.len[clorder[i]], 3);
	for (i = 0; i < nrle; i++) {
		bits(w, cl.code[rle[i] & 0xff], cl.len[rle[i] & 0xff]);
		if (clextra(rle[i] & 0xff))
			bits(w, rle[i] >> 8, clextra(rle[i] & 0xff));
	}
	put_symbols(w, b, &lit, &dist);
}

/*
 * Deflate p[0..n) (the stream's end when final), greedy LZ77: the
 * longest match among the last MAXCHAIN positions with the same four
 * bytes, within the window; in blocks of BLOCKSYMS symbols, each coded
 * as put_block chooses.  Positions are stored as offset + 1 so that 0
 * means none.
 */
static void
deflate_blocks(struct bitw *w, const unsigned char *p, size_t n, int final)
{
	uint32_t *head = ecalloc(1u << HBITS, sizeof(*head));
	uint32_t *prev = ecalloc(WSIZE, sizeof(*prev));
	struct block b;
	size_t i = 0, j, cand, best, bestd, len, max, k;
	uint32_t h;
	int chain;

	memset(&b, 0, sizeof(b));
	b.sym = ereallocarray(NULL, BLOCKSYMS, sizeof(*b.sym));
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
			see_match(&b, best, bestd);
			/* the matched positions go into the chains too */
			for (k = i + 1; k < i + best && k + MINMATCH <= n; k++) {
				h = hash4(p + k);
				prev[k & WMASK] = head[h];
				head[h] = k + 1;
			}
			i += best;
		} else {
			see_literal(&b, p[i++]);
		}
		if (b.n == BLOCKSYMS && i < n) {
			put_block(w, &b, 0);
			b.n = 0;
			memset(b.lfreq, 0, sizeof(b.lfreq));
			memset(b.dfreq, 0, sizeof(b.dfreq));
		}
	}
	put_block(w, &b, final);
	if (!final) {
		/* an empty stored block ends on a byte: what follows may
		 * be deflated on its own */
		bits(w, 0, 3);
		bits_flush(w);
		bytes_put(w->out, "\0\0\377\377", 4);
	}
	bits_flush(w);
	free(b.sym);
	free(head);
	free(prev);
}

static void
deflate_first(void *arg)
{
	struct zsplit *z = arg;
	struct bitw w = { &z->z, 0, 0 };

	deflate_blocks(&w, z->p, z->n, 0);
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
	deflate_blocks(&w, q, m, 1);
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
