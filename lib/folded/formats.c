/* formats.c: the table of formats, its rows' hints, and a file's first
 * bytes read (see formats.h); the signatures the rows name are
 * sniff.c's */
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/inflate.h"
#include "base/util.h"
#include "folded/formats.h"
#include "folded/sniff.h"

#define HEAD SNIFF_HEAD

/* The table.  Rows are tried in order: magic bytes first, then JSON,
 * binary, and text, folded stacks last; the row "text" takes what no
 * other does. */
const struct format formats[] = {
	{ "gzip", "gzip-compressed data", FMT_GZIP, NULL, NULL, 0, "\x1f\x8b", 2, NULL, 0 },
	{ "jlprof", "a Julia profile (.jlprof)", FMT_READ, "jlprof-fold", "fg-jlprof", 0,
	    "JLPROF\1\0", 8, NULL, 0 },
	{ "perf.data", "a binary perf.data file: run 'perf script' first and fold its output",
	    FMT_REFUSED, NULL, NULL, 0, "PERFILE2", 8, NULL, 0 },
	{ "png", "a PNG image", FMT_REFUSED, NULL, NULL, 0, "\x89PNG", 4, NULL, 0 },
	{ "pdf", "a PDF document", FMT_REFUSED, NULL, NULL, 0, "%PDF", 4, NULL, 0 },
	{ "elf", "an executable (ELF)", FMT_REFUSED, NULL, NULL, 0, "\x7f" "ELF", 4, NULL, 0 },
	{ "zip", "a zip archive", FMT_REFUSED, NULL, NULL, 0, "PK\3\4", 4, NULL, 0 },
	{ "hdf5", "an HDF5/JLD file", FMT_REFUSED, NULL, NULL, 0, "\x89HDF\r\n\x1a\n", 8, NULL, 0 },
	{ "xctrace", "an Instruments xctrace export (XML)", FMT_READ, "instruments-fold", NULL, 0,
	    NULL, 0, looks_xctrace, 'x' },
	{ "svg", "an SVG image", FMT_REFUSED, NULL, NULL, 0, "<svg", 4, NULL, 0 },
	{ "xml", "an XML document", FMT_REFUSED, NULL, NULL, 0, "<?xml", 5, NULL, 'x' },
	{ "html", "an HTML page", FMT_REFUSED, NULL, NULL, 0, NULL, 0, looks_html, 0 },
	{ "v8log-raw", "a V8 log of node --prof: fold what 'node --prof-process --preprocess' "
	    "makes of it", FMT_REFUSED, NULL, NULL, 0, "v8-version,", 11, NULL, 0 },
	{ "speedscope", "a speedscope file", FMT_READ, "speedscope-fold", "fg-speedscope", 1,
	    NULL, 0, looks_speedscope, 'j' },
	{ "chrome-trace", "a Chrome trace (Trace Event Format)", FMT_READ, "cpuprofile-fold", NULL, 1,
	    NULL, 0, looks_chrometrace, 'j' },
	{ "heapprofile", "a V8 sampling heap profile (.heapprofile)", FMT_READ, "heapprofile-fold",
	    NULL, 1, NULL, 0, looks_heapprofile, 'j' },
	{ "cpuprofile", "a V8 CPU profile (.cpuprofile)", FMT_READ, "cpuprofile-fold", NULL, 1,
	    NULL, 0, looks_cpuprofile, 'j' },
	{ "ghc-json", "a GHC JSON profiling report (+RTS -pj)", FMT_READ, "ghcprof-fold", NULL, 1,
	    NULL, 0, looks_ghcjson, 'j' },
	{ "gecko", "a Firefox Profiler or Gecko profile", FMT_READ, "gecko-fold", NULL, 1, NULL, 0,
	    looks_gecko, 'j' },
	{ "v8log", "a V8 tick log (node --prof, preprocessed)", FMT_READ, "v8log-fold", NULL, 1,
	    NULL, 0, looks_v8log, 'j' },
	{ "safari", "a Safari timeline recording", FMT_READ, "safari-fold", NULL, 1, NULL, 0,
	    looks_safari, 'j' },
	{ "json", "JSON of no profile format fg reads",
	    FMT_REFUSED, NULL, NULL, 0, NULL, 0, looks_json, 'j' },
	{ "pprof", "a pprof profile (profile.proto)", FMT_READ, "pprof-fold", "fg-pprof", 1,
	    NULL, 0, looks_pprof, 0 },
	{ "binary", "binary data", FMT_BINARY, NULL, NULL, 0, NULL, 0, looks_binary, 0 },
	{ "vtune", "a VTune top-down CSV report", FMT_READ, "vtune-fold", NULL, 0, NULL, 0, looks_vtune, 0 },
	{ "vsprof", "a Visual Studio CallTreeSummary CSV report", FMT_READ, "vsprof-fold", NULL, 0,
	    NULL, 0, looks_vsprof, 0 },
	{ "ghc", "a GHC profiling report (.prof)", FMT_READ, "ghcprof-fold", NULL, 1, NULL, 0, looks_ghcprof, 0 },
	{ "callgrind", "a callgrind profile", FMT_READ, "callgrind-fold", NULL, 1, NULL, 0, looks_callgrind, 0 },
	{ "instruments", "an Instruments deep copy", FMT_READ, "instruments-fold", NULL, 0, NULL, 0,
	    looks_deepcopy, 0 },
	{ "dtrace", "DTrace stacks (an aggregation of ustack() or stack())", FMT_READ,
	    "dtrace-fold", NULL, 0, NULL, 0, looks_dtrace, 0 },
	{ "stap", "SystemTap stacks (print_stack() and a count)", FMT_READ, "dtrace-fold", NULL, 0,
	    NULL, 0, looks_stap, 0 },
	{ "sample", "macOS sample output (a call graph)", FMT_READ, "sample-fold", NULL, 0,
	    NULL, 0, looks_macsample, 0 },
	{ "jstack", "a Java thread dump (jstack, jcmd Thread.print)", FMT_READ, "jstack-fold", NULL, 0,
	    NULL, 0, looks_jstack, 0 },
	{ "bpftrace", "a bpftrace map of stacks", FMT_READ, "bpftrace-fold",
	    NULL, 0, NULL, 0, looks_bpftrace, 0 },
	{ "gdb", "gdb backtraces (thread apply all bt)", FMT_READ, "gdb-fold", NULL, 0, NULL, 0, looks_gdb, 0 },
	{ "eu-stack", "eu-stack backtraces", FMT_READ, "gdb-fold", NULL, 0, NULL, 0, looks_eustack, 0 },
	{ "pmcstat", "pmcstat's call graph (pmcstat -G)", FMT_READ, "pmc-fold", NULL, 0, NULL, 0, looks_pmc, 0 },
	{ "perf", "perf script output", FMT_READ, "perf-fold", NULL, 0, NULL, 0, looks_perf, 0 },
	{ "folded", "folded stacks", FMT_FOLDED, NULL, "fg-merge", 0, NULL, 0, looks_folded, 0 },
	{ "text", "text of no format fg knows", FMT_TEXT, NULL, NULL, 0, NULL, 0, NULL, 0 },
};
const size_t nformats = sizeof(formats) / sizeof(formats[0]);

