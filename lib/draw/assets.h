/* assets.h: the script and style sheets the renderers embed
 *
 * Each is its own file beside this one (svg.js, svg.css, ...), read and
 * linted as what it is, and turned into a C string at build time by
 * scripts/embed.c (the Makefile's rule for $(OBJDIR)/gen/).
 */
#ifndef FG_ASSETS_H
#define FG_ASSETS_H

extern const char svg_js[];	/* fg-svg: hover, zoom, search */
extern const char svg_css[];	/* fg-svg: style, after the font rule */
extern const char html_js[];	/* fg-html: the whole page's behaviour */
extern const char html_css[];	/* fg-html: the page's style */
extern const char vega_js[];	/* fg-vega --html: the graph embedded, or why not */

#endif
