/* nameattr.h: per-function attributes of frames (flamegraph.pl's and
 * inferno's --nameattr)
 *
 * A line is FUNC, a tab, then tab-separated NAME=VALUE pairs: title
 * (the tooltip), href (a link), id, class, target, and g_extra and
 * a_extra, each a space-separated list of NAME=VALUE or NAME="VALUE".
 * Only attributes from a fixed list are kept, each at most once (a
 * later one wins, with a warning); others are dropped with a warning,
 * and so is an href whose scheme runs script (javascript:, vbscript:,
 * data:).  Values are kept as they are: the renderer escapes them.
 */
#ifndef FG_NAMEATTR_H
#define FG_NAMEATTR_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/intern.h"

struct naattr {
	const char *name;	/* from the fixed list */
	const char *value;
	int link;		/* an attribute of the link (target, rel...), not the frame */
};

struct nafunc {
	const char *title;	/* NULL: the renderer's own */
	const char *href;	/* NULL: no link */
	struct naattr *a;
	uint32_t n;
	size_t cap;
};

struct nameattrs {
	struct interner names;	/* FUNC -> index into f */
	struct nafunc *f;
	struct arena arena;	/* values */
	int titles;		/* some function has a title */
	uint64_t lineno;
};

void nameattr_init(struct nameattrs *m);
/* Read the file at path into m; a line without a tab is an error
 * ("PROG: FILE:LINE: what", exit 1). */
void nameattr_load(struct nameattrs *m, const char *path);
/* Take one line s[0..n) (no newline) of file path (for messages). */
void nameattr_line(struct nameattrs *m, const char *path, const char *s, size_t n);
/* The attributes of frame name[0..n) (annotation included), or NULL. */
const struct nafunc *nameattr_find(const struct nameattrs *m, const char *name, size_t n);
/* The value of attribute name of f, or NULL. */
const char *nameattr_get(const struct nafunc *f, const char *name);
void nameattr_free(struct nameattrs *m);

#endif
