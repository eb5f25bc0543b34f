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

#endif
