/* png.h: PNG images written without a library
 *
 * Enough of the PNG specification to write 8-bit RGB images; their
 * zlib streams, and the byte buffer, are base/deflate.h's.
 */
#ifndef FG_PNG_H
#define FG_PNG_H

#include <stddef.h>
#include <stdint.h>

#include "base/deflate.h"

/* Append to out a PNG of the w x h image rgb (rows top down, 3 bytes a
 * pixel, no padding).  Each row gets the filter that suits it best. */
void png_encode(struct bytes *out, const unsigned char *rgb, uint32_t w, uint32_t h);

#endif
