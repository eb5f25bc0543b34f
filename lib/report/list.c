/* list.c: fg-top --list, the lines of a function (see list.h) */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/bytes.h"
#include "base/escape.h"
#include "base/out.h"
#include "base/util.h"
#include "report/list.h"
#include "stack/frame.h"

/* A source file is read in blocks of this size. */
#define LIST_BLOCK 65536
/* Tab stops of the source text shown. */
#define LIST_TAB 8

void
list_init(struct list *ls)
{
	intern_init(&ls->fns);
	intern_init(&ls->lines);
	intern_init(&ls->frames);
	fh_init(&ls->unit);
}

/* Row id of *rows (made, zeroed, when new). */
static struct lsrow *
row_of(struct lsrow **rows, size_t *cap, uint32_t id)
{
	size_t old = *cap;

	if (id >= *cap) {
		*rows = egrowarray(*rows, cap, (size_t)id + 1, sizeof(**rows));
		memset(*rows + old, 0, (*cap - old) * sizeof(**rows));
	}
	return &(*rows)[id];
}

/* Count c toward w: flat for the leaf, cum once for stack number. */
static void
take(struct freader *r, struct lsrow *w, const count *c, int n, int leaf, uint64_t stack)
{
	if (leaf)
		fr_addcounts(r, w->flat, c, n);
	if (w->seen == stack)
		return;
	w->seen = stack;
	fr_addcounts(r, w->cum, c, n);
}

/* What frame f[0..n) counts toward, worked out the first time it is
 * seen: its function and line ids, LS_NONE for none. */
static void
frame_ids(struct list *ls, const char *f, size_t n, uint32_t *ids)
{
	struct frameparts p;
	struct lsrow *w;
	char key[4 + 8];

	ids[0] = ids[1] = LS_NONE;
	if (!pat_frame(&ls->pats, f, n))
		return;
	frame_parts(f, n, &p);
	ids[0] = intern(&ls->fns, f, p.file ? (size_t)(p.file + p.filelen - f) : p.namelen);
	row_of(&ls->fn, &ls->fncap, ids[0]);
	/* "f at x.jl:0" is a line (unknown, to Julia); "f at x.jl" none */
	if (!p.file || p.file + p.filelen == f + n || p.file[p.filelen] != ':')
		return;
	memcpy(key, &ids[0], 4);
	memcpy(key + 4, &p.line, 8);
	ids[1] = intern(&ls->lines, key, sizeof(key));
	w = row_of(&ls->ln, &ls->lncap, ids[1]);
	w->fn = ids[0];
	w->line = p.line;
}

void
list_line(struct freader *r, struct fline *l, void *arg)
{
	struct list *ls = arg;
	struct frameit it;
	count c[2] = { l->c[0], l->c[1] };
	uint32_t id, *ids;
	int n = l->ncounts, leaf;

	if (!n) {
		if (ls->format == LS_TEXT)
			fh_parse(&ls->unit, l->stack, l->len);
		return;
	}
	ls->diff = n == 2;
	ls->stack++;
	fr_addcounts(r, ls->total, c, n);
	for (frame_iter(&it, l->stack, l->len, 0); frame_next(&it);) {
		id = intern(&ls->frames, l->stack + it.start, it.end - it.start);
		if (id >= ls->nframe) {
			ls->frame = egrowarray(ls->frame, &ls->framecap, 2 * ((size_t)id + 1),
			    sizeof(*ls->frame));
			frame_ids(ls, l->stack + it.start, it.end - it.start, ls->frame + 2 * id);
			ls->nframe = id + 1;
		}
		ids = ls->frame + 2 * id;
		if (ids[0] == LS_NONE)
			continue;
		leaf = it.end == l->len;
		take(r, &ls->fn[ids[0]], c, n, leaf, ls->stack);
		if (ids[1] != LS_NONE)
			take(r, &ls->ln[ids[1]], c, n, leaf, ls->stack);
	}
}

int
list_matched(const struct list *ls)
{
	return ls->fns.n > 0;
}

