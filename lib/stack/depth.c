/* depth.c: the stack of an indented call tree (see depth.h) */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "stack/depth.h"

void
depth_init(struct depthstack *d, struct stackmap *map)
{
	memset(d, 0, sizeof(*d));
	sb_init(&d->b, map, NULL);
}

void
depth_cut(struct depthstack *d, size_t depth)
{
	if (depth < d->n) {
		sb_cut(&d->b, d->mark[depth]);
		d->n = depth;
	}
}

int
depth_set(struct depthstack *d, size_t depth, const char *f, size_t len)
{
	if (depth > d->n)
		return 0;
	depth_cut(d, depth);
	d->mark = egrowarray(d->mark, &d->cap, d->n + 1, sizeof(*d->mark));
	d->mark[d->n++] = sb_len(&d->b);
	sb_text(&d->b, f, len);
	return 1;
}

int
depth_add(struct depthstack *d, count c)
{
	return sb_add(&d->b, c);
}

void
depth_free(struct depthstack *d)
{
	free(d->mark);
	sb_free(&d->b);
	d->mark = NULL;
	d->n = d->cap = 0;
}
