/* sniff.c: what a file's first bytes look like: the signatures the
 * table of formats names (formats.c), the row they match (sniff), and
 * why text is of no format (see sniff.h) */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/num.h"
#include "folded/formats.h"
#include "folded/sniff.h"

#define HEAD SNIFF_HEAD

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
int
looks_speedscope(const struct head *h)
{
	return h->json && (has(h->p, h->n, "speedscope.app/file-format-schema.json") ||
	    (has(h->p, h->n, "\"shared\"") && has(h->p, h->n, "\"frames\"")));
}

int
looks_chrometrace(const struct head *h)
{
	return h->json && (has(h->p, h->n, "\"traceEvents\"") ||
	    (h->p[0] == '[' && has(h->p, h->n, "\"ph\"")));
}

int
looks_heapprofile(const struct head *h)
{
	return h->json && has(h->p, h->n, "\"head\"") && has(h->p, h->n, "\"selfSize\"");
}

/* Firefox Profiler (processed) and raw Gecko profiles: "meta" with
 * the processed format's version, or a raw profile's "stackwalk". */
int
looks_gecko(const struct head *h)
{
	return h->json && has(h->p, h->n, "\"meta\"") &&
	    (has(h->p, h->n, "\"preprocessedProfileVersion\"") || has(h->p, h->n, "\"stackwalk\""));
}

int
looks_cpuprofile(const struct head *h)
{
	return h->json && ((has(h->p, h->n, "\"nodes\"") && has(h->p, h->n, "\"callFrame\"")) ||
	    (has(h->p, h->n, "\"head\"") && has(h->p, h->n, "\"functionName\"")));
}

/* node --prof-process --preprocess: the code table first, its C++
 * symbols and libraries (the ticks may come after the first mebibyte) */
int
looks_v8log(const struct head *h)
{
	return h->json && has(h->p, h->n, "\"code\"") && (has(h->p, h->n, "\"ticks\"") ||
	    has(h->p, h->n, "\"CPP\"") || has(h->p, h->n, "\"SHARED_LIB\""));
}

/* Safari's Web Inspector: a recording of the Timelines tab, its
 * instruments named before its records */
int
looks_safari(const struct head *h)
{
	return h->json && has(h->p, h->n, "\"recording\"") &&
	    (has(h->p, h->n, "\"sampleStackTraces\"") || has(h->p, h->n, "\"instrumentTypes\""));
}

int
looks_json(const struct head *h)
{
	return h->json;
}

/* "<!DOCTYPE html", in either case */
int
looks_html(const struct head *h)
{
	return h->n >= 14 && !strncasecmp(h->p, "<!doctype html", 14);
}

int
looks_binary(const struct head *h)
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
int
looks_folded(const struct head *h)
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

int
looks_perf(const struct head *h)
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

int
looks_dtrace(const struct head *h)
{
	const char *q = h->p, *nl = eol(q, q + h->n);

	trimline(&q, &nl);
	if (nl - q > 16 && !memcmp(q, "CPU ", 4) && !memcmp(nl - 13, "FUNCTION:NAME", 13))
		return 1;
	return stackblocks(h, dtraceframe);
}

int
looks_stap(const struct head *h)
{
	return stackblocks(h, stapframe);
}

/* macOS sample: a line "Call graph:", then a thread's line, four
 * spaces and its number of samples. */
int
looks_macsample(const struct head *h)
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
int
looks_jstack(const struct head *h)
{
	return starts(h->p, h->n, "Full thread dump ", 17) ||
	    memmem(h->p, h->n, "\nFull thread dump ", 18) ||
	    memmem(h->p, h->n, "\n   java.lang.Thread.State: ", 29);
}

/* bpftrace's map of stacks: a line "@[" or "@NAME[" alone, a frame,
 * and a line that ends "]: COUNT". */
int
looks_bpftrace(const struct head *h)
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
int
looks_gdb(const struct head *h)
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
int
looks_eustack(const struct head *h)
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
int
looks_pmc(const struct head *h)
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

/* profile.proto's wire type for each field, 1 to 14: length-delimited
 * (2) for its messages and strings, varint (0) for its numbers; -1 for
 * comment, a repeated int64 that may come packed (2) or not (0). */
static const signed char pprof_wire[15] = { -2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 2, 0, -1, 0 };

/* A ValueType (sample_type, period_type) in q[0..end): varint fields
 * alone (type, unit; 3, a later proto's), their tags a byte each. */
static int
valuetype(const unsigned char *q, const unsigned char *end)
{
	unsigned long long v;

	while (q < end) {
		if (*q != 0x08 && *q != 0x10 && *q != 0x18)
			return 0;
		q++;
		if (!varint(&q, end, &v) && q < end)
			return 0;
	}
	return 1;
}

