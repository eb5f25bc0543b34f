/* fg-diff: two profiles to differential lines "STACK BASE TARGET" */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "read/fheader.h"
#include "read/folded.h"
#include "stack/frame.h"
#include "base/out.h"
#include "stack/pattern.h"
#include "stack/stackmap.h"
#include "stack/tree.h"
#include "base/util.h"

/* The default wildcard: Julia REPL frames, "f at REPL[3]:5". */
#define REPL_WILDCARD "\\[[0-9]+\\]:[0-9]+$"

enum { NORM_OFF, NORM_TRUNC, NORM_EXACT };

struct opts {
	int normalize, striphex, striplines, simplify;
	int defaultwild;	/* the REPL wildcard is on */
	struct patset wild;	/* every wildcard, default included */
};

static struct fhjoin hdr;	/* the two inputs' unit headers */

struct profile {
	const char *path;
	count total;
	int anywild;		/* a frame may match the default wildcard */
};

static void
usage(void)
{
	printf("usage: %s [-n | --normalize[=exact]] [-s] [--strip-lines] [--simplify]\n"
	    "       [--wildcard REGEX]... [--no-wildcard] BASELINE TARGET\n"
	    "  -n, --normalize        scale the baseline to the target's total (truncated)\n"
	    "      --normalize=exact  ... keeping the exact decimal values\n"
	    "  -s, --strip-hex        replace hex addresses 0x... before matching\n"
	    "      --strip-lines      match Julia frames without their line numbers\n"
	    "      --wildcard REGEX   frames it matches compare equal among siblings\n"
	    "      --no-wildcard      not even Julia REPL frames (the default wildcard)\n"
	    "      --simplify         keep only the widest root of each profile\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
}

/* Could a frame of s[0..n) match the REPL wildcard?  It needs "]:";
 * memchr finds the rare ']' far faster than memmem finds a pair. */
static int
maybe_repl(const char *s, size_t n)
{
	const char *p = s, *end = s + n;

	while ((p = memchr(p, ']', end - p)) && ++p < end)
		if (*p == ':')
			return 1;
	return 0;
}

static void
add_total(struct freader *r, count *total, count c)
{
	if (!count_add(total, c))
		fr_error(r, "sum of counts overflows");
}

static void
one_count_only(struct freader *r, struct fline *l)
{
	if (l->ncounts == 2)
		fr_error(r, "two counts on a line: fg-diff compares two one-count profiles");
}

/* Replace every 0x[0-9a-fA-F]+ with "0x..." (difffolded.pl -s). */
static size_t
strip_hex(const char *s, size_t n, char *out)
{
	size_t i = 0, k = 0;

	while (i < n) {
		if (i + 2 < n && s[i] == '0' && s[i + 1] == 'x' && isxdigit((unsigned char)s[i + 2])) {
			memcpy(out + k, "0x...", 5);
			k += 5;
			for (i += 2; i < n && isxdigit((unsigned char)s[i]); i++)
				;
			continue;
		}
		out[k++] = s[i++];
	}
	return k;
}

/* Read a whole profile into memory: its counts go to column col of m. */
static void
load(struct profile *p, const struct opts *o, struct stackmap *m, int col)
{
	struct freader r;
	struct fline l;
	char *buf = NULL;
	size_t cap = 0, n;
	const char *s;

	fr_ncounts = 0;
	fr_open(&r, p->path);
	while (fr_next(&r, &l)) {
		if (!l.ncounts) {
			fhj_line(&hdr, &r, &l);
			continue;
		}
		one_count_only(&r, &l);
		s = l.stack;
		n = l.len;
		if (o->striphex) {
			/* "0x1" grows to "0x...": at most 5/3 longer */
			if (2 * n + 8 > cap) {
				cap = 2 * n + 8;
				buf = erealloc(buf, cap);
			}
			n = strip_hex(s, n, buf);
			s = buf;
		}
		if (o->defaultwild && maybe_repl(s, n))
			p->anywild = 1;
		if (!count_add(&stackmap_get(m, s, n)->c[col], l.c[0]))
			fr_error(&r, "sum of counts overflows");
		add_total(&r, &p->total, l.c[0]);
	}
	fr_close(&r);
	free(buf);
}

/* The baseline's count as printed: scaled to the target's total with -n. */
static count
scaled(const struct opts *o, count base, count t1, count t2)
{
	count c;
	double v;

	if (o->normalize == NORM_OFF || !count_cmp(t1, t2) || count_iszero(t1))
		return base;
	/* difffolded.pl: int(base * total2 / total1), in doubles */
	v = count_val(base) * count_val(t2) / count_val(t1);
	if (o->normalize == NORM_EXACT) {
		c.u = (uint64_t)v;
		c.d = v;
		return c;
	}
	v = (double)(uint64_t)v;
	c.u = (uint64_t)v;
	c.d = v;
	return c;
}

static void
print_pair(const struct opts *o, const char *s, size_t n, count b, count t,
    const count *totals)
{
	count c[2];

	c[0] = scaled(o, b, totals[0], totals[1]);
	c[1] = t;
	out_stackline(s, n, c, 2);
}

/* Both profiles in memory, matched by whole stacks. */
static void
hash_join(const struct opts *o, struct stackmap *m, const count *totals)
{
	struct stackent *e = stackmap_sort(m);
	size_t i;

	for (i = 0; i < m->n; i++)
		print_pair(o, e[i].s, e[i].len, e[i].c[0], e[i].c[1], totals);
}

/*
 * Matching frame by frame, for --strip-lines, --simplify and wildcards.
 * Each profile becomes a tree keyed by frame (less its line number with
 * --strip-lines); the trees are walked together, pairing the children
 * of paired nodes: equal keys first, then the remaining frames that
 * match a wildcard, in sorted order (ProfileVega aligns renamed REPL
 * functions this way).  A paired frame prints with the target's label.
 */
struct side {
	struct tree t;
	struct interner keys;	/* frame key -> id into label[] */
	char **label;
	size_t nlabel, labelcap;
	struct arena arena;
};

/* "f at x.jl:12 [inlined]_[d]" -> "f at x.jl [inlined]_[d]" */
static size_t
strip_line(const char *f, size_t n, char *out)
{
	const char *file, *p;
	size_t flen, k;

	memcpy(out, f, n);
	if (!frame_file(f, n, &file, &flen))
		return n;
	p = file + flen;	/* the ':' before the line */
	if (p >= f + n || *p != ':')
		return n;
	for (k = 1; p + k < f + n && isdigit((unsigned char)p[k]); k++)
		;
	if (k == 1)
		return n;
	memcpy(out + (p - f), p + k, (f + n) - (p + k));
	return n - k;
}

static void
side_add(struct side *sd, const struct opts *o, const char *s, size_t n, count c,
    int col, char **kbuf, size_t *kcap)
{
	struct frameit it;
	size_t k = 0, klen;
	count cc[2] = { { 0, 0 }, { 0, 0 } };
	uint32_t id;

	if (n + 1 > *kcap) {
		*kcap = 2 * n + 1;
		*kbuf = erealloc(*kbuf, *kcap);
	}
	for (frame_iter(&it, s, n, 0); frame_next(&it);) {
		klen = o->striplines ? strip_line(s + it.start, it.end - it.start, *kbuf + k) :
		    (memcpy(*kbuf + k, s + it.start, it.end - it.start), it.end - it.start);
		id = intern(&sd->keys, *kbuf + k, klen);
		if (id == sd->nlabel) {
			if (sd->nlabel == sd->labelcap) {
				sd->labelcap = sd->labelcap ? 2 * sd->labelcap : 1024;
				sd->label = ereallocarray(sd->label, sd->labelcap, sizeof(*sd->label));
			}
			sd->nlabel++;
			sd->label[id] = arena_strdup(&sd->arena, s + it.start, it.end - it.start);
		}
		k += klen;
		if (it.end < n)
			(*kbuf)[k++] = ';';
	}
	cc[col] = c;
	if (tree_add(&sd->t, *kbuf, k, cc) == TNONE)
		eprintf("sum of counts overflows");
}

/* One profile's tree, from column col of the sorted entries e[0..n). */
static void
side_build(struct side *sd, const struct opts *o, const struct stackent *e, size_t n, int col)
{
	char *kbuf = NULL;
	size_t kcap = 0, i;

	memset(sd, 0, sizeof(*sd));
	tree_init(&sd->t, 0, 2);
	intern_init(&sd->keys);
	for (i = 0; i < n; i++)
		if (!count_iszero(e[i].c[col]))
			side_add(sd, o, e[i].s, e[i].len, e[i].c[col], col, &kbuf, &kcap);
	tree_finish(&sd->t);
	free(kbuf);
}

static const char *
node_label(const struct side *sd, uint32_t v)
{
	size_t n = tree_namelen(&sd->t, v);

	return sd->label[intern_find(&sd->keys, tree_name(&sd->t, v), n)];
}

/* Names compare as the tree orders siblings (see intern_ranks). */
static int
cmp_keys(const struct side *a, uint32_t x, const struct side *b, uint32_t y)
{
	return sibling_cmp(tree_name(&a->t, x), tree_namelen(&a->t, x), tree_name(&b->t, y),
	    tree_namelen(&b->t, y));
}

struct pair {
	uint32_t b, t;
	size_t parentlen;
};

struct walk {
	struct side *sd;	/* [0] baseline, [1] target */
	const struct opts *o;
	struct pair *stack;
	size_t n, cap;
	uint32_t *bonly, *tonly;
	size_t nb, nt, capb, capt;
};

static void
push(struct walk *w, uint32_t b, uint32_t t, size_t parentlen)
{
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 256;
		w->stack = ereallocarray(w->stack, w->cap, sizeof(*w->stack));
	}
	w->stack[w->n].b = b;
	w->stack[w->n].t = t;
	w->stack[w->n++].parentlen = parentlen;
}

