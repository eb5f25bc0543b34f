/* formats/v8/heapprofile.h: V8 sampling heap profiles (.heapprofile) folded into stacks
 *
 * What Chrome DevTools' "Allocation sampling" saves and `node
 * --heap-prof` writes: {"head": NODE, "samples": [...]}, a tree of
 * nodes nested in their parents' "children", each with a "callFrame"
 * (functionName, url, lineNumber from 0) and "selfSize", the bytes
 * its function allocated that are still sampled as live.  A node's
 * stack weighs its selfSize, as speedscope's importer weighs it; the
 * "samples" list (newer files only) is checked and passed.
 */
#ifndef FG_HEAPPROFILE_H
#define FG_HEAPPROFILE_H

#include <stddef.h>

#include "stack/stackmap.h"

struct heapprof_opt {
	int fullpath;	/* the url, not its base name */
};

/* A reader, the caller's: its options, and the map its stacks are
 * added to. */
struct heapprof *heapprof_new(const struct heapprof_opt *o, struct stackmap *map);
/* Fold the heap profile s[0..n) (named name in messages).  Returns the
 * number of nodes read.  h may fold a file after an error in another
 * was caught (the fuzzing harness). */
size_t heapprof_fold(struct heapprof *h, const char *s, size_t n, const char *name);
/* heapprof_fold as a folder_fn (folded/folder.h): the file w, into arg (a
 * struct heapprof). */
struct whole;
void heapprof_folder(struct whole *w, void *arg);
void heapprof_free(struct heapprof *h);

#endif
