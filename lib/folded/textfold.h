/* textfold.h: what the folders of text reports add to folder.h
 *
 * vtune-fold, vsprof-fold, ghcprof-fold, callgrind-fold and
 * instruments-fold are folders (folder.h: its options, header and
 * output); those that read a report line by line as it comes hand each
 * file to their reader open (textfold_each), those that read it whole
 * walk its lines with textbuf_next.  Their header says what the counts
 * are only when there are stacks: an input without any writes nothing
 * at all (fg(7): empty input is a profile without samples).
 */
#ifndef FG_TEXTFOLD_H
#define FG_TEXTFOLD_H

#include <stddef.h>
#include <stdint.h>

#include "folded/folder.h"
#include "folded/lines.h"
#include "folded/split.h"
#include "stack/depth.h"

/*
 * The lines of a report read whole (whole.h: gzip undone), for the
 * folders that read a file so: set s, end and name, line 0; each call
 * of textbuf_next hands out the next line, p[0..*end) without its line
 * end (nor a CR before it), and counts it in line.  A NUL byte is an
 * error at its line.
 */
struct textbuf {
	const char *s, *end;	/* what is left */
	const char *name;
	uint64_t line;
};

int textbuf_next(struct textbuf *t, const char **p, const char **end);
/* Print the usage, with the folder's own options' lines opts (each
 * option in the first 21 columns), then --max-size's line when
 * defsize (its default) is not NULL, --no-header's, --help's and
 * --version's, and exit. */
noreturn void textfold_usage(const char *opts, const char *defsize);
/* Hand each file of argv[0..argc) to fn, open, then close it. */
typedef void textfold_fn(struct lines *r, void *arg);
void textfold_each(int argc, char **argv, textfold_fn *fn, void *arg);
/* The header's facts, when f or d (when not NULL) has stacks: unit
 * and countname, each when not NULL; then folder_print, and d's
 * stacks. */
void textfold_print(struct folder *f, struct depthstack *d, const char *unit,
    const char *countname);

/* A file of a text folder, or a part of one (split.h), folded by the
 * folder's state st into map m, read line by line. */
typedef void folder_partfn(void *st, struct lines *r, struct stackmap *m);
/*
 * The whole main of a folder of text read line by line (the tracers',
 * the thread dumps'), as folder_each's callers' is of JSON: its options
 * (its own, then --no-header, -q, --help and --version), its files read
 * as their lines come (no --max-size bounds them) and folded into
 * f->map, or a large file alone in two parts when the folder can cut
 * it, the second read by a helper thread into a state and a map of its
 * own; then the header and the stacks (of both parts, merged in order).
 * The folder gives:
 */
struct textfolder {
	const struct option *lo;	/* its options (a flag set by getopt_long
					 * itself, or a value for opt), with
					 * FH_NOHEADER_OPT and OPT_HELP_VERSION */
	const char *shortopts;		/* "qh" and its own */
	const char *help;		/* --help's lines of its own options */
	/* its own option c: 1 when taken (NULL: flags alone) */
	int (*opt)(int c, const char *arg, void *st);
	folder_partfn *fold;		/* a file, or a part of one, into a map */
	void *st, *st1;			/* its state; one for a second part */
	/* where path may be cut in two (split.h) by the reader st: 1 and
	 * sf set, or 0; NULL: never */
	int (*cut)(void *st, const char *path, struct splitfile *sf);
	/* st and st1 made ready to read the first and the second part of
	 * a file cut; and, once every file is read (both parts of a file
	 * cut), the header filled (either may be NULL) */
	void (*parts)(void *st, void *st1);
	void (*done)(struct folder *f, void *st);
	void (*free)(void *st);		/* st's memory (and st1's) */
	/* once the options are read: what st takes of f's (may be NULL) */
	void (*start)(struct folder *f, void *st);
	/* of a file cut, part 0 (r0, of st) read ahead as far as st1 needs
	 * before part 1 is opened (NULL: not at all) */
	void (*ahead)(void *st, struct lines *r0, void *st1);
	int helpwidth;			/* help's column of text after "      "
					 * (0: 17) */
};
int folder_text(int argc, char **argv, const struct textfolder *t);
/* The end of a text folder's table of options: --no-header, -q,
 * --help, --version. */
#define TEXTFOLDER_OPTS FH_NOHEADER_OPT, OPT_HELP_VERSION, { NULL, 0, NULL, 0 }

#endif
