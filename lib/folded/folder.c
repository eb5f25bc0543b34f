/* folder.c: what the mains of the folders share (see folder.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/count.h"
#include "base/err.h"
#include "base/progress.h"
#include "base/util.h"
#include "folded/folder.h"

void
folder_init(struct folder *f, uint64_t maxsize)
{
	memset(f, 0, sizeof(*f));
	f->maxsize = maxsize;
	f->unit = -1;
	fh_init(&f->h);
	stackmap_init(&f->map);
}

/* Take getopt_long's c (and its argument) when it is one of
 * folder_getopt's: 1, else 0. */
static int
folder_opt(struct folder *f, int c, const char *arg)
{
	if (c == FOLDER_O_MAXSIZE)
		f->maxsize = estrtosize(arg, "size");
	else if (c == FH_NOHEADER)
		f->h.omit = 1;
	else if (c == 'q')
		progress_quiet();
	else if (c == OPT_VERSION)
		version();
	else
		return 0;
	return 1;
}

int
folder_getopt(struct folder *f, int argc, char **argv, const char *shortopts,
    const struct option *lo)
{
	int c;

	while ((c = getopt_long(argc, argv, shortopts, lo, NULL)) != -1)
		if (!folder_opt(f, c, optarg))
			return c;
	return -1;
}

void
folder_usage(int width, const char *defsize)
{
	if (defsize)
		printf("      %-*srefuse more decompressed bytes (default %s)\n", width,
		    "--max-size SIZE", defsize);
	printf("      %-*sno '# fg:' header lines\n", width, "--no-header");
	printf("  %-*sno progress line on a terminal\n", width + 4, "-q, --quiet");
	printf("  %-*sshow this help\n", width + 4, "-h, --help");
	printf("      %-*sshow the version\n", width, "--version");
	exit_stdout();
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

static const char *
unitword(int u, const char *countname)
{
	return u == UNIT_COUNT ? countname : unit_name(u);
}

void
folder_unit(struct folder *f, int u, const char *name, const char *what,
    const char *countname)
{
	if (u < 0)
		return;
	if (f->unit >= 0 && u != f->unit)
		fileerr(name, 0, "its %s count %s, those of %s %s", what, unitword(u, countname),
		    f->unitfile, unitword(f->unit, countname));
	if (f->unit < 0) {
		f->unit = u;
		f->unitfile = estrdup(name);
	}
}

void
folder_print(struct folder *f)
{
	const struct stackmap *m = &f->map;
	char n[32], w2[64];

	if (f->unit > UNIT_COUNT)
		fh_set(&f->h, FH_UNIT, unit_name(f->unit));
	/* weights: the samples behind them, when the builder was told */
	if (f->run && f->run->samples && !f->run->unsized)
		m = NULL;
	if (f->h.unit > UNIT_COUNT && !f->h.fact[FH_SAMPLES] &&
	    (m ? m->samples && !m->unsized : 1)) {
		snprintf(n, sizeof(n), "%llu", (unsigned long long)(m ? m->samples : f->run->samples));
		fh_set(&f->h, FH_SAMPLES, n);
		/* ... and their weights squared, when every add said them */
		if (!f->h.fact[FH_WEIGHT2] && !(m ? m->unweighed : f->run->unweighed)) {
			fh_num(w2, m ? m->weight2 : f->run->weight2);
			fh_set(&f->h, FH_WEIGHT2, w2);
		}
	}
	if (f->run) {
		fh_set(&f->h, FH_ORDER, "time");
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
	free(f->unitfile);
	memset(f, 0, sizeof(*f));
}

int
folder_end(struct folder *f)
{
	folder_print(f);
	out_flush();
	folder_free(f);
	return 0;
}
