/* formats/v8/v8log.h: V8 tick logs (node --prof, preprocessed) folded into stacks
 *
 * `node --prof` writes a V8 log (isolate-*.log) of code events and
 * ticks; `node --prof-process --preprocess` resolves it into one JSON
 * document: "code", every code object seen (a JavaScript function's
 * "NAME FILE:LINE:COLUMN", a C++ symbol, a builtin, a shared library),
 * "ticks", each sample's time "tm" (microseconds since the log began),
 * V8's state "vm" and its stack "s" (pairs of a code index, or -1,
 * and an offset, the leaf first), and "scripts", each script's url.
 * Each tick is a stack of its code objects named as speedscope's
 * importer names them, weighing 1, or with time the microseconds
 * since the tick before it (the ticks sorted by tm, the first one's
 * since the log began), as speedscope weighs them.  A tick of the
 * garbage collector with no code object on its stack goes on top of the
 * stack of the tick before it, with V8LOG_GC_STACK (what ran when the
 * collection started; after an idle tick, or first, under the root).
 */
#ifndef FG_V8LOG_H
#define FG_V8LOG_H

#include <stddef.h>

#include "stack/run.h"
#include "stack/stackmap.h"

/* where a tick of the garbage collector (no code object, in V8's GC
 * state) goes (--gc) */
enum { V8LOG_GC_ROOT, V8LOG_GC_STACK };

struct v8log_opt {
	int gc;		/* V8LOG_GC_: under the root, or on top of the stack before */
	int time;	/* weights in microseconds, not ticks */
	int fullpath;	/* a script's or a library's whole path, not its base name */
};

/* A reader, the caller's: its options and where its stacks go, summed
 * into map, or, when run is not NULL, a line per run of ticks in time
 * order. */
struct v8log *v8log_new(const struct v8log_opt *o, struct stackmap *map, struct stackrun *run);
/* Fold the preprocessed log s[0..n) (named name in messages).  Returns
 * the number of ticks read.  v may fold a file after an error in
 * another was caught (the fuzzing harness). */
size_t v8log_fold(struct v8log *v, const char *s, size_t n, const char *name);
/* v8log_fold as a folder_fn (folded/folder.h): the file w, into arg (a
 * struct v8log). */
struct whole;
void v8log_folder(struct whole *w, void *arg);
void v8log_free(struct v8log *v);

#endif
