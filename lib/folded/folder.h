/* folder.h: what the mains of the folders share
 *
 * A folder reads profiles of a foreign format and writes folded
 * stacks (fg-folded(5)): its header lines, then the stacks summed and
 * sorted, or, under --time-order, a line per run of samples in the
 * order they were taken.  Its main reads its options with
 * folder_getopt, which takes the group FOLDER_OPTS, every folder's
 *
 *   --max-size SIZE  a file's bytes (decompressed) at most
 *   --no-header      no "# fg:" line
 *
 * (folder_usage writes their --help lines, and those of every
 * program's -q, -h and --version, last).  folder_each reads each
 * file operand whole (whole.h) and hands it to the folder, which builds
 * its stacks into f->map, or f->run under --time-order (stack/build.h
 * does both); folder_print writes the header f->h and the stacks.
 *
 *     struct folder f;
 *
 *     folder_init(&f, FOLDER_MAXSIZE);
 *     while ((c = folder_getopt(&f, argc, argv, "tqh", lo)) != -1)
 *         switch (c) ...            the folder's own options
 *     folder_each(&f, argc, argv, &whole_json, fold, &arg);
 *     fh_set(&f.h, FH_UNIT, "microseconds");
 *     return folder_end(&f);
 */
#ifndef FG_FOLDER_H
#define FG_FOLDER_H

#include <getopt.h>
#include <stdint.h>

#include "base/out.h"
#include "folded/fheader.h"
#include "folded/lines.h"
#include "folded/whole.h"
#include "stack/run.h"
#include "stack/stackmap.h"

/* The default --max-size of every folder that holds a file whole
 * (the JSON profiles, whose tables in memory take several times the
 * text; callgrind's and GHC's line formats): 1 GiB, so that a gzip
 * bomb of a few megabytes is refused before it takes gigabytes; and
 * the same in --help's words.  A folder that streams its input
 * (lib/folded/textfold: perf, dtrace, sample...) needs no bound;
 * pprof-fold, which streams too and bounds its tables, takes 4G. */
#define FOLDER_MAXSIZE ((uint64_t)1 << 30)
#define FOLDER_MAXSIZE_TEXT "1G"

struct folder {
	uint64_t maxsize;	/* --max-size */
	struct fheader h;	/* the header lines; h.omit: --no-header */
	struct stackmap map;	/* the stacks, summed */
	struct stackrun *run;	/* under --time-order: the runs, in order */
	struct stackrun runs;
	struct outkeep kept;	/* the runs' lines, until every file is read */
	int unit;		/* folder_unit's: the first file's unit, -1 before */
	char *unitfile;		/* that file's name */
};

enum { FOLDER_O_MAXSIZE = 0x4d53 };
#define FOLDER_OPTS \
	{ "max-size", required_argument, NULL, FOLDER_O_MAXSIZE }, \
	FH_NOHEADER_OPT

/* Empty, with maxsize the default --max-size. */
void folder_init(struct folder *f, uint64_t maxsize);
/* getopt_long over argv for a folder: the next option, or -1 after
 * the last, once it has taken those of FOLDER_OPTS and every
 * program's -q and --version (OPT_HELP_VERSION; -h, whose text is the
 * folder's, stays the folder's). */
int folder_getopt(struct folder *f, int argc, char **argv, const char *shortopts,
    const struct option *lo);
/* The end of --help: the lines of FOLDER_OPTS, then of -q, -h and
 * --version, the options in a column width wide after the indent of
 * a long option, as the program's own lines have them (defsize the
 * default --max-size; NULL for a folder that takes none); then exit
 * (exit_stdout). */
noreturn void folder_usage(int width, const char *defsize);
/* --time-order: the stacks go to f->run, one line per run in the order
 * they are added; their lines are kept in memory until folder_print,
 * so that a bad file writes nothing. */
void folder_timeorder(struct folder *f);
/* Each file of argv[0..argc), or standard input when argc is 0 ("-"
 * names it too): read whole, up to f->maxsize bytes, its first bytes
 * checked to be of kind (whole.h), then handed to fn and freed. */
typedef void folder_fn(struct whole *w, void *arg);
void folder_each(struct folder *f, int argc, char **argv, const struct whole_kind *kind,
    folder_fn *fn, void *arg);
/* The unit u (base/count.h's UNIT_...; -1: none said) of the file
 * name's samples: the first file's is kept, and is the header's unit
 * when it is not UNIT_COUNT; another file's that differs is an error,
 * as counts of two units do not add up ("its WHAT count U, those of
 * FIRST U1", UNIT_COUNT named countname). */
void folder_unit(struct folder *f, int u, const char *name, const char *what,
    const char *countname);
/* Write the header f->h, then the stacks (f->map sorted, or f->run's
 * lines, after "# fg: order=time"). */
void folder_print(struct folder *f);
void folder_free(struct folder *f);
/* The end of a folder's main: folder_print, standard output flushed,
 * folder_free; 0, its exit status. */
int folder_end(struct folder *f);

#endif
