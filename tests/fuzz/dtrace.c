/*
 * Fuzzing harness for dtrace-fold's reader (lib/formats/dtrace/read.c,
 * over lib/folded/dump.c): the first byte chooses the options (1
 * --includeoffset), the rest is DTrace's or SystemTap's text; the folded
 * stacks are printed to /dev/null.
 */
#include "formats/dtrace/read.h"
#include "text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct dtrace_opts o;
static struct dtrace st;

static void
fold(struct lines *r, struct stackmap *m)
{
	st.o = &o;
	dtrace_fold(&st, r, m);
}

static void
done(void)
{
	dtrace_free(&st);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	o.includeoffset = data[0] & 1;
	fuzz_text("dtrace-fold", data, size, fold, done);
	return 0;
}
