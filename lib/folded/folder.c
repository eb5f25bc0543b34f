/* folder.c: what the mains of the folders share (see folder.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "base/util.h"
#include "folded/folder.h"

void
folder_init(struct folder *f, uint64_t maxsize)
{
	memset(f, 0, sizeof(*f));
	f->maxsize = maxsize;
	fh_init(&f->h);
	stackmap_init(&f->map);
}

int
folder_opt(struct folder *f, int c, const char *arg)
{
	if (c == FOLDER_MAXSIZE)
		f->maxsize = estrtosize(arg, "size");
	else if (c == FH_NOHEADER)
		f->h.omit = 1;
	else
		return 0;
	return 1;
}

void
folder_usage(int width, const char *defsize)
{
	printf("      %-*srefuse more decompressed bytes (default %s)\n", width,
	    "--max-size SIZE", defsize);
	printf("      %-*sno '# fg:' header lines\n", width, "--no-header");
}

void
folder_timeorder(struct folder *f)
{
	f->run = &f->runs;
	out_keep(&f->kept);
}

void
folder_each(struct folder *f, int argc, char **argv, const struct whole_kind *kind,
    folder_fn *fn, void *arg)
{
	struct whole w;
	int i;

	for (i = 0; i < (argc ? argc : 1); i++) {
		whole_read(&w, argc ? argv[i] : NULL, f->maxsize, kind);
		/* a fault in a file of another format: say which it is */
		error_hint = whole_hint_of;
		error_hint_arg = &w;
		fn(&w, arg);
		error_hint = NULL;
		whole_free(&w);
	}
}

/* Each file's lines folded by fn(st, r, m), standard input when argc
 * is 0. */
static void
folder_lines(int argc, char **argv, folder_partfn *fn, void *st, struct stackmap *m)
{
	struct lines r;
	int i;

	for (i = 0; i < (argc ? argc : 1); i++) {
		lines_open(&r, argc ? argv[i] : NULL);
		fn(st, &r, m);
		lines_close(&r);
	}
}

/* a part of a large file, read by a line folder */
struct part {
	const struct splitfile *sf;
	folder_partfn *fn;
	void *st;
	struct stackmap *m;
	struct lines r;
};

/* Nothing of part 0 decides how part 1 reads: part 1 is opened. */
static int
part_first(void *part0, void *part1)
{
	struct part *h = part1;

	(void)part0;
	lines_open(&h->r, h->sf->path);
	split_part(&h->r, h->sf, 1);
	return 1;
}

static void
part_read(void *part)
{
	struct part *p = part;

	p->fn(p->st, &p->r, p->m);
}

/* The one large file sf in two parts, fn(st0, ...) reading part 0
 * into f->map, fn(st1, ...) part 1 into m1; both maps sorted. */
static void
folder_split(struct folder *f, const struct splitfile *sf, folder_partfn *fn, void *st0,
    void *st1, struct stackmap *m1)
{
	struct part p[2] = {
		{ sf, fn, st0, &f->map, { 0 } },
		{ sf, fn, st1, m1, { 0 } },
	};
	struct splitrun s = { { &p[0], &p[1] }, { &f->map, m1 }, &p[0].r, part_first, part_read };

	lines_open(&p[0].r, sf->path);
	split_part(&p[0].r, sf, 0);
	split_run(&s);
	lines_close(&p[0].r);
	lines_close(&p[1].r);
}

/* f's header, then the stacks of f->map and m1 (both sorted), merged. */
static void
print_merged(struct folder *f, struct stackmap *m1)
{
	struct stackmap *m[2] = { &f->map, m1 };
	int one = 1;

	fh_print(&f->h);
	if (!stackmap_merge_each(m, 2, stackent_print, &one))
		eprintf("sum of counts overflows");
}

/* --help of a text folder */
static noreturn void
textusage(const struct textfolder *t)
{
	printf("usage: %s [options] [FILE...]\n%s"
	    "      --no-header        no '# fg:' header lines\n"
	    "  -q, --quiet            no progress line on a terminal\n"
	    "  -h, --help             show this help\n"
	    "      --version          show the version\n", argv0, t->help);
	exit_stdout();
}

int
folder_text(int argc, char **argv, const struct textfolder *t)
{
	struct folder f;
	struct splitfile sf;
	struct stackmap m1;
	int c, cut;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 0);
	while ((c = getopt_long(argc, argv, t->shortopts, t->lo, NULL)) != -1) {
		/* 0: a flag of the folder's, which getopt_long set */
		if (!c || folder_opt(&f, c, optarg) || (t->opt && t->opt(c, optarg, t->st)))
			continue;
		switch (c) {
		case 'q': progress_quiet(); break;
		case 'h': textusage(t);
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	stackmap_init(&m1);
	if ((cut = argc == 1 && t->cut && t->cut(argv[0], &sf))) {
		if (t->parts)
			t->parts(t->st, t->st1);
		folder_split(&f, &sf, t->fold, t->st, t->st1, &m1);
	} else {
		folder_lines(argc, argv, t->fold, t->st, &f.map);
	}
	if (t->done)
		t->done(&f, t->st);
	if (cut)
		print_merged(&f, &m1);
	else
		folder_print(&f);
	out_flush();
	folder_free(&f);
	stackmap_free(&m1);
	t->free(t->st);
	if (t->st1)
		t->free(t->st1);
	return 0;
}

void
folder_print(struct folder *f)
{
	if (f->run) {
		stackrun_flush(f->run);
		out_keep(NULL);
	}
	fh_print(&f->h);
	if (f->run && f->kept.n)
		out_mem(f->kept.p, f->kept.n);
	else if (!f->run)
		stackmap_print(&f->map, 1);
}

void
folder_free(struct folder *f)
{
	fh_free(&f->h);
	stackmap_free(&f->map);
	stackrun_free(&f->runs);
	free(f->kept.p);
	memset(f, 0, sizeof(*f));
}
