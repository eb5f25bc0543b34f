/* xml.c: XML read as it comes (see xml.h) */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/escape.h"
#include "base/num.h"
#include "base/progress.h"
#include "base/xml.h"

#define READSIZE (1 << 20)
#define NOTFOUND SIZE_MAX

void
xml_error(const struct xml *x, uint64_t off, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vbyteerr(x->name, off, fmt, ap);
	va_end(ap);
}

/* An error at buf[i]. */
static noreturn void
errat(const struct xml *x, size_t i, const char *what)
{
	xml_error(x, x->base + i, "%s", what);
}

static void
init(struct xml *x, int fd, const char *name)
{
	memset(x, 0, sizeof(*x));
	x->fd = fd;
	x->name = name;
	x->maxdepth = XML_MAXDEPTH;
}

void
xml_open(struct xml *x, int fd, const char *name, const char *p, size_t n)
{
	init(x, fd, name);
	if (fd >= 0)
		progress_size(fd_left(fd) + n);
	x->cap = n + READSIZE;
	x->buf = emalloc(x->cap);
	if (n)
		memcpy(x->buf, p, n);
	x->end = n;
	if (memchr(x->buf, 0, n))
		errat(x, (size_t)((char *)memchr(x->buf, 0, n) - x->buf), "NUL byte");
}

void
xml_mem(struct xml *x, const char *s, size_t n, const char *name)
{
	xml_open(x, -1, name, s, n);
	x->eof = 1;
}

void
xml_free(struct xml *x)
{
	free(x->buf);
	free(x->attr);
	free(x->at);
	bytes_free(&x->names);
}

/* Read more after buf[end], the unread part moved to the front first:
 * the bytes read, 0 at the end. */
static size_t
fill(struct xml *x)
{
	ssize_t n;
	char *z;

	if (x->eof)
		return 0;
	if (x->pos) {
		memmove(x->buf, x->buf + x->pos, x->end - x->pos);
		x->base += x->pos;
		x->end -= x->pos;
		x->pos = 0;
	}
	if (x->cap - x->end < READSIZE / 2) {
		if (x->cap > SIZE_MAX / 4)
			eprintf("out of memory");
		x->cap *= 2;
		x->buf = erealloc(x->buf, x->cap);
	}
	n = read_counted(x->fd, x->buf + x->end, x->cap - x->end);
	if (n < 0)
		eprintf("%s: read error: %s", x->name, strerror(errno));
	if (n == 0) {
		x->eof = 1;
		return 0;
	}
	if ((z = memchr(x->buf + x->end, 0, (size_t)n)))
		errat(x, (size_t)(z - x->buf), "NUL byte");
	x->end += (size_t)n;
	return (size_t)n;
}

/* Are k bytes there from pos + rel?  Read until they are, or the end. */
static int
have(struct xml *x, size_t rel, size_t k)
{
	while (x->end - x->pos < rel + k)
		if (!fill(x))
			return 0;
	return 1;
}

/* The first s[0..k) at or after pos + rel: its place from pos, or
 * NOTFOUND at the end. */
static size_t
find(struct xml *x, size_t rel, const char *s, size_t k)
{
	const char *p;

	for (;;) {
		if (x->end - x->pos >= rel + k &&
		    (p = memmem(x->buf + x->pos + rel, x->end - x->pos - rel, s, k)))
			return (size_t)(p - x->buf) - x->pos;
		if (x->end - x->pos >= k)
			rel = x->end - x->pos - k + 1 > rel ? x->end - x->pos - k + 1 : rel;
		if (!fill(x))
			return NOTFOUND;
	}
}

static int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* May c be in a name (the first character when first)? */
static int
namechar(unsigned char c, int first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
	    c >= 0x80 || (!first && ((c >= '0' && c <= '9') || c == '-' || c == '.'));
}

