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

#include "base/count.h"

/* "N samples vanished (target 0), not drawn" into buf (at least 440
 * bytes); 0 when none vanished. */
size_t vanished_note(count vanished, char *buf);

#endif
