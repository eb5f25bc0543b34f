/* formats/instruments/deepcopy.h: Instruments' deep copies to folded stacks
 *
 * A call tree copied out of Instruments (Edit > Deep Copy) is tab-
 * separated text: a header line naming the columns, then a function a
 * line, its depth in the blanks before its symbol:
 *
 *	Weight<TAB>Self Weight<TAB>Symbol Names
 *	4.93 s  100.0%<TAB>0 s<TAB>   start
 *	4.93 s  99.9%<TAB>0 s<TAB>    main
 *	2.45 s   0.0%<TAB>846.00 ms<TAB>     delta()
 *
 * The total column is "Weight", "Running Time" or "Bytes Used"; the
 * self column, when there is one, is the one whose name begins "Self".
 * Each function's stack counts its self weight: the self column's, or,
 * without one, its total less its callees' (not below 0), as
 * speedscope's importer counts every function.  Weights are read with
 * their units (ns, µs, ms, s, min; cycles, Kc, Mc, Gc; Bytes, KB, MB,
 * GB, KiB...) and written in milliseconds, cycles or bytes.
 */
#ifndef FG_DEEPCOPY_H
#define FG_DEEPCOPY_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/count.h"
#include "folded/lines.h"
#include "stack/depth.h"
#include "stack/stackmap.h"

/* what a weight measures */
enum { DC_NONE, DC_TIME, DC_CYCLES, DC_BYTES };

/* A reader's state (deepcopy.c), the caller's to free (after an error too). */
struct deepcopy;

/* A reader whose stacks go to m. */
struct deepcopy *deepcopy_new(struct stackmap *m);
/* Fold the deep copy read from r. */
void deepcopy_fold(struct deepcopy *c, struct lines *r);
/* The header, when there are stacks: what they count; then f's
 * stacks and the reader's (textfold_print). */
struct folder;
void deepcopy_print(struct deepcopy *t, struct folder *f);
void deepcopy_free(struct deepcopy *c);

#endif
