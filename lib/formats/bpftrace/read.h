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

struct bpftrace {
	const struct bpftrace_opts *o;
	struct dump d;
	int in;			/* inside an entry */
	struct bytes map;	/* the first map's name */
	int maps;		/* another map was seen: 1, said: 2 */
	uint64_t line;		/* the line the open entry began at */
	struct dumpodd odd;	/* lines outside entries not understood */
};

/* st zeroed, st->o set; the stacks of the file r reads go into m.  The
 * lines outside a map of stacks that it does not understand are said
 * on standard error, the first one shown (a file of no map of stacks
 * at all is an error). */
/* st, a struct bpftrace (void *: folder_text's callbacks, folded/folder.h) */
void bpftrace_fold(void *st, struct lines *r, struct stackmap *m);
void bpftrace_free(void *st);

#endif
