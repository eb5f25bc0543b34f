/* pprof-fold: pprof profiles (profile.proto, gzipped or not) to folded stacks
 *
 * Each file is read whole by lib/read/pprof (samples with the same
 * locations added up as they come), then every distinct sample becomes
 * a sequence of frame ids: its locations root first, each location one
 * frame per Line, the caller first and the functions inlined into it
 * after, marked _[i].  Frame texts are interned, and a location's
 * frames made once, so a stack is never written out as text until it
 * is printed: the sequences of every file are added up in a hash of
 * their own, sorted by the frames' ranks (the order their joined text
 * would sort in) and printed after the unit header (fg-folded(5)).
 */
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/hash.h"
#include "base/intern.h"
#include "base/out.h"
#include "base/util.h"
#include "read/pprof.h"

#define NOTEXT UINT32_MAX

enum { ST_DISPATCH = 1, ST_GC = 2 };

struct tag {
	const char *key, *val;
};

static struct {
	const char *sindex;	/* --sample-index NAME|N */
	int list, lines, fullpath, addresses, noalloc;
	const char *bylabel;
	struct tag *tag;
	size_t ntag;
	uint64_t maxsize;
} opt = { .maxsize = 4ULL << 30 };

static struct pprof P;		/* the file being folded */
static struct interner frames;	/* every frame's text */

/* The distinct stacks of every file: sequences of frame ids. */
struct seq {
	uint64_t hash, count;
	size_t off;		/* into seqs.id */
	uint32_t len;
};
static struct {
	struct seq *e;
	size_t n, cap;
	uint32_t *slot;		/* index + 1, 0 empty */
	size_t mask;
	uint32_t *id;		/* the sequences, one after another */
	size_t nid, idcap;
	uint32_t *cur;		/* the stack being made */
	size_t ncur, curcap;
} seqs;

/* The chosen sample type of the first file, which the others must share. */
static struct {
	char *type, *unit;
	const char *file;
} first;

/* Per location of P: its frames (ids, root first) in lfr, made when
 * first needed. */
static struct ltext {
	uint32_t first;
	uint32_t len;		/* NOTEXT: not made yet */
	unsigned char alloc;	/* a PProf.jl "Alloc: T" frame */
} *lt;
static uint32_t *lfr;
static size_t nlfr, lfrcap;
static int julia;		/* P's frames are Julia's */

/* The line being built. */
static struct {
	char *s;
	size_t len, cap;
} b;

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -i, --sample-index NAME|N  the value column to fold (default: the\n"
	    "                             profile's default sample type, else the last)\n"
	    "  -l, --list                 list the sample types and exit\n"
	    "      --lines                frames as NAME at FILE:LINE\n"
	    "      --full-path            with --lines, the file's whole path\n"
	    "      --addresses            the address of locations that have no lines\n"
	    "      --no-alloc-type        drop PProf.jl's \"Alloc: T\" leaf frames\n"
	    "      --by-label KEY         a root frame KEY=VALUE from each sample's label\n"
	    "      --tag KEY=VALUE        only samples with that label (repeatable)\n"
	    "      --max-size SIZE        refuse more decompressed bytes (default 4G)\n"
	    "  -h, --help                 this help\n"
	    "      --version              the version\n", argv0);
	exit_stdout();
}

/* ---- the line buffer ---- */

static void
put(const char *s, size_t n)
{
	if (n > b.cap - b.len) {
		b.cap = (b.len + n) * 2 + 256;
		b.s = erealloc(b.s, b.cap);
	}
	memcpy(b.s + b.len, s, n);
	b.len += n;
}

static void
puts0(const char *s)
{
	put(s, strlen(s));
}

/* Text from the profile: ';' (the frame separator) becomes ':', line
 * breaks and NUL become spaces. */