/* The name at buf[i..end): its length, an error when there is none. */
static size_t
name(const struct xml *x, size_t i, size_t end)
{
	size_t j = i;

	while (j < end && namechar((unsigned char)x->buf[j], j == i))
		j++;
	if (j == i)
		errat(x, i, "a name expected");
	return j - i;
}

/* The byte at buf[i] of text or a value: a C0 control byte but tab,
 * newline and return is no character of XML 1.0's. */
static char
rawchar(struct xml *x, size_t i)
{
	if ((unsigned char)x->buf[i] < 0x20 && !blank(x->buf[i]))
		errat(x, i, "a control byte XML does not allow");
	return x->buf[i];
}

/* The reference at buf[*i] ('&'), decoded to buf[*w]; both moved past. */
static void
reference(struct xml *x, size_t *i, size_t end, size_t *w)
{
	static const char *const names[] = { "amp", "lt", "gt", "quot", "apos" };
	static const char chars[] = "&<>\"'";
	char *semi = memchr(x->buf + *i, ';', end - *i < 12 ? end - *i : 12);
	const char *p = x->buf + *i + 1;
	size_t k, n;
	unsigned long c = 0;
	char *e;

	if (!semi)
		errat(x, *i, "'&' begins no reference");
	n = (size_t)(semi - p);
	for (k = 0; k < LEN(names); k++)
		if (n == strlen(names[k]) && !memcmp(p, names[k], n)) {
			x->buf[(*w)++] = chars[k];
			*i = (size_t)(semi - x->buf) + 1;
			return;
		}
	if (n < 2 || *p != '#')
		errat(x, *i, "an entity XML does not define");
	if (p[1] == 'x' && n > 2 && n < 11 && isdigits(p + 2, n - 2, 1))
		c = strtoul(p + 2, &e, 16);
	else if (p[1] != 'x' && n < 10 && isdigits(p + 1, n - 1, 0))
		c = strtoul(p + 1, &e, 10);
	if (!c || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		errat(x, *i, "a character reference to no character");
	/* XML 1.0's Char: no C0 control but tab, newline and return, no
	 * U+FFFE or U+FFFF */
	if ((c < 0x20 && !blank((char)c)) || c == 0xfffe || c == 0xffff)
		errat(x, *i, "a character reference to a character XML does not allow");
	*w += utf8_encode((uint32_t)c, x->buf + *w);
	*i = (size_t)(semi - x->buf) + 1;
}

/* Decode the references of buf[i..end) in place: its new length. */
static size_t
decode(struct xml *x, size_t i, size_t end)
{
	size_t w = i, from = i;

	while (i < end) {
		if (x->buf[i] == '&')
			reference(x, &i, end, &w);
		else if (x->buf[i] == '<')
			errat(x, i, "'<' in an attribute value");
		else
			x->buf[w++] = rawchar(x, i++);
	}
	return w - from;
}

/* The attributes of the start tag buf[i..end) (its '>' or "/>"). */
static void
attributes(struct xml *x, size_t i, size_t end)
{
	struct xml_attr *a;
	size_t n, k, q;

	for (x->nattr = 0;;) {
		k = i;
		while (i < end && blank(x->buf[i]))
			i++;
		if (i == end)
			return;
		if (i == k)
			errat(x, i, "a blank expected before an attribute");
		n = name(x, i, end);
		x->attr = egrowarray(x->attr, &x->attrcap, x->nattr + 1, sizeof(*x->attr));
		a = &x->attr[x->nattr++];
		a->name = x->buf + i;
		a->nlen = n;
		for (k = 0; k + 1 < x->nattr; k++)
			if (x->attr[k].nlen == n && !memcmp(x->attr[k].name, a->name, n))
				errat(x, i, "an attribute given twice");
		for (i += n; i < end && blank(x->buf[i]); i++)
			;
		if (i == end || x->buf[i] != '=')
			errat(x, i, "'=' expected after an attribute's name");
		for (i++; i < end && blank(x->buf[i]); i++)
			;
		if (i == end || (x->buf[i] != '"' && x->buf[i] != '\''))
			errat(x, i, "a quoted value expected");
		q = (size_t)((char *)memchr(x->buf + i + 1, x->buf[i], end - i - 1) - x->buf);
		a->val = x->buf + i + 1;
		a->vlen = decode(x, i + 1, q);
		i = q + 1;
	}
}

/* The end of the tag that begins at pos: the place of its '>' from pos
 * (past quoted values). */
static size_t
tagend(struct xml *x)
{
	size_t i = 1;
	char q = 0;

	for (;; i++) {
		if (!have(x, i, 1))
			errat(x, x->end, "the document ends inside a tag");
		if (q && x->buf[x->pos + i] == q)
			q = 0;
		else if (!q && (x->buf[x->pos + i] == '"' || x->buf[x->pos + i] == '\''))
			q = x->buf[x->pos + i];
		else if (!q && x->buf[x->pos + i] == '>')
			return i;
		else if (!q && x->buf[x->pos + i] == '<')
			errat(x, x->pos + i, "'<' inside a tag");
	}
}

static void
push(struct xml *x, const char *s, size_t n)
{
	if (x->depth >= x->maxdepth)
		errat(x, x->pos, "elements nested too deep");
	x->at = egrowarray(x->at, &x->atcap, x->depth + 1, sizeof(*x->at));
	x->at[x->depth++] = x->names.n;
	bytes_put(&x->names, s, n);
}

/* The innermost open element's name. */
static void
top(const struct xml *x, const char **s, size_t *n)
{
	*s = (const char *)x->names.p + x->at[x->depth - 1];
	*n = x->names.n - x->at[x->depth - 1];
}

static void
pop(struct xml *x)
{
	x->names.n = x->at[--x->depth];
}

/* <name attr="v" ...> or .../> */
static int
starttag(struct xml *x)
{
	size_t gt = tagend(x), i = x->pos, n, end = x->pos + gt;

	if (!x->depth && x->rooted)
		errat(x, i, "a second root element");
	n = name(x, i + 1, end);
	x->selfclose = x->buf[end - 1] == '/';
	attributes(x, i + 1 + n, end - x->selfclose);
	x->tag = x->buf + i + 1;
	x->taglen = n;
	x->off = x->base + i;
	push(x, x->tag, n);
	x->rooted = 1;
	x->pos = end + 1;
	return XML_OPEN;
}

/* </name> */
static int
endtag(struct xml *x)
{
	size_t gt = find(x, 2, ">", 1), i = x->pos, n, k;
	const char *s;

	if (gt == NOTFOUND)
		errat(x, x->end, "the document ends inside an end tag");
	n = name(x, i + 2, i + gt);
	for (k = i + 2 + n; k < i + gt && blank(x->buf[k]); k++)
		;
	if (k < i + gt)
		errat(x, k, "'>' expected in an end tag");
	if (!x->depth)
		errat(x, i, "an end tag with no element open");
	top(x, &s, &x->taglen);
	if (x->taglen != n || memcmp(s, x->buf + i + 2, n))
		xml_error(x, x->base + i, "</%.*s> closes <%.*s>", (int)n, x->buf + i + 2,
		    (int)x->taglen, s);
	x->tag = x->buf + i + 2;
	x->off = x->base + i;
	pop(x);
	x->pos = i + gt + 1;
	return XML_CLOSE;
}

/* Markup passed over: the place after its terminator s from pos. */
static void
pass(struct xml *x, size_t rel, const char *s, const char *what)
{
	size_t e = find(x, rel, s, strlen(s));

	if (e == NOTFOUND)
		xml_error(x, x->base + x->pos, "the document ends inside %s", what);
	x->pos += e + strlen(s);
}

/* <!DOCTYPE ...>, without an internal subset */
static void
doctype(struct xml *x)
{
	size_t i;

	for (i = 9;; i++) {
		if (!have(x, i, 1))
			errat(x, x->end, "the document ends inside a DOCTYPE");
		if (x->buf[x->pos + i] == '[')
			errat(x, x->pos, "a DOCTYPE with an internal subset (entity "
			    "definitions) is not read");
		if (x->buf[x->pos + i] == '>')
			break;
	}
	x->pos += i + 1;
}

/* Text from pos to the next '<' (or the end), decoded; 1 when it is
 * more than blanks. */
static int
text(struct xml *x, size_t lt, int cdata)
{
	size_t i = x->pos, k, w;

	x->off = x->base + i;
	if (cdata) {
		for (k = i; k < i + lt; k++)
			rawchar(x, k);
		x->text = x->buf + i;
		x->textlen = lt;
	} else {
		for (k = i; k < i + lt && blank(x->buf[k]); k++)
			;
		if (k == i + lt) {
			x->pos += lt;
			return 0;
		}
		if (!x->depth)
			errat(x, k, x->rooted ? "text after the root element" :
			    "text before the root element");
		for (k = i; k < i + lt; k++)
			if (x->buf[k] == '>' && k >= i + 2 && !memcmp(x->buf + k - 2, "]]", 2))
				errat(x, k - 2, "']]>' in text");
		x->text = x->buf + i;
		for (k = w = i; k < i + lt;)
			if (x->buf[k] == '&')
				reference(x, &k, i + lt, &w);
			else
				x->buf[w++] = rawchar(x, k++);
		x->textlen = w - i;
	}
	x->pos += lt;
	return 1;
}

static int
markup(struct xml *x)
{
	size_t e;

	if (!have(x, 0, 2))
		errat(x, x->pos, "the document ends inside a tag");
	switch (x->buf[x->pos + 1]) {
	case '/':
		return endtag(x);
	case '?':
		pass(x, 2, "?>", "a processing instruction");
		return -1;
	case '!':
		break;
	default:
		return starttag(x);
	}
	if (have(x, 0, 4) && !memcmp(x->buf + x->pos, "<!--", 4)) {
		pass(x, 4, "-->", "a comment");
		return -1;
	}
	if (have(x, 0, 9) && !memcmp(x->buf + x->pos, "<![CDATA[", 9)) {
		if (!x->depth)
			errat(x, x->pos, "a CDATA section outside the root element");
		if ((e = find(x, 9, "]]>", 3)) == NOTFOUND)
			errat(x, x->pos, "the document ends inside a CDATA section");
		x->pos += 9;
		text(x, e - 9, 1);
		x->pos += 3;
		return XML_TEXT;
	}
	if (have(x, 0, 9) && !memcmp(x->buf + x->pos, "<!DOCTYPE", 9) && !x->rooted) {
		doctype(x);
		return -1;
	}
	errat(x, x->pos, "markup XML does not know");
}

int
xml_next(struct xml *x)
{
	size_t lt;
	int r;

	if (x->selfclose) {
		x->selfclose = 0;
		top(x, &x->tag, &x->taglen);
		pop(x);
		return XML_CLOSE;
	}
	for (;;) {
		if (!have(x, 0, 1)) {
			if (x->depth)
				xml_error(x, x->base + x->end, "the document ends inside <%.*s>",
				    (int)(x->names.n - x->at[x->depth - 1]),
				    (const char *)x->names.p + x->at[x->depth - 1]);
			if (!x->rooted)
				xml_error(x, x->base + x->end, "no element");
			return XML_EOF;
		}
		if (x->buf[x->pos] == '<') {
			if ((r = markup(x)) >= 0)
				return r;
			continue;
		}
		lt = find(x, 0, "<", 1);
		if (text(x, lt == NOTFOUND ? x->end - x->pos : lt, 0))
			return XML_TEXT;
	}
}

const char *
xml_attr(const struct xml *x, const char *name, size_t *len)
{
	size_t i, n = strlen(name);

	for (i = 0; i < x->nattr; i++)
		if (x->attr[i].nlen == n && !memcmp(x->attr[i].name, name, n)) {
			*len = x->attr[i].vlen;
			return x->attr[i].val;
		}
	return NULL;
}
