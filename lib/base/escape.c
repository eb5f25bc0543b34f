/* escape.c: XML and JSON escaping, UTF-8 handling */
#include <string.h>

#include "base/escape.h"
#include "base/out.h"

size_t
utf8_seqlen(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t len, i;
	unsigned long cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, cp = c & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, beyond U+10FFFF */
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

size_t
utf8_chars(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k, count = 0;

	while (i < n) {
		k = utf8_seqlen(p + i, n - i);
		i += k ? k : 1;
		count++;
	}
	return count;
}

size_t
utf8_prefix(const char *s, size_t n, size_t nchars)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k;

	while (i < n && nchars--) {
		k = utf8_seqlen(p + i, n - i);
		i += k ? k : 1;
	}
	return i;
}

static const char replacement[] = "\xef\xbf\xbd";	/* U+FFFD */

/* U+FFFE and U+FFFF are not XML characters either */
static int
xml_nonchar(const unsigned char *s, size_t k)
{
	return k == 3 && s[0] == 0xef && s[1] == 0xbf && (s[2] == 0xbe || s[2] == 0xbf);
}

void
out_xml(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, k;

	while (i < n) {
		unsigned c = s[i];

		switch (c) {
		case '&': out_str("&amp;"); i++; continue;
		case '<': out_str("&lt;"); i++; continue;
		case '>': out_str("&gt;"); i++; continue;
		case '"': out_str("&quot;"); i++; continue;
		case '\'': out_str("&#39;"); i++; continue;
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
		k = c == 0x7f ? 0 : utf8_seqlen(s + i, n - i);
		if (!k || xml_nonchar(s + i, k)) {
			out_mem(replacement, 3);
			i += k ? k : 1;
			continue;
		}
		out_mem(s + i, k);
		i += k;
	}
}

void
out_json(const char *str, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, k;

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
		} else if (!(k = utf8_seqlen(s + i, n - i))) {
			out_str("\\ufffd");
			i++;
		} else if (k == 3 && s[i] == 0xe2 && s[i + 1] == 0x80 && (s[i + 2] & 0xfe) == 0xa8) {
			/* U+2028, U+2029: line ends to older JavaScript */
			out_str(s[i + 2] == 0xa8 ? "\\u2028" : "\\u2029");
			i += 3;
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
	size_t k;

	if (s[0] < 0x20 || s[0] == 0x7f)
		return 0;
	if (s[0] < 0x80)
		return 1;
	k = utf8_seqlen(s, n);
	if (k == 2 && s[0] == 0xc2 && s[1] < 0xa0)
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
