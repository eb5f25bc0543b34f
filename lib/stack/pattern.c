/* pattern.c: patterns that name frames
 *
 * NAME and -F patterns search the whole stack line (memmem) and look
 * closely only at a hit: lines that match nothing, most of them, cost
 * one fast scan per pattern.  A regex is run on one frame at a time, so
 * that nothing it matches (not [[:space:]], not [^x]*) spans the ';'
 * between frames; frames repeat over many stacks, so each distinct
 * frame's verdict is kept and a frame is matched once per run.
 */
#include <stdlib.h>
#include <string.h>

#include "base/intern.h"
#include "base/regex.h"
#include "base/util.h"
#include "stack/frame.h"
#include "stack/label.h"
#include "stack/pattern.h"

struct patcache {
	struct interner frames;
	unsigned char *verdict;	/* by frame id: 0 not yet, 1 no match, 2 match */
	size_t cap;
};

/* How much of a refused regex its message quotes: the first QUOTE_MAX
 * bytes, cut where a character starts (one may be 100 kB long). */
#define QUOTE_MAX 60

struct rx *
pat_compile(const char *text, int flags)
{
	const char *err;
	struct rx *rx;
	size_t n = strlen(text);

	if ((rx = rx_compile(text, flags, &err)))
		return rx;
	if (n > QUOTE_MAX)
		for (n = QUOTE_MAX; n && (text[n] & 0xc0) == 0x80; n--)
			;
	usage_error("bad regular expression '%.*s%s': %s", (int)n, text,
	    text[n] ? "..." : "", err);
}

static void
compile(struct patset *ps, struct pattern *p, const char *text)
{
	p->re = pat_compile(text, RX_NEWLINE | (ps->icase ? RX_ICASE : 0));
	if (!ps->cache) {
		ps->cache = ecalloc(1, sizeof(*ps->cache));
		intern_init(&ps->cache->frames);
	}
	ps->nregex++;
}

void
pat_add(struct patset *ps, int kind, const char *text)
{
	struct pattern *p;
	char *at;

	ps->p = ereallocarray(ps->p, ps->n + 1, sizeof(*ps->p));
	p = &ps->p[ps->n++];
	memset(p, 0, sizeof(*p));
	p->kind = kind;
	p->text = estrdup(text);
	p->len = strlen(text);
	if (kind == PAT_NAME && (at = strrchr(p->text, '@')) && at != p->text) {
		*at = 0;
		p->len = at - p->text;
		p->file = at + 1;
		p->filelen = strlen(p->file);
	}
	if (kind == PAT_REGEX)
		compile(ps, p, text);
}

int
pat_option(struct patset *ps, int c, const char *arg, int nameopt)
{
	if (c == nameopt)
		pat_add(ps, PAT_NAME, arg);
	else if (c == 'e')
		pat_add(ps, PAT_REGEX, arg);
	else if (c == 'F')
		pat_add(ps, PAT_FIXED, arg);
	else
		return 0;
	return 1;
}

static int
file_matches(const struct pattern *p, const char *f, size_t n)
{
	const char *file;
	size_t len;

	if (!p->file)
		return 1;
	return frame_file(f, n, &file, &len) && label_endsin(file, len, p->file, p->filelen);
}

/* An empty NAME names no frame (pat_first's rule too). */
static int
name_matches(const struct pattern *p, const char *f, size_t n)
{
	return p->len && frame_funclen(f, n) == p->len && !memcmp(f, p->text, p->len) &&
	    file_matches(p, f, n);
}

/* Does a regex match inside f[0..n), and nowhere past it? */
static int
regex_matches(const struct pattern *p, const char *f, size_t n)
{
	return rx_search(p->re, f, n);
}

/* Does any regex of ps match frame f[0..n)?  Asked once per distinct
 * frame; the answer is kept. */
