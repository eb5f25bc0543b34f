/* pattern.h: patterns that name frames (fg-folded(5), fg(7))
 *
 *   NAME        the frame's function name is NAME
 *   NAME@FILE   ... and its file is FILE or ends in /FILE
 *   -e REGEX    a POSIX ERE matches somewhere in the label
 *   -F TEXT     TEXT occurs somewhere in the label
 *
 * Every pattern sees one frame at a time: nothing matches across the
 * ';' between two frames.
 */
#ifndef FG_PATTERN_H
#define FG_PATTERN_H

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum { PAT_NAME, PAT_REGEX, PAT_FIXED };

struct pattern {
	int kind;
	char *text;		/* NAME, TEXT or the regex source */
	size_t len;
	char *file;		/* NAME@FILE: FILE, else NULL */
	size_t filelen;
	struct rx *re;		/* PAT_REGEX: compiled */
};

struct patcache;
struct rx;

struct patset {
	struct pattern *p;
	size_t n;
	int icase;		/* regexes ignore case */
	int nregex;		/* how many of p are PAT_REGEX */
	/* each distinct frame's verdict under the regexes, so that a
	 * frame repeated over many stacks is matched once */
	struct patcache *cache;
};

/*
 * The pattern options that fg-prune, fg-filter and fg-top share:
 * -e/--regex REGEX, -F/--fixed TEXT and --name NAME[@FILE], whose short
 * form is the program's (NAMEOPT: 'n', or a long-only code).
 */
#define PAT_SHORTOPTS "e:F:"
#define PAT_LONGOPTS(nameopt) \
	{ "name", required_argument, NULL, (nameopt) }, \
	{ "regex", required_argument, NULL, 'e' }, \
	{ "fixed", required_argument, NULL, 'F' }
/* Take option c with argument arg if it is a pattern option: 1, else 0. */
int pat_option(struct patset *ps, int c, const char *arg, int nameopt);

/* Compile regex text with rx_compile's flags (base/regex.h); a bad or
 * too big one (RX_MAXINST) is a usage error (exit 2). */
struct rx *pat_compile(const char *text, int flags);
/* Add a pattern; a bad or too big regex is a usage error (exit 2). */
void pat_add(struct patset *ps, int kind, const char *text);
/* Does frame f[0..n) match any pattern?  f need not be NUL-terminated. */
int pat_frame(const struct patset *ps, const char *f, size_t n);
/*
 * The first frame (nearest the root) of stack s[0..len) that matches:
 * its start offset, with its end in *end, or -1 when none does.
 */
long pat_first(const struct patset *ps, const char *s, size_t len, size_t *end);

/* When no pattern option was given, the first operand is a NAME
 * pattern (grep's rule): take it from argv.  No pattern at all is a
 * usage error. */
void pat_operand(struct patset *ps, int *argc, char ***argv);
void pat_free(struct patset *ps);

#endif
