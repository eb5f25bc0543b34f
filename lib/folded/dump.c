/* dump.c: text stack dumps, a frame a line, leaf first (see dump.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "folded/dump.h"
#include "folded/formats.h"
#include "stack/frame.h"

void
dump_init(struct dump *d, struct stackmap *m, struct lines *r)
{
	memset(d, 0, sizeof(*d));
	d->m = m;
	d->r = r;
}

/* Room for n more bytes before buf[pos]: a larger buffer holds what
 * there is at its end. */
static void
room(struct dump *d, size_t n)
{
	size_t used = d->cap - d->pos, cap = d->cap ? d->cap : 256;
	char *p;

	if (n <= d->pos)
		return;
	if (n > SIZE_MAX / 4 - used)
		eprintf("out of memory");
	while (cap - used < n)
		cap *= 2;
	p = emalloc(cap);
	if (used)
		memcpy(p + cap - used, d->buf + d->pos, used);
	free(d->buf);
	d->buf = p;
	d->pos = cap - used;
	d->cap = cap;
}

static void
opened(struct dump *d)
{
	if (!dump_open(d))
		d->line = d->r ? d->r->lineno : 0;
}

void
dump_caller(struct dump *d, const char *s, size_t n, const char *annot)
{
	size_t alen = annot ? strlen(annot) : 0, len;
	char *f;

	opened(d);
	/* the frame is cleaned where it lands, with the two bytes of room
	 * frame_clean wants, then moved up against its callee's ';' */
	room(d, n + alen + 3);
	f = d->buf + d->pos - n - alen - 3;
	memcpy(f, s, n);
	len = frame_clean(f, n);
	if (alen)
		memcpy(f + len, annot, alen);
	len += alen;
	if (d->pos < d->cap)
		d->buf[--d->pos] = ';';
	memmove(d->buf + d->pos - len, f, len);
	d->pos -= len;
}

void
dump_root(struct dump *d, const char *s, size_t n)
{
	struct bytes *b = &d->root;

	opened(d);
	if (b->n)
		bytes_put(b, ";", 1);
	bytes_put(b, s, n);
	bytes_put(b, "  ", 2);	/* frame_clean's room */
	b->n -= 2;
	b->n = b->n - n + frame_clean((char *)b->p + b->n - n, n);
}

void
dump_end(struct dump *d, count c)
{
	struct stackent *e;
	size_t n;

	if (d->pos == d->cap && !d->root.n)
		dump_caller(d, DUMP_NOFRAME, strlen(DUMP_NOFRAME), NULL);
	if (d->root.n) {
		n = d->root.n;
		room(d, n + 1);
		if (d->pos < d->cap)
			d->buf[--d->pos] = ';';
		d->pos -= n;
		memcpy(d->buf + d->pos, d->root.p, n);
	}
	e = stackmap_get(d->m, d->buf + d->pos, d->cap - d->pos);
	if (!count_add(&e->c[0], c)) {
		if (d->r)
			lines_error(d->r, "sum of counts overflows");
		eprintf("sum of counts overflows");
	}
	dump_drop(d);
}

void
dump_drop(struct dump *d)
{
	d->pos = d->cap;
	d->root.n = 0;
	d->line = 0;
}

const char *
dump_trim(const char *s, size_t *n)
{
	size_t k = *n;

	while (k && dump_blank(*s)) {
		s++;
		k--;
	}
	while (k && dump_blank(s[k - 1]))
		k--;
	*n = k;
	return s;
}

int
dump_countline(const char *s, size_t n, count *c)
{
	uint64_t v = 0;
	size_t i;

	s = dump_trim(s, &n);
	for (i = 0; i < n; i++)
		if (!isdec(s[i]))
			return 0;
	if (!n)
		return 0;
	for (i = 0; i < n; i++) {
		if (v > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	*c = count_from_u64(v);
	return 1;
}

void
dump_free(struct dump *d)
{
	free(d->buf);
	bytes_free(&d->root);
	memset(d, 0, sizeof(*d));
}

void
dump_odd(struct dumpodd *o, const struct lines *r, const char *s, size_t n)
{
	if (o->n++)
		return;
	o->line = r->lineno;
	snprintf(o->text, sizeof(o->text), "%.*s", (int)(n < sizeof(o->text) - 1 ? n : sizeof(o->text) - 1), s);
}

static void
dump_oddsay(const struct dumpodd *o, const char *name)
{
	if (o->n)
		weprintf("%s: %llu lines not understood, left out (the first, line %llu: %s)",
		    name, (unsigned long long)o->n, (unsigned long long)o->line, o->text);
}

/* the bytes of a file's start dump_first looks at */
#define FIRSTBYTES (64 << 10)

void
dump_first(const struct lines *r)
{
	size_t n = r->end < FIRSTBYTES ? r->end : FIRSTBYTES, i;
	const struct format *f;
	char msg[256], *p = emalloc(n ? n : 1);

	memcpy(p, r->buf, n);
	/* the line reader's NULs, as the line ends they were (a CR before
	 * the newline it kept) */
	for (i = 0; i < r->pos && i < n; i++)
		if (!p[i])
			p[i] = i + 1 < n && p[i + 1] == '\n' ? '\r' : '\n';
	f = sniff(p, n);
	i = f->kind != FMT_FOLDED && format_hint(r->format, p, n, msg, sizeof(msg));
	free(p);
	if (i)
		fileerr(r->name, 0, "%s", msg);
}

void
dump_oddend(const struct dumpodd *o, const struct lines *r, int found, const char *nothing)
{
	if (o->n && !found)
		fileerr(r->name, o->line, "%s", nothing);
	dump_oddsay(o, r->name);
}

void
dump_several(int *said, const char *name, const char *what, const struct bytes *first)
{
	if (*said != 1)
		return;
	weprintf("%s: the %s are added up (%.*s and others)", name, what, (int)first->n,
	    (const char *)first->p);
	*said = 2;
}
