/* formats/gecko/write.h: folded stacks made a Firefox Profiler profile (fg-gecko's logic)
 *
 * The Firefox Profiler's processed profile format, version 70
 * (docs-developer/processed-profile-format.md of firefox-devtools/
 * profiler; src/types/profile.ts), what profiler.firefox.com saves and
 * opens: the tables in profile.shared (strings, stacks, frames, funcs,
 * sources), and a thread a profile, each sample a stack with a weight
 * ("samples", "tracing-ms" or "bytes", the input's unit) and a time.
 * A label "NAME at FILE:LINE" is a func NAME of source FILE at line
 * LINE; any other label is the func's whole name.  A frame a distinct
 * label, the stack table a tree, each node written once; a thread's
 * samples stay in the order of its lines, one a line, so that input in
 * time order ("# fg: order=time") reads in that order in the
 * profiler's stack chart: a sample's time is the sum of the weights
 * before it (in milliseconds; a count is a sample of 1 ms).
 */
#ifndef FG_GECKO_WRITE_H
#define FG_GECKO_WRITE_H

#include <stddef.h>
#include <stdint.h>

#include "base/count.h"
#include "base/intern.h"

struct gkw_thread {
	char *name;
	int unit;		/* UNIT_, or -1: written as samples */
	uint32_t *stack;	/* by sample: a stack table index */
	count *weight;
	size_t n, cap, wcap;
};

struct gkwrite {
	struct interner strings;	/* stringArray */
	struct interner labels;		/* label -> func and frame (the same index) */
	uint32_t *fname, *ffile, *fline;	/* by func: name string, source + 1 (0 none), line */
	size_t fcap[3];
	struct interner sources;	/* file string id -> source */
	struct interner stacks;		/* (prefix + 1, frame) -> stack */
	uint32_t *sframe, *sprefix;	/* by stack: frame, prefix + 1 (0: a root) */
	size_t scap[2];
	struct gkw_thread *th;
	size_t nth, thcap;
	struct interner roots;		/* with split: (input, root label) -> thread */
	uint32_t *rootth;
	size_t rootcap;
	char *key;
	size_t keycap;
	uint64_t nsamples;
};

void gkw_init(struct gkwrite *w);
/* A new thread named name[0..len): its index. */
uint32_t gkw_newthread(struct gkwrite *w, const char *name, size_t len);
/* The thread of input input for the stacks whose root is root[0..len),
 * made on first sight and named prefix (may be empty) then the root. */
uint32_t gkw_rootthread(struct gkwrite *w, uint32_t input, const char *prefix,
    const char *root, size_t len);
/* Add a sample of stack s[0..n) and weight c to thread t. */
void gkw_add(struct gkwrite *w, uint32_t t, const char *s, size_t n, count c);
/* Write the profile to standard output (base/out.h). */
void gkw_write(struct gkwrite *w);
void gkw_free(struct gkwrite *w);

#endif
