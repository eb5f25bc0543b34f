/* formats/speedscope/write.h: folded stacks made a speedscope file (fg-speedscope's logic)
 *
 * speedscope's file format (file-format-schema.json of the npm package
 * speedscope): frames {name, file, line} shared by every profile, and
 * "sampled" profiles, each a list of stacks (frame indexes, root first)
 * with their weights.  Each distinct label is taken apart once
 * (frame_parts) into a frame; labels differing only in their
 * annotation share one.  Stacks that repeat within a profile are
 * added up, so memory follows the distinct frames and stacks; a
 * profile's stacks keep the order they first came in.
 *
 * Input in time order (a "# fg: order=time" header: a line a run of
 * samples) becomes an "evented" profile instead, so that speedscope's
 * Time Order view shows the order: from one line to the next the frames
 * they do not share close and the new ones open, each line lasting its
 * count.  Its events are kept until the file is written.
 */
#ifndef FG_SSWRITE_H
#define FG_SSWRITE_H

#include <stddef.h>
#include <stdint.h>

#include "base/count.h"

/* A writer's state (write.c), the caller's to free. */
struct sswrite;

/* An empty file: no profile yet. */
struct sswrite *ssw_new(void);
/* A new profile named name[0..len): its index. */
uint32_t ssw_newprofile(struct sswrite *w, const char *name, size_t len);
/* The profile of input input for the stacks whose root is root[0..len),
 * made on first sight and named prefix (may be empty) then the root. */
uint32_t ssw_rootprofile(struct sswrite *w, uint32_t input, const char *prefix,
    const char *root, size_t len);
/* The number of profiles made: the index of the next one. */
uint32_t ssw_nprofiles(const struct sswrite *w);
/* Whether profile p is in time order (an evented profile), said
 * before each of its stacks is added. */
void ssw_timed(struct sswrite *w, uint32_t p, int timed);
/* The unit (a UNIT_ value, or -1 for one speedscope lacks) of the
 * profiles from index first on. */
void ssw_unit(struct sswrite *w, uint32_t first, int unit);
/* The number of stacks added. */
uint64_t ssw_nstacks(const struct sswrite *w);
/* Add stack s[0..n) with weight c to profile p: NULL, or a message
 * when the profile's total passes 2^53, beyond what speedscope's
 * numbers (doubles) keep exact. */
const char *ssw_add(struct sswrite *w, uint32_t p, const char *s, size_t n, count c);
/* Write the file to standard output (base/out.h). */
void ssw_write(struct sswrite *w);
void ssw_free(struct sswrite *w);

#endif
