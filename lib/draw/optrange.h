/* optrange.h: the largest value of each numeric option of the renderers
 *
 * Every number a renderer takes on its command line or from FG_WIDTH
 * and FG_HEIGHT has a range; draw_num refuses a value outside it (exit
 * 2), so no width of 1e300 or inf reaches a cast, a buffer or a file.
 * A call names its bound here, so a typo is a compile error.  The man
 * pages list the same ranges.
 */
#ifndef FG_OPTRANGE_H
#define FG_OPTRANGE_H

#define RANGE_PX 1e6		/* widths, heights (FG_WIDTH, FG_HEIGHT), --minwidth: px */
#define RANGE_PCT 100		/* --minwidth PCT%, --min-delta: percent of the total */
#define RANGE_FONTSIZE 1000	/* px */
#define RANGE_FONTWIDTH 10	/* a fraction of the font size */
#define RANGE_FACTOR 1e15
#define RANGE_COSTSCALE 1e6	/* columns a sample */

#endif
