/* frames.h: a graph's frames as the renderers draw them
 *
 * Per frame of a graph (graph.h): its colour and julia status, its box
 * and row, its label and whether it fits; and amounts of samples as
 * the renderers write them, with a unit in human form.
 */
#ifndef FG_DRAW_FRAMES_H
#define FG_DRAW_FRAMES_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/count.h"
#include "draw/dopts.h"
#include "draw/graph.h"

/* Flags of graph_human. */
enum { DA_SIGN = 1, DA_SHORT = 2, DA_NONAME = 4 };
/* Amount v of a graph whose counts have a unit (g->unit), appended to
 * b: "HUMAN COUNTNAME (RAW UNIT)", as "12.3 MiB size (12,894,208
 * bytes)": count_human of v * factor, the countname when not "", and
 * draw_amount of v.  DA_SIGN: "+" before a positive v; DA_SHORT: no
 * "(RAW UNIT)"; DA_NONAME: no COUNTNAME. */
void graph_human(struct bytes *b, const struct graph *g, double v, const count *c,
    double factor, int flags);
/* An amount as fg-svg's script writes it into buf (600 bytes): v times
 * factor rounded to two decimals, no trailing zeros, thousands parted
 * by commas; an integer count c (when not NULL, factor 1) as it is.
 * Returns the length. */
size_t draw_amount(char *buf, double v, const count *c, double factor);

/* Colour of frame i of view v; call in layout order (the julia palette
 * cycles, and colours the frames under Julia's compiler). */
struct rgb graph_color(struct graph *g, const struct dopts *o, int v, size_t i);
/* With the julia palette, the status of frame i of view v, which
 * graph_color has just coloured: "runtime dispatch", "garbage
 * collection", both, "compilation", or NULL. */
const char *graph_status(const struct graph *g, const struct dopts *o, int v, size_t i);
/* The y of the top of a frame row at depth d. */
double graph_y(const struct graph *g, const struct dopts *o, uint32_t d);
/* The box of frame i of view v as fg-svg draws it: x from x0 to x1
 * (rounded to tenths as in the SVG), top y, height g->fh - 1. */
void graph_box(const struct graph *g, const struct dopts *o, int v, size_t i,
    double *x0, double *x1, double *y);
/* The label of frame i of view v: the name less its annotation, "all",
 * or "+N more" (written into buf). */
void graph_label(const struct graph *g, int v, size_t i, const char **s, size_t *n, char buf[48]);
/* Whether label s[0..*n) is drawn in width px, as flamegraph.pl fits
 * labels (a character is cw wide): 0 if not, else 1 with *n the bytes
 * drawn and *dots set when it is cut and ends in "..". */
int draw_label_fit(const char *s, size_t *n, double px, double cw, int *dots);

#endif