static int
wild(struct walk *w, int side, uint32_t v)
{
	const char *l = node_label(&w->sd[side], v);

	return w->o->wild.n && pat_frame(&w->o->wild, l, strlen(l));
}

static void
keep(uint32_t **list, size_t *n, size_t *cap, uint32_t v)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		*list = ereallocarray(*list, *cap, sizeof(**list));
	}
	(*list)[(*n)++] = v;
}

/* The widest child of v (for --simplify), or TNONE. */
static uint32_t
widest(const struct tree *t, uint32_t v, int col)
{
	uint32_t c, best = TNONE;

	for (c = t->node[v].child; c != TNONE; c = t->node[c].sibling)
		if (best == TNONE || count_cmp(t->node[c].total[col], t->node[best].total[col]) > 0)
			best = c;
	return best;
}

static void pair_wild(struct walk *w, size_t len);

/* Push the pairs of children of b and t (either may be TNONE). */
static void
pair_children(struct walk *w, uint32_t b, uint32_t t, size_t len)
{
	const struct tree *bt = &w->sd[0].t, *tt = &w->sd[1].t;
	uint32_t x, y;
	int c;

	w->nb = w->nt = 0;
	if (w->o->simplify && b == 0 && t == 0) {
		x = widest(bt, 0, 0);
		y = widest(tt, 0, 1);
		if (x != TNONE && y != TNONE &&
		    (!cmp_keys(&w->sd[0], x, &w->sd[1], y) || (wild(w, 0, x) && wild(w, 1, y))))
			push(w, x, y, len);
		else {
			if (x != TNONE)
				push(w, x, TNONE, len);
			if (y != TNONE)
				push(w, TNONE, y, len);
		}
		return;
	}
	x = b == TNONE ? TNONE : bt->node[b].child;
	y = t == TNONE ? TNONE : tt->node[t].child;
	while (x != TNONE || y != TNONE) {
		c = x == TNONE ? 1 : y == TNONE ? -1 : cmp_keys(&w->sd[0], x, &w->sd[1], y);
		if (c == 0) {
			push(w, x, y, len);
			x = bt->node[x].sibling;
			y = tt->node[y].sibling;
		} else if (c < 0) {
			keep(&w->bonly, &w->nb, &w->capb, x);
			x = bt->node[x].sibling;
		} else {
			keep(&w->tonly, &w->nt, &w->capt, y);
			y = tt->node[y].sibling;
		}
	}
	pair_wild(w, len);
}

