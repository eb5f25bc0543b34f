/* formats/pprof/read.c: reading pprof profiles
 *
 * z_read hands the decompressed stream to sink(), which takes it one
 * top-level field at a time: a field whose bytes have not all arrived
 * is left for the next call (the buffer grows to hold it), an unknown
 * field is passed over without being held.  Field numbers are those of
 * google/pprof's proto/profile.proto.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/inflate.h"
#include "base/proto.h"
#include "base/util.h"
#include "folded/formats.h"
#include "folded/lines.h"
#include "formats/pprof/read.h"

#define NONE UINT32_MAX

enum {
	P_SAMPLE_TYPE = 1, P_SAMPLE, P_MAPPING, P_LOCATION, P_FUNCTION, P_STRING,
	P_DEFAULT_SAMPLE_TYPE = 14
};

void
pp_error(const struct pprof *p, uint64_t off, const char *fmt, ...)
{
	va_list ap;
	char msg[256];

	/* a file of another format: say which (folded/formats) */
	if (format_hint("pprof", p->head, p->headn, msg, sizeof(msg)))
		fileerr(p->name, 0, "%s", msg);
	va_start(ap, fmt);
	vbyteerr(p->name, off, fmt, ap);
	va_end(ap);
}

/*
 * Count n more bytes of memory against --max-size: the tables a profile
 * fills (strings, samples, locations...) and the buffer that holds the
 * largest field may not take more than the decompressed bytes may, so
 * that a small file of many empty entries cannot take gigabytes.  The
 * field being read is blamed.
 */
static void
charge(struct pprof *p, uint64_t n)
{
	p->mem += n;
	if (p->mem > p->maxsize || p->bufmem > p->maxsize - p->mem)
		pp_error(p, p->fieldoff, "the profile's tables would take more than %llu bytes"
		    " of memory (--max-size)", (unsigned long long)p->maxsize);
}

/* Room for n elements in a growable array, charged to p's memory
 * before it is taken. */
static void *
grow(struct pprof *p, void *a, size_t n, size_t *cap, size_t size)
{
	if (n <= *cap)
		return a;
	charge(p, sat_mul(growcap(*cap, n) - *cap, size));
	return egrowarray(a, cap, n, size);
}

/* ---- top-level messages ---- */

static void
valuetype(struct pprof *p, struct pb *b)
{
	struct pp_vtype t = { 0, 0, pb_off(b) };
	uint32_t f;
	int wt;

	while (pb_next(b, &f, &wt)) {
		if (f == 1)
			t.type = pb_uint(b, wt, f);
		else if (f == 2)
			t.unit = pb_uint(b, wt, f);
		else
			pb_skip(b, wt);
	}
	p->vt = grow(p, p->vt, p->nvt + 1, &p->vtcap, sizeof(*p->vt));
	p->vt[p->nvt++] = t;
}

static void
label(struct pprof *p, struct pb *b, uint64_t off)
{
	struct pp_label l = { 0, 0, 0, 0 };
	struct pb s = pb_sub(b);
	uint32_t f;
	int wt;

	while (pb_next(&s, &f, &wt)) {
		if (f == 1)
			l.key = pb_uint(&s, wt, f);
		else if (f == 2)
			l.str = pb_uint(&s, wt, f);
		else if (f == 3)
			l.num = (int64_t)pb_uint(&s, wt, f);
		else if (f == 4)
			l.unit = pb_uint(&s, wt, f);
		else
			pb_skip(&s, wt);
	}
	if (l.key > p->maxlabstr || l.str > p->maxlabstr || l.unit > p->maxlabstr) {
		p->maxlabstr = l.key > l.str ? l.key : l.str;
		if (l.unit > p->maxlabstr)
			p->maxlabstr = l.unit;
		p->maxlaboff = off;
	}
	if (!p->labels)
		return;
	/* a scratch array, bounded by a field: not charged */
	p->tlab = egrowarray(p->tlab, &p->tlabcap, p->ntlab + 4, sizeof(*p->tlab));
	p->tlab[p->ntlab++] = l.key;
	p->tlab[p->ntlab++] = l.str;
	p->tlab[p->ntlab++] = (uint64_t)l.num;
	p->tlab[p->ntlab++] = l.unit;
}

