/* formats/jlprof/fold.h: .jlprof profiles to folded stacks, as FlameGraphs.jl sees them
 *
 * Format 0x01 (samples and line-info dictionary) is folded by Julia's
 * Profile.tree! and FlameGraphs' flamegraph(): C frames hidden into
 * their caller's status, pruned branches, the REPL graft and the
 * filter.  Format 0x02 (a saved graph) prints each node's width less
 * its children's.  The stacks go to a stack map the caller owns.
 *
 * The state of a fold is private to fold.c, behind jlfold_new and
 * jlfold_free; its options are struct jlfold_opts.
 */
#ifndef FG_JLFOLD_H
#define FG_JLFOLD_H

#include <stddef.h>
#include <stdint.h>
#include <getopt.h>

#include "formats/jlprof/jlprof.h"
#include "stack/run.h"
#include "stack/stackmap.h"

enum { JLF_RECUR_OFF, JLF_RECUR_FLAT, JLF_RECUR_FLATC };

/* --threads and --tasks: inclusive ranges; n 0 allows everything. */
struct jlrange {
	uint64_t lo, hi;
};

struct jllist {
	struct jlrange *r;
	size_t n;
};

/* --prune NAME[@FILE]: file NULL matches any file. */
struct jlprune {
	const char *name, *file;
	size_t namelen, filelen;
};

struct rx;

struct jlfold_opts {
	int c;			/* -C: keep C frames */
	int nocombine;		/* one node per instruction pointer */
	int recur;		/* JLF_RECUR_* */
	int repl;		/* keep the REPL frames */
	int fullpath;		/* the recorded file, not its base name */
	int bythread, bytask;	/* root frames per thread (and task) */
	int nosleep;		/* drop samples of sleeping threads */
	int stats;		/* figures on stderr */
	int layout;		/* JL_AUTO, JL_META or JL_LEGACY */
	int intsize;		/* 8, or 4 for 32-bit Julia */
	struct jlprune *prune;
	size_t nprune;
	const char *filter;	/* FlameGraphs' string filter, or NULL */
	struct rx *re;		/* a filter on the printed label, or NULL */
	struct jllist threads, tasks;
	int graphopt;		/* an option that only format 0x01 takes */
	struct stackrun *run;	/* --time-order: the samples' stacks go here,
				 * thread by thread in sample order */
};

/* jlprof-fold's options of the fold, for getopt_long (the values are
 * jlfold_opt's c), and -C's short option "C". */
enum { JLF_O_NOCOMBINE = 256, JLF_O_RECUR, JLF_O_REPL, JLF_O_PRUNE, JLF_O_FILTER,
	JLF_O_FILTERRE, JLF_O_THREADS, JLF_O_TASKS, JLF_O_FULLPATH, JLF_O_BYTHREAD, JLF_O_BYTASK,
	JLF_O_NOSLEEP, JLF_O_STATS, JLF_O_TIMEORDER, JLF_O_LAYOUT, JLF_O_INTSIZE };
#define JLFOLD_OPTS \
	{ "C", no_argument, NULL, 'C' }, \
	{ "no-combine", no_argument, NULL, JLF_O_NOCOMBINE }, \
	{ "recur", required_argument, NULL, JLF_O_RECUR }, \
	{ "repl", no_argument, NULL, JLF_O_REPL }, \
	{ "prune", required_argument, NULL, JLF_O_PRUNE }, \
	{ "filter", required_argument, NULL, JLF_O_FILTER }, \
	{ "filter-regex", required_argument, NULL, JLF_O_FILTERRE }, \
	{ "threads", required_argument, NULL, JLF_O_THREADS }, \
	{ "tasks", required_argument, NULL, JLF_O_TASKS }, \
	{ "full-path", no_argument, NULL, JLF_O_FULLPATH }, \
	{ "by-thread", no_argument, NULL, JLF_O_BYTHREAD }, \
	{ "by-task", no_argument, NULL, JLF_O_BYTASK }, \
	{ "no-sleeping", no_argument, NULL, JLF_O_NOSLEEP }, \
	{ "stats", no_argument, NULL, JLF_O_STATS }, \
	{ "time-order", no_argument, NULL, JLF_O_TIMEORDER }, \
	{ "layout", required_argument, NULL, JLF_O_LAYOUT }, \
	{ "int-size", required_argument, NULL, JLF_O_INTSIZE }
/* The options' defaults: 8-byte ints, the layout told by the file. */
void jlfold_opts_init(struct jlfold_opts *o);
/* getopt_long's option c of JLFOLD_OPTS (or 'C'), with its argument
 * arg, into o (--time-order: its stacks into run): 1, or 0 when c is
 * none of them.  A bad argument is a usage error. */
int jlfold_opt(struct jlfold_opts *o, int c, const char *arg, struct stackrun *run);

/* Add "N" or "LO-HI" items, comma-separated, decimal or 0x hexadecimal,
 * to l.  Returns 0, or -1 for a malformed list (l may have grown). */
int jlfold_list(struct jllist *l, const char *arg);
/* Add NAME[@FILE] to o's prunes: split at the last '@' unless it is the
 * first character.  arg must outlive o. */
void jlfold_prune(struct jlfold_opts *o, const char *arg);

/* A fold's state (fold.c), the caller's to free (after an error too). */
struct jlfold;

/* A fold whose stacks go to sink, each file's as FlameGraphs.jl sees
 * it under o (both must outlive the fold); o's --filter and
 * --filter-regex together are a usage error. */
struct jlfold *jlfold_new(const struct jlfold_opts *o, struct stackmap *sink);
/* Fold the .jlprof at path (NULL or "-": standard input) into the
 * sink; what the file took is released when it is done. */
void jlfold_file(struct jlfold *f, const char *path);
/* Free f, also after an error jumped out of jlfold_file (error_jmp). */
void jlfold_free(struct jlfold *f);

#endif
