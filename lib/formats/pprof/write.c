/* formats/pprof/write.c: folded stacks made a pprof profile */
#include <stdlib.h>
#include <string.h>

#include "base/deflate.h"
#include "base/intern.h"
#include "base/proto.h"
#include "base/util.h"
#include "formats/pprof/write.h"
#include "stack/frame.h"

/* profile.proto's field numbers */
enum { P_SAMPLE_TYPE = 1, P_SAMPLE = 2, P_LOCATION = 4, P_FUNCTION = 5, P_STRING = 6 };
enum { VT_TYPE = 1, VT_UNIT = 2 };
enum { S_LOCATION = 1, S_VALUE = 2 };
enum { L_ID = 1, L_LINE = 4 };
enum { LN_FUNCTION = 1, LN_LINE = 2 };
enum { F_ID = 1, F_NAME = 2, F_SYSNAME = 3, F_FILENAME = 4 };

/* One entry of struct interner ent: a Function and a line. */
struct ent {
	uint32_t func;
	uint64_t line;
} __attribute__((packed));

/* What is known of one distinct frame label. */
struct ppw_label {
	uint32_t ent;		/* its (function, line) entry */
	int inlined;
};

/* A profile being made: its tables, and the stack being added. */
struct ppwrite {
	struct interner str;	/* the string table: "" first */
	struct interner func;	/* (name, file) string ids */
	struct interner ent;	/* (function, line) */
	struct interner loc;	/* runs of entries, the caller first */
	struct interner labels;	/* frame labels seen */
	struct ppw_label *lab;	/* by label id */
	size_t labcap;
	uint32_t *entloc;	/* entry id -> the Location of it alone + 1 */
	size_t entloccap;
	struct interner smp;	/* Location ids of a stack, root first */
	uint64_t *val;		/* by sample id */
	size_t valcap;
	uint32_t *cur, *run;	/* the stack and the run being made */
	size_t curcap, runcap;
};

struct ppwrite *
ppw_new(void)
{
	struct ppwrite *w = ecalloc(1, sizeof(*w));

	intern_init(&w->str);
	intern_init(&w->func);
	intern_init(&w->ent);
	intern_init(&w->loc);
	intern_init(&w->labels);
	intern_init(&w->smp);
	intern(&w->str, "", 0);	/* string 0 is "" (profile.proto) */
	return w;
}

size_t
ppw_nsamples(const struct ppwrite *w)
{
	return w->smp.n;
}

/* Take the new label f[0..n), id id, apart into its entry. */
static void
label_new(struct ppwrite *w, uint32_t id, const char *f, size_t n)
{
	struct frameparts fp;
	uint32_t fkey[2];
	struct ent e;

	frame_parts(f, n, &fp);
	fkey[0] = intern(&w->str, f, fp.namelen);
	fkey[1] = fp.file ? intern(&w->str, fp.file, fp.filelen) : 0;
	e.func = intern(&w->func, (const char *)fkey, sizeof(fkey));
	e.line = fp.line;
	w->lab = egrowarray(w->lab, &w->labcap, (size_t)id + 1, sizeof(*w->lab));
	w->lab[id].ent = intern(&w->ent, (const char *)&e, sizeof(e));
	w->lab[id].inlined = fp.inlined;
}

/* The Location of the run of entries run[0..n), the caller first; a
 * run of one entry is looked up by the entry. */
static uint32_t
location(struct ppwrite *w, const uint32_t *run, size_t n)
{
	uint32_t e = run[0];
	size_t old = w->entloccap;

	if (n > 1)
		return intern(&w->loc, (const char *)run, n * sizeof(*run));
	if (e >= old) {
		w->entloc = egrowarray(w->entloc, &w->entloccap, (size_t)e + 1, sizeof(*w->entloc));
		memset(w->entloc + old, 0, (w->entloccap - old) * sizeof(*w->entloc));
	}
	if (!w->entloc[e])
		w->entloc[e] = intern(&w->loc, (const char *)run, sizeof(*run)) + 1;
	return w->entloc[e] - 1;
}

const char *
ppw_add(struct ppwrite *w, const char *s, size_t n, uint64_t v)
{
	struct frameit it;
	size_t ncur = 0, nrun = 0;
	uint32_t id, known, smp;

	for (frame_iter(&it, s, n, 0); frame_next(&it);) {
		known = w->labels.n;
		id = intern(&w->labels, s + it.start, it.end - it.start);
		if (id == known)
			label_new(w, id, s + it.start, it.end - it.start);
		if (nrun && !w->lab[id].inlined) {
			w->cur = egrowarray(w->cur, &w->curcap, ncur + 1, sizeof(*w->cur));
			w->cur[ncur++] = location(w, w->run, nrun);
			nrun = 0;
		}
		w->run = egrowarray(w->run, &w->runcap, nrun + 1, sizeof(*w->run));
		w->run[nrun++] = w->lab[id].ent;
	}
	w->cur = egrowarray(w->cur, &w->curcap, ncur + 1, sizeof(*w->cur));
	w->cur[ncur++] = location(w, w->run, nrun);
	known = w->smp.n;
	smp = intern(&w->smp, (const char *)w->cur, ncur * sizeof(*w->cur));
	if (smp == known) {
		w->val = egrowarray(w->val, &w->valcap, (size_t)smp + 1, sizeof(*w->val));
		w->val[smp] = 0;
	}
	if (v > (uint64_t)INT64_MAX - w->val[smp])
		return "count too large for pprof (over 2^63 - 1)";
	w->val[smp] += v;
	return NULL;
}

