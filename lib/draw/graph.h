/* graph.h: the graph the renderers draw
 *
 * fg-svg, fg-png, fg-pdf and fg-vega draw the same graph: the files
 * read (whole stacks merged as they come), laid out (layout.h) with
 * fg-svg's geometry (10 px margins, title band, frame rows), and the
 * differential scale.  (fg-html reads its own way: pstack.h.)
 */
#ifndef FG_DRAW_GRAPH_H
#define FG_DRAW_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "draw/color.h"
#include "draw/dopts.h"
#include "draw/framecolor.h"
#include "draw/layout.h"
#include "folded/fheader.h"

/* The message for differential input whose every stack vanished: the
 * baseline has samples, the target none, so no graph can be drawn. */
#define DRAW_ALLVANISHED "every stack vanished: the target has no samples," \
	" the baseline has some"

/* A graph view, one of the graph's two: the graph itself, or fg-svg's
 * Elided view of the stacks that vanished from differential input
 * (target 0), drawn at their baseline widths.  (fg-html's page views,
 * html.h, are its inputs or their root frames.)  A function's "view v"
 * is g->v[v]. */
struct graphview {
	struct layout L;
	struct diffscale ds;	/* how frames are coloured */
	double wpt;		/* pixels a sample */
	uint32_t *cycle;	/* the julia palette's state */
	unsigned char *comp;	/* and, by depth, under Julia's compiler */
};

struct graph {
	struct graphview v[2];	/* v[0] the graph, v[1] the Elided view */
	int nviews;		/* graph views: 2 when asked for (o->elided) and there are any */
	count vanished;		/* differential: baseline samples of stacks whose target is 0 */
	int diff;		/* two-count input */
	int frac;		/* a decimal count: read, or the --total */
	double W, H;		/* the image */
	double fh;		/* a frame row */
	double ypad1, ypad2, ypad3;
	struct rgb bgtop, bgbottom;
	/* what a count measures: the input's unit header (fg-folded(5)) */
	struct fheader hdr;
	int unit;		/* a UNIT_ shown in human form, or UNIT_COUNT: as it is */
	const char *countname;	/* --countname, the header's, else "samples" ("" with a unit) */
};

/*
 * The front end of every renderer: read the files (whole stacks merged
 * as they come, one hash a line; an input in time order, or
 * --flamechart, as a chart: lines in input order, o->chart set and a
 * default title made "Flame Chart"), sort the unique stacks, lay them out
 * across pxwidth pixels (fg-svg's width less its margins unless pxwidth
 * > 0) with fg-svg's image geometry, and the differential scale.  No
 * samples at all is an error.  The inputs' unit header is kept when
 * they agree on it (fhj_settle), in g->hdr, g->unit and g->countname.
 */
void graph_read(struct graph *g, struct dopts *o, int argc, char **argv, double pxwidth);
/* Whether input of header h is drawn as a flame chart: --flamechart,
 * or (no --sort given) the header says its lines are in time order
 * ("# fg: order=time", fg-folded(5)). */
int graph_timeorder(const struct dopts *o, const struct fheader *h);
void graph_free(struct graph *g);
/* The stack to add of line l (reversed into *rev by --reverse) and its
 * counts, the baseline and target swapped by --negate; NULL for a line
 * without counts. */
const char *graph_line(const struct dopts *o, const struct fline *l, count c[2], char **rev,
    size_t *revcap);

#endif
