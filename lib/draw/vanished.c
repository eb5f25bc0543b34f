/* vanished.c: the samples of stacks that vanished, for a footnote */
#include <string.h>

#include "draw/vanished.h"

count
vanished_samples(const struct tree *t)
{
	count sum = count_from_u64(0);
	uint32_t v;

	for (v = 0; v < t->n; v++)
		if (count_iszero(t->node[v].self[1]))
			count_add(&sum, t->node[v].self[0]);	/* within the baseline's total */
	return sum;
}

size_t
vanished_note(count vanished, char *buf)
{
	static const char tail[] = " samples vanished (target 0), not drawn";
	size_t n;

	if (count_iszero(vanished))
		return 0;
	n = count_fmt(vanished, buf);
	memcpy(buf + n, tail, sizeof(tail));
	return n + sizeof(tail) - 1;
}
