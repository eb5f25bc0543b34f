/* formats/vtune/read.c: VTune's top-down CSV report (see read.h) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/num.h"
#include "base/util.h"
#include "folded/csv.h"
#include "folded/textfold.h"
#include "formats/vtune/read.h"
#include "stack/depth.h"

struct vtune {
	const struct vtune_opts *o;
	struct stackmap *m;
	struct csv c;
	struct depthstack d;
	struct bytes frame;
	size_t func, self, module;	/* the columns; module SIZE_MAX: none */
};

#define HEADER "Function Stack"
#define NONE SIZE_MAX

static int
is(const struct csvfield *f, const char *name)
{
	return f->n == strlen(name) && !memcmp(f->s, name, f->n);
}

/* The header's columns: 0 when this record is no header. */
static int
header(struct vtune *v)
{
	struct csv *c = &v->c;
	size_t i;

	if (!c->nf || c->indent)
		return 0;
	/* a byte order mark before the first */
	if (c->f[0].n >= 3 && !memcmp(c->f[0].s, "\xef\xbb\xbf", 3)) {
		c->f[0].s += 3;
		c->f[0].n -= 3;
	}
	if (!is(&c->f[0], HEADER))
		return 0;
	v->func = 0;
	v->self = v->module = NONE;
	for (i = 1; i < c->nf; i++)
		if (is(&c->f[i], "CPU Time:Self") && v->self == NONE)
			v->self = i;
		else if (is(&c->f[i], "Module") && v->module == NONE)
			v->module = i;
	if (v->self == NONE)
		fileerr(c->r->name, c->line, "no 'CPU Time:Self' column in the header");
	return 1;
}

/* Seconds s[0..n) ("0.015309") in milliseconds, rounded as inferno
 * rounds them (half away from zero); 0 when s is not a number. */
static int
millis(const char *s, size_t n, uint64_t *ms)
{
	char buf[64], *end;
	double d;
	size_t i, dots = 0;

	if (!n || n >= sizeof(buf))
		return 0;
	for (i = 0; i < n; i++)
		if (s[i] == '.')
			dots++;
		else if (!isdec(s[i]))
			return 0;
	if (dots > 1 || n == dots)
		return 0;
	memcpy(buf, s, n);
	buf[n] = 0;
	d = round(strtod(buf, &end) * 1000.0);
	if (d >= 18446744073709551615.0)
		return 0;
	*ms = (uint64_t)d;
	return 1;
}

/* One line of the call tree. */
static void
line(struct vtune *v)
{
	struct csv *c = &v->c;
	const struct csvfield *fn, *mod = NULL;
	uint64_t ms;
	count one;

	if (c->nf <= v->self)
		fileerr(c->r->name, c->line, "no CPU Time:Self (field %zu) on this line",
		    v->self + 1);
	fn = &c->f[v->func];
	if (!millis(c->f[v->self].s, c->f[v->self].n, &ms))
		fileerr(c->r->name, c->line, "bad CPU Time:Self '%.*s'", (int)c->f[v->self].n,
		    c->f[v->self].s);
	if (v->module != NONE && !v->o->nomodules && v->module < c->nf && c->f[v->module].n)
		mod = &c->f[v->module];
	v->frame.n = 0;
	if (mod) {
		bytes_put(&v->frame, mod->s, mod->n);
		bytes_put(&v->frame, "`", 1);
	}
	bytes_put(&v->frame, fn->s, fn->n);
	if (!depth_set(&v->d, c->indent, (char *)v->frame.p, v->frame.n))
		fileerr(c->r->name, c->line, "depth %zu after depth %zu: a level skipped",
		    c->indent, v->d.n ? v->d.n - 1 : 0);
	one = count_from_u64(ms);
	if (ms && !depth_add(&v->d, one))
		fileerr(c->r->name, c->line, "sum of counts overflows");
}

/* Is the record blank: one field of blanks? */
static int
blank(const struct csv *c)
{
	size_t i;

	if (c->nf != 1)
		return 0;
	for (i = 0; i < c->f[0].n; i++)
		if (c->f[0].s[i] != ' ' && c->f[0].s[i] != '\t')
			return 0;
	return 1;
}

struct vtune *
vtune_new(const struct vtune_opts *o, struct stackmap *m)
{
	struct vtune *v = ecalloc(1, sizeof(*v));

	v->o = o;
	v->m = m;
	depth_init(&v->d);
	return v;
}

void
vtune_print(struct vtune *v, struct folder *f)
{
	textfold_print(f, &v->d, "milliseconds", "CPU time");
}

void
vtune_fold(struct vtune *v, struct lines *r)
{
	int started = 0, any = 0;

	csv_init(&v->c, r);
	depth_cut(&v->d, 0);
	while (csv_next(&v->c, 1)) {
		if (blank(&v->c))
			continue;
		any = 1;
		if (!started)
			started = header(v);
		else
			line(v);
	}
	if (any && !started)
		fileerr(r->name, 0, "no '" HEADER ",CPU Time:Self,...' header line: is this "
		    "VTune's top-down CSV report (vtune -report top-down -format csv)?");
}

void
vtune_free(struct vtune *v)
{
	csv_free(&v->c);
	depth_free(&v->d);
	bytes_free(&v->frame);
	free(v);
}
