/* textfold.c: what the folders of text reports add to folder.h (see
 * textfold.h) */
#include <stdio.h>
#include <string.h>

#include "base/out.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/formats.h"
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
