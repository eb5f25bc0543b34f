/* formats.c: the table of formats, and what a file's first bytes look
 * like (see formats.h) */
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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

static int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Is p[0..nl) a folded line: a stack, a blank, and a count ("12",
 * "1.5") at its end? */
static int
foldedline(const char *p, const char *nl)
{
	const char *q, *dot = NULL;

	/* blanks after the count are no part of it (fg-folded(5)) */
	while (nl > p && (nl[-1] == '\r' || nl[-1] == ' ' || nl[-1] == '\t'))
		nl--;
	for (q = nl; q > p && (isdec(q[-1]) || (q[-1] == '.' && !dot)); q--)
		if (q[-1] == '.')
			dot = q - 1;
	/* [0-9]+(\.[0-9]*)? after a blank, with a frame before it */
	return q < nl && isdec(*q) && q > p + 1 && (q[-1] == ' ' || q[-1] == '\t');
}

/* Does the first character after white space open JSON?  '[' or '{'
 * only when what follows cannot be a frame such as "[unknown]", and
 * never when the first line reads as folded stacks ("{{closure}};f 3",
 * "[0x1f];g 2", '{"a";b 1') and has no key of JSON's ('"a": 1' ends
 * a JSON document cut short as well as a line). */
static int
jsonish(const char *p, size_t n)
{
	const char *nl;
	size_t i = 0;

	if (starts(p, n, "\xef\xbb\xbf", 3))
		i = 3;
	while (i < n && blank(p[i]))
		i++;
	if (i == n || (p[i] != '{' && p[i] != '['))
		return 0;
	if (!(nl = memchr(p + i, '\n', n - i)))
		nl = p + n;
	if (foldedline(p + i, nl) && !memmem(p + i, (size_t)(nl - (p + i)), "\":", 2))
		return 0;
	for (i++; i < n && blank(p[i]); i++)
		;
	return i == n || p[i] == '"' || p[i] == '{' || p[i] == '}' || p[i] == '[' ||
	    p[i] == ']' || p[i] == '-' || isdec(p[i]);
}

/* JSON formats, by the keys in their first bytes. */
static int
speedscope(const struct head *h)
{
	return h->json && (has(h->p, h->n, "speedscope.app/file-format-schema.json") ||
	    (has(h->p, h->n, "\"shared\"") && has(h->p, h->n, "\"frames\"")));
}

static int
chrometrace(const struct head *h)
{
	return h->json && (has(h->p, h->n, "\"traceEvents\"") ||
	    (h->p[0] == '[' && has(h->p, h->n, "\"ph\"")));
}

static int
heapprofile(const struct head *h)
{
	return h->json && has(h->p, h->n, "\"head\"") && has(h->p, h->n, "\"selfSize\"");
}

/* Firefox Profiler (processed) and raw Gecko profiles: "meta" with
 * the processed format's version, or a raw profile's "stackwalk". */
static int
gecko(const struct head *h)
{
	return h->json && has(h->p, h->n, "\"meta\"") &&
	    (has(h->p, h->n, "\"preprocessedProfileVersion\"") || has(h->p, h->n, "\"stackwalk\""));
}

static int
cpuprofile(const struct head *h)
{
	return h->json && ((has(h->p, h->n, "\"nodes\"") && has(h->p, h->n, "\"callFrame\"")) ||
	    (has(h->p, h->n, "\"head\"") && has(h->p, h->n, "\"functionName\"")));
}

/* node --prof-process --preprocess: the code table first, its C++
 * symbols and libraries (the ticks may come after the first mebibyte) */
static int
v8log(const struct head *h)
{
	return h->json && has(h->p, h->n, "\"code\"") && (has(h->p, h->n, "\"ticks\"") ||
	    has(h->p, h->n, "\"CPP\"") || has(h->p, h->n, "\"SHARED_LIB\""));
}

/* Safari's Web Inspector: a recording of the Timelines tab, its
 * instruments named before its records */
static int
safari(const struct head *h)
{
	return h->json && has(h->p, h->n, "\"recording\"") &&
	    (has(h->p, h->n, "\"sampleStackTraces\"") || has(h->p, h->n, "\"instrumentTypes\""));
}

static int
json(const struct head *h)
{
	return h->json;
}

