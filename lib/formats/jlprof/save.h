/* formats/jlprof/save.h: folded stacks to a .jlprof file, as FlameGraphs.save writes one
 *
 * Format 0x01: the samples (each stack COUNT times, leaf first, root
 * last) and a line-info dictionary with one synthetic instruction
 * pointer per distinct frame.  Labels are read back into Julia's
 * StackFrame fields so that jlprof-fold prints them as they were:
 *
 *   FUNC at FILE:LINE [inlined]   a Julia frame (LINE a number or ?)
 *   anything else                 its whole text as the function name,
 *                                 empty file, line 0, a C frame
 *
 * A frame whose file is C, C++ or assembler source is a C frame too.
 * A status annotation (_[d], _[g], _[dg]) is written as FlameGraphs
 * recomputes it: a C frame jl_apply_generic (jl_gc_collect) called by
 * the marked frame in each of its stacks, which jlprof-fold hides into
 * the marked frame's status; a C frame whose own name gives that
 * status (jlprof-fold -C's jl_apply_generic_[d]) carries it itself.
 */
#ifndef FG_JLSAVE_H
#define FG_JLSAVE_H

#include <stddef.h>
#include <stdint.h>

#include "folded/folded.h"
#include "formats/jlprof/jlprof.h"

/* fg-jlprof's default --max-size: 4 GiB */
#define JLS_MAXSIZE ((uint64_t)4 << 30)

/* A writer's state (save.c), the caller's to free (after an error too). */
struct jlsave;

/* An empty profile of data layout layout (JL_META or JL_LEGACY), to be
 * written in at most maxsize bytes. */
struct jlsave *jlsave_new(int layout, uint64_t maxsize);
/* Take a line of folded input (a comment or a stack); a stack that a
 * .jlprof cannot hold is an error at r's line. */
void jlsave_line(struct jlsave *s, struct freader *r, const struct fline *l);
/* Write the file on standard output (out.h); nothing is written before
 * this, so bad input leaves standard output empty.  A file that would
 * take more than its maxsize bytes (counted first: a count of samples
 * becomes that many copies of the stack) is an error, nothing written. */
void jlsave_write(struct jlsave *s);
/* The number of distinct stacks taken. */
size_t jlsave_nstacks(const struct jlsave *s);
void jlsave_free(struct jlsave *s);

#endif
