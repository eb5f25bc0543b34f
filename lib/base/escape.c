/* escape.c: XML and JSON escaping, UTF-8 handling */
#include <string.h>

#include "base/escape.h"
#include "base/out.h"

size_t
utf8_decode(const char *str, size_t n, uint32_t *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned c = s[0];
	size_t len, i;
	uint32_t v;

	if (c < 0x80)
		len = 1, v = c;
	else if (c >= 0xc2 && c <= 0xdf)
		len = 2, v = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, v = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, v = c & 0x07;
	else
		goto bad;
	if (n < len)
		goto bad;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			goto bad;
		v = v << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, beyond U+10FFFF */
	if ((len == 3 && v < 0x800) || (len == 4 && (v < 0x10000 || v > 0x10ffff)) ||
	    (v >= 0xd800 && v <= 0xdfff))
		goto bad;
	if (cp)
		*cp = v;
	return len;
bad:
	if (cp)
		*cp = c;
	return 0;
}

/* Whether code point c is a character XML 1.0 allows (not U+FFFE,
 * U+FFFF, a surrogate, nor a control other than tab, LF and CR). */
static int
xml_char(uint32_t c)
{
	if (c < 0x20)
		return c == '\t' || c == '\n' || c == '\r';
	return c != 0xfffe && c != 0xffff && c <= 0x10ffff && (c < 0xd800 || c > 0xdfff);
}

size_t
utf8_encode(uint32_t c, char *u)
{
	if (c < 0x80) {
		u[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		u[0] = (char)(0xc0 | c >> 6);
		u[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		u[0] = (char)(0xe0 | c >> 12);
		u[1] = (char)(0x80 | (c >> 6 & 0x3f));
		u[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	u[0] = (char)(0xf0 | c >> 18);
	u[1] = (char)(0x80 | (c >> 12 & 0x3f));
	u[2] = (char)(0x80 | (c >> 6 & 0x3f));
	u[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

size_t
utf8_next(const char *s, size_t n)
{
	size_t k = utf8_decode(s, n, NULL);

	return k ? k : 1;
}

size_t
utf8_chars(const char *s, size_t n)
{
	size_t i, count = 0;

	for (i = 0; i < n; i += utf8_next(s + i, n - i))
		count++;
	return count;
}

size_t
utf8_prefix(const char *s, size_t n, size_t nchars)
{
	size_t i;

	for (i = 0; i < n && nchars; i += utf8_next(s + i, n - i))
		nchars--;
	return i;
}

static const char replacement[] = "\xef\xbf\xbd";	/* U+FFFD */

/* The entity s[i] is written as, or NULL: character data (text) needs
 * '>' escaped only where it ends "]]>", and quotes not at all. */
static const char *
xml_entity(const unsigned char *s, size_t i, int text)
{
	switch (s[i]) {
	case '&': return "&amp;";
	case '<': return "&lt;";
	case '>': return !text || (i >= 2 && s[i - 1] == ']' && s[i - 2] == ']') ? "&gt;" : NULL;
	case '"': return text ? NULL : "&quot;";
	case '\'': return text ? NULL : "&#39;";
	}
	return NULL;
}

static void
xml_escape(const char *str, size_t n, int text)
{
	const unsigned char *s = (const unsigned char *)str;
	const char *e;
	size_t i = 0, k;
	uint32_t cp;

	while (i < n) {
		unsigned c = s[i];

		if ((e = xml_entity(s, i, text))) {
			out_str(e);
			i++;
			continue;
		}
		if (c < 0x20 && c != '\t') {
			out_mem(replacement, 3);
			i++;
			continue;
		}
		if (c < 0x7f) {
			out_char(c);
			i++;
			continue;
		}
		k = c == 0x7f ? 0 : utf8_decode(str + i, n - i, &cp);
		if (!k || !xml_char(cp)) {
			out_mem(replacement, 3);
			i += k ? k : 1;
			continue;
		}
		out_mem(s + i, k);
		i += k;
	}
}

void
out_xml(const char *s, size_t n)
{
	xml_escape(s, n, 0);
}

void
out_xmltext(const char *s, size_t n)
{
	xml_escape(s, n, 1);
}

void
out_json(const char *str, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, k;
	uint32_t cp;

	while (i < n) {
		unsigned c = s[i];

		if (c == '"' || c == '\\') {
			out_char('\\');
			out_char(c);
			i++;
		} else if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == 0x7f) {
			out_str("\\u00");
			out_char(hex[c >> 4]);
			out_char(hex[c & 15]);
			i++;
		} else if (c < 0x80) {
			out_char(c);
			i++;
		} else if (!(k = utf8_decode(str + i, n - i, &cp))) {
			out_str("\\ufffd");
			i++;
		} else if (cp == 0x2028 || cp == 0x2029 || !xml_char(cp)) {
			/* line ends to older JavaScript; not XML characters,
			 * kept exact as escapes in an SVG's script */
			out_str("\\u");
			out_char(hex[cp >> 12]);
			out_char(hex[cp >> 8 & 15]);
			out_char(hex[cp >> 4 & 15]);
			out_char(hex[cp & 15]);
			i += k;
		} else {
			out_mem(s + i, k);
			i += k;
		}
	}
}

void
out_jsonstr(const char *s, size_t n)
{
	out_char('"');
	out_json(s, n);
	out_char('"');
}

/* How many bytes at s[0..n) pass to a terminal as they are (0: escape
 * the first byte). */
static size_t
term_safe(const unsigned char *s, size_t n)
{
	uint32_t cp;
	size_t k;

	if (s[0] < 0x20 || s[0] == 0x7f)
		return 0;
	if (s[0] < 0x80)
		return 1;
	k = utf8_decode((const char *)s, n, &cp);
	if (k && cp < 0xa0)
		return 0;	/* U+0080..U+009F: CSI, OSC... */
	return k;
}

size_t
term_escape(const char *s, size_t n, char *out)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k, len = 0;

	while (i < n) {
		if ((k = term_safe(p + i, n - i))) {
			memcpy(out + len, p + i, k);
			len += k;
			i += k;
			continue;
		}
		out[len++] = '\\';
		out[len++] = 'x';
		out[len++] = hex[p[i] >> 4];
		out[len++] = hex[p[i] & 15];
		i++;
	}
	out[len] = 0;
	return len;
}

void
out_term(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	char buf[8];
	size_t i = 0, k, run = 0;

	while (i + run < n) {
		if ((k = term_safe(p + i + run, n - i - run))) {
			run += k;
			continue;
		}
		out_mem(s + i, run);
		i += run;
		run = 0;
		out_mem(buf, term_escape(s + i, 1, buf));
		i++;
	}
	out_mem(s + i, run);
}
