/* fg-top: text reports of folded stacks: top functions, trees, callers */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "base/escape.h"
#include "read/fheader.h"
#include "read/folded.h"
#include "stack/frame.h"
#include "read/input.h"
#include "base/intern.h"
#include "base/out.h"
#include "stack/pattern.h"
#include "stack/tree.h"
#include "base/util.h"

enum { BY_FRAME, BY_FUNCTION, BY_FILE };
enum { SORT_DEFAULT, SORT_SELF, SORT_TOTAL, SORT_NAME };
enum { FMT_TEXT, FMT_TSV, FMT_JSON };
enum { MODE_TOP, MODE_TREE, MODE_CALLERS, MODE_CALLEES };

struct row {
	count self[2], total[2];
	uint64_t seen;		/* the last line that counted this key's total */
	unsigned flags;		/* annotations of its frames (FLAG_LETTERS) */
};

/* Annotations (_[k], _[dg]...) are shown as flags, one letter each. */
static const char FLAG_LETTERS[] = "kjiwdg";
#define NFLAGS 6

/* --tree: past this depth the indentation stops growing and the depth
 * is printed instead, so output stays linear in the depth. */
#define TREE_INDENT_MAX 40

struct top {
	int by, sort, format, mode;
	uint64_t rows;
	double minpct;
	struct patset pats;
	struct interner keys;
	struct row *row;
	size_t nrow, rowcap;
	count total[2];
	uint64_t line;
	struct tree t;		/* --tree */
	/* this line's keys, for callers and callees */
	uint32_t *k;
	size_t nk, kcap;
	count matched[2];	/* --callers/--callees: through the function */
	int width;		/* terminal width to fit, or 0 */
};

static void
usage(void)
{
	printf("usage: %s [-n N] [--sort self|total|name] [--by frame|function|file]\n"
	    "       [--tree [--min PCT] | --callers PATTERN | --callees PATTERN]\n"
	    "       [-e REGEX] [-F TEXT] [--name NAME[@FILE]]\n"
	    "       [--format text|tsv|json] [FILE...]\n"
	    "  -n, --rows N           rows to show (20; 0 for all)\n"
	    "  -s, --sort KEY         self (default), total or name\n"
	    "  -b, --by WHAT          group by frame (default), function or file\n"
	    "  -t, --tree             the call tree, indented\n"
	    "  -m, --min PCT          --tree: leave out frames under PCT%% of the total (1)\n"
	    "      --callers PATTERN  what calls the matching function\n"
	    "      --callees PATTERN  what the matching function calls\n"
	    "  -e, --regex REGEX      ... also frames a POSIX extended regex matches\n"
	    "  -F, --fixed TEXT       ... also frames that contain TEXT\n"
	    "      --name NAME[@FILE] ... also frames whose function is NAME\n"
	    "  -f, --format FMT       text (default), tsv or json\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
}

/* The key a frame is counted under. */
static size_t
key_of(const struct top *tp, const char *f, size_t n, const char **k)
{
	const char *file, *annot;
	size_t flen, alen;

	*k = f;
	switch (tp->by) {
	case BY_FUNCTION:
		return frame_funclen(f, n);
	case BY_FILE:
		if (frame_file(f, n, &file, &flen)) {
			*k = file;
			return flen;
		}
		return frame_strip_annot(f, n, &annot, &alen);
	}
	return n;
}

static struct row *
row_for(struct top *tp, uint32_t id)
{
	if (id >= tp->nrow) {
		if (id >= tp->rowcap) {
			/* doubling: frame ids arrive one more at a time */
			tp->rowcap = id + 1 > 2 * tp->rowcap ? id + 1 : 2 * tp->rowcap;
			tp->row = ereallocarray(tp->row, tp->rowcap, sizeof(*tp->row));
		}
		memset(tp->row + tp->nrow, 0, (id + 1 - tp->nrow) * sizeof(*tp->row));
		tp->nrow = id + 1;
	}
	return &tp->row[id];
}

static void
add2(struct freader *r, count *a, const count *c, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!count_add(&a[i], c[i]))
			fr_error(r, "sum of counts overflows");
}

