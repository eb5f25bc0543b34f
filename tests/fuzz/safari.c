/*
 * Fuzzing harness for safari-fold's reader (lib/formats/safari/read.c,
 * over lib/base/json.c): the first byte chooses the options (1 --time,
 * 2 --idle, 4 --full-path, 8 --time-order), the rest is the recording;
 * the folded stacks are printed to /dev/null.
 */
#include "formats/safari/read.h"
#include "fold.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct safari_opt o;

/* a reader kept from one input to the next, as safari-fold keeps one
 * from file to file: what an error left in it is freed by the next */
static void
fold(const char *s, size_t n, struct stackmap *m, struct stackrun *run)
{
	static struct safari *r[2];
	int k = run != NULL;

	if (!r[k])
		r[k] = safari_new(&o, m, run);
	safari_fold(r[k], s, n, "fuzz");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.time = data[0] & 1;
	o.idle = o.time && (data[0] >> 1 & 1);	/* safari-fold: --idle needs --time */
	o.fullpath = data[0] >> 2 & 1;
	fuzz_fold("safari-fold", data, size, data[0] >> 3 & 1, fold);
	return 0;
}
