/* xml.h: XML read as it comes, one event at a time
 *
 * A pull reader over a file descriptor: the caller asks for the next
 * event, an element opened (its name and attributes), closed, or text,
 * and keeps what it wants; the reader holds one event in its buffer,
 * so memory follows the largest tag or run of text, not the document.
 * A document whose start was read already (to tell its format) is
 * handed over with those bytes.  Enough of XML 1.0 for the files of
 * profilers: elements, attributes in either quotes, the five
 * predefined entities and character references (decoded in place),
 * comments, CDATA sections, processing instructions and a DOCTYPE
 * (passed over; an internal subset, which could define entities, is
 * refused).  It is checked as it is read: names, quotes, references,
 * each end tag against the element it closes, one root element and
 * nothing but blanks, comments and instructions around it, no NUL
 * byte, nesting no deeper than maxdepth.  Every error ends the program
 * with "PROG: FILE: byte N: what", N the offset of the offending byte.
 * Text of blanks alone (between elements) is not handed out.
 */
#ifndef FG_XML_H
#define FG_XML_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/util.h"

#define XML_MAXDEPTH 100000

/* events; XML_EOF after the root element closed */
enum { XML_EOF, XML_OPEN, XML_CLOSE, XML_TEXT };

struct xml_attr {
	const char *name;
	size_t nlen;
	const char *val;	/* decoded */
	size_t vlen;
};

struct xml {
	int fd;			/* -1: the document is in memory */
	const char *name;	/* the file, in messages */
	char *buf;
	size_t cap, pos, end;	/* unread bytes are buf[pos..end) */
	uint64_t base;		/* the offset of buf[0] in the document */
	int eof;
	/* the event */
	const char *tag;	/* XML_OPEN, XML_CLOSE: the element's name */
	size_t taglen;
	struct xml_attr *attr;	/* XML_OPEN */
	size_t nattr, attrcap;
	const char *text;	/* XML_TEXT, decoded */
	size_t textlen;
	uint64_t off;		/* where the event begins */
	/* the open elements */
	struct bytes names;	/* their names, one after another */
	size_t *at;		/* where each begins in names */
	size_t depth, atcap, maxdepth;
	int selfclose;		/* the last open was <x/>: its close is next */
	int rooted;		/* the root element began */
};

/* Read fd (named name in messages), whose first n bytes p were read
 * already (p may be NULL when n is 0). */
void xml_open(struct xml *x, int fd, const char *name, const char *p, size_t n);
/* Read the document s[0..n) from memory. */
void xml_mem(struct xml *x, const char *s, size_t n, const char *name);
/* The next event: XML_OPEN, XML_CLOSE, XML_TEXT, or XML_EOF at the
 * end, the document whole.  What it hands out is valid until the next
 * call. */
int xml_next(struct xml *x);
/* The value of the open element's attribute name (NUL-terminated), or
 * NULL; *len its length. */
const char *xml_attr(const struct xml *x, const char *name, size_t *len);
/* "PROG: FILE: byte OFF: what", exit 1. */
noreturn void xml_error(const struct xml *x, uint64_t off, const char *fmt, ...)
    PRINTFLIKE(3, 4);
void xml_free(struct xml *x);

#endif
