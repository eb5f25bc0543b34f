/*
 * Fuzzing harness for the folders of other tools' call trees and
 * tables, as their programs drive them: the first byte chooses the
 * reader and its options, the rest is the file; the folded stacks are
 * printed to /dev/null.
 *
 *   byte 0 % 11: 0 vtune-fold, 1 vtune-fold --no-modules, 2 vsprof-fold,
 *   3 ghcprof-fold, 4 ghcprof-fold --bytes, 5 ghcprof-fold --time,
 *   6 callgrind-fold, 7 callgrind-fold --event Dr, 8 instruments-fold
 *   of an export, 9 the same with --time, 10 instruments-fold of a deep
 *   copy; callgrind-fold and instruments-fold with --lines too when
 *   byte 0 is 128 or more, instruments-fold with --full-path when its
 *   bit 64 is set
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/out.h"
#include "base/util.h"
#include "folded/lines.h"
#include "formats/callgrind/read.h"
#include "formats/ghc/read.h"
#include "formats/instruments/deepcopy.h"
#include "formats/instruments/xctrace.h"
#include "formats/vsprof/read.h"
#include "formats/vtune/read.h"
#include "stack/stackmap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* static: they keep their values across the longjmp of an error */
static struct stackmap m;
static struct lines r;
static struct vtune *vt;
static struct vsprof *vs;
static struct vtune_opts vo;
static struct ghc *gh;
static struct cg *cg;
static struct folder cgf;	/* cg_print's (its header and empty map) */
static struct xctrace *xt;
static struct deepcopy *dc;
static int opened;
static jmp_buf jb;

/* every reader's stacks */
static void
print(void)
{
	stackmap_print(&m, 1);
	vtune_print(vt, &cgf);
	vsprof_print(vs, &cgf);
	ghc_print(gh, &cgf);
	cg_print(cg, &cgf);
	deepcopy_print(dc, &cgf);
	xctrace_print(xt, &cgf);
	out_flush();
}

static void
run(int fd, int which, const uint8_t *data, size_t size)
{
	if (which % 11 == 8 || which % 11 == 9) {
		xctrace_fold(xt, fd, "fuzz", NULL, 0);
		print();
		return;
	}
	if (which % 11 >= 6 && which % 11 < 10) {
		cg_fold(cg, (const char *)data, size, "fuzz");
		print();
		return;
	}
	if (which % 11 >= 3 && which % 11 < 10) {
		ghc_fold(gh, (const char *)data, size, "fuzz");
		print();
		return;
	}
	lines_openfd(&r, dup(fd), "fuzz");	/* lines_close closes it */
	opened = 1;
	switch (which % 11) {
	case 0:
	case 1:
		vo.nomodules = which % 11;
		vtune_fold(vt, &r);
		break;
	case 2:
		vsprof_fold(vs, &r);
		break;
	default:
		deepcopy_fold(dc, &r);
		break;
	}
	print();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	int null;

	if (size < 1)
		return 0;
	if (fd < 0) {
		fd = memfd_create("fuzz", 0);
		setprogname("reports");
		/* the folded output is not looked at */
		if ((null = open("/dev/null", O_WRONLY)) < 0 || dup2(null, 1) < 0)
			abort();
		close(null);
	}
	if (ftruncate(fd, 0) || pwrite(fd, data + 1, size - 1, 0) != (ssize_t)(size - 1))
		abort();
	lseek(fd, 0, SEEK_SET);
	opened = 0;
	stackmap_init(&m);
	vt = vtune_new(&vo, &m);
	vs = vsprof_new(&m);
	gh = ghc_new(data[0] % 11 == 4 ? GHC_BYTES : data[0] % 11 == 5 ? GHC_TIME : GHC_DEFAULT, &m);
	cg = cg_new(&(struct cg_opt){ data[0] % 11 == 7 ? "Dr" : NULL, 0, 0, data[0] >> 7, 0 }, &m);
	folder_init(&cgf, 0);
	xt = xctrace_new(data[0] % 11 == 9, data[0] >> 7, data[0] >> 6 & 1, &m);
	dc = deepcopy_new(&m);
	error_jmp = &jb;
	if (!setjmp(jb))
		run(fd, data[0], data + 1, size - 1);
	error_jmp = NULL;
	if (opened)
		lines_close(&r);
	vtune_free(vt);
	vsprof_free(vs);
	ghc_free(gh);
	cg_free(cg);
	folder_free(&cgf);
	xctrace_free(xt);
	deepcopy_free(dc);
	stackmap_free(&m);
	return 0;
}
