/*
 * mkpprof: write small pprof profiles (raw profile.proto, not gzipped)
 * in the layouts PProf.jl writes, for the pprof-fold tests.
 *
 *   mkpprof allocs    PProf.Allocs.pprof's layout: sample types
 *                     allocs/count and size/bytes, default "allocs",
 *                     period type heap/bytes, one Line per Location,
 *                     Function name the full signature and system_name
 *                     the bare name, each sample's leaf the location of
 *                     a function "Alloc: T" (file "nothing", line 0),
 *                     values [1, size], labels bytes (num, unit bytes)
 *                     and type (str).
 *   mkpprof cpu       PProf.pprof's layout: events/count and
 *                     stack_depth/count, default "events", period type
 *                     cpu/nanoseconds, location ids the instruction
 *                     pointers, inlined frames as several Lines
 *                     (innermost first), C frames of libjulia
 *                     (jl_apply_generic, jl_gc_collect) kept, and a
 *                     numeric threadid label on each sample.
 *
 *   mkpprof repeat N  N samples of one 40-deep stack (functions f1 ..
 *                     f40, f1 the root), each written out in full, as a
 *                     producer that does not add up its samples would:
 *                     the stream grows with N, the tables do not.
 *
 * The stacks written are listed in the tables below, root first; the
 * tests derive what pprof-fold must print from them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buf {
	unsigned char *p;
	size_t n, cap;
};

static void
put(struct buf *b, const void *p, size_t n)
{
	if (!n)
		return;	/* p may be NULL then: no memcpy from it */
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2;
		if (!(b->p = realloc(b->p, b->cap)))
			abort();
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

static void
varint(struct buf *b, uint64_t v)
{
	unsigned char c;

	do {
		c = v & 0x7f;
		v >>= 7;
		if (v)
			c |= 0x80;
		put(b, &c, 1);
	} while (v);
}

static void
uintf(struct buf *b, int field, uint64_t v)
{
	varint(b, (uint64_t)field << 3);
	varint(b, v);
}

static void
bytesf(struct buf *b, int field, const void *p, size_t n)
{
	varint(b, (uint64_t)field << 3 | 2);
	varint(b, n);
	put(b, p, n);
}

/* A nested message: its buffer is emptied once written. */
static void
msgf(struct buf *b, int field, struct buf *m)
{
	bytesf(b, field, m->p, m->n);
	m->n = 0;
}

/* ---- the string table, PProf.jl's OrderedDict with "" first ---- */

static const char *strs[256];
static int nstr;

static uint64_t
enter(const char *s)
{
	int i;

	for (i = 0; i < nstr; i++)
		if (!strcmp(strs[i], s))
			return i;
	strs[nstr] = s;
	return nstr++;
}

/* ---- frames ---- */

struct frame {
	const char *name, *sysname, *file;
	int line;
};

/* allocs: stacks root first; the last entry is the allocated type */
static const struct {
	const char *type;
	int64_t size;
	int n;			/* how many such allocations */
	struct frame f[4];
} allocs[] = {
	{ "String", 64, 3, {
		{ "main()", "main", "/home/u/alloc.jl", 3 },
		{ "print_to_string(::String, ::Vararg{Any})", "print_to_string",
		    "/opt/julia/share/julia/base/strings/io.jl", 140 } } },
	{ "Vector{Int64}", 8000, 2, {
		{ "main()", "main", "/home/u/alloc.jl", 4 },
		{ "Vector{Int64}(::UndefInitializer, ::Int64)", "Vector{Int64}",
		    "/opt/julia/share/julia/base/boot.jl", 477 } } },
	{ "Base.RefValue{Int64}", 16, 1, {
		{ "main()", "main", "/home/u/alloc.jl", 5 },
		{ "jl_apply_generic", "jl_apply_generic",
		    "/cache/build/src/gf.c", 2940 },
		{ "foo(::Int64)", "foo", "/home/u/alloc.jl", 9 } } },
};