/* The flags of frame f[0..n): a bit per annotation letter. */
static unsigned
frame_flags(const char *f, size_t n)
{
	const char *annot, *l;
	size_t alen, i;
	unsigned flags = 0;

	frame_strip_annot(f, n, &annot, &alen);
	for (i = 0; i < alen; i++)
		if ((l = strchr(FLAG_LETTERS, annot[i])))
			flags |= 1u << (l - FLAG_LETTERS);
	return flags;
}

/* flags as letters into buf (at least NFLAGS + 1 bytes) */
static void
flag_text(unsigned flags, char *buf)
{
	int i, n = 0;

	for (i = 0; i < NFLAGS; i++)
		if (flags & 1u << i)
			buf[n++] = FLAG_LETTERS[i];
	buf[n] = 0;
}

/* Split the stack into keys (into tp->k) */
static void
line_keys(struct top *tp, const char *s, size_t len)
{
	struct frameit it;
	size_t klen, fl;
	const char *k, *f;
	unsigned flags;

	tp->nk = 0;
	for (frame_iter(&it, s, len, 0); frame_next(&it);) {
		klen = key_of(tp, s + it.start, it.end - it.start, &k);
		if (tp->nk == tp->kcap) {
			tp->kcap = tp->kcap ? 2 * tp->kcap : 64;
			tp->k = ereallocarray(tp->k, tp->kcap, sizeof(*tp->k));
		}
		tp->k[tp->nk++] = intern(&tp->keys, k, klen);
		f = s + it.start;
		fl = it.end - it.start;
		if (fl && f[fl - 1] == ']' && (flags = frame_flags(f, fl)))
			row_for(tp, tp->k[tp->nk - 1])->flags |= flags;
	}
}

/* Count c toward key id's total, once per line. */
static void
once(struct top *tp, struct freader *r, uint32_t id, const count *c, int n)
{
	struct row *w = row_for(tp, id);

	if (w->seen == tp->line)
		return;
	w->seen = tp->line;
	add2(r, w->total, c, n);
}

/* The input's unit header: counts of a known unit other than plain
 * counts are shown in human form (12.3 MiB, 410 ms). */
static struct fheader unit = { { NULL, NULL }, UNIT_COUNT };

static void
add_line(struct freader *r, struct fline *l, void *arg)
{
	struct top *tp = arg;
	count c[2] = { l->c[0], l->c[1] };
	size_t i;
	int n = l->ncounts;

	if (!n) {
		/* TSV and JSON keep plain numbers */
		if (tp->format == FMT_TEXT)
			fh_parse(&unit, l->stack, l->len);
		return;
	}
	tp->line++;
	add2(r, tp->total, c, n);
	if (tp->mode == MODE_TREE) {
		if (n == 1)
			c[1] = count_from_u64(0);
		if (tree_add(&tp->t, l->stack, l->len, c) == TNONE)
			fr_error(r, "sum of counts overflows");
		return;
	}
	line_keys(tp, l->stack, l->len);
	if (tp->mode == MODE_TOP) {
		add2(r, row_for(tp, tp->k[tp->nk - 1])->self, c, n);
		for (i = 0; i < tp->nk; i++)
			once(tp, r, tp->k[i], c, n);
		return;
	}
	/* callers or callees of the frames that match; the stack counts
	 * once for the function however often it recurs */
	{
		struct frameit it;
		size_t f = 0;
		int hit = 0;

		for (frame_iter(&it, l->stack, l->len, 0); frame_next(&it); f++) {
			if (pat_frame(&tp->pats, l->stack + it.start, it.end - it.start)) {
				uint32_t other;

				if (tp->mode == MODE_CALLERS)
					other = f > 0 ? tp->k[f - 1] : intern(&tp->keys, "[root]", 6);
				else
					other = f + 1 < tp->nk ? tp->k[f + 1] : intern(&tp->keys, "[self]", 6);
				once(tp, r, other, c, n);
				hit = 1;
			}
		}
		if (hit)
			add2(r, tp->matched, c, n);
	}
}

