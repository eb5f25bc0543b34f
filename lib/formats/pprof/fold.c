/* formats/pprof/fold.c: pprof samples folded into stacks
 *
 * Frames are made as text in f->b, interned, and the text dropped; a
 * sample's stack is the sequence of its frames' ids in f->cur, added
 * to the table of distinct stacks (f->e, f->tab, f->id).  Printing
 * ranks the frames once and sorts the stacks by their ranks.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/bytes.h"
#include "base/count.h"
#include "base/hash.h"
#include "base/htab.h"
#include "base/intern.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "formats/pprof/fold.h"
#include "formats/pprof/read.h"
#include "stack/frame.h"
#include "stack/label.h"

#define NOTEXT UINT32_MAX

enum { ST_DISPATCH = 1, ST_GC = 2 };

/* A distinct stack: len frame ids at id[off]. */
struct ppf_seq {
	uint64_t count;
	size_t off;
	uint32_t len;
};

/* Per location of the profile being folded: its frames (ids, root
 * first) at lfr[first], made when first needed. */
struct ppf_loc {
	uint32_t first;
	uint32_t len;		/* UINT32_MAX: not made yet */
	unsigned char alloc;	/* a PProf.jl "Alloc: T" frame */
};

/* A fold: its options, the stacks of every profile, the profile being
 * read and folded. */
struct ppfold {
	struct ppf_opt opt;
	struct interner frames;	/* every frame's text */

	/* the distinct stacks of every profile */
	struct ppf_seq *e;
	size_t n, cap;
	struct htab tab;	/* the stacks, by their frames */
	uint32_t *id;		/* the sequences, one after another */
	size_t nid, idcap;
	uint32_t *cur;		/* the stack being made */
	size_t ncur, curcap;

	/* the sample type of the first profile, which the others must share */
	char *type, *unit;
	const char *file;

	/* the profile being read and folded, here to be freed after an
	 * error too, and the file it is read from (-1: none open) */
	struct pprof pp;
	int fd;
	const struct pprof *p;
	int julia;		/* its frames are Julia's */
	struct ppf_loc *lt;
	uint32_t *lfr;
	size_t nlfr, lfrcap;

	/* the frame text being made */
	char *b;
	size_t blen, bcap;
};

struct ppfold *
ppf_new(const struct ppf_opt *opt)
{
	struct ppfold *f = ecalloc(1, sizeof(*f));

	f->opt = *opt;
	f->fd = -1;
	intern_init(&f->frames);
	htab_init(&f->tab, 0);
	return f;
}

/* ---- the frame text ---- */

static void
put(struct ppfold *f, const char *s, size_t n)
{
	if (!n)
		return;	/* s and f->b may be NULL then: no memcpy */
	f->b = egrowarray(f->b, &f->bcap, f->blen + n, 1);
	memcpy(f->b + f->blen, s, n);
	f->blen += n;
}

static void
puts0(struct ppfold *f, const char *s)
{
	put(f, s, strlen(s));
}

/* Text from the profile: ';' (the frame separator) becomes ':', line
 * breaks and NUL become spaces. */
static void
putclean(struct ppfold *f, const char *s, size_t n)
{
	size_t i, start = f->blen;

	put(f, s, n);
	for (i = start; i < f->blen; i++) {
		if (f->b[i] == ';')
			f->b[i] = ':';
		else if (f->b[i] == '\n' || f->b[i] == '\r' || f->b[i] == '\0')
			f->b[i] = ' ';
	}
}

static void
putstr(struct ppfold *f, uint64_t i)
{
	struct pp_str s = pp_string(f->p, i);

	putclean(f, s.s, s.len);
}