static void
putclean(const char *s, size_t n)
{
	size_t i, start = b.len;

	put(s, n);
	for (i = start; i < b.len; i++) {
		if (b.s[i] == ';')
			b.s[i] = ':';
		else if (b.s[i] == '\n' || b.s[i] == '\r' || b.s[i] == '\0')
			b.s[i] = ' ';
	}
}

static void
putstr(uint64_t i)
{
	struct pp_str s = pp_string(&P, i);

	putclean(s.s, s.len);
}

/* ---- frames ---- */

static int
hasprefix(struct pp_str s, const char *pre)
{
	size_t n = strlen(pre);

	return s.len >= n && !memcmp(s.s, pre, n);
}

static int
is(struct pp_str s, const char *t)
{
	return s.len == strlen(t) && !memcmp(s.s, t, s.len);
}

static int
endswith(struct pp_str s, const char *t)
{
	size_t n = strlen(t);

	return s.len >= n && !memcmp(s.s + s.len - n, t, n);
}

/* Does any function come from a Julia source file? */
static int
isjulia(void)
{
	size_t i;

	for (i = 0; i < P.nfunc; i++)
		if (endswith(pp_string(&P, P.func[i].file), ".jl"))
			return 1;
	return 0;
}

/* jlprof-fold's marks: runtime dispatch and garbage collection. */
static int
status(struct pp_str name)
{
	if (is(name, "jl_apply_generic") || is(name, "ijl_apply_generic") ||
	    is(name, "jl_invoke"))
		return ST_DISPATCH;
	if (hasprefix(name, "jl_gc_"))
		return ST_GC;
	return 0;
}

static struct pp_str
funcname(const struct pp_func *fn)
{
	struct pp_str s = pp_string(&P, fn->name);

	if (!s.len)
		s = pp_string(&P, fn->sysname);
	if (!s.len) {
		s.s = "[unknown]";
		s.len = 9;
	}
	return s;
}

/* Append one frame: a line of a location. */
static void
frame(const struct pp_line *ln, int inlined)
{
	static const char *const mark[] = { "", "_[d]", "_[g]", "_[dg]" };
	const struct pp_func *fn = pp_linefunc(&P, ln);
	struct pp_str name = funcname(fn), file = pp_string(&P, fn->file);
	const char *slash;
	char num[32];
	int st = julia ? status(name) : 0;

	putclean(name.s, name.len);
	if (opt.lines && file.len && !hasprefix(name, "Alloc: ")) {
		if (!opt.fullpath && (slash = memrchr(file.s, '/', file.len))) {
			file.len -= slash + 1 - file.s;
			file.s = slash + 1;
		}
		puts0(" at ");
		putclean(file.s, file.len);
		put(num, snprintf(num, sizeof(num), ":%lld", (long long)ln->line));
	}
	if (st)
		puts0(mark[st]);
	else if (inlined)
		puts0("_[i]");
}

/* A location without lines: its mapping's file, and its address. */
static void
bareloc(const struct pp_loc *l)
{
	struct pp_str file = { "", 0 };
	const char *slash;
	char num[32];

	if (l->mapidx != UINT32_MAX)
		file = pp_string(&P, P.map[l->mapidx].file);
	if ((slash = memrchr(file.s, '/', file.len))) {
		file.len -= slash + 1 - file.s;
		file.s = slash + 1;
	}
	puts0("[");
	if (file.len)
		putclean(file.s, file.len);
	else
		puts0("unknown");
	puts0("]");
	if (opt.addresses)
		put(num, snprintf(num, sizeof(num), " 0x%llx", (unsigned long long)l->addr));
}

/* The frame id of the text in b from start on, which is dropped. */
static uint32_t
endframe(size_t start)
{
	uint32_t id = intern(&frames, b.s + start, b.len - start);

	b.len = start;
	return id;
}

static void
pushfr(uint32_t id)
{
	if (nlfr == lfrcap) {
		lfrcap = lfrcap ? lfrcap * 2 : 4096;
		lfr = ereallocarray(lfr, lfrcap, sizeof(*lfr));
	}
	lfr[nlfr++] = id;
}

