/* out.c: buffered standard output */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/out.h"
#include "base/progress.h"
#include "base/util.h"

/* Standard output is the process's, and its buffer is each thread's:
 * state by nature, not of the data (out.h). */
_Thread_local char out_buf[OUT_BUFSIZE];
_Thread_local size_t out_len;
static _Thread_local struct outkeep *keep;	/* out_keep's, of this thread */

void
out_keep(struct outkeep *k)
{
	out_flush();
	keep = k;
}

/* p[0..n) to keep, or written to standard output. */
static void
put(const char *p, size_t n)
{
	size_t off = 0;
	ssize_t w;

	if (keep) {
		keep->p = egrowarray(keep->p, &keep->cap, keep->n + n, 1);
		memcpy(keep->p + keep->n, p, n);
		keep->n += n;
		return;
	}
	progress_output();
	while (off < n) {
		w = write(1, p + off, n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && errno == EPIPE)
			_exit(0);	/* the reader has what it wanted */
		if (w < 0)
			eprintf("write error: %s", strerror(errno));
		off += w;
	}
}

void
out_flush(void)
{
	if (out_len)
		put(out_buf, out_len);
	out_len = 0;
}

void
out_mem(const void *p, size_t n)
{
	const char *s = p;

	if (n > OUT_BUFSIZE - out_len) {
		out_flush();
		if (n >= OUT_BUFSIZE) {
			/* too big to buffer: straight out, in writes of the
			 * buffer's size (see OUT_BUFSIZE) */
			while (n) {
				size_t k = n < OUT_BUFSIZE ? n : OUT_BUFSIZE;

				put(s, k);
				s += k;
				n -= k;
			}
			return;
		}
	}
	memcpy(out_buf + out_len, s, n);
	out_len += n;
}

void
out_u64(uint64_t v)
{
	char tmp[24];
	int i = sizeof(tmp);

	do {
		tmp[--i] = '0' + v % 10;
		v /= 10;
	} while (v);
	out_mem(tmp + i, sizeof(tmp) - i);
}

void
out_printf(const char *fmt, ...)
{
	va_list ap;
	char small[256], *big;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		eprintf("output formatting failed");
	if ((size_t)n < sizeof(small)) {
		out_mem(small, n);
		return;
	}
	big = emalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	out_mem(big, n);
	free(big);
}

void
out_notty(const char *what)
{
	if (isatty(1))
		eprintf("%s is not written to a terminal: redirect it to a file "
		    "(> FILE) or a pipe", what);
}