static int
regex_any(const struct patset *ps, const char *f, size_t n)
{
	struct patcache *c = ps->cache;
	uint32_t id = intern(&c->frames, f, n);
	size_t i, cap;

	if (id >= c->cap) {
		cap = c->cap;
		c->verdict = egrowarray(c->verdict, &c->cap, (size_t)id + 1, 1);
		memset(c->verdict + cap, 0, c->cap - cap);
	}
	if (!c->verdict[id]) {
		c->verdict[id] = 1;
		for (i = 0; i < ps->n; i++)
			if (ps->p[i].kind == PAT_REGEX && regex_matches(&ps->p[i], f, n)) {
				c->verdict[id] = 2;
				break;
			}
	}
	return c->verdict[id] == 2;
}

int
pat_frame(const struct patset *ps, const char *f, size_t n)
{
	const struct pattern *p;
	size_t i;

	for (i = 0; i < ps->n; i++) {
		p = &ps->p[i];
		if (p->kind == PAT_NAME && name_matches(p, f, n))
			return 1;
		if (p->kind == PAT_FIXED && memmem(f, n, p->text, p->len))
			return 1;
	}
	return ps->nregex && regex_any(ps, f, n);
}

static size_t
frame_start(const char *s, size_t pos)
{
	while (pos > 0 && s[pos - 1] != ';')
		pos--;
	return pos;
}

static size_t
frame_end(const char *s, size_t len, size_t pos)
{
	const char *semi = memchr(s + pos, ';', len - pos);

	return semi ? (size_t)(semi - s) : len;
}

/* First frame (starting before limit) whose function is p's NAME. */
static long
first_name(const struct pattern *p, const char *s, size_t len, size_t limit)
{
	const char *hit;
	size_t pos = 0, start;

	if (!p->len)
		return -1;
	while (pos < limit && (hit = memmem(s + pos, len - pos, p->text, p->len))) {
		start = hit - s;
		pos = start + 1;
		if (start >= limit)
			break;
		if (start > 0 && s[start - 1] != ';')
			continue;
		if (name_matches(p, s + start, frame_end(s, len, start) - start))
			return start;
	}
	return -1;
}

static long
first_fixed(const struct pattern *p, const char *s, size_t len)
{
	const char *hit;

	if (memchr(p->text, ';', p->len))
		return -1;	/* no frame holds a ';' */
	hit = memmem(s, len, p->text, p->len);
	return hit ? (long)frame_start(s, hit - s) : -1;
}

/* First frame (starting before limit) that a regex matches. */
static long
first_regex(const struct patset *ps, const char *s, size_t len, size_t limit)
{
	size_t start = 0, end;

	for (; start <= len && start < limit; start = end + 1) {
		end = frame_end(s, len, start);
		if (regex_any(ps, s + start, end - start))
			return start;
	}
	return -1;
}

long
pat_first(const struct patset *ps, const char *s, size_t len, size_t *end)
{
	long best = -1, at;
	size_t i;

	for (i = 0; i < ps->n; i++) {
		const struct pattern *p = &ps->p[i];
		size_t limit = best < 0 ? len + 1 : (size_t)best;

		at = -1;
		if (p->kind == PAT_NAME)
			at = first_name(p, s, len, limit);
		else if (p->kind == PAT_FIXED)
			at = first_fixed(p, s, len);
		if (at >= 0 && (best < 0 || at < best))
			best = at;
	}
	if (ps->nregex) {
		at = first_regex(ps, s, len, best < 0 ? len + 1 : (size_t)best);
		if (at >= 0)
			best = at;
	}
	if (best >= 0)
		*end = frame_end(s, len, best);
	return best;
}

void
pat_operand(struct patset *ps, int *argc, char ***argv)
{
	if (ps->n)
		return;
	if (!*argc)
		usage_error("no pattern given");
	pat_add(ps, PAT_NAME, (*argv)[0]);
	(*argc)--;
	(*argv)++;
}

void
pat_free(struct patset *ps)
{
	size_t i;

	for (i = 0; i < ps->n; i++) {
		if (ps->p[i].kind == PAT_REGEX)
			rx_free(ps->p[i].re);
		free(ps->p[i].text);
	}
	free(ps->p);
	if (ps->cache) {
		intern_free(&ps->cache->frames);
		free(ps->cache->verdict);
		free(ps->cache);
	}
	ps->p = NULL;
	ps->n = 0;
	ps->nregex = 0;
	ps->cache = NULL;
}
