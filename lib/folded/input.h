/* input.h: the file operands of a program, one line at a time */
#ifndef FG_INPUT_H
#define FG_INPUT_H

#include <stdnoreturn.h>

#include "folded/folded.h"
#include "folded/fheader.h"

typedef void line_fn(struct freader *r, struct fline *l, void *arg);

/* Call fn for every line of every file named in argv[0..argc), or of
 * standard input when there is none ("-" also names it), the files
 * read together under rules (zeroed first; NULL: rules of their own). */
void each_line(int argc, char **argv, struct frules *rules, line_fn *fn, void *arg);
/*
 * The file operands argv[0..argc) and, after them, the names listed in
 * the file path ("-": standard input), one a line, empty lines left out
 * (--files-from): a new array of *n names, NULL after the last, for
 * lists longer than a command line may be, the names in its own block
 * (one free).  A list read from standard
 * input that names "-" is an error.
 */
char **files_from(const char *path, int argc, char **argv, int *n);

/*
 * The main of a writer of profiles, an input a profile (fg-speedscope,
 * fg-gecko): its options (--split-root, -q, -h, --version; usage the
 * program's help) parsed from argv, then each file operand, or standard
 * input when there is none, given to add with its index and the prefix
 * of its profiles' names ("NAME: " when there are several, else ""),
 * the inputs read together under one rules.
 */
typedef void input_addfn(void *w, struct frules *rules, const char *path, uint32_t i,
    int split, const char *prefix);
void each_profile(int argc, char **argv, void (*usage)(void), input_addfn *add, void *w);
/* Such a writer's --help: its output out, and what --split-root makes
 * one of per root (a "thread", a "profile"); exits. */
noreturn void profile_usage(const char *out, const char *each);

/*
 * A writer's next sample of r into *l: the header lines before it
 * parsed into h, a line of two counts (a difference) an error of r's
 * ("WHAT sample has one weight").  0 at the end of r.  With root, the
 * length of the stack's first frame into *root (--split-root).
 */
int fr_sample(struct freader *r, struct fheader *h, struct fline *l, const char *what,
    size_t *root);

#endif