/* cpu: each sample's ips, root first; each ip's frames, caller first */
static const struct cpuip {
	uint64_t ip;
	struct frame f[3];
} ips[] = {
	{ 0x7f0000001000, { { "Main.main", "Main.main", "/home/u/cpu.jl", 2 } } },
	{ 0x7f0000002000, { { "Main.work", "Main.work", "/home/u/cpu.jl", 7 },
	    { "Base.sum", "Base.sum", "/opt/julia/share/julia/base/reduce.jl", 532 },
	    { "Base.add_sum", "Base.add_sum", "/opt/julia/share/julia/base/reduce.jl", 24 } } },
	{ 0x7f0000003000, { { "jl_apply_generic", "jl_apply_generic", "/cache/build/src/gf.c", 2940 } } },
	{ 0x7f0000004000, { { "jl_gc_collect", "jl_gc_collect", "/cache/build/src/gc.c", 3100 } } },
	{ 0x7f0000005000, { { "Main.leaf", "Main.leaf", "/home/u/cpu.jl", 12 } } },
};

static const struct {
	int ip[4];		/* indexes into ips, root first, -1 ends */
	int thread, n;
} cpus[] = {
	{ { 0, 1, -1 }, 1, 5 },
	{ { 0, 2, 4, -1 }, 1, 2 },
	{ { 0, 3, -1 }, 2, 1 },
	{ { 0, 4, -1 }, 2, 3 },
};

#define LEN_ALLOCS (sizeof(allocs) / sizeof(allocs[0]))
#define LEN_IPS (sizeof(ips) / sizeof(ips[0]))
#define LEN_CPUS (sizeof(cpus) / sizeof(cpus[0]))

/* out: sample types and samples; tab: locations and functions; tail:
 * the scalar fields.  Written in that order, field numbers ascending,
 * as ProtoBuf.jl encodes PProf.jl's Profile. */
static struct buf out, tab, tail, m, sub;
static uint64_t nfunc, nloc;
static const char *fname[64];

static uint64_t
function(const struct frame *f)
{
	uint64_t i;

	for (i = 0; i < nfunc; i++)
		if (!strcmp(fname[i], f->name))
			return i + 1;
	fname[nfunc++] = f->name;
	uintf(&m, 1, nfunc);
	uintf(&m, 3, enter(f->sysname));
	uintf(&m, 2, enter(f->name));
	uintf(&m, 4, enter(f->file));
	uintf(&m, 5, f->line);
	msgf(&tab, 5, &m);
	return nfunc;
}

/* A location of one line (allocs), made once per frame. */
static uint64_t
location1(const struct frame *f)
{
	static const struct frame *seen[64];
	uint64_t i, fn;

	for (i = 0; i < nloc; i++)
		if (seen[i] == f || (seen[i]->line == f->line && !strcmp(seen[i]->name, f->name)))
			return i + 1;
	seen[nloc++] = f;
	fn = function(f);
	uintf(&m, 1, nloc);
	uintf(&sub, 1, fn);
	uintf(&sub, 2, f->line);
	msgf(&m, 4, &sub);
	msgf(&tab, 4, &m);
	return nloc;
}

static void
valuetype(int field, const char *type, const char *unit)
{
	uintf(&m, 1, enter(type));
	uintf(&m, 2, enter(unit));
	msgf(field == 1 ? &out : &tail, field, &m);
}

static void
mkallocs(void)
{
	static struct frame typeframe[LEN_ALLOCS];
	static char names[LEN_ALLOCS][64];
	struct buf s = { 0 }, lab = { 0 }, ids = { 0 }, vals = { 0 };
	size_t i, k;
	int j, depth;

	enter("");
	valuetype(1, "allocs", "count");
	valuetype(1, "size", "bytes");
	valuetype(11, "heap", "bytes");
	uintf(&tail, 12, 1);
	uintf(&tail, 14, 1);	/* default_sample_type: "allocs" */
	for (i = 0; i < LEN_ALLOCS; i++) {
		snprintf(names[i], sizeof(names[i]), "Alloc: %s", allocs[i].type);
		typeframe[i].name = typeframe[i].sysname = names[i];
		typeframe[i].file = "nothing";
		for (k = 0; k < (size_t)allocs[i].n; k++) {
			for (depth = 0; depth < 4 && allocs[i].f[depth].name; depth++)
				;
			/* location_id: the type first, then the stack leaf first */
			varint(&ids, location1(&typeframe[i]));
			for (j = depth - 1; j >= 0; j--)
				varint(&ids, location1(&allocs[i].f[j]));
			msgf(&s, 1, &ids);
			varint(&vals, 1);
			varint(&vals, allocs[i].size);
			msgf(&s, 2, &vals);
			uintf(&lab, 1, enter("bytes"));
			uintf(&lab, 3, allocs[i].size);
			uintf(&lab, 4, enter("bytes"));
			msgf(&s, 3, &lab);
			uintf(&lab, 1, enter("type"));
			uintf(&lab, 2, enter(allocs[i].type));
			msgf(&s, 3, &lab);
			msgf(&out, 2, &s);
		}
	}
	free(s.p);
	free(lab.p);
	free(ids.p);
	free(vals.p);
}

