/* pdf.c: a minimal PDF writer */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/escape.h"
#include "base/util.h"
#include "draw/pdf.h"

void
pdf_num(struct bytes *b, double v)
{
	/* room for any finite double in %.3f: 309 digits, sign, point, 3 */
	char buf[400];
	int n, k;

	if (!isfinite(v))
		eprintf("internal error: PDF number %g", v);
	n = v >= 0 && v < 1e6 ? (int)fmt_fixed(buf, v, 3) : snprintf(buf, sizeof(buf), "%.3f", v);
	if (n < 1 || (size_t)n >= sizeof(buf))
		eprintf("internal error: PDF number %g", v);
	while (buf[n - 1] == '0')
		n--;
	if (buf[n - 1] == '.')
		n--;
	if (n == 2 && buf[0] == '-' && buf[1] == '0')
		buf[0] = '0', n = 1;
	/* "0.5" as ".5", "-0.5" as "-.5": the content is mostly colours */
	k = buf[0] == '-';
	if (n > k + 1 && buf[k] == '0' && buf[k + 1] == '.') {
		memmove(buf + k, buf + k + 1, n - k - 1);
		n--;
	}
	bytes_put(b, buf, n);
	bputs(b, " ");
}

void
pdf_begin(struct pdf *p, size_t nobj)
{
	/* the second line's high bytes mark the file as binary */
	static const char hdr[] = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";

	memset(p, 0, sizeof(*p));
	p->nobj = nobj;
	p->off = ecalloc(nobj + 1, sizeof(*p->off));
	bytes_put(&p->b, hdr, sizeof(hdr) - 1);
}

void
pdf_obj(struct pdf *p, size_t id)
{
	if (id < 1 || id > p->nobj)
		eprintf("internal error: PDF object %lu", (unsigned long)id);
	p->off[id] = p->b.n;
	bprintf(&p->b, "%lu 0 obj\n", (unsigned long)id);
}

void
pdf_obj_end(struct pdf *p)
{
	bputs(&p->b, "\nendobj\n");
}

void
pdf_deflated(struct pdf *p, size_t id, const char *dict, const struct bytes *z)
{
	pdf_obj(p, id);
	bprintf(&p->b, "<< /Length %lu /Filter /FlateDecode %s>>\nstream\n",
	    (unsigned long)z->n, dict ? dict : "");
	bytes_put(&p->b, z->p, z->n);
	bputs(&p->b, "\nendstream");
	pdf_obj_end(p);
}

void
pdf_end(struct pdf *p, size_t root)
{
	size_t xref = p->b.n, i;

	bprintf(&p->b, "xref\n0 %lu\n0000000000 65535 f \n", (unsigned long)p->nobj + 1);
	for (i = 1; i <= p->nobj; i++) {
		if (!p->off[i])
			eprintf("internal error: PDF object %lu not written", (unsigned long)i);
		bprintf(&p->b, "%010lu 00000 n \n", (unsigned long)p->off[i]);
	}
	bprintf(&p->b, "trailer\n<< /Size %lu /Root %lu 0 R >>\nstartxref\n%lu\n%%%%EOF\n",
	    (unsigned long)p->nobj + 1, (unsigned long)root, (unsigned long)xref);
}

void
pdf_free(struct pdf *p)
{
	bytes_free(&p->b);
	free(p->off);
}

/* The code point of the valid UTF-8 sequence s[0..k). */
void
pdf_text(struct bytes *b, const char *s, size_t n)
{
	uint32_t c;
	size_t i, k;
	char esc[8];

	bputs(b, "(");
	for (i = 0; i < n; i += k) {
		if ((k = bidi_control(s + i, n - i, &c))) {
			/* as fg-svg shows it: \u202e, the backslash escaped */
			bytes_put(b, "\\", 1);
			bytes_put(b, esc, bidi_shown(c, esc));
			continue;
		}
		k = utf8_decode(s + i, n - i, &c);
		c = k ? c : '?';
		if (!k)
			k = 1;
		if (c == '(' || c == ')' || c == '\\') {
			esc[0] = '\\';
			esc[1] = c;
			bytes_put(b, esc, 2);
		} else if (c >= ' ' && c <= '~') {
			esc[0] = c;
			bytes_put(b, esc, 1);
		} else if (c >= 0xa0 && c <= 0xff) {
			/* WinAnsiEncoding agrees with Latin-1 here */
			snprintf(esc, sizeof(esc), "\\%03o", (unsigned)c);
			bytes_put(b, esc, 4);
		} else {
			bputs(b, "?");
		}
	}
	bputs(b, ")");
}

static void
utf16unit(struct bytes *b, unsigned long u)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%04lX", u);
	bytes_put(b, buf, 4);
}

void
pdf_utf16(struct bytes *b, const char *s, size_t n)
{
	uint32_t c;
	size_t i, k, j;
	char esc[8];

	bputs(b, "<FEFF");
	for (i = 0; i < n; i += k) {
		if ((k = bidi_control(s + i, n - i, &c))) {
			/* drawn in no other order: its escape, \u202e */
			bidi_shown(c, esc);
			for (j = 0; esc[j]; j++)
				utf16unit(b, (unsigned char)esc[j]);
			continue;
		}
		k = utf8_decode(s + i, n - i, &c);
		c = k ? c : 0xfffd;
		if (!k)
			k = 1;
		if (c >= 0x10000) {
			c -= 0x10000;
			utf16unit(b, 0xd800 | c >> 10);
			utf16unit(b, 0xdc00 | (c & 0x3ff));
		} else {
			utf16unit(b, c);
		}
	}
	bputs(b, ">");
}
