/* formats/instruments/xctrace.h: `xctrace export` XML to folded stacks
 *
 * `xctrace export --input run.trace --xpath '...time-profile...'`
 * writes a Time Profiler table as XML: rows of samples, each with its
 * backtrace, leaf frame first.  A backtrace or a frame met before is
 * written as a reference to its id:
 *
 *	<trace-query-result><node xpath="..."><schema .../>
 *	<row>... <weight id="9" fmt="1.00 ms">1000000</weight>
 *	  <backtrace id="10"><frame id="11" name="foo" addr="0x1"/>
 *	    <frame id="13" name="start" addr="0x2"/></backtrace></row>
 *	<row>... <weight ref="9"/> <backtrace ref="10"/></row>
 *
 * Each row with a backtrace counts once (or its weight in nanoseconds),
 * as inferno-collapse-xctrace counts it, on the stack of its frames'
 * names from the root, Rust names that are left half demangled made
 * whole (stack/rustsym).  A reference must name an element of the same
 * kind met earlier; an id given twice is an error.  Memory follows the
 * frames and backtraces the file defines, not its rows.
 */
#ifndef FG_XCTRACE_H
#define FG_XCTRACE_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/intern.h"
#include "base/xml.h"
#include "stack/depth.h"
#include "stack/stackmap.h"

/* A reader's state (xctrace.c), the caller's to free (after an error too). */
struct xctrace;

/* A reader whose stacks go to m, counting each row's weight in
 * nanoseconds, not 1, when weight; with lines, a frame with a source
 * (<source line="7"><path>/src/main.rs</path></source>) is labelled
 * "NAME at main.rs:7" (the path whole with fullpath). */
struct xctrace *xctrace_new(int weight, int lines, int fullpath, struct stackmap *m);
/* Fold the export read from fd, whose first n bytes p were read
 * already, named name in messages. */
void xctrace_fold(struct xctrace *t, int fd, const char *name, const char *p, size_t n);
/* The header, when there are stacks: what they count; then f's
 * stacks and the reader's (textfold_print). */
struct folder;
void xctrace_print(struct xctrace *t, struct folder *f);
void xctrace_free(struct xctrace *t);

#endif
