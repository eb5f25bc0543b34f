/* fg-speedscope: folded stacks to a speedscope file
 *
 * Each input becomes one "sampled" profile (one per root frame with
 * --split-root), named after the input (or the root), in the unit its
 * header states, or an "evented" one in the input's order when its
 * header says it is in time order; lib/formats/speedscope/write keeps
 * the frames and stacks and writes the file once every input is read,
 * so a bad line leaves nothing on standard output.
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
#include "formats/speedscope/write.h"

static noreturn void
usage(void)
{
	profile_usage("out.speedscope.json", "profile");
}

/* Add the stacks of input path (NULL: standard input), the input-th,
 * to w: one profile, or one per root; prefix starts their names. */
static void
add_input(void *arg, struct frules *rules, const char *path, uint32_t input, int split,
    const char *prefix)
{
	struct sswrite *w = arg;
	uint32_t first = ssw_nprofiles(w), p = 0;
	const char *err, *order;
	size_t root;
	struct freader r;
	struct fheader h;
	struct fline l;
	int timed = -1;	/* in time order: known at the first stack */

	fh_init(&h);
	fr_open(&r, path, rules);
	if (!split)
		p = ssw_newprofile(w, r.name, strlen(r.name));
	while (fr_sample(&r, &h, &l, "a speedscope", split ? &root : NULL)) {
		if (timed < 0)
			timed = (order = h.fact[FH_ORDER]) && !strcmp(order, "time");
		if (split)
			p = ssw_rootprofile(w, input, prefix, l.stack, root);
		ssw_timed(w, p, timed);
		if ((err = ssw_add(w, p, l.stack, l.len, l.c[0])))
			fr_error(&r, "%s", err);
	}
	ssw_unit(w, first, h.unit);
	fr_close(&r);
	fh_free(&h);
}

int
main(int argc, char **argv)
{
	struct sswrite *w;

	argv[0] = setprogname(argv[0]);
	w = ssw_new();
	each_profile(argc, argv, usage, add_input, w);
	if (!ssw_nstacks(w))
		weprintf("no stacks: the profile has no samples");
	ssw_write(w);
	out_flush();
	ssw_free(w);
	return 0;
}