/* The frame id of the text from start on, which is dropped. */
static uint32_t
endframe(struct ppfold *f, size_t start)
{
	uint32_t id;
	size_t n;

	/* "worker 12" is no count, "# x" or "#" no comment, "f " no
	 * ambiguous leaf; "#" grows to "#_" */
	f->b = egrowarray(f->b, &f->bcap, f->blen + 1, 1);
	n = frame_guard(f->b + start, f->blen - start);
	id = intern(&f->frames, f->b + start, n);

	f->blen = start;
	return id;
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
isjulia(const struct pprof *p)
{
	size_t i;

	for (i = 0; i < p->nfunc; i++)
		if (endswith(pp_string(p, p->func[i].file), ".jl"))
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
funcname(const struct pprof *p, const struct pp_func *fn)
{
	struct pp_str s = pp_string(p, fn->name);

	if (!s.len)
		s = pp_string(p, fn->sysname);
	if (!s.len) {
		s.s = "[unknown]";
		s.len = 9;
	}
	return s;
}

/* Append one frame: a line of a location. */
static void
frame(struct ppfold *f, const struct pp_line *ln, int inlined)
{
	static const char *const mark[] = { "", "_[d]", "_[g]", "_[dg]" };
	const struct pp_func *fn = pp_linefunc(f->p, ln);
	struct pp_str name = funcname(f->p, fn), file = pp_string(f->p, fn->file);
	const char *base;
	char num[32];
	int st = f->julia ? status(name) : 0;

	putclean(f, name.s, name.len);
	if (f->opt.lines && file.len && !hasprefix(name, "Alloc: ")) {
		if (!f->opt.fullpath) {
			base = label_base(file.s, file.len);
			file.len -= base - file.s;
			file.s = base;
		}
		puts0(f, " at ");
		putclean(f, file.s, file.len);
		/* line 0 is none known: the file alone, as pprof names it */
		if (ln->line)
			put(f, num, snprintf(num, sizeof(num), ":%lld", (long long)ln->line));
	}
	if (st)
		puts0(f, mark[st]);
	else if (inlined)
		puts0(f, "_[i]");
}

/* A location without lines: its mapping's file, and its address. */
static void
bareloc(struct ppfold *f, const struct pp_loc *l)
{
	struct pp_str file = { "", 0 };
	const char *base;
	char num[32];

	if (l->mapidx != UINT32_MAX)
		file = pp_string(f->p, f->p->map[l->mapidx].file);
	base = label_base(file.s, file.len);
	file.len -= base - file.s;
	file.s = base;
	puts0(f, "[");
	if (file.len)
		putclean(f, file.s, file.len);
	else
		puts0(f, "unknown");
	puts0(f, "]");
	if (f->opt.addresses)
		put(f, num, snprintf(num, sizeof(num), " 0x%llx", (unsigned long long)l->addr));
}

static void
pushfr(struct ppfold *f, uint32_t id)
{
	f->lfr = egrowarray(f->lfr, &f->lfrcap, f->nlfr + 1, sizeof(*f->lfr));
	f->lfr[f->nlfr++] = id;
}

/* The frames of location i, root first, made once. */
static const struct ppf_loc *
loctext(struct ppfold *f, uint32_t i)
{
	struct ppf_loc *t = &f->lt[i];
	const struct pp_loc *l = &f->p->loc[i];
	const struct pp_line *line = l->n ? f->p->line + l->first : NULL;	/* no lines: none */
	uint32_t j;

	if (t->len != NOTEXT)
		return t;
	t->first = f->nlfr;
	if (!l->n) {
		bareloc(f, l);
		pushfr(f, endframe(f, 0));
	}
	for (j = l->n; j-- > 0;) {
		frame(f, &line[j], j + 1 < l->n);
		pushfr(f, endframe(f, 0));
	}
	t->len = f->nlfr - t->first;
	t->alloc = l->n == 1 && hasprefix(funcname(f->p, pp_linefunc(f->p, line)), "Alloc: ");
	return t;
}

/* ---- labels ---- */

/* Append the value of a label. */
static void
labelvalue(struct ppfold *f, const struct pp_label *l)
{
	char num[32];

	if (l->str)
		putstr(f, l->str);
	else
		put(f, num, snprintf(num, sizeof(num), "%lld", (long long)l->num));
}

/* Does label l have key key and value val? */
static int
labelis(struct ppfold *f, const struct pp_label *l, const char *key, const char *val)
{
	size_t start = f->blen;
	int eq;

	if (!pp_streq(f->p, l->key, key))
		return 0;
	labelvalue(f, l);
	eq = f->blen - start == strlen(val) && !memcmp(f->b + start, val, f->blen - start);
	f->blen = start;
	return eq;
}

/* Has sample s a label of key tag[i].key with one of the values the
 * tags of that key name? */
static int
tagkey(struct ppfold *f, const struct pp_sample *s, size_t i)
{
	const struct pp_label *lab = pp_labels(f->p, s);
	const struct ppf_tag *tag = f->opt.tag;
	size_t j, k;

	for (j = i; j < f->opt.ntag; j++) {
		if (strcmp(tag[j].key, tag[i].key))
			continue;
		for (k = 0; k < s->nlab; k++)
			if (labelis(f, &lab[k], tag[j].key, tag[j].val))
				return 1;
	}
	return 0;
}

/* The tags: for each key named, one of its values is among the labels. */
static int
tagged(struct ppfold *f, const struct pp_sample *s)
{
	const struct ppf_tag *tag = f->opt.tag;
	size_t i, j;

	for (i = 0; i < f->opt.ntag; i++) {
		for (j = 0; j < i && strcmp(tag[j].key, tag[i].key); j++)
			;
		if (j == i && !tagkey(f, s, i))
			return 0;	/* a key not looked at before, not found */
	}
	return 1;
}

/* The label root frame KEY=VALUE[,VALUE...], or KEY=(none). */
static void
labelroot(struct ppfold *f, const struct pp_sample *s)
{
	const struct pp_label *lab = pp_labels(f->p, s);
	const char *key = f->opt.bylabel;
	size_t k, n = 0;

	putclean(f, key, strlen(key));
	put(f, "=", 1);
	for (k = 0; k < s->nlab; k++) {
		if (!pp_streq(f->p, lab[k].key, key))
			continue;
		if (n++)
			put(f, ",", 1);
		labelvalue(f, &lab[k]);
	}
	if (!n)
		puts0(f, "(none)");
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

/* pprof's default column: the type named default_sample_type, else the last. */
static size_t
defaultcol(const struct pprof *p)
{
	struct pp_str d = pp_string(p, p->defsample), t;
	size_t i;

	if (p->defsample)
		for (i = 0; i < p->nvt; i++) {
			t = pp_string(p, p->vt[i].type);
			if (t.len == d.len && !memcmp(t.s, d.s, d.len))
				return i;
		}
	return p->nvt - 1;
}

/* The column opt.sindex names, or the default. */
static size_t
choose(const struct ppfold *f)
{
	const struct pprof *p = f->p;
	const char *sindex = f->opt.sindex;
	size_t i;

	if (sindex && alldigits(sindex)) {
		i = estrtou64(sindex, "sample index");
		if (i >= p->nvt)
			fileerr(p->name, 0, "--sample-index %s: the profile has %zu sample types",
			    sindex, p->nvt);
		return i;
	}
	if (sindex) {
		for (i = 0; i < p->nvt; i++)
			if (pp_streq(p, p->vt[i].type, sindex))
				return i;
		fileerr(p->name, 0, "no sample type %s (pprof-fold --list shows them)", sindex);
	}
	return defaultcol(p);
}

/* String i of the profile, cleaned, in a string of its own. */
static char *
strcopy(struct ppfold *f, uint64_t i)
{
	size_t start = f->blen;
	char *s;

	putstr(f, i);
	put(f, "", 1);
	s = estrdup(f->b + start);
	f->blen = start;
	return s;
}

/* The profiles added up must count the same thing. */
static void
sametype(struct ppfold *f, size_t col)
{
	char *type = strcopy(f, f->p->vt[col].type), *unit = strcopy(f, f->p->vt[col].unit);

	if (!f->type) {
		f->type = type;
		f->unit = unit;
		f->file = f->p->name;
		return;
	}
	if (strcmp(type, f->type) || strcmp(unit, f->unit)) {
		fileerr(f->p->name, 0, "sample type %s/%s differs from %s/%s of %s",
		    type, unit, f->type, f->unit, f->file);
	}
	free(type);
	free(unit);
}

/* Column col must hold no negative value and no overflowing sum. */
static void
checkcol(const struct pprof *p, size_t col)
{
	struct pp_str t = pp_string(p, p->vt[col].type);

	if (!p->nsamples)
		return;	/* nothing to check: the offsets are not even made */
	if (p->negoff[col])
		pp_error(p, p->negoff[col] - 1, "negative value of sample type %.*s "
		    "(a difference of two profiles?)", (int)t.len, t.s);
	if (p->ovfoff[col])
		pp_error(p, p->ovfoff[col] - 1, "the sum of sample type %.*s overflows",
		    (int)t.len, t.s);
}

/* ---- the distinct stacks ---- */

static void
pushcur(struct ppfold *f, const uint32_t *id, size_t n)
{
	if (!n)
		return;	/* id may be NULL then */
	f->cur = egrowarray(f->cur, &f->curcap, f->ncur + n, sizeof(*f->cur));
	memcpy(f->cur + f->ncur, id, n * sizeof(*id));
	f->ncur += n;
}

/* Push the frame whose text is s. */
static void
pushtext(struct ppfold *f, const char *s)
{
	uint32_t id;

	f->blen = 0;
	puts0(f, s);
	id = endframe(f, 0);
	pushcur(f, &id, 1);
}

/* Room for one more stack of n frames. */
static void
seq_room(struct ppfold *f, size_t n)
{
	if (f->n >= UINT32_MAX - 1)
		eprintf("too many distinct stacks");
	f->e = egrowarray(f->e, &f->cap, f->n + 1, sizeof(*f->e));
	/* never NULL, even for empty stacks alone: f->id + off stays defined */
	f->id = egrowarray(f->id, &f->idcap, f->nid + (n ? n : 1), sizeof(*f->id));
}

/* Add v to the stack in f->cur; off: the sample's, for a message. */
static void
seq_add(struct ppfold *f, uint64_t v, uint64_t off)
{
	size_t n = f->ncur;
	struct hprobe p;
	struct ppf_seq *e;
	uint32_t i;

	htab_probe(&f->tab, &p, hash_bytes(f->cur, n * sizeof(*f->cur)));
	while ((i = htab_next(&f->tab, &p)) != HTAB_NONE) {
		e = &f->e[i];
		if (e->len == n && !memcmp(f->id + e->off, f->cur, n * sizeof(*f->cur))) {
			if (e->count > UINT64_MAX - v)
				pp_error(f->p, off, "the counts of a stack overflow");
			e->count += v;
			return;
		}
	}
	seq_room(f, n);
	htab_put(&f->tab, &p, (uint32_t)f->n);
	e = &f->e[f->n++];
	e->count = v;
	e->off = f->nid;
	e->len = n;
	if (n)
		memcpy(f->id + f->nid, f->cur, n * sizeof(*f->cur));
	f->nid += n;
}

/* ---- folding ---- */

/* What fold_sample did with a sample. */
enum { SAMPLE_ZERO, SAMPLE_UNTAGGED, SAMPLE_KEPT };

/* Fold sample s: a SAMPLE_ value. */
static int
fold_sample(struct ppfold *f, const struct pp_sample *s, size_t col)
{
	const struct pprof *p = f->p;
	const uint64_t *loc = pp_locs(p, s);
	int64_t v = p->val[(s - p->smp) * p->nval + col];
	const struct ppf_loc *t;
	uint32_t j;

	if (!v)
		return SAMPLE_ZERO;
	if (f->opt.ntag && !tagged(f, s))
		return SAMPLE_UNTAGGED;
	f->ncur = 0;
	if (f->opt.bylabel) {
		f->blen = 0;
		labelroot(f, s);
		j = endframe(f, 0);
		pushcur(f, &j, 1);
	}
	for (j = s->nloc; j-- > 0;) {
		t = loctext(f, loc[j]);
		if (!j && f->opt.noalloc && t->alloc)
			continue;
		pushcur(f, f->lfr + t->first, t->len);
	}
	if (f->ncur == (f->opt.bylabel ? 1u : 0u))
		pushtext(f, "[unknown]");
	seq_add(f, (uint64_t)v, s->off);
	return SAMPLE_KEPT;
}

/* "FILE: no sample matches --tag K=V ...": the tags left out every
 * sample of a profile that had some. */
static void
nomatch(const struct ppfold *f)
{
	const struct ppf_tag *tag = f->opt.tag;
	struct bytes b = { 0 };
	size_t i;

	for (i = 0; i < f->opt.ntag; i++)
		bprintf(&b, "%s--tag %s=%s", i ? " " : "", tag[i].key, tag[i].val);
	weprintf("%s: no sample matches %s", f->p->name, (const char *)b.p);
	bytes_free(&b);
}

/* Forget the profile folded: its locations' frames. */
static void
endprofile(struct ppfold *f)
{
	free(f->lt);
	f->lt = NULL;
	f->nlfr = 0;
	f->p = NULL;
}

/* Fold the samples of p into f (ppf_file's). */
static void
addprofile(struct ppfold *f, const struct pprof *p)
{
	size_t i, col;
	int r, untagged = 0, kept = 0;

	f->p = p;
	col = choose(f);
	checkcol(p, col);
	sametype(f, col);
	f->julia = isjulia(p);
	f->lt = ereallocarray(NULL, p->nloc + 1, sizeof(*f->lt));
	for (i = 0; i < p->nloc; i++)
		f->lt[i].len = NOTEXT;
	for (i = 0; i < p->nsmp; i++) {
		r = fold_sample(f, &p->smp[i], col);
		untagged |= r == SAMPLE_UNTAGGED;
		kept |= r == SAMPLE_KEPT;
	}
	if (untagged && !kept)	/* samples, every one left out */
		nomatch(f);
	endprofile(f);
}

/* ---- printing ---- */

/*
 * The order of the joined texts (stack_cmp) from the frames' ids: a
 * frame is ranked twice, as it sorts when another follows it (its text
 * and ';') and when it ends the stack (its text and the end, below
 * every byte).  With each frame of a stack replaced by the rank of its
 * place, stacks sort as their sequences of ranks.
 */
#define ENDS 0x80000000u	/* in a key: the frame ends its stack */

static int
cmpkey(const void *pa, const void *pb, void *arg)
{
	const struct interner *fr = arg;
	uint32_t x = *(const uint32_t *)pa, y = *(const uint32_t *)pb;
	const char *xs = intern_str(fr, x & ~ENDS), *ys = intern_str(fr, y & ~ENDS);
	size_t xl = intern_len(fr, x & ~ENDS), yl = intern_len(fr, y & ~ENDS);
	size_t n = xl < yl ? xl : yl;
	int c = memcmp(xs, ys, n), cx, cy;

	if (c)
		return c;
	cx = xl > n ? (unsigned char)xs[n] : x & ENDS ? -1 : ';';
	cy = yl > n ? (unsigned char)ys[n] : y & ENDS ? -1 : ';';
	return cx - cy;
}

static int
cmpseq(const void *pa, const void *pb, void *arg)
{
	const struct ppfold *f = arg;
	const struct ppf_seq *sa = &f->e[*(const uint32_t *)pa], *sb = &f->e[*(const uint32_t *)pb];
	const uint32_t *x = f->id + sa->off, *y = f->id + sb->off;
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
rankstacks(struct ppfold *f)
{
	uint32_t n = f->frames.n, *key = ereallocarray(NULL, 2 * (size_t)n + 1, sizeof(*key));
	uint32_t *rank = ereallocarray(NULL, 2 * (size_t)n + 1, sizeof(*rank)), i;
	const struct ppf_seq *e;
	size_t j, k;

	if (n >= ENDS)
		eprintf("too many distinct frames");
	for (i = 0; i < n; i++) {
		key[2 * i] = i;
		key[2 * i + 1] = i | ENDS;
	}
	qsort_r(key, 2 * (size_t)n, sizeof(*key), cmpkey, &f->frames);
	for (i = 0; i < 2 * n; i++)
		rank[2 * (key[i] & ~ENDS) + !!(key[i] & ENDS)] = i;
	for (j = 0; j < f->n; j++) {
		e = &f->e[j];
		for (k = 0; k < e->len; k++)
			f->id[e->off + k] = rank[2 * f->id[e->off + k] + (k + 1 == e->len)];
	}
	free(rank);
	return key;
}

/* The frames' texts by rank, one after another, with room to copy 64
 * bytes from any of them. */
static char *
ranktexts(const struct interner *fr, const uint32_t *key, uint32_t **off)
{
	size_t n = 2 * (size_t)fr->n, len = 0, i, l;
	char *t;

	*off = ereallocarray(NULL, n + 1, sizeof(**off));
	for (i = 0; i < n; i++)
		len += intern_len(fr, key[i] & ~ENDS);
	if (len > UINT32_MAX - 64)
		eprintf("frames too long");
	t = emalloc(len + 64);
	for (len = i = 0; i < n; i++) {
		(*off)[i] = len;
		l = intern_len(fr, key[i] & ~ENDS);
		memcpy(t + len, intern_str(fr, key[i] & ~ENDS), l);
		len += l;
	}
	(*off)[n] = len;
	memset(t + len, 0, 64);
	return t;
}

/* Write the frames x[0..len) of a stack, ranks into text at off[]. */
static void
printframes(const uint32_t *x, uint32_t n, const char *text, const uint32_t *off)
{
	uint32_t k, r;
	size_t len;

	for (k = 0; k < n; k++) {
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
}

void
ppf_print(struct ppfold *f)
{
	uint32_t *key = rankstacks(f), *off, *order;
	char *text = ranktexts(&f->frames, key, &off);
	const struct ppf_seq *e;
	size_t j;

	free(key);
	order = ereallocarray(NULL, f->n + 1, sizeof(*order));
	for (j = 0; j < f->n; j++)
		order[j] = j;
	qsort_r(order, f->n, sizeof(*order), cmpseq, f);
	for (j = 0; j < f->n; j++) {
		/* the stacks lie in the order they were met: fetch ahead */
		if (j + 16 < f->n)
			__builtin_prefetch(&f->e[order[j + 16]]);
		if (j + 8 < f->n)
			__builtin_prefetch(f->id + f->e[order[j + 8]].off);
		e = &f->e[order[j]];
		printframes(f->id + e->off, e->len, text, off);
		out_char(' ');
		out_u64(e->count);
		out_char('\n');
	}
	free(order);
	free(off);
	free(text);
}

void
ppf_header(const struct ppfold *f, struct fheader *h)
{
	struct bytes b = { 0 };

	if (!f->type)
		return;
	if (unit_parse(f->unit, strlen(f->unit)) >= 0) {
		fh_set(h, FH_UNIT, f->unit);
		fh_set(h, FH_COUNTNAME, f->type);
	} else if (*f->unit) {
		bprintf(&b, "%s (%s)", f->type, f->unit);
		bytes_put(&b, "", 1);
		fh_set(h, FH_COUNTNAME, (char *)b.p);
		bytes_free(&b);
	} else {
		fh_set(h, FH_COUNTNAME, f->type);
	}
}

void
ppf_free(struct ppfold *f)
{
	endprofile(f);
	free(f->e);
	htab_free(&f->tab);
	free(f->id);
	free(f->cur);
	free(f->type);
	free(f->unit);
	free(f->lfr);
	free(f->b);
	intern_free(&f->frames);
	pp_free(&f->pp);
	if (f->fd > 0)
		close(f->fd);
	free(f);
}

int
ppf_getopt(struct ppf_opt *o, int c, char *arg)
{
	char *eq;

	if (c == -1) {
		if (o->sindex && !*o->sindex)
			usage_error("an empty --sample-index");
		if (o->bylabel && !*o->bylabel)
			usage_error("an empty --by-label");
	} else if (c == 'i') {
		o->sindex = arg;
	} else if (c == PPF_O_LINES) {
		o->lines = 1;
	} else if (c == PPF_O_FULLPATH) {
		o->fullpath = 1;
	} else if (c == PPF_O_ADDR) {
		o->addresses = 1;
	} else if (c == PPF_O_NOALLOC) {
		o->noalloc = 1;
	} else if (c == PPF_O_BYLABEL) {
		o->bylabel = arg;
	} else if (c == PPF_O_TAG) {
		if (!(eq = strchr(arg, '=')) || eq == arg)
			usage_error("--tag wants KEY=VALUE");
		*eq = 0;
		o->tag = ereallocarray(o->tag, o->ntag + 1, sizeof(*o->tag));
		o->tag[o->ntag].key = arg;
		o->tag[o->ntag++].val = eq + 1;
	} else {
		return 0;
	}
	return 1;
}

/* The sample types of p, "N TYPE/UNIT[ default]", after "FILE: " when
 * several files are listed. */
static void
list(const struct pprof *p, int several)
{
	size_t i, def = defaultcol(p);
	struct pp_str t, u;

	for (i = 0; i < p->nvt; i++) {
		t = pp_string(p, p->vt[i].type);
		u = pp_string(p, p->vt[i].unit);
		if (several)
			out_printf("%s: ", p->name);
		out_printf("%zu %.*s/%.*s%s\n", i, (int)t.len, t.s, (int)u.len, u.s,
		    i == def ? " default" : "");
	}
}

void
ppf_file(struct ppfold *f, const char *path, int listing, int several, uint64_t maxsize)
{
	const char *name = displayname(path);

	f->fd = 0;
	if (path && strcmp(path, "-") && (f->fd = open(path, O_RDONLY)) < 0)
		fileerr(name, 0, "%m");
	pp_read(&f->pp, f->fd, name, f->opt.bylabel || f->opt.ntag, maxsize);
	if (f->fd)
		close(f->fd);
	f->fd = -1;
	if (listing)
		list(&f->pp, several);
	else
		addprofile(f, &f->pp);
	pp_free(&f->pp);
}
