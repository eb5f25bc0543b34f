/* escape.c: UTF-8 decoded and encoded, characters classified for XML
 * and terminals, text escaped into the caller's buffer (the writers of
 * escaped output are outesc.c's) */
#include <string.h>

#include "base/escape.h"

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
int
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

size_t
bidi_control(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;

	if (n < 3 || u[0] != 0xe2)
		return 0;
	if ((u[1] == 0x80 && u[2] >= 0xaa && u[2] <= 0xae) ||
	    (u[1] == 0x81 && u[2] >= 0xa6 && u[2] <= 0xa9)) {
		*cp = 0x2000 | (uint32_t)(u[1] & 0x3f) << 6 | (u[2] & 0x3f);
		return 3;
	}
	return 0;
}

size_t
bidi_shown(uint32_t cp, char *out)
{
	static const char hex[] = "0123456789abcdef";

	out[0] = '\\';
	out[1] = 'u';
	out[2] = hex[cp >> 12 & 15];
	out[3] = hex[cp >> 8 & 15];
	out[4] = hex[cp >> 4 & 15];
	out[5] = hex[cp & 15];
	out[6] = 0;
	return 6;
}

size_t
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
	if (k && bidi_control((const char *)s, n, &cp))
		return 0;
	return k;
}

size_t
term_escape(const char *s, size_t n, char *out)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k, len = 0;
	uint32_t cp;

	while (i < n) {
		if ((k = term_safe(p + i, n - i))) {
			memcpy(out + len, p + i, k);
			len += k;
			i += k;
			continue;
		}
		if ((k = bidi_control(s + i, n - i, &cp))) {
			len += bidi_shown(cp, out + len);
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
