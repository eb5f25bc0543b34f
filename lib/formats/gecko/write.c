/* formats/gecko/write.c: folded stacks made a Firefox Profiler profile */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/out.h"
#include "base/util.h"
#include "formats/gecko/write.h"
#include "stack/frame.h"

void
gkw_init(struct gkwrite *w)
{
	memset(w, 0, sizeof(*w));
	intern_init(&w->strings);
	intern_init(&w->labels);
	intern_init(&w->sources);
	intern_init(&w->stacks);
	intern_init(&w->roots);
}

uint32_t
gkw_newthread(struct gkwrite *w, const char *name, size_t len)
{
	struct gkw_thread *t;

	if (w->nth == UINT32_MAX)
		eprintf("too many threads");
	w->th = egrowarray(w->th, &w->thcap, w->nth + 1, sizeof(*w->th));
	t = &w->th[w->nth];
	memset(t, 0, sizeof(*t));
	t->name = emalloc(len + 1);
	memcpy(t->name, name, len);
	t->name[len] = 0;
	return (uint32_t)w->nth++;
}

static char *
key_room(struct gkwrite *w, size_t n)
{
	w->key = egrowarray(w->key, &w->keycap, n, 1);
	return w->key;
}

uint32_t
gkw_rootthread(struct gkwrite *w, uint32_t input, const char *prefix, const char *root,
    size_t len)
{
	size_t plen = strlen(prefix), known = w->roots.n;
	char *k = key_room(w, sizeof(input) + len), *name;
	uint32_t id;

	memcpy(k, &input, sizeof(input));
	memcpy(k + sizeof(input), root, len);
	id = intern(&w->roots, k, sizeof(input) + len);
	if (id < known)
		return w->rootth[id];
	w->rootth = egrowarray(w->rootth, &w->rootcap, id + 1, sizeof(*w->rootth));
	name = emalloc(plen + len + 1);
	memcpy(name, prefix, plen);
	memcpy(name + plen, root, len);
	w->rootth[id] = gkw_newthread(w, name, plen + len);
	free(name);
	return w->rootth[id];
}

/* The digits of v */
static size_t
ndigits(uint64_t v)
{
	size_t n = 1;

	while (v >= 10)
		v /= 10, n++;
	return n;
}

/* The func (and frame) of label s[0..n): "NAME at FILE:LINE" taken
 * apart where gecko-fold --full-path makes the label again of the parts,
 * else the whole label its name. */
static uint32_t
func_of(struct gkwrite *w, const char *s, size_t n)
{
	size_t known = w->labels.n, want;
	uint32_t id = intern(&w->labels, s, n), file = 0, line = 0, str;
	struct frameparts p;

	if (id < known)
		return id;
	frame_parts(s, n, &p);
	want = p.namelen + 4 + p.filelen + (p.line ? 1 + ndigits(p.line) : 0);
	if (p.file && p.filelen && p.namelen && !p.inlined && want == n && p.line <= INT32_MAX) {
		str = intern(&w->strings, p.file, p.filelen);
		file = intern(&w->sources, (const char *)&str, sizeof(str)) + 1;
		line = (uint32_t)p.line;
		n = p.namelen;
	}
	w->fname = egrowarray(w->fname, &w->fcap[0], id + 1, sizeof(*w->fname));
	w->ffile = egrowarray(w->ffile, &w->fcap[1], id + 1, sizeof(*w->ffile));
	w->fline = egrowarray(w->fline, &w->fcap[2], id + 1, sizeof(*w->fline));
	w->fname[id] = intern(&w->strings, s, n);
	w->ffile[id] = file;
	w->fline[id] = line;
	return id;
}

void
gkw_add(struct gkwrite *w, uint32_t ti, const char *s, size_t n, count c)
{
	struct gkw_thread *t = &w->th[ti];
	struct frameit it;
	uint32_t k[2], prefix = 0, known, id;

	for (frame_iter(&it, s, n, 0); frame_next(&it);) {
		k[0] = prefix;
		k[1] = func_of(w, s + it.start, it.end - it.start);
		known = w->stacks.n;
		id = intern(&w->stacks, (const char *)k, sizeof(k));
		if (id >= known) {
			w->sframe = egrowarray(w->sframe, &w->scap[0], id + 1, sizeof(*w->sframe));
			w->sprefix = egrowarray(w->sprefix, &w->scap[1], id + 1, sizeof(*w->sprefix));
			w->sframe[id] = k[1];
			w->sprefix[id] = prefix;
		}
		prefix = id + 1;
	}
	t->stack = egrowarray(t->stack, &t->cap, t->n + 1, sizeof(*t->stack));
	t->weight = egrowarray(t->weight, &t->wcap, t->n + 1, sizeof(*t->weight));
	t->stack[t->n] = prefix - 1;
	t->weight[t->n++] = c;
	w->nsamples++;
}