/* The entry of the sample just read, made if new. */
static struct pp_sample *
entry(struct pprof *p, uint64_t off)
{
	size_t n = p->ntloc + p->ntlab;
	struct hprobe hp;
	struct pp_sample *s;
	uint32_t i;

	if (p->ntlab)
		memcpy(p->tloc + p->ntloc, p->tlab, p->ntlab * sizeof(*p->tlab));
	htab_probe(&p->tab, &hp, hash_bytes(p->tloc, n * sizeof(*p->tloc)));
	while ((i = htab_next(&p->tab, &hp)) != HTAB_NONE) {
		s = &p->smp[i];
		if (s->nloc == p->ntloc && s->nlab * 4 == p->ntlab &&
		    (!n || !memcmp(p->keys + s->key, p->tloc, n * sizeof(*p->tloc))))
			return s;
	}
	if (p->nsmp >= NONE - 1)
		pp_error(p, off, "too many distinct samples");
	charge(p, htab_growth(&p->tab));
	htab_put(&p->tab, &hp, p->nsmp);
	p->smp = grow(p, p->smp, p->nsmp + 1, &p->smpcap, sizeof(*p->smp));
	s = &p->smp[p->nsmp++];
	s->off = off;
	s->nloc = p->ntloc;
	s->nlab = p->ntlab / 4;
	p->keys = grow(p, p->keys, p->nkeys + n, &p->keycap, sizeof(*p->keys));
	s->key = p->nkeys;
	if (n)
		memcpy(p->keys + p->nkeys, p->tloc, n * sizeof(*p->tloc));
	p->nkeys += n;
	p->val = grow(p, p->val, p->nsmp * p->nval, &p->valcap, sizeof(*p->val));
	if (p->nval)
		memset(p->val + (p->nsmp - 1) * p->nval, 0, p->nval * sizeof(*p->val));
	return s;
}

static void
addvalues(struct pprof *p, int64_t *row, uint64_t off)
{
	size_t i;
	int64_t v;

	for (i = 0; i < p->nval; i++) {
		v = (int64_t)p->tval[i];
		if (v < 0 && !p->negoff[i])
			p->negoff[i] = off + 1;
		if (__builtin_add_overflow(row[i], v, &row[i]) && !p->ovfoff[i])
			p->ovfoff[i] = off + 1;
	}
}

static void
sample(struct pprof *p, struct pb *b)
{
	uint64_t off = pb_off(b);
	struct pp_sample *s;
	uint32_t f;
	int wt;

	p->ntloc = p->ntval = p->ntlab = 0;
	while (pb_next(b, &f, &wt)) {
		if (f == 1)
			pb_uints(b, wt, f, &p->tloc, &p->ntloc, &p->tloccap);
		else if (f == 2)
			pb_uints(b, wt, f, &p->tval, &p->ntval, &p->tvalcap);
		else if (f == 3 && wt == PB_LEN)
			label(p, b, off);
		else
			pb_skip(b, wt);
	}
	if (!p->nsamples++) {
		p->nval = p->ntval;
		p->negoff = ecalloc(p->nval + 1, sizeof(*p->negoff));
		p->ovfoff = ecalloc(p->nval + 1, sizeof(*p->ovfoff));
	} else if (p->ntval != p->nval) {
		pp_error(p, off, "sample has %zu values where the first had %zu",
		    p->ntval, p->nval);
	}
	/* room for the labels after the locations, to hash the key whole */
	p->tloc = egrowarray(p->tloc, &p->tloccap, p->ntloc + p->ntlab, sizeof(*p->tloc));
	s = entry(p, off);
	if (p->nval)
		addvalues(p, p->val + (s - p->smp) * p->nval, off);
}

