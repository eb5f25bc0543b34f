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
#include "folded/folder.h"
#include "folded/lines.h"
#include "stack/stackmap.h"

struct pmc_opts {
	const char *event;	/* --event: the one event kept, or NULL */
};

/* The reader's state (read.c). */
struct pmc;

/* A reader with options o (kept, not copied). */
struct pmc *pmc_new(const struct pmc_opts *o);
/* The stacks of the file r reads go into m (st, a struct pmc; void *:
 * folder_text's callbacks, folded/folder.h).  The lines it does not
 * understand are said on standard error, the first one shown (a file
 * of no call graph at all is an error). */
void pmc_fold(void *st, struct lines *r, struct stackmap *m);
/* The end of the files: --event's event not found is an error; the
 * header f->h names what the counts count, while it is one event. */
void pmc_done(struct folder *f, void *st);
/* st's memory and st. */
void pmc_free(void *st);

#endif
