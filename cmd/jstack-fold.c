/* jstack-fold: Java thread dumps (jstack, jcmd Thread.print) to folded stacks
 *
 * Options and wiring (folded/textfold's folder_text, the main of the
 * text folders): each file is read line by line and folded by
 * lib/formats/jstack; the stacks of every file are added up and printed
 * sorted.
 */
#include <getopt.h>

#include "base/util.h"
#include "folded/textfold.h"
#include "formats/jstack/read.h"

static struct jstack_opts o = { 1, 0, 0, 0, 0 };

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "include-tname", no_argument, &o.tname, 1 },
		{ "no-include-tname", no_argument, &o.tname, 0 },
		{ "include-tid", no_argument, &o.tid, 1 },
		{ "no-include-tid", no_argument, &o.tid, 0 },
		{ "shorten-pkgs", no_argument, &o.shorten, 1 },
		{ "no-shorten-pkgs", no_argument, &o.shorten, 0 },
		{ "all-states", no_argument, &o.states, 1 },
		{ "lines", no_argument, &o.lines, 1 },
		TEXTFOLDER_OPTS
	};
	struct textfolder t = { lo, "qh",
		"      --include-tname  the thread's name as the root frame (the default)\n"
		"      --no-include-tname no frame for the thread\n"
		"      --include-tid    keep the number at the end of a thread's name (pool-1-thread-3)\n"
		"      --no-include-tid leave it out (the default)\n"
		"      --shorten-pkgs   packages to their initials (j.u.c.ThreadPoolExecutor.runWorker)\n"
		"      --no-shorten-pkgs whole package names (the default)\n"
		"      --all-states     every thread, whatever its state, not only those that run\n"
		"      --lines          frames METHOD at FILE:LINE\n",
		NULL, jstack_fold, jstack_new(&o), NULL, NULL, NULL, NULL, jstack_free,
		NULL, NULL, 0 };

	return folder_text(argc, argv, &t);
}
