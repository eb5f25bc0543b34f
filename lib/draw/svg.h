/* svg.h: fg-svg's picture, an interactive SVG flame graph
 *
 * The graph (graph.h) as SVG on standard output (out.h): rects with
 * titles that say each frame's amounts without a script, the labels
 * that fit, and the script (svg.js) with the data it needs to hover,
 * zoom and search; the Elided view of vanished stacks when g has one.
 */
#ifndef FG_SVG_H
#define FG_SVG_H

#include "draw/dopts.h"
#include "draw/graph.h"
#include "draw/nameattr.h"

/* Write graph g under options o as an SVG; na: --nameattr's attributes
 * of frames by name, or NULL. */
void svg_write(const struct dopts *o, struct graph *g, const struct nameattrs *na);
/* Drop the "id" attributes of m (read from path) that name one of
 * fg-svg's own elements, which its script looks up, with a warning
 * each. */
void svg_drop_own_ids(struct nameattrs *m, const char *path);

#endif