/* Has w a cost on either side? */
static int
costly(const struct lsrow *w)
{
	return !count_iszero(w->cum[0]) || !count_iszero(w->cum[1]) ||
	    !count_iszero(w->flat[0]) || !count_iszero(w->flat[1]);
}

/* A count for a cell: "." for none when dot, a known unit in human
 * form, else as it is. */
static void
num(const struct list *ls, char *buf, size_t cap, count c, int dot)
{
	char tmp[400];
	size_t n;

	if (dot && count_iszero(c))
		snprintf(buf, cap, ".");
	else if (ls->unit.unit > UNIT_COUNT)
		count_human(count_val(c), ls->unit.unit, buf, cap);
	else if ((n = count_fmt(c, tmp)) < cap)
		memcpy(buf, tmp, n + 1);
	else
		snprintf(buf, cap, "%.6g", count_val(c));
}

/* The change from a to b, signed, "." for none when dot. */
static void
delta(const struct list *ls, char *buf, size_t cap, count a, count b, int dot)
{
	double d = count_val(b) - count_val(a);

	if (d == 0) {
		snprintf(buf, cap, dot ? "." : "0");
		return;
	}
	buf[0] = d > 0 ? '+' : '-';
	if (ls->unit.unit > UNIT_COUNT)
		count_human(d > 0 ? d : -d, ls->unit.unit, buf + 1, cap - 1);
	else
		snprintf(buf + 1, cap - 1, "%.15g", d > 0 ? d : -d);
}

/* The numbers of w, text columns or TSV cells: flat and cum (the
 * target's for two counts), then their change. */
static void
cells(const struct list *ls, const struct lsrow *w, int dot)
{
	char a[64], b[64];
	int col = ls->diff;

	num(ls, a, sizeof(a), w->flat[col], dot);
	num(ls, b, sizeof(b), w->cum[col], dot);
	out_printf(ls->format == LS_TSV ? "%s\t%s" : "%10s %10s", a, b);
	if (!col)
		return;
	delta(ls, a, sizeof(a), w->flat[0], w->flat[1], dot);
	delta(ls, b, sizeof(b), w->cum[0], w->cum[1], dot);
	out_printf(ls->format == LS_TSV ? "\t%s\t%s" : " %10s %10s", a, b);
}

/* One line of the listing: its numbers (blank when w is NULL), its
 * number, and text t[0..n) with tabs expanded and what a terminal
 * must not see escaped (t NULL: no text). */
static void
print_line(const struct list *ls, const struct lsrow *w, uint64_t line, const char *t, size_t n)
{
	static const struct lsrow none;
	size_t i = 0, run, col = 0, k;

	cells(ls, w ? w : &none, 1);
	out_printf(" %6llu:", (unsigned long long)line);
	while (t && i < n) {
		if (t[i] == '\t') {
			out_printf("%*s", (int)(LIST_TAB - col % LIST_TAB), "");
			col += LIST_TAB - col % LIST_TAB;
			i++;
			continue;
		}
		for (run = i; run < n && t[run] != '\t'; run += k, col++)
			k = utf8_next(t + run, n - run);
		out_term(t + i, run - i);
		i = run;
	}
	out_char('\n');
}

/* A note of the listing, under its function's head. */
static void
note(const char *file, size_t flen, const char *what)
{
	out_str(" note: ");
	out_term(file, flen);
	out_str(": ");
	out_str(what);
	out_char('\n');
}

/* The lines of the source shown: spans of line numbers. */
struct span {
	uint64_t from, to;
};

/* The spans around the costly lines ln[0..n) (in order, n > 0), into
 * sp: each line and its context, those that touch merged; one span
 * from the first to the last under --list-all.  Their number. */
static size_t
spans(const struct list *ls, const struct lsrow *const *ln, size_t n, struct span *sp)
{
	uint64_t c = ls->context, from, to;
	size_t i, ns = 0;

	for (i = 0; i < n; i++) {
		from = ln[i]->line > c ? ln[i]->line - c : 1;
		to = ln[i]->line + c < ln[i]->line ? UINT64_MAX : ln[i]->line + c;
		if (ns && (ls->all || from - 1 <= sp[ns - 1].to)) {	/* from >= 1 */
			if (to > sp[ns - 1].to)
				sp[ns - 1].to = to;
			continue;
		}
		sp[ns].from = from;
		sp[ns++].to = to;
	}
	return ns;
}