static void
location(struct pprof *p, struct pb *b)
{
	struct pp_loc l;
	struct pp_line ln;
	struct pb s;
	uint32_t f, g;
	int wt, wt2;

	memset(&l, 0, sizeof(l));
	l.off = pb_off(b);
	l.first = p->nline;
	while (pb_next(b, &f, &wt)) {
		if (f == 1)
			l.id = pb_uint(b, wt, f);
		else if (f == 2)
			l.mapping = pb_uint(b, wt, f);
		else if (f == 3)
			l.addr = pb_uint(b, wt, f);
		else if (f == 4 && wt == PB_LEN) {
			s = pb_sub(b);
			ln.func = 0;
			ln.line = 0;
			while (pb_next(&s, &g, &wt2)) {
				if (g == 1)
					ln.func = pb_uint(&s, wt2, g);
				else if (g == 2)
					ln.line = (int64_t)pb_uint(&s, wt2, g);
				else
					pb_skip(&s, wt2);
			}
			p->line = grow(p, p->line, p->nline + 1, &p->linecap, sizeof(*p->line));
			p->line[p->nline++] = ln;
		} else
			pb_skip(b, wt);
	}
	if (p->nline - l.first > NONE)
		pp_error(p, l.off, "too many lines");
	l.n = p->nline - l.first;
	p->loc = grow(p, p->loc, p->nloc + 1, &p->loccap, sizeof(*p->loc));
	p->loc[p->nloc++] = l;
}

static void
function(struct pprof *p, struct pb *b)
{
	struct pp_func fn = { 0, 0, 0, 0, pb_off(b) };
	uint32_t f;
	int wt;

	while (pb_next(b, &f, &wt)) {
		if (f == 1)
			fn.id = pb_uint(b, wt, f);
		else if (f == 2)
			fn.name = pb_uint(b, wt, f);
		else if (f == 3)
			fn.sysname = pb_uint(b, wt, f);
		else if (f == 4)
			fn.file = pb_uint(b, wt, f);
		else
			pb_skip(b, wt);
	}
	p->func = grow(p, p->func, p->nfunc + 1, &p->funccap, sizeof(*p->func));
	p->func[p->nfunc++] = fn;
}

static void
mapping(struct pprof *p, struct pb *b)
{
	struct pp_map m = { 0, 0, pb_off(b) };
	uint32_t f;
	int wt;

	while (pb_next(b, &f, &wt)) {
		if (f == 1)
			m.id = pb_uint(b, wt, f);
		else if (f == 5)
			m.file = pb_uint(b, wt, f);
		else
			pb_skip(b, wt);
	}
	p->map = grow(p, p->map, p->nmap + 1, &p->mapcap, sizeof(*p->map));
	p->map[p->nmap++] = m;
}

static void
message(struct pprof *p, uint32_t field, struct pb *b)
{
	struct pp_str s;

	switch (field) {
	case P_SAMPLE_TYPE:
		valuetype(p, b);
		break;
	case P_SAMPLE:
		sample(p, b);
		break;
	case P_MAPPING:
		mapping(p, b);
		break;
	case P_LOCATION:
		location(p, b);
		break;
	case P_FUNCTION:
		function(p, b);
		break;
	case P_STRING:
		s.len = b->end - b->p;
		charge(p, s.len + 1);
		s.s = arena_strdup(&p->arena, (const char *)b->p, s.len);
		p->str = grow(p, p->str, p->nstr + 1, &p->strcap, sizeof(*p->str));
		p->str[p->nstr++] = s;
		break;
	}
}

static const char *const fieldname[] = {
	NULL, "sample_type", "sample", "mapping", "location", "function", "string_table"
};

/* One top-level field at p[0..n) (stream offset off): the bytes it
 * took, or 0 when they have not all arrived. */
