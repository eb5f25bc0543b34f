/* formats/instruments/fold.h: Instruments' deep copies and `xctrace
 * export` XML, told apart by their first bytes (XML begins with '<')
 *
 * An export is read as it comes by xctrace.h, a deep copy line by line
 * by deepcopy.h; the files of one run must be of one kind.
 */
#ifndef FG_INSTRUMENTS_FOLD_H
#define FG_INSTRUMENTS_FOLD_H

#include "folded/folder.h"

struct instruments;

/* A reader into m; time: an export's samples weighted by their time. */
struct instruments *instruments_new(int time, int lines, int fullpath, struct stackmap *m);
/* Read one file (NULL or "-": standard input) and fold it: an error
 * when it is not of the kind of the files before it. */
void instruments_file(struct instruments *in, const char *path);
/* The header's facts, then f's stacks (textfold_print). */
void instruments_print(struct instruments *in, struct folder *f);
void instruments_free(struct instruments *in);

#endif
