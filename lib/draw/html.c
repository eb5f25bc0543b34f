/* html.c: fg-html's page: its names ordered, its head, each input's
 * page views, its end (the fields: htmlfields.c; the walk and the
 * views: htmltree.c; the names, colours and options: htmlnames.c) */
#include <stdlib.h>
#include <string.h>

#include "base/out.h"
#include "base/util.h"
#include "draw/assets.h"
#include "draw/html.h"
#include "draw/htmlnames.h"
#include "draw/htmltree.h"

void
html_input(struct html_page *p, const char *name, struct pinput *in, int split)
{
	struct diffscale ds = { 0 }, eds = { 0 };
	struct ptree t, e;
	struct pstack *s, *es = NULL;
	uint32_t *color = NULL, *ecolor = NULL;
	size_t n, en = 0;
	int stored = split || in->chart || p->frac || p->pernode;

	s = pstack_order(&in->st[0], in->chart, p->rank, p->lead, &n);
	if (p->diff)
		es = pstack_order(&in->st[1], in->chart, p->rank, p->lead, &en);
	if (p->src) {
		htmlsrc_take(p->src, &p->names, p->byrank, s, n);
		htmlsrc_take(p->src, &p->names, p->byrank, es, en);
	}
	if (en) {
		ptree_walk(p, &e, es, en, 0);
		eds.on = 1;
		eds.max = e.L.timemax;
		ecolor = ptree_colors(p, &e, &eds);
	}
	if (!stored) {
		html_view_stream(p, name, in, s, n, en ? &e : NULL, ecolor);
	} else {
		ptree_walk(p, &t, s, n, p->diff);
		ds.on = p->diff;
		ds.self = p->o->deltaself;
		if (p->diff)
			draw_diff_scale(&ds, &t.L, p->o);
		if (p->pernode)
			color = ptree_colors(p, &t, &ds);
		if (!split) {
			html_view_head(p, name, NULL, 0, &in->h);
			ptree_view(p, &t, 0, t.L.n, p->diff, color, in->chart);
			if (en) {
				out_str(",\"e\":{");
				ptree_view(p, &e, 0, e.L.n, 0, ecolor, in->chart);
				out_char('}');
			}
			out_char('}');
		} else {
			ptree_split(p, name, in, &t, color, en ? &e : NULL, ecolor);
		}
		ptree_free(&t);
		free(color);
	}
	if (en)
		ptree_free(&e);
	free(ecolor);
}

void
html_init(struct html_page *p, int rooted)
{
	intern_init(&p->names);
	intern_init(&p->colors);
	p->rooted = rooted;
	if (rooted)
		p->allid = intern(&p->names, "all", 3);
}

void
html_order(struct html_page *p)
{
	uint32_t i;

	p->rank = intern_ranks(&p->names);
	p->byrank = ereallocarray(NULL, p->names.n + 1, sizeof(*p->byrank));
	for (i = 0; i < p->names.n; i++)
		p->byrank[p->rank[i]] = i;
	p->lead = pstack_lead(&p->names, p->byrank);
}

void
html_begin(struct html_page *p, const struct dopts *o)
{
	p->o = o;
	if (!p->unit)
		p->unit = "count";
	p->pernode = p->diff || o->palette == PAL_JULIA;
	out_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	    "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; worker-src blob:\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	    "<meta name=\"generator\" content=\"fg-html " FG_VERSION "\">\n<title>");
	out_xml(o->title, strlen(o->title));
	out_str("</title>\n<style>\n");
	out_str(html_css);
	out_str("</style>\n</head>\n<body>\n<noscript>This flame graph needs JavaScript.</noscript>\n"
	    "<script type=\"application/json\" id=\"fg-data\">\n{\"views\":[");
}

void
html_end(struct html_page *p)
{
	out_str("],\n");
	if (p->src)
		htmlsrc_write(p->src);
	html_tail(p);
	out_str("</script>\n<script>\n");
	out_str(html_js);
	out_str("</script>\n</body>\n</html>\n");
	intern_free(&p->names);
	intern_free(&p->colors);
	free(p->namecolor);
	free(p->rank);
	free(p->byrank);
	free(p->lead);
}