static size_t
field(struct pprof *p, const unsigned char *d, size_t n, uint64_t off)
{
	uint64_t tag, v;
	uint32_t f;
	int k, k2, wt;
	struct pb b;

	if (!(k = pb_peek(d, n, &tag)))
		return 0;
	pb_init(&b, d, n, off, p->name);
	if (k < 0)
		pb_error(&b, off, "%s", pb_peekerr(k));
	p->fieldoff = off;
	f = tag >> 3;
	wt = tag & 7;
	if (!f || tag >> 3 > 0x1fffffff)
		pb_error(&b, off, "bad field number %llu", (unsigned long long)(tag >> 3));
	if (f <= P_STRING && wt != PB_LEN)
		pb_error(&b, off, "field %u (%s): wire type %d where a message belongs",
		    (unsigned)f, fieldname[f], wt);
	if (wt == PB_I64 || wt == PB_I32)
		return n - k >= (wt == PB_I64 ? 8u : 4u) ? k + (wt == PB_I64 ? 8u : 4u) : 0;
	if (wt != PB_VARINT && wt != PB_LEN)
		pb_error(&b, off, "unsupported wire type %d", wt);
	if (!(k2 = pb_peek(d + k, n - k, &v)))
		return 0;
	if (k2 < 0)
		pb_error(&b, off + k, "%s", pb_peekerr(k2));
	if (f == P_DEFAULT_SAMPLE_TYPE && wt == PB_VARINT) {
		p->defsample = v;
		p->defoff = off;
	}
	if (wt == PB_VARINT)
		return k + k2;
	if (f > P_STRING) {
		p->skip = v;
		return k + k2;
	}
	/* a field is held whole before it is read, in a buffer that may
	 * grow to twice its length: that is checked against --max-size
	 * before any of it is buffered */
	if (v > p->maxsize / 2 || p->mem > p->maxsize - 2 * v)
		pp_error(p, off, "field %u (%s) of %llu bytes would take more than %llu bytes"
		    " of memory (--max-size)", (unsigned)f, fieldname[f], (unsigned long long)v,
		    (unsigned long long)p->maxsize);
	if (2 * v > p->bufmem)
		p->bufmem = 2 * v;
	if (v > n - k - k2)
		return 0;
	pb_init(&b, d + k + k2, v, off + k + k2, p->name);
	message(p, f, &b);
	return k + k2 + v;
}

/* Text (a log, a folded file) where a profile was expected: its first
 * bytes are all printable, which a Profile's never are (its first
 * field's first member is a varint tag such as 0x08). */
static void
nottext(struct pprof *p, const unsigned char *d, size_t n)
{
	size_t i;

	if (!n)
		return;
	if (n > 64)
		n = 64;
	for (i = 0; i < n; i++)
		if ((d[i] < 0x20 || d[i] > 0x7e) && d[i] != '\t' && d[i] != '\n' && d[i] != '\r')
			return;
	pp_error(p, 0, "not a pprof profile (it is text)");
}

static size_t
sink(void *arg, const unsigned char *d, size_t n, uint64_t off, int end)
{
	struct pprof *p = arg;
	size_t pos = 0, k;
	uint64_t v;
	int t;

	if (!p->looked) {
		if (n < 64 && !end)
			return 0;	/* wait for enough to look at */
		p->headn = n < sizeof(p->head) ? n : sizeof(p->head);
		memcpy(p->head, d, p->headn);
		nottext(p, d, n);
		/* binary, of a format with magic bytes of its own (.jlprof,
		 * PNG...), which no profile.proto begins with */
		if (sniff(p->head, p->headn)->magic)
			pp_error(p, 0, "not a pprof profile");
		p->looked = 1;
	}
	while (pos < n) {
		if (p->skip) {
			k = p->skip < n - pos ? p->skip : n - pos;
			pos += k;
			p->skip -= k;
			continue;
		}
		if (!(k = field(p, d + pos, n - pos, off + pos)))
			break;
		pos += k;
	}
	if (!end)
		return pos;
	if (p->skip)
		pp_error(p, off + n, "truncated field (%llu bytes missing)",
		    (unsigned long long)p->skip);
	if (pos == n)
		return n;
	t = pb_peek(d + pos, n - pos, &v);
	if (t > 0)
		t = pb_peek(d + pos + t, n - pos - t, &v) != 0;
	if (!t)
		pp_error(p, off + pos, "truncated varint");
	pp_error(p, off + pos, "truncated field: its length runs past the end of the data");
	return 0;
}