/* The profiler's weight type of a UNIT_, and what a weight is
 * multiplied by to be one of it (milliseconds for the times). */
static const char *
weight_type(int unit, double *scale)
{
	*scale = 1;
	switch (unit) {
	case UNIT_BYTES: return "bytes";
	case UNIT_NS: *scale = 1e-6; return "tracing-ms";
	case UNIT_US: *scale = 1e-3; return "tracing-ms";
	case UNIT_MS: return "tracing-ms";
	case UNIT_S: *scale = 1e3; return "tracing-ms";
	}
	return "samples";
}

/* [v(0),...,v(n-1)] of a u32 column, each written by kind: 'u' the
 * number, 'n' null for 0 else v - 1, 'z' 0s, 'N' nulls, 'm' -1s */
static void
column(const char *name, const uint32_t *v, size_t n, int kind)
{
	size_t i;

	out_printf("\"%s\":[", name);
	for (i = 0; i < n; i++) {
		if (i)
			out_char(',');
		switch (kind) {
		case 'u': out_u64(v[i]); break;
		case 'n': if (v[i]) out_u64(v[i] - 1); else out_str("null"); break;
		case 'z': out_char('0'); break;
		case 'N': out_str("null"); break;
		case 'm': out_str("-1"); break;
		}
	}
	out_str("],");
}

static void
write_number(double v)
{
	char buf[40];

	snprintf(buf, sizeof(buf), "%.15g", v);
	out_str(buf);
}

/* Where thread t's last sample ends, in milliseconds */
static double
thread_end(const struct gkw_thread *t)
{
	double scale, at = 0;
	size_t k;

	weight_type(t->unit, &scale);
	for (k = 0; k < t->n; k++)
		at += count_val(t->weight[k]) * scale;
	return at;
}

static void
write_thread(const struct gkw_thread *t, size_t i)
{
	double scale, at = 0;
	const char *wt = weight_type(t->unit, &scale);
	size_t k;

	out_str(i ? ",\n{" : "\n{");
	out_str("\"name\":");
	out_jsonstr(t->name, strlen(t->name));
	out_str(",\"processName\":");
	out_jsonstr(t->name, strlen(t->name));
	out_printf(",\"isMainThread\":true,\"processType\":\"default\",\"processStartupTime\":0,"
	    "\"processShutdownTime\":null,\"registerTime\":0,\"unregisterTime\":null,"
	    "\"pausedRanges\":[],\"pid\":\"%zu\",\"tid\":%zu,", i + 1, i + 1);
	out_str("\"markers\":{\"data\":[],\"name\":[],\"startTime\":[],\"endTime\":[],\"phase\":[],"
	    "\"category\":[],\"length\":0},\n\"samples\":{");
	column("stack", t->stack, t->n, 'u');
	out_str("\n\"time\":[");
	for (k = 0; k < t->n; k++) {
		if (k)
			out_char(',');
		write_number(at);
		at += count_val(t->weight[k]) * scale;
	}
	out_str("],\n\"weight\":[");
	for (k = 0; k < t->n; k++) {
		if (k)
			out_char(',');
		if (scale == 1)
			out_count(t->weight[k]);
		else
			write_number(count_val(t->weight[k]) * scale);
	}
	out_printf("],\"weightType\":\"%s\",\"length\":%zu}}", wt, t->n);
}