/* "<!DOCTYPE html", in either case */
static int
html(const struct head *h)
{
	return h->n >= 14 && !strncasecmp(h->p, "<!doctype html", 14);
}

static int
binary(const struct head *h)
{
	return h->nul;
}

/* A blank line, or a comment: "#" alone or "# ..." (fg-folded(5)).
 * *comment set for a comment. */
static int
skipped(const char *q, const char *nl, int *comment)
{
	const char *b;

	if (q < nl && *q == '#' && (q + 1 == nl || q[1] == ' ' || q[1] == '\r'))
		return *comment = 1;
	for (b = q; b < nl && blank(*b); b++)
		;
	return b == nl;
}

/* The first line that is neither blank nor a comment, from q: its
 * start, *nl its end (or NULL when there is none); *comment set when a
 * comment came before it. */
static const char *
dataline(const char *q, const char *end, const char **nl, int *comment)
{
	for (; q < end; q = *nl + 1) {
		if (!(*nl = memchr(q, '\n', (size_t)(end - q))))
			*nl = end;
		if (!skipped(q, *nl, comment))
			return q;
	}
	*nl = NULL;
	return NULL;
}

/* Folded stacks: the first line that is neither blank nor a comment is
 * a stack and a count (or two), or runs past the bytes looked at; or
 * there are comments alone, the header of a profile without samples.
 * No bytes, or blank lines alone, are no format (the row "text"). */
