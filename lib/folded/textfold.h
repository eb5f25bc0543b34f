/* textfold.h: what the mains of the folders of text reports share
 *
 * vtune-fold, vsprof-fold and the other folders of reports read line
 * by line: each file operand (standard input when there is none, or
 * for "-") is opened and handed to the reader, which adds its stacks
 * to one stackmap; at the end the header and the stacks, summed and
 * sorted, are written.  An input without stacks writes nothing at all
 * (fg(7): empty input is a profile without samples).
 */
#ifndef FG_TEXTFOLD_H
#define FG_TEXTFOLD_H

#include <stddef.h>
#include <stdint.h>

#include "folded/lines.h"
#include "stack/stackmap.h"

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
 * option in the first 21 columns) before the lines of --no-header,
 * --help and --version, and exit. */
noreturn void textfold_usage(const char *opts);
/* Hand each file of argv[0..argc) to fn, open, then close it. */
typedef void textfold_fn(struct lines *r, void *arg);
void textfold_each(int argc, char **argv, textfold_fn *fn, void *arg);
/* Hand each file of argv[0..argc) to fn read whole, decompressed, at
 * most maxsize bytes (whole.h), then free it. */
typedef void textfold_wholefn(const char *s, size_t n, const char *name, void *arg);
void textfold_whole(int argc, char **argv, uint64_t maxsize, textfold_wholefn *fn, void *arg);
/* Write the header (unit and countname, each when not NULL) and the
 * stacks of m, when it has some, then free m. */
void textfold_print(struct stackmap *m, const char *unit, const char *countname);

#endif
