/* fg-pprof: folded stacks to a pprof profile (profile.proto, gzipped)
 *
 * Every line of every input is added to lib/formats/pprof/write's tables as it
 * is read; the unit headers of the inputs, joined as fg-merge joins
 * them, choose the sample type.  The profile is written whole at the
 * end, so a bad line leaves nothing on standard output.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "base/count.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/input.h"
#include "formats/pprof/write.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...] > out.pb.gz\n"
	    "  -t, --sample-type TYPE/UNIT  the sample type (default: from the unit\n"
	    "                               header: space/bytes, cpu/nanoseconds...,\n"
	    "                               else samples/count)\n"
	    "  -q, --quiet                  no progress line on a terminal\n"
	    "  -h, --help                   this help\n"
	    "      --version                the version\n", argv0);
	exit_stdout();
}

struct state {
	struct ppwrite *w;
	struct fhjoin hdr;
};

static void
add_line(struct freader *r, struct fline *l, void *arg)
{
	struct state *st = arg;
	const char *err;

	if (!l->ncounts) {
		fhj_line(&st->hdr, r, l);
		return;
	}
	if (l->ncounts == 2)
		fr_error(r, "two counts on a line (a difference): a pprof sample "
		    "has one value here");
	if (l->c[0].d != (double)l->c[0].u)
		fr_error(r, "a decimal count: pprof values are integers");
	if ((err = ppw_add(st->w, l->stack, l->len, l->c[0].u)))
		fr_error(r, "%s", err);
}

/* The sample type the unit header gives: "TYPE/UNIT" into type, unit. */
static void
header_type(const struct fheader *h, const char **type, const char **unit)
{
	const char *name = h->fact[FH_COUNTNAME];

	switch (h->unit) {
	case UNIT_BYTES:
		*type = "space";
		break;
	case UNIT_NS: case UNIT_US: case UNIT_MS: case UNIT_S:
		*type = "cpu";
		break;
	default:
		*type = "samples";
	}
	*unit = h->unit < 0 ? h->fact[FH_UNIT] : h->unit == UNIT_COUNT ? "count" :
	    unit_name(h->unit);
	if (name && *name)
		*type = name;
}

/* --sample-type TYPE/UNIT, split in place at its last '/' */
static void
sample_type(char *s, const char **type, const char **unit)
{
	char *slash = strrchr(s, '/');

	if (!slash || slash == s || !slash[1])
		usage_error("--sample-type wants TYPE/UNIT, as space/bytes");
	*slash = 0;
	*type = s;
	*unit = slash + 1;
}

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "sample-type", required_argument, NULL, 't' },
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	const char *type = NULL, *unit = NULL;
	struct bytes out = { 0 };
	struct state st;
	int c;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "t:qh", lo, NULL)) != -1) {
		switch (c) {
		case 't': sample_type(optarg, &type, &unit); break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	out_notty("a gzip-compressed pprof profile");
	st.w = ppw_new();
	fhj_init(&st.hdr);
	each_line(argc - optind, argv + optind, NULL, add_line, &st);
	fhj_settle(&st.hdr, argc > optind ? argc - optind : 1);
	if (!type)
		header_type(&st.hdr.h, &type, &unit);
	if (!ppw_nsamples(st.w))
		weprintf("no stacks: the profile has no samples");
	ppw_write(st.w, &out, type, unit);
	out_mem(out.p, out.n);
	out_flush();
	bytes_free(&out);
	fhj_free(&st.hdr);
	ppw_free(st.w);
	return 0;
}
