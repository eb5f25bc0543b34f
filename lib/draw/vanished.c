/* vanished.c: the samples of stacks that vanished, for a footnote */
#include <string.h>

#include "draw/vanished.h"

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
