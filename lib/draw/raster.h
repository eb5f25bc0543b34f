/* raster.h: an RGB canvas with filled rectangles and a bitmap font
 *
 * The font is fg's own 5x7 design (lower case letters reach one row
 * further down) on a 6x9 cell: printable ASCII, and a hollow box for
 * any other character.  Text can be drawn at an integer scale.
 */
#ifndef FG_RASTER_H
#define FG_RASTER_H

#include <stddef.h>
#include <stdint.h>

#include "draw/color.h"

#define GLYPH_W 5
#define GLYPH_H 8	/* seven rows and a row for descenders */
#define GLYPH_ADV 6	/* pixels from one character to the next */

struct canvas {
	uint32_t w, h;
	unsigned char *px;	/* w * h * 3 bytes, rows top down */
};

/* A w x h canvas filled with c; too large an image is an error. */
void canvas_init(struct canvas *cv, uint32_t w, uint32_t h, struct rgb c);
void canvas_free(struct canvas *cv);
/* Fill the pixels [x0, x1) x [y0, y1), clipped to the canvas. */
void canvas_fill(struct canvas *cv, long x0, long y0, long x1, long y1, struct rgb c);
/* A vertical gradient from top to bottom over rows [y0, y1). */
void canvas_gradient(struct canvas *cv, struct rgb top, struct rgb bottom);

/* Draw the UTF-8 text s[0..n), at most maxchars characters, with its
 * top left corner at (x, y), each font pixel scale x scale; returns
 * the x after it. */
long canvas_text(struct canvas *cv, long x, long y, int scale, const char *s, size_t n,
    size_t maxchars, struct rgb c);

#endif