/* A source file as read: the text of the lines shown. */
struct srcread {
	struct span *sp;
	size_t nsp, at;		/* the span of the next line kept */
	uint64_t line;		/* lines read */
	struct bytes text;	/* the lines kept, one after another */
	size_t *off;		/* where each line kept starts in text, */
	size_t noff, offcap;	/* and where the last one ends */
	const char *bad;	/* what makes the file not text, */
	uint64_t badline;	/* on this line */
	int done;		/* past the last span */
};

/* Take line p[0..n) of the file (without its newline). */
static void
src_line(struct srcread *sr, const char *p, size_t n)
{
	const char *why;
	uint64_t k = ++sr->line;

	if (n && p[n - 1] == '\r')
		n--;
	if (!sr->bad && (why = src_nottext(p, n))) {
		sr->bad = why;
		sr->badline = k;
	}
	while (sr->at < sr->nsp && k > sr->sp[sr->at].to)
		sr->at++;
	if (sr->at == sr->nsp) {
		sr->done = 1;
		return;
	}
	if (k < sr->sp[sr->at].from)
		return;
	sr->off = egrowarray(sr->off, &sr->offcap, sr->noff + 2, sizeof(*sr->off));
	if (!sr->noff)
		sr->off[sr->noff++] = 0;
	bytes_put(&sr->text, p, n);
	sr->off[sr->noff++] = sr->text.n;
}

/* Read descriptor fd up to the last span's end: 0, or an errno. */
static int
src_read(struct srcread *sr, int fd, char *buf)
{
	struct bytes cur = { 0 };
	const char *s, *e, *nl;
	ssize_t r;
	int err = 0;

	while (!sr->done && (r = read(fd, buf, LIST_BLOCK)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			err = errno;
			break;
		}
		for (s = buf, e = buf + r; s < e && !sr->done; s = nl + 1) {
			if (!(nl = memchr(s, '\n', e - s))) {
				bytes_put(&cur, s, e - s);
				break;
			}
			if (cur.n) {
				bytes_put(&cur, s, nl - s);
				src_line(sr, (const char *)cur.p, cur.n);
				cur.n = 0;
			} else {
				src_line(sr, s, nl - s);
			}
		}
	}
	if (!err && !sr->done && cur.n)
		src_line(sr, (const char *)cur.p, cur.n);
	bytes_free(&cur);
	return err;
}

/* The lines ln[0..n) without their text. */
static void
print_bare(const struct list *ls, const struct lsrow *const *ln, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		print_line(ls, ln[i], ln[i]->line, NULL, 0);
}

/* The costly lines ln[0..n) in the spans of the source sr read, with
 * its text. */
static void
print_spans(const struct list *ls, const struct srcread *sr, const struct lsrow *const *ln,
    size_t n)
{
	size_t i, j = 0, kidx = 0;
	uint64_t k;
	const struct lsrow *w;

	for (i = 0; i < sr->nsp; i++) {
		if (i)
			out_str("       ...\n");
		for (k = sr->sp[i].from; k <= sr->sp[i].to && k <= sr->line; k++, kidx++) {
			w = j < n && ln[j]->line == k ? ln[j++] : NULL;
			print_line(ls, w, k, (const char *)sr->text.p + sr->off[kidx],
			    sr->off[kidx + 1] - sr->off[kidx]);
		}
		/* past the file's end: the costly lines alone */
		for (; j < n && ln[j]->line <= sr->sp[i].to; j++)
			print_line(ls, ln[j], ln[j]->line, NULL, 0);
	}
}

/* The costly lines ln[0..n) (n > 0) of a function of file
 * file[0..filelen), with their source when it is found. */
