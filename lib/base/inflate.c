/* inflate.c: gzip and deflate decoding, streamed into a sink
 *
 * Bits are taken least significant first from a 64-bit buffer that a
 * refill tops up to at least 56 bits, enough for a length and a
 * distance with their extra bits.  Huffman codes up to FASTBITS long
 * (nearly all of them) are decoded by one table lookup; longer ones by
 * the canonical walk of RFC 1951 (as zlib's puff.c does).  Past the end
 * of the file the refill feeds zero bytes and counts them, so the hot
 * loop needs no end test: more than a bit buffer's worth of them means
 * the stream was truncated.
 *
 * Output goes to one buffer that keeps the 32 KiB window behind what
 * is new; when it fills the sink is handed the new bytes, the CRC is
 * brought up to date and the buffer is slid down.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/crc32.h"
#include "base/inflate.h"
#include "base/progress.h"
#include "base/util.h"

#define INCAP (1 << 20)
#define OUTCAP (1 << 20)
#define WSIZE 32768
#define MAXMATCH 258
#define SLACK 8			/* match copies write up to 8 bytes ahead */
#define FASTBITS 10
#define MAXBITS 15

struct huff {
	uint16_t count[MAXBITS + 1];	/* codes of each length */
	uint16_t sym[288];		/* symbols by code */
	uint16_t fast[1 << FASTBITS];	/* sym << 4 | length; 0: longer */
};

struct z {
	int fd;
	const char *name;
	uint64_t maxsize;
	zsink *sink;
	void *arg;
	int gzip;

	size_t ilen, ipos;
	uint64_t ibase;		/* file offset of in[0] */
	int eof;
	uint64_t bb;		/* bit buffer, next bit lowest */
	unsigned bn;		/* bits in it */
	unsigned over;		/* zero bytes fed past the end of the file */

	size_t ocap, opos, cpos, crcpos;	/* out: end, consumed, checked */
	uint64_t obase;		/* stream offset of out[0] */
	uint64_t mstart;	/* stream offset where the member began */
	uint32_t crc;

	struct huff lit, dist;
	struct huff flit, fdist;	/* the fixed codes, built at the first fixed block */
	int fixedready;
};

/*
 * The input and output buffers: a thread's, kept from one z_read to the
 * next.  Not the caller's to hold: a reader that stops z_read by a jump
 * (sniff_fd, once it has seen enough; the fuzzing harnesses, at an
 * error) leaves nothing allocated behind, and a thread reads one stream
 * at a time.
 */
static _Thread_local unsigned char *in, *out;
static _Thread_local size_t outcap;

