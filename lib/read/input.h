/* input.h: the file operands of a program, one line at a time */
#ifndef FG_INPUT_H
#define FG_INPUT_H

#include "read/folded.h"

typedef void line_fn(struct freader *r, struct fline *l, void *arg);

/* Call fn for every line of every file named in argv[0..argc), or of
 * standard input when there is none ("-" also names it). */
void each_line(int argc, char **argv, line_fn *fn, void *arg);

#endif