static void
print_source(struct list *ls, const char *file, size_t filelen, const struct lsrow *const *ln,
    size_t n, char *buf)
{
	struct srcread sr;
	char why[256];
	int fd, err;

	for (; n && !ln[0]->line; ln++, n--)
		print_line(ls, ln[0], 0, NULL, 0);	/* no line of the source */
	if (!n)
		return;
	if (!ls->src.ndir) {
		print_bare(ls, ln, n);
		return;
	}
	if ((fd = src_open(&ls->src, file, filelen, why, sizeof(why))) < 0) {
		note(file, filelen, why);
		print_bare(ls, ln, n);
		return;
	}
	memset(&sr, 0, sizeof(sr));
	sr.sp = ereallocarray(NULL, n, sizeof(*sr.sp));
	sr.nsp = spans(ls, ln, n, sr.sp);
	err = src_read(&sr, fd, buf);
	close(fd);
	if (err || sr.bad) {
		if (err)
			snprintf(why, sizeof(why), "%s", strerror(err));
		else
			snprintf(why, sizeof(why), "not text (%s on line %llu): not shown", sr.bad,
			    (unsigned long long)sr.badline);
		note(file, filelen, why);
		print_bare(ls, ln, n);
	} else {
		if (ln[n - 1]->line > sr.line) {
			snprintf(why, sizeof(why), "has %llu line%s, the profile names line %llu"
			    " (another version of it?)", (unsigned long long)sr.line,
			    sr.line == 1 ? "" : "s", (unsigned long long)ln[n - 1]->line);
			note(file, filelen, why);
		}
		print_spans(ls, &sr, ln, n);
	}
	bytes_free(&sr.text);
	free(sr.off);
	free(sr.sp);
}

/* The order of the listing: functions by name and file, their lines
 * by number. */
struct order {
	const struct list *ls;
	uint32_t *rank;		/* a function's place, by id */
};

/* Function ids by their keys, bytewise (a qsort_r comparator). */
static int
cmp_fns(const void *pa, const void *pb, void *arg)
{
	const struct interner *k = &((const struct order *)arg)->ls->fns;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;

	return stack_cmp(intern_str(k, a), intern_len(k, a), intern_str(k, b), intern_len(k, b));
}

/* Lines by their function's place, then by number. */
static int
cmp_lines(const void *pa, const void *pb, void *arg)
{
	const struct order *o = arg;
	const struct lsrow *a = *(const struct lsrow *const *)pa, *b = *(const struct lsrow *const *)pb;

	if (a->fn != b->fn)
		return o->rank[a->fn] < o->rank[b->fn] ? -1 : 1;
	return (a->line > b->line) - (a->line < b->line);
}

/* The head of function id: its name and file, its numbers, the share
 * of the total through it. */
static void
print_head(const struct list *ls, uint32_t id, const struct frameparts *p, const char *f)
{
	const struct lsrow *w = &ls->fn[id];
	int col = ls->diff;
	double t = count_val(ls->total[col]);

	out_str("ROUTINE ======================== ");
	out_term(f, p->namelen);
	if (p->file) {
		out_str(" in ");
		out_term(p->file, p->filelen);
	}
	out_char('\n');
	cells(ls, w, 0);
	out_printf(col ? " (flat, cum, their change) %.2f%% of Total\n" :
	    " (flat, cum) %.2f%% of Total\n", t > 0 ? 100 * count_val(w->cum[col]) / t : 0.0);
}

/* Function id (its costly lines ln[0..n)) as TSV rows. */
static void
print_tsv(const struct list *ls, const struct frameparts *p, const char *f,
    const struct lsrow *const *ln, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		out_term(f, p->namelen);
		out_char('\t');
		out_term(p->file, p->filelen);
		out_printf("\t%llu\t", (unsigned long long)ln[i]->line);
		cells(ls, ln[i], 0);
		out_char('\n');
	}
}

/* The counts of w as JSON members: flat and cum (the target's for two
 * counts), then their change. */
static void
json_counts(const struct list *ls, const struct lsrow *w)
{
	int col = ls->diff;

	out_str("\"flat\":");
	out_count(w->flat[col]);
	out_str(",\"cum\":");
	out_count(w->cum[col]);
	if (col)
		out_printf(",\"flat_delta\":%.15g,\"cum_delta\":%.15g",
		    count_val(w->flat[1]) - count_val(w->flat[0]),
		    count_val(w->cum[1]) - count_val(w->cum[0]));
}