/* The row named name, or NULL. */
static const struct format *
format_named(const char *name)
{
	size_t i;

	for (i = 0; i < nformats; i++)
		if (!strcmp(formats[i].name, name))
			return &formats[i];
	return NULL;
}

int
format_hint_of(void *arg, char *msg, size_t size)
{
	const struct firstbytes *b = arg;
	const struct format *own = format_folded_by(argv0);

	return own && format_hint(own->name, b->p, b->n, msg, size);
}

const struct format *
format_folded_by(const char *prog)
{
	const struct format *first = NULL;
	size_t i, n;

	for (i = 0; prog && i < nformats; i++) {
		if (!formats[i].folder || strcmp(formats[i].folder, prog))
			continue;
		/* the row the program is named after: cpuprofile-fold's
		 * "cpuprofile", not the traces it reads too */
		n = strlen(formats[i].name);
		if (!strncmp(prog, formats[i].name, n) && !strcmp(prog + n, "-fold"))
			return &formats[i];
		if (!first)
			first = &formats[i];
	}
	return first;
}

/* Does the program prog fold a format whose documents are doc's? */
static int
reads_doc(const char *prog, char doc)
{
	size_t i;

	for (i = 0; prog && i < nformats; i++)
		if (formats[i].doc == doc && formats[i].folder && !strcmp(formats[i].folder, prog))
			return 1;
	return 0;
}

