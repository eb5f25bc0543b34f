/* textfold.c: what the mains of the folders of text reports share
 * (see textfold.h) */
#include <stdio.h>
#include <string.h>

#include "base/out.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/textfold.h"
#include "folded/whole.h"

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
textfold_usage(const char *opts)
{
	printf("usage: %s [options] [FILE...]\n%s"
	    "      --no-header      no '# fg:' header lines\n"
	    "  -h, --help           show this help\n"
	    "      --version        show the version\n", argv0, opts);
	exit_stdout();
}

void
textfold_each(int argc, char **argv, textfold_fn *fn, void *arg)
{
	struct lines r;
	int i;

	for (i = 0; i < (argc ? argc : 1); i++) {
		lines_open(&r, argc ? argv[i] : NULL);
		fn(&r, arg);
		lines_close(&r);
	}
}

void
textfold_whole(int argc, char **argv, uint64_t maxsize, textfold_wholefn *fn, void *arg)
{
	struct whole w;
	int i;

	for (i = 0; i < (argc ? argc : 1); i++) {
		whole_read(&w, argc ? argv[i] : NULL, maxsize, NULL);
		fn(w.s, w.n, w.name, arg);
		whole_free(&w);
	}
}

void
textfold_print(struct stackmap *m, const char *unit, const char *countname)
{
	struct fheader h;

	fh_init(&h);
	if (unit)
		fh_set(&h, FH_UNIT, unit);
	if (countname)
		fh_set(&h, FH_COUNTNAME, countname);
	if (m->n)
		fh_print(&h);
	fh_free(&h);
	stackmap_print(m, 1);
	out_flush();
	stackmap_free(m);
}
