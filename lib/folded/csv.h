/* csv.h: comma-separated records (RFC 4180), from lines of text
 *
 * For the folders of CSV reports (vtune-fold, vsprof-fold).  A record
 * is a line, or several when a quoted field holds a line break; its
 * fields are split at the commas outside quotes, and a quoted field
 * ("a, b", "say ""hi""") is handed out without its quotes and with
 * each doubled quote made one.  Fields are handed out in place, valid
 * until the next record.  A quote inside an unquoted field is kept as
 * it is (as most readers do); text after a closing quote, before the
 * next comma, is an error.
 */
#ifndef FG_CSV_H
#define FG_CSV_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "folded/lines.h"

struct csvfield {
	char *s;
	size_t n;
};

struct csv {
	struct lines *r;
	struct csvfield *f;	/* the record's fields, f[0..nf) */
	size_t nf, fcap;
	size_t indent;		/* blanks before the first field (csv_next's lead) */
	uint64_t line;		/* the record's first line */
	struct bytes rec;	/* a record of several lines, joined */
};

/* Read from r; c zeroed before its first use (its buffers are kept
 * from one reader to the next). */
void csv_init(struct csv *c, struct lines *r);
/*
 * The next record: 1, or 0 at the end.  With lead set, the blanks that
 * start the record are no part of its first field but counted in
 * c->indent (VTune indents its call tree so, before a quoted name).
 * An empty line is a record of one empty field.  A quote left open at
 * the end of the input, or text after a closing quote, is an error
 * at its line.
 */
int csv_next(struct csv *c, int lead);
void csv_free(struct csv *c);

#endif
