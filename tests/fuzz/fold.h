/*
 * fold.h: what the harnesses of the JSON folders share: an input
 * (after its option byte) folded into a stackmap, or into runs in time
 * order, printed to /dev/null and freed; an error jumps back here, its
 * message left out, and the next input starts afresh.  Included by one
 * harness each.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/count.h"
#include "base/out.h"
#include "base/util.h"
#include "stack/run.h"
#include "stack/stackmap.h"

/* The reader under test: s[0..n) folded into m, or run when not NULL. */
typedef void fuzz_foldfn(const char *s, size_t n, struct stackmap *m, struct stackrun *run);

/* data[1..size) folded by fold, as program prog (in its messages), in
 * time order when timeorder is set */
static void
fuzz_fold(char *prog, const uint8_t *data, size_t size, int timeorder, fuzz_foldfn *fold)
{
	static jmp_buf jb;
	static struct stackmap out;
	static struct stackrun run;
	static int ready;
	int null;

	if (!ready) {
		setprogname(prog);
		if ((null = open("/dev/null", O_WRONLY)) < 0 || dup2(null, 1) < 0)
			abort();
		close(null);
		ready = 1;
	}
	stackmap_init(&out);
	error_jmp = &jb;
	if (!setjmp(jb)) {
		fold((const char *)data + 1, size - 1, &out, timeorder ? &run : NULL);
		stackrun_flush(&run);
		stackmap_print(&out, 1);
		out_flush();
	}
	error_jmp = NULL;
	stackmap_free(&out);
	stackrun_free(&run);
}
