/* formats/jstack/read.h: Java thread dumps to folded stacks
 *
 * What `jstack PID` and `jcmd PID Thread.print` print, many dumps one
 * after another (the "poor man's profiler" of Java): each thread a
 * block, its name in quotes, its state, its frames leaf first
 * ("\tat pkg.Class.method(File.java:12)"), a blank line after it.  The
 * threads that run (RUNNABLE, less those that only wait on the network
 * or epoll, and the JVM's own) count 1 each, their stack under the
 * thread's name, as stackcollapse-jstack.pl folds them.
 */
#ifndef FG_JSTACK_H
#define FG_JSTACK_H

#include <stdint.h>

#include "base/bytes.h"
#include "folded/dump.h"
#include "folded/lines.h"
#include "stack/stackmap.h"

struct jstack_opts {
	int tname;		/* the thread's name as the root frame */
	int tid;		/* its numbered suffix kept: "pool-1-thread-3" */
	int shorten;		/* packages to their initials: j.u.c.ThreadPoolExecutor.run */
	int states;		/* every thread, whatever its state */
	int lines;		/* frames "METHOD at FILE:LINE" */
};

/* The reader's state (read.c). */
struct jstack;

/* A reader with options o (kept, not copied). */
struct jstack *jstack_new(const struct jstack_opts *o);
/* The stacks of the file r reads go into m (st, a struct jstack; void
 * *: folder_text's callbacks, folded/folder.h).  The
 * lines it does not understand are said on standard error, the first
 * one shown (a file of no thread at all is an error). */
void jstack_fold(void *st, struct lines *r, struct stackmap *m);
/* st's memory and st. */
void jstack_free(void *st);

#endif
