/* depth.c: the stack of an indented call tree (see depth.h) */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "stack/depth.h"
#include "stack/frame.h"

void
depth_cut(struct depthstack *d, size_t depth)
{
	if (depth < d->n) {
		d->b.n = d->mark[depth];
		d->n = depth;
	}
}

int
depth_set(struct depthstack *d, size_t depth, const char *f, size_t len)
{
	size_t at;

	if (depth > d->n)
		return 0;
	depth_cut(d, depth);
	d->mark = egrowarray(d->mark, &d->cap, d->n + 1, sizeof(*d->mark));
	d->mark[d->n++] = d->b.n;
	if (depth)
		bytes_put(&d->b, ";", 1);
	at = d->b.n;
	/* room for frame_clean's two bytes more */
	bytes_put(&d->b, f, len);
	bytes_put(&d->b, "__", 2);
	d->b.n = at + frame_clean((char *)d->b.p + at, len);
	return 1;
}

void
depth_free(struct depthstack *d)
{
	free(d->mark);
	bytes_free(&d->b);
	memset(d, 0, sizeof(*d));
}
