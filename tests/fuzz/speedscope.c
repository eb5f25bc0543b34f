/*
 * Fuzzing harness for speedscope-fold's reader (lib/read/sscope.c,
 * over lib/base/json.c): the first byte chooses the options (1
 * --by-profile, 2 --full-path, 4 --list, 8 --profile 1, 16 --profile
 * MainThread), the rest is the file; the output goes to /dev/null.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/count.h"
#include "base/out.h"
#include "base/util.h"
#include "read/sscope.h"
#include "stack/stackmap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static jmp_buf jb;
static struct stackmap out;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct sscope_opt o;
	int null;

	if (size < 1)
		return 0;
	if (!ready) {
		setprogname("speedscope-fold");
		if ((null = open("/dev/null", O_WRONLY)) < 0 || dup2(null, 1) < 0)
			abort();
		close(null);
		ready = 1;
	}
	o.byprofile = data[0] & 1;
	o.fullpath = data[0] >> 1 & 1;
	o.list = data[0] >> 2 & 1;
	o.profile = data[0] & 8 ? "1" : data[0] & 16 ? "MainThread" : NULL;
	count_frac = 0;
	stackmap_init(&out);
	error_jmp = &jb;
	if (!setjmp(jb)) {
		sscope_fold((const char *)data + 1, size - 1, "fuzz", &o, &out);
		stackmap_print(&out, 1);
		out_flush();
	}
	error_jmp = NULL;
	stackmap_free(&out);
	return 0;
}
