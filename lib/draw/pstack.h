/* pstack.h: fg-html's input, its stacks kept as their frames' ids
 *
 * A page shows every frame, so fg-html reads its inputs whole; a stack
 * is kept as the page ids of its frames (the page's names, interned as
 * the lines come), four bytes a frame, not as its text: a profile of a
 * million stacks of thirty frames of thirty bytes holds 120 MB, not a
 * gigabyte.  The unique stacks are summed in a stackmap; for a flame
 * chart, the runs of identical lines are kept in input order.  Then
 * (pstack_order) each stack's ids become its frames' ranks in the order
 * of siblings (sibling_cmp), big-endian, so that a byte sort of them
 * (strsort) is the order of a flame graph's stacks, a stack before the
 * ones it begins.
 */
#ifndef FG_PSTACK_H
#define FG_PSTACK_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/count.h"
#include "base/intern.h"
#include "draw/dopts.h"
#include "folded/fheader.h"
#include "folded/folded.h"
#include "stack/stackmap.h"

/* A stack: its frames (ranks, big-endian, once ordered), how many, and
 * its counts (baseline and target when differential, --negate applied). */
struct pstack {
	const unsigned char *id;
	uint32_t len;
	uint32_t lcp;		/* frames it begins with alike the stack before */
	count c[2];
};

/* One tree's stacks: summed by stack, or for a flame chart the runs in
 * input order. */
struct pstacks {
	struct stackmap m;
	struct arena a;		/* a chart's runs' ids */
	struct pstack *run;
	size_t nrun, caprun;
};

/* One input read: the stacks, and those of them whose target is 0 (a
 * differential input's vanished stacks: the elided view), its header. */
struct pinput {
	struct pstacks st[2];
	struct fheader h;
	count total[2];		/* of each column */
	int chart;		/* in input order: a flame chart */
};

/*
 * Read the file path (NULL: standard input) into in, under rules (the
 * inputs read together share them), its frames interned in names; o's
 * --reverse, --negate and --flamechart apply.  A sum of counts that
 * overflows is an error on its line.
 */
void pinput_read(struct pinput *in, struct interner *names, const struct dopts *o,
    struct frules *rules, const char *path);
/*
 * The stacks of st, ordered: as a flame graph shows them (sorted by
 * rank, each frame's ranks of rank[], then a frame a stack ends in
 * before the siblings lead[] says: pstack_lead), or a chart's in input
 * order; with lcp set.  *n is their number.  The array is st's own
 * (freed with it); st can no longer be added to.
 */
struct pstack *pstack_order(struct pstacks *st, int chart, const uint32_t *rank, const uint32_t *lead,
    size_t *n);
/*
 * Ranks (sibling_cmp's order of names, a frame as if ';' followed it)
 * put a callee "b2" before a "b" that a stack ends in, which
 * stack/frame.h's sibling_order (fg-svg's) has first.  lead[r]: how
 * many of the names just before rank r begin with its name and go on
 * with a byte from '!' to ':', the siblings a frame of rank r that a
 * stack ends in comes before (byrank: the name of each rank; caller
 * frees).
 */
uint32_t *pstack_lead(const struct interner *names, const uint32_t *byrank);
/* The page id of frame k of stack s, whose ranks byrank maps back. */
static inline uint32_t
pstack_id(const struct pstack *s, uint32_t k, const uint32_t *byrank)
{
	const unsigned char *p = s->id + 4 * (size_t)k;

	return byrank[(uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]];
}
/* Whether in has samples in column col (1: a differential input's target). */
int pinput_drawn(const struct pinput *in, int col);
void pinput_free(struct pinput *in);

#endif
