/* split.h: where to cut a large file in two for two threads
 *
 * A program that reads a big regular file may give its second half to
 * a helper thread (base/par.h).  The cut falls just after a separator
 * (a newline between folded lines, a blank line between perf samples),
 * so each part holds whole records.
 */
#ifndef FG_SPLIT_H
#define FG_SPLIT_H

#include <stddef.h>
#include <stdint.h>

/* Files smaller than this are read by one thread. */
#define SPLIT_MIN (1 << 20)

/* 1 when path is a regular file of at least SPLIT_MIN bytes with sep
 * after its middle: *size its size, *at the offset just past the first
 * sep from the middle on.  Else 0. */
int split_point(const char *path, const char *sep, size_t seplen, uint64_t *size, uint64_t *at);

#endif
