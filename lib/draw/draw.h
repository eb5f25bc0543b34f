/* draw.h: the renderers' front end
 *
 * fg-svg, fg-png, fg-pdf, fg-vega and fg-html draw the same graph with
 * the same options: the one header they include, for the four parts of
 * what they have in common, each in a file of its own; a program keeps
 * its options, usage and output.
 */
#ifndef FG_DRAW_H
#define FG_DRAW_H

#include "draw/dopts.h"		/* options, usage lines, defaults */
#include "draw/framecolor.h"	/* the differential scale, a frame's colour */
#include "draw/graph.h"		/* reading and layout */
#include "draw/frames.h"	/* per frame: colour, box, label; amounts */

#endif