/* Children keys two nodes share: how alike two renamed frames are. */
static int
overlap(struct walk *w, uint32_t b, uint32_t t)
{
	uint32_t x = w->sd[0].t.node[b].child, y = w->sd[1].t.node[t].child;
	int c, n = 0;

	while (x != TNONE && y != TNONE) {
		c = cmp_keys(&w->sd[0], x, &w->sd[1], y);
		if (c == 0)
			n++;
		if (c <= 0)
			x = w->sd[0].t.node[x].sibling;
		if (c >= 0)
			y = w->sd[1].t.node[y].sibling;
	}
	return n;
}

/*
 * The unmatched children that match a wildcard pair up: each baseline
 * frame, in sorted order, with the unpaired target frame whose callees
 * it shares most (the first in sorted order on a tie), so a renamed
 * function's loops line up even when lines moved.  The rest stay alone.
 */
static void
pair_wild(struct walk *w, size_t len)
{
	size_t i, j, best;
	int score, bestscore;

	for (j = 0; j < w->nt; j++)
		if (!wild(w, 1, w->tonly[j])) {
			push(w, TNONE, w->tonly[j], len);
			w->tonly[j] = TNONE;
		}
	for (i = 0; i < w->nb; i++) {
		if (!wild(w, 0, w->bonly[i])) {
			push(w, w->bonly[i], TNONE, len);
			continue;
		}
		best = w->nt;
		bestscore = -1;
		for (j = 0; j < w->nt; j++) {
			if (w->tonly[j] == TNONE)
				continue;
			score = overlap(w, w->bonly[i], w->tonly[j]);
			if (score > bestscore) {
				best = j;
				bestscore = score;
			}
		}
		if (best < w->nt) {
			push(w, w->bonly[i], w->tonly[best], len);
			w->tonly[best] = TNONE;
		} else {
			push(w, w->bonly[i], TNONE, len);
		}
	}
	for (j = 0; j < w->nt; j++)
		if (w->tonly[j] != TNONE)
			push(w, TNONE, w->tonly[j], len);
}

