/* formats/safari/read.h: Safari timeline recordings folded into stacks
 *
 * What Safari's Web Inspector exports from its Timelines tab (a
 * .json "recording", version 1): {"version": 1, "recording": {...}}
 * whose "sampleStackTraces" are the JavaScript sampler's samples, each
 * a "timestamp" (seconds, the sample's end) and its "stackFrames" (the
 * leaf first: a function's name, url, line and column), and whose
 * "sampleDurations" are each sample's length in seconds, side by side.
 * A sample is a stack weighing 1, or with time its duration in
 * nanoseconds, as speedscope's importer weighs it (with idle, the
 * gaps of more than 2 ms between samples too, as "(idle)").
 */
#ifndef FG_SAFARI_READ_H
#define FG_SAFARI_READ_H

#include <stddef.h>

#include "stack/run.h"
#include "stack/stackmap.h"

struct safari_opt {
	int time;	/* weights in nanoseconds, not samples */
	int idle;	/* with time: the gaps between samples, as (idle) */
	int fullpath;	/* the script's whole url, not its base name */
};

/* A reader, the caller's: its options and where its stacks go, summed
 * into map, or, when run is not NULL, a line per run in time order. */
struct safari *safari_new(const struct safari_opt *o, struct stackmap *map,
    struct stackrun *run);
/* Fold the recording s[0..n) (named name in messages).  Returns the
 * number of samples read.  r may fold a file after an error in another
 * was caught (the fuzzing harness). */
size_t safari_fold(struct safari *r, const char *s, size_t n, const char *name);
/* safari_fold as a folder_fn (folded/folder.h): the file w, into arg (a
 * struct safari). */
struct whole;
void safari_folder(struct whole *w, void *arg);
void safari_free(struct safari *r);

#endif