static struct top *sorting;

static double
val(count c)
{
	return count_val(c);
}

static double
delta_of(const struct row *w)
{
	return val(w->total[1]) - val(w->total[0]);
}

static int
cmp_name(uint32_t a, uint32_t b)
{
	const struct interner *k = &sorting->keys;

	return stack_cmp(intern_str(k, a), intern_len(k, a), intern_str(k, b), intern_len(k, b));
}

static int
cmp_rows(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	const struct row *x = &sorting->row[a], *y = &sorting->row[b];
	int col = fr_ncounts == 2;
	double dx, dy;

	switch (sorting->sort) {
	case SORT_NAME:
		return cmp_name(a, b);
	case SORT_SELF:
		dx = val(x->self[col]), dy = val(y->self[col]);
		break;
	case SORT_TOTAL:
		dx = val(x->total[col]), dy = val(y->total[col]);
		break;
	default:
		if (col && sorting->mode == MODE_TOP) {
			dx = delta_of(x), dy = delta_of(y);
			dx = dx < 0 ? -dx : dx;
			dy = dy < 0 ? -dy : dy;
		} else if (sorting->mode == MODE_TOP) {
			dx = val(x->self[col]), dy = val(y->self[col]);
		} else {
			dx = val(x->total[col]), dy = val(y->total[col]);
		}
	}
	if (dx != dy)
		return dx < dy ? 1 : -1;
	return cmp_name(a, b);
}

/* A count in a cell; one too long for it (absurd decimals) in %g form. */
static void
num(char *buf, size_t cap, count c)
{
	char tmp[400];
	size_t n;

	if (unit.unit > UNIT_COUNT) {
		count_human(count_val(c), unit.unit, buf, cap);
		return;
	}
	n = count_fmt(c, tmp);

	if (n < cap)
		memcpy(buf, tmp, n + 1);
	else
		snprintf(buf, cap, "%.6g", count_val(c));
}

static void
pct(char *buf, size_t cap, double part, double whole)
{
	snprintf(buf, cap, "%.2f", whole > 0 ? 100 * part / whole : 0.0);
}

static void
signed_num(char *buf, size_t cap, double d)
{
	snprintf(buf, cap, "%s%.15g", d > 0 ? "+" : "", d);
}

/* The columns of one row, as text; the name comes last, apart. */
#define NCOL 9
struct cells {
	char c[NCOL][64];
	int n;
};

static void
row_cells(struct top *tp, const struct row *w, struct cells *cl)
{
	int diff = fr_ncounts == 2, col = diff;
	double whole = val(tp->total[col]);

	cl->n = 0;
	if (tp->mode == MODE_TOP) {
		num(cl->c[cl->n++], 64, w->self[col]);
		pct(cl->c[cl->n++], 64, val(w->self[col]), whole);
		num(cl->c[cl->n++], 64, w->total[col]);
		pct(cl->c[cl->n++], 64, val(w->total[col]), whole);
	} else {
		num(cl->c[cl->n++], 64, w->total[col]);
		pct(cl->c[cl->n++], 64, val(w->total[col]), val(tp->matched[col]));
	}
	if (diff) {
		double d = delta_of(w), base = val(tp->total[1]);	/* fg-folded(5): of the target total */

		num(cl->c[cl->n++], 64, w->total[0]);
		num(cl->c[cl->n++], 64, w->total[1]);
		signed_num(cl->c[cl->n++], 64, d);
		snprintf(cl->c[cl->n++], 64, "%s%.2f", d > 0 ? "+" : "", base > 0 ? 100 * d / base : 0.0);
	}
}

/* "head":value, for each of n cells (text cells hold numbers; a flags
 * cell is a string) */
