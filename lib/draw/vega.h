/* vega.h: fg-vega's charts, a flame graph as Vega-Lite, Vega or a page
 *
 * Each writes graph gr (graph_read at o->width pixels) under options o
 * on standard output (out.h), height pixels high (0: 20 px a level):
 * the frames as data and the spec that draws them, with ProfileVega's
 * statuses and colours, a tooltip a frame and zoom.
 */
#ifndef FG_VEGA_H
#define FG_VEGA_H

#include "draw/dopts.h"
#include "draw/graph.h"

/* A Vega-Lite v5 spec, the data inline. */
void vega_write_lite(const struct dopts *o, const struct graph *gr, double height);
/* A Vega v5 spec, the data inline. */
void vega_write_spec(const struct dopts *o, const struct graph *gr, double height);
/* A web page that embeds the Vega-Lite spec and loads Vega from a CDN
 * (pinned versions, with their integrity hashes), or with vegadir not
 * NULL inlines the builds of vega, vega-lite and vega-embed found in
 * that folder (an npm install's node_modules) under a Content Security
 * Policy that lets no other script run: a page that loads nothing.  A
 * build missing from vegadir ends the program before anything is
 * written. */
void vega_write_html(const struct dopts *o, const struct graph *gr, double height,
    const char *vegadir);

#endif
