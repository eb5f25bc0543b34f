/* formats/perf/read.h: Linux "perf script" output to folded stacks
 *
 * Samples are read line by line: an event line ("comm pid[/tid] ...
 * event:") starts one, its stack lines follow leaf first, and a blank
 * line ends it.  Stacks are tidied as stackcollapse-perf.pl does and
 * added to a stack map, or in the order read to a stackrun.
 */
#ifndef FG_PERF_H
#define FG_PERF_H

#include <stddef.h>

#include "folded/folder.h"
#include "folded/lines.h"
#include "folded/split.h"
#include "stack/stackmap.h"

struct perf_opts {
	int pid, tid, kernel, jit, addrs, srcline, process, period, strict;
	int timeorder;		/* --time-order: stacks in the order sampled */
	const char *event;	/* keep only this event; NULL: the first seen */
	char **skipafter;
	int nskip;
};

/* The reader's state, for one file or a part of one (read.c). */
struct perf_state;

/* A reader with options o (kept, not copied, read by perf_start). */
struct perf_state *perf_new(const struct perf_opts *o);
/* folder_text's start, once the options are read: --no-header (f's),
 * --event-filter (the one event kept), --time-order. */
void perf_start(struct folder *f, void *st);
/* A file, or a part of one, of r folded by st into m (st's stack run
 * under --time-order, whose header and stacks are written as they
 * come). */
void perf_fold(void *st, struct lines *r, struct stackmap *m);
/* Where a large file at path may be cut in two: at a blank line
 * (between samples) after its middle; never under --time-order, read
 * in one piece (the halves would need reordering). */
int perf_cut(void *st, const char *path, struct splitfile *sf);
/* Part 0 (r0, of st) read up to its first event line, whose event is
 * kept by default: st1, which reads part 1, keeps it too, and its
 * warnings wait for part 0's. */
void perf_ahead(void *st, struct lines *r0, void *st1);
/* The end of the files: part 1's warnings given after part 0's, the
 * lines that could not be read counted (an error under --strict, or
 * when no sample was read), and the header f->h filled: what the
 * counts measure, from the event kept and the options (for cpu-clock
 * and task-clock periods, nanoseconds; for another event's periods,
 * its name: cycles, instructions...; else samples). */
void perf_done(struct folder *f, void *st);
void perf_free(void *st);

#endif
