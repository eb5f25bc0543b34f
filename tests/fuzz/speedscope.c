/*
 * Fuzzing harness for speedscope-fold's reader (lib/formats/speedscope/read.c,
 * over lib/base/json.c): the first byte chooses the options (1
 * --by-profile, 2 --full-path, 4 --list, 8 --profile 1, 16 --profile
 * MainThread), the rest is the file; the output goes to /dev/null.
 */
#include "formats/speedscope/read.h"
#include "fold.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct sscope_opt o;

static void
fold(const char *s, size_t n, struct stackmap *m)
{
	sscope_fold(s, n, "fuzz", &o, m);
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
	fuzz_fold("speedscope-fold", data, size, fold);
	return 0;
}
