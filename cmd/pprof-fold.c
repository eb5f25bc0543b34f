/* pprof-fold: pprof profiles (profile.proto, gzipped or not) to folded stacks
 *
 * Each file is read whole by lib/formats/pprof/read (samples with the same
 * locations added up as they come) and folded into stacks by
 * lib/formats/pprof/fold, which adds up the stacks of every file and prints
 * them sorted after the unit header (fg-folded(5)).  Here: the options,
 * the files, and --list.
 */
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/out.h"
#include "folded/folder.h"
#include "base/util.h"
#include "formats/pprof/fold.h"
#include "formats/pprof/read.h"

static struct {
	struct ppf_opt fold;
	int list;
	struct ppf_tag *tag;
	struct folder out;	/* --max-size, the header */
} opt;

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -i, --sample-index NAME|N  the value column to fold (default: the\n"
	    "                             profile's default sample type, else the last)\n"
	    "  -l, --list                 list the sample types and exit\n"
	    "      --lines                frames as NAME at FILE:LINE\n"
	    "      --full-path            with --lines, the file's whole path\n"
	    "      --addresses            the address of locations that have no lines\n"
	    "      --no-alloc-type        drop PProf.jl's \"Alloc: T\" leaf frames\n"
	    "      --by-label KEY         a root frame KEY=VALUE from each sample's label\n"
	    "      --tag KEY=VALUE        only samples with that label (repeatable)\n", argv0);
	folder_usage(23, "4G");
}

/* The sample types of p, "N TYPE/UNIT[ default]", after "FILE: " when
 * several files are listed. */
static void
list(const struct pprof *p, int several)
{
	size_t i, def = ppf_defaultcol(p);
	struct pp_str t, u;

	for (i = 0; i < p->nvt; i++) {
		t = pp_string(p, p->vt[i].type);
		u = pp_string(p, p->vt[i].unit);
		if (several)
			out_printf("%s: ", p->name);
		out_printf("%zu %.*s/%.*s%s\n", i, (int)t.len, t.s, (int)u.len, u.s,
		    i == def ? " default" : "");
	}
}

/* Read one file (NULL or "-": standard input), then list its sample
 * types or fold it into f. */
static void
fold_file(struct ppfold *f, const char *path, int several)
{
	const char *name = displayname(path);
	struct pprof p;
	int fd = 0;

	if (path && strcmp(path, "-") && (fd = open(path, O_RDONLY)) < 0)
		fileerr(name, 0, "%m");
	pp_read(&p, fd, name, opt.fold.bylabel || opt.fold.ntag, opt.out.maxsize);
	if (fd)
		close(fd);
	if (opt.list)
		list(&p, several);
	else
		ppf_add(f, &p);
	pp_free(&p);
}

static void
addtag(char *s)
{
	char *eq = strchr(s, '=');

	if (!eq || eq == s)
		usage_error("--tag wants KEY=VALUE");
	*eq = 0;
	opt.tag = ereallocarray(opt.tag, opt.fold.ntag + 1, sizeof(*opt.tag));
	opt.tag[opt.fold.ntag].key = s;
	opt.tag[opt.fold.ntag++].val = eq + 1;
}

int
main(int argc, char **argv)
{
	enum { O_LINES = 256, O_FULLPATH, O_ADDR, O_NOALLOC, O_BYLABEL, O_TAG };
	static const struct option lo[] = {
		{ "sample-index", required_argument, NULL, 'i' },
		{ "list", no_argument, NULL, 'l' },
		{ "lines", no_argument, NULL, O_LINES },
		{ "full-path", no_argument, NULL, O_FULLPATH },
		{ "addresses", no_argument, NULL, O_ADDR },
		{ "no-alloc-type", no_argument, NULL, O_NOALLOC },
		{ "by-label", required_argument, NULL, O_BYLABEL },
		{ "tag", required_argument, NULL, O_TAG },
		FOLDER_OPTS,
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	struct ppfold f;
	int c, i;

	argv[0] = setprogname(argv[0]);
	folder_init(&opt.out, (uint64_t)4 << 30);
	while ((c = folder_getopt(&opt.out, argc, argv, "i:lqh", lo)) != -1)
		switch (c) {
		case 'i': opt.fold.sindex = optarg; break;
		case 'l': opt.list = 1; break;
		case O_LINES: opt.fold.lines = 1; break;
		case O_FULLPATH: opt.fold.fullpath = 1; break;
		case O_ADDR: opt.fold.addresses = 1; break;
		case O_NOALLOC: opt.fold.noalloc = 1; break;
		case O_BYLABEL: opt.fold.bylabel = optarg; break;
		case O_TAG: addtag(optarg); break;
		case 'h': usage();
		default: tryhelp();
		}
	if (opt.fold.sindex && !*opt.fold.sindex)
		usage_error("an empty --sample-index");
	if (opt.fold.bylabel && !*opt.fold.bylabel)
		usage_error("an empty --by-label");
	opt.fold.tag = opt.tag;
	ppf_init(&f, &opt.fold);
	if (optind == argc)
		fold_file(&f, NULL, 0);
	for (i = optind; i < argc; i++)
		fold_file(&f, argv[i], argc - optind > 1);
	if (!opt.list) {
		ppf_header(&f, &opt.out.h);
		fh_print(&opt.out.h);
		ppf_print(&f);
	}
	out_flush();
	ppf_free(&f);
	free(opt.tag);
	folder_free(&opt.out);
	return 0;
}
