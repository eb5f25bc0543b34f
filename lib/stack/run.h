/* run.h: stacks in time order, one line per run of identical ones
 *
 * The folders that know the order of their samples (--time-order) add
 * each sample's stack as it comes; consecutive identical stacks become
 * one line with their summed count, and a stack that comes back later
 * gets a line of its own.  This is what flamegraph.pl --flamechart and
 * fg-svg/fg-html --flamechart read.
 */
#ifndef FG_RUN_H
#define FG_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "base/count.h"

struct stackrun {
	char *s;		/* the pending run's stack */
	size_t len, cap;
	count c;		/* and its count so far */
	int live;		/* a run is pending */
	uint64_t lines;		/* lines written and pending */
	uint64_t samples;	/* as the stack builder was told (build.h), */
	int unsized;		/* or not */
	double weight2;		/* their weights squared, summed, */
	int unweighed;		/* or not known */
};

/* Add a sample's stack s[0..len) with count c: it extends the pending
 * run or writes it and starts a new one.  0 when the count overflows. */
int stackrun_add(struct stackrun *r, const char *s, size_t len, count c);
/* Write the pending run, if any. */
void stackrun_flush(struct stackrun *r);
void stackrun_free(struct stackrun *r);

#endif
