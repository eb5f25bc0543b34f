/* split.h: a reading in two parts, the second in a helper thread
 *
 * A program that reads a big regular file may give its second part to
 * a helper thread (base/par.h).  The cut falls just after a separator
 * (a newline between folded lines, a blank line between perf samples),
 * so each part holds whole records.  fg-diff reads its two profiles the
 * same way, one a part.
 */
#ifndef FG_SPLIT_H
#define FG_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "folded/lines.h"
#include "stack/stackmap.h"

/* Files smaller than this are read by one thread. */
#define SPLIT_MIN (1 << 20)

/* A regular file cut in two: part 0 is [0, at), part 1 [at, size). */
struct splitfile {
	const char *path;
	uint64_t size, at;
};

/* 1 when path is a regular file of at least SPLIT_MIN bytes with sep
 * after its middle: f cut just past the first sep from the middle on.
 * Else 0. */
int split_point(const char *path, const char *sep, size_t seplen, struct splitfile *f);
/* The same with a finder of records of its own: find(p, n, arg), in a
 * window p[0..n) of the file, gives the offset of the first record's
 * start (just past its separator), or SIZE_MAX; windows overlap by
 * overlap bytes, so that a separator across two is found. */
typedef size_t split_findfn(const char *p, size_t n, void *arg);
int split_find(const char *path, size_t overlap, split_findfn *find, void *arg, struct splitfile *f);
/* Read only part k of f with r, just opened on f->path. */
void split_part(struct lines *r, const struct splitfile *f, int k);

/*
 * A reading in two parts, each into a map of its own, part 1 in a
 * helper thread.  The caller's callbacks do the format's work:
 *
 *   first(part[0], part[1])  part 0 read up to its first record, and
 *                            what that decides (the count columns, the
 *                            event kept) copied into part 1, which is
 *                            opened: part 1 never reads what part 0
 *                            writes.  0: nothing is left to read.
 *   read(part[k])            a part read to its end, part 1 in the
 *                            helper thread; map[k] is sorted there.
 *
 * Messages are those of a reading in order: part 1's wait for part 0's
 * (par_finish), their line numbers after lines->lineno, the lines part
 * 0 read of the same file (lines NULL: part 1 is another file).
 * Without a thread, part 1 is read after part 0, with the same
 * messages.  split_run returns 0 when first said so; else 1, both parts
 * read: the caller joins what part 1 learnt into part 0 (its rules, its
 * warnings) and merges the sorted maps (stackmap_merge_each).
 */
struct splitrun {
	void *part[2];
	struct stackmap *map[2];
	const struct lines *lines;
	int (*first)(void *part0, void *part1);
	void (*read)(void *part);
};

int split_run(const struct splitrun *s);

#endif
