/* formats/sample/read.c: macOS sample's call graphs to folded stacks
 * (see read.h) */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "formats/sample/read.h"
#include "stack/label.h"
#include "stack/rustsym.h"

/* a node of the path from the thread's root to the line read */
struct sample_node {
	size_t at;		/* where its frame ends in the stack (sb_len) */
	count c;		/* its samples, callees' included */
	count kids;		/* its callees' samples so far */
	int wait;		/* a function threads wait in */
};

struct sample {
	const struct sample_opts *o;
	int part;		/* SAMPLE_: the head may end, the tail begin,
				 * inside a call graph, at a thread's line */
	struct lines *r;
	struct stackbuild sb;	/* the path, root first */
	int ready;		/* sb set up */
	struct sample_node *node;
	size_t depth, cap;	/* node[0..depth) */
	struct bytes tmp;	/* a Rust symbol made whole */
	struct bytes frame;	/* a frame, "module`function" */
	struct labelbuf lb;	/* --lines: a frame with its line */
	uint64_t graphs;	/* call graphs read, in all files */
};

/* The functions that sample's waiting threads sit in, as inferno and
 * stackcollapse-sample.awk list them: their samples are left out
 * unless --waits. */
static const struct {
	const char *name;
	size_t len;
} waits[] = {
	{ "__psynch_cvwait", 15 }, { "__select", 8 }, { "__semwait_signal", 16 },
	{ "__ulock_wait", 12 }, { "__wait4", 7 }, { "__workq_kernreturn", 18 }, { "kevent", 6 },
	{ "mach_msg_trap", 13 }, { "read", 4 }, { "semaphore_wait_trap", 19 },
};

static int
waiting(const char *f, size_t n)
{
	size_t i;

	for (i = 0; i < LEN(waits); i++)
		if (waits[i].len == n && !memcmp(f, waits[i].name, n))
			return 1;
	return 0;
}

/* The last "(in " of s[0..n): the module's name after it, to its ')',
 * without ".dylib"; NULL when there is none. */
static const char *
module(const char *s, size_t n, size_t *len)
{
	const char *in, *close;
	size_t k = n;

	for (; (in = memrchr(s, '(', k)); k = (size_t)(in - s))
		if (n - (size_t)(in - s) >= 4 && !memcmp(in, "(in ", 4))
			break;
	if (!in || !(close = memchr(in + 4, ')', n - (size_t)(in + 4 - s))))
		return NULL;
	*len = (size_t)(close - in - 4);
	if (*len >= 6 && !memcmp(close - 6, ".dylib", 6))
		*len -= 6;
	return in + 4;
}

/* The function of s[0..n), the text after the count: up to its first
 * '(' (C++ arguments, sample's "(in module)"), or an Objective-C
 * method's name whole, "-[NSView(Category) draw:]". */
static size_t
function(const char *s, size_t n)
{
	const char *end;

	if (n > 2 && (s[0] == '-' || s[0] == '+') && s[1] == '[' && (end = memchr(s, ']', n)))
		n = (size_t)(end + 1 - s);
	else if ((end = memchr(s, '(', n)))
		n = (size_t)(end - s);
	while (n && dump_blank(s[n - 1]))
		n--;
	return n;
}

/* --lines: the source line sample writes after a frame's address,
 * "...  [0x10a5c1f34]  main.c:24": 1, the file in *file and *flen, the
 * line in *line; 0 when s[0..n) has none. */
static int
source(const char *s, size_t n, const char **file, size_t *flen, int64_t *line)
{
	const char *close = memrchr(s, ']', n), *colon;
	size_t a, k, i;

	if (!close)
		return 0;
	for (a = (size_t)(close + 1 - s); a < n && dump_blank(s[a]); a++)
		;
	while (n > a && dump_blank(s[n - 1]))
		n--;
	if (a == n || !(colon = memrchr(s + a, ':', n - a)) || colon == s + a)
		return 0;
	k = n - (size_t)(colon + 1 - s);
	if (!k || k > 9 || !isdigits(colon + 1, k, 0))
		return 0;
	for (*line = 0, i = 0; i < k; i++)
		*line = *line * 10 + (colon[1 + i] - '0');
	*file = s + a;
	*flen = (size_t)(colon - (s + a));
	return 1;
}

/* The frame text f[0..n) pushed onto the path, with the source line
 * the line s[0..sn) ends in under --lines. */
static void
push(struct sample *st, const char *f, size_t n, const char *s, size_t sn)
{
	const char *file;
	size_t flen;
	int64_t line;

	if (st->o->lines && source(s, sn, &file, &flen, &line)) {
		label_make(&st->lb, f, n, file, flen, line, 0, NULL);
		sb_text(&st->sb, st->lb.s, st->lb.len);
	} else {
		sb_text(&st->sb, f, n);
	}
}

/* The frame of the text after a line's count, pushed onto the path:
 * "module`function".  1 when its function is one threads wait in. */
static int
frame(struct sample *st, const char *s, size_t n)
{
	const char *mod = NULL, *fn = s;
	size_t mlen = 0, flen = function(s, n);
	struct bytes *f = &st->frame;
	int wait = waiting(fn, flen);

	if (!st->o->nomodules)
		mod = module(s, n, &mlen);
	if (rustsym_fix(fn, flen, &st->tmp)) {
		fn = (const char *)st->tmp.p;
		flen = st->tmp.n;
	}
	if (!mod) {
		push(st, fn, flen, s, n);
		return wait;
	}
	f->p = egrowarray(f->p, &f->cap, mlen + flen + 1, 1);
	memcpy(f->p, mod, mlen);
	f->p[mlen] = '`';
	memcpy(f->p + mlen + 1, fn, flen);
	push(st, (const char *)f->p, mlen + 1 + flen, s, n);
	return wait;
}

