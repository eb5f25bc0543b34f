/* legend.c: the key to the colours that mean something (legend.h) */
#include "draw/color.h"
#include "draw/dopts.h"
#include "draw/graph.h"
#include "draw/legend.h"

/* The key of differential colours: the ends of the scale of change
 * (color_delta), which --negate=hues swaps, and new frames' colour.
 * With --negate the change drawn is baseline minus target, and a frame
 * "new" there is one the target lacks: the words say so, spaced
 * wider for their length.  --negate=hues colours a new frame by its
 * change, as flamegraph.pl does: no green, none in the key. */
static size_t
diff_items(struct legend_item it[LEGEND_MAX], const struct dopts *o)
{
	int hues = o->negate == NEGATE_HUES, neg = o->negate && !hues;

	it[0] = (struct legend_item){ neg ? "larger in the baseline" : hues ? "shrank" : "grew",
	    color_delta(1, 1), neg ? -250 : -110 };
	it[1] = (struct legend_item){ neg ? "larger in the target" : hues ? "grew" : "shrank",
	    color_delta(-1, 1), neg ? -85 : -30 };
	if (hues)
		return 2;
	it[2] = (struct legend_item){ neg ? "only in the baseline" : "new", color_new, neg ? 75 : 50 };
	return 3;
}

/* The key of Julia's statuses: the julia palette's colours of frames
 * annotated _[d] and _[g], and of frames under its compiler. */
static size_t
julia_items(struct legend_item it[LEGEND_MAX])
{
	it[0] = (struct legend_item){ "runtime dispatch",
	    color_frame(PAL_JULIA, 0, "f_[d]", 5, 1, NULL), -200 };
	it[1] = (struct legend_item){ "garbage collection",
	    color_frame(PAL_JULIA, 0, "f_[g]", 5, 1, NULL), -60 };
	it[2] = (struct legend_item){ "compilation", color_compile, 80 };
	return 3;
}

/* legend.h */
size_t
draw_legend_items(struct legend_item it[LEGEND_MAX], int diff, const struct dopts *o)
{
	if (diff)
		return diff_items(it, o);
	if (o->palette == PAL_JULIA)
		return julia_items(it);
	return 0;
}

/* legend.h */
void
draw_legend(const struct graph *g, const struct dopts *o,
    void (*key)(void *arg, const struct legend_item *it, double x, double y), void *arg)
{
	struct legend_item it[LEGEND_MAX];
	size_t i, n = draw_legend_items(it, g->diff, o);

	for (i = 0; i < n; i++)
		key(arg, &it[i], g->W / 2 + it[i].dx, g->H - g->ypad2 / 2);
}

/* legend.h */
void
draw_legend_elided(const struct graph *g, const struct dopts *o,
    void (*key)(void *arg, const struct legend_item *it, double x, double y), void *arg)
{
	struct legend_item it = { o->negate == 1 ? "only in the target" : "only in the baseline",
	    color_delta(o->negate == NEGATE_HUES ? 1 : -1, 1), -60 };

	key(arg, &it, g->W / 2 + it.dx, g->H - g->ypad2 / 2);
}
