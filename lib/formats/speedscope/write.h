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
#include "base/intern.h"

/* an event of an evented profile: frame opened ('O') or closed ('C') at at */
struct ssw_event {
	count at;
	uint32_t frame;
	char type;
};

struct ssw_profile {
	char *name;
	int unit;		/* UNIT_, or -1 for a unit speedscope lacks */
	count total;
	uint32_t head, tail;	/* its samples: first and last id + 1 */
	int evented;		/* in time order: events, set before the first stack */
	struct ssw_event *ev;
	size_t nev, evcap;
	uint32_t *open;		/* the frames open, root first */
	size_t nopen, opencap;
};

struct sswrite {
	struct interner labels;	/* frame labels seen */
	uint32_t *labframe;	/* label id -> frame index */
	size_t labcap;
	struct interner frames;	/* line, name length, name, file */
	struct interner smp;	/* profile, then frame indexes root first */
	count *weight;		/* by sample id */
	uint32_t *next;		/* the profile's next sample id + 1 */
	size_t smpcap;
	struct ssw_profile *prof;
	size_t nprof, profcap;
	struct interner roots;	/* with split: (input, root label) -> profile */
	uint32_t *rootprof;
	size_t rootcap;
	uint32_t *cur;		/* the sample key being made */
	size_t curcap;
	char *key;		/* scratch for the other keys */
	size_t keycap;
	uint64_t nstacks;	/* stacks added */
};

void ssw_init(struct sswrite *w);
/* A new profile named name[0..len): its index. */
uint32_t ssw_newprofile(struct sswrite *w, const char *name, size_t len);
/* The profile of input input for the stacks whose root is root[0..len),
 * made on first sight and named prefix (may be empty) then the root. */
uint32_t ssw_rootprofile(struct sswrite *w, uint32_t input, const char *prefix,
    const char *root, size_t len);
/* Add stack s[0..n) with weight c to profile p: NULL, or a message
 * when the profile's total passes 2^53, beyond what speedscope's
 * numbers (doubles) keep exact. */
const char *ssw_add(struct sswrite *w, uint32_t p, const char *s, size_t n, count c);
/* Write the file to standard output (base/out.h). */
void ssw_write(struct sswrite *w);
void ssw_free(struct sswrite *w);

#endif
