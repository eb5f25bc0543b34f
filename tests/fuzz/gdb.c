/*
 * Fuzzing harness for gdb-fold's reader (lib/formats/gdb/read.c): the
 * first byte chooses the options (1 --pid, 2 --tid, 4 --lines, 8
 * --full-path), the rest is gdb's
 * or eu-stack's text; the folded stacks go to /dev/null.
 */
#include "formats/gdb/read.h"
#include "text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct gdb_opts o;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.pid = data[0] & 1;
	o.tid = data[0] >> 1 & 1;
	o.lines = data[0] >> 2 & 1;
	o.fullpath = data[0] >> 3 & 1;
	fuzz_text("gdb-fold", data, size, gdb_fold, gdb_new(&o), gdb_free);
	return 0;
}