static void
mkcpu(void)
{
	struct buf s = { 0 }, lab = { 0 }, ids = { 0 }, vals = { 0 }, ln = { 0 };
	size_t i;
	int j, k, depth, done[LEN_IPS] = { 0 };
	uint64_t fn[3];

	enter("");
	valuetype(1, "events", "count");
	valuetype(1, "stack_depth", "count");
	valuetype(11, "cpu", "nanoseconds");
	uintf(&tail, 12, 1000000);
	uintf(&tail, 14, 1);	/* "events" */
	for (i = 0; i < LEN_CPUS; i++) {
		for (depth = 0; depth < 4 && cpus[i].ip[depth] >= 0; depth++)
			;
		for (k = 0; k < cpus[i].n; k++) {
			for (j = depth - 1; j >= 0; j--)
				varint(&ids, ips[cpus[i].ip[j]].ip);
			msgf(&s, 1, &ids);
			varint(&vals, 1);
			varint(&vals, depth);
			msgf(&s, 2, &vals);
			uintf(&lab, 1, enter("threadid"));
			uintf(&lab, 3, cpus[i].thread);
			msgf(&s, 3, &lab);
			msgf(&out, 2, &s);
		}
	}
	/* the locations after the samples, as PProf.jl writes them */
	for (i = 0; i < LEN_IPS; i++) {
		if (done[i]++)
			continue;
		for (depth = 0; depth < 3 && ips[i].f[depth].name; depth++)
			fn[depth] = function(&ips[i].f[depth]);
		uintf(&m, 1, ips[i].ip);
		uintf(&m, 3, ips[i].ip);
		/* Lines innermost first: the caller is the last */
		for (j = depth - 1; j >= 0; j--) {
			uintf(&ln, 1, fn[j]);
			uintf(&ln, 2, ips[i].f[j].line);
			msgf(&m, 4, &ln);
		}
		msgf(&tab, 4, &m);
	}
	free(s.p);
	free(lab.p);
	free(ids.p);
	free(vals.p);
	free(ln.p);
}

/* N copies of one sample, written as they are made. */
static void
mkrepeat(long n)
{
	static char names[40][8];
	struct buf s = { 0 }, ids = { 0 };
	long i;
	int j;

	enter("");
	valuetype(1, "samples", "count");
	for (j = 40; j >= 1; j--)
		varint(&ids, j);	/* leaf first */
	msgf(&s, 1, &ids);
	uintf(&s, 2, 1);
	for (i = 0; i < n; i++) {
		varint(&out, 2 << 3 | 2);
		varint(&out, s.n);
		put(&out, s.p, s.n);
		if (out.n > 1 << 16) {
			fwrite(out.p, 1, out.n, stdout);
			out.n = 0;
		}
	}
	for (j = 1; j <= 40; j++) {
		snprintf(names[j - 1], sizeof(names[j - 1]), "f%u", (unsigned)j % 100);
		uintf(&m, 1, j);
		uintf(&sub, 1, j);
		msgf(&m, 4, &sub);
		msgf(&tab, 4, &m);
		uintf(&m, 1, j);
		uintf(&m, 2, enter(names[j - 1]));
		msgf(&tab, 5, &m);
	}
	free(s.p);
	free(ids.p);
}

int
main(int argc, char **argv)
{
	int i;

	if (argc == 3 && !strcmp(argv[1], "repeat"))
		mkrepeat(atol(argv[2]));
	else if (argc == 2 && !strcmp(argv[1], "allocs"))
		mkallocs();
	else if (argc == 2 && !strcmp(argv[1], "cpu"))
		mkcpu();
	else {
		fprintf(stderr, "usage: mkpprof allocs|cpu|repeat N\n");
		return 2;
	}
	put(&out, tab.p, tab.n);
	for (i = 0; i < nstr; i++)
		bytesf(&out, 6, strs[i], strlen(strs[i]));
	put(&out, tail.p, tail.n);
	fwrite(out.p, 1, out.n, stdout);
	free(out.p);
	free(tab.p);
	free(tail.p);
	free(m.p);
	free(sub.p);
	return fflush(stdout) ? 1 : 0;
}
