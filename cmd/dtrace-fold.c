/* dtrace-fold: DTrace and SystemTap stack aggregations to folded stacks
 *
 * Options and wiring (folded/textfold's folder_text, the main of the
 * text folders): each file is read line by line and folded by
 * lib/formats/dtrace; the stacks of every file are added up and printed
 * sorted.  A large file alone is read in two parts, cut between two
 * stacks, the second by a helper thread.
 */
#include <getopt.h>

#include "base/util.h"
#include "folded/textfold.h"
#include "formats/dtrace/read.h"

static struct dtrace_opts o;

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "includeoffset", no_argument, &o.includeoffset, 1 },
		TEXTFOLDER_OPTS
	};
	struct textfolder t = { lo, "qh",
		"      --includeoffset  keep the offsets of functions (+0x1c), but the leaf's\n",
		NULL, dtrace_fold, dtrace_new(&o, 0), dtrace_new(&o, 1), dtrace_cut, NULL, NULL, dtrace_free,
		NULL, NULL, 0 };

	return folder_text(argc, argv, &t);
}
