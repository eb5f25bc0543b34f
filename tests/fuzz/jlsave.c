/*
 * Fuzzing harness for fg-jlprof's writer (lib/formats/jlprof/save.c): folded
 * stacks are read and written out as a .jlprof file, which the .jlprof
 * reader and jlprof-fold's folding (lib/formats/jlprof/fold.c, with -C) must
 * then take without a complaint: input that fg-jlprof accepts always
 * gives a valid file.  The first byte chooses the layout (odd: legacy),
 * the rest is the folded text.  Input whose file would take more than
 * MAXSIZE bytes is read but not written (fg-jlprof --max-size's
 * refusal: its file would be too long to fuzz).
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/count.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/folded.h"
#include "formats/jlprof/fold.h"
#include "formats/jlprof/jlprof.h"
#include "formats/jlprof/save.h"
#include "stack/stackmap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* static: they keep their values across the longjmp of an error */
static struct freader r;
static struct jlsave *s;
static struct jlfold *fold;
static struct jlfold_opts opt;
static struct stackmap back;
static int opened, written;
static jmp_buf jb;

#define MAXSIZE (8 << 20)

static void
save(int in, int layout)
{
	struct frules rules = { 0 };
	struct fline l;

	s = jlsave_new(layout, MAXSIZE);
	fr_openfd(&r, dup(in), "fuzz", &rules);	/* fr_close closes it */
	opened = 1;
	while (fr_next(&r, &l))
		jlsave_line(s, &r, &l);
	jlsave_write(s);
	out_flush();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int in = -1;
	static char path[64];
	int out;

	if (size < 1)
		return 0;
	if (in < 0) {
		setprogname("fg-jlprof");
		in = memfd_create("fuzz-in", 0);
		/* the written file is read back from standard output's memfd */
		if ((out = memfd_create("fuzz-out", 0)) < 0 || dup2(out, 1) < 0)
			abort();
		close(out);
		snprintf(path, sizeof(path), "/proc/self/fd/1");
		opt.c = 1;
		opt.intsize = 8;
		opt.layout = JL_AUTO;
	}
	if (ftruncate(in, 0) || pwrite(in, data + 1, size - 1, 0) != (ssize_t)(size - 1) ||
	    lseek(in, 0, SEEK_SET) || ftruncate(1, 0) || lseek(1, 0, SEEK_SET))
		abort();
	opened = written = 0;
	fold = jlfold_new(&opt, &back);
	error_jmp = &jb;
	if (!setjmp(jb)) {
		save(in, data[0] & 1 ? JL_LEGACY : JL_META);
		written = 1;
		stackmap_init(&back);
		jlfold_file(fold, path);
		written = 2;
	}
	error_jmp = NULL;
	if (written == 1)
		abort();	/* a file fg-jlprof wrote that jlprof-fold refuses */
	if (opened)
		fr_close(&r);
	jlsave_free(s);
	jlfold_free(fold);
	if (written)
		stackmap_free(&back);
	return 0;
}
