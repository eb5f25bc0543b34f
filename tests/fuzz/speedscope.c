/*
 * Fuzzing harness for speedscope-fold's reader (lib/formats/speedscope/read.c,
 * over lib/base/json.c): the first byte chooses the options (1
 * --by-profile, 2 --full-path, 4 --list, 8 --profile 1, 16 --profile
 * MainThread, 32 --time-order), the rest is the file; the output goes
 * to /dev/null.
 */
#include "formats/speedscope/read.h"
#include "fold.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct sscope_opt o;

/* a reader kept from one input to the next, as speedscope-fold keeps
 * one from file to file: what an error left in it is freed by the next */
static void
fold(const char *s, size_t n, struct stackmap *m, struct stackrun *run)
{
	static struct sscope *c[2];
	int k = run != NULL;

	if (!c[k])
		c[k] = sscope_new(&o, m, run);
	sscope_fold(c[k], s, n, "fuzz");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.byprofile = data[0] & 1;
	o.fullpath = data[0] >> 1 & 1;
	o.list = data[0] >> 2 & 1;
	o.profile = data[0] & 8 ? "1" : data[0] & 16 ? "MainThread" : NULL;
	fuzz_fold("speedscope-fold", data, size, data[0] >> 5 & 1, fold);
	return 0;
}
