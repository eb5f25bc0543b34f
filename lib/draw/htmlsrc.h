/* htmlsrc.h: fg-html --source-dir: the source files its frames name,
 * embedded in the page for its source pane
 *
 * As each input's stacks are ordered (html_input), every stack counts
 * once toward each file its frames name ("NAME at FILE:LINE", the
 * FILE of frame_parts); at the end the files of at least share
 * percent of the page's samples (both columns of a differential
 * input), the costliest first, are read through base/srcfile.h (from
 * under the source directories only, never another file) and written
 * into the page's data as text (out_jsonstr: no file can close the
 * script element or start markup), until max bytes of text are
 * embedded: a file that would pass the bound is left out, said on the
 * page and, with their number, on standard error.  A file refused (a
 * path that leads out, not found, not text) is named on the page with
 * why.  Files under the share are not opened.
 */
#ifndef FG_HTMLSRC_H
#define FG_HTMLSRC_H

#include <stddef.h>
#include <stdint.h>

#include "base/intern.h"
#include "base/srcfile.h"
#include "draw/pstack.h"

#define HTMLSRC_SHARE 0.1	/* percent of the samples, --source-share's default */
#define HTMLSRC_MAX (8u << 20)	/* bytes of text, --source-max's default */

/* The options, set after htmlsrc_init; the rest is htmlsrc's. */
struct htmlsrc {
	struct srcdirs dirs;	/* --source-dir, --source-map */
	double share;		/* --source-share, percent */
	uint64_t max;		/* --source-max, bytes */
	struct interner files;	/* the frames' files */
	uint32_t *fileof;	/* a name's file id + 1, 0 none; by page id */
	uint8_t *known;		/* fileof worked out, by page id */
	size_t nameocap;
	double *cost;		/* samples through each file, */
	uint64_t *seen;		/* the last stack that counted them */
	size_t filecap;
	uint64_t stack;
	double total;
};

/* No directories yet, the default share and bound. */
void htmlsrc_init(struct htmlsrc *h);
/* Count stacks s[0..n) (ordered: their frames' ranks, which byrank maps
 * back to page ids of names) toward their files. */
void htmlsrc_take(struct htmlsrc *h, const struct interner *names, const uint32_t *byrank,
    const struct pstack *s, size_t n);
/* "sources":{...},: the files embedded, refused or left out. */
void htmlsrc_write(struct htmlsrc *h);
void htmlsrc_free(struct htmlsrc *h);

#endif
