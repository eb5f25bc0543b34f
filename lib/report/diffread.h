/* diffread.h: fg-diff's two profiles, each read once
 *
 * Sorted profiles (the suite's own output) are merge-joined as they
 * come, without a hash; from the first line out of order on (or from
 * the start when hex addresses are rewritten, which changes the order),
 * each profile goes on into a map of its own, the target in a second
 * thread.  The result is three sorted runs, to be merged
 * (stackent_merge) into every stack once, with both counts: c[0] the
 * baseline's, c[1] the target's.  A file changed while it is read is
 * an error (lines_watch).  Each profile must have one count a line.
 */
#ifndef FG_DIFFREAD_H
#define FG_DIFFREAD_H

#include <stddef.h>

#include "base/count.h"
#include "folded/fheader.h"
#include "folded/merge.h"
#include "stack/stackmap.h"

/* The default wildcard of fg-diff: Julia REPL frames, "f at
 * REPL[3]:5".  A profile none of whose frames holds "]:" cannot match
 * it (diffside.anywild). */
#define REPL_WILDCARD "\\[[0-9]+\\]:[0-9]+$"

/* One profile. */
struct diffside {
	const char *path;	/* its file; "-" standard input */
	count total;
	int anywild;		/* a frame may match REPL_WILDCARD (with defaultwild) */
	double samples;		/* its header's samples fact, */
	int hassamples;		/* when it states one; */
	double weight2;		/* its weight2 fact, */
	int hasweight2;		/* when it states one */
};

/* Both profiles: set p, the options and hdr in a zeroed struct; the
 * rest is diffread's. */
struct diffread {
	struct diffside *p;	/* [0] baseline, [1] target */
	int striphex;		/* every hex address 0x... read as "0x..." */
	int defaultwild;	/* note which profiles may match REPL_WILDCARD */
	struct fhjoin *hdr;	/* the profiles' unit headers, joined here */
	struct fmerge mg;	/* mg.rules: what the two showed, as frac */
	struct stackmap sorted;	/* what the merge joined, in order */
	struct stackmap rest[2];	/* the rest of each profile, sorted */
	/* the three sorted runs, for stackmap_merge: sorted and rest */
	struct stackmap *run[3];
};

/* Read both profiles of j, to the end: their totals, the runs.  A bad
 * line is an error (fr_error), as a line with two counts is. */
void diffread(struct diffread *j);
/* Free the runs and close the files. */
void diffread_free(struct diffread *j);

#endif
