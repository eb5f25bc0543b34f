/* formats/speedscope/read.h: speedscope's file format folded into stacks
 *
 * speedscope's JSON (file-format-schema.json of the npm package
 * speedscope): shared.frames {name, file, line, col}, and profiles
 * that are "sampled" (samples: stacks of frame indexes, root first,
 * with weights) or "evented" (open and close events of frames at
 * values).  An evented profile becomes the exact self value of every
 * stack: between two events the stack then open gets their
 * difference, as speedscope's CallTreeProfileBuilder counts it.  The
 * JSON is read in one pass plus a second cursor over the weights; no
 * sample or event is kept, so memory follows the frames and the
 * unique stacks.
 */
#ifndef FG_SSCOPE_H
#define FG_SSCOPE_H

#include <stddef.h>

#include "stack/run.h"
#include "stack/stackmap.h"

struct sscope_opt {
	const char *profile;	/* only the profile of this index or name */
	int byprofile;		/* its name as a root frame */
	int fullpath;		/* the frame's file whole, not its base name */
	int list;		/* list the profiles instead */
};

/* A reader, the caller's: its options and where its stacks go, summed
 * into map, or, when run is not NULL, a line per run in time order
 * (--time-order). */
struct sscope *sscope_new(const struct sscope_opt *o, struct stackmap *map,
    struct stackrun *run);
/* Fold the file s[0..n) (named name in messages).  Returns the unit of
 * the profiles folded, a UNIT_ value (count.h) or -1 when no profile was
 * chosen; UNIT_COUNT for speedscope's "none".  c may fold a file after
 * an error in another was caught (the fuzzing harness). */
int sscope_fold(struct sscope *c, const char *s, size_t n, const char *name);
void sscope_free(struct sscope *c);

#endif
