/*
 * Fuzzing harness for pmc-fold's reader (lib/formats/pmc/read.c): the
 * first byte chooses the options (1 --event inst_retired.any), the rest
 * is pmcstat's call graph; the folded stacks go to /dev/null.
 */
#include "formats/pmc/read.h"
#include "text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct pmc_opts o;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.event = data[0] & 1 ? "inst_retired.any" : NULL;
	fuzz_text("pmc-fold", data, size, pmc_fold, pmc_new(&o), pmc_free);
	return 0;
}
