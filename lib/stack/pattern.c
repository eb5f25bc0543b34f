/* pattern.c: patterns that name frames
 *
 * pat_first never splits a stack into frames just to test them: each
 * kind searches the whole line (memmem, or one regexec with ';' turned
 * into newlines so that REG_NEWLINE keeps every match inside a frame),
 * and only a hit is looked at closely.  Lines that match nothing, most
 * of them, cost one fast scan per pattern.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stack/frame.h"
#include "stack/pattern.h"
#include "base/util.h"

void
pat_add(struct patset *ps, int kind, const char *text)
{
	struct pattern *p;
	char *at, err[256];
	int rc;

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
	if (kind == PAT_REGEX) {
		rc = regcomp(&p->re, text, REG_EXTENDED | REG_NEWLINE | (ps->icase ? REG_ICASE : 0));
		if (rc) {
			regerror(rc, &p->re, err, sizeof(err));
			usage_error("bad regular expression '%s': %s", text, err);
		}
	}
}

static int
file_matches(const struct pattern *p, const char *f, size_t n)
{
	const char *file;
	size_t len;

	if (!p->file)
		return 1;
	if (!frame_file(f, n, &file, &len) || len < p->filelen)
		return 0;
	if (memcmp(file + len - p->filelen, p->file, p->filelen))
		return 0;
	return len == p->filelen || file[len - p->filelen - 1] == '/';
}

static int
name_matches(const struct pattern *p, const char *f, size_t n)
{
	return frame_funclen(f, n) == p->len && !memcmp(f, p->text, p->len) &&
	    file_matches(p, f, n);
}

int
pat_frame(const struct patset *ps, const char *f, size_t n)
{
	const struct pattern *p;
	size_t i;

	for (i = 0; i < ps->n; i++) {
		p = &ps->p[i];
		switch (p->kind) {
		case PAT_NAME:
			if (name_matches(p, f, n))
				return 1;
			break;
		case PAT_FIXED:
			if (memmem(f, n, p->text, p->len))
				return 1;
			break;
		case PAT_REGEX:
			if (!regexec(&p->re, f, 0, NULL, 0))
				return 1;
			break;
		}
	}
	return 0;
}

static size_t
frame_start(const char *s, size_t pos)
{
	while (pos > 0 && s[pos - 1] != ';' && s[pos - 1] != '\n')
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

static long
first_regex(const struct pattern *p, char *s, size_t len)
{
	regmatch_t m;
	char *q;
	int rc;

	for (q = s; (q = memchr(q, ';', len - (q - s))); q++)
		*q = '\n';
	rc = regexec(&p->re, s, 1, &m, 0);
	for (q = s; (q = memchr(q, '\n', len - (q - s))); q++)
		*q = ';';
	return rc ? -1 : (long)frame_start(s, m.rm_so);
}

long
pat_first(const struct patset *ps, char *s, size_t len, size_t *end)
{
	long best = -1, at;
	size_t i;

	for (i = 0; i < ps->n; i++) {
		const struct pattern *p = &ps->p[i];
		size_t limit = best < 0 ? len + 1 : (size_t)best;

		switch (p->kind) {
		case PAT_NAME:
			at = first_name(p, s, len, limit);
			break;
		case PAT_FIXED:
			at = first_fixed(p, s, len);
			break;
		default:
			at = first_regex(p, s, len);
			break;
		}
		if (at >= 0 && (best < 0 || at < best))
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
			regfree(&ps->p[i].re);
		free(ps->p[i].text);
	}
	free(ps->p);
	ps->p = NULL;
	ps->n = 0;
}
