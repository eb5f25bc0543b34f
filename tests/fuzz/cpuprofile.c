/*
 * Fuzzing harness for cpuprofile-fold's reader (lib/formats/v8/cpuprofile.c,
 * over lib/base/json.c): the first byte chooses the options (1 --time,
 * 2 --idle, 4 --full-path, 8 --by-thread, 16 --time-order, 32 --gc=stack,
 * 64 --lines unless with --time-order or --gc=stack), the rest is
 * the .cpuprofile or trace; the folded stacks are printed to /dev/null.
 */
#include "formats/v8/cpuprofile.h"
#include "fold.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct cpuprof_opt o;

/* a reader kept from one input to the next, as cpuprofile-fold keeps
 * one from file to file: what an error left in it is freed by the next */
static void
fold(const char *s, size_t n, struct stackmap *m, struct stackrun *run)
{
	static struct cpuprof *c[2];
	int k = run != NULL;

	if (!c[k])
		c[k] = cpuprof_new(&o, m, run);
	cpuprof_fold(c[k], s, n, "fuzz");
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
	o.gc = data[0] >> 5 & 1;
	o.lines = (data[0] >> 6 & 1) && !(data[0] >> 4 & 1) && !o.gc;
	fuzz_fold("cpuprofile-fold", data, size, data[0] >> 4 & 1, fold);
	return 0;
}
