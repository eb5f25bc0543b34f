/* input.c: the file operands of a program, one line at a time */
#include "folded/input.h"

void
each_line(int argc, char **argv, struct frules *rules, line_fn *fn, void *arg)
{
	struct frules own = { 0 };
	struct freader r;
	struct fline l;
	int i;

	for (i = 0; i < (argc ? argc : 1); i++) {
		fr_open(&r, argc ? argv[i] : NULL, rules ? rules : &own);
		while (fr_next(&r, &l))
			fn(&r, &l, arg);
		fr_close(&r);
	}
}
