/* formats/perf/read.h: Linux "perf script" output to folded stacks
 *
 * Samples are read line by line: an event line ("comm pid[/tid] ...
 * event:") starts one, its stack lines follow leaf first, and a blank
 * line ends it.  Stacks are tidied as stackcollapse-perf.pl does and
 * added to a stack map, or in the order read to a stackrun.
 */
#ifndef FG_PERF_H
#define FG_PERF_H

#include <stddef.h>
#include <stdint.h>

#include "base/count.h"
#include "folded/fheader.h"
#include "folded/lines.h"
#include "stack/run.h"
#include "stack/stackmap.h"

#define PERF_MAX_REPORTED 5	/* uninterpretable lines shown one by one */

struct perf_opts {
	int pid, tid, kernel, jit, addrs, srcline, process, period, strict;
	int noheader;		/* --no-header: perf_header writes nothing */
	const char *event;	/* keep only this event; NULL: the first seen */
	char **skipafter;
	int nskip;
};

/* The sample being read: its frames leaf first, as perf prints them,
 * in groups (one per stack line: an inline chain a->b is one group). */
struct perf_sample {
	int live;		/* an event line was accepted */
	char *pname;
	size_t pnamelen, pnamecap;
	count weight;
	char *text;		/* the frames' text, one after another */
	size_t textlen, textcap;
	size_t *fstart, *flen, nframes, fcap;
	size_t *gstart, ngroups, gcap;	/* first frame of each group */
	int skipping;		/* --skip-after matched: callers dropped */
};

/* A warning a helper thread keeps for later: line 0 is the one about
 * several event types. */
struct perf_msg {
	uint64_t line;
	char text[160];		/* what follows "FILE:LINE: " */
};

struct perf_state {
	struct perf_opts *o;
	struct stackmap m;
	struct stackmap other;	/* a helper thread's stacks, sorted */
	struct stackrun *run;	/* --time-order: the stacks go here, in order */
	struct perf_sample s;
	char *event;		/* the event kept */
	int defaulted, warned;
	int periods;		/* a sample gave its period (perf script -F period) */
	int headed;		/* --time-order: the header is written */
	int anyevent;		/* an event line was read (in this file) */
	int gap;		/* a blank line since the last event line */
	int stray;		/* a stack line outside a sample since then */
	uint64_t bad, samples;
	char *stack;
	size_t stackcap;
	char *fbuf;		/* a frame being tidied */
	size_t fbufcap;
	char *line;		/* --srcline: the stack line, copied */
	size_t linecap;
	int deferred;		/* a helper thread: warnings kept in msg */
	struct perf_msg msg[PERF_MAX_REPORTED + 1];
	int nmsg;
};

/* Open path (NULL or "-": standard input) for perf_fold: its lines as
 * perf script's, whose first line, when bad, is checked for another
 * format (format_hint). */
void perf_open(struct lines *r, const char *path);
/* st zeroed, then st->o and st->m set up by the caller; st->event may
 * name the one event to keep (an arena string of st->m). */
void perf_fold(struct perf_state *st, struct lines *r);
/* One line of perf_fold, for a caller that reads the lines itself. */
void perf_line(struct perf_state *st, struct lines *r, char *line, size_t n);
/* Give the warnings a helper thread kept (its lines are linebase on in
 * file name), as if st had read its part, and take over its tallies. */
void perf_undefer(struct perf_state *st, const struct perf_state *from, const char *name,
    uint64_t linebase);
/* What the counts measure, from the event kept and the options: for
 * cpu-clock and task-clock periods, nanoseconds; for another event's
 * periods, its name (cycles, instructions...); else samples.  Written
 * as the "# fg:" header (fg-folded(5)), once: before the first stack
 * under --time-order, at the end else. */
void perf_header(struct perf_state *st);
/* The buffers of st (not its stack map nor its options). */
void perf_free(struct perf_state *st);

#endif