static void
json_cells(char head[][64], char cell[][64], int n)
{
	int i;

	for (i = 0; i < n; i++) {
		out_jsonstr(head[i], strlen(head[i]));
		out_char(':');
		if (!strcmp(head[i], "flags"))
			out_jsonstr(cell[i], strlen(cell[i]));
		else
			out_str(cell[i][0] == '+' ? cell[i] + 1 : cell[i]);
		out_char(',');
	}
}

static const char *top_heads[] = { "self", "self%", "total", "total%" };
static const char *edge_heads[] = { "samples", "share%" };
static const char *diff_heads[] = { "base", "target", "delta", "delta%" };

static int
terminal_width(void)
{
	struct winsize ws;
	const char *env;

	if (!isatty(1))
		return 0;
	if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	if ((env = getenv("COLUMNS")) && atoi(env) > 0)
		return atoi(env);
	return 80;
}

/* Row id's name as shown: without its annotation (a flag instead). */
static const char *
row_name(const struct top *tp, uint32_t id, size_t *n)
{
	const char *annot, *s = intern_str(&tp->keys, id);
	size_t alen;

	*n = frame_strip_annot(s, intern_len(&tp->keys, id), &annot, &alen);
	return s;
}

/* A name for the terminal: control characters escaped, cut with ".."
 * to room characters when room > 2. */
static void
print_name_fit(const char *s, size_t n, int room)
{
	size_t chars = utf8_chars(s, n);

	if (room > 2 && chars > (size_t)room) {
		out_term(s, utf8_prefix(s, n, room - 2));
		out_str("..");
	} else {
		out_term(s, n);
	}
}

static void
report(struct top *tp, uint32_t *ids, size_t n)
{
	struct cells *cl = ecalloc(n + 1, sizeof(*cl));
	const char **heads = tp->mode == MODE_TOP ? top_heads : edge_heads;
	int nh = tp->mode == MODE_TOP ? 4 : 2, diff = fr_ncounts == 2, w[NCOL] = { 0 };
	int ncol, i, used = 0;
	size_t r, len;
	const char *name;

	for (i = 0; i < nh; i++)
		snprintf(cl[0].c[i], 64, "%s", heads[i]);
	for (i = 0; diff && i < 4; i++)
		snprintf(cl[0].c[nh + i], 64, "%s", diff_heads[i]);
	ncol = nh + (diff ? 4 : 0);
	snprintf(cl[0].c[ncol++], 64, "flags");
	cl[0].n = ncol;
	for (r = 0; r < n; r++) {
		row_cells(tp, &tp->row[ids[r]], &cl[r + 1]);
		flag_text(tp->row[ids[r]].flags, cl[r + 1].c[cl[r + 1].n++]);
	}
	if (tp->format == FMT_JSON) {
		out_str("{\"total\":");
		out_count(tp->total[diff]);
		if (tp->mode != MODE_TOP) {
			out_str(",\"matched\":");
			out_count(tp->matched[diff]);
		}
		out_str(",\"rows\":[");
		for (r = 0; r < n; r++) {
			out_str(r ? ",\n{" : "\n{");
			json_cells(cl[0].c, cl[r + 1].c, ncol);
			name = row_name(tp, ids[r], &len);
			out_str("\"name\":");
			out_jsonstr(name, len);
			out_char('}');
		}
		out_str("\n]}\n");
		free(cl);
		return;
	}
	for (r = 0; r <= n; r++)
		for (i = 0; i < ncol; i++)
			if ((int)strlen(cl[r].c[i]) > w[i])
				w[i] = strlen(cl[r].c[i]);
	for (i = 0; i < ncol; i++)
		used += w[i] + 2;
	for (r = 0; r <= n; r++) {
		for (i = 0; i < ncol; i++) {
			if (tp->format == FMT_TSV) {
				out_str(cl[r].c[i]);
				out_char('\t');
			} else {
				/* the flags, letters, align left */
				out_printf(i == ncol - 1 ? "%-*s  " : "%*s  ", w[i], cl[r].c[i]);
			}
		}
		if (r == 0) {
			out_str("name");
		} else {
			name = row_name(tp, ids[r - 1], &len);
			print_name_fit(name, len, tp->format == FMT_TEXT && tp->width ? tp->width - used : 0);
		}
		out_char('\n');
	}
	free(cl);
}

