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
#include "folded/lines.h"
#include "stack/depth.h"
#include "stack/stackmap.h"

struct vtune_opts {
	int nomodules;		/* FUNCTION, not MODULE`FUNCTION */
};

/* A reader's state, the caller's to free (after an error too). */
struct vtune {
	const struct vtune_opts *o;
	struct stackmap *m;
	struct csv c;
	struct depthstack d;
	struct bytes frame;
	size_t func, self, module;	/* the columns; module SIZE_MAX: none */
};

/* Stacks go to m. */
void vtune_init(struct vtune *v, const struct vtune_opts *o, struct stackmap *m);
/* Fold the report read from r. */
void vtune_fold(struct vtune *v, struct lines *r);
void vtune_free(struct vtune *v);

#endif
