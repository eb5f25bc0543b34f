/*
 * Fuzzing harness for the protobuf reader (lib/base/proto.c), the pprof
 * decoder (lib/formats/pprof/read.c) and the folding of what they read into
 * stacks (lib/formats/pprof/fold.c), as pprof-fold does it.  The first byte
 * chooses the options, the rest is the file (gzip-compressed when it
 * starts with gzip's magic); the folded stacks go to /dev/null.
 *
 *   byte 0: 1 --lines, 2 --full-path, 4 --addresses, 8 --no-alloc-type,
 *           16 --by-label bytes, 32 --tag type=String, 64 --list,
 *           128 --sample-index 1
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/out.h"
#include "base/util.h"
#include "formats/pprof/fold.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static jmp_buf jb;
static struct ppfold *f;	/* static: kept across the longjmp of an error */

static void
setopts(struct ppf_opt *o, uint8_t b0)
{
	static struct ppf_tag tag = { "type", "String" };

	memset(o, 0, sizeof(*o));
	o->lines = b0 & 1;
	o->fullpath = b0 >> 1 & 1;
	o->addresses = b0 >> 2 & 1;
	o->noalloc = b0 >> 3 & 1;
	o->bylabel = b0 & 16 ? "bytes" : NULL;
	o->tag = &tag;
	o->ntag = b0 & 32 ? 1 : 0;
	o->sindex = b0 & 128 ? "1" : NULL;
}

/* Read the file at path and fold it, or only list its sample types
 * (the fold closes the file and frees the profile after an error). */
static void
one(const char *path, uint8_t b0)
{
	ppf_file(f, path, b0 & 64, 0, 16 << 20);
	if (b0 & 64)
		return;
	ppf_print(f);
	out_flush();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int mfd = -1;
	static char path[64];
	struct ppf_opt o;
	int null;

	if (size < 1)
		return 0;
	if (mfd < 0) {
		setprogname("pprof-fold");
		mfd = memfd_create("fuzz", 0);
		snprintf(path, sizeof(path), "/proc/self/fd/%d", mfd);
		if ((null = open("/dev/null", O_WRONLY)) < 0 || dup2(null, 1) < 0)
			abort();
		close(null);
	}
	if (ftruncate(mfd, 0) || pwrite(mfd, data + 1, size - 1, 0) != (ssize_t)(size - 1))
		abort();
	setopts(&o, data[0]);
	f = ppf_new(&o);
	error_jmp = &jb;
	if (!setjmp(jb))
		one(path, data[0]);
	error_jmp = NULL;
	out_len = 0;
	ppf_free(f);
	return 0;
}