static void
print_table(struct top *tp)
{
	uint32_t *ids = ereallocarray(NULL, tp->nrow + 1, sizeof(*ids));
	size_t n = 0, i;
	int col = fr_ncounts == 2;

	for (i = 0; i < tp->nrow; i++)
		if (!count_iszero(tp->row[i].total[0]) || !count_iszero(tp->row[i].total[col]))
			ids[n++] = i;
	sorting = tp;
	qsort(ids, n, sizeof(*ids), cmp_rows);
	if (tp->rows && n > tp->rows)
		n = tp->rows;
	report(tp, ids, n);
	free(ids);
}

/* --tree: the call tree, children by total, the widest first. */
static int
cmp_children(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	const struct tnode *x = &sorting->t.node[a], *y = &sorting->t.node[b];
	int col = fr_ncounts == 2, c = count_cmp(y->total[col], x->total[col]);

	return c ? c : (a > b) - (a < b);
}

/* One node of --tree in text: indented by its depth (up to
 * TREE_INDENT_MAX levels, then the depth as a number), its total, its
 * share, the change for two-count input, its flags and its name. */
static void
tree_text(struct top *tp, uint32_t v, const struct cells *cl, const char *flags)
{
	const struct tree *t = &tp->t;
	uint32_t depth = t->node[v].depth - 1;
	const char *annot, *name = tree_name(t, v);
	size_t alen, len = frame_strip_annot(name, tree_namelen(t, v), &annot, &alen);

	out_printf("%*s", (int)(2 * (depth < TREE_INDENT_MAX ? depth : TREE_INDENT_MAX)), "");
	if (depth > TREE_INDENT_MAX)
		out_printf("[depth %lu] ", (unsigned long)depth + 1);
	out_printf("%s %s%% ", cl->c[0], cl->c[1]);
	if (cl->n > 2)
		out_printf("(%s) ", cl->c[4]);
	if (*flags)
		out_printf("[%s] ", flags);
	out_term(name, len);
	out_char('\n');
}

/* One node of --tree as a TSV or JSON row; parent is the row number of
 * its parent (-1 for a root). */
static void
tree_row(struct top *tp, uint32_t v, struct cells *cl, const char *flags, long row, long parent)
{
	static char heads[NCOL][64] = { "total", "total%", "base", "target", "delta", "delta%" };
	const struct tree *t = &tp->t;
	const char *annot, *name = tree_name(t, v);
	size_t alen, len = frame_strip_annot(name, tree_namelen(t, v), &annot, &alen);
	int i;

	if (tp->format == FMT_TSV) {
		out_printf("%lu\t", (unsigned long)t->node[v].depth);
		for (i = 0; i < cl->n; i++)
			out_printf("%s\t", cl->c[i]);
		out_printf("%s\t", flags);
		out_term(name, len);
		out_char('\n');
		return;
	}
	out_printf("%s{\"row\":%ld,\"parent\":%ld,\"depth\":%lu,", row ? ",\n" : "\n",
	    row, parent, (unsigned long)t->node[v].depth);
	json_cells(heads, cl->c, cl->n);
	out_str("\"flags\":");
	out_jsonstr(flags, strlen(flags));
	out_str(",\"name\":");
	out_jsonstr(name, len);
	out_char('}');
}

/* The cells of tree node v: total and share, and for two-count input
 * base, target, delta and delta% (delta% of the baseline's total). */