/* The interned string id made a field (its bytes). */
static void
put_str(struct bytes *b, uint32_t field, const struct interner *t, uint32_t id)
{
	pbw_bytes(b, field, intern_str(t, id), intern_len(t, id));
}

/* Each sample: its Locations leaf first (ids from 1), its value. */
static void
put_samples(struct ppwrite *w, struct bytes *pb)
{
	struct bytes m = { 0 };
	uint64_t *ids = NULL;
	size_t cap = 0, n, i;
	uint32_t id, l;

	for (id = 0; id < w->smp.n; id++) {
		n = intern_len(&w->smp, id) / sizeof(uint32_t);
		ids = egrowarray(ids, &cap, n, sizeof(*ids));
		for (i = 0; i < n; i++) {
			memcpy(&l, intern_str(&w->smp, id) + i * sizeof(l), sizeof(l));
			ids[n - 1 - i] = (uint64_t)l + 1;
		}
		m.n = 0;
		pbw_packed(&m, S_LOCATION, ids, n);
		pbw_packed(&m, S_VALUE, &w->val[id], 1);
		pbw_bytes(pb, P_SAMPLE, m.p, m.n);
	}
	free(ids);
	bytes_free(&m);
}

/* Each Location: its Lines, the innermost inlined function first and
 * the caller they were inlined into last. */
static void
put_locations(struct ppwrite *w, struct bytes *pb)
{
	struct bytes m = { 0 }, ln = { 0 };
	uint32_t id, e;
	struct ent ent;
	size_t n, i;

	for (id = 0; id < w->loc.n; id++) {
		n = intern_len(&w->loc, id) / sizeof(uint32_t);
		m.n = 0;
		pbw_uint(&m, L_ID, (uint64_t)id + 1);
		for (i = n; i-- > 0;) {
			memcpy(&e, intern_str(&w->loc, id) + i * sizeof(e), sizeof(e));
			memcpy(&ent, intern_str(&w->ent, e), sizeof(ent));
			ln.n = 0;
			pbw_uint(&ln, LN_FUNCTION, (uint64_t)ent.func + 1);
			if (ent.line)
				pbw_uint(&ln, LN_LINE, ent.line);
			pbw_bytes(&m, L_LINE, ln.p, ln.n);
		}
		pbw_bytes(pb, P_LOCATION, m.p, m.n);
	}
	bytes_free(&m);
	bytes_free(&ln);
}

/* Each Function: its name (also its system name, as Go writes them)
 * and file. */
static void
put_functions(struct ppwrite *w, struct bytes *pb)
{
	struct bytes m = { 0 };
	uint32_t id, k[2];

	for (id = 0; id < w->func.n; id++) {
		memcpy(k, intern_str(&w->func, id), sizeof(k));
		m.n = 0;
		pbw_uint(&m, F_ID, (uint64_t)id + 1);
		pbw_uint(&m, F_NAME, k[0]);
		pbw_uint(&m, F_SYSNAME, k[0]);
		if (k[1])
			pbw_uint(&m, F_FILENAME, k[1]);
		pbw_bytes(pb, P_FUNCTION, m.p, m.n);
	}
	bytes_free(&m);
}

void
ppw_write(struct ppwrite *w, struct bytes *out, const char *type, const char *unit)
{
	struct bytes pb = { 0 }, vt = { 0 };
	uint32_t id;

	pbw_uint(&vt, VT_TYPE, intern(&w->str, type, strlen(type)));
	pbw_uint(&vt, VT_UNIT, intern(&w->str, unit, strlen(unit)));
	pbw_bytes(&pb, P_SAMPLE_TYPE, vt.p, vt.n);
	put_samples(w, &pb);
	put_locations(w, &pb);
	put_functions(w, &pb);
	for (id = 0; id < w->str.n; id++)
		put_str(&pb, P_STRING, &w->str, id);
	gzip_compress(out, pb.p, pb.n);
	bytes_free(&pb);
	bytes_free(&vt);
}

void
ppw_free(struct ppwrite *w)
{
	intern_free(&w->str);
	intern_free(&w->func);
	intern_free(&w->ent);
	intern_free(&w->loc);
	intern_free(&w->labels);
	intern_free(&w->smp);
	free(w->lab);
	free(w->entloc);
	free(w->val);
	free(w->cur);
	free(w->run);
	free(w);
}
