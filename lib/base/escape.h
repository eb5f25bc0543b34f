/* escape.h: text made safe for XML and JSON, and UTF-8 that stays whole
 *
 * Names in profiles are untrusted bytes.  Everything written into an
 * SVG, HTML or JSON document goes through here: markup characters are
 * escaped, invalid UTF-8 and characters XML forbids become U+FFFD, and
 * truncation never splits a character.
 */
#ifndef FG_ESCAPE_H
#define FG_ESCAPE_H

#include <stddef.h>

/* Length of the valid UTF-8 sequence at s[0..n), or 0 if invalid. */
size_t utf8_seqlen(const unsigned char *s, size_t n);
/* Characters in s[0..n) (an invalid byte counts as one). */
size_t utf8_chars(const char *s, size_t n);
/* Bytes taken by the first nchars characters of s[0..n). */
size_t utf8_prefix(const char *s, size_t n, size_t nchars);

/* Write s[0..n) as XML character data or attribute text. */
void out_xml(const char *s, size_t n);
/* Write s[0..n) as the inside of a JSON string (no quotes).  '<', '>'
 * and '&' are escaped too, so the text is safe inside an HTML <script>
 * or an XML CDATA section. */
void out_json(const char *s, size_t n);
void out_jsonstr(const char *s, size_t n);	/* with the quotes */

/*
 * Text for a terminal: control characters (C0, DEL, and C1 as UTF-8)
 * and bytes that are not UTF-8 become \xHH, so that an input cannot
 * send escape sequences (colours, OSC titles, links) to the terminal.
 * term_escape writes at most 4 * n + 1 bytes to out, NUL-terminated,
 * and returns the length; out_term writes to the output.
 */
size_t term_escape(const char *s, size_t n, char *out);
void out_term(const char *s, size_t n);

#endif
