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

static struct pmc st;

static int
opt(int c, const char *arg, void *s)
{
	if (c != 'e')
		return 0;
	((struct pmc *)s)->only = arg;
	return 1;
}

/* What the counts count, while it is one event. */
static void
done(struct folder *f, void *s)
{
	struct pmc *p = s;

	if (p->only && !p->event.n)
		eprintf("no call graph of event '%s' in the input", p->only);
	if (p->event.n && !p->events)
		fh_set(&f->h, FH_COUNTNAME, (const char *)p->event.p);
}

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "event", required_argument, NULL, 'e' },
		TEXTFOLDER_OPTS
	};
	static const struct textfolder t = { lo, "e:qh",
		"  -e, --event EVENT    only EVENT's call graph (default: every event's)\n",
		opt, pmc_fold, &st, NULL, NULL, NULL, done, pmc_free,
		NULL, NULL, 0 };

	return folder_text(argc, argv, &t);
}
