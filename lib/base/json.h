/* json.h: JSON (RFC 8259) read in one pass over a buffer
 *
 * A pull reader: the caller walks the document in the order it comes,
 * asking for an object, its keys, an array, its elements, a string or
 * a number, and skips what it does not want.  Nothing is built: strings
 * without escapes are handed out where they lie in the buffer, so
 * memory beyond the buffer follows what the caller
 * keeps, not the document.  Everything is checked as it is passed,
 * skipped values too: the grammar, UTF-8, \u escapes and their
 * surrogate pairs, integers exact to 2^63, nesting no deeper than
 * maxdepth.  Every error ends the program with
 * "PROG: FILE: byte N: what", N the offset of the offending byte.
 */
#ifndef FG_JSON_H
#define FG_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/util.h"

/* the default bound on nesting: objects and arrays inside each other */
#define JSON_MAXDEPTH 100000

enum { JSON_OBJ = 1, JSON_ARR, JSON_STR, JSON_NUM, JSON_TRUE, JSON_FALSE, JSON_NULL };

struct json {
	const char *base, *p, *end;
	const char *name;	/* the file, in messages */
	unsigned depth, maxdepth;
	int first;		/* no element read yet in the open container */
	int partial;		/* set: a top-level array may end with the
				 * buffer, after an element or a ',' (the
				 * Trace Event Format allows it) */
	unsigned char *kind;	/* per depth: JSON_OBJ or JSON_ARR */
	size_t kindcap;
	char *buf;		/* strings with escapes, decoded */
	size_t cap;
};

struct jstr {
	const char *s;
	size_t len;
};

/* A number: isint when it is an integer in [-2^63, 2^63) written
 * without fraction or exponent, i then exact; d always; u, a whole
 * number from 2^63 to 2^64 - 1 written so, exact (d rounds it), else 0. */
struct jnum {
	int isint;
	int64_t i;
	double d;
	uint64_t u;
};

/* For a reader of a file that must be JSON, given its first bytes as
 * they come: does the first byte after white space (and a UTF-8 byte
 * order mark) start a JSON value?  1 yes, 0 no (that byte at *at), -1
 * when there is no such byte yet. */
int json_head(const char *p, size_t n, size_t *at);
/* Read s[0..n), named name in messages (a byte order mark is passed). */
void json_init(struct json *j, const char *s, size_t n, const char *name);
void json_free(struct json *j);
/* j made a second reader over from's buffer, at offset off (from
 * json_off): a value found on the first pass read again, or two arrays
 * side by side.  Offsets in its messages are the buffer's.  j must be
 * zeroed or a reader already: its buffers are kept, for json_free. */
void json_at(struct json *j, const struct json *from, uint64_t off);
/* "PROG: FILE: byte OFF: what", exit 1; off from json_off. */
noreturn void json_error(const struct json *j, uint64_t off, const char *fmt, ...)
    PRINTFLIKE(3, 4);
/* The offset of the next token (white space passed). */
uint64_t json_off(struct json *j);
/* The kind of the next value, JSON_OBJ to JSON_NULL; an error at the
 * end of the buffer or at a byte that starts no value. */
int json_peek(struct json *j);
/* What kind names, for messages: "an object", "a string"... */
const char *json_kindname(int kind);
/* Enter an object: its next value must be one. */
void json_obj(struct json *j);
/* The object's next key, decoded, its ':' passed: 1; or 0 at its
 * '}', which is passed. */
int json_key(struct json *j, struct jstr *k);
/* Enter an array. */
void json_arr(struct json *j);
/* 1 when the array has another element (its ',' passed), 0 at its ']'. */
int json_more(struct json *j);
/* The next value, a string, decoded: valid until the next call that
 * reads a string or key. */
struct jstr json_str(struct json *j);
/* The same, decoded into b in place of what b held: kept past the
 * next string read. */
void json_strcopy(struct json *j, struct bytes *b);
void json_num(struct json *j, struct jnum *n);
/* The next value, an integer in [lo, hi]; what names it in messages. */
int64_t json_int(struct json *j, int64_t lo, int64_t hi, const char *what);
/* Pass the next value, whatever it is, checking it. */
void json_skip(struct json *j);
/* Only white space may follow. */
void json_end(struct json *j);
/* Does the key equal the NUL-terminated name? */
int json_is(struct jstr k, const char *name);
/* The object at the cursor passed, every value checked: off[i] the
 * offset of the value of key names[i] (for json_at), 0 where it is
 * absent or null. */
void json_findkeys(struct json *j, const char *const *names, uint64_t *off, int n);

#endif
