/* fg-gecko: folded stacks to a Firefox Profiler profile
 *
 * Each input becomes one thread (one per root frame with --split-root),
 * named after the input (or the root), its samples weighed in the unit
 * its header states, in the order of its lines;
 * lib/formats/gecko/write keeps the tables and writes the profile once
 * every input is read, so a bad line leaves nothing on standard output.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/folded.h"
#include "folded/input.h"
#include "formats/gecko/write.h"

static noreturn void
usage(void)
{
	profile_usage("profile.json", "thread");
}

/* Add the stacks of input path (NULL: standard input), the input-th,
 * to w: one thread, or one per root; prefix starts their names. */
static void
add_input(void *arg, struct frules *rules, const char *path, uint32_t input, int split,
    const char *prefix)
{
	struct gkwrite *w = arg;
	size_t first = w->nth, i, root;
	uint32_t t = 0;
	struct freader r;
	struct fheader h;
	struct fline l;

	fh_init(&h);
	fr_open(&r, path, rules);
	if (!split)
		t = gkw_newthread(w, r.name, strlen(r.name));
	while (fr_sample(&r, &h, &l, "a Firefox Profiler", split ? &root : NULL)) {
		if (split)
			t = gkw_rootthread(w, input, prefix, l.stack, root);
		gkw_add(w, t, l.stack, l.len, l.c[0]);
	}
	if (h.unit < 0)
		weprintf("%s: unit '%s' is none the Firefox Profiler has: written as samples",
		    r.name, h.fact[FH_UNIT]);
	for (i = first; i < w->nth; i++)
		w->th[i].unit = h.unit;
	fr_close(&r);
	fh_free(&h);
}

int
main(int argc, char **argv)
{
	struct gkwrite w;

	argv[0] = setprogname(argv[0]);
	gkw_init(&w);
	each_profile(argc, argv, usage, add_input, &w);
	if (!w.nsamples)
		weprintf("no stacks: the profile has no samples");
	gkw_write(&w);
	out_flush();
	gkw_free(&w);
	return 0;
}
