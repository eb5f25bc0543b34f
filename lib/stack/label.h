/* label.h: "NAME at FILE:LINE" frame labels, for folders of JSON profiles
 *
 * The V8 and speedscope readers name a frame from a function name, a
 * file (a path or a url) and a line, the way Julia frames are written
 * (fg-folded(5)): the file's base name unless the whole of it is
 * asked for, the line when there is one.
 */
#ifndef FG_LABEL_H
#define FG_LABEL_H

#include <stddef.h>
#include <stdint.h>

struct labelbuf {
	char *s;
	size_t len, cap;
};

/* The base name of path file[0..flen): the text after its last '/' or
 * backslash (a path written on Windows, C:\src\a.py or file:///C:/a.py;
 * a backslash in a Unix file name is rare enough to be taken for a
 * separator too). */
const char *label_base(const char *file, size_t flen);
/* Does path file[0..flen) name file tail[0..tlen): is it tail, or does
 * it end in a separator (as label_base has them) and tail?  1 or 0. */
int label_endsin(const char *file, size_t flen, const char *tail, size_t tlen);

/* The length of function name f[0..n) without its arguments, as
 * stackcollapse-perf.pl cuts a C++ name: up to the first '(' that
 * does not open "(anonymous namespace)", unless the name is a Go
 * method ("net/http.(*Client).Do"), which keeps it whole. */
size_t label_noargs(const char *f, size_t n);

/*
 * Make lb the label of a frame: name (or "(anonymous)" when it is
 * empty), then " at FILE" when file is not empty (its base name,
 * label_base, unless full is set) and ":LINE" when line > 0, then suffix
 * (an annotation such as "_[g]", or NULL).  Control characters become
 * blanks and the label is cleaned as frame_clean does (no ';', no
 * trailing blank or count, no bare "#"); lb->len is its cleaned length.
 */
void label_make(struct labelbuf *lb, const char *name, size_t nlen, const char *file,
    size_t flen, int64_t line, int full, const char *suffix);
void label_free(struct labelbuf *lb);

#endif
