/* formats/pmc/read.c: pmcstat's call graphs to folded stacks (see read.h) */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "formats/pmc/read.h"

/* a line of the path from the function sampled to the one read */
struct pmc_node {
	size_t at, len;		/* its function, in names */
	count c, callers;	/* its samples; its callers' so far */
};

struct pmc {
	const struct pmc_opts *o;
	int skip;		/* the call graph read is another event's */
	struct dump d;
	struct bytes names;	/* the path's functions, one after another */
	struct pmc_node *node;
	size_t depth, cap;	/* node[0..depth) */
	struct bytes event;	/* the first event's name, a string */
	int events;		/* another event was seen: 1, said: 2 */
	struct dumpodd odd;	/* lines not understood */
};

/* The samples of the node s[0..n) from *k on: "20.86%  [7447]", the
 * blanks after them skipped; 0 when the line is no node. */
static int
samples(struct lines *r, const char *s, size_t n, size_t *k, count *c)
{
	size_t i = *k, d;

	for (d = i; i < n && (isdec(s[i]) || s[i] == '.'); i++)
		;
	if (i == d || i == n || s[i++] != '%')
		return 0;
	while (i < n && dump_blank(s[i]))
		i++;
	if (i == n || s[i++] != '[')
		return 0;
	for (d = i; i < n && isdec(s[i]); i++)
		;
	if (i == d || i == n || s[i] != ']')
		return 0;
	if (count_parse(s + d, i - d, c))
		lines_error(r, "sample count overflows: %.*s", (int)(i - d), s + d);
	for (i++; i < n && dump_blank(s[i]); i++)
		;
	*k = i;
	return i < n;
}

/* The path's node i, as a frame of the stack being built. */
static void
caller(struct pmc *st, size_t i)
{
	dump_caller(&st->d, (const char *)st->names.p + st->node[i].at, st->node[i].len, NULL);
}

/* The nodes from depth d on leave the path, the deepest first: the
 * samples each took that its callers do not are a stack, from the
 * function sampled up to it. */
static void
pop(struct pmc *st, size_t d)
{
	struct pmc_node *nd;
	count self;
	size_t i;

	for (; st->depth > d; st->depth--) {
		nd = &st->node[st->depth - 1];
		self = nd->c;
		count_sub(&self, nd->callers);
		if (count_iszero(self))
			continue;
		for (i = 0; i < st->depth; i++)
			caller(st, i);
		dump_end(&st->d, self);
	}
	st->names.n = d ? st->node[d - 1].at + st->node[d - 1].len : 0;
}

/* A line of the call graph: its function at depth d, c samples. */
static void
node(struct pmc *st, struct lines *r, size_t d, count c, const char *fn, size_t len)
{
	struct pmc_node *up, *nd;

	if (d > st->depth)
		lines_error(r, "skipped indentation level: %zu levels below the line before",
		    d - st->depth);
	pop(st, d);
	up = d ? &st->node[d - 1] : NULL;
	if (up && (!count_add(&up->callers, c) || count_cmp(up->c, up->callers) < 0))
		lines_error(r, "the samples of the callers add up to more than their callee's %llu",
		    (unsigned long long)up->c.u);
	st->node = egrowarray(st->node, &st->cap, d + 1, sizeof(*st->node));
	nd = &st->node[d];
	nd->at = st->names.n;
	nd->len = len;
	nd->c = c;
	nd->callers = count_from_u64(0);
	bytes_put(&st->names, fn, len);
	st->depth = d + 1;
}

/* "@ inst_retired.any [35705 samples]": an event's call graph begins. */
static int
event(struct pmc *st, const char *s, size_t n)
{
	const char *end;
	size_t k;

	if (n < 3 || s[0] != '@' || s[1] != ' ')
		return 0;
	pop(st, 0);
	end = memchr(s + 2, ' ', n - 2);
	k = end ? (size_t)(end - s - 2) : n - 2;
	st->skip = st->o->event && (strlen(st->o->event) != k ||
	    memcmp(st->o->event, s + 2, k));
	if (st->skip)
		return 1;
	if (!st->event.n) {
		bytes_put(&st->event, s + 2, k);
		bytes_put(&st->event, "", 1);	/* a string, its NUL after n */
		st->event.n--;
	} else if (st->event.n != k || memcmp(st->event.p, s + 2, k))
		st->events |= 1;
	return 1;
}

void
pmc_fold(void *arg, struct lines *r, struct stackmap *m)
{
	struct pmc *st = arg;
	char *s;
	size_t n, k, f, e;
	uint64_t nodes = 0;
	count c;

	if (!st->d.m)
		dump_init(&st->d, m, r);
	st->d.r = r;
	memset(&st->odd, 0, sizeof(st->odd));
	st->skip = 0;
	r->format = "pmcstat";
	while (lines_next(r, &s, &n)) {
		if (r->lineno == 1)
			dump_first(r);
		for (k = 0; k < n && s[k] == ' '; k++)
			;
		f = k;
		if (samples(r, s, n, &f, &c)) {
			if (st->skip)
				continue;
			for (e = f; e < n && !dump_blank(s[e]); e++)
				;
			node(st, r, k, c, s + f, e - f);
			nodes++;
		} else if (k < n && !event(st, s, n)) {
			dump_odd(&st->odd, r, s, n);
		}
	}
	pop(st, 0);
	dump_oddend(&st->odd, r, nodes > 0,
	    "no call graph: not pmcstat's -G output?");
	dump_several(&st->events, r->name, "samples of several events", &st->event);
}

void
pmc_free(void *arg)
{
	struct pmc *st = arg;

	dump_free(&st->d);
	bytes_free(&st->names);
	bytes_free(&st->event);
	free(st->node);
	free(st);
}

struct pmc *
pmc_new(const struct pmc_opts *o)
{
	struct pmc *st = ecalloc(1, sizeof(*st));

	st->o = o;
	return st;
}

void
pmc_done(struct folder *f, void *arg)
{
	struct pmc *p = arg;

	if (p->o->event && !p->event.n)
		eprintf("no call graph of event '%s' in the input", p->o->event);
	if (p->event.n && !p->events)
		fh_set(&f->h, FH_COUNTNAME, (const char *)p->event.p);
}
