/* formats/vsprof/read.c: Visual Studio's CallTreeSummary CSV (see read.h) */
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/num.h"
#include "base/util.h"
#include "folded/csv.h"
#include "folded/textfold.h"
#include "formats/vsprof/read.h"
#include "stack/depth.h"

struct vsprof {
	struct stackmap *m;
	struct csv c;
	struct depthstack d;
	uint64_t *calls;	/* calls[i]: of the frame at depth i */
	size_t cap;
};

static const char *const columns[] = { "Level", "Function Name", "Number of Calls" };

static void
header(struct vsprof *v)
{
	struct csv *c = &v->c;
	size_t i;

	if (c->nf && c->f[0].n >= 3 && !memcmp(c->f[0].s, "\xef\xbb\xbf", 3)) {
		c->f[0].s += 3;
		c->f[0].n -= 3;
	}
	for (i = 0; i < LEN(columns); i++)
		if (i >= c->nf || c->f[i].n != strlen(columns[i]) ||
		    memcmp(c->f[i].s, columns[i], c->f[i].n))
			fileerr(c->r->name, c->line, "not the header of a CallTreeSummary report "
			    "(Level,Function Name,Number of Calls,...)");
}

/*
 * A whole number s[0..n) as Visual Studio writes it: digits, in groups
 * of three after a first of one to three when a separator (one of
 * ",. ", the same throughout) parts them ("2,893,824").  0 when it is
 * not one, or overflows.
 */
static int
number(const char *s, size_t n, uint64_t *v)
{
	size_t i, group = 0;
	char sep = 0;

	*v = 0;
	for (i = 0; i < n; i++) {
		if (isdec(s[i])) {
			if (sep && ++group > 3)
				return 0;
			if (*v > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
				return 0;
			*v = *v * 10 + (uint64_t)(s[i] - '0');
		} else if (strchr(",. ", s[i]) && (!sep || s[i] == sep) && i &&
		    (sep ? group == 3 : i <= 3)) {
			sep = s[i];
			group = 0;
		} else {
			return 0;
		}
	}
	return n && (!sep || group == 3);
}

/* The stack as it is, with the calls of its leaf, when they are some. */
static void
write_stack(struct vsprof *v)
{
	count c;

	if (!v->d.n || !v->calls[v->d.n - 1])
		return;
	c = count_from_u64(v->calls[v->d.n - 1]);
	if (!depth_add(&v->d, c))
		fileerr(v->c.r->name, v->c.line, "sum of counts overflows");
}

static void
push(struct vsprof *v, const struct csvfield *name, uint64_t calls)
{
	v->calls = egrowarray(v->calls, &v->cap, v->d.n + 1, sizeof(*v->calls));
	v->calls[v->d.n] = calls;
	depth_set(&v->d, v->d.n, name->s, name->n);
}

/* Back up to level (below the stack's depth): each frame written as it
 * goes, its calls taken off its caller's, as inferno does it. */
static void
unwind(struct vsprof *v, uint64_t level)
{
	uint64_t prev = 0, k;

	for (k = v->d.n - level + 1; k > 0; k--) {
		if (prev != v->calls[v->d.n - 1])
			write_stack(v);
		prev = v->calls[v->d.n - 1];
		depth_cut(&v->d, v->d.n - 1);
		if (!v->d.n)
			break;
		if (prev < v->calls[v->d.n - 1])
			v->calls[v->d.n - 1] -= prev;
	}
}

static void
line(struct vsprof *v)
{
	struct csv *c = &v->c;
	uint64_t level, calls;

	if (c->nf < 2 || !c->f[1].n)
		fileerr(c->r->name, c->line, "no function name");
	if (!number(c->f[0].s, c->f[0].n, &level))
		fileerr(c->r->name, c->line, "bad level '%.*s'", (int)c->f[0].n, c->f[0].s);
	if (c->nf < 3 || !number(c->f[2].s, c->f[2].n, &calls))
		fileerr(c->r->name, c->line, "bad number of calls '%.*s'",
		    c->nf < 3 ? 0 : (int)c->f[2].n, c->nf < 3 ? "" : c->f[2].s);
	if (level > v->d.n + 1)
		fileerr(c->r->name, c->line, "level %llu after level %zu: a level skipped",
		    (unsigned long long)level, v->d.n);
	if (level == v->d.n && level) {
		write_stack(v);
		depth_cut(&v->d, v->d.n - 1);
	} else if (level < v->d.n) {
		unwind(v, level);
	}
	push(v, &c->f[1], calls);
}

/* Is the record blank: one field of blanks? */
static int
blank(const struct csv *c)
{
	size_t i;

	if (c->nf != 1)
		return 0;
	for (i = 0; i < c->f[0].n && (c->f[0].s[i] == ' ' || c->f[0].s[i] == '\t'); i++)
		;
	return i == c->f[0].n;
}

struct vsprof *
vsprof_new(struct stackmap *m)
{
	struct vsprof *v = ecalloc(1, sizeof(*v));

	v->m = m;
	depth_init(&v->d);
	return v;
}

void
vsprof_print(struct vsprof *v, struct folder *f)
{
	textfold_print(f, &v->d, NULL, "calls");
}

void
vsprof_fold(struct vsprof *v, struct lines *r)
{
	int started = 0;

	csv_init(&v->c, r);
	depth_cut(&v->d, 0);
	while (csv_next(&v->c, 0)) {
		if (blank(&v->c))
			continue;
		if (!started)
			header(v);
		else
			line(v);
		started = 1;
	}
	write_stack(v);
}

void
vsprof_free(struct vsprof *v)
{
	csv_free(&v->c);
	depth_free(&v->d);
	free(v->calls);
	free(v);
}
