/* textfold.c: what the folders of text reports add to folder.h (see
 * textfold.h) */
#include <stdio.h>
#include <string.h>

#include "base/out.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/formats.h"
#include "folded/split.h"
#include "folded/textfold.h"

int
textbuf_next(struct textbuf *t, const char **p, const char **end)
{
	const char *nl;

	if (t->s == t->end)
		return 0;
	*p = t->s;
	if (!(nl = memchr(t->s, '\n', (size_t)(t->end - t->s))))
		nl = t->end;
	t->s = nl < t->end ? nl + 1 : nl;
	*end = nl > *p && nl[-1] == '\r' ? nl - 1 : nl;
	t->line++;
	if (memchr(*p, 0, (size_t)(*end - *p)))
		fileerr(t->name, t->line, "NUL byte in input");
	return 1;
}

void
textfold_usage(const char *opts, const char *defsize)
{
	printf("usage: %s [options] [FILE...]\n%s", argv0, opts);
	folder_usage(17, defsize);
}

void
textfold_each(int argc, char **argv, textfold_fn *fn, void *arg)
{
	struct lines r;
	int i;

	const struct format *own = format_folded_by(argv0);

	for (i = 0; i < (argc ? argc : 1); i++) {
		lines_open(&r, argc ? argv[i] : NULL);
		if (own)
			r.format = own->name;
		/* a fault at the first line of another format's file: say which */
		error_hint = lines_hint_of;
		error_hint_arg = &r;
		fn(&r, arg);
		error_hint = NULL;
		lines_close(&r);
	}
}

void
textfold_print(struct folder *f, struct depthstack *d, const char *unit,
    const char *countname)
{
	int any = f->map.n || (d && d->lines);

	if (any && unit)
		fh_set(&f->h, FH_UNIT, unit);
	if (any && countname)
		fh_set(&f->h, FH_COUNTNAME, countname);
	folder_print(f);
	if (d)
		depth_print(d);
	out_flush();
}

/* textfold_each's hand: a text folder's file folded into its map */
struct textrun {
	const struct textfolder *t;
	struct stackmap *m;
};

static void
textrun(struct lines *r, void *arg)
{
	struct textrun *run = arg;

	run->t->fold(run->t->st, r, run->m);
}

/* a part of a large file, read by a line folder */
struct part {
	const struct splitfile *sf;
	const struct textfolder *t;
	void *st;
	struct stackmap *m;
	struct lines r;
};

/* Part 0 read as far as the folder's ahead needs, then part 1 opened. */
static int
part_first(void *part0, void *part1)
{
	struct part *p = part0, *h = part1;

	if (p->t->ahead)
		p->t->ahead(p->st, &p->r, h->st);
	lines_open(&h->r, h->sf->path);
	split_part(&h->r, h->sf, 1);
	return 1;
}

static void
part_read(void *part)
{
	struct part *p = part;

	p->t->fold(p->st, &p->r, p->m);
}

/* The one large file sf in two parts, t's fold with t->st reading
 * part 0 into f->map, with t->st1 part 1 into m1; both maps sorted. */
static void
folder_split(struct folder *f, const struct splitfile *sf, const struct textfolder *t,
    struct stackmap *m1)
{
	struct part p[2] = {
		{ sf, t, t->st, &f->map, { 0 } },
		{ sf, t, t->st1, m1, { 0 } },
	};
	struct splitrun s = { { &p[0], &p[1] }, { &f->map, m1 }, &p[0].r, part_first, part_read };
	const struct format *own;

	lines_open(&p[0].r, sf->path);
	split_part(&p[0].r, sf, 0);
	/* part 0 begins the file: a fault there names another format */
	if ((own = format_folded_by(argv0)))
		p[0].r.format = own->name;
	error_hint = lines_hint_of;
	error_hint_arg = &p[0].r;
	split_run(&s);
	error_hint = NULL;
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

int
folder_text(int argc, char **argv, const struct textfolder *t)
{
	struct folder f;
	struct splitfile sf;
	struct stackmap m1;
	struct textrun run = { t, &f.map };
	int c, cut;

	argv[0] = setprogname(argv[0]);
	folder_init(&f, 0);
	while ((c = folder_getopt(&f, argc, argv, t->shortopts, t->lo)) != -1) {
		/* 0: a flag of the folder's, which getopt_long set */
		if (!c || (t->opt && t->opt(c, optarg, t->st)))
			continue;
		switch (c) {
		case 'h':
			printf("usage: %s [options] [FILE...]\n%s", argv0, t->help);
			folder_usage(t->helpwidth ? t->helpwidth : 17, NULL);
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	if (t->start)
		t->start(&f, t->st);
	stackmap_init(&m1);
	if ((cut = argc == 1 && t->cut && t->cut(t->st, argv[0], &sf))) {
		if (t->parts)
			t->parts(t->st, t->st1);
		folder_split(&f, &sf, t, &m1);
	} else {
		textfold_each(argc, argv, textrun, &run);
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
