/*
 * Fuzzing harness for sample-fold's reader (lib/formats/sample/read.c):
 * the first byte chooses the options (1 --no-modules, 2 --waits), the
 * rest is macOS sample's text; the folded stacks are printed to
 * /dev/null.
 */
#include "formats/sample/read.h"
#include "text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct sample_opts o;
static struct sample st;

static void
fold(struct lines *r, struct stackmap *m)
{
	st.o = &o;
	sample_fold(&st, r, m);
}

static void
done(void)
{
	sample_free(&st);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.nomodules = data[0] & 1;
	o.waits = data[0] >> 1 & 1;
	fuzz_text("sample-fold", data, size, fold, done);
	return 0;
}
