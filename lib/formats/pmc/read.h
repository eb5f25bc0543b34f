/* formats/pmc/read.h: pmcstat's call graphs to folded stacks
 *
 * What FreeBSD's `pmcstat -R samples.pmc -G callgraph.txt` writes: for
 * each event ("@ inst_retired.any [35705 samples]"), a tree a function
 * where samples were taken, its callers indented a space a level,
 *
 *   20.86%  [7447]     zfs_lz4_compress @ /boot/kernel/zfs.ko
 *    100.0%  [7447]      zio_compress_data
 *     100.0%  [7447]       zio_write_compress
 *
 * each line its share of its callee's samples, its number of samples
 * and its function.  A line's samples that its callers do not take
 * were taken with no caller recorded above it: a stack of their own,
 * as the deepest lines' are in stackcollapse-pmc.pl and speedscope.
 */
#ifndef FG_PMC_H
#define FG_PMC_H

#include <stdint.h>

#include "base/bytes.h"
#include "base/count.h"
#include "folded/dump.h"
#include "folded/lines.h"
#include "stack/stackmap.h"

/* a line of the path from the function sampled to the one read */
struct pmc_node {
	size_t at, len;		/* its function, in names */
	count c, callers;	/* its samples; its callers' so far */
};

struct pmc {
	const char *only;	/* --event: the one event kept, or NULL */
	int skip;		/* the call graph read is another event's */
	struct dump d;
	struct bytes names;	/* the path's functions, one after another */
	struct pmc_node *node;
	size_t depth, cap;	/* node[0..depth) */
	struct bytes event;	/* the first event's name, a string */
	int events;		/* another event was seen: 1, said: 2 */
	struct dumpodd odd;	/* lines not understood */
};

/* st zeroed, st->only set; the stacks of the file r reads go into m.  The lines it
 * does not understand are said on standard error, the first one shown
 * (a file of no call graph at all is an error). */
/* st, a struct pmc (void *: folder_text's callbacks, folded/folder.h) */
void pmc_fold(void *st, struct lines *r, struct stackmap *m);
void pmc_free(void *st);

#endif
