/* html.h: fg-html's page: one offline HTML file that draws profiles on
 * a canvas
 *
 * The page holds its script (html_js: the modules of draw/html/ and
 * viewer.js, joined by the build), its style (html.css) and its data
 * inline.  The data is one JSON object in a non-executed
 * <script type="application/json">: every name interned once, each
 * page view (an input file, or one root frame of it; "views" in the
 * data, not draw.h's graph views) as packed strings of numbers
 * in layout order (pre-order, callees by name): depth steps, name ids,
 * own samples (or totals, of decimal counts), baselines, a flame
 * chart's gaps and colours, with the unit and count name its
 * input's header states (fg-folded(5)).  Each colour comes with the
 * colour of labels on it (color_label).  Every text goes through out_json, so
 * no name can close the script element or start markup.
 */
#ifndef FG_HTML_H
#define FG_HTML_H

#include <stdint.h>

#include "base/intern.h"
#include "draw/draw.h"
#include "draw/nameattr.h"
#include "draw/pstack.h"
#include "folded/fheader.h"

struct html_page {
	const struct dopts *o;	/* title, subtitle, colours, inverted, countname */
	const char *unit;	/* count, bytes, nanoseconds, ...: the default of page views */
	int fixedname;		/* o->countname was given: it wins over the inputs' */
	int deftitle;		/* no --title: the page's title follows its mode */
	const char *sourceurl;	/* --source-url: a frame's file and line as a link, or NULL */
	const struct nameattrs *nattrs;	/* --nameattr: titles and links by name, or NULL */
	double width, height;	/* the canvas; 0 fills the window */
	int sortwidth;		/* open sorted by width */
	int diff;		/* two-count input */
	int frac;		/* a decimal count was read: counts as text */
	int declared;		/* a "# fg: counts=1" header: leaves need no guard */
	int compare;		/* --compare: the page opens on views 0 and 1 compared */
	int npageviews;	/* the page views written so far */
	/* the page's names: the full label interned (as the inputs are
	 * read: pinput_read), its colour (name palettes), its rank in the
	 * order of siblings and the id of each rank (html_order), and the
	 * id of the root, "all", when a view has it (rooted) */
	struct interner names;
	uint32_t *namecolor;
	uint32_t *rank, *byrank, *lead;
	uint32_t allid;
	int rooted;
	struct interner colors;	/* "rgb" byte triples -> index */
	int pernode;		/* colours per frame, not per name */
};

/* Is the URL template t of a scheme a page may link to (http, https,
 * file, vscode and other editors'; never javascript: or data:)? */
int html_url_ok(const char *t);
/* The first placeholder of the template t that is not {path}, {file}
 * or {line} ("{pth}..."), or NULL; a brace that opens no {WORD} is the
 * URL's own. */
const char *html_url_placeholder(const char *t);
/* Make p ready for its inputs to be read into its names; rooted: its
 * views start at fg's root, "all" (not split by root frame). */
void html_init(struct html_page *p, int rooted);
/* Once every input is read: the names' order. */
void html_order(struct html_page *p);
/* Start the page: head, style, the opening of the data. */
void html_begin(struct html_page *p, const struct dopts *o);
/*
 * One input's page views: the whole input named name, or with split
 * one page view per root frame, named "name: frame" (the frame alone
 * when name is NULL); every frame, callees by name (a flame chart's in
 * input order).  For differential input, the stacks whose target is 0
 * as an elided view of each.  The input's unit header: a unit fg does
 * not know is left out (plain counts).  in has samples; its stacks are
 * consumed.
 */
void html_input(struct html_page *p, const char *name, struct pinput *in, int split);
/* The names (with --nameattr's title and href of each, an href of a
 * scheme html_url_ok refuses left out with a warning), colours and page
 * options, the script; then free p. */
void html_end(struct html_page *p);

#endif
