/* formats/vtune/read.h: Intel VTune's top-down CSV report to folded stacks
 *
 * `vtune -report top-down -format csv` prints the call tree one
 * function a line, its depth in the blanks before it:
 *
 *	Function Stack,CPU Time:Self,Module
 *	Total,0.0,[Unknown]
 *	 main,0.012,app
 *	  work,0.250,app
 *
 * Each line with self time becomes the stack of the functions above it
 * and itself, "MODULE`FUNCTION" each (FUNCTION alone with --no-modules
 * or no module), its count the self time in milliseconds, rounded, as
 * inferno-collapse-vtune counts it.  The lines before the header line
 * (VTune's notes, "war:Column filter is ON.") and blank lines are
 * skipped; the columns are found by their names in the header.
 */
#ifndef FG_VTUNE_H
#define FG_VTUNE_H

#include <stddef.h>

#include "base/bytes.h"
#include "folded/csv.h"
#include "folded/folder.h"
#include "folded/lines.h"
#include "stack/depth.h"
#include "stack/stackmap.h"

struct vtune_opts {
	int nomodules;		/* FUNCTION, not MODULE`FUNCTION */
};

/* A reader's state (read.c), the caller's to free (after an error too). */
struct vtune;

/* A reader with options o (kept, not copied) whose stacks go to m. */
struct vtune *vtune_new(const struct vtune_opts *o, struct stackmap *m);
/* Fold the report read from r. */
void vtune_fold(struct vtune *v, struct lines *r);
/* The header, when there are stacks: what they count; then f's
 * stacks and the reader's (textfold_print). */
void vtune_print(struct vtune *v, struct folder *f);
void vtune_free(struct vtune *v);

#endif
