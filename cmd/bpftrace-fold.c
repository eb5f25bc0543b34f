/* bpftrace-fold: bpftrace's maps of stacks to folded stacks
 *
 * Options and wiring (folded/textfold's folder_text, the main of the
 * text folders): each file is read line by line and folded by
 * lib/formats/bpftrace; the stacks of every file are added up and
 * printed sorted.
 */
#include <getopt.h>

#include "base/util.h"
#include "folded/textfold.h"
#include "formats/bpftrace/read.h"

static struct bpftrace_opts o;

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "includeoffset", no_argument, &o.includeoffset, 1 },
		TEXTFOLDER_OPTS
	};
	struct textfolder t = { lo, "qh",
		"      --includeoffset  keep the offsets of functions (+808), as stackcollapse-bpftrace.pl\n",
		NULL, bpftrace_fold, bpftrace_new(&o), NULL, NULL, NULL, NULL, bpftrace_free,
		NULL, NULL, 0 };

	return folder_text(argc, argv, &t);
}
