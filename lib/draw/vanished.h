/* vanished.h: the samples of stacks that vanished, for a footnote
 *
 * In differential input a stack whose target is 0 has no width in a
 * graph drawn by target widths.  fg-svg shows such stacks in its elided
 * view; fg-png, fg-pdf and fg-vega, which cannot, say how many samples
 * that leaves out.
 */
#ifndef FG_VANISHED_H
#define FG_VANISHED_H

#include <stddef.h>

#include "draw/graph.h"

/* "N samples vanished (target 0), not drawn" (N and samples as the
 * graph shows counts: "1.5 KiB size (1,536 bytes)" with a unit) into
 * b; 0 when none vanished, else the length. */
size_t vanished_note(const struct graph *g, struct bytes *b);

#endif
