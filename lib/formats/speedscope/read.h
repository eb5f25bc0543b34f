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

#include "stack/stackmap.h"

struct sscope_opt {
	const char *profile;	/* only the profile of this index or name */
	int byprofile;		/* its name as a root frame */
	int fullpath;		/* the frame's file whole, not its base name */
	int list;		/* list the profiles instead */
};

/* Fold the file s[0..n) (named name in messages) into m.  Returns the
 * unit of the profiles folded, a UNIT_ value (count.h) or -1 when no
 * profile was chosen; UNIT_COUNT for speedscope's "none". */
int sscope_fold(const char *s, size_t n, const char *name, const struct sscope_opt *o,
    struct stackmap *m);

#endif
