/* gate.h: fg-gate's verdict on a change (fg-gate(1))
 *
 * The inputs are read once each into fg-top's rows (report/top.h), so
 * that a function's counts are fg-top's: one profile a side, repeated
 * runs a side, or one input of fg-diff's differential lines.  One
 * profile a side of whole counts goes first into one map of the two
 * sides' distinct stacks (stack/stackmap.h), whose stacks then give
 * the rows once each, a column a side.  Every rule
 * (report/gaterules.h) tests the functions it names; every test of the
 * run is one family, held at the confidence by Holm's step-down
 * (report/gatestat.h).  A tripped rule's function is looked for again,
 * in the distinct stacks kept (or in the inputs read again), for the
 * callers that carry its change.
 */
#ifndef FG_GATE_H
#define FG_GATE_H

#include "report/gaterules.h"

enum { GF_TEXT, GF_MARKDOWN, GF_JSON, GF_JUNIT, GF_GITHUB };
/* the exit status of a tripped fail rule */
enum { GATE_FAILED = 3 };

struct gate {
	struct grules rules;
	int by;			/* BY_FRAME, BY_FUNCTION, BY_FILE (top.h) */
	int format;		/* GF_ */
	int strict;		/* a rule naming nothing is an error */
	double confidence;	/* of the whole verdict: 0.99 */
	int ncallers;		/* callers shown for a tripped rule */
	/* the runs of each side, path[s][0..n[s]); or, with diff, one
	 * input of differential lines, path[0][0] (NULL: standard input) */
	const char **path[2];
	int n[2];
	int diff;
};

/* Read, judge and report; the exit status: 0, or GATE_FAILED. */
int gate_run(struct gate *g);

#endif
