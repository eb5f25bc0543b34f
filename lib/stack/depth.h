/* depth.h: the stack of an indented call tree, frame by depth
 *
 * The reports that print a call tree one function a line (VTune's and
 * Visual Studio's CSV, GHC's .prof, Instruments' deep copies) give each
 * line a depth: the line's frame replaces the one at that depth, and
 * every frame below it goes.  The stack is then root;...;frame, each
 * frame cleaned as frame_clean cleans one.
 *
 *	struct depthstack d = { 0 };
 *
 *	if (!depth_set(&d, depth, name, len))
 *		error: depth skips a level
 *	stackmap_add(m, (char *)d.b.p, d.b.n, ...);
 */
#ifndef FG_DEPTH_H
#define FG_DEPTH_H

#include <stddef.h>

#include "base/bytes.h"

struct depthstack {
	struct bytes b;		/* the stack, b.p[0..b.n) */
	size_t *mark;		/* mark[i]: b.n before frame i */
	size_t n, cap;		/* frames on the stack */
};

/* Frame f[0..len) at depth d (0: the root), the frames at d and below
 * dropped first; 0 (and nothing done) when d > d->n, a level skipped. */
int depth_set(struct depthstack *d, size_t depth, const char *f, size_t len);
/* Keep the first depth frames only (depth <= d->n). */
void depth_cut(struct depthstack *d, size_t depth);
void depth_free(struct depthstack *d);

#endif
