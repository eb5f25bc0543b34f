/* png.c: PNG images written without a library */
#include <stdlib.h>
#include <string.h>

#include "base/crc32.h"
#include "base/util.h"
#include "draw/png.h"

static void
chunk(struct bytes *out, const char *type, const unsigned char *data, size_t n)
{
	uint32_t crc;

	if (n > 0x7fffffffu)
		eprintf("image too large for a PNG chunk");
	bytes_be32(out, n);
	bytes_put(out, type, 4);
	bytes_put(out, data, n);
	crc = crc32_update(0, (const unsigned char *)type, 4);
	crc = crc32_update(crc, data, n);
	bytes_be32(out, crc);
}

static unsigned
absbyte(unsigned char c)
{
	return c < 128 ? c : 256 - c;
}

/* Filter one row: None, Sub or Up, whichever has the smallest sum of
 * absolute (signed) bytes, the usual heuristic for choosing. */
static void
filter_row(unsigned char *dst, const unsigned char *row, const unsigned char *above, size_t len)
{
	unsigned long sum[3] = { 0, 0, 0 };
	int f, bestf = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		sum[0] += absbyte(row[i]);
		sum[1] += absbyte(row[i] - (i >= 3 ? row[i - 3] : 0));
		sum[2] += absbyte(row[i] - (above ? above[i] : 0));
	}
	for (f = 1; f < 3; f++)
		if (sum[f] < sum[bestf])
			bestf = f;
	dst[0] = bestf;
	for (i = 0; i < len; i++) {
		if (bestf == 0)
			dst[1 + i] = row[i];
		else if (bestf == 1)
			dst[1 + i] = row[i] - (i >= 3 ? row[i - 3] : 0);
		else
			dst[1 + i] = row[i] - (above ? above[i] : 0);
	}
}

void
png_encode(struct bytes *out, const unsigned char *rgb, uint32_t w, uint32_t h)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	unsigned char ihdr[13];
	struct bytes raw = { 0 }, z = { 0 };
	size_t stride = (size_t)w * 3, y;

	if (!w || !h || w > 0x7fffffffu || h > 0x7fffffffu || stride + 1 > SIZE_MAX / h)
		eprintf("bad image size %lux%lu", (unsigned long)w, (unsigned long)h);
	ihdr[0] = w >> 24; ihdr[1] = w >> 16; ihdr[2] = w >> 8; ihdr[3] = w;
	ihdr[4] = h >> 24; ihdr[5] = h >> 16; ihdr[6] = h >> 8; ihdr[7] = h;
	ihdr[8] = 8;		/* bit depth */
	ihdr[9] = 2;		/* colour type: RGB */
	ihdr[10] = 0;		/* deflate */
	ihdr[11] = 0;		/* adaptive filtering */
	ihdr[12] = 0;		/* no interlace */
	raw.cap = (stride + 1) * h;
	raw.p = emalloc(raw.cap);
	for (y = 0; y < h; y++)
		filter_row(raw.p + y * (stride + 1), rgb + y * stride,
		    y ? rgb + (y - 1) * stride : NULL, stride);
	raw.n = raw.cap;
	zlib_compress(&z, raw.p, raw.n);
	bytes_free(&raw);
	bytes_put(out, sig, 8);
	chunk(out, "IHDR", ihdr, 13);
	chunk(out, "IDAT", z.p, z.n);
	chunk(out, "IEND", NULL, 0);
	bytes_free(&z);
}
