/* escape.h: UTF-8 that stays whole, and what XML and terminals allow
 *
 * Names in profiles are untrusted bytes.  This is the one UTF-8 decoder
 * and the rules of what must be escaped; the writers that apply them to
 * everything written into an SVG, HTML or JSON document or to a
 * terminal are out.h's (out_xml, out_json, out_term: outesc.c), and
 * call nothing but the output and these: markup characters are
 * escaped, invalid UTF-8 and characters XML forbids become U+FFFD, and
 * truncation never splits a character.
 */
#ifndef FG_ESCAPE_H
#define FG_ESCAPE_H

#include <stddef.h>
#include <stdint.h>

/* The one UTF-8 decoder: the length of the valid sequence at s[0..n)
 * (n > 0) and its code point in *cp (cp may be NULL); 0 for an invalid
 * sequence (overlong, a surrogate, beyond U+10FFFF, cut short), with
 * *cp the first byte. */
size_t utf8_decode(const char *s, size_t n, uint32_t *cp);
/* Code point c (below 0x110000) in UTF-8 into u[0..4): its length. */
size_t utf8_encode(uint32_t c, char *u);
/* Bytes of the character at s[0..n) (n > 0): a valid sequence, or one
 * byte of an invalid one. */
size_t utf8_next(const char *s, size_t n);
/* Characters in s[0..n) (an invalid byte counts as one). */
size_t utf8_chars(const char *s, size_t n);
/* Bytes taken by the first nchars characters of s[0..n). */
size_t utf8_prefix(const char *s, size_t n, size_t nchars);

/* Whether code point c is a character XML 1.0 allows (not U+FFFE,
 * U+FFFF, a surrogate, nor a control other than tab, LF and CR). */
int xml_char(uint32_t c);

/*
 * The bidirectional control at s[0..n) (n > 0): U+202A..U+202E
 * (embeddings, overrides) and U+2066..U+2069 (isolates), which make a
 * renderer draw the text after them in another order, so that
 * "evil\u202egnp.exe" reads "evilexe.png".  Its length in bytes (3)
 * with its code point in *cp, or 0.  Every text a person reads shows
 * one as the six characters \u202e (bidi_shown), never as itself.
 */
size_t bidi_control(const char *s, size_t n, uint32_t *cp);
/* Code point cp as its visible escape "\uXXXX" into out[0..7),
 * NUL-terminated: 6. */
size_t bidi_shown(uint32_t cp, char *out);

/*
 * Text for a terminal: control characters (C0, DEL, and C1 as UTF-8)
 * and bytes that are not UTF-8 become \xHH, bidirectional controls
 * \u202e (above), so that an input cannot send escape sequences
 * (colours, OSC titles, links) to the terminal nor draw a name in
 * another order.
 * term_escape writes at most 4 * n + 1 bytes to out, NUL-terminated,
 * and returns the length (out_term, out.h, writes to the output).
 */
size_t term_escape(const char *s, size_t n, char *out);
/* How many bytes at s[0..n) (n > 0) pass to a terminal as they are (0:
 * escape the first byte). */
size_t term_safe(const unsigned char *s, size_t n);

#endif
