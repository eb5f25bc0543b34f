/* formats.c: what a file's first bytes look like (see formats.h) */
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/inflate.h"
#include "base/util.h"
#include "folded/formats.h"

/* the first bytes looked at */
#define HEAD (1 << 20)

static int
starts(const char *p, size_t n, const char *magic, size_t len)
{
	return n >= len && !memcmp(p, magic, len);
}

static int
has(const char *p, size_t n, const char *s)
{
	return memmem(p, n, s, strlen(s)) != NULL;
}

static void
set(struct sniff *s, int kind, const char *what, const char *prog)
{
	s->kind = kind;
	s->what = what;
	s->prog = prog;
}

/* JSON: which of the formats by the keys in its first bytes. */
static void
json(const char *p, size_t n, struct sniff *s)
{
	if (has(p, n, "speedscope.app/file-format-schema.json") ||
	    (has(p, n, "\"shared\"") && has(p, n, "\"frames\"")))
		set(s, SNIFF_SPEEDSCOPE, "a speedscope file", "speedscope-fold");
	else if (has(p, n, "\"traceEvents\"") || (*p == '[' && has(p, n, "\"ph\"")))
		set(s, SNIFF_CPUPROFILE, "a Chrome trace (Trace Event Format)", "cpuprofile-fold");
	else if ((has(p, n, "\"nodes\"") && has(p, n, "\"callFrame\"")) ||
	    (has(p, n, "\"head\"") && has(p, n, "\"functionName\"")))
		set(s, SNIFF_CPUPROFILE, "a V8 CPU profile (.cpuprofile)", "cpuprofile-fold");
	else
		set(s, SNIFF_UNKNOWN, "JSON that is neither a .cpuprofile, a trace nor a "
		    "speedscope file", NULL);
}

/* Does the first character after white space open JSON?  '[' only
 * when what follows cannot be a frame such as "[unknown]". */