static int
folded(const struct head *h)
{
	const char *q, *nl, *end = h->p + h->n;
	int comment = 0;

	if (!(q = dataline(h->p, end, &nl, &comment)))
		return comment;
	return (nl == end && h->cut) || foldedline(q, nl);
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
perf(const struct head *h)
{
	const char *p = h->p, *end = h->p + h->n, *q, *nl;

	for (q = p; q < end; q = nl + 1) {
		if (!(nl = memchr(q, '\n', (size_t)(end - q))))
			nl = end;
		if (perfline(q, nl) || perfevent(q, nl))
			return 1;
	}
	return 0;
}

/* The end of the line at q (before end): its '\n', or end. */
static const char *
eol(const char *q, const char *end)
{
	const char *nl = memchr(q, '\n', (size_t)(end - q));

	return nl ? nl : end;
}

/* q[0..nl) without the blanks at its ends: *q and *nl moved. */
static void
trimline(const char **q, const char **nl)
{
	while (*q < *nl && blank(**q))
		(*q)++;
	while (*nl > *q && blank((*nl)[-1]))
		(*nl)--;
}

/* Is q[0..nl) a count alone, blanks around it (the end of a DTrace
 * or SystemTap stack)? */
static int
countline(const char *q, const char *nl)
{
	trimline(&q, &nl);
	if (q == nl)
		return 0;
	for (; q < nl; q++)
		if (!isdec(*q))
			return 0;
	return 1;
}

/*
 * Blocks of frames each ended by a count alone, as DTrace and
 * SystemTap print their aggregations: a count line right after lines
 * that frame() takes for frames, a blank line or a count before them.
 * A folded line never is a count alone.
 */
static int
stackblocks(const struct head *h, int (*frame)(const char *, const char *))
{
	const char *q, *nl, *end = h->p + h->n;
	int frames = 0;

	for (q = h->p; q < end; q = nl + 1) {
		nl = eol(q, end);
		if (countline(q, nl)) {
			if (frames > 0)
				return 1;
			frames = 0;
			continue;
		}
		trimline(&q, &nl);
		if (q == nl)
			frames = 0;
		else if (frames >= 0)
			frames = frame(q, nl) ? frames + 1 : -1;
	}
	return 0;
}

/* "0x" and hex digits: an address, *q past it; 0 when not one. */
static int
hexaddr(const char **q, const char *nl)
{
	const char *p = *q;

	if (nl - p < 3 || p[0] != '0' || p[1] != 'x')
		return 0;
	for (p += 2; p < nl && strchr("0123456789abcdefABCDEF", *p); p++)
		;
	if (p == *q + 2)
		return 0;
	*q = p;
	return 1;
}

/* A DTrace frame: "module`function+0x1c", or an address alone. */
static int
dtraceframe(const char *q, const char *nl)
{
	return memchr(q, '`', (size_t)(nl - q)) || (hexaddr(&q, nl) && q == nl);
}

/* A SystemTap frame: "0xffffffff8103ce3b : native_safe_halt+0xb/0x10
 * [kernel]". */
static int
stapframe(const char *q, const char *nl)
{
	return hexaddr(&q, nl) && nl - q > 3 && !memcmp(q, " : ", 3);
}

static int
dtrace(const struct head *h)
{
	const char *q = h->p, *nl = eol(q, q + h->n);

	trimline(&q, &nl);
	if (nl - q > 16 && !memcmp(q, "CPU ", 4) && !memcmp(nl - 13, "FUNCTION:NAME", 13))
		return 1;
	return stackblocks(h, dtraceframe);
}

static int
stap(const struct head *h)
{
	return stackblocks(h, stapframe);
}

/* macOS sample: a line "Call graph:", then a thread's line, four
 * spaces and its number of samples. */
static int
macsample(const struct head *h)
{
	const char *q, *end = h->p + h->n;

	for (q = h->p; (q = memmem(q, (size_t)(end - q), "Call graph:", 11)); q++) {
		if (q > h->p && q[-1] != '\n')
			continue;
		q = eol(q, end);
		return end - q > 5 && !memcmp(q + 1, "    ", 4) && isdec(q[5]);
	}
	return 0;
}

/* A Java thread dump (jstack, jcmd Thread.print): "Full thread dump"
 * at a line's start, or a thread's state. */
static int
jstack(const struct head *h)
{
	return starts(h->p, h->n, "Full thread dump ", 17) ||
	    memmem(h->p, h->n, "\nFull thread dump ", 18) ||
	    memmem(h->p, h->n, "\n   java.lang.Thread.State: ", 29);
}

/* bpftrace's map of stacks: a line "@[" or "@NAME[" alone, a frame,
 * and a line that ends "]: COUNT". */
static int
bpftrace(const struct head *h)
{
	const char *q, *nl, *end = h->p + h->n;
	int open = 0;

	for (q = h->p; q < end; q = nl + 1) {
		nl = eol(q, end);
		trimline(&q, &nl);
		if (q < nl && *q == '@' && nl[-1] == '[') {
			for (q++; q < nl - 1 && (isdec(*q) || *q == '_' || ((*q | 32) >= 'a' && (*q | 32) <= 'z')); q++)
				;
			open = q == nl - 1;
		} else if (open && nl - q > 3 && (q = memmem(q, (size_t)(nl - q), "]: ", 3))) {
			for (q += 3; q < nl && isdec(*q); q++)
				;
			return q == nl && isdec(nl[-1]);
		}
	}
	return 0;
}

/* The line after the one at q (before end), or end. */
static const char *
nextline(const char *q, const char *end)
{
	q = eol(q, end);
	return q < end ? q + 1 : end;
}

/* gdb's backtrace: "Thread N (Thread 0x...", or a frame "#0  " with
 * " in " or " at " in it and a line "#1  " after it. */
static int
gdb(const struct head *h)
{
	const char *q, *nl, *end = h->p + h->n;

	for (q = h->p; q < end; q = nextline(q, end)) {
		nl = eol(q, end);
		if (starts(q, (size_t)(nl - q), "Thread ", 7) && nl - q > 16 && isdec(q[7]) &&
		    memmem(q, (size_t)(nl - q), " (Thread 0x", 11))
			return 1;
		if (starts(q, (size_t)(nl - q), "#0  ", 4) && (memmem(q, (size_t)(nl - q), " in ", 4) ||
		    memmem(q, (size_t)(nl - q), " at ", 4)))
			return nl < end && starts(nl + 1, (size_t)(end - nl - 1), "#1  ", 4);
	}
	return 0;
}

/* eu-stack: "TID N:" and a frame "#0  0x" on the next line. */
static int
eustack(const struct head *h)
{
	const char *q, *nl, *end = h->p + h->n;

	for (q = h->p; q < end; q = nextline(q, end)) {
		nl = eol(q, end);
		if (starts(q, (size_t)(nl - q), "TID ", 4) && nl - q > 5 && isdec(q[4]) && nl[-1] == ':')
			return nl < end && starts(nl + 1, (size_t)(end - nl - 1), "#0  0x", 6);
	}
	return 0;
}

/* A line of pmcstat's call graph: blanks, "20.86%", blanks, "[7447]". */
static int
pmcline(const char *q, const char *nl)
{
	const char *d;

	while (q < nl && *q == ' ')
		q++;
	for (d = q; q < nl && (isdec(*q) || *q == '.'); q++)
		;
	if (q == d || q == nl || *q++ != '%')
		return 0;
	while (q < nl && *q == ' ')
		q++;
	if (q == nl || *q++ != '[')
		return 0;
	for (d = q; q < nl && isdec(*q); q++)
		;
	return q > d && q < nl && *q == ']';
}

/* pmcstat -G: a line of the call graph among its first lines (after
 * "@ EVENT [N samples]", which a line reader's cuts may have split). */
static int
pmc(const struct head *h)
{
	const char *q, *nl, *end = h->p + h->n;
	int lines = 0;

	for (q = h->p; q < end && lines < 8; q = nextline(q, end)) {
		nl = eol(q, end);
		if (q == nl)
			continue;
		if (pmcline(q, nl))
			return 1;
		lines++;
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

/* Is there a control byte that no text holds (a NUL, or below a blank
 * but for a tab, a line end or an escape) in p[0..n)? */
static int
control(const char *p, size_t n)
{
	const unsigned char *q = (const unsigned char *)p, *end = q + n;

	for (; q < end; q++)
		if (*q < 0x20 && (!*q || !strchr("\t\n\r\f\v\033", *q)))
			return 1;
	return 0;
}

/* profile.proto: the first fields (up to 16, or to the end of what is
 * there) have profile.proto's numbers (1 to 14) and wire types
 * (varint or length-delimited), and binary bytes are in them (its
 * varints' bytes: a NUL may come only after the first mebibyte). */
static int
pprof(const struct head *h)
{
	const unsigned char *q = (const unsigned char *)h->p, *end = q + h->n;
	unsigned long long tag, v;
	int fields;

	if (!h->nul && !control(h->p, h->n))
		return 0;
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

/* --- Call trees and tables of other tools (vtune-fold, vsprof-fold,
 * ghcprof-fold, callgrind-fold, instruments-fold) --------------------- */

/* Does a line of p[0..n) begin with s, and is it no folded line? */
static int
linestarts(const char *p, size_t n, const char *s)
{
	const char *q, *nl, *end = p + n;

	for (q = p; q < end; q = nl + 1) {
		if (!(nl = memchr(q, '\n', (size_t)(end - q))))
			nl = end;
		if (starts(q, (size_t)(nl - q), s, strlen(s)) && !foldedline(q, nl))
			return 1;
	}
	return 0;
}

/* VTune's top-down CSV: its header line, maybe after notes */
static int
vtune(const struct head *h)
{
	return !h->nul && linestarts(h->p, h->n, "Function Stack,CPU Time:Self");
}

/* GHC's text profiling report: the header of its cost centres */
static int
ghcprof(const struct head *h)
{
	return !h->nul && linestarts(h->p, h->n, "COST CENTRE ");
}

/* GHC's JSON profiling report (+RTS -pj) */
static int
ghcjson(const struct head *h)
{
	return h->json && has(h->p, h->n, "\"cost_centres\"") && has(h->p, h->n, "\"profile\"");
}

/* callgrind: its first line, or an events: line and an fn= line */
static int
callgrind(const struct head *h)
{
	return !h->nul && (starts(h->p, h->n, "# callgrind format", 18) ||
	    (linestarts(h->p, h->n, "events:") && linestarts(h->p, h->n, "fn=")));
}

/* xctrace export's XML: its root element, after an XML declaration
 * or none */
static int
xctrace(const struct head *h)
{
	size_t i = starts(h->p, h->n, "\xef\xbb\xbf", 3) ? 3 : 0;

	return !h->nul && i < h->n && h->p[i] == '<' && has(h->p, h->n, "<trace-query-result");
}

/* Instruments' deep copy: a header of tab-separated columns, one of
 * them the symbol's */
static int
deepcopy(const struct head *h)
{
	const char *nl = memchr(h->p, '\n', h->n), *end = nl ? nl : h->p + h->n;
	size_t n = (size_t)(end - h->p);

	return !h->nul && memchr(h->p, '\t', n) && memmem(h->p, n, "Symbol Name", 11) &&
	    (memmem(h->p, n, "Weight", 6) || memmem(h->p, n, "Running Time", 12) ||
	    memmem(h->p, n, "Bytes Used", 10));
}

/* Visual Studio's CallTreeSummary CSV: its header first */
static int
vsprof(const struct head *h)
{
	size_t i = starts(h->p, h->n, "\xef\xbb\xbf", 3) ? 3 : 0;
	const char *nl = memchr(h->p, '\n', h->n);

	return !h->nul && starts(h->p + i, h->n - i, "Level,Function Name,Number of Calls,", 36) &&
	    !foldedline(h->p + i, nl ? nl : h->p + h->n);
}


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
	    NULL, 0, xctrace, 'x' },
	{ "svg", "an SVG image", FMT_REFUSED, NULL, NULL, 0, "<svg", 4, NULL, 0 },
	{ "xml", "an XML document", FMT_REFUSED, NULL, NULL, 0, "<?xml", 5, NULL, 'x' },
	{ "html", "an HTML page", FMT_REFUSED, NULL, NULL, 0, NULL, 0, html, 0 },
	{ "v8log-raw", "a V8 log of node --prof: fold what 'node --prof-process --preprocess' "
	    "makes of it", FMT_REFUSED, NULL, NULL, 0, "v8-version,", 11, NULL, 0 },
	{ "speedscope", "a speedscope file", FMT_READ, "speedscope-fold", "fg-speedscope", 1,
	    NULL, 0, speedscope, 'j' },
	{ "chrome-trace", "a Chrome trace (Trace Event Format)", FMT_READ, "cpuprofile-fold", NULL, 1,
	    NULL, 0, chrometrace, 'j' },
	{ "heapprofile", "a V8 sampling heap profile (.heapprofile)", FMT_READ, "heapprofile-fold",
	    NULL, 1, NULL, 0, heapprofile, 'j' },
	{ "cpuprofile", "a V8 CPU profile (.cpuprofile)", FMT_READ, "cpuprofile-fold", NULL, 1,
	    NULL, 0, cpuprofile, 'j' },
	{ "ghc-json", "a GHC JSON profiling report (+RTS -pj)", FMT_READ, "ghcprof-fold", NULL, 1,
	    NULL, 0, ghcjson, 'j' },
	{ "gecko", "a Firefox Profiler or Gecko profile", FMT_READ, "gecko-fold", NULL, 1, NULL, 0,
	    gecko, 'j' },
	{ "v8log", "a V8 tick log (node --prof, preprocessed)", FMT_READ, "v8log-fold", NULL, 1,
	    NULL, 0, v8log, 'j' },
	{ "safari", "a Safari timeline recording", FMT_READ, "safari-fold", NULL, 1, NULL, 0,
	    safari, 'j' },
	{ "json", "JSON of no profile format fg reads",
	    FMT_REFUSED, NULL, NULL, 0, NULL, 0, json, 'j' },
	{ "pprof", "a pprof profile (profile.proto)", FMT_READ, "pprof-fold", "fg-pprof", 1,
	    NULL, 0, pprof, 0 },
	{ "binary", "binary data", FMT_BINARY, NULL, NULL, 0, NULL, 0, binary, 0 },
	{ "vtune", "a VTune top-down CSV report", FMT_READ, "vtune-fold", NULL, 0, NULL, 0, vtune, 0 },
	{ "vsprof", "a Visual Studio CallTreeSummary CSV report", FMT_READ, "vsprof-fold", NULL, 0,
	    NULL, 0, vsprof, 0 },
	{ "ghc", "a GHC profiling report (.prof)", FMT_READ, "ghcprof-fold", NULL, 1, NULL, 0, ghcprof, 0 },
	{ "callgrind", "a callgrind profile", FMT_READ, "callgrind-fold", NULL, 1, NULL, 0, callgrind, 0 },
	{ "instruments", "an Instruments deep copy", FMT_READ, "instruments-fold", NULL, 0, NULL, 0,
	    deepcopy, 0 },
	{ "dtrace", "DTrace stacks (an aggregation of ustack() or stack())", FMT_READ,
	    "dtrace-fold", NULL, 0, NULL, 0, dtrace, 0 },
	{ "stap", "SystemTap stacks (print_stack() and a count)", FMT_READ, "dtrace-fold", NULL, 0,
	    NULL, 0, stap, 0 },
	{ "sample", "macOS sample output (a call graph)", FMT_READ, "sample-fold", NULL, 0,
	    NULL, 0, macsample, 0 },
	{ "jstack", "a Java thread dump (jstack, jcmd Thread.print)", FMT_READ, "jstack-fold", NULL, 0,
	    NULL, 0, jstack, 0 },
	{ "bpftrace", "a bpftrace map of stacks", FMT_READ, "bpftrace-fold",
	    NULL, 0, NULL, 0, bpftrace, 0 },
	{ "gdb", "gdb backtraces (thread apply all bt)", FMT_READ, "gdb-fold", NULL, 0, NULL, 0, gdb, 0 },
	{ "eu-stack", "eu-stack backtraces", FMT_READ, "gdb-fold", NULL, 0, NULL, 0, eustack, 0 },
	{ "pmcstat", "pmcstat's call graph (pmcstat -G)", FMT_READ, "pmc-fold", NULL, 0, NULL, 0, pmc, 0 },
	{ "perf", "perf script output", FMT_READ, "perf-fold", NULL, 0, NULL, 0, perf, 0 },
	{ "folded", "folded stacks", FMT_FOLDED, NULL, "fg-merge", 0, NULL, 0, folded, 0 },
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

const struct format *
sniff(const char *p, size_t n)
{
	struct head h = { p, n, memchr(p, 0, n) != NULL, jsonish(p, n), n >= HEAD };
	const struct format *f;

	for (f = formats; f < formats + nformats - 1; f++)
		if ((!f->magic || starts(p, n, f->magic, f->magiclen)) && (!f->looks || f->looks(&h)))
			return f;
	return f;
}


/* The number of the line that starts at q. */
static unsigned long
lineno(const char *p, const char *q)
{
	unsigned long k = 1;

	for (; (p = memchr(p, '\n', (size_t)(q - p))); p++)
		k++;
	return k;
}

/* The first perf script event line ("comm pid time: ..."), or NULL. */
static const char *
perfevents(const char *p, const char *end)
{
	const char *q, *nl, *t;

	for (q = p; q < end; q = nl + 1) {
		if (!(nl = memchr(q, '\n', (size_t)(end - q))))
			nl = end;
		if (*q == '#')
			continue;
		for (t = q; (t = memchr(t, '.', (size_t)(nl - t))); t++)
			if (perftime(q, t, nl))
				return q;
	}
	return NULL;
}

/* Does a line of p[0..end) read as folded stacks? */
static int
anyfolded(const char *p, const char *end)
{
	const char *q, *nl;

	for (q = p; q < end && (nl = memchr(q, '\n', (size_t)(end - q))); q = nl + 1)
		if (*q != '#' && foldedline(q, nl))
			return 1;
	return 0;
}

/*
 * For the first bytes of text of no format (the row "text"): why, in
 * msg[0..size): "it is empty" (no bytes, or blank lines alone), or the
 * format it comes closest to and the line where it departs from it
 * (perf script: an event line with no stack line after it; folded
 * stacks: a first line with a ';' in it, or a later line that reads as
 * folded); "" when it comes close to none.
 */
static void
sniff_why(const char *p, size_t n, char *msg, size_t size)
{
	const char *end = p + (n < HEAD ? n : HEAD), *q, *nl;
	int comment = 0;

	*msg = 0;
	if (!(q = dataline(p, end, &nl, &comment)))
		snprintf(msg, size, "it is empty");
	else if ((q = perfevents(p, end)))
		snprintf(msg, size, "the closest is perf script output, but no stack line "
		    "(an address, a symbol, its (dso)) follows the event of line %lu", lineno(p, q));
	else if ((q = dataline(p, end, &nl, &comment)) && (memchr(q, ';', (size_t)(nl - q)) ||
	    anyfolded(nl, end)))
		snprintf(msg, size, "the closest is folded stacks, but line %lu does not end "
		    "in a blank and a count", lineno(p, q));
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
