/* window.c: a window in time cut out of folded stacks in time order (see window.h)
 *
 * An edge is read as a whole number of billionths: of the whole for a
 * fraction, of a nanosecond for a time (1.2s is 1.2e18), at most 12
 * digits before the point and 9 after, so that every product below
 * fits in 128 bits.  On the input's axis, an edge is at
 * floor(total * fraction) or floor(time / the unit), in counts.
 */
#include <string.h>

#include "base/count.h"
#include "base/err.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/window.h"
#include "stack/stackmap.h"

#define BILLION 1000000000u

typedef unsigned __int128 u128;

/* a line held: its kind, its text's length, where it starts and its count */
struct rec {
	int comment;
	size_t len;
	uint64_t start, c;
};

/* One edge s[0..n): billionths of the whole, or of its unit, into *v;
 * the unit's nanoseconds into *ns (0: a fraction).  NULL, or what is
 * wrong. */
static const char *
edge(const char *s, size_t n, u128 *v, uint64_t *ns)
{
	static const struct { const char *name; uint64_t ns; } units[] = {
		{ "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "s", BILLION },
	};
	uint64_t whole = 0, frac = 0;
	size_t i = 0, k, ip = 0, fp = 0;

	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, ip++)
		whole = whole * 10 + (uint64_t)(s[i] - '0');
	if (i < n && s[i] == '.')
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++, fp++)
			frac = fp < 9 ? frac * 10 + (uint64_t)(s[i] - '0') : frac;
	if (!ip && !fp)
		return "an edge is not a number";
	if (ip > 12 || fp > 9)
		return "an edge has more than 12 digits before the point or 9 after it";
	for (k = fp; k < 9; k++)
		frac *= 10;
	*v = (u128)whole * BILLION + frac;
	*ns = 0;
	if (i == n)
		return NULL;
	for (k = 0; k < LEN(units); k++)
		if (strlen(units[k].name) == n - i && !memcmp(units[k].name, s + i, n - i)) {
			*ns = units[k].ns;
			return NULL;
		}
	return "a time's unit is ns, us, ms or s";
}

const char *
window_parse(struct window *w, const char *arg)
{
	const char *comma = strchr(arg, ','), *why;
	uint64_t ns[2];

	memset(w, 0, sizeof(*w));
	w->arg = arg;
	w->unit = -2;
	fh_init(&w->h);
	if (!comma || strchr(comma + 1, ','))
		return "not FROM,TO (fractions of the whole, 0.25,0.5, or times, 1.2s,3.4s)";
	if ((why = edge(arg, (size_t)(comma - arg), &w->v[0], &ns[0])) ||
	    (why = edge(comma + 1, strlen(comma + 1), &w->v[1], &ns[1])))
		return why;
	if (!ns[0] != !ns[1])
		return "FROM and TO are both fractions or both times";
	w->time = ns[0] != 0;
	if (!w->time && w->v[1] > BILLION)
		return "a fraction of the whole is at most 1";
	w->v[0] *= w->time ? ns[0] : 1;
	w->v[1] *= w->time ? ns[1] : 1;
	if (w->v[0] >= w->v[1])
		return "FROM is not before TO";
	return NULL;
}

