/* fg-filter: keep the stacks that pass through matching frames, or
 * those of a window in time (--window: lib/folded/window) */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "base/bytes.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/folded.h"
#include "folded/input.h"
#include "folded/window.h"
#include "stack/frame.h"
#include "stack/pattern.h"
#include "stack/stackmap.h"
#include "stack/tree.h"

enum { MODE_GRAPH, MODE_ONLY, MODE_INVERT, MODE_REROOT };

struct filter {
	struct patset pats;
	int mode;
	uint64_t selected;	/* lines printed (streaming modes) */
	int empty;		/* no stack in the input (fg(7): no message) */
	struct stackmap all;	/* MODE_GRAPH: the whole input */
	struct frules rules;	/* the inputs' */
	/* comments wait here until a stack is printed: when none
	 * matches, nothing at all is printed */
	struct bytes held;
	int noheader;		/* --no-header */
};

static noreturn void
usage(void)
{
	printf("usage: %s [-v | --only | --reroot] [-e REGEX] [-F TEXT] [-n NAME]\n"
	    "       [NAME[@FILE]] [FILE...]\n"
	    "       %s --window FROM,TO [FILE...]\n"
	    "  -n, --name NAME[@FILE]  frames whose function is NAME (repeatable)\n"
	    "  -e, --regex REGEX       frames a POSIX extended regex matches\n"
	    "  -F, --fixed TEXT        frames that contain TEXT\n"
	    "  -v, --invert            keep only the stacks that do not pass through a match\n"
	    "  -o, --only              keep only the matching stacks, drop the rest\n"
	    "  -r, --reroot            as --only, each stack starting at its outermost match\n"
	    "  -w, --window FROM,TO    the part of time-ordered input in a window: fractions\n"
	    "                          of the whole (0.25,0.5) or times (250ms,1.2s)\n"
	    "      --no-header         no '# fg:' header lines\n"
	    "  -q, --quiet             no progress line on a terminal\n"
	    "  -h, --help              show this help\n"
	    "      --version           show the version\n"
	    "Without -n, -e or -F the first operand is a NAME pattern.\n", argv0, argv0);
	exit_stdout();
}

static void
print_comment(struct filter *f, struct fline *l)
{
	if (!fh_keep(l->stack, l->len, f->noheader))
		return;
	if (f->selected) {
		out_mem(l->stack, l->len);
		out_char('\n');
		return;
	}
	bytes_put(&f->held, l->stack, l->len);
	bytes_put(&f->held, "\n", 1);
}

/* Before the first stack printed: the comments held back. */
static void
release_comments(struct filter *f)
{
	if (f->held.n)	/* held.p is NULL until a comment came */
		out_mem(f->held.p, f->held.n);
	f->held.n = 0;
}

/* --only, -v and --reroot decide line by line. */
static void
stream_line(struct freader *r, struct fline *l, void *arg)
{
	struct filter *f = arg;
	size_t end;
	long at;

	(void)r;
	if (!l->ncounts) {
		print_comment(f, l);
		return;
	}
	f->empty = 0;
	at = pat_first(&f->pats, l->stack, l->len, &end);
	if ((at >= 0) == (f->mode == MODE_INVERT))
		return;
	if (!f->selected++)
		release_comments(f);
	if (f->mode == MODE_REROOT) {
		stack_guard_root(l->stack + at, l->len - at);	/* "# x" a comment */
		out_stackline(l->stack + at, l->len - at, l->c, l->ncounts);
	} else {
		out_stackline(l->stack, l->len, l->c, l->ncounts);
	}
}

static void
collect(struct freader *r, struct fline *l, void *arg)
{
	struct filter *f = arg;

	if (!l->ncounts) {
		print_comment(f, l);
		return;
	}
	f->empty = 0;
	if (!stackmap_add(&f->all, l->stack, l->len, l->c, l->ncounts))
		fr_error(r, "sum of counts overflows");
}

/* How much of stack s[0..len) is a path of the tree of matching stacks. */
static size_t
matching_prefix(const struct tree *t, const char *s, size_t len)
{
	struct frameit it;
	size_t kept = 0;
	uint32_t v = 0;

	for (frame_iter(&it, s, len, 0); frame_next(&it); kept = it.end)
		if ((v = tree_find(t, v, s + it.start, it.end - it.start)) == TNONE)
			break;
	return kept;
}