/* ---- checks once everything is read ---- */

/* The id of entry i of m's table. */
static uint64_t
ids_id(const struct pp_ids *m, uint32_t i)
{
	uint64_t id;

	memcpy(&id, m->table + (size_t)i * m->stride, sizeof(id));
	return id;
}

/* The index of id, or HTAB_NONE with hp where it goes. */
static uint32_t
ids_lookup(const struct pp_ids *m, uint64_t id, struct hprobe *hp)
{
	uint32_t i;

	for (htab_probe(&m->tab, hp, hash_mix(id)); (i = htab_next(&m->tab, hp)) != HTAB_NONE;)
		if (ids_id(m, i) == id)
			break;
	return i;
}

/* Entry idx of the table by its id. */
static void
ids_add(struct pprof *p, struct pp_ids *m, uint32_t idx, uint64_t off, const char *what)
{
	uint64_t id = ids_id(m, idx);
	struct hprobe hp;

	if (!id)
		pp_error(p, off, "%s id 0", what);
	if (ids_lookup(m, id, &hp) != HTAB_NONE)
		pp_error(p, off, "%s id %llu defined twice", what, (unsigned long long)id);
	htab_put(&m->tab, &hp, idx);
	m->n++;
	if (id != idx + 1)
		m->sparse = 1;
}

/* After the last ids_add: may lookups index directly? */
static void
ids_done(struct pp_ids *m)
{
	m->dense = !m->sparse;
}

static uint32_t
ids_find(const struct pp_ids *m, uint64_t id)
{
	struct hprobe hp;
	uint32_t i;

	/* ids 1..n in table order, as Go writes them */
	if (m->dense)
		return id - 1 < m->n ? (uint32_t)(id - 1) : NONE;
	i = ids_lookup(m, id, &hp);
	return i == HTAB_NONE ? NONE : i;
}

/* The ids of n entries of stride bytes at table, each beginning with
 * its id. */
static void
ids_init(struct pp_ids *m, const void *table, size_t stride, size_t n)
{
	htab_init(&m->tab, n);
	m->table = table;
	m->stride = stride;
}

static void
checkstr(const struct pprof *p, uint64_t i, uint64_t off, const char *what)
{
	if (i >= p->nstr)
		pp_error(p, off, "%s names string %llu of a table of %zu",
		    what, (unsigned long long)i, p->nstr);
}

static void
checktables(struct pprof *p)
{
	size_t i;

	for (i = 0; i < p->nvt; i++) {
		checkstr(p, p->vt[i].type, p->vt[i].off, "sample type");
		checkstr(p, p->vt[i].unit, p->vt[i].off, "sample type unit");
	}
	checkstr(p, p->defsample, p->defoff, "default_sample_type");
	if (p->maxlaboff)
		checkstr(p, p->maxlabstr, p->maxlaboff, "label");
	ids_init(&p->mapids, p->map, sizeof(*p->map), p->nmap);
	for (i = 0; i < p->nmap; i++) {
		checkstr(p, p->map[i].file, p->map[i].off, "mapping");
		ids_add(p, &p->mapids, i, p->map[i].off, "mapping");
	}
	ids_done(&p->mapids);
	ids_init(&p->funcids, p->func, sizeof(*p->func), p->nfunc);
	for (i = 0; i < p->nfunc; i++) {
		checkstr(p, p->func[i].name, p->func[i].off, "function name");
		checkstr(p, p->func[i].sysname, p->func[i].off, "function system_name");
		checkstr(p, p->func[i].file, p->func[i].off, "function filename");
		ids_add(p, &p->funcids, i, p->func[i].off, "function");
	}
	ids_done(&p->funcids);
}

