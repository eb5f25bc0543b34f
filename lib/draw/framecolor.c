/* framecolor.c: the colour of a frame: the differential scale, the palette */
#include <stdlib.h>

#include "draw/framecolor.h"
#include "base/util.h"

struct rgb
draw_rgb_parse(const char *hex)
{
	unsigned long v = strtoul(hex + 1, NULL, 16);
	struct rgb c = { v >> 16 & 0xff, v >> 8 & 0xff, v & 0xff };

	return c;
}

double
draw_frame_delta(const struct diffscale *ds, const struct lframe *f)
{
	const count *self;
	double d;

	if (ds->self) {
		self = ds->L->self[f - ds->L->f];
		d = count_val(self[1]) - count_val(self[0]);
	} else
		d = count_val(f->total[1]) - count_val(f->total[0]);
	return d < ds->noise && d > -ds->noise ? 0 : d;
}

static void
diffscale_init(struct diffscale *ds, const struct dopts *o, double timemax)
{
	ds->max = 1;
	ds->noise = timemax * o->mindelta / 100;
}

static void
diffscale_see(struct diffscale *ds, const struct lframe *f)
{
	double d = draw_frame_delta(ds, f);

	if (d < 0)
		d = -d;
	if (d > ds->max)
		ds->max = d;
}

void
draw_diff_scale(struct diffscale *ds, const struct layout *L, const struct dopts *o)
{
	size_t i;

	diffscale_init(ds, o, L->timemax);
	ds->L = L;
	if (ds->self && !L->self)
		eprintf("a layout without self samples coloured by them");
	for (i = 1; i < L->n; i++)
		diffscale_see(ds, &L->f[i]);
}

struct rgb
draw_frame_rgb(const struct dopts *o, const char *s, size_t n, const struct lframe *f,
    const struct diffscale *ds, uint32_t *cycle)
{
	struct rgb c;

	if (f->name == LF_MORE)
		return color_more;
	if (n == 1 && s[0] == '-')
		return color_sep;
	if (n == 2 && s[0] == '-' && s[1] == '-')
		return color_sep2;
	if (o->diffusion && ds->L)
		return color_diffusion(count_val(layout_w(ds->L, f)) / ds->L->timemax);
	if (ds->on) {
		/* new frames are green, but in flamegraph.pl's picture */
		if (count_iszero(f->total[0]) && f->name != LF_ROOT && o->negate != NEGATE_HUES)
			return color_new;
		return color_delta(o->negate == NEGATE_HUES ? -draw_frame_delta(ds, f) :
		    draw_frame_delta(ds, f), ds->max);
	}
	if (o->pal && palette_lookup(o->pal, s, n, &c))
		return c;
	c = color_frame(o->palette, o->seed, s, n, f->depth, cycle);
	if (o->pal)
		palette_remember(o->pal, s, n, c);
	return c;
}
