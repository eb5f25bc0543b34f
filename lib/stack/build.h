/* build.h: a stack built frame by frame, for the folders
 *
 * A folder of a foreign format names a sample's frames root first and
 * hands the stack on with its count.  The builder joins the frames with
 * ';' and adds the stack where the folder's output goes: summed into a
 * stackmap (stackmap.h), or, when a stackrun is given (--time-order,
 * run.h), as a line of the run it extends or starts.
 *
 *     struct stackbuild b;
 *
 *     sb_init(&b, &map, NULL);
 *     for each sample:
 *         sb_clear(&b);
 *         sb_frame(&b, "main", 4);         a label, already clean
 *         sb_text(&b, thread, len);        any text, made a frame
 *         if (!sb_add(&b, c))
 *             error: the sum overflows
 *     sb_dropped(&b, file, "of an empty stack", unit);
 *     sb_free(&b);
 *
 * sb_frame takes a frame made clean (label_make, frame_clean: no ';',
 * no line end, guarded); sb_text cleans what it is given.  sb_len and
 * sb_cut go back to a frame pushed earlier (the frames an event closes;
 * a prefix kept from one sample to the next).  A stack added again
 * with nothing changed since goes to the same map entry without a
 * lookup (a sampler's runs).
 *
 * A sample with no frame at all (not even a root frame of the folder's,
 * as --by-thread makes) has no stack to be written: sb_add counts it
 * and its weight, and sb_dropped warns that they were left out, so
 * that no folder drops samples in silence.
 */
#ifndef FG_BUILD_H
#define FG_BUILD_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/count.h"
#include "stack/run.h"
#include "stack/stackmap.h"

struct stackbuild {
	struct bytes b;		/* the stack so far, b.p[0..b.n) */
	struct stackmap *map;	/* where sb_add adds: into map, or */
	struct stackrun *run;	/* when set, the runs in time order */
	size_t last;		/* map's entry of the stack as it is, or SIZE_MAX */
	uint64_t ndropped;	/* samples of no frame since sb_dropped, */
	count dropped;		/* and their weight */
};

/* Start b empty, adding to map, or to run when run is not NULL. */
void sb_init(struct stackbuild *b, struct stackmap *map, struct stackrun *run);
/* Empty the stack. */
void sb_clear(struct stackbuild *b);
/* Push frame f[0..n), clean as a label is, as the new leaf. */
void sb_frame(struct stackbuild *b, const char *f, size_t n);
/* Push text s[0..n) made a frame as frame_clean makes one. */
void sb_text(struct stackbuild *b, const char *s, size_t n);
/* The stack's length in bytes: 0 when empty; a mark for sb_cut. */
static inline size_t
sb_len(const struct stackbuild *b)
{
	return b->b.n;
}
/* Back to the stack as it was when sb_len said len. */
void sb_cut(struct stackbuild *b, size_t len);
/* The stack, sb_len(b) bytes (not NUL-terminated). */
static inline const char *
sb_stack(const struct stackbuild *b)
{
	return (const char *)b->b.p;
}
/* Add the stack with count c, the weight of n samples; 0 when a sum
 * overflows.  An empty stack is counted for sb_dropped instead.  The
 * samples are counted where the stack goes (the map's or the run's
 * samples), for the header's "samples=N" (folder.h); sb_add adds a
 * weight of no known number of samples (a node of a call tree, taken
 * as one for sb_dropped), and so makes that count unknown. */
int sb_addn(struct stackbuild *b, count c, uint64_t n);
/* sb_addn of n samples whose weights squared add up to w2, in the unit
 * squared, for the header's "weight2=S" (sb_addn knows it of one sample,
 * c squared, and of more than one not: then none is written). */
int sb_addw(struct stackbuild *b, count c, uint64_t n, double w2);
int sb_add(struct stackbuild *b, count c);
/* Warn about the samples of an empty stack that sb_add counted since
 * the last call, if any: "FILE: N samples WHAT, weighing W UNIT, have
 * no frame: left out" (the weight left out when unit is NULL and each
 * weighed 1). */
void sb_dropped(struct stackbuild *b, const char *file, const char *what, const char *unit);
void sb_free(struct stackbuild *b);

#endif