/* The frames of location i, root first, made once. */
static struct ltext *
loctext(uint32_t i)
{
	struct ltext *t = &lt[i];
	const struct pp_loc *l = &P.loc[i];
	uint32_t j;

	if (t->len != NOTEXT)
		return t;
	t->first = nlfr;
	if (!l->n) {
		bareloc(l);
		pushfr(endframe(0));
	}
	for (j = l->n; j-- > 0;) {
		frame(&P.line[l->first + j], j + 1 < l->n);
		pushfr(endframe(0));
	}
	t->len = nlfr - t->first;
	t->alloc = l->n == 1 && hasprefix(funcname(pp_linefunc(&P, &P.line[l->first])), "Alloc: ");
	return t;
}

/* ---- labels ---- */

/* Append the value of a label. */
static void
labelvalue(const struct pp_label *l)
{
	char num[32];

	if (l->str)
		putstr(l->str);
	else
		put(num, snprintf(num, sizeof(num), "%lld", (long long)l->num));
}

/* Does label l have key key and value val? */
static int
labelis(const struct pp_label *l, const char *key, const char *val)
{
	size_t start = b.len;
	int eq;

	if (!pp_streq(&P, l->key, key))
		return 0;
	labelvalue(l);
	eq = b.len - start == strlen(val) && !memcmp(b.s + start, val, b.len - start);
	b.len = start;
	return eq;
}

/* --tag: for each key named, one of its values is among the labels. */
static int
tagged(const struct pp_sample *s)
{
	const struct pp_label *lab = pp_labels(&P, s);
	size_t i, j, k;
	int ok;

	for (i = 0; i < opt.ntag; i++) {
		for (j = 0; j < i && strcmp(opt.tag[j].key, opt.tag[i].key); j++)
			;
		if (j < i)
			continue;	/* key already looked at */
		ok = 0;
		for (j = i; j < opt.ntag && !ok; j++) {
			if (strcmp(opt.tag[j].key, opt.tag[i].key))
				continue;
			for (k = 0; k < s->nlab && !ok; k++)
				ok = labelis(&lab[k], opt.tag[j].key, opt.tag[j].val);
		}
		if (!ok)
			return 0;
	}
	return 1;
}

/* --by-label: the root frame KEY=VALUE[,VALUE...], or KEY=(none). */
static void
labelroot(const struct pp_sample *s)
{
	const struct pp_label *lab = pp_labels(&P, s);
	size_t k, n = 0;

	putclean(opt.bylabel, strlen(opt.bylabel));
	put("=", 1);
	for (k = 0; k < s->nlab; k++) {
		if (!pp_streq(&P, lab[k].key, opt.bylabel))
			continue;
		if (n++)
			put(",", 1);
		labelvalue(&lab[k]);
	}
	if (!n)
		puts0("(none)");
}

/* ---- the sample type ---- */

static int
alldigits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

/* pprof's rule: the type named by default_sample_type, else the last. */
static size_t
defaultcol(void)
{
	struct pp_str d = pp_string(&P, P.defsample), t;
	size_t i;

	if (P.defsample)
		for (i = 0; i < P.nvt; i++) {
			t = pp_string(&P, P.vt[i].type);
			if (t.len == d.len && !memcmp(t.s, d.s, d.len))
				return i;
		}
	return P.nvt - 1;
}

/* The column --sample-index names, or the default. */
static size_t
choose(void)
{
	size_t i;

	if (opt.sindex && alldigits(opt.sindex)) {
		i = estrtou64(opt.sindex, "sample index");
		if (i >= P.nvt)
			fileerr(P.name, 0, "--sample-index %s: the profile has %zu sample types",
			    opt.sindex, P.nvt);
		return i;
	}
	if (opt.sindex) {
		for (i = 0; i < P.nvt; i++)
			if (pp_streq(&P, P.vt[i].type, opt.sindex))
				return i;
		fileerr(P.name, 0, "no sample type %s (pprof-fold --list shows them)", opt.sindex);
	}
	return defaultcol();
}