static uint64_t
clamp(u128 v)
{
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

/* The nanoseconds of a count of unit u, 0 for no time. */
static uint64_t
unit_ns(int u)
{
	switch (u) {
	case UNIT_NS: return 1;
	case UNIT_US: return 1000;
	case UNIT_MS: return 1000000;
	case UNIT_S: return BILLION;
	}
	return 0;
}

static void
hold(struct window *w, int comment, const char *s, size_t len, uint64_t start, uint64_t c)
{
	struct rec h = { comment, len, start, c };

	bytes_put(&w->held, &h, sizeof(h));
	bytes_put(&w->held, s, len);
}

static void
comment_out(const char *s, size_t len)
{
	out_mem(s, len);
	out_char('\n');
}

/* The part of line s[0..len), [start, start + c), in the window, written. */
static void
cut(struct window *w, const char *s, size_t len, uint64_t start, uint64_t c)
{
	uint64_t lo = start > w->from ? start : w->from;
	uint64_t hi = start + c < w->to ? start + c : w->to;
	const unsigned char *p;
	struct rec h;
	size_t i;
	count k;

	if (c ? lo >= hi : !(w->from <= start && start < w->to))
		return;
	if (!w->kept++) {	/* the comments before it */
		for (p = w->held.p, i = 0; i < w->held.n; i += sizeof(h) + h.len) {
			memcpy(&h, p + i, sizeof(h));
			comment_out((const char *)p + i + sizeof(h), h.len);
		}
		w->held.n = 0;
	}
	k = count_from_u64(hi - lo);
	out_stackline(s, len, &k, 1);
}

/* A comment: left out, made true of a part, or passed, in its place. */
static void
comment(struct window *w, const char *s, size_t len)
{
	static const char samples[] = "# fg: samples=", closed[] = "# fg: idle=closed",
	    weight2[] = "# fg: weight2=";

	if (!fh_keep(s, len, w->noheader) ||
	    (len >= sizeof(samples) - 1 && !memcmp(s, samples, sizeof(samples) - 1)) ||
	    (len >= sizeof(weight2) - 1 && !memcmp(s, weight2, sizeof(weight2) - 1)))
		return;
	if (len > sizeof(closed) - 1 && !memcmp(s, closed, sizeof(closed) - 1) &&
	    s[sizeof(closed) - 1] == ' ')
		len = sizeof(closed) - 1;	/* the weight was the whole's */
	if (w->known && w->kept)
		comment_out(s, len);
	else
		hold(w, 1, s, len, 0, 0);
}

/* At a file's first stack: its header says time order, and a unit the
 * window's edges can be put in. */
static void
check(struct window *w, struct freader *r)
{
	const char *order = w->h.fact[FH_ORDER];
	int u = w->h.unit;
	uint64_t ns = unit_ns(u);

	w->checked = 1;
	if (!order || strcmp(order, "time"))
		fr_error(r, "--window cuts stacks in time order: no '# fg: order=time' "
		    "before the first stack");
	if (w->unit == -2)
		w->unit = u;
	else if (u != w->unit)
		fr_error(r, "its unit is %s, the first file's %s: one axis takes one unit",
		    w->h.fact[FH_UNIT] ? w->h.fact[FH_UNIT] : "count",
		    w->unit == -1 ? "one fg does not know" : unit_name(w->unit));
	if (!w->time)
		return;
	if (!ns)
		fr_error(r, "--window %s is in time, but the counts are %s%s", w->arg,
		    w->h.fact[FH_UNIT] ? w->h.fact[FH_UNIT] : "samples",
		    w->h.fact[FH_UNIT] ? "" : " (no '# fg: unit=' of time)");
	w->from = clamp(w->v[0] / ((u128)ns * BILLION));
	w->to = clamp(w->v[1] / ((u128)ns * BILLION));
	w->known = 1;
}

void
window_line(struct freader *r, struct fline *l, void *arg)
{
	struct window *w = arg;
	uint64_t start = w->at;

	/* lines of one input come in order: a step back is the next input */
	if (r != w->src || r->name != w->srcname || r->lineno <= w->srcline) {
		fh_free(&w->h);
		w->checked = 0;
		w->src = r;
		w->srcname = r->name;
	}
	w->srcline = r->lineno;
	if (!l->ncounts) {
		if (!w->checked)
			fh_parse(&w->h, l->stack, l->len);
		comment(w, l->stack, l->len);
		return;
	}
	if (!w->checked)
		check(w, r);
	if (!count_whole(l->c[0]))
		fr_error(r, "--window cuts whole counts: this one is decimal");
	w->any = 1;
	if (__builtin_add_overflow(w->at, l->c[0].u, &w->at))
		fr_error(r, "sum of counts overflows");
	if (w->known)
		cut(w, l->stack, l->len, start, l->c[0].u);
	else
		hold(w, 0, l->stack, l->len, start, l->c[0].u);
}

/* Fractions: the edges of the whole, then every line held, cut. */
static void
replay(struct window *w)
{
	struct bytes b = w->held;
	const char *s;
	struct rec h;
	size_t i;

	w->from = clamp((u128)w->at * w->v[0] / BILLION);
	w->to = clamp((u128)w->at * w->v[1] / BILLION);
	w->known = 1;
	memset(&w->held, 0, sizeof(w->held));
	for (i = 0; i < b.n; i += sizeof(h) + h.len) {
		memcpy(&h, b.p + i, sizeof(h));
		s = (const char *)b.p + i + sizeof(h);
		if (h.comment)
			comment(w, s, h.len);
		else
			cut(w, s, h.len, h.start, h.c);
	}
	bytes_free(&b);
}

/* The axis's unit, in messages */
static const char *
axis_unit(int u)
{
	return u > UNIT_COUNT ? unit_name(u) : "counts";
}

int
window_end(struct window *w)
{
	const unsigned char *p;
	struct rec h;
	size_t i;

	if (!w->any) {	/* no stack at all: the comments pass, as any filter's */
		for (p = w->held.p, i = 0; i < w->held.n; i += sizeof(h) + h.len) {
			memcpy(&h, p + i, sizeof(h));
			comment_out((const char *)p + i + sizeof(h), h.len);
		}
		out_flush();
		return 0;
	}
	if (!w->known)
		replay(w);
	out_flush();
	if (w->kept)
		return 0;
	if (w->from >= w->at)
		weprintf("--window %s starts at or after the profile's end, at %llu %s", w->arg,
		    (unsigned long long)w->at, axis_unit(w->unit));
	else
		weprintf("--window %s holds nothing: its edges, rounded down to whole counts, "
		    "meet at %llu %s", w->arg, (unsigned long long)w->from, axis_unit(w->unit));
	return 1;
}

void
window_free(struct window *w)
{
	fh_free(&w->h);
	bytes_free(&w->held);
}