void
gkw_write(struct gkwrite *w)
{
	size_t nf = w->labels.n, ns = w->stacks.n, nsrc = w->sources.n, i;
	uint32_t *v = ereallocarray(NULL, (nf > ns ? nf : ns) + nsrc + 1, sizeof(*v));
	double end = 0, e;

	/* The recording's range, [0, the last sample's end]: the profiler
	 * takes it for its timeline, else [first, last + interval], and
	 * [Infinity, -Infinity] without samples; an end of 0 it ignores. */
	for (i = 0; i < w->nth; i++)
		if ((e = thread_end(&w->th[i])) > end)
			end = e;
	out_str("{\"meta\":{\"interval\":1,\"startTime\":0,\"profilingStartTime\":0,\"profilingEndTime\":");
	write_number(end > 0 ? end : 1);
	out_str(",\"processType\":0,\"product\":\"fg-gecko\","
	    "\"stackwalk\":0,\"debug\":false,\"version\":36,\"preprocessedProfileVersion\":70,"
	    "\"symbolicated\":true,\"categories\":[{\"name\":\"Other\",\"color\":\"grey\","
	    "\"subcategories\":[\"Other\"]}],\"markerSchema\":[],"
	    "\"extensions\":{\"id\":[],\"name\":[],\"baseURL\":[],\"length\":0}},\n"
	    "\"libs\":[],\"pages\":[],\"counters\":[],\n\"shared\":{\n\"stackTable\":{");
	column("frame", w->sframe, ns, 'u');
	for (i = 0; i < ns; i++)	/* the parent's distance back, 0 for a root */
		v[i] = w->sprefix[i] ? (uint32_t)i + 1 - w->sprefix[i] : 0;
	column("prefixOffset", v, ns, 'u');
	out_printf("\"length\":%zu},\n\"frameTable\":{", ns);
	for (i = 0; i < nf; i++)
		v[i] = (uint32_t)i;
	column("func", v, nf, 'u');
	column("address", v, nf, 'm');
	column("lib", v, nf, 'm');
	column("inlineDepth", v, nf, 'z');
	column("category", v, nf, 'z');
	column("subcategory", v, nf, 'z');
	column("nativeSymbol", v, nf, 'N');
	column("innerWindowID", v, nf, 'N');
	column("line", v, nf, 'N');
	column("column", v, nf, 'N');
	column("originalLocation", v, nf, 'N');
	out_printf("\"length\":%zu},\n\"funcTable\":{", nf);
	column("name", w->fname, nf, 'u');
	out_str("\"isJS\":[");
	for (i = 0; i < nf; i++)
		out_str(i ? ",false" : "false");
	out_str("],\"relevantForJS\":[");
	for (i = 0; i < nf; i++)
		out_str(i ? ",false" : "false");
	out_str("],");
	column("resource", v, nf, 'm');
	column("source", w->ffile, nf, 'n');
	for (i = 0; i < nf; i++)
		v[i] = w->ffile[i] && w->fline[i] ? w->fline[i] + 1 : 0;
	column("lineNumber", v, nf, 'n');
	column("columnNumber", v, nf, 'N');
	column("originalLocation", v, nf, 'N');
	out_printf("\"length\":%zu},\n", nf);
	out_str("\"resourceTable\":{\"name\":[],\"host\":[],\"type\":[],\"length\":0},\n"
	    "\"nativeSymbols\":{\"libIndex\":[],\"address\":[],\"name\":[],\"functionSize\":[],"
	    "\"length\":0},\n\"sources\":{");
	for (i = 0; i < nsrc; i++)
		memcpy(&v[i], intern_str(&w->sources, (uint32_t)i), sizeof(*v));
	column("id", v, nsrc, 'N');
	column("filename", v, nsrc, 'u');
	for (i = 0; i < nsrc; i++)
		v[i] = 1;
	column("startLine", v, nsrc, 'u');
	column("startColumn", v, nsrc, 'u');
	column("sourceMapURL", v, nsrc, 'N');
	column("content", v, nsrc, 'N');
	out_printf("\"length\":%zu},\n", nsrc);
	out_str("\"sourceLocationTable\":{\"source\":[],\"line\":[],\"column\":[],\"length\":0},\n"
	    "\"stringArray\":[");
	for (i = 0; i < w->strings.n; i++) {
		if (i)
			out_str(",\n");
		out_jsonstr(intern_str(&w->strings, (uint32_t)i),
		    intern_len(&w->strings, (uint32_t)i));
	}
	out_str("]},\n\"threads\":[");
	for (i = 0; i < w->nth; i++)
		write_thread(&w->th[i], i);
	out_str("]}\n");
	free(v);
}

void
gkw_free(struct gkwrite *w)
{
	size_t i;

	for (i = 0; i < w->nth; i++) {
		free(w->th[i].name);
		free(w->th[i].stack);
		free(w->th[i].weight);
	}
	free(w->th);
	free(w->fname);
	free(w->ffile);
	free(w->fline);
	free(w->sframe);
	free(w->sprefix);
	free(w->rootth);
	free(w->key);
	intern_free(&w->strings);
	intern_free(&w->labels);
	intern_free(&w->sources);
	intern_free(&w->stacks);
	intern_free(&w->roots);
}
