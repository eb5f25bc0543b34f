/* out.h: buffered standard output
 *
 * Every program writes through here: one large buffer, write(2) when it
 * fills, and a reader that closed the pipe ends the program quietly.
 */
#ifndef FG_OUT_H
#define FG_OUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Half a pipe's 64 KiB: a write never waits for the whole pipe to
 * drain, so the reader takes one half while the next is made (writes
 * of 128 KiB made fg-diff | cat a third slower). */
#define OUT_BUFSIZE (1 << 15)

/* Each thread has a buffer of its own (see out_keep). */
extern _Thread_local char out_buf[OUT_BUFSIZE];
extern _Thread_local size_t out_len;

/* Write out what is buffered (a write error ends the program with a
 * message, exit 1); call it before exit too. */
void out_flush(void);
void out_mem(const void *p, size_t n);
void out_u64(uint64_t v);
void out_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* For a program that writes binary data (what: "a PNG image"): a
 * terminal as standard output is refused, as gzip refuses it, before
 * any input is read: "PROG: WHAT is not written to a terminal: ...", exit 1. */
void out_notty(const char *what);

/*
 * What the calling thread writes from now on gathers in k instead of
 * going out (a helper thread's part of the output, for the thread that
 * writes to give to out_mem in its turn); out_keep(NULL) ends that,
 * with what is buffered.  free(k->p) after.
 */
struct outkeep {
	char *p;
	size_t n, cap;
};
void out_keep(struct outkeep *k);

/*
 * Untrusted text written escaped (outesc.c; the rules are escape.h's):
 * markup characters escaped, invalid UTF-8 and characters XML forbids
 * written as U+FFFD.
 */
/* Write s[0..n) as XML character data or attribute text. */
void out_xml(const char *s, size_t n);
/* Write s[0..n) as XML character data only, shorter: '>' as it is
 * except in "]]>" (the markup before s must not end in "]]"), quotes
 * as they are. */
void out_xmltext(const char *s, size_t n);
/* The same two for a name a person reads (an SVG's labels and titles,
 * a JUnit report's): bidirectional controls as their visible escapes,
 * \u202e (escape.h). */
void out_xmlshown(const char *s, size_t n);
void out_xmltextshown(const char *s, size_t n);
/* Write s[0..n) as the inside of a JSON string (no quotes).  '<', '>'
 * and '&' are escaped too, so the text is safe inside an HTML <script>
 * or an XML CDATA section. */
void out_json(const char *s, size_t n);
void out_jsonstr(const char *s, size_t n);	/* with the quotes */
/* A JSON string, with the quotes, of a name a script shows to a person
 * (an SVG's): bidirectional controls as the visible text \u202e (its
 * backslash escaped), so that what is shown is what a search finds. */
void out_jsonshown(const char *s, size_t n);

/* Write s[0..n) for a terminal: control characters and bytes that
 * are not UTF-8 as \xHH, bidirectional controls as \u202e
 * (term_escape, escape.h). */
void out_term(const char *s, size_t n);

static inline void
out_char(char c)
{
	if (out_len == OUT_BUFSIZE)
		out_flush();
	out_buf[out_len++] = c;
}

static inline void
out_str(const char *s)
{
	out_mem(s, strlen(s));
}

#endif
