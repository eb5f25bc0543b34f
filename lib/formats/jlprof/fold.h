/* formats/jlprof/fold.h: .jlprof profiles to folded stacks, as FlameGraphs.jl sees them
 *
 * Format 0x01 (samples and line-info dictionary) is folded by Julia's
 * Profile.tree! and FlameGraphs' flamegraph(): C frames hidden into
 * their caller's status, pruned branches, the REPL graft and the
 * filter.  Format 0x02 (a saved graph) prints each node's width less
 * its children's.  The stacks go to a stack map the caller owns.
 *
 * All the state of a fold is in a struct jlfold: zero it (or leave it
 * as jlfold_free does) before jlfold_file.  After an error has jumped
 * out of jlfold_file (error_jmp), jlfold_free releases what it made.
 */
#ifndef FG_JLFOLD_H
#define FG_JLFOLD_H

#include <stddef.h>
#include <stdint.h>
#include <getopt.h>

#include "base/htab.h"
#include "base/intern.h"
#include "formats/jlprof/read.h"
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

/* Per file: a frame's texts, label, rank and flags, by frame id. */
struct jlfinfo {
	char *text, *label;	/* string(sf), and sanitized */
	uint32_t textlen, labellen, rank;
	unsigned char st, pruned, ready;
	signed char match[4];	/* filter result by annotation, -1 unknown */
};

/* A distinct ip sequence of one group (thread, task).  Its words are
 * at woff in the word store while samples are read, then at w. */
struct jlseq {
	uint64_t hash, g0, g1, count, last, off;
	union {
		size_t woff;
		const uint64_t *w;
	} at;
	size_t len;
};

/* Profile's prefix tree: node 0 is the root; a parent's id is below
 * its children's, so reverse id order is a bottom-up walk. */
struct jlpnode {
	uint64_t self;
	uint64_t last;		/* --recur=off: the latest sample through it */
	uint32_t parent, key, frame;
	unsigned char st;	/* FlameGraphs' status(node, C) */
};

/* The flame graph over the tree's ids: a node's children in order. */
struct jlgnode {
	uint32_t first, last, next, par;
	uint32_t frame;		/* JLF_NIL for the root */
	unsigned char st;
	uint64_t self;		/* samples attributed to it */
};

/* Per-thread and per-task figures for --stats. */
struct jltstat {
	uint64_t thread, task, samples, awake;
	uint32_t tno;		/* the thread's rank by first sample */
	uint32_t no;		/* its own */
};

/* A format 0x02 node open on the path. */
struct jlgopen {
	size_t len;		/* of the path up to this node */
	uint64_t width, kids;
};

struct jlfold {
	const struct jlfold_opts *o;
	struct stackmap *sink;
	struct jlprof jp;
	int opened;		/* jp is open */
	struct jlfinfo *fi;
	/* samples to distinct sequences */
	struct jlseq *seq;
	size_t nseq, seqcap;
	struct htab seqtab;	/* the sequences, by their ips and group */
	uint64_t *w;		/* the sequences' words */
	size_t nw, wcap;
	uint64_t nsamples, nempty;
	struct jltstat *ts;
	size_t nts, tscap;
	struct interner tskeys, thkeys;	/* (thread, task) pairs, threads */
	/* Profile's tree */
	struct jlpnode *tn;
	uint32_t ntn;
	size_t tncap;
	struct htab ttab;	/* the tree's nodes but the root, by (parent, key) */
	uint32_t *after;	/* after[pos]: the node after the pos-th ip */
	size_t aftercap;
	/* the graph over the tree's ids */
	struct jlgnode *g;	/* by pre-order number, 0 the root */
	uint32_t ng;
	uint64_t *sub;
	uint32_t *gmap;
	uint32_t *kids;
	uint32_t *kidstart;
	/* --time-order: each kept sample's sequence (its number before
	 * the sort) and thread; each sequence's node, then its stack */
	struct jlsamp { uint32_t seq, thr; } *samp;
	size_t nsamp, sampcap;
	struct interner thrkeys, stacks;
	uint32_t *seqat;
	/* --recur: where in the sample each entry's ip was last seen */
	uint32_t *lastpos;
	uint64_t *stamp, now;
	char *path;
	size_t pathcap;
	/* format 0x02 */
	struct jlgopen *gstack;
	size_t gdepth, gcap;
	uint64_t gnodes;
};

/* Fold the .jlprof at path (NULL or "-": standard input) into sink. */
void jlfold_file(struct jlfold *f, const struct jlfold_opts *o, const char *path,
    struct stackmap *sink);
/* Free what a fold made, also after an error left it halfway; f is
 * then ready for the next jlfold_file. */
void jlfold_free(struct jlfold *f);

#endif
