/*
 * Fuzzing harness for jstack-fold's reader (lib/formats/jstack/read.c):
 * the first byte chooses the options (1 --no-include-tname, 2
 * --include-tid, 4 --shorten-pkgs, 8 --all-states, 16 --lines), the rest is a
 * thread dump; the folded stacks go to /dev/null.
 */
#include "formats/jstack/read.h"
#include "text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct jstack_opts o;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.tname = !(data[0] & 1);
	o.tid = data[0] >> 1 & 1;
	o.shorten = data[0] >> 2 & 1;
	o.states = data[0] >> 3 & 1;
	o.lines = data[0] >> 4 & 1;
	fuzz_text("jstack-fold", data, size, jstack_fold, jstack_new(&o), jstack_free);
	return 0;
}
