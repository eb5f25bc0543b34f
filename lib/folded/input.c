/* input.c: the file operands of a program, one line at a time */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/opt.h"
#include "base/progress.h"
#include "base/util.h"

#include "folded/fheader.h"
#include "folded/input.h"
#include "folded/lines.h"

void
each_line(int argc, char **argv, struct frules *rules, line_fn *fn, void *arg)
{
	struct frules own = { 0 };
	struct freader r;
	struct fline l;
	int i;

	for (i = 0; i < (argc ? argc : 1); i++) {
		fr_open(&r, argc ? argv[i] : NULL, rules ? rules : &own);
		while (fr_next(&r, &l))
			fn(&r, &l, arg);
		fr_close(&r);
	}
}

char **
files_from(const char *path, int argc, char **argv, int *n)
{
	struct lines r;
	char **v, *line, *buf = NULL, *names;
	size_t len, *off = NULL, noff = 0, offcap = 0, used = 0, cap = 0, i, vlen;
	int stdin_list = !path || !strcmp(path, "-");

	/* the names, each with its NUL, one after another in buf */
	lines_open(&r, path);
	while (lines_next(&r, &line, &len)) {
		if (!len)
			continue;
		if (stdin_list && !strcmp(line, "-"))
			lines_error(&r, "standard input is the list of files: it cannot be one of them");
		off = egrowarray(off, &offcap, noff + 1, sizeof(*off));
		off[noff++] = used;
		buf = egrowarray(buf, &cap, used + len + 1, 1);
		memcpy(buf + used, line, len + 1);
		used += len + 1;
	}
	lines_close(&r);
	if ((size_t)argc + noff >= INT32_MAX)
		eprintf("%s: too many files", r.name);
	/* one block, freed as one: the vector, then the names */
	vlen = ((size_t)argc + noff + 1) * sizeof(*v);
	v = emalloc(vlen + used);
	names = (char *)v + vlen;
	if (used)
		memcpy(names, buf, used);
	memcpy(v, argv, (size_t)argc * sizeof(*v));
	for (i = 0; i < noff; i++)
		v[argc + i] = names + off[i];
	v[argc + noff] = NULL;
	free(off);
	free(buf);
	*n = argc + (int)noff;
	return v;
}

void
each_profile(int argc, char **argv, void (*usage)(void), input_addfn *add, void *w)
{
	enum { O_SPLIT = 256 };
	static const struct option lo[] = {
		{ "split-root", no_argument, NULL, O_SPLIT },
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct frules rules = { 0 };	/* the inputs', read together */
	char *prefix = NULL;
	int c, i, split = 0, n;

	while ((c = getopt_long(argc, argv, "qh", lo, NULL)) != -1) {
		switch (c) {
		case O_SPLIT: split = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage(); break;
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	n = argc - optind;
	if (!n)
		add(w, &rules, NULL, 0, split, "");
	for (i = 0; i < n; i++) {
		free(prefix);
		prefix = emalloc(strlen(displayname(argv[optind + i])) + 3);
		sprintf(prefix, "%s: ", displayname(argv[optind + i]));
		add(w, &rules, argv[optind + i], (uint32_t)i, split, n > 1 ? prefix : "");
	}
	free(prefix);
}

int
fr_sample(struct freader *r, struct fheader *h, struct fline *l, const char *what,
    size_t *root)
{
	const char *semi;

	while (fr_next(r, l)) {
		if (!l->ncounts) {
			fh_parse(h, l->stack, l->len);
			continue;
		}
		if (l->ncounts == 2)
			fr_error(r, "two counts on a line (a difference): %s sample has one "
			    "weight", what);
		if (root) {
			semi = memchr(l->stack, ';', l->len);
			*root = semi ? (size_t)(semi - l->stack) : l->len;
		}
		return 1;
	}
	return 0;
}

noreturn void
profile_usage(const char *out, const char *each)
{
	printf("usage: %s [options] [FILE...] > %s\n"
	    "      --split-root  a %s per root frame (of each file), named after it\n"
	    "  -q, --quiet       no progress line on a terminal\n"
	    "  -h, --help        this help\n"
	    "      --version     the version\n", argv0, out, each);
	exit_stdout();
}
