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
	int lines;		/* frames "FUNC at FILE:LINE" where sample names the line */
};

/* what part of a file is read (folded/split.h) */
enum { SAMPLE_WHOLE, SAMPLE_HEAD, SAMPLE_TAIL };

/* The reader's state, for one file or a part of one (read.c). */
struct sample;

/* A reader with options o (kept, not copied), of the part part
 * (SAMPLE_) of a file. */
struct sample *sample_new(const struct sample_opts *o, int part);
/* The stacks of the file r reads, folded by st (a struct sample; void
 * *: folder_text's callbacks, folded/folder.h), go into m. */
void sample_fold(void *st, struct lines *r, struct stackmap *m);
/* A file cut at a thread's line: its head (read by head) ends, its tail
 * (tail) begins, inside a call graph. */
void sample_parts(void *head, void *tail);
/* st's memory and st. */
void sample_free(void *st);
int sample_cut(void *st, const char *path, struct splitfile *sf);

#endif
