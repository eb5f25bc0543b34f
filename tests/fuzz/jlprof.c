/*
 * Fuzzing harness for the .jlprof reader (lib/read/jlprof.c) and the folding
 * that jlprof-fold does on what it reads: both data layouts of format
 * 0x01 with Profile's tree and FlameGraphs' graph, and saved graphs of
 * format 0x02.  The program is compiled in whole (its main renamed) so
 * that its static state can be set and freed here.  The first two bytes
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
int jlprof_fold_main(int argc, char **argv);
#define main jlprof_fold_main
#include "../../cmd/jlprof-fold.c"
#undef main

#include <fcntl.h>
#include <setjmp.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static jmp_buf jb;
static volatile int opened;

static void
setopts(const uint8_t *b)
{
	static struct rlist threads, tasks;
	static int ready;

	if (!ready) {
		addprune("f2");
		addprune("f@pkg/f.jl");
		addprune("f6@file3");
		parselist(&threads, "1,3-5", "thread list");
		parselist(&tasks, "0x10-0x20,0xf0f0f0f0", "task list");
		if (regcomp(&opt.re, "^f|_\\[g\\]$|REPL", REG_EXTENDED | REG_NOSUB))
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
	opt.recur = (b[1] & 3) == 1 ? RECUR_FLAT : (b[1] & 3) == 2 ? RECUR_FLATC : RECUR_OFF;
	opt.layout = (b[1] >> 2 & 3) == 1 ? JL_META : (b[1] >> 2 & 3) == 2 ? JL_LEGACY : JL_AUTO;
	opt.filter = (b[1] >> 4 & 3) == 1 ? "at" : NULL;
	opt.hasre = (b[1] >> 4 & 3) == 2;
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
	count_frac = 0;
	gdepth = 0;
	stackmap_init(&out);
	opened = 0;
	error_jmp = &jb;
	if (!setjmp(jb)) {
		opened = 1;
		fold_file(path);
		opened = 0;
		stackmap_print(&out, 1);
		out_flush();
	}
	error_jmp = NULL;
	if (opened)
		fold_reset();
	stackmap_free(&out);
	return 0;
}
