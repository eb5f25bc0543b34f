/*
 * Fuzzing harness for sample-fold's reader (lib/formats/sample/read.c):
 * the first byte chooses the options (1 --no-modules, 2 --waits, 16
 * --lines; 4 and 8 the head or the tail of a file cut in two), the rest is macOS
 * sample's text; the folded stacks go to /dev/null.
 */
#include "formats/sample/read.h"
#include "text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct sample_opts o;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.nomodules = data[0] & 1;
	o.waits = data[0] >> 1 & 1;
	o.lines = data[0] >> 4 & 1;
	fuzz_text("sample-fold", data, size, sample_fold, sample_new(&o, data[0] & 4 ?
	    SAMPLE_HEAD : data[0] & 8 ? SAMPLE_TAIL : SAMPLE_WHOLE), sample_free);
	return 0;
}
