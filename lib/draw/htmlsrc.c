/* htmlsrc.c: fg-html --source-dir: the source files its frames name,
 * in the page (see htmlsrc.h) */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/bytes.h"
#include "base/out.h"
#include "base/util.h"
#include "draw/htmlsrc.h"
#include "stack/frame.h"

/* The file id + 1 of name id (0: it names none), worked out once. */
static uint32_t
file_of(struct htmlsrc *h, const struct interner *names, uint32_t id)
{
	struct frameparts fp;
	const char *s;
	size_t old = h->nameocap, n;
	uint32_t f;

	if (id >= h->nameocap) {
		h->fileof = egrowarray(h->fileof, &h->nameocap, (size_t)id + 1, sizeof(*h->fileof));
		h->known = ereallocarray(h->known, h->nameocap, 1);
		memset(h->known + old, 0, h->nameocap - old);
	}
	if (h->known[id])
		return h->fileof[id];
	h->known[id] = 1;
	h->fileof[id] = 0;
	s = intern_str(names, id);
	n = intern_len(names, id);
	frame_parts(s, n, &fp);
	if (!fp.file || !fp.filelen)
		return 0;
	f = intern(&h->files, fp.file, fp.filelen);
	if (f >= h->filecap) {
		old = h->filecap;
		h->cost = egrowarray(h->cost, &h->filecap, (size_t)f + 1, sizeof(*h->cost));
		h->seen = ereallocarray(h->seen, h->filecap, sizeof(*h->seen));
		memset(h->cost + old, 0, (h->filecap - old) * sizeof(*h->cost));
		memset(h->seen + old, 0, (h->filecap - old) * sizeof(*h->seen));
	}
	return h->fileof[id] = f + 1;
}

void
htmlsrc_init(struct htmlsrc *h)
{
	memset(h, 0, sizeof(*h));
	h->share = HTMLSRC_SHARE;
	h->max = HTMLSRC_MAX;
	intern_init(&h->files);
}

void
htmlsrc_take(struct htmlsrc *h, const struct interner *names, const uint32_t *byrank,
    const struct pstack *s, size_t n)
{
	size_t i;
	uint32_t k, f;
	double c;

	for (i = 0; i < n; i++) {
		c = count_val(s[i].c[0]);
		c = (c < 0 ? -c : c) + (count_val(s[i].c[1]) < 0 ? -count_val(s[i].c[1]) : count_val(s[i].c[1]));
		h->total += c;
		h->stack++;
		for (k = 0; k < s[i].len; k++) {
			if (!(f = file_of(h, names, pstack_id(&s[i], k, byrank))) || h->seen[f - 1] == h->stack)
				continue;
			h->seen[f - 1] = h->stack;
			h->cost[f - 1] += c;
		}
	}
}

/* Files by their samples, the most first, then by path. */
static int
cmp_cost(const void *pa, const void *pb, void *arg)
{
	const struct htmlsrc *h = arg;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;

	if (h->cost[a] != h->cost[b])
		return h->cost[a] > h->cost[b] ? -1 : 1;
	return stack_cmp(intern_str(&h->files, a), intern_len(&h->files, a),
	    intern_str(&h->files, b), intern_len(&h->files, b));
}

/* Read descriptor fd whole into b, at most room bytes: 0, 1 when it
 * has more (nothing kept), or -1 with errno. */
static int
read_all(int fd, struct bytes *b, uint64_t room)
{
	struct stat st;
	char buf[65536];
	ssize_t r;

	b->n = 0;
	if (fstat(fd, &st) < 0)
		return -1;
	if ((uint64_t)st.st_size > room)
		return 1;
	while ((r = read(fd, buf, sizeof(buf))) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (b->n + (uint64_t)r > room)
			return 1;	/* it grew past the bound as it was read */
		bytes_put(b, buf, r);
	}
	return 0;
}

