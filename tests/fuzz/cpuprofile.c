/*
 * Fuzzing harness for cpuprofile-fold's reader (lib/formats/v8/cpuprofile.c,
 * over lib/base/json.c): the first byte chooses the options (1 --time,
 * 2 --idle, 4 --full-path, 8 --by-thread), the rest is the .cpuprofile
 * or trace; the folded stacks are printed to /dev/null.
 */
#include "formats/v8/cpuprofile.h"
#include "fold.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct cpuprof_opt o;

static void
fold(const char *s, size_t n, struct stackmap *m)
{
	cpuprof_fold(s, n, "fuzz", &o, m);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.time = data[0] & 1;
	o.idle = data[0] >> 1 & 1;
	o.fullpath = data[0] >> 2 & 1;
	o.bythread = data[0] >> 3 & 1;
	fuzz_fold("cpuprofile-fold", data, size, fold);
	return 0;
}
