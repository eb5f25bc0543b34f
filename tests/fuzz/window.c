/*
 * Fuzzing harness for fg-filter --window (lib/folded/window.c): the
 * input's first line is the window ("0.25,0.5", "1ms,2s"; one the
 * program refuses as bad usage is skipped), the rest folded stacks in
 * time order.  What the window writes is kept in memory and checked:
 * its counts add up to what lies in the window, min(TO, total) - FROM,
 * when it wrote any line, and to nothing when it said the window holds
 * nothing.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/out.h"
#include "base/util.h"
#include "folded/folded.h"
#include "folded/window.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* static: they keep their values across the longjmp of an error */
static struct freader r;
static struct window w;
static struct outkeep k;
static jmp_buf jb;

/* The sum of the last fields of the lines of p[0..n) that are no
 * comments ("#" alone or "# ...": "#13" is a frame, fg-folded(5)). */
static uint64_t
sum(const char *p, size_t n)
{
	const char *e, *end = p + n, *f;
	uint64_t s = 0, v;

	for (; p < end; p = e + 1) {
		if (!(e = memchr(p, '\n', (size_t)(end - p))))
			abort();	/* every line written ends */
		if (*p == '#' && (e - p == 1 || p[1] == ' '))
			continue;
		for (f = e; f > p && f[-1] != ' '; f--)
			;
		for (v = 0; f < e; f++)
			v = v * 10 + (uint64_t)(*f - '0');
		s += v;
	}
	return s;
}

static void
run(int fd)
{
	struct frules rules = { 0 };
	struct fline l;
	uint64_t want;

	rules.ncounts = 1;
	fr_openfd(&r, dup(fd), "fuzz", &rules);	/* fr_close closes it */
	while (fr_next(&r, &l))
		window_line(&r, &l, &w);
	if (window_end(&w)) {
		if (k.n)	/* nothing written when it holds nothing */
			abort();
		return;
	}
	out_flush();
	want = w.kept ? (w.to < w.at ? w.to : w.at) - w.from : 0;
	if (w.any && sum(k.p, k.n) != want)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	const uint8_t *nl = memchr(data, '\n', size);
	char arg[64];
	size_t n;

	if (fd < 0) {
		setprogname("fg-filter");
		fd = memfd_create("fuzz", 0);
	}
	if (!nl || (n = (size_t)(nl - data)) >= sizeof(arg) || memchr(data, 0, n))
		return 0;
	memcpy(arg, data, n);
	arg[n] = 0;
	if (window_parse(&w, arg)) {
		window_free(&w);
		return 0;
	}
	n++;
	if (ftruncate(fd, 0) || pwrite(fd, data + n, size - n, 0) != (ssize_t)(size - n))
		abort();
	lseek(fd, 0, SEEK_SET);
	k.n = 0;
	out_keep(&k);
	error_jmp = &jb;
	if (!setjmp(jb))
		run(fd);
	error_jmp = NULL;
	out_keep(NULL);
	fr_close(&r);
	window_free(&w);
	return 0;
}