static void
tree_join(const struct opts *o, struct stackmap *m, const count *totals)
{
	struct side sd[2];
	struct walk w = { 0 };
	struct stackmap u;
	struct stackent *e;
	struct pair cur;
	count c[2];
	char *path = NULL;
	size_t cap = 0, len, n, i;
	const char *label;

	e = stackmap_sort(m);
	side_build(&sd[0], o, e, m->n, 0);
	side_build(&sd[1], o, e, m->n, 1);
	w.sd = sd;
	w.o = o;
	stackmap_init(&u);
	pair_children(&w, 0, 0, 0);
	while (w.n) {
		cur = w.stack[--w.n];
		label = cur.t != TNONE ? node_label(&sd[1], cur.t) : node_label(&sd[0], cur.b);
		n = strlen(label);
		len = cur.parentlen;
		if (len + n + 2 > cap) {
			cap = 2 * (len + n + 2);
			path = erealloc(path, cap);
		}
		if (len)
			path[len++] = ';';
		memcpy(path + len, label, n);
		len += n;
		memset(c, 0, sizeof(c));
		if (cur.b != TNONE)
			c[0] = sd[0].t.node[cur.b].self[0];
		if (cur.t != TNONE)
			c[1] = sd[1].t.node[cur.t].self[1];
		if (!count_iszero(c[0]) || !count_iszero(c[1]))
			if (!stackmap_add(&u, path, len, c, 2))
				eprintf("sum of counts overflows");
		pair_children(&w, cur.b, cur.t, len);
	}
	e = stackmap_sort(&u);
	for (i = 0; i < u.n; i++)
		print_pair(o, e[i].s, e[i].len, e[i].c[0], e[i].c[1], totals);
	stackmap_free(&u);
	for (i = 0; i < 2; i++) {
		tree_free(&sd[i].t);
		intern_free(&sd[i].keys);
		free(sd[i].label);
		arena_free(&sd[i].arena);
	}
	free(w.stack);
	free(w.bonly);
	free(w.tonly);
	free(path);
}

