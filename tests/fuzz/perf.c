/*
 * Fuzzing harness for the perf script reader (lib/formats/perf/read.c) as perf-fold
 * drives it.  The first two bytes choose the options, the rest is the
 * perf script text; the folded stacks are printed to /dev/null.
 *
 *   byte 0: 1 --pid, 2 --tid, 4 --kernel, 8 --jit, 16 --addrs,
 *           32 --srcline, 64 --samples, 128 --no-process
 *   byte 1: 1 --event-filter cycles, 2 --event-filter with a blank,
 *           4 --skip-after (three names), 8 --strict
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "folded/folder.h"
#include "folded/lines.h"
#include "base/out.h"
#include "formats/perf/read.h"
#include "stack/stackmap.h"
#include "base/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *skips[] = { "main", "[unknown]", "__libc_start_main" };

/* static: they keep their values across the longjmp of an error */
static struct perf_opts o;
static struct perf_state *st;
static struct folder f;
static struct lines r;
static int opened;
static jmp_buf jb;

static void
run(int fd, const uint8_t *opt)
{
	o.pid = opt[0] & 1;
	o.tid = opt[0] >> 1 & 1;
	o.kernel = opt[0] >> 2 & 1;
	o.jit = opt[0] >> 3 & 1;
	o.addrs = opt[0] >> 4 & 1;
	o.srcline = opt[0] >> 5 & 1;
	o.period = !(opt[0] >> 6 & 1);
	o.process = !(opt[0] >> 7 & 1);
	o.strict = opt[1] >> 3 & 1;
	o.skipafter = opt[1] & 4 ? skips : NULL;
	o.nskip = opt[1] & 4 ? (int)LEN(skips) : 0;
	o.event = opt[1] & 1 ? "cycles" : opt[1] & 2 ? "a b" : NULL;
	folder_init(&f, 0);
	st = perf_new(&o);
	perf_start(&f, st);
	lines_openfd(&r, dup(fd), "fuzz");	/* lines_close closes it */
	opened = 1;
	perf_fold(st, &r, &f.map);
	perf_done(&f, st);	/* --strict, no samples: errors */
	folder_print(&f);
	out_flush();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	int null;

	if (size < 2)
		return 0;
	if (fd < 0) {
		fd = memfd_create("fuzz", 0);
		/* the folded output is not looked at */
		if ((null = open("/dev/null", O_WRONLY)) < 0 || dup2(null, 1) < 0)
			abort();
		close(null);
	}
	if (ftruncate(fd, 0) || pwrite(fd, data + 2, size - 2, 0) != (ssize_t)(size - 2))
		abort();
	lseek(fd, 0, SEEK_SET);
	opened = 0;
	error_jmp = &jb;
	if (!setjmp(jb))
		run(fd, data);
	error_jmp = NULL;
	if (opened)
		lines_close(&r);
	if (st)
		perf_free(st);
	st = NULL;
	folder_free(&f);
	return 0;
}
