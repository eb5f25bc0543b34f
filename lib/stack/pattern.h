/* pattern.h: patterns that name frames (fg(7), Patterns)
 *
 *   NAME        the frame's function name is NAME
 *   NAME@FILE   ... and its file is FILE or ends in /FILE
 *   -e REGEX    a POSIX ERE matches somewhere in the label
 *   -F TEXT     TEXT occurs somewhere in the label
 */
#ifndef FG_PATTERN_H
#define FG_PATTERN_H

#include <regex.h>
#include <stddef.h>
#include <sys/types.h>

enum { PAT_NAME, PAT_REGEX, PAT_FIXED };

struct pattern {
	int kind;
	char *text;		/* NAME, TEXT or the regex source */
	size_t len;
	char *file;		/* NAME@FILE: FILE, else NULL */
	size_t filelen;
	regex_t re;
};

struct patset {
	struct pattern *p;
	size_t n;
	int icase;		/* regexes ignore case */
};

/* Add a pattern; a bad regex is a usage error (exit 2). */
void pat_add(struct patset *ps, int kind, const char *text);
/* Does frame f[0..n) (NUL-terminated) match any pattern? */
int pat_frame(const struct patset *ps, const char *f, size_t n);
/*
 * The first frame (nearest the root) of stack s[0..len) that matches:
 * its start offset, with its end in *end, or -1 when none does.  s must
 * be writable and NUL-terminated; it is left as it was.
 */
long pat_first(const struct patset *ps, char *s, size_t len, size_t *end);

/* When no pattern option was given, the first operand is a NAME
 * pattern (grep's rule): take it from argv.  No pattern at all is a
 * usage error. */
void pat_operand(struct patset *ps, int *argc, char ***argv);
void pat_free(struct patset *ps);

#endif
