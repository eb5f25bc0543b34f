/* gdb-fold: gdb's and eu-stack's backtraces (the poor man's profiler)
 * to folded stacks
 *
 * Options and wiring (folded/textfold's folder_text, the main of the
 * text folders): each file is read line by line and folded by
 * lib/formats/gdb; the stacks of every file are added up and printed
 * sorted.
 */
#include <getopt.h>

#include "base/util.h"
#include "folded/textfold.h"
#include "formats/gdb/read.h"

static struct gdb_opts o;

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "pid", no_argument, &o.pid, 1 },
		{ "tid", no_argument, &o.tid, 1 },
		{ "lines", no_argument, &o.lines, 1 },
		{ "full-path", no_argument, &o.fullpath, 1 },
		TEXTFOLDER_OPTS
	};
	struct textfolder t = { lo, "qh",
		"      --pid            the process as the root frame, PID=N (eu-stack)\n"
		"      --tid            the thread as a frame, TID=N\n"
		"      --lines          frames FUNC at FILE:LINE, where the backtrace has the line\n"
		"      --full-path      with --lines, the file's path as printed, not its base name\n",
		NULL, gdb_fold, gdb_new(&o), NULL, NULL, NULL, NULL, gdb_free,
		NULL, NULL, 0 };

	return folder_text(argc, argv, &t);
}
