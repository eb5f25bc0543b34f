/*
 * Fuzzing harness for cpuprofile-fold's reader (lib/read/cpuprof.c,
 * over lib/base/json.c): the first byte chooses the options (1 --time,
 * 2 --idle, 4 --full-path, 8 --by-thread), the rest is the .cpuprofile
 * or trace; the folded stacks are printed to /dev/null.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/count.h"
#include "base/out.h"
#include "base/util.h"
#include "read/cpuprof.h"
#include "stack/stackmap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static jmp_buf jb;
static struct stackmap out;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct cpuprof_opt o;
	int null;

	if (size < 1)
		return 0;
	if (!ready) {
		setprogname("cpuprofile-fold");
		if ((null = open("/dev/null", O_WRONLY)) < 0 || dup2(null, 1) < 0)
			abort();
		close(null);
		ready = 1;
	}
	o.time = data[0] & 1;
	o.idle = data[0] >> 1 & 1;
	o.fullpath = data[0] >> 2 & 1;
	o.bythread = data[0] >> 3 & 1;
	count_frac = 0;
	stackmap_init(&out);
	error_jmp = &jb;
	if (!setjmp(jb)) {
		cpuprof_fold((const char *)data + 1, size - 1, "fuzz", &o, &out);
		stackmap_print(&out, 1);
		out_flush();
	}
	error_jmp = NULL;
	stackmap_free(&out);
	return 0;
}
