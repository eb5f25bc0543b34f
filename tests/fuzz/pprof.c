/*
 * Fuzzing harness for the protobuf reader (lib/base/proto.c), the pprof
 * decoder (lib/read/pprof.c) and the folding pprof-fold does on what
 * they read.  The program is compiled in whole (its main renamed) so
 * that its static state can be set and freed here.  The first byte
 * chooses the options, the rest is the file (gzip-compressed when it
 * starts with gzip's magic); the folded stacks go to /dev/null.
 *
 *   byte 0: 1 --lines, 2 --full-path, 4 --addresses, 8 --no-alloc-type,
 *           16 --by-label bytes, 32 --tag type=String, 64 --list,
 *           128 --sample-index 1
 */
int pprof_fold_main(int argc, char **argv);
#define main pprof_fold_main
#include "../../cmd/pprof-fold.c"
#undef main

#include <setjmp.h>
#include <sys/mman.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static jmp_buf jb;
static volatile int opened;

static void
setopts(uint8_t b0)
{
	static struct tag tag = { "type", "String" };

	opt.lines = b0 & 1;
	opt.fullpath = b0 >> 1 & 1;
	opt.addresses = b0 >> 2 & 1;
	opt.noalloc = b0 >> 3 & 1;
	opt.bylabel = b0 & 16 ? "bytes" : NULL;
	opt.tag = &tag;
	opt.ntag = b0 & 32 ? 1 : 0;
	opt.list = b0 >> 6 & 1;
	opt.sindex = b0 & 128 ? "1" : NULL;
	opt.maxsize = 16 << 20;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	int null;

	if (size < 1)
		return 0;
	if (fd < 0) {
		setprogname("pprof-fold");
		fd = memfd_create("fuzz", 0);
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		if ((null = open("/dev/null", O_WRONLY)) < 0 || dup2(null, 1) < 0)
			abort();
		close(null);
	}
	if (ftruncate(fd, 0) || pwrite(fd, data + 1, size - 1, 0) != (ssize_t)(size - 1))
		abort();
	setopts(data[0]);
	intern_init(&frames);
	opened = 0;
	error_jmp = &jb;
	if (!setjmp(jb)) {
		opened = 1;
		fold_file(path, 0);
		opened = 0;
		if (!opt.list) {
			header();
			print_stacks();
		}
		out_flush();
	}
	error_jmp = NULL;
	out_len = 0;
	if (opened)
		fold_reset();
	free(first.type);
	free(first.unit);
	first.type = first.unit = NULL;
	stacks_free();
	return 0;
}
