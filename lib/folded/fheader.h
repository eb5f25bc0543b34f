/* fheader.h: the unit header of folded stacks (fg-folded(5))
 *
 * A folder that knows what its counts measure writes, before its first
 * stack,
 *
 *   # fg: unit=bytes
 *   # fg: countname=size
 *
 * and, where the counts are weights, the number of samples behind them
 * (fg-gate sizes the sampling noise with it):
 *
 *   # fg: samples=1200
 *
 * and, where the samples weigh unlike amounts (a time each), the sum of
 * their weights squared, in the unit squared (fg-gate's effective number
 * of samples, Kish's (sum w)^2 / sum w^2, is the total squared over it):
 *
 *   # fg: weight2=52918400
 *
 * fg-merge adds up its inputs' samples and weight2; fg-diff writes each
 * side's, "samples=BASE TARGET", as its lines write their counts.  fg-diff
 * names what it compares, from its operands:
 *
 *   # fg: baseline=before.folded
 *   # fg: target=after.folded
 *
 * Readers hand their comment lines to fh_parse; programs that read
 * several inputs into one output (fg-merge, fg-diff) hand them to
 * fhj_line, which keeps a fact when every input states it alike.
 */
#ifndef FG_FHEADER_H
#define FG_FHEADER_H

#include <stddef.h>

#include "folded/folded.h"

/* the facts; FH_ORDER: "time" when the lines are in time order, one a run
 * of identical stacks (fg-folded(5)); FH_IDLE, in time order, what the
 * folder did with the idle time: "closed W" (left out, weighing W, the
 * runs either side joined) or "frame" (kept, as frames "(idle)") */
enum { FH_UNIT, FH_COUNTNAME, FH_BASELINE, FH_TARGET, FH_ORDER, FH_SAMPLES, FH_WEIGHT2,
    FH_IDLE, FH_NFACTS };

struct fheader {
	char *fact[FH_NFACTS];	/* the text after "unit=", "countname=", ...; NULL: not given */
	int unit;		/* UNIT_ of fact[FH_UNIT]: UNIT_COUNT when none, -1 unknown */
	int omit;		/* --no-header: fh_print writes nothing */
};

void fh_init(struct fheader *h);
/* If the comment line[0..len) is a header line, record it in h (a
 * later line wins) and return 1; else 0. */
int fh_parse(struct fheader *h, const char *line, size_t len);
/* State fact i as val (replacing what h said), its control
 * characters made '?', so that it stays one line; val NULL: unsay it. */
void fh_set(struct fheader *h, int i, const char *val);
/* Print h's lines ("# fg: unit=...") to standard output, none when
 * h->omit is set. */
void fh_print(const struct fheader *h);
/*
 * --no-header, of the folders and filters: no "# fg:" line is written
 * (the Firefox Profiler, for one, takes folded stacks only when the
 * first line is a stack).  FH_NOHEADER_OPT is its getopt_long entry;
 * the program sets the omit of the header it prints, and passes it to
 * fh_keep for the comment lines it passes through.
 */
enum { FH_NOHEADER = 0x4e48 };
#define FH_NOHEADER_OPT { "no-header", no_argument, NULL, FH_NOHEADER }
/* Whether comment line s[0..n) is written: 0 for a "# fg:" line when
 * omit (--no-header) is set. */
int fh_keep(const char *s, size_t n, int omit);
void fh_free(struct fheader *h);
/* The numbers of h's samples fact ("N", or "BASE TARGET") into n[0..2):
 * how many (1 or 2); 0 when it is not stated, or not whole numbers. */
int fh_samples(const struct fheader *h, double *n);
/* The same of its weight2 fact (non-negative decimals). */
int fh_weight2(const struct fheader *h, double *n);
/* Number v as a fact writes it into b[0..64): whole, exact, when it is. */
void fh_num(char *b, double v);

/* The headers of several inputs joined. */
struct fhjoin {
	struct fheader h;		/* the first statement of each fact */
	int nsaid[FH_NFACTS];		/* inputs that stated it */
	double samples[2];		/* the samples facts added up, */
	int nsamples;			/* of this many numbers (0: none yet, -1: they differ) */
	double weight2[2];		/* the same of the weight2 facts */
	int nweight2;
	int differ[FH_NFACTS];		/* two statements differ */
	int saidnow[FH_NFACTS];		/* the current input stated it */
	const void *src;		/* the current input: its reader, */
	const char *srcname;		/* its name and */
	unsigned long long srcline;	/* its last line seen */
	int printed;		/* settled (and printed, for fhj_print) */
	int sorted;		/* the program sorts what it reads: the inputs'
				 * order (FH_ORDER) is no fact of its output */
};

void fhj_init(struct fhjoin *j);
/* The comment l of input r: 1 when it is a header line, taken into j
 * (the caller then leaves it out); 0 for other comments, and for every
 * line once fhj_settle or fhj_print has run. */
int fhj_line(struct fhjoin *j, const struct freader *r, const struct fline *l);
/* Keep in j->h the facts all ninputs inputs stated alike (samples: all
 * stated, and added up); warn on
 * standard error about each one they did not ("inputs disagree on unit:
 * left out") and drop it.  Only the first call (of this and fhj_print)
 * does so. */
void fhj_settle(struct fhjoin *j, int ninputs);
/* fhj_settle, then print the facts kept. */
void fhj_print(struct fhjoin *j, int ninputs);
void fhj_free(struct fhjoin *j);

#endif
