/* frame.h: the parts of a frame label (SPEC sections 1 to 3)
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

/* Length of f[0..n) without its annotation ("_[k]", "_[dg]", ...);
 * *annot points at the annotation's letters ("k", "dg") or is NULL. */
size_t frame_strip_annot(const char *f, size_t n, const char **annot, size_t *annotlen);
/* Length of the function name at the start of f[0..n). */
size_t frame_funclen(const char *f, size_t n);
/* The file of f[0..n): 1 and its place, or 0 when the label has none. */
int frame_file(const char *f, size_t n, const char **file, size_t *filelen);
/*
 * For folders: a frame that ends in blanks and a number ("worker 12")
 * would be read back as a count column ("STACK BASE TARGET", or a
 * one-count line with two counts, fg-folded(5)).  frame_guard_count
 * makes the blank before the number '_' ("worker_12"), in place;
 * stack_guard_counts does so for every frame of stack s[0..n).  Call it
 * on each stack before writing it.
 */
void frame_guard_count(char *f, size_t n);
void stack_guard_counts(char *s, size_t n);
/* Reverse the order of the frames of stack s[0..n) into out[0..n). */
void stack_reverse(const char *s, size_t n, char *out);

#endif