static char *
strcopy(uint64_t i)
{
	size_t start = b.len;
	char *s;

	putstr(i);
	put("", 1);
	s = estrdup(b.s + start);
	b.len = start;
	return s;
}

/* The files summed must count the same thing. */
static void
sametype(size_t col, const char *name)
{
	char *type = strcopy(P.vt[col].type), *unit = strcopy(P.vt[col].unit);

	if (!first.type) {
		first.type = type;
		first.unit = unit;
		first.file = name;
		return;
	}
	if (strcmp(type, first.type) || strcmp(unit, first.unit))
		fileerr(name, 0, "sample type %s/%s differs from %s/%s of %s",
		    type, unit, first.type, first.unit, first.file);
	free(type);
	free(unit);
}

static void
list(const char *name, int several)
{
	size_t i, def = defaultcol();
	struct pp_str t, u;

	for (i = 0; i < P.nvt; i++) {
		t = pp_string(&P, P.vt[i].type);
		u = pp_string(&P, P.vt[i].unit);
		if (several)
			out_printf("%s: ", name);
		out_printf("%zu %.*s/%.*s%s\n", i, (int)t.len, t.s, (int)u.len, u.s,
		    i == def ? " default" : "");
	}
}

/* ---- folding ---- */

static void
pushcur(const uint32_t *id, size_t n)
{
	while (seqs.curcap - seqs.ncur < n) {
		seqs.curcap = seqs.curcap ? seqs.curcap * 2 : 256;
		seqs.cur = ereallocarray(seqs.cur, seqs.curcap, sizeof(*seqs.cur));
	}
	memcpy(seqs.cur + seqs.ncur, id, n * sizeof(*id));
	seqs.ncur += n;
}

static void
seq_grow(void)
{
	size_t i, j;

	free(seqs.slot);
	seqs.mask = seqs.mask ? seqs.mask * 2 + 1 : 4095;
	seqs.slot = ecalloc(seqs.mask + 1, sizeof(*seqs.slot));
	for (i = 0; i < seqs.n; i++) {
		for (j = seqs.e[i].hash & seqs.mask; seqs.slot[j]; j = (j + 1) & seqs.mask)
			;
		seqs.slot[j] = i + 1;
	}
}

/* Add v to the stack in seqs.cur. */
static void
seq_add(uint64_t v, uint64_t off)
{
	size_t n = seqs.ncur, i;
	uint64_t h = hash_bytes(seqs.cur, n * sizeof(*seqs.cur));
	struct seq *e;

	if ((seqs.n + 1) * 2 > seqs.mask)
		seq_grow();
	for (i = h & seqs.mask; seqs.slot[i]; i = (i + 1) & seqs.mask) {
		e = &seqs.e[seqs.slot[i] - 1];
		if (e->hash == h && e->len == n &&
		    !memcmp(seqs.id + e->off, seqs.cur, n * sizeof(*seqs.cur))) {
			if (e->count > UINT64_MAX - v)
				pp_error(&P, off, "the counts of a stack overflow");
			e->count += v;
			return;
		}
	}
	if (seqs.n >= UINT32_MAX - 1)
		eprintf("too many distinct stacks");
	seqs.slot[i] = seqs.n + 1;
	if (seqs.n == seqs.cap) {
		seqs.cap = seqs.cap ? seqs.cap * 2 : 4096;
		seqs.e = ereallocarray(seqs.e, seqs.cap, sizeof(*seqs.e));
	}
	while (seqs.idcap - seqs.nid < n) {
		seqs.idcap = seqs.idcap ? seqs.idcap * 2 : 65536;
		seqs.id = ereallocarray(seqs.id, seqs.idcap, sizeof(*seqs.id));
	}
	e = &seqs.e[seqs.n++];
	e->hash = h;
	e->count = v;
	e->off = seqs.nid;
	e->len = n;
	memcpy(seqs.id + seqs.nid, seqs.cur, n * sizeof(*seqs.cur));
	seqs.nid += n;
}

