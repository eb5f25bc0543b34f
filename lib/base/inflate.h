/* inflate.h: reading a file that may be gzip-compressed (RFC 1951, 1952)
 *
 * The file is streamed: compressed input is read in large blocks and
 * the decompressed bytes are handed to a sink in pieces as they come,
 * so memory stays at the two buffers (plus whatever the sink keeps)
 * however large the stream.  Stored, fixed and dynamic Huffman blocks,
 * any number of gzip members one after the other, each member's CRC-32
 * and ISIZE checked.  A file without gzip's magic is handed over as it
 * is.  Bad input ends the program with "PROG: FILE: byte N: gzip: what"
 * (N an offset in the compressed file) and exit status 1.
 */
#ifndef FG_INFLATE_H
#define FG_INFLATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdnoreturn.h>

/*
 * The sink is handed p[0..n), the stream from offset off on: what it
 * did not consume last time comes again, followed by new bytes.  It
 * returns how many bytes it consumed.  When a piece stays unconsumed
 * the buffer grows, so a sink may wait for a whole record.  The last
 * call has end set; the sink must then consume everything (or fail).
 */
typedef size_t zsink(void *arg, const unsigned char *p, size_t n, uint64_t off, int end);

/* What z_read read. */
struct zread {
	int gzip;		/* 1: the file was gzip-compressed; 0: passed as it is */
	uint64_t total;		/* the stream's length handed to the sink */
};

/* Read descriptor fd (named name in messages) to its end through the
 * sink.  More than maxsize bytes (decompressed, or passed as they are)
 * is an error. */
struct zread z_read(int fd, const char *name, uint64_t maxsize, zsink *sink, void *arg);
/* The error of an input past maxsize, decompressed or as it is (for a
 * reader that reads a plain file itself, as z_read would say it). */
noreturn void z_toobig(const char *name, int decompressed, uint64_t maxsize);

#endif