/* profile.proto: the first fields (up to 16, or to the end of what is
 * there) have profile.proto's numbers (1 to 14), each its wire type,
 * the ValueTypes among them read as one (not empty), and binary bytes are in them
 * (its varints' bytes: a NUL may come only after the first mebibyte).
 * Text that begins with a blank line ("\n", the tag of sample_type)
 * and holds a control byte fails these: its next line is no ValueType
 * (or an empty one, a NUL its length), and its blanks (field 4,
 * location, as a varint) have the wrong wire type. */
int
looks_pprof(const struct head *h)
{
	const unsigned char *q = (const unsigned char *)h->p, *end = q + h->n;
	unsigned long long tag, v;
	int fields, f;

	if (!h->nul && !control(h->p, h->n))
		return 0;
	for (fields = 0; fields < 16 && q < end; fields++) {
		if (!varint(&q, end, &tag))
			return fields > 0;
		f = (int)(tag >> 3);
		if (f < 1 || f > 14 || ((tag & 7) != 0 && (tag & 7) != 2) ||
		    (pprof_wire[f] >= 0 && (tag & 7) != (unsigned)pprof_wire[f]))
			return 0;
		if (!varint(&q, end, &v))
			return fields > 0;
		if ((tag & 7) == 2) {
			/* a ValueType has a type or a unit, even cut short */
			if ((f == 1 || f == 11) && (!v ||
			    !valuetype(q, v > (unsigned long long)(end - q) ? end : q + v)))
				return 0;
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
int
looks_vtune(const struct head *h)
{
	return !h->nul && linestarts(h->p, h->n, "Function Stack,CPU Time:Self");
}

/* GHC's text profiling report: the header of its cost centres */
int
looks_ghcprof(const struct head *h)
{
	return !h->nul && linestarts(h->p, h->n, "COST CENTRE ");
}

/* GHC's JSON profiling report (+RTS -pj) */
int
looks_ghcjson(const struct head *h)
{
	return h->json && has(h->p, h->n, "\"cost_centres\"") && has(h->p, h->n, "\"profile\"");
}

/* callgrind: its first line, or an events: line and an fn= line */
int
looks_callgrind(const struct head *h)
{
	return !h->nul && (starts(h->p, h->n, "# callgrind format", 18) ||
	    (linestarts(h->p, h->n, "events:") && linestarts(h->p, h->n, "fn=")));
}

/* xctrace export's XML: its root element, after an XML declaration
 * or none */
int
looks_xctrace(const struct head *h)
{
	size_t i = starts(h->p, h->n, "\xef\xbb\xbf", 3) ? 3 : 0;

	return !h->nul && i < h->n && h->p[i] == '<' && has(h->p, h->n, "<trace-query-result");
}

/* Instruments' deep copy: a header of tab-separated columns, one of
 * them the symbol's */
int
looks_deepcopy(const struct head *h)
{
	const char *nl = memchr(h->p, '\n', h->n), *end = nl ? nl : h->p + h->n;
	size_t n = (size_t)(end - h->p);

	return !h->nul && memchr(h->p, '\t', n) && memmem(h->p, n, "Symbol Name", 11) &&
	    (memmem(h->p, n, "Weight", 6) || memmem(h->p, n, "Running Time", 12) ||
	    memmem(h->p, n, "Bytes Used", 10));
}

/* Visual Studio's CallTreeSummary CSV: its header first */
int
looks_vsprof(const struct head *h)
{
	size_t i = starts(h->p, h->n, "\xef\xbb\xbf", 3) ? 3 : 0;
	const char *nl = memchr(h->p, '\n', h->n);

	return !h->nul && starts(h->p + i, h->n - i, "Level,Function Name,Number of Calls,", 36) &&
	    !foldedline(h->p + i, nl ? nl : h->p + h->n);
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

/* The closest formats (sniff.h): perf script, an event line with no
 * stack line after it; folded stacks, a first line with a ';' in it,
 * or a later line that reads as folded. */
void
sniff_why(const char *p, size_t n, char *msg, size_t size)
{
	const char *end = p + (n < HEAD ? n : HEAD), *q, *nl;
	int comment = 0;

	*msg = 0;
	/* blanks to the end of the bytes looked at, with more after them:
	 * not known to be empty (a bomb of blanks, say) */
	if (!(q = dataline(p, end, &nl, &comment)) && n >= HEAD)
		snprintf(msg, size, "only blanks in its first MiB, as far as fg looks");
	else if (!q)
		snprintf(msg, size, "it is empty");
	else if ((q = perfevents(p, end)))
		snprintf(msg, size, "the closest is perf script output, but no stack line "
		    "(an address, a symbol, its (dso)) follows the event of line %lu", lineno(p, q));
	else if ((q = dataline(p, end, &nl, &comment)) && (memchr(q, ';', (size_t)(nl - q)) ||
	    anyfolded(nl, end)))
		snprintf(msg, size, "the closest is folded stacks, but line %lu does not end "
		    "in a blank and a count", lineno(p, q));
}