static void
tree_cells(struct top *tp, uint32_t v, struct cells *cl)
{
	const struct tnode *x = &tp->t.node[v];
	int col = fr_ncounts == 2;
	double d, base = val(tp->total[0]);

	cl->n = 0;
	num(cl->c[cl->n++], 64, x->total[col]);
	pct(cl->c[cl->n++], 64, val(x->total[col]), val(tp->total[col]));
	if (!col)
		return;
	d = val(x->total[1]) - val(x->total[0]);
	num(cl->c[cl->n++], 64, x->total[0]);
	num(cl->c[cl->n++], 64, x->total[1]);
	signed_num(cl->c[cl->n++], 64, d);
	snprintf(cl->c[cl->n++], 64, "%s%.2f", d > 0 ? "+" : "", base > 0 ? 100 * d / base : 0.0);
}

static void
tree_head(struct top *tp)
{
	if (tp->format == FMT_TSV)
		out_str(fr_ncounts == 2 ?
		    "depth\ttotal\ttotal%\tbase\ttarget\tdelta\tdelta%\tflags\tname\n" :
		    "depth\ttotal\ttotal%\tflags\tname\n");
	if (tp->format == FMT_JSON) {
		out_str("{\"total\":");
		out_count(tp->total[fr_ncounts == 2]);
		out_str(",\"nodes\":[");
	}
}

/* --tree: the call tree, children by total, the widest first, in
 * preorder; a stack of (node, row of its parent) pairs, no recursion. */
static void
print_tree(struct top *tp)
{
	struct tree *t = &tp->t;
	uint32_t *stack = NULL, *kids = NULL, v, c;
	long *parents = NULL, parent, rows = 0;
	size_t n = 0, cap = 0, nk, kcap = 0, i;
	int col = fr_ncounts == 2;
	double whole = val(tp->total[col]), min = whole * tp->minpct / 100;
	struct cells cl;
	char flags[NFLAGS + 1];

	sorting = tp;
	tree_finish(t);
	tree_head(tp);
	cap = 64;
	stack = ereallocarray(NULL, cap, sizeof(*stack));
	parents = ereallocarray(NULL, cap, sizeof(*parents));
	stack[n] = 0;
	parents[n++] = -1;
	while (n) {
		v = stack[--n];
		parent = parents[n];
		if (v) {
			tree_cells(tp, v, &cl);
			flag_text(frame_flags(tree_name(t, v), tree_namelen(t, v)), flags);
			if (tp->format == FMT_TEXT)
				tree_text(tp, v, &cl, flags);
			else
				tree_row(tp, v, &cl, flags, rows, parent);
			parent = rows++;
		}
		for (nk = 0, c = t->node[v].child; c != TNONE; c = t->node[c].sibling) {
			if (val(t->node[c].total[col]) < min || count_iszero(t->node[c].total[col]))
				continue;
			if (nk == kcap)
				kids = ereallocarray(kids, kcap = kcap ? 2 * kcap : 64, sizeof(*kids));
			kids[nk++] = c;
		}
		if (nk)	/* kids is NULL until a node has a child */
			qsort(kids, nk, sizeof(*kids), cmp_children);
		if (n + nk > cap) {
			cap = 2 * (n + nk);
			stack = ereallocarray(stack, cap, sizeof(*stack));
			parents = ereallocarray(parents, cap, sizeof(*parents));
		}
		for (i = nk; i-- > 0;) {
			stack[n] = kids[i];
			parents[n++] = parent;
		}
	}
	if (tp->format == FMT_JSON)
		out_str("\n]}\n");
	if (!rows && whole > 0)
		weprintf("every root is under the threshold (-m %g%%): no node to show", tp->minpct);
	free(stack);
	free(parents);
	free(kids);
}

static void
header(struct top *tp, const char *what)
{
	int col = fr_ncounts == 2;
	char a[400], b[400];

	count_fmt(tp->matched[col], a);
	count_fmt(tp->total[col], b);
	out_printf("%s: %s of %s samples pass through the function (%.2f%%)\n", what, a, b,
	    val(tp->total[col]) > 0 ? 100 * val(tp->matched[col]) / val(tp->total[col]) : 0.0);
}

