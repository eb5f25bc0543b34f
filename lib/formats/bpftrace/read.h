/* formats/bpftrace/read.h: bpftrace's maps of stacks to folded stacks
 *
 * What `bpftrace -e 'profile:hz:99 { @[ustack] = count(); }'` prints
 * when it ends: each entry of a map keyed by a stack,
 *
 *   @[
 *       _raw_spin_lock_bh+0
 *       tcp_recvmsg+808
 *   ]: 3
 *
 * the frames leaf first, other keys (comm, pid) after a ',' before
 * the "]: COUNT" that ends it, as stackcollapse-bpftrace.pl reads it.
 */
#ifndef FG_BPFTRACE_H
#define FG_BPFTRACE_H

#include <stdint.h>

#include "base/bytes.h"
#include "folded/dump.h"
#include "folded/lines.h"
#include "stack/stackmap.h"

struct bpftrace_opts {
	int includeoffset;	/* keep "+808" offsets */
};

/* The reader's state (read.c). */
struct bpftrace;

/* A reader with options o (kept, not copied). */
struct bpftrace *bpftrace_new(const struct bpftrace_opts *o);
/* The stacks of the file r reads go into m (st, a struct bpftrace; void
 * *: folder_text's callbacks, folded/folder.h).  The
 * lines outside a map of stacks that it does not understand are said
 * on standard error, the first one shown (a file of no map of stacks
 * at all is an error). */
void bpftrace_fold(void *st, struct lines *r, struct stackmap *m);
/* st's memory and st. */
void bpftrace_free(void *st);

#endif
