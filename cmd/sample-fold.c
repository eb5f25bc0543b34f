/* sample-fold: macOS sample's call graphs to folded stacks
 *
 * Options and wiring (folded/textfold's folder_text, the main of the
 * text folders): each file is read line by line and folded by
 * lib/formats/sample; the stacks of every file are added up and printed
 * sorted.  A large file alone is read in two parts, cut at a thread's
 * line, the second by a helper thread.
 */
#include <getopt.h>

#include "base/util.h"
#include "folded/textfold.h"
#include "formats/sample/read.h"

static struct sample_opts o;

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "no-modules", no_argument, &o.nomodules, 1 },
		{ "waits", no_argument, &o.waits, 1 },
		{ "lines", no_argument, &o.lines, 1 },
		TEXTFOLDER_OPTS
	};
	struct textfolder t = { lo, "qh",
		"      --no-modules     frames without their module (\"libfoo`\")\n"
		"      --waits          keep the samples of waiting threads (__psynch_cvwait, kevent...)\n"
		"      --lines          frames FUNC at FILE:LINE where sample gives the line\n",
		NULL, sample_fold, sample_new(&o, SAMPLE_WHOLE),
		sample_new(&o, SAMPLE_WHOLE), sample_cut, sample_parts, NULL, sample_free,
		NULL, NULL, 0 };

	return folder_text(argc, argv, &t);
}
