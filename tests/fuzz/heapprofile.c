/*
 * Fuzzing harness for heapprofile-fold's reader
 * (lib/formats/v8/heapprofile.c, over lib/base/json.c): the first byte
 * chooses the options (1 --full-path), the rest is the heap profile;
 * the folded stacks are printed to /dev/null.  One reader folds every
 * input, as heapprofile-fold folds its files, what an error left
 * behind freed by the next.
 */
#include "formats/v8/heapprofile.h"
#include "fold.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct heapprof_opt o;
static struct heapprof *h;

static void
fold(const char *s, size_t n, struct stackmap *m, struct stackrun *run)
{
	(void)run;
	if (!h)
		h = heapprof_new(&o, m);
	heapprof_fold(h, s, n, "fuzz");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.fullpath = data[0] & 1;
	fuzz_fold("heapprofile-fold", data, size, 0, fold);
	return 0;
}