/* The line of text t[0..n) that is not text, and why, into why. */
static void
not_text(const char *t, size_t n, char *why, size_t cap)
{
	const char *p = t, *e = t + n, *nl, *what = NULL;
	uint64_t line = 1;

	for (; p < e; p = nl + 1, line++) {
		if (!(nl = memchr(p, '\n', e - p)))
			nl = e;
		if ((what = src_nottext(p, nl - p)))
			break;
	}
	snprintf(why, cap, "not text (%s on line %llu): not embedded", what ? what : src_nottext(t, n),
	    (unsigned long long)line);
}

/* Text t[0..n) as a JSON string: as out_json escapes it, but for line
 * ends and tabs, source's most common escapes, as \n and \t (two
 * bytes, not six). */
static void
out_text(const char *t, size_t n)
{
	size_t i, run = 0;

	out_char('"');
	for (i = 0; i < n; i++) {
		if (t[i] != '\n' && t[i] != '\t')
			continue;
		out_json(t + run, i - run);
		out_str(t[i] == '\n' ? "\\n" : "\\t");
		run = i + 1;
	}
	out_json(t + run, n - run);
	out_char('"');
}

/* ["FILE","text",null] or ["FILE",null,"why"] */
static void
entry(const struct htmlsrc *h, uint32_t f, const struct bytes *text, const char *why, int first)
{
	out_str(first ? "\n[" : ",\n[");
	out_jsonstr(intern_str(&h->files, f), intern_len(&h->files, f));
	out_char(',');
	if (text)
		out_text((const char *)text->p, text->n);
	else
		out_str("null");
	out_char(',');
	if (why)
		out_jsonstr(why, strlen(why));
	else
		out_str("null");
	out_char(']');
}

void
htmlsrc_write(struct htmlsrc *h)
{
	uint32_t *ids = ereallocarray(NULL, h->files.n + 1, sizeof(*ids)), i, n = 0;
	uint64_t used = 0, left = 0;
	struct bytes text = { 0 };
	char why[512];
	int fd, r, first = 1;

	for (i = 0; i < h->files.n; i++)
		if (h->total > 0 && h->cost[i] * 100 >= h->share * h->total && h->cost[i] > 0)
			ids[n++] = i;
	qsort_r(ids, n, sizeof(*ids), cmp_cost, h);
	out_printf("\"sources\":{\"share\":%.15g,\"max\":%llu,\"files\":[", h->share,
	    (unsigned long long)h->max);
	for (i = 0; i < n; i++, first = 0) {
		fd = src_open(&h->dirs, intern_str(&h->files, ids[i]), intern_len(&h->files, ids[i]),
		    why, sizeof(why));
		if (fd < 0) {
			entry(h, ids[i], NULL, why, first);
			continue;
		}
		r = read_all(fd, &text, h->max - used);
		close(fd);
		if (r < 0) {
			entry(h, ids[i], NULL, strerror(errno), first);
		} else if (r > 0) {
			snprintf(why, sizeof(why), "not embedded: the page's sources reached "
			    "--source-max's bound of %llu bytes", (unsigned long long)h->max);
			entry(h, ids[i], NULL, why, first);
			left++;
		} else if (src_nottext((const char *)text.p, text.n)) {
			not_text((const char *)text.p, text.n, why, sizeof(why));
			entry(h, ids[i], NULL, why, first);
		} else {
			entry(h, ids[i], &text, NULL, first);
			used += text.n;
		}
	}
	out_printf("],\"embedded\":%llu,\"left\":%llu},\n", (unsigned long long)used,
	    (unsigned long long)left);
	if (left)
		weprintf("--source-max: %llu source file%s not embedded, the bound of %llu bytes "
		    "reached (%llu embedded)", (unsigned long long)left, left == 1 ? "" : "s",
		    (unsigned long long)h->max, (unsigned long long)used);
	bytes_free(&text);
	free(ids);
}

void
htmlsrc_free(struct htmlsrc *h)
{
	intern_free(&h->files);
	src_free(&h->dirs);
	free(h->fileof);
	free(h->known);
	free(h->cost);
	free(h->seen);
}
