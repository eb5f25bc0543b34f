/* window.h: a window in time cut out of folded stacks in time order
 * (fg-filter --window)
 *
 * The lines of a profile in time order ("# fg: order=time", fg-folded(5))
 * lie end to end on its axis, each as long as its count: a line whose
 * counts before it sum to S covers [S, S + count).  A window [FROM, TO)
 * is given as fractions of the whole (0.25,0.5) or as times with a unit
 * (1.2s,3.4s, 250ms,1s; ns, us, ms, s) on an input whose unit is a
 * time; its edges are made whole counts, each rounded down (so that
 * windows that meet, 0,0.5 and 0.5,1, share no count and miss none),
 * by exact integer arithmetic.  A line is kept for the part of it in
 * the window, that part's count; the rest goes.
 *
 *     struct window w;
 *
 *     if ((why = window_parse(&w, arg)))
 *         usage error: why
 *     each_line(argc, argv, &rules, window_line, &w);   rules.ncounts = 1
 *     status = window_end(&w);
 *
 * Times stream: a line is written once the input's unit is known.
 * Fractions need the whole: every line is held until the end.  The
 * comments come through in place, but for "# fg: samples=" and
 * "# fg: weight2=", which a part
 * of a profile cannot keep true (left out), and "# fg: idle=closed W",
 * written "closed" without the weight.  Nothing is written before the
 * first line kept, so that an input refused writes nothing.
 */
#ifndef FG_WINDOW_H
#define FG_WINDOW_H

#include <stdint.h>

#include "base/bytes.h"
#include "folded/fheader.h"
#include "folded/folded.h"

struct window {
	const char *arg;	/* as given, for messages */
	int time;		/* edges are times, not fractions */
	/* the edges: fractions in billionths of the whole, or times in
	 * billionths of a nanosecond */
	unsigned __int128 v[2];
	int noheader;		/* --no-header: no "# fg:" line written */
	/* the input so far */
	int unit;		/* the first file's UNIT_ (-1 unknown), -2 before its first stack */
	const void *src;	/* the current file: its reader, */
	const char *srcname;	/* its name and */
	uint64_t srcline;	/* its last line seen */
	struct fheader h;	/* its header, until its first stack */
	int checked;		/* its first stack seen */
	uint64_t at;		/* the counts of the lines so far */
	uint64_t from, to;	/* the edges in counts, once known */
	int known;
	uint64_t kept;		/* lines written */
	int any;		/* a stack was read */
	struct bytes held;	/* what waits: comments, or, for fractions,
				 * every line */
};

/* Read the option's text arg ("FROM,TO") into w (fresh).  NULL, or
 * what is wrong with it, for a usage error. */
const char *window_parse(struct window *w, const char *arg);
/* One line of the input (a line_fn of folded/input.h, arg the window). */
void window_line(struct freader *r, struct fline *l, void *arg);
/* The end of the input: what is held written (fractions), standard
 * output flushed; 0, or 1 after saying on standard error that the
 * window holds nothing, or lies past the end. */
int window_end(struct window *w);
void window_free(struct window *w);

#endif
