/*
 * Fuzzing harness for bpftrace-fold's reader (lib/formats/bpftrace/read.c):
 * the first byte chooses the options (1 --includeoffset), the rest is
 * bpftrace's text; the folded stacks go to /dev/null.
 */
#include "formats/bpftrace/read.h"
#include "text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct bpftrace_opts o;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.includeoffset = data[0] & 1;
	fuzz_text("bpftrace-fold", data, size, bpftrace_fold, bpftrace_new(&o), bpftrace_free);
	return 0;
}
