/* formats/ghc/read.h: GHC's profiling reports (.prof) to folded stacks
 *
 * A program built with -prof writes, run with +RTS -p (or -P, with
 * ticks and bytes), a text report whose call tree of cost centres is
 * indented one blank a level:
 *
 *	COST CENTRE  MODULE  SRC      no. entries  %time %alloc   %time %alloc  ticks  bytes
 *
 *	MAIN         MAIN    <built-in>  148    0    0.0    0.0   100.0  100.0      0    816
 *	 main        Main    Fib.hs:16   296    1   74.3   75.0   100.0  100.0    581 420093320
 *
 * and with +RTS -pj the same tree as JSON ("cost_centres", then
 * "profile" nested by "children").  Each cost centre with an
 * individual cost becomes the stack of those above it and its own,
 * each frame MODULE.NAME, as inferno-collapse-ghcprof and speedscope
 * name them, counted in its ticks, its bytes allocated, or its
 * individual %time in tenths of a percent (inferno's --time).
 */
#ifndef FG_GHC_H
#define FG_GHC_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/json.h"
#include "stack/depth.h"
#include "stack/stackmap.h"

/* what the stacks count: the default is GHC_TICKS where the report
 * has ticks (-P, -pj), else GHC_TIME (-p) */
enum { GHC_DEFAULT, GHC_TICKS, GHC_BYTES, GHC_TIME };

/* A reader's state (read.c), the caller's to free (after an error too). */
struct ghc;

/* A reader counting source (GHC_) whose stacks go to m. */
struct ghc *ghc_new(int source, struct stackmap *m);
/* Fold the report s[0..n), text or JSON by its first byte, named name
 * in messages.  Reports that count differently are an error. */
void ghc_fold(struct ghc *g, const char *s, size_t n, const char *name);
/* ghc_fold as a folder_fn (folded/folder.h): the file w, into arg (a
 * struct ghc). */
struct whole;
void ghc_folder(struct whole *w, void *arg);
/* The header, when there are stacks: what the files counted; then
 * f's stacks and the reader's (textfold_print). */
struct folder;
void ghc_print(struct ghc *g, struct folder *f);
void ghc_free(struct ghc *g);

#endif