static void
fold_sample(const struct pp_sample *s, size_t col)
{
	const uint64_t *loc = pp_locs(&P, s);
	int64_t v = P.val[(s - P.smp) * P.nval + col];
	struct ltext *t;
	uint32_t j, id;

	if (!v || (opt.ntag && !tagged(s)))
		return;
	seqs.ncur = 0;
	if (opt.bylabel) {
		b.len = 0;
		labelroot(s);
		id = endframe(0);
		pushcur(&id, 1);
	}
	for (j = s->nloc; j-- > 0;) {
		t = loctext(loc[j]);
		if (!j && opt.noalloc && t->alloc)
			continue;
		pushcur(lfr + t->first, t->len);
	}
	if (seqs.ncur == (opt.bylabel ? 1u : 0u)) {
		b.len = 0;
		puts0("[unknown]");
		id = endframe(0);
		pushcur(&id, 1);
	}
	seq_add((uint64_t)v, s->off);
}

static void
fold_reset(void)
{
	pp_free(&P);
	free(lt);
	lt = NULL;
	nlfr = 0;
}

static void
fold_file(const char *path, int several)
{
	const char *name = displayname(path);
	struct pp_str t;
	size_t i, col;
	int fd = 0;

	if (path && strcmp(path, "-") && (fd = open(path, O_RDONLY)) < 0)
		fileerr(name, 0, "cannot open: %m");
	pp_read(&P, fd, name, opt.bylabel || opt.ntag, opt.maxsize);
	if (fd)
		close(fd);
	if (opt.list) {
		list(name, several);
		fold_reset();
		return;
	}
	col = choose();
	t = pp_string(&P, P.vt[col].type);
	if (P.negoff[col])
		pp_error(&P, P.negoff[col] - 1, "negative value of sample type %.*s "
		    "(a difference of two profiles?)", (int)t.len, t.s);
	if (P.ovfoff[col])
		pp_error(&P, P.ovfoff[col] - 1, "the sum of sample type %.*s overflows",
		    (int)t.len, t.s);
	sametype(col, name);
	julia = isjulia();
	lt = ereallocarray(NULL, P.nloc + 1, sizeof(*lt));
	for (i = 0; i < P.nloc; i++)
		lt[i].len = NOTEXT;
	for (i = 0; i < P.nsmp; i++)
		fold_sample(&P.smp[i], col);
	fold_reset();
}

/*
 * The order of the joined texts (stack_cmp) from the frames' ids: a
 * frame is ranked twice, as it sorts when another follows it (its text
 * and ';') and when it ends the stack (its text and the end, below
 * every byte).  With each frame of a stack replaced by the rank of its
 * place, stacks sort as their sequences of ranks.
 */
#define ENDS 0x80000000u	/* in a key: the frame ends its stack */

static int
cmpkey(const void *pa, const void *pb)
{
	uint32_t x = *(const uint32_t *)pa, y = *(const uint32_t *)pb;
	const char *xs = intern_str(&frames, x & ~ENDS), *ys = intern_str(&frames, y & ~ENDS);
	size_t xl = intern_len(&frames, x & ~ENDS), yl = intern_len(&frames, y & ~ENDS);
	size_t n = xl < yl ? xl : yl;
	int c = memcmp(xs, ys, n), cx, cy;

	if (c)
		return c;
	cx = xl > n ? (unsigned char)xs[n] : x & ENDS ? -1 : ';';
	cy = yl > n ? (unsigned char)ys[n] : y & ENDS ? -1 : ';';
	return cx - cy;
}

