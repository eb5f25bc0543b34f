/* diffscale.h: fg-diff's baseline scaled to the target's total (-n)
 *
 * A baseline count c becomes c * t2 / t1, t1 and t2 the two profiles'
 * totals.  --normalize=exact keeps the quotient as a decimal.  -n
 * prints whole numbers that add up to the target's total: each line
 * gets its quotient truncated, and the units truncation lost go one
 * each to the lines with the largest remainders (the largest remainder
 * method, as seats are apportioned), the earlier line first on a tie.
 * Truncating alone lost up to a unit a line (170 for 184 samples on a
 * small profile).  Integer counts scale exactly, in 128 bits, however
 * large; decimal counts scale in doubles, and then sum to the target's
 * total rounded to a whole number.
 */
#ifndef FG_DIFFSCALE_H
#define FG_DIFFSCALE_H

#include <stddef.h>

#include "base/count.h"
#include "stack/stackmap.h"

enum { NORM_OFF, NORM_ROUND, NORM_EXACT };

/* Scale the baseline counts e[i].c[0] of the n lines e[0..n), as mode
 * says, from the baseline's total t[0] to the target's t[1]; frac: the
 * profiles had a decimal count.  Nothing changes when the totals are
 * equal or the baseline's is zero. */
void diffscale(struct stackent *e, size_t n, const count *t, int mode, int frac);

#endif
