/* optrange.c: the largest value of each numeric option of the renderers */
#include <string.h>

#include "draw/optrange.h"
#include "base/util.h"

static const struct {
	const char *what;
	double max;
} ranges[] = {
	{ "width", 1e6 },	/* image width, px */
	{ "FG_WIDTH", 1e6 },
	{ "height", 1e6 },	/* frame height (fg-vega: image height), px */
	{ "FG_HEIGHT", 1e6 },
	{ "minwidth", 1e6 },	/* px */
	{ "minwidth%", 100 },	/* percent of the total */
	{ "min-delta", 100 },	/* percent of the total */
	{ "fontsize", 1000 },	/* px */
	{ "fontwidth", 10 },	/* a fraction of the font size */
	{ "factor", 1e15 },
	{ "costscale", 1e6 },	/* columns a sample */
};

double
optrange_max(const char *what)
{
	size_t i;

	for (i = 0; i < LEN(ranges); i++)
		if (!strcmp(what, ranges[i].what))
			return ranges[i].max;
	eprintf("internal error: no range for option %s", what);
	return 0;
}
