/* formats/jlprof/write.c: writing .jlprof files (see jlprof-format, section 3) */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "formats/jlprof/jlprof.h"
#include "formats/jlprof/write.h"

void
jlw_init(struct jlw *w)
{
	static const union { uint32_t u; unsigned char c[4]; } host = { 0x01020304 };

	memset(w, 0, sizeof(*w));
	w->big = host.c[0] == 1;
	w->intsize = 8;
}

void
jlw_free(struct jlw *w)
{
	free(w->p);
	w->p = NULL;
	w->n = w->cap = 0;
}

void
jlw_bytes(struct jlw *w, const void *p, size_t n)
{
	if (n > SIZE_MAX / 2 - w->n)
		eprintf("out of memory");
	w->p = egrowarray(w->p, &w->cap, w->n + n, 1);
	if (n)
		memcpy(w->p + w->n, p, n);
	w->n += n;
}

void
jlw_uint(struct jlw *w, uint64_t v, int size)
{
	unsigned char c[8];
	int i;

	for (i = 0; i < size; i++)
		c[w->big ? size - 1 - i : i] = v >> (8 * i);
	jlw_bytes(w, c, size);
}

/* Julia's Int */
static void
jlw_int(struct jlw *w, int64_t v)
{
	jlw_uint(w, (uint64_t)v, w->intsize);
}

void
jlw_header(struct jlw *w, int format)
{
	jlw_bytes(w, JL_MAGIC, 8);
	jlw_uint(w, 0x01020304, 4);
	jlw_uint(w, format, 1);
}

void
jlw_frame(struct jlw *w, const struct jlframe *f)
{
	jlw_uint(w, f->funclen, 4);
	jlw_bytes(w, f->func, f->funclen);
	jlw_uint(w, f->filelen, 4);
	jlw_bytes(w, f->file, f->filelen);
	jlw_int(w, f->line);
	jlw_uint(w, f->from_c, 1);
	jlw_uint(w, f->inlined, 1);
}

void
jlw_node(struct jlw *w, const struct jlframe *f, int status, int64_t start, int64_t stop)
{
	jlw_uint(w, 0xff, 1);
	jlw_frame(w, f);
	jlw_uint(w, status, 1);
	jlw_int(w, start);
	jlw_int(w, stop);
}

void
jlw_end(struct jlw *w)
{
	jlw_uint(w, 0, 1);
}
