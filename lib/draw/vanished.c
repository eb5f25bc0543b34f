/* vanished.c: the samples of stacks that vanished, for a footnote */
#include <string.h>

#include "draw/frames.h"
#include "draw/vanished.h"

size_t
vanished_note(const struct graph *g, struct bytes *b)
{
	static const char tail[] = " vanished (target 0), not drawn";
	char num[400];

	b->n = 0;
	if (count_iszero(g->vanished))
		return 0;
	if (g->unit) {
		graph_human(b, g, count_val(g->vanished), &g->vanished, 1, 0);
	} else {
		bytes_put(b, num, count_fmt(g->vanished, num));
		bytes_put(b, " ", 1);
		bytes_put(b, g->countname, strlen(g->countname));
	}
	bytes_put(b, tail, sizeof(tail) - 1);
	return b->n;
}