static int
cmpseq(const void *pa, const void *pb)
{
	const struct seq *sa = &seqs.e[*(const uint32_t *)pa], *sb = &seqs.e[*(const uint32_t *)pb];
	const uint32_t *x = seqs.id + sa->off, *y = seqs.id + sb->off;
	uint32_t n = sa->len < sb->len ? sa->len : sb->len, i;

	for (i = 0; i < n && x[i] == y[i]; i++)
		;
	if (i == n)
		return (sa->len > sb->len) - (sa->len < sb->len);
	return x[i] < y[i] ? -1 : 1;
}

/* Replace every frame id of the stacks by the rank of its place;
 * returns the keys in rank order. */
static uint32_t *
rankstacks(void)
{
	uint32_t n = frames.n, *key = ereallocarray(NULL, 2 * (size_t)n + 1, sizeof(*key));
	uint32_t *rank = ereallocarray(NULL, 2 * (size_t)n + 1, sizeof(*rank)), i;
	const struct seq *e;
	size_t j, k;

	if (n >= ENDS)
		eprintf("too many distinct frames");
	for (i = 0; i < n; i++) {
		key[2 * i] = i;
		key[2 * i + 1] = i | ENDS;
	}
	qsort(key, 2 * (size_t)n, sizeof(*key), cmpkey);
	for (i = 0; i < 2 * n; i++)
		rank[2 * (key[i] & ~ENDS) + !!(key[i] & ENDS)] = i;
	for (j = 0; j < seqs.n; j++) {
		e = &seqs.e[j];
		for (k = 0; k < e->len; k++)
			seqs.id[e->off + k] = rank[2 * seqs.id[e->off + k] + (k + 1 == e->len)];
	}
	free(rank);
	return key;
}

/* The frames' texts by rank, one after another, with room to copy 64
 * bytes from any of them. */
static char *
ranktexts(const uint32_t *key, uint32_t **off)
{
	size_t n = 2 * (size_t)frames.n, len = 0, i, l;
	char *t;

	*off = ereallocarray(NULL, n + 1, sizeof(**off));
	for (i = 0; i < n; i++)
		len += intern_len(&frames, key[i] & ~ENDS);
	if (len > UINT32_MAX - 64)
		eprintf("frames too long");
	t = emalloc(len + 64);
	for (len = i = 0; i < n; i++) {
		(*off)[i] = len;
		l = intern_len(&frames, key[i] & ~ENDS);
		memcpy(t + len, intern_str(&frames, key[i] & ~ENDS), l);
		len += l;
	}
	(*off)[n] = len;
	memset(t + len, 0, 64);
	return t;
}

static void
print_stacks(void)
{
	uint32_t *key = rankstacks(), *off, *order, k, r;
	char *text = ranktexts(key, &off);
	const struct seq *e;
	const uint32_t *x;
	size_t j, len;

	free(key);
	order = ereallocarray(NULL, seqs.n + 1, sizeof(*order));
	for (j = 0; j < seqs.n; j++)
		order[j] = j;
	qsort(order, seqs.n, sizeof(*order), cmpseq);
	for (j = 0; j < seqs.n; j++) {
		/* the stacks lie in the order they were met: fetch ahead */
		if (j + 16 < seqs.n)
			__builtin_prefetch(&seqs.e[order[j + 16]]);
		if (j + 8 < seqs.n)
			__builtin_prefetch(seqs.id + seqs.e[order[j + 8]].off);
		e = &seqs.e[order[j]];
		x = seqs.id + e->off;
		for (k = 0; k < e->len; k++) {
			r = x[k];
			len = off[r + 1] - off[r];
			if (OUT_BUFSIZE - out_len < len + 65)
				out_flush();
			if (k)
				out_buf[out_len++] = ';';
			if (len > 64 || OUT_BUFSIZE - out_len < len + 64) {
				out_mem(text + off[r], len);
				continue;
			}
			/* a fixed-size copy: two vector moves, not a call */
			memcpy(out_buf + out_len, text + off[r], 64);
			out_len += len;
		}
		out_char(' ');
		out_u64(e->count);
		out_char('\n');
	}
	free(order);
	free(off);
	free(text);
}