/* Function id (its costly lines ln[0..n)) as a JSON object, the
 * first of the array or not. */
static void
print_json(const struct list *ls, uint32_t id, const struct frameparts *p, const char *f,
    const struct lsrow *const *ln, size_t n, int first)
{
	size_t i;

	out_str(first ? "\n{\"name\":" : ",\n{\"name\":");
	out_jsonstr(f, p->namelen);
	out_str(",\"file\":");
	if (p->file)
		out_jsonstr(p->file, p->filelen);
	else
		out_str("null");
	out_char(',');
	json_counts(ls, &ls->fn[id]);
	out_str(",\"lines\":[");
	for (i = 0; i < n; i++) {
		out_printf("%s{\"line\":%llu,", i ? "," : "", (unsigned long long)ln[i]->line);
		json_counts(ls, ln[i]);
		out_char('}');
	}
	out_str("]}");
}

/* Function id and its costly lines ln[0..n), the first function shown
 * or not. */
static void
print_fn(struct list *ls, uint32_t id, const struct lsrow *const *ln, size_t n, int first,
    char *buf)
{
	const char *f = intern_str(&ls->fns, id);
	struct frameparts p;

	frame_parts(f, intern_len(&ls->fns, id), &p);
	if (ls->format == LS_JSON) {
		print_json(ls, id, &p, f, ln, n, first);
		return;
	}
	if (ls->format == LS_TSV) {
		print_tsv(ls, &p, f, ln, n);
		return;
	}
	print_head(ls, id, &p, f);
	if (!p.file)
		note(f, p.namelen, "no file and line in its frames (written by a folder under --lines)");
	else if (!n)
		note(p.file, p.filelen, "no line numbers in its frames");
	else
		print_source(ls, p.file, p.filelen, ln, n, buf);
}

void
list_print(struct list *ls)
{
	struct order o = { ls, NULL };
	uint32_t *ids = ereallocarray(NULL, ls->fns.n + 1, sizeof(*ids)), i, nf = 0;
	const struct lsrow **ln = ereallocarray(NULL, ls->lines.n + 1, sizeof(*ln));
	char *buf = emalloc(LIST_BLOCK), t[64];
	size_t j, k, nl = 0;

	o.rank = ereallocarray(NULL, ls->fns.n + 1, sizeof(*o.rank));
	for (i = 0; i < ls->fns.n; i++)
		if (costly(&ls->fn[i]))
			ids[nf++] = i;
	qsort_r(ids, nf, sizeof(*ids), cmp_fns, &o);
	for (i = 0; i < nf; i++)
		o.rank[ids[i]] = i;
	for (i = 0; i < ls->lines.n; i++)
		if (costly(&ls->ln[i]))
			ln[nl++] = &ls->ln[i];
	qsort_r(ln, nl, sizeof(*ln), cmp_lines, &o);
	num(ls, t, sizeof(t), ls->total[ls->diff], 0);
	if (ls->format == LS_TSV)
		out_str(ls->diff ? "name\tfile\tline\tflat\tcum\tflat_delta\tcum_delta\n" :
		    "name\tfile\tline\tflat\tcum\n");
	else if (ls->format == LS_JSON) {
		out_str("{\"total\":");
		out_count(ls->total[ls->diff]);
		out_str(",\"functions\":[");
	}
	else
		out_printf("Total: %s\n", t);	/* t: a count in a cell, at most 64 bytes */
	for (i = 0, j = 0; i < nf; i++, j = k) {
		for (k = j; k < nl && ln[k]->fn == ids[i]; k++)
			;
		print_fn(ls, ids[i], ln + j, k - j, !i, buf);
	}
	if (ls->format == LS_JSON)
		out_str("\n]}\n");
	free(buf);
	free(ln);
	free(ids);
	free(o.rank);
}

void
list_free(struct list *ls)
{
	intern_free(&ls->fns);
	intern_free(&ls->lines);
	intern_free(&ls->frames);
	free(ls->frame);
	pat_free(&ls->pats);
	src_free(&ls->src);
	fh_free(&ls->unit);
	free(ls->fn);
	free(ls->ln);
}
