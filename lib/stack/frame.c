/* frame.c: the parts of a frame label */
#include <stdint.h>
#include <string.h>

#include "base/num.h"
#include "stack/frame.h"

static const char *const annots[] = { "k", "j", "i", "w", "d", "g", "dg" };

size_t
frame_strip_annot(const char *f, size_t n, const char **annot, size_t *annotlen)
{
	size_t i, k;

	*annot = NULL;
	*annotlen = 0;
	if (n < 4 || f[n - 1] != ']')
		return n;
	for (i = 0; i < sizeof(annots) / sizeof(annots[0]); i++) {
		k = strlen(annots[i]);
		if (n >= k + 3 && f[n - k - 3] == '_' && f[n - k - 2] == '[' &&
		    !memcmp(f + n - k - 1, annots[i], k)) {
			*annot = f + n - k - 1;
			*annotlen = k;
			return n - k - 3;
		}
	}
	return n;
}

int
frame_status(const char *f, size_t n, size_t *base)
{
	const char *a;
	size_t alen, b = frame_strip_annot(f, n, &a, &alen);
	int st = 0;

	if (a && alen <= 2 && (a[0] == 'd' || a[0] == 'g'))
		st = (a[0] == 'd' ? FRAME_D : FRAME_G) | (alen == 2 ? FRAME_G : 0);
	*base = st ? b : n;
	return st;
}

const char *
frame_status_annot(int st)
{
	static const char *const a[] = { "", "_[d]", "_[g]", "_[dg]" };

	return a[st & 3];
}

static const char *
find_at(const char *f, size_t n)
{
	const char *p = f, *end = f + n;

	while ((p = memchr(p, ' ', end - p)) && end - p >= 4) {
		if (p[1] == 'a' && p[2] == 't' && p[3] == ' ')
			return p;
		p++;
	}
	return NULL;
}

size_t
frame_funclen(const char *f, size_t n)
{
	const char *at = find_at(f, n), *annot;
	size_t alen;

	if (at)
		return at - f;
	return frame_strip_annot(f, n, &annot, &alen);
}

int
frame_file(const char *f, size_t n, const char **file, size_t *filelen)
{
	const char *at = find_at(f, n), *colon;

	if (!at)
		return 0;
	*file = at + 4;
	for (colon = f + n; colon > *file && colon[-1] != ':'; colon--)
		;
	*filelen = colon > *file ? (size_t)(colon - 1 - *file) : (size_t)(f + n - *file);
	return 1;
}

/* The line number s[0..n): 1 and *line, or 0 when s is not one (up to
 * 18 digits, so that it fits pprof's int64). */
static int
line_number(const char *s, size_t n, uint64_t *line)
{
	uint64_t v = 0;
	size_t i;

	if (!n || n > 18)
		return 0;
	for (i = 0; i < n; i++) {
		if (!isdec(s[i]))
			return 0;
		v = v * 10 + (s[i] - '0');
	}
	*line = v;
	return 1;
}

void
frame_parts(const char *f, size_t n, struct frameparts *p)
{
	static const char jlinl[] = " [inlined]";
	const char *annot, *at, *colon;
	size_t alen, k = sizeof(jlinl) - 1;

	n = frame_strip_annot(f, n, &annot, &alen);
	p->inlined = alen == 1 && *annot == 'i';
	if (n >= k && !memcmp(f + n - k, jlinl, k)) {
		p->inlined = 1;
		n -= k;
	}
	p->line = 0;
	at = find_at(f, n);
	if (!at) {
		p->namelen = n;
		p->file = NULL;
		p->filelen = 0;
		return;
	}
	p->namelen = at - f;
	p->file = at + 4;
	p->filelen = f + n - p->file;
	colon = memrchr(p->file, ':', p->filelen);
	if (colon && line_number(colon + 1, f + n - colon - 1, &p->line))
		p->filelen = colon - p->file;
}

