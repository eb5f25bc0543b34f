/* pdf.h: a minimal PDF writer
 *
 * Objects are written into memory (base/bytes.h) with their offsets
 * recorded, so the cross-reference table is exact; streams are
 * deflated (base/deflate.h).  Text goes out in the base-14 Helvetica
 * with WinAnsiEncoding, so no font is embedded: Latin-1 characters are
 * kept, others become '?'.  Annotation text is UTF-16, so names
 * survive whole there.
 */
#ifndef FG_PDF_H
#define FG_PDF_H

#include <stddef.h>

#include "base/bytes.h"
#include "base/deflate.h"	/* the streams' zlib, for pdf_deflated */

struct pdf {
	struct bytes b;
	size_t *off;		/* off[id]: where object id starts */
	size_t nobj;
};

void pdf_begin(struct pdf *p, size_t nobj);	/* objects 1..nobj */
/* Start object id ("id 0 obj"); end it with pdf_obj_end. */
void pdf_obj(struct pdf *p, size_t id);
void pdf_obj_end(struct pdf *p);
/* A whole stream object of data deflated already, the zlib stream z;
 * dict holds any other keys. */
void pdf_deflated(struct pdf *p, size_t id, const char *dict, const struct bytes *z);
/* Cross references and trailer with root as the catalog. */
void pdf_end(struct pdf *p, size_t root);
void pdf_free(struct pdf *p);
/* A number as short as it can be written (at most three decimals, no
 * 0 before the point). */
void pdf_num(struct bytes *b, double v);
/* s[0..n) (UTF-8) as a literal string "(...)" in WinAnsiEncoding. */
void pdf_text(struct bytes *b, const char *s, size_t n);
/* s[0..n) (UTF-8) as a text string "<FEFF...>" in UTF-16BE. */
void pdf_utf16(struct bytes *b, const char *s, size_t n);

#endif
