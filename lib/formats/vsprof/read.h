/* formats/vsprof/read.h: Visual Studio's CallTreeSummary CSV to folded stacks
 *
 * The Visual Studio profiler's call tree report, one function a line:
 *
 *	Level,Function Name,Number of Calls,Elapsed Inclusive Time %,...
 *	0,"app.exe",0,100.00,...
 *	1,"Main()",1,99.10,...
 *	2,"Work(int32)","2,893,824",54.37,...
 *
 * Stacks are made as inferno-collapse-vsprof makes them, counts being
 * numbers of calls: a function's stack is written when its line's
 * subtree ends, with its calls less those of the last of its callees
 * popped before it (a number already written for the callee is not
 * written again for it); the level-0 line (the module) is replaced by
 * the first level-1 line and so is no frame of the stacks below it.
 * Stacks met twice are added up.
 */
#ifndef FG_VSPROF_H
#define FG_VSPROF_H

#include <stddef.h>
#include <stdint.h>

#include "folded/csv.h"
#include "folded/folder.h"
#include "folded/lines.h"
#include "stack/depth.h"
#include "stack/stackmap.h"

/* A reader's state (read.c), the caller's to free (after an error too). */
struct vsprof;

/* A reader whose stacks go to m. */
struct vsprof *vsprof_new(struct stackmap *m);
/* Fold the report read from r. */
void vsprof_fold(struct vsprof *v, struct lines *r);
/* The header, when there are stacks: what they count; then f's
 * stacks and the reader's (textfold_print). */
void vsprof_print(struct vsprof *v, struct folder *f);
void vsprof_free(struct vsprof *v);

#endif