static int
blank(char c)
{
	return c == ' ' || c == '\t';
}

/*
 * A frame that ends in blanks and a number ("worker 12", "worker 12 ")
 * would be read back as a count column ("STACK BASE TARGET", or a
 * one-count line with two counts, fg-folded(5)): the blanks before the
 * number become '_' ("worker_12"), in place.
 */
static void
frame_guard_count(char *f, size_t n)
{
	size_t i, j;

	/* blanks after the number hide it from no reader that strips them */
	while (n > 0 && blank(f[n - 1]))
		n--;
	i = n;
	while (i > 0 && isdec(f[i - 1]))
		i--;
	/* a count may have a decimal part: "12.5", "12." */
	if (i > 0 && f[i - 1] == '.') {
		for (j = i - 1; j > 0 && isdec(f[j - 1]); j--)
			;
		if (j < i - 1)
			i = j;
	}
	if (i == n || i == 0 || !isdec(f[i]) || !blank(f[i - 1]))
		return;
	/* the blanks before the number: one would do, all look alike */
	while (i > 0 && blank(f[i - 1]))
		f[--i] = '_';
}

/* frame_guard, for a root frame (a bare "#" grows to "#_") or not */
static size_t
guard(char *f, size_t n, int root)
{
	while (n > 0 && blank(f[n - 1]))
		n--;
	if (root && n == 1 && f[0] == '#')
		f[n++] = '_';
	else if (n >= 2 && f[0] == '#' && f[1] == ' ')
		f[1] = '_';
	frame_guard_count(f, n);
	return n;
}

size_t
frame_guard(char *f, size_t n)
{
	return guard(f, n, 1);
}

/* Does any byte of the eight in v equal c? (the carries of bytes that
 * do not hide the one that does: no false answer either way) */
static inline uint64_t
hasbyte(uint64_t v, unsigned char c)
{
	uint64_t x = v ^ (0x0101010101010101ULL * c);

	return (x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL;
}

size_t
frame_clean(char *f, size_t n)
{
	size_t i;
	uint64_t v;

	/* eight bytes at a time up to the first that may change: most
	 * frames have none */
	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&v, f + i, 8);
		if (hasbyte(v, ';') | hasbyte(v, '\n') | hasbyte(v, '\r') | hasbyte(v, 0))
			break;
	}
	for (; i < n; i++)
		if (f[i] == ';')
			f[i] = ':';
		else if (f[i] == '\n' || f[i] == '\r' || f[i] == '\0')
			f[i] = ' ';
	return frame_guard(f, n);
}

size_t
stack_guard(char *s, size_t n)
{
	char *f = s, *end, *semi, *w = s;
	size_t k;

	/* a bare "#" root becomes "#_": the frames after it move up */
	if (n > 1 && s[0] == '#' && s[1] == ';') {
		memmove(s + 2, s + 1, n - 1);
		s[1] = '_';
		n++;
	}
	for (end = s + n;; f = semi + 1) {
		semi = memchr(f, ';', end - f);
		k = guard(f, (semi ? semi : end) - f, f == s);
		memmove(w, f, k);
		w += k;
		if (!semi)
			return w - s;
		*w++ = ';';
	}
}

void
stack_guard_root(char *s, size_t n)
{
	if (n >= 2 && s[0] == '#' && s[1] == ' ')
		s[1] = '_';
}

void
stack_guard_leaf(char *s, size_t n)
{
	char *semi = memrchr(s, ';', n), *f = semi ? semi + 1 : s;

	frame_guard_count(f, s + n - f);
}

void
stack_reverse(const char *s, size_t n, char *out)
{
	struct frameit it;

	for (frame_iter(&it, s, n, 0); frame_next(&it);) {
		memcpy(out + n - it.end, s + it.start, it.end - it.start);
		if (it.end < n)
			out[n - it.end - 1] = ';';
	}
}
