/*
 * text.h: what the harnesses of the text folders share (dtrace,
 * sample, bpftrace, jstack...): an input (after its option byte)
 * written to a memfd and read through a line reader (folded/lines.h)
 * as the folder reads a file, folded into a stackmap, printed to
 * /dev/null; an error jumps back here, its message left out, and the
 * reader, the map and the folder's state (through done) are freed
 * before the next input.  Included by one harness each.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/out.h"
#include "base/util.h"
#include "folded/lines.h"
#include "stack/stackmap.h"

/* data[1..size) folded by fold(st, r, m), as program prog; done(st)
 * frees what it kept, whether it ended or an error stopped it (the
 * readers' own pair, X_fold and X_free) */
static void
fuzz_text(char *prog, const uint8_t *data, size_t size,
    void (*fold)(void *st, struct lines *r, struct stackmap *m), void *st, void (*done)(void *st))
{
	static jmp_buf jb;
	static struct stackmap m;
	static struct lines r;
	static int fd = -1, opened;
	int null;

	if (fd < 0) {
		setprogname(prog);
		fd = memfd_create("fuzz", 0);
		if (fd < 0 || (null = open("/dev/null", O_WRONLY)) < 0 || dup2(null, 1) < 0)
			abort();
		close(null);
	}
	if (ftruncate(fd, 0) || pwrite(fd, data + 1, size - 1, 0) != (ssize_t)(size - 1))
		abort();
	lseek(fd, 0, SEEK_SET);
	stackmap_init(&m);
	opened = 0;
	error_jmp = &jb;
	if (!setjmp(jb)) {
		lines_openfd(&r, dup(fd), "fuzz");	/* lines_close closes it */
		opened = 1;
		fold(st, &r, &m);
		stackmap_print(&m, 1);
		out_flush();
	}
	error_jmp = NULL;
	if (opened)
		lines_close(&r);
	done(st);
	stackmap_free(&m);
}