int
format_hint(const char *self, const char *p, size_t n, char *msg, size_t size)
{
	const struct format *own = format_named(self), *f = sniff(p, n < HEAD ? n : HEAD);

	if (!own || f == own || f->kind == FMT_BINARY || f->kind == FMT_TEXT)
		return 0;
	/* JSON (XML) of no format, to a folder that reads JSON (XML): its
	 * own message says what the document lacks */
	if (f->kind == FMT_REFUSED && f->doc && reads_doc(own->folder, f->doc))
		return 0;
	/* a format the same program reads: its own message is the one */
	if (f->folder && own->folder && !strcmp(f->folder, own->folder))
		return 0;
	if (f->kind == FMT_FOLDED)
		snprintf(msg, size, "not %s but folded stacks, which need no folding", own->what);
	else if (f->kind == FMT_GZIP)
		snprintf(msg, size, "not %s but gzip-compressed data: "
		    "read it with fg-fold (or pprof-fold for a pprof profile)", own->what);
	else if (f->folder)
		snprintf(msg, size, "not %s but %s: read it with %s (or fg-fold)",
		    own->what, f->what, f->folder);
	else
		snprintf(msg, size, "not %s but %s", own->what, f->what);
	return 1;
}

int
sniff_hint(const char *self, const char *p, size_t n, size_t nul, char *msg, size_t size)
{
	char *head;
	size_t i;
	int r;

	if (n > HEAD)
		n = HEAD;
	head = emalloc(n + 1);
	memcpy(head, p, n);
	/* the NULs a line reader and its parser wrote into the first line:
	 * one before the newline it kept was a CR (a magic such as HDF5's
	 * holds one), another a line end */
	for (i = 0; i < nul && i < n; i++)
		if (!head[i])
			head[i] = i + 1 < n && head[i + 1] == '\n' ? '\r' : '\n';
	r = format_hint(self, head, n, msg, size);
	free(head);
	return r;
}

struct headsink {
	char *buf;
	size_t n;
	jmp_buf done;
};

/* z_read's sink: the first HEAD bytes, then stop. */
static size_t
headsink(void *arg, const unsigned char *p, size_t n, uint64_t off, int end)
{
	struct headsink *h = arg;
	size_t k = n < HEAD - h->n ? n : HEAD - h->n;

	(void)off;
	memcpy(h->buf + h->n, p, k);
	h->n += k;
	if (h->n == HEAD || end)
		longjmp(h->done, 1);
	return n;
}

/* What it holds: decompress the start of the gzip file at off on fd,
 * on a descriptor of its own, into h. */
static void
gunzip_head(int fd, const char *name, uint64_t off, struct headsink *h)
{
	off_t cur = lseek(fd, 0, SEEK_CUR);
	int dfd;

	if ((dfd = dup(fd)) < 0 || lseek(dfd, (off_t)off, SEEK_SET) < 0)
		fileerr(name, 0, "%s", strerror(errno));
	h->n = 0;
	if (!setjmp(h->done))
		z_read(dfd, name, UINT64_MAX, headsink, h);
	close(dfd);
	lseek(fd, cur, SEEK_SET);
}

const struct format *
sniff_fd(int fd, const char *name, uint64_t off, int *gzip, char *why, size_t whysize)
{
	struct headsink h;
	const struct format *f;
	ssize_t r;

	h.buf = emalloc(HEAD);
	h.n = 0;
	*gzip = 0;
	if (why && whysize)
		*why = 0;
	while ((r = pread(fd, h.buf + h.n, HEAD - h.n, (off_t)(off + h.n))) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			fileerr(name, 0, "read error: %s", strerror(errno));
		h.n += (size_t)r;
		if (h.n == HEAD)
			break;
	}
	f = sniff(h.buf, h.n);
	if (f->kind == FMT_GZIP) {
		*gzip = 1;
		gunzip_head(fd, name, off, &h);
		f = sniff(h.buf, h.n);
		/* gzip in gzip is no format fg reads */
		if (f->kind == FMT_GZIP)
			f = format_named("binary");
	}
	if (f->kind == FMT_TEXT && why)
		sniff_why(h.buf, h.n, why, whysize);
	free(h.buf);
	return f;
}
