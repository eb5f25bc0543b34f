/*
 * Fuzzing harness for the .jlprof reader (lib/formats/jlprof/read.c) and the folding
 * that jlprof-fold does on what it reads (lib/formats/jlprof/fold.c): both data
 * layouts of format 0x01 with Profile's tree and FlameGraphs' graph,
 * and saved graphs of format 0x02.  The first two bytes
 * choose the options, the rest is the file; the folded stacks are
 * printed to /dev/null.
 *
 *   byte 0: 1 -C, 2 --no-combine, 4 --repl, 8 --full-path,
 *           16 --by-thread, 32 --by-task, 64 --no-sleeping,
 *           128 --int-size 4
 *   byte 1: bits 0-1 --recur flat, flatc, off (0 or 3),
 *           bits 2-3 --layout meta, legacy, auto (0 or 3),
 *           bits 4-5 --filter, --filter-regex, --stats (3) or none (0),
 *           64 --prune (three names), 128 --threads and --tasks lists
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
#include "base/regex.h"
#include "base/util.h"
#include "formats/jlprof/fold.h"
#include "formats/jlprof/jlprof.h"
#include "stack/stackmap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* static: they keep their values across the longjmp of an error */
static struct jlfold_opts opt;
static struct jlfold *fold;
static struct stackmap out;
static jmp_buf jb;

static void
setopts(const uint8_t *b)
{
	static struct jllist threads, tasks;
	static struct rx *re;
	const char *err;
	static int ready;

	if (!ready) {
		jlfold_prune(&opt, "f2");
		jlfold_prune(&opt, "f@pkg/f.jl");
		jlfold_prune(&opt, "f6@file3");
		if (jlfold_list(&threads, "1,3-5") ||
		    jlfold_list(&tasks, "0x10-0x20,0xf0f0f0f0") ||
		    !(re = rx_compile("^f|_\\[g\\]$|REPL", 0, &err)))
			abort();
		ready = 1;
	}
	opt.c = b[0] & 1;
	opt.nocombine = b[0] >> 1 & 1;
	opt.repl = b[0] >> 2 & 1;
	opt.fullpath = b[0] >> 3 & 1;
	opt.bythread = b[0] >> 4 & 1;
	opt.bytask = b[0] >> 5 & 1;
	if (opt.bytask)
		opt.bythread = 1;
	opt.nosleep = b[0] >> 6 & 1;
	opt.intsize = b[0] & 128 ? 4 : 8;
	opt.recur = (b[1] & 3) == 1 ? JLF_RECUR_FLAT : (b[1] & 3) == 2 ? JLF_RECUR_FLATC :
	    JLF_RECUR_OFF;
	opt.layout = (b[1] >> 2 & 3) == 1 ? JL_META : (b[1] >> 2 & 3) == 2 ? JL_LEGACY : JL_AUTO;
	opt.filter = (b[1] >> 4 & 3) == 1 ? "at" : NULL;
	opt.re = (b[1] >> 4 & 3) == 2 ? re : NULL;
	opt.stats = (b[1] >> 4 & 3) == 3;
	opt.nprune = b[1] & 64 ? 3 : 0;
	opt.threads = threads;
	opt.tasks = tasks;
	if (!(b[1] & 128))
		opt.threads.n = opt.tasks.n = 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	int null;

	if (size < 2)
		return 0;
	if (fd < 0) {
		setprogname("jlprof-fold");
		fd = memfd_create("fuzz", 0);
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		/* the folded output is not looked at */
		if ((null = open("/dev/null", O_WRONLY)) < 0 || dup2(null, 1) < 0)
			abort();
		close(null);
	}
	if (ftruncate(fd, 0) || pwrite(fd, data + 2, size - 2, 0) != (ssize_t)(size - 2))
		abort();
	setopts(data);
	stackmap_init(&out);
	fold = jlfold_new(&opt, &out);
	error_jmp = &jb;
	if (!setjmp(jb)) {
		jlfold_file(fold, path);
		stackmap_print(&out, 1);
		out_flush();
	}
	error_jmp = NULL;
	jlfold_free(fold);
	stackmap_free(&out);
	return 0;
}
