/* optrange.h: the largest value of each numeric option of the renderers
 *
 * Every number a renderer takes on its command line or from FG_WIDTH
 * and FG_HEIGHT has a range; draw_num refuses a value outside it (exit
 * 2), so no width of 1e300 or inf reaches a cast, a buffer or a file.
 * The man pages list the same ranges.
 */
#ifndef FG_OPTRANGE_H
#define FG_OPTRANGE_H

/* The largest value of the option named what (as draw_num names it:
 * "width", "FG_WIDTH", "minwidth%", ...); an unknown name is an
 * internal error, so a new numeric option cannot go without one. */
double optrange_max(const char *what);

#endif
