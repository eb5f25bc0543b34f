/* dopts.c: the renderers' options */
#include <stdlib.h>
#include <string.h>

#include "draw/color.h"
#include "draw/dopts.h"
#include "draw/optrange.h"
#include "base/util.h"

const char draw_usage[] =
	DU_TITLE DU_SUBTITLE DU_WIDTH DU_HEIGHT DU_MINWIDTH DU_BGCOLORS DU_COLORS DU_HASH
	DU_PALETTE DU_TOTAL DU_FLAMECHART DU_INVERTED DU_REVERSE DU_NOMORE DU_NEGATE DU_DELTA
	DU_MINDELTA DU_SORT DU_COUNTNAME;

double
draw_num(const char *s, const char *what, double min, double max)
{
	double v = estrtod(s, what);

	if (v < min || v > max)
		usage_error("%s must be from %.15g to %.15g", what, min, max);
	return v;
}

void
draw_env(const char *name, double min, double max, double *v)
{
	const char *env = getenv(name);

	if (env && *env)
		*v = draw_num(env, name, min, max);
}

void
draw_init(struct dopts *o)
{
	memset(o, 0, sizeof(*o));
	o->width = 1200;
	o->frameheight = 16;
	o->fontsize = 12;
	o->fontwidth = 0.59;
	o->minwidth = 0.1;
	o->more = 1;
}

void
draw_defaults(struct dopts *o)
{
	draw_init(o);
	draw_env("FG_WIDTH", 2 * DRAW_XPAD + 1, RANGE_PX, &o->width);
	draw_env("FG_HEIGHT", 2, RANGE_PX, &o->frameheight);
}

static void
minwidth(struct dopts *o, const char *s)
{
	char buf[64];
	size_t n = strlen(s);

	o->minpct = n > 0 && s[n - 1] == '%';
	if (o->minpct && n < sizeof(buf)) {
		memcpy(buf, s, n - 1);
		buf[n - 1] = 0;
		s = buf;
	}
	o->minwidth = o->minpct ? draw_num(s, "minwidth%", 0, RANGE_PCT) :
	    draw_num(s, "minwidth", 0, RANGE_PX);
}

int
draw_option(struct dopts *o, int c, const char *arg)
{
	static const char *const negates[] = { "hues", NULL };
	static const char *const deltas[] = { "total", "self", NULL };
	static const char *const sorts[] = { "name", "width", NULL };

	switch (c) {
	case 't': o->title = arg; break;
	case DO_SUBTITLE: o->subtitle = arg; break;
	case 'w': o->width = draw_num(arg, "width", 2 * DRAW_XPAD + 1, RANGE_PX); break;
	case 'H': o->frameheight = draw_num(arg, "height", 2, RANGE_PX); break;
	case DO_MINWIDTH: minwidth(o, arg); break;
	case DO_BGCOLORS: o->bgcolors = arg; break;
	case 'c':
		o->palette = opt_choice(arg, "palette", palette_list);
		o->palset = 1;
		break;
	case DO_HASH: o->seed = SEED_HASH; break;
	case DO_PALETTE: o->palfile = arg; break;
	case DO_TOTAL:
		if (count_parse(arg, strlen(arg), &o->total))
			usage_error("bad total: '%s'", arg);
		break;
	case DO_FLAMECHART: o->chart = 1; break;
	case 'i': o->inverted = 1; break;
	case DO_REVERSE: o->reverse = 1; break;
	case DO_NOMORE: o->more = 0; break;
	case DO_NEGATE:
		o->negate = arg ? NEGATE_HUES + opt_choice(arg, "negate", negates) : 1;
		break;
	case DO_DELTA: o->deltaself = opt_choice(arg, "delta", deltas); break;
	case DO_MINDELTA: o->mindelta = draw_num(arg, "min-delta", 0, RANGE_PCT); break;
	case DO_COUNTNAME: o->countname = arg; break;
	case DO_FONTSIZE: o->fontsize = draw_num(arg, "fontsize", 1, RANGE_FONTSIZE); break;
	case DO_FONTWIDTH: o->fontwidth = draw_num(arg, "fontwidth", 0.01, RANGE_FONTWIDTH); break;
	case DO_SORT: o->bywidth = opt_choice(arg, "sort", sorts); o->sortset = 1; break;
	default: return 0;
	}
	return 1;
}

void
draw_finish_options(struct dopts *o)
{
	char tmp[8];

	if (o->bgcolors && !color_background(o->palette, o->bgcolors, tmp, tmp))
		usage_error("bad background: '%s' (yellow, blue, green, grey or #rrggbb)",
		    o->bgcolors);
	if (o->chart && o->bywidth)
		usage_error("--sort=width and --flamechart exclude each other");
	o->deftitle = !o->title;
	if (!o->title)
		o->title = o->chart ? "Flame Chart" : o->inverted ? "Icicle Graph" : "Flame Graph";
	if (o->palfile)
		o->pal = palette_load(o->palfile);
}
