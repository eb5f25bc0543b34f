/*
 * Fuzzing harness for dtrace-fold's reader (lib/formats/dtrace/read.c,
 * over lib/folded/dump.c): the first byte chooses the options (1
 * --includeoffset, 2 the second part of a file cut in two), the rest is
 * DTrace's or SystemTap's text; the folded stacks go to /dev/null.
 */
#include "formats/dtrace/read.h"
#include "text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct dtrace_opts o;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.includeoffset = data[0] & 1;
	fuzz_text("dtrace-fold", data, size, dtrace_fold,
	    dtrace_new(&o, data[0] >> 1 & 1), dtrace_free);
	return 0;
}
