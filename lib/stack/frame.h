/* frame.h: the frames of a stack, and the parts of a frame label
 * (fg-folded(5): Frames, Annotations, Julia frames)
 *
 *   FUNC at FILE:LINE [inlined]_[d]
 *
 * The function name is the text before " at ", or for a label without
 * " at " the whole label less its annotation; the file is the text
 * between " at " and the last ':'.
 */
#ifndef FG_FRAME_H
#define FG_FRAME_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * The frames of a stack, root first, split at each ';' (an empty frame
 * included; an empty stack is one empty frame):
 *
 *	struct frameit it;
 *
 *	for (frame_iter(&it, s, len, 0); frame_next(&it);)
 *		use(s + it.start, it.end - it.start);
 *
 * pos starts at the frame that begins at s[pos] instead of the root.
 */
struct frameit {
	const char *s;
	size_t len;
	size_t start, end;	/* the frame is s[start..end); s[end] is ';' or the end */
};

static inline void
frame_iter(struct frameit *it, const char *s, size_t len, size_t pos)
{
	it->s = s;
	it->len = len;
	it->start = pos;
	it->end = pos - 1;	/* frame_next starts after it */
}

/* Step to the next frame: 1, or 0 after the leaf. */
static inline int
frame_next(struct frameit *it)
{
	const char *semi;

	if (it->end == it->len)
		return 0;
	it->start = it->end + 1;
	semi = memchr(it->s + it->start, ';', it->len - it->start);
	it->end = semi ? (size_t)(semi - it->s) : it->len;
	return 1;
}

/*
 * The order sibling frames are shown in, by flame graphs and fg-top
 * --tree: that of sorted lines (flamegraph.pl's), where a frame is
 * followed by ' ', the blank before a count, when a stack ends in it
 * (leaf: 1), else by ';'.  So a leaf "b" comes before "b2" and "f"
 * before "f::g", a "b" with callees only after them; a leaf "f" after
 * "f (inlined)", which goes on with the blank and then a byte below a
 * count's digits (and so in fg-html's trees, pstack_lead).  Bytewise
 * otherwise; a and b are two siblings' names (never equal).
 */
static inline int
sibling_order(const char *a, size_t alen, int aleaf, const char *b, size_t blen, int bleaf)
{
	size_t n = alen < blen ? alen : blen;
	int c = memcmp(a, b, n), ca, cb;

	if (c)
		return c;
	ca = alen > n ? (unsigned char)a[n] : aleaf ? ' ' : ';';
	cb = blen > n ? (unsigned char)b[n] : bleaf ? ' ' : ';';
	/* equal only where the shorter is a leaf and the other goes on
	 * with ' ': the shorter after */
	return ca != cb ? ca - cb : alen == n ? 1 : -1;
}

/*
 * The one bytewise order of frames, names and stacks: by bytes, and a
 * string before every longer one it begins.  For stacks it is the order
 * of the suite's sorted output, LC_ALL=C sort order of the lines except
 * where a frame goes on with a byte below '0' after a space.
 */
static inline int
stack_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int c = memcmp(a, b, alen < blen ? alen : blen);

	return c ? c : (alen > blen) - (alen < blen);
}

/* Length of f[0..n) without its annotation ("_[k]", "_[dg]", ...);
 * *annot points at the annotation's letters ("k", "dg") or is NULL. */
size_t frame_strip_annot(const char *f, size_t n, const char **annot, size_t *annotlen);
/*
 * The status annotation of f[0..n): FRAME_D for "_[d]", FRAME_G for
 * "_[g]", both for "_[dg]", 0 for none or another annotation; *base is
 * the length of f without it.  A status marks the samples' state in the
 * frame (FlameGraphs.jl's flags), not another function: frames equal
 * but for it are one frame to the folding of recursion.
 */
enum { FRAME_D = 1, FRAME_G = 2 };
int frame_status(const char *f, size_t n, size_t *base);
/* The annotation of status st ("_[d]", "_[g]", "_[dg]", or ""). */
const char *frame_status_annot(int st);
/* Length of the function name at the start of f[0..n). */
size_t frame_funclen(const char *f, size_t n);
/* The file of f[0..n): 1 and its place, or 0 when the label has none. */
int frame_file(const char *f, size_t n, const char **file, size_t *filelen);
/*
 * The parts of label f[0..n) a profile format of its own keeps apart,
 * for the writers (fg-pprof, fg-speedscope): the function name
 * f[0..namelen); the file and line of " at FILE:LINE" (file NULL
 * without " at "; line 0 when the text after the last ':' is not a
 * line number, the file then running to the end); and whether the frame
 * was inlined into its caller: annotated _[i], or a Julia frame ending
 * in " [inlined]".  Other annotations are left out of every part.
 */
struct frameparts {
	size_t namelen;
	const char *file;
	size_t filelen;
	uint64_t line;
	int inlined;
};
void frame_parts(const char *f, size_t n, struct frameparts *p);

/*
 * The one guard of the frames a folder writes, each alike wherever it
 * stands in a stack: blanks that end a frame go (a leaf's would end its
 * line ambiguously: "[unknown] 5" or "[unknown]  5"), a leading "# "
 * becomes "#_" and so does a frame "#" alone (a root frame so, or a
 * stack of it alone, would make its line a comment), and a trailing
 * number is guarded: the blanks before it become '_' ("worker 12"
 * would be read back as a count, fg-folded(5); "worker_12" is not).
 * In place, f having room for two bytes at least (a "#" grows by
 * one); returns the frame's new length.  stack_guard does so for every
 * frame of stack s[0..n), which it compacts; s has room for n + 1
 * bytes, as only its root grows from "#" to "#_" (a "#" further on
 * makes no comment, and is kept).
 */
size_t frame_guard(char *f, size_t n);
size_t stack_guard(char *s, size_t n);
/* A frame's text f[0..n) made a label, in place: ';' becomes ':', line
 * ends and NUL become blanks, and the frame guarded (frame_guard, so
 * f has room for two bytes).  For folders that label frames
 * themselves.  Returns its length, which the label is cut to. */
size_t frame_clean(char *f, size_t n);
/* For a program that writes a stack of the input from a new place: a
 * root frame that begins with "# " (a new root, as fg-filter --reroot
 * makes) has its blank made '_'; stack_guard_leaf guards a new leaf
 * (a stack cut short) that ends in a number, as frame_guard does. */
void stack_guard_root(char *s, size_t n);
void stack_guard_leaf(char *s, size_t n);
/* Reverse the order of the frames of stack s[0..n) into out[0..n). */
void stack_reverse(const char *s, size_t n, char *out);

#endif