static void
checklocs(struct pprof *p)
{
	struct pp_loc *l;
	uint32_t idx;
	size_t i, j;

	ids_init(&p->locids, p->loc, sizeof(*p->loc), p->nloc);
	for (i = 0; i < p->nloc; i++)
		ids_add(p, &p->locids, i, p->loc[i].off, "location");
	ids_done(&p->locids);
	for (i = 0; i < p->nloc; i++) {
		l = &p->loc[i];
		l->mapidx = NONE;
		if (l->mapping && (l->mapidx = ids_find(&p->mapids, l->mapping)) == NONE)
			pp_error(p, l->off, "location names mapping %llu, which is not in the profile",
			    (unsigned long long)l->mapping);
		for (j = l->first; j < l->first + l->n; j++) {
			if ((idx = ids_find(&p->funcids, p->line[j].func)) == NONE)
				pp_error(p, l->off, "location names function %llu, which is not in the profile",
				    (unsigned long long)p->line[j].func);
			p->line[j].func = idx;
		}
	}
}

static void
checksamples(struct pprof *p)
{
	struct pp_sample *s;
	uint64_t *k;
	uint32_t idx;
	size_t i, j;

	if (p->nsmp && p->nval != p->nvt)
		pp_error(p, p->smp[0].off, "samples have %zu values but the profile has %zu sample types",
		    p->nval, p->nvt);
	for (i = 0; i < p->nsmp; i++) {
		s = &p->smp[i];
		if (!s->nloc)
			continue;	/* keys may be NULL: no location in any sample */
		k = p->keys + s->key;
		for (j = 0; j < s->nloc; j++) {
			if ((idx = ids_find(&p->locids, k[j])) == NONE)
				pp_error(p, s->off, "sample names location %llu, which is not in the profile",
				    (unsigned long long)k[j]);
			k[j] = idx;
		}
	}
}

void
pp_read(struct pprof *p, int fd, const char *name, int labels, uint64_t maxsize)
{
	struct zread r;

	memset(p, 0, sizeof(*p));
	if (fd == 0)
		stdin_tty_note();
	p->name = name;
	p->labels = labels;
	p->maxsize = maxsize;
	htab_init(&p->tab, 0);
	r = z_read(fd, name, maxsize, sink, p);
	p->gzip = r.gzip;
	if (!r.total)
		fileerr(name, 0, "empty file");
	if (!p->nvt)
		pp_error(p, 0, "not a pprof profile (no sample types)");
	checktables(p);
	checklocs(p);
	checksamples(p);
}

const struct pp_func *
pp_linefunc(const struct pprof *p, const struct pp_line *l)
{
	return &p->func[l->func];
}

int
pp_streq(const struct pprof *p, uint64_t i, const char *s)
{
	size_t n = strlen(s);

	return p->str[i].len == n && !memcmp(p->str[i].s, s, n);
}

void
pp_free(struct pprof *p)
{
	free(p->vt);
	free(p->str);
	arena_free(&p->arena);
	free(p->loc);
	free(p->line);
	free(p->func);
	free(p->map);
	htab_free(&p->locids.tab);
	htab_free(&p->funcids.tab);
	htab_free(&p->mapids.tab);
	free(p->smp);
	htab_free(&p->tab);
	free(p->keys);
	free(p->val);
	free(p->negoff);
	free(p->ovfoff);
	free(p->tloc);
	free(p->tval);
	free(p->tlab);
	memset(p, 0, sizeof(*p));
}
