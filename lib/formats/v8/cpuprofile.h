/* formats/v8/cpuprofile.h: V8 CPU profiles (.cpuprofile, Chrome traces) folded into stacks
 *
 * Three inputs: a .cpuprofile with the flat "nodes" array (Node's
 * --cpu-prof, Chrome DevTools, VS Code), the old one with a nested
 * "head" tree and absolute "timestamps", and a Trace Event Format file
 * ({"traceEvents": [...]} or a bare array) whose Profile, ProfileChunk
 * (or older CpuProfile) events carry a profile per pid and id (or pid
 * and tid), as speedscope's importer reads them, but a profile's id is
 * only unique in its process, and a chunk without its Profile event is
 * folded too.  The JSON is read in one pass; the
 * samples are not kept but added to their node as they are read (two
 * cursors walk the samples and their time deltas side by side), so
 * memory follows the nodes, not the samples.
 */
#ifndef FG_CPUPROF_H
#define FG_CPUPROF_H

#include <stddef.h>

#include "stack/run.h"
#include "stack/stackmap.h"

/* where a sample of the garbage collector goes (--gc) */
enum { CPUPROF_GC_ROOT, CPUPROF_GC_STACK };

struct cpuprof_opt {
	int gc;		/* CPUPROF_GC_: under the root, or on top of the stack before */
	int time;	/* weights in microseconds, not samples */
	int idle;	/* keep (program) and (idle) */
	int fullpath;	/* the url, not its base name */
	int bythread;	/* a root frame per thread (profile) */
	int lines;	/* a node's own samples on the lines of its positionTicks */
};

/* A reader, the caller's: its options and where its stacks go, summed
 * into map, or, when run is not NULL, a line per run in time order
 * (--time-order). */
struct cpuprof *cpuprof_new(const struct cpuprof_opt *o, struct stackmap *map,
    struct stackrun *run);
/* Fold the profile or trace s[0..n) (named name in messages).  Returns
 * the number of profiles read.  c may fold a file after an error in
 * another was caught (the fuzzing harness). */
size_t cpuprof_fold(struct cpuprof *c, const char *s, size_t n, const char *name);
/* cpuprof_fold as a folder_fn (folded/folder.h): the file w, into arg (a
 * struct cpuprof). */
struct whole;
void cpuprof_folder(struct whole *w, void *arg);
/* Options o settled for a run in time order or not (timeorder): the
 * place of a collection chosen where o leaves it (gc < 0: on the stack
 * that ran in time order, as speedscope draws it, else under the root);
 * a pair that cannot go together a usage error. */
void cpuprof_settle(struct cpuprof_opt *o, int timeorder);
/* The headers c's stacks call for into h: the unit with --time; in time
 * order, what became of the idle time, a frame (--idle) or the gaps
 * closed, with the weight of the (idle) samples left out of every file. */
struct fheader;
void cpuprof_facts(const struct cpuprof *c, struct fheader *h);
void cpuprof_free(struct cpuprof *c);

#endif
