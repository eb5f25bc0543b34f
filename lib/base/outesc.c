/* outesc.c: text written escaped for XML, JSON and terminals, through
 * the output (out.h); what is escaped is escape.c's to say */
#include <stdint.h>

#include "base/escape.h"
#include "base/out.h"

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

/* XML: text (character data only) or an attribute; shown: a name a
 * person reads, its bidirectional controls as their escapes. */
static void
xml_escape(const char *str, size_t n, int text, int shown)
{
	const unsigned char *s = (const unsigned char *)str;
	const char *e;
	size_t i = 0, k;
	uint32_t cp;
	char buf[8];

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
		if (shown && (k = bidi_control(str + i, n - i, &cp))) {
			out_mem(buf, bidi_shown(cp, buf));
			i += k;
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
	xml_escape(s, n, 0, 0);
}

void
out_xmltext(const char *s, size_t n)
{
	xml_escape(s, n, 1, 0);
}

void
out_xmlshown(const char *s, size_t n)
{
	xml_escape(s, n, 0, 1);
}

void
out_xmltextshown(const char *s, size_t n)
{
	xml_escape(s, n, 1, 1);
}

/* JSON; shown: a name a person reads, its bidirectional controls as
 * their visible escapes (the string holds the six characters \u202e),
 * else as JSON's escapes of the characters themselves. */
static void
json_escape(const char *str, size_t n, int shown)
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
		} else if (cp == 0x2028 || cp == 0x2029 || !xml_char(cp) ||
		    bidi_control(str + i, k, &cp)) {
			/* line ends to older JavaScript; not XML characters,
			 * kept exact as escapes in an SVG's script;
			 * bidirectional controls, to be seen in the file, or
			 * shown: the text \u202e, its backslash escaped */
			if (shown && k == 3 && cp >= 0x202a)
				out_char('\\');
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
out_json(const char *s, size_t n)
{
	json_escape(s, n, 0);
}

void
out_jsonstr(const char *s, size_t n)
{
	out_char('"');
	out_json(s, n);
	out_char('"');
}

void
out_jsonshown(const char *s, size_t n)
{
	out_char('"');
	json_escape(s, n, 1);
	out_char('"');
}

void
out_term(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	char buf[8];
	size_t i = 0, k, run = 0;
	uint32_t cp;

	while (i + run < n) {
		if ((k = term_safe(p + i + run, n - i - run))) {
			run += k;
			continue;
		}
		out_mem(s + i, run);
		i += run;
		run = 0;
		if ((k = bidi_control(s + i, n - i, &cp))) {
			out_mem(buf, bidi_shown(cp, buf));
			i += k;
			continue;
		}
		out_mem(buf, term_escape(s + i, 1, buf));
		i++;
	}
	out_mem(s + i, run);
}
