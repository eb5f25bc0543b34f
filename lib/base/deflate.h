/* deflate.h: deflate streams in zlib and gzip framing, without a library
 *
 * Enough of RFC 1950, 1951 and 1952 to write what PNG, PDF and pprof
 * files hold (into base/bytes.h's buffers): Adler-32 (CRC-32 is base/crc32.h), and deflate with LZ77
 * matching over a 32 KiB window coded with the fixed Huffman tables.
 * Flame graphs are runs of flat colour and profiles repeat their
 * names' parts, so the fixed tables already compress them well.
 */
#ifndef FG_DEFLATE_H
#define FG_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/par.h"

/* Append to out the zlib stream (header, deflate data, Adler-32) of
 * p[0..n); a large input is deflated in two halves at once. */
void zlib_compress(struct bytes *out, const unsigned char *p, size_t n);

/*
 * A zlib stream made in two parts, the first deflated by a helper
 * thread while the caller makes the second: zlib_first(z, p, n) starts
 * on p[0..n), which must stay as it is until zlib_second(z, out, q, m)
 * has deflated q[0..m), waited for the first part, and appended to out
 * the stream of the two parts' bytes in a row.  Each part's matches
 * stay within it: the stream is the same with a thread or without.  A
 * zeroed z (no zlib_first) makes the stream of q alone.
 */
struct zsplit {
	const unsigned char *p;
	size_t n;
	struct bytes z;		/* the first part, deflated */
	struct par par;
};
void zlib_first(struct zsplit *z, const unsigned char *p, size_t n);
void zlib_second(struct zsplit *z, struct bytes *out, const unsigned char *q, size_t m);

/* Append to out a gzip file of one member (no name, no time) holding
 * p[0..n), deflated as zlib_compress deflates it. */
void gzip_compress(struct bytes *out, const unsigned char *p, size_t n);

#endif
