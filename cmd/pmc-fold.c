/* pmc-fold: pmcstat's call graphs (pmcstat -G) to folded stacks
 *
 * Options and wiring (folded/textfold's folder_text, the main of the
 * text folders): each file is read line by line and folded by
 * lib/formats/pmc; the stacks of every file are added up and printed
 * sorted, after a header that names the event sampled.
 */
#include <getopt.h>

#include "base/util.h"
#include "folded/textfold.h"
#include "formats/pmc/read.h"

static struct pmc_opts o;

static int
opt(int c, const char *arg, void *st)
{
	(void)st;
	if (c != 'e')
		return 0;
	o.event = arg;
	return 1;
}

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "event", required_argument, NULL, 'e' },
		TEXTFOLDER_OPTS
	};
	struct textfolder t = { lo, "e:qh",
		"  -e, --event EVENT    only EVENT's call graph (default: every event's)\n",
		opt, pmc_fold, pmc_new(&o), NULL, NULL, NULL, pmc_done, pmc_free,
		NULL, NULL, 0 };

	return folder_text(argc, argv, &t);
}
