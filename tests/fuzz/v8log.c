/*
 * Fuzzing harness for v8log-fold's reader (lib/formats/v8/v8log.c,
 * over lib/base/json.c): the first byte chooses the options (1 --time,
 * 2 --full-path, 4 --time-order, 8 --gc=stack), the rest is the preprocessed log;
 * the folded stacks are printed to /dev/null.
 */
#include "formats/v8/v8log.h"
#include "fold.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct v8log_opt o;

/* a reader kept from one input to the next, as v8log-fold keeps one
 * from file to file: what an error left in it is freed by the next */
static void
fold(const char *s, size_t n, struct stackmap *m, struct stackrun *run)
{
	static struct v8log *v[2];
	int k = run != NULL;

	if (!v[k])
		v[k] = v8log_new(&o, m, run);
	v8log_fold(v[k], s, n, "fuzz");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.time = data[0] & 1;
	o.fullpath = data[0] >> 1 & 1;
	o.gc = data[0] >> 3 & 1;
	fuzz_fold("v8log-fold", data, size, data[0] >> 2 & 1, fold);
	return 0;
}