static const uint16_t lbase[29] = {
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
	35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const uint8_t lext[29] = {
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
	3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const uint16_t dbase[30] = {
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
	257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
	8193, 12289, 16385, 24577 };
static const uint8_t dext[30] = {
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };

/* The offset in the file of the next unread bit's byte. */
static uint64_t
inoff(const struct z *z)
{
	uint64_t off = z->ibase + z->ipos + z->over;

	return off - z->bn / 8;
}

static void
vzerr(const struct z *z, uint64_t off, const char *fmt, va_list ap)
{
	char msg[256];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	fileerr(z->name, 0, "byte %llu: gzip: %s", (unsigned long long)off, msg);
}

/* "PROG: FILE: byte N: gzip: message" at the next unread byte, exit 1 */
static void
zerr(const struct z *z, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vzerr(z, inoff(z), fmt, ap);
	va_end(ap);
}

/* The same at offset off. */
static void
zerrat(const struct z *z, uint64_t off, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vzerr(z, off, fmt, ap);
	va_end(ap);
}

/* The input ended inside the stream: reported where it ended. */
static void
truncated(const struct z *z)
{
	zerrat(z, z->ibase + z->ilen, "truncated stream");
}

/* Read the next block of the file into in; 0 at its end. */
static int
fill(struct z *z)
{
	ssize_t r;

	if (z->eof)
		return 0;
	z->ibase += z->ilen;
	z->ipos = z->ilen = 0;
	r = read_counted(z->fd, in, INCAP);
	if (r < 0)
		fileerr(z->name, 0, "read error: %s", strerror(errno));
	if (r == 0)
		z->eof = 1;
	z->ilen = r;
	return r > 0;
}

static void
needslow(struct z *z)
{
	while (z->bn <= 56) {
		if (z->ipos == z->ilen && !fill(z)) {
			if (++z->over > 8)
				truncated(z);
			z->bn += 8;
			continue;
		}
		z->bb |= (uint64_t)in[z->ipos++] << z->bn;
		z->bn += 8;
	}
}

/* At least 56 bits in the bit buffer. */
static inline void
need(struct z *z)
{
	uint64_t w;

	if (z->ilen - z->ipos < 8) {
		needslow(z);
		return;
	}
	memcpy(&w, in + z->ipos, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	z->bb |= w << z->bn;
	z->ipos += (63 - z->bn) >> 3;
	z->bn |= 56;
}

/* n bits (n <= 32, after need) */
static inline uint32_t
take(struct z *z, unsigned n)
{
	uint32_t v = z->bb & ((1ULL << n) - 1);

	z->bb >>= n;
	z->bn -= n;
	return v;
}

static uint32_t
bits(struct z *z, unsigned n)
{
	need(z);
	return take(z, n);
}

/* The next byte at a byte boundary (the bit buffer's first). */
static unsigned
getbyte(struct z *z)
{
	if (z->bn >= 8) {
		if (z->over * 8 >= z->bn)
			truncated(z);
		return take(z, 8);
	}
	/* the refill may have left the next bytes' bits above bn */
	z->bb = 0;
	z->bn = 0;
	if (z->ipos == z->ilen && !fill(z))
		truncated(z);
	return in[z->ipos++];
}

void
z_toobig(const char *name, int decompressed, uint64_t maxsize)
{
	fileerr(name, 0, "%s size exceeds %llu bytes (--max-size)",
	    decompressed ? "decompressed" : "input", (unsigned long long)maxsize);
}

/* Hand the new output to the sink, check it, and slide the window. */
static void
flush(struct z *z, size_t room)
{
	size_t k, used;

	used = z->sink(z->arg, out + z->cpos, z->opos - z->cpos, z->obase + z->cpos, 0);
	z->cpos += used;
	z->crc = crc32_update(z->crc, out + z->crcpos, z->opos - z->crcpos);
	z->crcpos = z->opos;
	if (z->obase + z->opos > z->maxsize)
		z_toobig(z->name, z->gzip, z->maxsize);
	k = z->opos > WSIZE ? z->opos - WSIZE : 0;
	if (!z->gzip)
		k = z->opos;
	if (k > z->cpos)
		k = z->cpos;
	memmove(out, out + k, z->opos - k);
	z->opos -= k;
	z->cpos -= k;
	z->crcpos -= k;
	z->obase += k;
	while (z->opos + room > outcap) {
		if (outcap > SIZE_MAX / 4)
			eprintf("out of memory");
		outcap *= 2;
		out = erealloc(out, outcap + SLACK);
	}
}

/* Only one code, of length 1 (RFC 1951 allows that incomplete code). */
static int
single(const struct huff *h)
{
	int l, n = 0;

	for (l = 2; l <= MAXBITS; l++)
		n += h->count[l];
	return !n;
}

/* Make the code of symbols 0..n from their lengths: the number of
 * codes missing from a complete code, or -1 when over-subscribed. */
static int
build(struct huff *h, const uint8_t *len, int n)
{
	uint16_t offs[MAXBITS + 1];
	int i, l, left, code, k, sym, step;

	memset(h->count, 0, sizeof(h->count));
	for (i = 0; i < n; i++)
		h->count[len[i]]++;
	h->count[0] = 0;
	left = 1;
	for (l = 1; l <= MAXBITS; l++) {
		left = (left << 1) - h->count[l];
		if (left < 0)
			return -1;
	}
	offs[1] = 0;
	for (l = 1; l < MAXBITS; l++)
		offs[l + 1] = offs[l] + h->count[l];
	for (i = 0; i < n; i++)
		if (len[i])
			h->sym[offs[len[i]]++] = i;
	memset(h->fast, 0, sizeof(h->fast));
	code = k = 0;
	for (l = 1; l <= FASTBITS; l++) {
		for (i = 0; i < h->count[l]; i++, code++, k++) {
			for (sym = 0, step = 0; step < l; step++)
				sym |= (code >> step & 1) << (l - 1 - step);
			for (; sym < 1 << FASTBITS; sym += 1 << l)
				h->fast[sym] = h->sym[k] << 4 | l;
		}
		code <<= 1;
	}
	return left;
}

/* The canonical walk, one bit at a time, for codes past FASTBITS. */
static int
slowdecode(struct z *z, const struct huff *h)
{
	int code = 0, first = 0, index = 0, l, count;

	for (l = 1; l <= MAXBITS; l++) {
		code |= take(z, 1);
		count = h->count[l];
		if (code - count < first)
			return h->sym[index + (code - first)];
		index += count;
		first = (first + count) << 1;
		code <<= 1;
	}
	zerr(z, "bad Huffman code");
	return -1;
}

/* The next symbol (after need). */
static inline int
decode(struct z *z, const struct huff *h)
{
	unsigned e = h->fast[z->bb & ((1 << FASTBITS) - 1)];

	if (!e)
		return slowdecode(z, h);
	take(z, e & 15);
	return e >> 4;
}

static void
copymatch(struct z *z, unsigned len, unsigned dist)
{
	unsigned char *d = out + z->opos, *s = d - dist;
	unsigned i;

	if (dist >= 8)
		for (i = 0; i < len; i += 8)
			memcpy(d + i, s + i, 8);
	else if (dist == 1)
		memset(d, *s, len);
	else
		for (i = 0; i < len; i++)
			d[i] = s[i];
	z->opos += len;
}

/* The compressed data of a block, up to its end-of-block code. */
static void
codes(struct z *z)
{
	int sym;
	unsigned len, dist;

	for (;;) {
		if (z->opos + MAXMATCH > outcap)
			flush(z, MAXMATCH);
		need(z);
		sym = decode(z, &z->lit);
		if (sym < 256) {
			out[z->opos++] = sym;
			continue;
		}
		if (sym == 256)
			return;
		sym -= 257;
		if (sym >= 29)
			zerr(z, "bad length code");
		len = lbase[sym] + take(z, lext[sym]);
		sym = decode(z, &z->dist);
		if (sym >= 30)
			zerr(z, "bad distance code");
		dist = dbase[sym] + take(z, dext[sym]);
		if (dist > z->obase + z->opos - z->mstart)
			zerr(z, "distance too far back");
		copymatch(z, len, dist);
	}
}

static void
stored(struct z *z)
{
	unsigned len, nlen, n;

	take(z, z->bn & 7);
	len = getbyte(z);
	len |= getbyte(z) << 8;
	nlen = getbyte(z);
	nlen |= getbyte(z) << 8;
	if (len != (~nlen & 0xffff))
		zerr(z, "stored block length does not match its complement");
	while (len && z->bn) {
		if (z->opos + 1 > outcap)
			flush(z, 1);
		out[z->opos++] = getbyte(z);
		len--;
	}
	if (!z->bn)
		z->bb = 0;
	while (len) {
		if (z->ipos == z->ilen && !fill(z))
			truncated(z);
		n = z->ilen - z->ipos;
		if (n > len)
			n = len;
		if (n > outcap - z->opos)
			n = outcap - z->opos;
		if (!n) {
			flush(z, 1);
			continue;
		}
		memcpy(out + z->opos, in + z->ipos, n);
		z->ipos += n;
		z->opos += n;
		len -= n;
	}
}

static void
fixed(struct z *z)
{
	uint8_t l[288];
	int i;

	if (!z->fixedready) {
		for (i = 0; i < 144; i++)
			l[i] = 8;
		for (; i < 256; i++)
			l[i] = 9;
		for (; i < 280; i++)
			l[i] = 7;
		for (; i < 288; i++)
			l[i] = 8;
		build(&z->flit, l, 288);
		memset(l, 5, 30);
		build(&z->fdist, l, 30);
		z->fixedready = 1;
	}
	z->lit = z->flit;
	z->dist = z->fdist;
	codes(z);
}

static void
dynamic(struct z *z)
{
	static const uint8_t order[19] = {
		16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
	uint8_t l[320];
	int nlen, ndist, ncode, i, sym, rep, err;

	need(z);
	nlen = take(z, 5) + 257;
	ndist = take(z, 5) + 1;
	ncode = take(z, 4) + 4;
	if (nlen > 286 || ndist > 30)
		zerr(z, "bad counts of codes");
	memset(l, 0, 19);
	for (i = 0; i < ncode; i++)
		l[order[i]] = bits(z, 3);
	if (build(&z->lit, l, 19) != 0)
		zerr(z, "incomplete code length code");
	for (i = 0; i < nlen + ndist;) {
		need(z);
		sym = decode(z, &z->lit);
		if (sym < 16) {
			l[i++] = sym;
			continue;
		}
		if (sym == 16) {
			if (!i)
				zerr(z, "repeat with no first length");
			sym = l[i - 1];
			rep = 3 + take(z, 2);
		} else {
			rep = sym == 17 ? 3 + take(z, 3) : 11 + take(z, 7);
			sym = 0;
		}
		if (i + rep > nlen + ndist)
			zerr(z, "too many code lengths");
		while (rep--)
			l[i++] = sym;
	}
	if (!l[256])
		zerr(z, "no end-of-block code");
	err = build(&z->lit, l, nlen);
	if (err < 0 || (err > 0 && !single(&z->lit)))
		zerr(z, "bad literal/length code");
	err = build(&z->dist, l + nlen, ndist);
	if (err < 0 || (err > 0 && !single(&z->dist)))
		zerr(z, "bad distance code");
	codes(z);
}

static void
header(struct z *z)
{
	uint64_t off = inoff(z);
	unsigned flg, n;
	int i;

	if (getbyte(z) != 0x1f || getbyte(z) != 0x8b)
		zerrat(z, off, "not a gzip member");
	if (getbyte(z) != 8)
		zerr(z, "unknown compression method");
	flg = getbyte(z);
	if (flg & 0xe0)
		zerr(z, "reserved flags set");
	for (i = 0; i < 6; i++)
		getbyte(z);
	if (flg & 4) {
		n = getbyte(z);
		n |= getbyte(z) << 8;
		while (n--)
			getbyte(z);
	}
	if (flg & 8)
		while (getbyte(z))
			;
	if (flg & 16)
		while (getbyte(z))
			;
	if (flg & 2) {
		getbyte(z);
		getbyte(z);
	}
}

static uint32_t
getle32(struct z *z)
{
	uint32_t v = getbyte(z);

	v |= getbyte(z) << 8;
	v |= getbyte(z) << 16;
	return v | (uint32_t)getbyte(z) << 24;
}

static void
member(struct z *z)
{
	uint64_t off;
	int last, type;

	header(z);
	z->mstart = z->obase + z->opos;
	z->crc = 0;
	z->crcpos = z->opos;
	do {
		need(z);
		last = take(z, 1);
		type = take(z, 2);
		if (type == 0)
			stored(z);
		else if (type == 1)
			fixed(z);
		else if (type == 2)
			dynamic(z);
		else
			zerr(z, "bad block type");
	} while (!last);
	z->crc = crc32_update(z->crc, out + z->crcpos, z->opos - z->crcpos);
	z->crcpos = z->opos;
	take(z, z->bn & 7);
	off = inoff(z);
	if (getle32(z) != z->crc)
		zerrat(z, off, "CRC-32 does not match the data");
	if (getle32(z) != (uint32_t)(z->obase + z->opos - z->mstart))
		zerrat(z, off + 4, "ISIZE does not match the data's length");
	if (z->obase + z->opos > z->maxsize)
		z_toobig(z->name, 1, z->maxsize);
}

/* Is there another byte (a member) after the one that ended? */
static int
more(struct z *z)
{
	if (z->bn >= 8 && z->over * 8 < z->bn)
		return 1;
	z->bb = 0;
	z->bn = 0;
	return z->ipos < z->ilen || fill(z);
}

/* The first block, of two bytes at least unless the file is shorter. */
static void
prefill(struct z *z)
{
	ssize_t r;

	while (z->ilen < 2) {
		r = read_counted(z->fd, in + z->ilen, INCAP - z->ilen);
		if (r < 0)
			fileerr(z->name, 0, "read error: %s", strerror(errno));
		if (!r)
			break;
		z->ilen += r;
	}
}

static void
rawcopy(struct z *z)
{
	ssize_t r;

	memcpy(out, in, z->ilen);
	z->opos = z->ilen;
	for (;;) {
		if (z->opos == outcap)
			flush(z, 1);
		r = read_counted(z->fd, out + z->opos, outcap - z->opos);
		if (r < 0)
			fileerr(z->name, 0, "read error: %s", strerror(errno));
		if (!r)
			break;
		z->opos += r;
	}
}

struct zread
z_read(int fd, const char *name, uint64_t maxsize, zsink *sink, void *arg)
{
	struct zread r;
	struct z z;

	memset(&z, 0, sizeof(z));
	z.fd = fd;
	z.name = name;
	z.maxsize = maxsize;
	z.sink = sink;
	z.arg = arg;
	progress_size(fd_left(fd));
	if (!in) {
		in = emalloc(INCAP);
		outcap = OUTCAP;
		out = emalloc(outcap + SLACK);
	}
	prefill(&z);
	z.gzip = z.ilen >= 2 && in[0] == 0x1f && in[1] == 0x8b;
	if (z.gzip)
		do
			member(&z);
		while (more(&z));
	else
		rawcopy(&z);
	z.crc = 0;
	flush(&z, 0);
	r.gzip = z.gzip;
	r.total = z.obase + z.opos;
	if (sink(arg, out + z.cpos, z.opos - z.cpos, z.obase + z.cpos, 1) != z.opos - z.cpos)
		fileerr(name, 0, "byte %llu: data left over", (unsigned long long)(z.obase + z.cpos));
	return r;
}
