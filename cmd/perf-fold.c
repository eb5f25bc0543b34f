/* perf-fold: Linux "perf script" output to folded stacks */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "folded/lines.h"
#include "folded/split.h"
#include "base/out.h"
#include "formats/perf/read.h"
#include "stack/stackmap.h"
#include "folded/fheader.h"
#include "base/util.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "      --pid              process names with their PID (comm-PID)\n"
	    "      --tid              ... and TID (comm-PID/TID)\n"
	    "      --kernel           annotate kernel frames _[k]\n"
	    "      --jit              annotate JIT frames _[j]\n"
	    "      --all              both annotations\n"
	    "      --addrs            keep raw addresses for unknown symbols\n"
	    "      --event-filter EVENT  keep samples of EVENT (default: the first seen)\n"
	    "      --srcline          perf script -F+srcline input: add source lines\n"
	    "      --inline, --context  (need addr2line: not supported)\n"
	    "      --period           weight samples by their period (the default)\n"
	    "      --samples          count every sample once instead\n"
	    "      --skip-after FUNC  drop the callers of FUNC (repeatable)\n"
	    "      --process          the process name as the root frame (the default)\n"
	    "      --no-process       no process-name frame\n"
	    "      --strict           lines that cannot be read are an error\n"
	    "      --time-order       stacks in the order sampled, not summed\n"
	    "      --no-header        no '# fg:' header lines\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0);
	exit_stdout();
}

/* A part of a large perf script file, cut at a blank line (between
 * samples): the first read into the caller's state, the second into a
 * state of its own, whose warnings wait for the first part's. */
struct part {
	const struct splitfile *f;
	struct perf_state *st;
	struct perf_state own;
	struct lines r;
};

/* The first event line names the event kept by default. */
static int
part_first(void *part0, void *part1)
{
	struct part *p = part0, *h = part1;
	struct perf_state *st = p->st;
	char *line;
	size_t n;

	while (!st->event && lines_next(&p->r, &line, &n))
		perf_line(st, &p->r, line, n);
	h->st = &h->own;
	h->own.o = st->o;
	h->own.deferred = 1;
	stackmap_init(&h->own.m);
	if (st->event) {
		h->own.event = arena_strdup(&h->own.m.arena, st->event, strlen(st->event));
		h->own.defaulted = st->defaulted;
		h->own.warned = st->warned;
	}
	perf_open(&h->r, h->f->path);
	split_part(&h->r, h->f, 1);
	return 1;
}

static void
part_read(void *part)
{
	struct part *p = part;

	perf_fold(p->st, &p->r);
}

/* A large file in two parts, the second read by a helper thread
 * (folded/split.h). */
static void
fold_split(struct perf_state *st, const struct splitfile *f)
{
	struct part p[2];
	struct splitrun s = { { &p[0], &p[1] }, { &st->m, &p[1].own.m }, &p[0].r,
		part_first, part_read };

	memset(p, 0, sizeof(p));
	p[0].f = p[1].f = f;
	p[0].st = st;
	perf_open(&p[0].r, f->path);
	split_part(&p[0].r, f, 0);
	split_run(&s);
	perf_undefer(st, &p[1].own, p[0].r.name, p[0].r.lineno);
	st->other = p[1].own.m;
	lines_close(&p[0].r);
	lines_close(&p[1].r);
	perf_free(&p[1].own);
}

/* Every stack of st (and of the helper's half) in sorted order. */
static void
print_stacks(struct perf_state *st)
{
	static int one = 1;
	struct stackmap *m[2] = { &st->m, &st->other };

	stackmap_sort(&st->m);
	if (!stackmap_merge_each(m, 2, stackent_print, &one))
		eprintf("sum of counts overflows");
}

int
main(int argc, char **argv)
{
	enum { O_ALL = 256, O_EVENT, O_INLINE, O_CONTEXT, O_SKIP, O_TIMEORDER };
	/* the options that set a field of o are getopt's flags */
	static struct perf_opts o = { .process = 1, .period = 1 };
	static const struct option longopts[] = {
		{ "pid", no_argument, &o.pid, 1 },
		{ "tid", no_argument, &o.tid, 1 },
		{ "kernel", no_argument, &o.kernel, 1 },
		{ "jit", no_argument, &o.jit, 1 },
		{ "all", no_argument, NULL, O_ALL },
		{ "addrs", no_argument, &o.addrs, 1 },
		{ "event-filter", required_argument, NULL, O_EVENT },
		{ "srcline", no_argument, &o.srcline, 1 },
		{ "inline", no_argument, NULL, O_INLINE },
		{ "context", no_argument, NULL, O_CONTEXT },
		{ "period", no_argument, &o.period, 1 },
		{ "samples", no_argument, &o.period, 0 },
		{ "skip-after", required_argument, NULL, O_SKIP },
		{ "process", no_argument, &o.process, 1 },
		{ "no-process", no_argument, &o.process, 0 },
		{ "strict", no_argument, &o.strict, 1 },
		{ "time-order", no_argument, NULL, O_TIMEORDER },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ 0 }
	};
	struct perf_state st;
	struct stackrun run = { 0 };
	struct lines r;
	struct splitfile f;
	int c, i, timeorder = 0;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "qh", longopts, NULL)) != -1) {
		switch (c) {
		case 0: break;	/* a flag, set */
		case O_ALL: o.kernel = o.jit = 1; break;
		case O_EVENT: o.event = optarg; break;
		case O_INLINE:
		case O_CONTEXT:
			usage_error("--inline and --context are not supported: they need "
			    "addr2line on the binaries of the profiled machine");
		case O_SKIP:
			o.skipafter = ereallocarray(o.skipafter, o.nskip + 1, sizeof(*o.skipafter));
			o.skipafter[o.nskip++] = optarg;
			break;
		case O_TIMEORDER: timeorder = 1; break;
		case FH_NOHEADER: o.noheader = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	memset(&st, 0, sizeof(st));
	st.o = &o;
	stackmap_init(&st.m);
	if (o.event)
		st.event = arena_strdup(&st.m.arena, o.event, strlen(o.event));
	if (timeorder)
		st.run = &run;	/* read in one piece: the halves would need reordering */
	if (!timeorder && argc == 1 && split_point(argv[0], "\n\n", 2, &f)) {
		fold_split(&st, &f);
	} else {
		for (i = 0; i < (argc ? argc : 1); i++) {
			perf_open(&r, argc ? argv[i] : NULL);
			perf_fold(&st, &r);
			lines_close(&r);
		}
	}
	if (st.bad > PERF_MAX_REPORTED)
		weprintf("%llu lines in all could not be read", (unsigned long long)st.bad);
	if (st.bad && o.strict)
		eprintf("stopping: --strict and %llu unreadable lines", (unsigned long long)st.bad);
	/* empty input is no error (fg(7)); lines that are not perf's are */
	if (!st.m.n && !st.other.n && !run.lines && st.bad)
		eprintf("no samples found: is this 'perf script' output?");
	if (st.m.n || st.other.n || run.lines)
		perf_header(&st);
	stackrun_flush(&run);
	print_stacks(&st);
	out_flush();
	stackmap_free(&st.m);
	stackmap_free(&st.other);
	perf_free(&st);
	stackrun_free(&run);
	free(o.skipafter);
	return 0;
}
