/* build.c: a stack built frame by frame (see build.h) */
#include <stdint.h>
#include <string.h>

#include "base/util.h"
#include "stack/build.h"
#include "stack/frame.h"

void
sb_init(struct stackbuild *b, struct stackmap *map, struct stackrun *run)
{
	memset(b, 0, sizeof(*b));
	b->map = map;
	b->run = run;
	b->last = SIZE_MAX;
}

void
sb_clear(struct stackbuild *b)
{
	b->b.n = 0;
	b->last = SIZE_MAX;
}

/* Room for a frame of n bytes (its ';' and frame_clean's two more). */
static void
room(struct stackbuild *b, size_t n)
{
	if (n > SIZE_MAX / 2 - b->b.n)
		eprintf("out of memory");
	b->b.p = egrowarray(b->b.p, &b->b.cap, b->b.n + n + 3, 1);
	if (b->b.n)
		b->b.p[b->b.n++] = ';';
	b->last = SIZE_MAX;
}

void
sb_frame(struct stackbuild *b, const char *f, size_t n)
{
	room(b, n);
	memcpy(b->b.p + b->b.n, f, n);
	b->b.n += n;
}

void
sb_text(struct stackbuild *b, const char *s, size_t n)
{
	room(b, n);
	memcpy(b->b.p + b->b.n, s, n);
	b->b.n += frame_clean((char *)b->b.p + b->b.n, n);
}

void
sb_cut(struct stackbuild *b, size_t len)
{
	if (len < b->b.n) {
		b->b.n = len;
		b->last = SIZE_MAX;
	}
}

/* The stack with count c, n samples (sized: n is known), their weights
 * squared summing to w2 (< 0: not known) */
static int
add(struct stackbuild *b, count c, uint64_t n, int sized, double w2)
{
	if (!b->b.n) {
		b->ndropped += n;
		return count_add(&b->dropped, c);
	}
	if (b->run) {
		b->run->samples += n;
		b->run->unsized |= !sized;
		b->run->weight2 += w2 >= 0 ? w2 : 0;
		b->run->unweighed |= w2 < 0;
		return stackrun_add(b->run, sb_stack(b), b->b.n, c);
	}
	b->map->samples += n;
	b->map->unsized |= !sized;
	b->map->weight2 += w2 >= 0 ? w2 : 0;
	b->map->unweighed |= w2 < 0;
	if (b->last == SIZE_MAX)
		b->last = (size_t)(stackmap_get(b->map, sb_stack(b), b->b.n) - b->map->ent);
	return count_add(&b->map->ent[b->last].c[0], c);
}

int
sb_addn(struct stackbuild *b, count c, uint64_t n)
{
	double v = count_val(c);

	return add(b, c, n, 1, n == 1 ? v * v : -1);
}

int
sb_addw(struct stackbuild *b, count c, uint64_t n, double w2)
{
	return add(b, c, n, 1, w2);
}

int
sb_add(struct stackbuild *b, count c)
{
	return add(b, c, 1, 0, -1);
}

void
sb_dropped(struct stackbuild *b, const char *file, const char *what, const char *unit)
{
	char w[400];
	unsigned long long n = b->ndropped;

	if (!n)
		return;
	count_fmt(b->dropped, w);
	if (!unit && count_whole(b->dropped) && b->dropped.u == n)
		weprintf("%s: %llu sample%s %s %s no frame: left out", file, n, n == 1 ? "" : "s",
		    what, n == 1 ? "has" : "have");
	else
		weprintf("%s: %llu sample%s %s, weighing %s%s%s, %s no frame: left out", file, n,
		    n == 1 ? "" : "s", what, w, unit ? " " : "", unit ? unit : "",
		    n == 1 ? "has" : "have");
	b->ndropped = 0;
	memset(&b->dropped, 0, sizeof(b->dropped));
}

void
sb_free(struct stackbuild *b)
{
	bytes_free(&b->b);
	b->last = SIZE_MAX;
}