/*
 * Sorted regular files, the suite's own output, are merge-joined in
 * constant memory.  A first pass checks the order (and the totals -n
 * needs, and whether a REPL frame is there to align); only then is
 * anything written, so a profile that turns out unsorted costs a second
 * read, never a wrong answer.
 */
static int
scan_sorted(struct profile *p, const struct opts *o)
{
	struct freader r;
	struct fline l;
	char *prev = NULL;
	size_t prevlen = 0, cap = 0;
	int sorted = 1, first = 1;
	struct stat st;

	if (!p->path || !strcmp(p->path, "-") || stat(p->path, &st) || !S_ISREG(st.st_mode))
		return 0;
	fr_ncounts = 0;
	fr_open(&r, p->path);
	while (fr_next(&r, &l)) {
		if (!l.ncounts)
			continue;
		one_count_only(&r, &l);
		add_total(&r, &p->total, l.c[0]);
		if (o->defaultwild && maybe_repl(l.stack, l.len))
			p->anywild = 1;
		if (!first && stack_cmp(l.stack, l.len, prev, prevlen) < 0) {
			sorted = 0;
			break;
		}
		if (l.len > cap) {
			cap = 2 * l.len;
			prev = erealloc(prev, cap);
		}
		memcpy(prev, l.stack, l.len);
		prevlen = l.len;
		first = 0;
	}
	fr_close(&r);
	free(prev);
	return sorted;
}

/*
 * Scan both files at once, the target in a child process (two cores
 * halve the wait); its findings come back through a pipe.  Errors in
 * the target are reported by the child, which exits 1, and end the
 * parent too.  The child's messages go through a second pipe and are
 * passed on only when the baseline was good: one message, the first
 * file's, when both are bad.
 */
struct findings {
	int sorted, anywild;
	count total;
};

static int
scan_both(struct profile *p, const struct opts *o)
{
	struct findings f = { 0 };
	int fd[2], efd[2], status, sorted;
	pid_t pid;
	ssize_t n, said;
	char msg[4096];

	if (pipe(efd) || pipe(fd) || (pid = fork()) < 0) {
		/* no second process: scan one after the other */
		return scan_sorted(&p[0], o) && scan_sorted(&p[1], o);
	}
	if (pid == 0) {
		close(fd[0]);
		close(efd[0]);
		dup2(efd[1], 2);
		f.sorted = scan_sorted(&p[1], o);
		f.anywild = p[1].anywild;
		f.total = p[1].total;
		n = write(fd[1], &f, sizeof(f));
		_exit(n == sizeof(f) ? 0 : 1);
	}
	close(fd[1]);
	close(efd[1]);
	sorted = scan_sorted(&p[0], o);
	n = read(fd[0], &f, sizeof(f));
	close(fd[0]);
	/* what the child said (what was wrong, when it failed) */
	while ((said = read(efd[0], msg, sizeof(msg))) > 0)
		if (write(2, msg, said) != said)
			break;
	close(efd[0]);
	while (waitpid(pid, &status, 0) < 0)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		exit(EXIT_BADINPUT);
	if (n != sizeof(f))
		eprintf("lost the scan of %s", displayname(p[1].path));
	p[1].anywild = f.anywild;
	p[1].total = f.total;
	return sorted && f.sorted;
}

struct head {
	struct freader r;
	struct fline l;
	int live;
};

static void
step(struct head *h)
{
	while ((h->live = fr_next(&h->r, &h->l)) && !h->l.ncounts)
		fhj_line(&hdr, &h->r, &h->l);
}

