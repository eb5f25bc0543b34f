/* depth.h: the stack of an indented call tree, frame by depth
 *
 * The reports that print a call tree one function a line (VTune's and
 * Visual Studio's CSV, GHC's .prof, Instruments' deep copies) give each
 * line a depth: the line's frame replaces the one at that depth, and
 * every frame below it goes.  The stack is built by the folders' one
 * builder (build.h), each frame cleaned as frame_clean cleans one, and
 * added to its map.
 *
 *	struct depthstack d;
 *
 *	depth_init(&d, map);
 *	if (!depth_set(&d, depth, name, len))
 *		error: depth skips a level
 *	if (!depth_add(&d, c))
 *		error: the sum overflows
 */
#ifndef FG_DEPTH_H
#define FG_DEPTH_H

#include <stddef.h>

#include "base/count.h"
#include "stack/build.h"

struct depthstack {
	struct stackbuild b;	/* the stack */
	size_t *mark;		/* mark[i]: its length before frame i */
	size_t n, cap;		/* frames on the stack */
};

/* Empty, its stacks added to map. */
void depth_init(struct depthstack *d, struct stackmap *map);
/* Frame f[0..len) at depth d (0: the root), the frames at d and below
 * dropped first; 0 (and nothing done) when d > d->n, a level skipped. */
int depth_set(struct depthstack *d, size_t depth, const char *f, size_t len);
/* Keep the first depth frames only (depth <= d->n). */
void depth_cut(struct depthstack *d, size_t depth);
/* Add the stack (not empty) with count c to the map; 0 when the sum
 * overflows. */
int depth_add(struct depthstack *d, count c);
void depth_free(struct depthstack *d);

#endif
