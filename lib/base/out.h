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

#define OUT_BUFSIZE (1 << 17)

extern char out_buf[OUT_BUFSIZE];
extern size_t out_len;

void out_drain(void);		/* write out what is buffered */
void out_flush(void);		/* drain; report a write error; call before exit */
void out_mem(const void *p, size_t n);
void out_u64(uint64_t v);
void out_i64(int64_t v);
void out_printf(const char *fmt, ...);

static inline void
out_char(char c)
{
	if (out_len == OUT_BUFSIZE)
		out_drain();
	out_buf[out_len++] = c;
}

static inline void
out_str(const char *s)
{
	out_mem(s, strlen(s));
}

#endif
