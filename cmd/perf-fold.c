/* perf-fold: Linux "perf script" output to folded stacks
 *
 * Options and wiring (folded/textfold's folder_text): each file folded line
 * by line by lib/formats/perf; a large one alone in two parts, cut at a
 * blank line, the second read by a helper thread. */
#include "base/util.h"
#include "folded/textfold.h"
#include "formats/perf/read.h"

static struct perf_opts o = { .process = 1, .period = 1 };	/* getopt sets its flags */
enum { O_ALL = 256, O_EVENT, O_INLINE, O_SKIP };

static int
opt(int c, const char *arg, void *st)
{
	(void)st;
	if (c == O_ALL)
		o.kernel = o.jit = 1;
	else if (c == O_EVENT)
		o.event = arg;
	else if (c == O_INLINE)
		usage_error("--inline and --context are not supported: they need "
		    "addr2line on the binaries of the profiled machine");
	else if (c != O_SKIP)
		return 0;
	else {
		o.skipafter = ereallocarray(o.skipafter, o.nskip + 1, sizeof(*o.skipafter));
		o.skipafter[o.nskip++] = (char *)arg;
	}
	return 1;
}

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "pid", no_argument, &o.pid, 1 }, { "tid", no_argument, &o.tid, 1 },
		{ "kernel", no_argument, &o.kernel, 1 }, { "jit", no_argument, &o.jit, 1 },
		{ "all", no_argument, NULL, O_ALL }, { "addrs", no_argument, &o.addrs, 1 },
		{ "event-filter", required_argument, NULL, O_EVENT },
		{ "lines", no_argument, &o.srcline, 1 }, { "srcline", no_argument, &o.srcline, 1 },
		{ "inline", no_argument, NULL, O_INLINE }, { "context", no_argument, NULL, O_INLINE },
		{ "period", no_argument, &o.period, 1 }, { "samples", no_argument, &o.period, 0 },
		{ "skip-after", required_argument, NULL, O_SKIP },
		{ "process", no_argument, &o.process, 1 }, { "no-process", no_argument, &o.process, 0 },
		{ "strict", no_argument, &o.strict, 1 }, { "time-order", no_argument, &o.timeorder, 1 },
		TEXTFOLDER_OPTS
	};
	struct textfolder t = { lo, "qh",
		"      --pid              process names with their PID (comm-PID)\n"
		"      --tid              ... and TID (comm-PID/TID)\n"
		"      --kernel           annotate kernel frames _[k]\n"
		"      --jit              annotate JIT frames _[j]\n"
		"      --all              both annotations\n"
		"      --addrs            keep raw addresses for unknown symbols\n"
		"      --event-filter EVENT  keep samples of EVENT (default: the first seen)\n"
		"      --lines, --srcline  perf script -F+srcline input: frames NAME at FILE:LINE\n"
		"      --inline, --context  (need addr2line: not supported)\n"
		"      --period           weight samples by their period (the default)\n"
		"      --samples          count every sample once instead\n"
		"      --skip-after FUNC  drop the callers of FUNC (repeatable)\n"
		"      --process          the process name as the root frame (the default)\n"
		"      --no-process       no process-name frame\n"
		"      --strict           lines that cannot be read are an error\n"
		"      --time-order       stacks in the order sampled, not summed\n",
		opt, perf_fold, perf_new(&o), perf_new(&o), perf_cut, NULL, perf_done, perf_free,
		perf_start, perf_ahead, 19 };

	return folder_text(argc, argv, &t);
}
