/* formats/dtrace/read.h: DTrace and SystemTap stack aggregations to
 * folded stacks
 *
 * What `dtrace -n 'profile-997 { @[ustack()] = count(); }'` prints at
 * its end, and a SystemTap script's print_stack() of each key of its
 * aggregation, then the count: blocks of frames, leaf first, each
 * ended by a line that is a count alone.  Frames are tidied as
 * stackcollapse.pl and inferno-collapse-dtrace tidy them (offsets,
 * C++ arguments, inlined frames, Rust symbols), SystemTap's as
 * stackcollapse-stap.pl does (its address and module dropped).
 */
#ifndef FG_DTRACE_H
#define FG_DTRACE_H

#include <stdint.h>

#include "base/bytes.h"
#include "folded/dump.h"
#include "folded/lines.h"
#include "folded/split.h"
#include "stack/stackmap.h"

struct dtrace_opts {
	int includeoffset;	/* keep "+0x1c" offsets, but the leaf's */
};

/* The reader's state, for one file or a part of one (read.c). */
struct dtrace;

/* A reader with options o (kept, not copied); part1: it reads from a
 * stack's start inside a file (folded/split.h), where there is no
 * header. */
struct dtrace *dtrace_new(const struct dtrace_opts *o, int part1);
/* The stacks of the file r reads, folded by st (a struct dtrace; void
 * *: folder_text's callbacks, folded/folder.h), go into m. */
void dtrace_fold(void *st, struct lines *r, struct stackmap *m);
/* st's memory and st. */
void dtrace_free(void *st);
/* Cut path, when it is large, at a blank line after its middle that
 * follows a count, between two stacks (a blank line of a SystemTap
 * script's may fall between a stack's frames and its count): 1 and f
 * set, or 0. */
int dtrace_cut(void *st, const char *path, struct splitfile *f);

#endif