int
main(int argc, char **argv)
{
	enum { O_CALLERS = 256, O_CALLEES, O_VERSION, O_NAME };
	static const struct option longopts[] = {
		{ "rows", required_argument, NULL, 'n' },
		{ "sort", required_argument, NULL, 's' },
		{ "by", required_argument, NULL, 'b' },
		{ "tree", no_argument, NULL, 't' },
		{ "min", required_argument, NULL, 'm' },
		{ "callers", required_argument, NULL, O_CALLERS },
		{ "callees", required_argument, NULL, O_CALLEES },
		{ "format", required_argument, NULL, 'f' },
		PAT_LONGOPTS(O_NAME),
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, O_VERSION },
		{ 0 }
	};
	struct top tp;
	int c;

	argv[0] = setprogname(argv[0]);
	memset(&tp, 0, sizeof(tp));
	tp.rows = 20;
	tp.minpct = 1;
	while ((c = getopt_long(argc, argv, "n:s:b:tm:f:h" PAT_SHORTOPTS, longopts, NULL)) != -1) {
		if (pat_option(&tp.pats, c, optarg, O_NAME))
			continue;
		switch (c) {
		case 'n': tp.rows = estrtou64(optarg, "row count"); break;
		case 's':
			if (!strcmp(optarg, "self")) tp.sort = SORT_SELF;
			else if (!strcmp(optarg, "total")) tp.sort = SORT_TOTAL;
			else if (!strcmp(optarg, "name")) tp.sort = SORT_NAME;
			else usage_error("bad sort key: '%s'", optarg);
			break;
		case 'b':
			if (!strcmp(optarg, "frame")) tp.by = BY_FRAME;
			else if (!strcmp(optarg, "function")) tp.by = BY_FUNCTION;
			else if (!strcmp(optarg, "file")) tp.by = BY_FILE;
			else usage_error("bad grouping: '%s'", optarg);
			break;
		case 't': tp.mode = MODE_TREE; break;
		case 'm':
			tp.minpct = estrtod(optarg, "minimum percent");
			if (!(tp.minpct >= 0 && tp.minpct <= 100))
				usage_error("minimum percent must be from 0 to 100");
			break;
		case O_CALLERS:
		case O_CALLEES:
			tp.mode = c == O_CALLERS ? MODE_CALLERS : MODE_CALLEES;
			pat_add(&tp.pats, PAT_NAME, optarg);
			break;
		case 'f':
			if (!strcmp(optarg, "text")) tp.format = FMT_TEXT;
			else if (!strcmp(optarg, "tsv")) tp.format = FMT_TSV;
			else if (!strcmp(optarg, "json")) tp.format = FMT_JSON;
			else usage_error("bad format: '%s'", optarg);
			break;
		case 'h': usage(); break;
		case O_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	if (tp.pats.n && tp.mode != MODE_CALLERS && tp.mode != MODE_CALLEES)
		usage_error("-e, -F and --name go with --callers or --callees");
	intern_init(&tp.keys);
	tree_init(&tp.t, 0, 2);
	tp.width = tp.format == FMT_TEXT ? terminal_width() : 0;
	each_line(argc, argv, add_line, &tp);
	if (count_iszero(tp.total[fr_ncounts == 2]) && count_iszero(tp.total[0]))
		eprintf("no samples in the input");
	switch (tp.mode) {
	case MODE_TREE:
		print_tree(&tp);
		break;
	case MODE_CALLERS:
	case MODE_CALLEES:
		if (count_iszero(tp.matched[0]) && count_iszero(tp.matched[1]))
			eprintf(tp.pats.n > 1 ? "no frame matches '%s' or the other patterns" :
			    "no frame matches '%s'", tp.pats.p[0].text);
		if (tp.format == FMT_TEXT)
			header(&tp, tp.mode == MODE_CALLERS ? "callers" : "callees");
		print_table(&tp);
		break;
	default:
		print_table(&tp);
	}
	out_flush();
	tree_free(&tp.t);
	intern_free(&tp.keys);
	pat_free(&tp.pats);
	free(tp.row);
	free(tp.k);
	return 0;
}
