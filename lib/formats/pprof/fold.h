/* formats/pprof/fold.h: pprof samples folded into stacks (pprof-fold's logic)
 *
 * Each profile read by lib/formats/pprof/read is folded in turn: every distinct
 * sample becomes a sequence of frame ids, its locations root first,
 * each location one frame per Line, the caller first and the functions
 * inlined into it after, marked _[i]; Julia's runtime dispatch and
 * garbage collection frames are marked _[d] and _[g] as jlprof-fold
 * marks them.  Frame texts are interned and a location's frames made
 * once, so a stack is never written out as text until it is printed:
 * the sequences of every profile are added up in a hash of their own,
 * sorted by the frames' ranks (the order their joined text would sort
 * in, stack_cmp's) and printed after the unit header (fg-folded(5)).
 *
 * The state of a fold, and of the profile being read (read.h, the
 * room's own), is private to the room, behind ppf_new and ppf_free.
 */
#ifndef FG_PPFOLD_H
#define FG_PPFOLD_H

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>

#include "folded/fheader.h"

/* --tag KEY=VALUE */
struct ppf_tag {
	const char *key, *val;
};

struct ppf_opt {
	const char *sindex;	/* the value column: a type name or an index; NULL default */
	int lines;		/* frames as NAME at FILE:LINE */
	int fullpath;		/* with lines, the file's whole path */
	int addresses;		/* the address of locations without lines */
	int noalloc;		/* drop PProf.jl's "Alloc: T" leaf frames */
	const char *bylabel;	/* a root frame KEY=VALUE from each sample's labels */
	struct ppf_tag *tag;	/* only samples with these labels */
	size_t ntag;
};

/* A fold's state (fold.c), the caller's to free (after an error too). */
struct ppfold;

/* A fold under opt (copied; its strings must outlive the fold). */
struct ppfold *ppf_new(const struct ppf_opt *opt);

/* pprof-fold's options of the fold, for getopt_long (the values are
 * ppf_getopt's c; -i's short option "i:"). */
enum { PPF_O_LINES = 256, PPF_O_FULLPATH, PPF_O_ADDR, PPF_O_NOALLOC, PPF_O_BYLABEL, PPF_O_TAG };
#define PPF_OPTS \
	{ "sample-index", required_argument, NULL, 'i' }, \
	{ "lines", no_argument, NULL, PPF_O_LINES }, \
	{ "full-path", no_argument, NULL, PPF_O_FULLPATH }, \
	{ "addresses", no_argument, NULL, PPF_O_ADDR }, \
	{ "no-alloc-type", no_argument, NULL, PPF_O_NOALLOC }, \
	{ "by-label", required_argument, NULL, PPF_O_BYLABEL }, \
	{ "tag", required_argument, NULL, PPF_O_TAG }
/* getopt_long's option c of PPF_OPTS with its argument arg (which must
 * outlive o) into o: 1, or 0 when c is none of them.  A bad argument
 * is a usage error; c -1 (the end of the options) checks them. */
int ppf_getopt(struct ppf_opt *o, int c, char *arg);
/* Read one file (NULL or "-": standard input, at most maxsize bytes;
 * with labels when opt has bylabel or tag), then fold its samples into
 * f, or under list write its sample types, "N TYPE/UNIT[ default]",
 * after "FILE: " when several files are listed.  The column folded is
 * the one opt.sindex chooses, which must count what the profiles
 * folded before counted.  A bad profile ends the program with "PROG:
 * FILE: byte N: what"; when opt's tags leave out every sample of a
 * profile that had some, "PROG: FILE: no sample matches --tag K=V" is
 * a warning. */
void ppf_file(struct ppfold *f, const char *path, int list, int several, uint64_t maxsize);
/* The unit header of what was folded into h: "unit=U" when U is a
 * unit fg knows, and "countname=T" (T the type, "T (U)" for another
 * unit); nothing when no profile was folded. */
void ppf_header(const struct ppfold *f, struct fheader *h);
/* Write every stack sorted, "STACK COUNT\n", to standard output
 * (base/out.h); nothing when no profile was folded. */
void ppf_print(struct ppfold *f);
/* Free f, also after an error jumped out of ppf_file (error_jmp). */
void ppf_free(struct ppfold *f);

#endif
