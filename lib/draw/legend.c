/* legend.c: the key to the colours that mean something (legend.h) */
#include "base/util.h"
#include "draw/color.h"
#include "draw/draw.h"
#include "draw/legend.h"

/* The key of differential colours. */
static size_t
diff_items(struct legend_item it[LEGEND_MAX], const struct dopts *o)
{
	static const struct legend_item keys[] = {
		{ "grew", { 255, 0, 0 }, -110 }, { "shrank", { 0, 0, 255 }, -30 }, { "new", { 0, 0, 0 }, 50 },
	};
	size_t i;

	for (i = 0; i < LEN(keys); i++) {
		it[i] = keys[i];
		if (o->negate == NEGATE_HUES && i < 2)
			it[i].what = keys[!i].what;
	}
	it[2].c = color_new;
	return LEN(keys);
}

/* The key of Julia's statuses, as fg-html's. */
static size_t
julia_items(struct legend_item it[LEGEND_MAX])
{
	static const char *what[] = { "runtime dispatch", "garbage collection", "compilation" };
	size_t i;

	it[0].c = color_frame(PAL_JULIA, 0, "f_[d]", 5, 1, NULL);
	it[1].c = color_frame(PAL_JULIA, 0, "f_[g]", 5, 1, NULL);
	it[2].c = color_compile;
	for (i = 0; i < LEN(what); i++) {
		it[i].what = what[i];
		it[i].dx = -200 + 140.0 * i;
	}
	return LEN(what);
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