static void
stacks_free(void)
{
	free(seqs.e);
	free(seqs.slot);
	free(seqs.id);
	free(seqs.cur);
	memset(&seqs, 0, sizeof(seqs));
	intern_free(&frames);
	free(lfr);
	lfr = NULL;
	lfrcap = nlfr = 0;
}

/* "# fg: unit=U" when U is one fg knows, and "# fg: countname=T". */
static void
header(void)
{
	static const char *const units[] = {
		"count", "bytes", "nanoseconds", "microseconds", "milliseconds", "seconds"
	};
	size_t i;

	if (!first.type)
		return;
	for (i = 0; i < LEN(units) && strcmp(first.unit, units[i]); i++)
		;
	if (i < LEN(units))
		out_printf("# fg: unit=%s\n# fg: countname=%s\n", first.unit, first.type);
	else if (*first.unit)
		out_printf("# fg: countname=%s (%s)\n", first.type, first.unit);
	else
		out_printf("# fg: countname=%s\n", first.type);
}

static uint64_t
parsesize(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);
	int shift = 0;

	if (end == s || *s == '-')
		goto bad;
	if (*end == 'k' || *end == 'K')
		shift = 10;
	else if (*end == 'M')
		shift = 20;
	else if (*end == 'G')
		shift = 30;
	else if (*end == 'T')
		shift = 40;
	if (shift)
		end++;
	if (*end || v > UINT64_MAX >> shift)
		goto bad;
	return (uint64_t)v << shift;
bad:
	usage_error("bad size '%s'", s);
}

static void
addtag(char *s)
{
	char *eq = strchr(s, '=');

	if (!eq || eq == s)
		usage_error("--tag wants KEY=VALUE");
	*eq = 0;
	opt.tag = ereallocarray(opt.tag, opt.ntag + 1, sizeof(*opt.tag));
	opt.tag[opt.ntag].key = s;
	opt.tag[opt.ntag++].val = eq + 1;
}

int
main(int argc, char **argv)
{
	enum { O_LINES = 256, O_FULLPATH, O_ADDR, O_NOALLOC, O_BYLABEL, O_TAG, O_MAXSIZE, O_VERSION };
	static const struct option lo[] = {
		{ "sample-index", required_argument, NULL, 'i' },
		{ "list", no_argument, NULL, 'l' },
		{ "lines", no_argument, NULL, O_LINES },
		{ "full-path", no_argument, NULL, O_FULLPATH },
		{ "addresses", no_argument, NULL, O_ADDR },
		{ "no-alloc-type", no_argument, NULL, O_NOALLOC },
		{ "by-label", required_argument, NULL, O_BYLABEL },
		{ "tag", required_argument, NULL, O_TAG },
		{ "max-size", required_argument, NULL, O_MAXSIZE },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, O_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	int c, i;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "i:lh", lo, NULL)) != -1) {
		switch (c) {
		case 'i': opt.sindex = optarg; break;
		case 'l': opt.list = 1; break;
		case O_LINES: opt.lines = 1; break;
		case O_FULLPATH: opt.fullpath = 1; break;
		case O_ADDR: opt.addresses = 1; break;
		case O_NOALLOC: opt.noalloc = 1; break;
		case O_BYLABEL: opt.bylabel = optarg; break;
		case O_TAG: addtag(optarg); break;
		case O_MAXSIZE: opt.maxsize = parsesize(optarg); break;
		case 'h': usage();
		case O_VERSION: version();
		default: tryhelp();
		}
	}
	if (opt.sindex && !*opt.sindex)
		usage_error("an empty --sample-index");
	intern_init(&frames);
	if (optind == argc)
		fold_file(NULL, 0);
	for (i = optind; i < argc; i++)
		fold_file(argv[i], argc - optind > 1);
	if (!opt.list) {
		header();
		print_stacks();
	}
	out_flush();
	stacks_free();
	return 0;
}