static int
jsonish(const char *p, size_t n)
{
	size_t i = 0;

	if (starts(p, n, "\xef\xbb\xbf", 3))
		i = 3;
	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r'))
		i++;
	if (i == n || (p[i] != '{' && p[i] != '['))
		return 0;
	for (i++; i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r'); i++)
		;
	return i == n || p[i] == '"' || p[i] == '{' || p[i] == '}' || p[i] == '[' ||
	    p[i] == ']' || p[i] == '-' || (p[i] >= '0' && p[i] <= '9');
}

/* perf script: a stack line, blanks or none, an address of four hex
 * digits or more, a blank, a symbol, and " (dso)" with no blank in it
 * at its end. */
static int
perfline(const char *q, const char *nl)
{
	const char *hex, *open;

	if (nl > q && nl[-1] == '\r')
		nl--;
	while (q < nl && (*q == '\t' || *q == ' '))
		q++;
	for (hex = q; q < nl && strchr("0123456789abcdef", *q); q++)
		;
	if (q - hex < 4 || q == nl || *q != ' ' || nl[-1] != ')')
		return 0;
	for (open = nl - 1; open > q && open[-1] != '(' && open[-1] != ' '; open--)
		;
	return open - q >= 2 && open[-1] == '(' && open[-2] == ' ';
}

/* Is the '.' at t in the time of an event line, " SECS.FRAC:" after
 * "comm pid[/tid]" and maybe " [cpu]"?  The ':' that ends it, or NULL. */
static const char *
perftime(const char *q, const char *t, const char *nl)
{
	const char *p, *e, *d;

	for (e = t + 1; e < nl && isdec(*e); e++)
		;
	if (e == t + 1 || e == nl || *e != ':')
		return NULL;
	for (p = t; p > q && isdec(p[-1]); p--)
		;
	if (p == t || p == q || p[-1] != ' ')
		return NULL;
	while (p > q && p[-1] == ' ')
		p--;
	if (p > q && p[-1] == ']') {	/* the cpu */
		for (d = --p; p > q && isdec(p[-1]); p--)
			;
		if (p == d || p == q || p[-1] != '[' || --p == q || p[-1] != ' ')
			return NULL;
		while (p > q && p[-1] == ' ')
			p--;
	}
	for (d = p; p > q && isdec(p[-1]); p--)	/* the tid, or the pid */
		;
	if (p == d)
		return NULL;
	if (p > q && p[-1] == '/') {
		for (d = --p; p > q && isdec(p[-1]); p--)
			;
		if (p == d)
			return NULL;
	}
	if (p == q || p[-1] != ' ')
		return NULL;
	while (p > q && p[-1] == ' ')
		p--;
	return p > q ? e : NULL;	/* a command name before it */
}

/* perf record without -g: an event line with the sample's one frame
 * on it, "comm pid time: period event: ip sym (dso)", the frame after
 * a ':' that follows the time.  A folded line never reads so: it ends
 * in a count, not in ')'. */
static int
perfevent(const char *q, const char *nl)
{
	const char *t, *c;

	if (q == nl || *q == '#')
		return 0;
	for (t = q; (t = memchr(t, '.', (size_t)(nl - t))); t++) {
		if (!(c = perftime(q, t, nl)))
			continue;
		for (c++; (c = memchr(c, ':', (size_t)(nl - c))); c++)
			if (perfline(c + 1, nl))
				return 1;
		return 0;
	}
	return 0;
}

static int
perfish(const char *p, size_t n)
{
	const char *end = p + n, *q, *nl;

	for (q = p; q < end; q = nl + 1) {
		if (!(nl = memchr(q, '\n', (size_t)(end - q))))
			nl = end;
		if (perfline(q, nl) || perfevent(q, nl))
			return 1;
	}
	return 0;
}

/* A varint at *q (before end): its value, *q past it; 0 when cut. */
static int
varint(const unsigned char **q, const unsigned char *end, unsigned long long *v)
{
	int shift;

	*v = 0;
	for (shift = 0; *q < end && shift < 64; shift += 7) {
		*v |= (unsigned long long)(**q & 0x7f) << shift;
		if (!(*(*q)++ & 0x80))
			return 1;
	}
	return 0;
}

/* profile.proto: the first fields (up to 16, or to the end of what is
 * there) have profile.proto's numbers (1 to 14) and wire types
 * (varint or length-delimited). */
static int
protoish(const char *p, size_t n)
{
	const unsigned char *q = (const unsigned char *)p, *end = q + n;
	unsigned long long tag, v;
	int fields;

	for (fields = 0; fields < 16 && q < end; fields++) {
		if (!varint(&q, end, &tag))
			return fields > 0;
		if ((tag >> 3) < 1 || (tag >> 3) > 14 || ((tag & 7) != 0 && (tag & 7) != 2))
			return 0;
		if (!varint(&q, end, &v))
			return fields > 0;
		if ((tag & 7) == 2) {
			if (v > (unsigned long long)(end - q))
				return 1;
			q += v;
		}
	}
	return fields > 1;
}

void
sniff(const char *p, size_t n, struct sniff *s)
{
	static const struct { const char *magic; size_t len; int kind; const char *what, *prog; } bin[] = {
		{ "\x1f\x8b", 2, SNIFF_GZIP, "gzip-compressed data", NULL },
		{ "JLPROF\1\0", 8, SNIFF_JLPROF, "a Julia profile (.jlprof)", "jlprof-fold" },
		{ "PERFILE2", 8, SNIFF_UNKNOWN, "a binary perf.data file: run 'perf script' "
		    "first and fold its output", NULL },
		{ "\x89PNG", 4, SNIFF_UNKNOWN, "a PNG image", NULL },
		{ "%PDF", 4, SNIFF_UNKNOWN, "a PDF document", NULL },
		{ "\x7f" "ELF", 4, SNIFF_UNKNOWN, "an executable (ELF)", NULL },
		{ "PK\3\4", 4, SNIFF_UNKNOWN, "a zip archive", NULL },
		{ "\x89HDF\r\n\x1a\n", 8, SNIFF_UNKNOWN, "an HDF5/JLD file", NULL },
		{ "<svg", 4, SNIFF_UNKNOWN, "an SVG image", NULL },
		{ "<?xml", 5, SNIFF_UNKNOWN, "an XML document", NULL },
		{ "<!DOCTYPE html", 14, SNIFF_UNKNOWN, "an HTML page", NULL },
		{ "<!doctype html", 14, SNIFF_UNKNOWN, "an HTML page", NULL },
	};
	size_t i;

	for (i = 0; i < sizeof(bin) / sizeof(bin[0]); i++)
		if (starts(p, n, bin[i].magic, bin[i].len)) {
			set(s, bin[i].kind, bin[i].what, bin[i].prog);
			return;
		}
	if (jsonish(p, n)) {
		json(p, n, s);
		return;
	}
	/* profile.proto: binary bytes in its fields */
	if (memchr(p, 0, n) && protoish(p, n)) {
		set(s, SNIFF_PPROF, "a pprof profile (profile.proto)", "pprof-fold");
		return;
	}
	if (memchr(p, 0, n)) {
		set(s, SNIFF_BINARY, "binary data", NULL);
		return;
	}
	if (perfish(p, n))
		set(s, SNIFF_PERF, "perf script output", "perf-fold");
	else
		set(s, SNIFF_FOLDED, "folded stacks", NULL);
}

const char *
sniff_hint(const char *p, size_t n, size_t nul)
{
	static char msg[256], head[1 << 16];
	struct sniff s;
	size_t i;

	if (n > sizeof(head))
		n = sizeof(head);
	memcpy(head, p, n);
	/* the NULs a line reader and its parser wrote into the first line */
	for (i = 0; i < nul && i < n; i++)
		if (!head[i])
			head[i] = '\n';
	sniff(head, n, &s);
	if (s.kind == SNIFF_FOLDED || s.kind == SNIFF_BINARY)
		return NULL;
	/* the program that would be named is the one reading (perf-fold
	 * at a bad first event line): its own message is the one to give */
	if (s.prog && argv0 && !strcmp(s.prog, argv0))
		return NULL;
	if (s.kind == SNIFF_GZIP)
		snprintf(msg, sizeof(msg), "not folded stacks but gzip-compressed data: "
		    "read it with fg-fold (or pprof-fold for a pprof profile)");
	else if (s.prog)
		snprintf(msg, sizeof(msg), "not folded stacks but %s: read it with %s "
		    "(or fg-fold)", s.what, s.prog);
	else
		snprintf(msg, sizeof(msg), "not folded stacks but %s", s.what);
	return msg;
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

void
sniff_fd(int fd, const char *name, uint64_t off, struct sniff *s, int *gzip)
{
	static struct headsink h;
	ssize_t r;
	off_t cur;
	int dfd;

	if (!h.buf)
		h.buf = emalloc(HEAD);
	h.n = 0;
	*gzip = 0;
	while ((r = pread(fd, h.buf + h.n, HEAD - h.n, (off_t)(off + h.n))) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			fileerr(name, 0, "read error: %s", strerror(errno));
		h.n += (size_t)r;
		if (h.n == HEAD)
			break;
	}
	sniff(h.buf, h.n, s);
	if (s->kind != SNIFF_GZIP)
		return;
	/* what it holds: decompress its start, on a descriptor of its own */
	*gzip = 1;
	cur = lseek(fd, 0, SEEK_CUR);
	if ((dfd = dup(fd)) < 0 || lseek(dfd, (off_t)off, SEEK_SET) < 0)
		fileerr(name, 0, "%s", strerror(errno));
	h.n = 0;
	if (!setjmp(h.done))
		z_read(dfd, name, UINT64_MAX, headsink, &h);
	close(dfd);
	lseek(fd, cur, SEEK_SET);
	sniff(h.buf, h.n, s);
	if (s->kind == SNIFF_GZIP)
		s->kind = SNIFF_BINARY;
}
