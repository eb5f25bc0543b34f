/* formats/jlprof/write.h: writing .jlprof files, the fields that read.h reads
 *
 * A writer appends fields to a growing buffer in the byte order and
 * Int size it is set to; the caller writes the buffer out (and may
 * empty it between fields, to stream a large file).
 */
#ifndef FG_JLWRITE_H
#define FG_JLWRITE_H

#include <stddef.h>
#include <stdint.h>

#include "formats/jlprof/jlprof.h"

struct jlw {
	unsigned char *p;
	size_t n, cap;
	int big;		/* big-endian fields, else little-endian */
	int intsize;		/* Julia's Int: 8, or 4 (32-bit Julia) */
};

/* A writer in this machine's byte order, with 64-bit Int. */
void jlw_init(struct jlw *w);
void jlw_free(struct jlw *w);
void jlw_bytes(struct jlw *w, const void *p, size_t n);
/* v in size bytes (1 to 8), in w's byte order */
void jlw_uint(struct jlw *w, uint64_t v, int size);
/* magic, endianness word, format byte */
void jlw_header(struct jlw *w, int format);
/* A frame record: func, file, line, from_c, inlined. */
void jlw_frame(struct jlw *w, const struct jlframe *f);
/* Format 0x02: open a node (FF, frame, status, span); jlw_end closes
 * the latest node left open. */
void jlw_node(struct jlw *w, const struct jlframe *f, int status, int64_t start,
    int64_t stop);
void jlw_end(struct jlw *w);

#endif
