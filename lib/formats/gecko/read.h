/* formats/gecko/read.h: Firefox Profiler and Gecko profiles folded into stacks
 *
 * Two layouts of one model, told apart by meta.preprocessedProfileVersion:
 *
 * - the processed format, what profiler.firefox.com and samply save
 *   (and Firefox's "Upload" or "Download"): threads whose samples name
 *   a stack, the stack table a tree of frames, each frame of a func
 *   with a name and, for JavaScript, a file and a line; its tables in
 *   each thread (before version 60) or in profile.shared, its strings
 *   in each thread (before 56) or shared, prefix (before 66) or
 *   prefixOffset;
 * - the raw Gecko profile Firefox writes itself (MOZ_PROFILER_SHUTDOWN,
 *   about:profiling's "Save"), its tables as {schema, data} rows, a
 *   frame named by its location string ("fib (file:///a.js:2:14)[3]",
 *   "PresShell::DoReflow", "0x7f12ab"), its child processes under
 *   "processes"; and that profile inside Firefox DevTools' old export
 *   ({"profile": {...}}, what speedscope imports).
 *
 * As the Firefox Profiler's call tree: frames are grouped by function
 * (a JavaScript function by its name, file and line of definition); a
 * sample weighs 1, or its weight (samples, milliseconds or bytes, as
 * weightType says); a sample without a stack is in no stack.
 */
#ifndef FG_GECKO_READ_H
#define FG_GECKO_READ_H

#include <stddef.h>

#include "stack/stackmap.h"

struct gecko_opt {
	int time;		/* weights: milliseconds to the next sample */
	int js;			/* JavaScript frames only (and those marked
				 * relevant for it), as the profiler's "JavaScript" */
	int fullpath;		/* the script's url, not its base name */
	int lines;		/* a frame's own line, not its function's */
	int bythread;		/* a root frame per thread */
	int list;		/* list the threads, fold nothing */
	char *const *threads;	/* only these threads (index or name) */
	size_t nthreads;
};

/* A reader, the caller's: its options, and the map its stacks are
 * added to. */
struct gecko *gecko_new(const struct gecko_opt *o, struct stackmap *map);
/* Fold the profile s[0..n) (named name in messages), or list its
 * threads (o->list).  Returns the UNIT_ of its weights (UNIT_COUNT,
 * UNIT_MS, UNIT_BYTES), or -1 when no thread was chosen.  g may fold
 * a file after an error in another was caught (the fuzzing harness). */
int gecko_fold(struct gecko *g, const char *s, size_t n, const char *name);
void gecko_free(struct gecko *g);

#endif
