/* srcfile.h: source files read from the directories given, and no
 * other place
 *
 * A profile names its source files (a frame's FILE, fg-folded(5)), and
 * a profile is untrusted: its paths may climb out with "..", lead
 * through a symbolic link out of the tree, or name /etc/shadow.  A
 * path is first rewritten by the longest --source-map FROM=TO whose
 * FROM begins it (a tree built elsewhere, as CI builds are); an
 * absolute path is then taken as it is, a relative one under each
 * directory in turn; what it resolves to (realpath: no "..", no
 * link) must lie under one of the directories, each resolved once
 * when it is added, and be a regular file, else it is not opened and
 * the reason is said.  The resolved path is then opened a component at
 * a time, none followed if it is a link, so that a directory swapped
 * for a link between the check and the open is refused too.
 */
#ifndef FG_SRCFILE_H
#define FG_SRCFILE_H

#include <stddef.h>
#include <stdint.h>

struct srcdirs {
	char **dir;		/* resolved (realpath) */
	const char **given;	/* as given, for messages */
	size_t ndir;
	struct srcmap {
		const char *from, *to;
		size_t fromlen;
	} *map;
	size_t nmap;
};

/* Add directory d (its argument string is kept, not copied); one that
 * is not there or not a directory is an error (exit 1). */
void src_adddir(struct srcdirs *s, const char *d);
/* Add a FROM=TO rewrite (arg kept, not copied); one without '=' or
 * with an empty FROM is a usage error. */
void src_addmap(struct srcdirs *s, const char *arg);
/*
 * Open path p[0..n) under s's directories, for reading: a descriptor,
 * or -1 with why (cap bytes) saying what stopped it ("not found under
 * the source directories", "'..' leads out of the source
 * directories", ...): a refusal rather than "not found" when one
 * directory refused it and none had it.
 */
int src_open(const struct srcdirs *s, const char *p, size_t n, char *why, size_t cap);
void src_free(struct srcdirs *s);

/* Why p[0..n), a line of a file or a whole one, is not text: "a NUL
 * byte" or "invalid UTF-8"; NULL when it is text. */
const char *src_nottext(const char *p, size_t n);

#endif
