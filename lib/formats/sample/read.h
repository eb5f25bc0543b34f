/* formats/sample/read.h: macOS sample's call graphs to folded stacks
 *
 * `sample PID` prints, after a header, a "Call graph:" section: a tree
 * a thread, a node a line, each line its number of samples and its
 * frame, indented two characters a level,
 *
 *     825 Thread_15758535
 *     + 825 thread_start  (in libsystem_pthread.dylib) + 13  [0x7fff739c240d]
 *     +   794 ignore::walk::Worker::run::h428457710ae7645a  (in rg) + 1035  [...]
 *
 * up to a line "Total number in stack".  A node's count takes in its
 * callees': what is left is the node's own samples, a stack of its
 * own, as stackcollapse-sample.awk counts them.  Frames are
 * "module`function", as inferno-collapse-sample writes them.
 */
#ifndef FG_SAMPLE_H
#define FG_SAMPLE_H

#include <stdint.h>

#include "base/bytes.h"
#include "base/count.h"
#include "folded/dump.h"
#include "folded/lines.h"
#include "folded/split.h"
#include "stack/build.h"
#include "stack/stackmap.h"

struct sample_opts {
	int nomodules;		/* frames without "module`" */
	int waits;		/* keep the samples of threads waiting */
};

/* a node of the path from the thread's root to the line read */
struct sample_node {
	size_t at;		/* where its frame ends in the stack (sb_len) */
	count c;		/* its samples, callees' included */
	count kids;		/* its callees' samples so far */
	int wait;		/* a function threads wait in */
};

/* what part of a file is read (folded/split.h) */
enum { SAMPLE_WHOLE, SAMPLE_HEAD, SAMPLE_TAIL };

struct sample {
	const struct sample_opts *o;
	int part;		/* SAMPLE_: the head may end, the tail begin,
				 * inside a call graph, at a thread's line */
	struct lines *r;
	struct stackbuild sb;	/* the path, root first */
	int ready;		/* sb set up */
	struct sample_node *node;
	size_t depth, cap;	/* node[0..depth) */
	struct bytes tmp;	/* a Rust symbol made whole */
	struct bytes frame;	/* a frame, "module`function" */
	uint64_t graphs;	/* call graphs read, in all files */
};

/* st zeroed, st->o set; the stacks of the file r reads go into m. */
/* st, a struct sample (void *: folder_text's callbacks, folded/folder.h) */
void sample_fold(void *st, struct lines *r, struct stackmap *m);
void sample_free(void *st);
/* Cut path, when it is large, at a thread's line after its middle
 * ("    825 Thread_..."): 1 and sf set, or 0. */
int sample_cut(void *st, const char *path, struct splitfile *sf);

#endif
