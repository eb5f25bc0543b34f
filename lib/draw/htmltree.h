/* htmltree.h: fg-html's walk of an input's stacks, and its page views
 *
 * The stacks, ordered (pstack_order), are walked as a tree in
 * pre-order below fg's root "all": a view of whole counts coloured by
 * name is written as its frames open (html_view_stream); the others
 * (a flame chart, decimal counts, colours by frame, split views) keep
 * the tree whole first (ptree_walk), then write it.
 */
#ifndef FG_HTMLTREE_H
#define FG_HTMLTREE_H

#include <stddef.h>
#include <stdint.h>

#include "draw/html.h"
#include "draw/layout.h"

/*
 * A tree kept whole, for the views whose fields cannot be written as
 * their frames open: a flame chart's (a frame's own samples come as
 * its stacks come back to it), a page of decimal counts' (it writes
 * totals), one coloured by frame (a differential frame's colour is its
 * change), a page of split views (their colours' scale is the whole
 * input's).  Frames as layout.h's (the gap in x), and their page ids.
 */
struct ptree {
	struct layout L;	/* own samples in L.self */
	uint32_t *ids;
	size_t idcap, selfcap;
	count *left;		/* baselines left by the frames pruned (or NULL) */
};

/* Walk stacks s[0..n) into tree t, the column col drawn; the frames of
 * no samples in it left out. */
void ptree_walk(const struct html_page *p, struct ptree *t, const struct pstack *s, size_t n, int col);
/* The colour index of every frame of t (an array to free), as fg-svg
 * colours them. */
uint32_t *ptree_colors(struct html_page *p, const struct ptree *t, const struct diffscale *ds);
/* The frames a..b of tree t as a view's, the column col drawn, with
 * colours color (or none), in time order (chart). */
void ptree_view(const struct html_page *p, const struct ptree *t, size_t a, size_t b, int col,
    const uint32_t *color, int chart);
/* One page view per root frame of tree t and of the elided tree e (or
 * NULL), with their colours. */
void ptree_split(struct html_page *p, const char *name, const struct pinput *in, const struct ptree *t,
    const uint32_t *color, const struct ptree *e, const uint32_t *ecolor);
void ptree_free(struct ptree *t);
/* A page view's opening: its name ("NAME: ROOT", either alone) and
 * unit (header h's). */
void html_view_head(struct html_page *p, const char *name, const char *rootname, size_t rlen,
    const struct fheader *h);
/* The page view of one input whose frames can be written as they open
 * (stacks s[0..n)), with its elided view (tree e, colours ecolor) when
 * it has one. */
void html_view_stream(struct html_page *p, const char *name, const struct pinput *in,
    const struct pstack *s, size_t n, const struct ptree *e, const uint32_t *ecolor);

#endif