/*
 * FlameGraphs.jl's filter: a frame stays when it matches, lies below a
 * match or above one.  A stack through a match is kept whole; any other
 * is cut back to its longest prefix shared with a matching stack, so the
 * callers keep their full width; with no such prefix it goes.
 */
static int
filter_graph(struct filter *f)
{
	struct stackmap *all = &f->all, kept;
	struct tree matching;
	struct stackent *e;
	char *match;
	size_t i, end, len;
	int any = 0;

	tree_init(&matching, 0, f->rules.ncounts);
	match = ecalloc(all->n, 1);
	for (i = 0; i < all->n; i++) {
		e = &all->ent[i];
		if (pat_first(&f->pats, e->s, e->len, &end) >= 0) {
			match[i] = 1;
			any = 1;
			tree_add(&matching, e->s, e->len, e->c);
		}
	}
	if (!any) {
		tree_free(&matching);
		free(match);
		return 0;
	}
	stackmap_init(&kept);
	for (i = 0; i < all->n; i++) {
		e = &all->ent[i];
		len = match[i] ? e->len : matching_prefix(&matching, e->s, e->len);
		/* a new leaf "worker 12" is no count (its stack is used no more) */
		if (len < e->len && f->rules.ncounts == 1 && !f->rules.declared)
			stack_guard_leaf((char *)e->s, len);
		if (len && !stackmap_add(&kept, e->s, len, e->c, f->rules.ncounts))
			eprintf("sum of counts overflows");
	}
	tree_free(&matching);
	release_comments(f);
	stackmap_print(&kept, f->rules.ncounts);
	stackmap_free(&kept);
	free(match);
	return 1;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		PAT_LONGOPTS('n'),
		{ "invert", no_argument, NULL, 'v' },
		{ "only", no_argument, NULL, 'o' },
		{ "reroot", no_argument, NULL, 'r' },
		{ "window", required_argument, NULL, 'w' },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ 0 }
	};
	struct filter f;
	struct window w;
	const char *win = NULL, *why;
	int c, found, modes = 0;

	argv[0] = setprogname(argv[0]);
	memset(&f, 0, sizeof(f));
	while ((c = getopt_long(argc, argv, "n:vorw:qh" PAT_SHORTOPTS, longopts, NULL)) != -1) {
		if (pat_option(&f.pats, c, optarg, 'n'))
			continue;
		switch (c) {
		case 'v': f.mode = MODE_INVERT; modes = 1; break;
		case 'o': f.mode = MODE_ONLY; modes = 1; break;
		case 'r': f.mode = MODE_REROOT; modes = 1; break;
		case 'w': win = optarg; break;
		case FH_NOHEADER: f.noheader = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	if (win) {
		if (f.pats.n || modes)
			usage_error("--window takes no pattern nor -v, --only or --reroot: "
			    "pipe its output to another fg-filter");
		if ((why = window_parse(&w, win)))
			usage_error("bad --window: '%s': %s", win, why);
		w.noheader = f.noheader;
		f.rules.ncounts = 1;	/* a differential profile has no order */
		each_line(argc, argv, &f.rules, window_line, &w);
		found = window_end(&w);
		window_free(&w);
		return found;
	}
	pat_operand(&f.pats, &argc, &argv);
	f.empty = 1;
	if (f.mode == MODE_GRAPH) {
		stackmap_init(&f.all);
		each_line(argc, argv, &f.rules, collect, &f);
		found = filter_graph(&f);
		stackmap_free(&f.all);
	} else {
		each_line(argc, argv, &f.rules, stream_line, &f);
		found = f.selected > 0;
	}
	if (f.empty)	/* no stack at all: the comments pass, as any filter's */
		release_comments(&f);
	out_flush();
	pat_free(&f.pats);
	bytes_free(&f.held);
	if (!found && !f.empty) {
		weprintf(f.mode == MODE_INVERT ? "every stack matches" : "no stack matches");
		return 1;
	}
	return 0;
}