/* The nodes below depth d leave the path, the deepest first: each
 * node's own samples, what its callees do not take, are a stack. */
static void
pop(struct sample *st, size_t d)
{
	struct sample_node *nd;
	count self;

	for (; st->depth > d; st->depth--) {
		nd = &st->node[st->depth - 1];
		self = nd->c;
		count_sub(&self, nd->kids);
		if (count_iszero(self) || (nd->wait && !st->o->waits))
			continue;
		sb_cut(&st->sb, nd->at);
		if (!sb_add(&st->sb, self))
			lines_error(st->r, "sum of counts overflows");
	}
	sb_cut(&st->sb, d ? st->node[d - 1].at : 0);
}

/* The count at the start of s[0..n), up to the blank after it. */
static count
samples(struct sample *st, const char *s, size_t n, size_t *len)
{
	count c;
	size_t k;

	for (k = 0; k < n && !dump_blank(s[k]); k++)
		;
	*len = k;
	for (k = 0; k < *len; k++)
		if (!isdec(s[k]))
			lines_error(st->r, "bad sample count: '%.*s'", (int)*len, s);
	if (!k)
		lines_error(st->r, "no sample count");
	if (count_parse(s, *len, &c))
		lines_error(st->r, "sample count overflows: %.*s", (int)*len, s);
	return c;
}

/* A line of the call graph, s[0..n) after its four spaces. */
static void
node(struct sample *st, const char *s, size_t n)
{
	struct sample_node *nd, *up;
	size_t k, d, len;
	count c;

	/* the line is NUL-terminated (lines_next): strspn's vector loop */
	if ((k = strspn(s, " +|:!")) > n)
		k = n;
	if (k == n)
		lines_error(st->r, "a call graph line of indentation alone");
	if (k % 2)
		lines_error(st->r, "odd indentation: %zu characters, not two a level", k);
	if ((d = k / 2) > st->depth)
		lines_error(st->r, "skipped indentation level: %zu levels below the line before", d - st->depth);
	c = samples(st, s + k, n - k, &len);
	for (k += len; k < n && dump_blank(s[k]); k++)
		;
	if (k == n)
		lines_error(st->r, "no frame after the sample count");
	pop(st, d);
	up = d ? &st->node[d - 1] : NULL;
	if (up && (!count_add(&up->kids, c) || count_cmp(up->c, up->kids) < 0))
		lines_error(st->r, "the samples of the callees add up to more than their caller's %llu",
		    (unsigned long long)up->c.u);
	st->node = egrowarray(st->node, &st->cap, d + 1, sizeof(*st->node));
	nd = &st->node[d];
	nd->wait = frame(st, s + k, n - k);
	nd->at = sb_len(&st->sb);
	nd->c = c;
	nd->kids = count_from_u64(0);
	st->depth = d + 1;
}

void
sample_fold(void *arg, struct lines *r, struct stackmap *m)
{
	struct sample *st = arg;
	char *s;
	size_t n;
	int in = st->part == SAMPLE_TAIL, text = 0;
	uint64_t graphs = in;

	if (!st->ready) {
		sb_init(&st->sb, m, NULL);
		st->ready = 1;
	}
	st->r = r;
	r->format = "sample";
	while (lines_next(r, &s, &n)) {
		if (r->lineno == 1 && st->part != SAMPLE_TAIL)
			dump_first(r);
		while (n && dump_blank(s[n - 1]))
			n--;
		text |= n > 0;
		if (!in) {
			if (has_prefix(s, n, "Call graph:"))
				in = 1, graphs++;
		} else if (has_prefix(s, n, "    ")) {
			node(st, s + 4, n - 4);
		} else if (has_prefix(s, n, "Total number in stack")) {
			pop(st, 0);
			in = 0;
		} else if (n) {
			lines_error(r, "a call graph line that does not start with four spaces");
		}
	}
	if (in && st->part == SAMPLE_HEAD) {
		pop(st, 0);	/* the tail goes on with the next thread */
		in = 0;
	}
	if (in)
		fileerr(r->name, r->lineno, "the file ends inside the call graph (no "
		    "\"Total number in stack\" line after it)");
	st->graphs += graphs;
	if (text && !graphs)
		fileerr(r->name, 0, "no \"Call graph:\" line: not the output of macOS sample?");
}

void
sample_free(void *arg)
{
	struct sample *st = arg;

	sb_free(&st->sb);
	st->ready = 0;
	bytes_free(&st->tmp);
	bytes_free(&st->frame);
	label_free(&st->lb);
	free(st->node);
	free(st);
}

struct sample *
sample_new(const struct sample_opts *o, int part)
{
	struct sample *st = ecalloc(1, sizeof(*st));

	st->o = o;
	st->part = part;
	return st;
}

void
sample_parts(void *head, void *tail)
{
	((struct sample *)head)->part = SAMPLE_HEAD;
	((struct sample *)tail)->part = SAMPLE_TAIL;
}

/* split_find's finder: the start of a thread's line, "\n    825 " */
static size_t
threadline(const char *p, size_t n, void *arg)
{
	const char *q, *end = p + n;

	(void)arg;
	for (q = p; (q = memchr(q, '\n', (size_t)(end - q))) && q + 5 < end; q++)
		if (q[5] >= '1' && q[5] <= '9' && !memcmp(q + 1, "    ", 4))
			return (size_t)(q + 1 - p);
	return SIZE_MAX;
}

int
sample_cut(void *st, const char *path, struct splitfile *sf)
{
	(void)st;
	return split_find(path, 5, threadline, NULL, sf);
}