static void
merge_join(const struct opts *o, struct profile *p)
{
	struct head h[2];
	count totals[2] = { p[0].total, p[1].total }, sum[2];
	char *cur = NULL;
	size_t curlen, cap = 0;
	int k, c;

	for (k = 0; k < 2; k++) {
		fr_ncounts = 1;
		fr_open(&h[k].r, p[k].path);
		step(&h[k]);
	}
	fhj_print(&hdr, 2);
	while (h[0].live || h[1].live) {
		c = !h[0].live ? 1 : !h[1].live ? -1 :
		    stack_cmp(h[0].l.stack, h[0].l.len, h[1].l.stack, h[1].l.len);
		k = c <= 0 ? 0 : 1;
		curlen = h[k].l.len;
		if (curlen + 1 > cap) {
			cap = 2 * curlen + 1;
			cur = erealloc(cur, cap);
		}
		memcpy(cur, h[k].l.stack, curlen);
		memset(sum, 0, sizeof(sum));
		for (k = 0; k < 2; k++)
			while (h[k].live && !stack_cmp(h[k].l.stack, h[k].l.len, cur, curlen)) {
				count_add(&sum[k], h[k].l.c[0]);
				step(&h[k]);
			}
		print_pair(o, cur, curlen, sum[0], sum[1], totals);
	}
	for (k = 0; k < 2; k++)
		fr_close(&h[k].r);
	free(cur);
}

int
main(int argc, char **argv)
{
	enum { O_STRIPLINES = 256, O_WILDCARD, O_NOWILDCARD, O_SIMPLIFY, O_VERSION };
	static const struct option longopts[] = {
		{ "normalize", optional_argument, NULL, 'n' },
		{ "strip-hex", no_argument, NULL, 's' },
		{ "strip-lines", no_argument, NULL, O_STRIPLINES },
		{ "wildcard", required_argument, NULL, O_WILDCARD },
		{ "no-wildcard", no_argument, NULL, O_NOWILDCARD },
		{ "simplify", no_argument, NULL, O_SIMPLIFY },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, O_VERSION },
		{ 0 }
	};
	struct opts o = { 0 };
	struct profile p[2];
	int c, k, sorted, userwild = 0, nowild = 0;
	char **wilds = NULL;
	int nwilds = 0;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "nsh", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			if (!optarg)
				o.normalize = NORM_TRUNC;
			else if (!strcmp(optarg, "exact"))
				o.normalize = NORM_EXACT;
			else
				usage_error("bad normalize mode: '%s'", optarg);
			break;
		case 's': o.striphex = 1; break;
		case O_STRIPLINES: o.striplines = 1; break;
		case O_WILDCARD:
			wilds = ereallocarray(wilds, nwilds + 1, sizeof(*wilds));
			wilds[nwilds++] = optarg;
			userwild = 1;
			break;
		case O_NOWILDCARD: nowild = 1; break;
		case O_SIMPLIFY: o.simplify = 1; break;
		case 'h': usage(); break;
		case O_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc != 2)
		usage_error("two profiles expected, BASELINE and TARGET");
	if (!strcmp(argv[0], "-") && !strcmp(argv[1], "-"))
		usage_error("standard input can be only one of the profiles");
	o.defaultwild = !nowild;
	if (!nowild)
		pat_add(&o.wild, PAT_REGEX, REPL_WILDCARD);
	for (k = 0; k < nwilds; k++)
		pat_add(&o.wild, PAT_REGEX, wilds[k]);
	if (o.normalize == NORM_EXACT)
		count_frac = 1;
	memset(p, 0, sizeof(p));
	p[0].path = argv[0];
	p[1].path = argv[1];
	sorted = !o.striphex && !o.striplines && !o.simplify && !userwild &&
	    scan_both(p, &o) && !p[0].anywild && !p[1].anywild;
	if (sorted) {
		merge_join(&o, p);
	} else {
		struct stackmap m;
		count totals[2];

		stackmap_init(&m);
		for (k = 0; k < 2; k++) {
			p[k].total = count_from_u64(0);
			p[k].anywild = 0;
			load(&p[k], &o, &m, k);
			totals[k] = p[k].total;
		}
		fhj_print(&hdr, 2);
		if (o.striplines || o.simplify || userwild || p[0].anywild || p[1].anywild)
			tree_join(&o, &m, totals);
		else
			hash_join(&o, &m, totals);
		stackmap_free(&m);
	}
	/* an empty side is allowed, and said (fg(7)) */
	if (count_iszero(p[0].total))
		weprintf("%s: the baseline has no samples: every stack is new",
		    displayname(p[0].path));
	if (count_iszero(p[1].total))
		weprintf("%s: the target has no samples: every stack vanished",
		    displayname(p[1].path));
	out_flush();
	pat_free(&o.wild);
	free(wilds);
	return 0;
}
