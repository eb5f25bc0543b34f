/*
 * Fuzzing harness for gecko-fold's reader (lib/formats/gecko/, over
 * lib/base/json.c): the first byte chooses the options (1 --time,
 * 2 --js, 4 --full-path, 8 --by-thread, 16 --list, 32 --thread 0,
 * 64 --thread GeckoMain, 128 --lines), the rest is the profile; the folded stacks
 * are printed to /dev/null.  One reader folds every input, as
 * gecko-fold folds its files, what an error left behind freed by the
 * next.
 */
#include "formats/gecko/read.h"
#include "fold.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct gecko_opt o;
static struct gecko *g;
static char *threads[2];

static void
fold(const char *s, size_t n, struct stackmap *m, struct stackrun *run)
{
	(void)run;
	if (!g)
		g = gecko_new(&o, m);
	gecko_fold(g, s, n, "fuzz");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.time = data[0] & 1;
	o.js = data[0] >> 1 & 1;
	o.fullpath = data[0] >> 2 & 1;
	o.bythread = data[0] >> 3 & 1;
	o.list = data[0] >> 4 & 1;
	o.lines = data[0] >> 7 & 1;
	o.nthreads = 0;
	threads[0] = "0";
	threads[1] = "GeckoMain";
	if (data[0] & 32)
		o.threads = threads, o.nthreads = 1;
	if (data[0] & 64)
		o.threads = threads + 1, o.nthreads = 1;
	fuzz_fold("gecko-fold", data, size, 0, fold);
	return 0;
}
