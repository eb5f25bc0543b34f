/* formats/gdb/read.h: gdb's and eu-stack's backtraces to folded stacks
 *
 * The "poor man's profiler": `gdb -batch -ex 'thread apply all bt' -p
 * PID` or `eu-stack -p PID`, run again and again, prints each thread's
 * backtrace, its frames a line each, leaf first:
 *
 *   Thread 2 (Thread 0x7f8a2132c6c0 (LWP 5946) "app"):
 *   #0  0x00007f8a2136fd36 in msort_with_tmp (n=100000, ...) at ./stdlib/msort.c:44
 *   #1  __GI___qsort_r (b=..., ...) at ./stdlib/msort.c:296
 *
 *   TID 5946:
 *   #0  0x00007f8a2136fbfb msort_with_tmp.part.0
 *
 * Each backtrace counts 1, as stackcollapse-gdb.pl and
 * stackcollapse-elfutils.pl count them.
 */
#ifndef FG_GDB_H
#define FG_GDB_H

#include <stdint.h>

#include "folded/dump.h"
#include "folded/lines.h"
#include "stack/stackmap.h"

struct gdb_opts {
	int pid, tid;		/* "PID=N" and "TID=N" root frames */
	int lines, fullpath;	/* frames "FUNC at FILE:LINE"; FILE's whole path */
};

/* The reader's state (read.c). */
struct gdb;

/* A reader with options o (kept, not copied). */
struct gdb *gdb_new(const struct gdb_opts *o);
/* The stacks of the file r reads go into m (st, a struct gdb; void
 * *: folder_text's callbacks, folded/folder.h). */
void gdb_fold(void *st, struct lines *r, struct stackmap *m);
/* st's memory and st. */
void gdb_free(void *st);

#endif
