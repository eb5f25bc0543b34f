/* formats/perf/read.c: Linux "perf script" output to folded stacks */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "folded/dump.h"
#include "formats/perf/read.h"
#include "stack/frame.h"
#include "stack/label.h"
#include "stack/run.h"

#define PERF_MAX_REPORTED 5	/* uninterpretable lines shown one by one */

/* The sample being read: its frames leaf first, as perf prints them,
 * in groups (one per stack line: an inline chain a->b is one group). */
struct perf_sample {
	int live;		/* an event line was accepted */
	char *pname;
	size_t pnamelen, pnamecap;
	count weight;
	char *text;		/* the frames' text, one after another */
	size_t textlen, textcap;
	size_t *fstart, *flen, nframes, fcap;
	size_t *gstart, ngroups, gcap;	/* first frame of each group */
	int skipping;		/* --skip-after matched: callers dropped */
};

/* A warning a helper thread keeps for later: line 0 is the one about
 * several event types. */
struct perf_msg {
	uint64_t line;
	char text[160];		/* what follows "FILE:LINE: " */
};

/* A stack line's parts: its address, its function (maybe "a->b"
 * inlined), its module. */
struct stackparts {
	const char *pc, *func, *mod;
	size_t pclen, funclen, modlen;
};

struct perf_state {
	const struct perf_opts *o;
	struct stackmap *m;	/* the stacks, summed */
	struct stackrun runs, *run;	/* --time-order: the stacks go to run, in order */
	struct perf_sample s;
	char *event;		/* the event kept */
	int defaulted, warned;
	int periods;		/* a sample gave its period (perf script -F period) */
	int omit;		/* --no-header */
	int headed;		/* --time-order: the header is written */
	int anyevent;		/* an event line was read (in this file) */
	int gap;		/* a blank line since the last event line */
	int stray;		/* a stack line outside a sample since then */
	uint64_t bad, samples;
	unsigned __int128 weight2;	/* the samples' periods squared, summed (exact: the
					 * same sum in any order the chunks come) */
	char *stack;
	size_t stackcap;
	char *fbuf;		/* a frame being tidied */
	size_t fbufcap;
	/* the stack line whose frames are being pushed (under --lines,
	 * copied, each frame waiting for the source line that may follow
	 * it) */
	char *line;
	size_t linecap;
	struct stackparts pend;	/* its parts */
	const char *pnext;	/* its next frame; NULL: none is waiting */
	int pfirst;		/* that frame is the line's first */
	int pinl;		/* the line's module is perf's "(inlined)" */
	int expect;		/* --lines: source lines that may follow */
	uint64_t bare;		/* --lines: the number of a stack line with no
				 * module, a frame only if an "(inlined)"
				 * source line follows; 0: none */
	int endafter;		/* a one-frame sample ends after its frame */
	int deferred;		/* a helper thread: warnings kept in msg */
	struct perf_msg msg[PERF_MAX_REPORTED + 1];
	int nmsg;
	struct perf_state *part1;	/* the reader of a file's part 1 */
	const char *name;	/* the last file read, and its lines */
	uint64_t lines;
};


/* Perl's \s, without the locale lookups of isspace() */
static inline int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/*
 * Perl's \w on bytes, [A-Za-z0-9_], and the lower-case hex digits of an
 * offset: one table lookup a byte (the digits and letters of a hex
 * address come in no order a branch of a range test could guess).
 */
enum { W = 1, X = 2 };
static const unsigned char cls[256] = {
	['0'] = W | X, ['1'] = W | X, ['2'] = W | X, ['3'] = W | X,
	['4'] = W | X, ['5'] = W | X, ['6'] = W | X, ['7'] = W | X,
	['8'] = W | X, ['9'] = W | X, ['a'] = W | X, ['b'] = W | X,
	['c'] = W | X, ['d'] = W | X, ['e'] = W | X, ['f'] = W | X, ['g'] = W,
	['h'] = W, ['i'] = W, ['j'] = W, ['k'] = W, ['l'] = W, ['m'] = W,
	['n'] = W, ['o'] = W, ['p'] = W, ['q'] = W, ['r'] = W, ['s'] = W,
	['t'] = W, ['u'] = W, ['v'] = W, ['w'] = W, ['x'] = W, ['y'] = W,
	['z'] = W, ['A'] = W, ['B'] = W, ['C'] = W, ['D'] = W, ['E'] = W,
	['F'] = W, ['G'] = W, ['H'] = W, ['I'] = W, ['J'] = W, ['K'] = W,
	['L'] = W, ['M'] = W, ['N'] = W, ['O'] = W, ['P'] = W, ['Q'] = W,
	['R'] = W, ['S'] = W, ['T'] = W, ['U'] = W, ['V'] = W, ['W'] = W,
	['X'] = W, ['Y'] = W, ['Z'] = W, ['_'] = W
};

static inline int
word(unsigned char c)
{
	return cls[c] & W;
}

static inline int
hexdigit(unsigned char c)
{
	return cls[c] & X;
}

/* The first "ab" in s[0..n): memchr finds a rare byte far faster than
 * memmem finds a pair. */
static const char *
find2(const char *s, size_t n, char a, char b)
{
	const char *p = s, *end = s + n;

	while ((p = memchr(p, a, end - p)) && p + 1 < end) {
		if (p[1] == b)
			return p;
		p++;
	}
	return NULL;
}

/* Does "[cpu] time:" (the cpu optional) follow the blanks at s[k..n)? */
static int
time_follows(const char *s, size_t k, size_t n)
{
	size_t d;

	while (k < n && blank(s[k]))
		k++;
	if (k < n && s[k] == '[') {
		for (k++; k < n && isdec(s[k]); k++)
			;
		if (k >= n || s[k++] != ']')
			return 0;
		while (k < n && blank(s[k]))
			k++;
	}
	for (d = k; k < n && isdec(s[k]); k++)
		;
	if (k == d || k >= n || s[k++] != '.')
		return 0;
	for (d = k; k < n && isdec(s[k]); k++)
		;
	return k > d && k < n && s[k] == ':';
}

/* An event line: "comm pid[/tid] [cpu] time: [period] event:".  The
 * command name may hold spaces; it ends before the first run of
 * digits (and an optional "/digits") between blanks.  0: not one.
 * Without -g, perf script pads the command name to 16 columns: a line
 * that starts with spaces is an event line only if "[cpu] time:"
 * follows the pid (a stack line never reads so); *commlen then counts
 * the blanks. */
static int
event_line(const char *s, size_t n, size_t *commlen, const char **pid, size_t *pidlen,
    const char **tid, size_t *tidlen)
{
	size_t i, j, k, b;

	for (b = 0; b < n && blank(s[b]); b++)
		;
	/* padding is spaces, less than 16 of them; stack lines start with
	 * a tab as perf script writes them */
	if (n < b + 2 || (b && (s[0] != ' ' || b >= 16)))
		return 0;
	/* a comm of one character too, as inferno reads it, where
	 * stackcollapse-perf.pl's regex wants two and takes "w 19587
	 * 4974.461210:" whole for the comm of pid 250000, the period */
	for (i = b + 1; i < n; i++) {
		if (!blank(s[i]))
			continue;
		for (j = i; j < n && blank(s[j]); j++)
			;
		for (k = j; k < n && isdec(s[k]); k++)
			;
		/* the run's other blanks would end the name no better: the
		 * next try is after it (a long run took quadratic time) */
		if (k == j) {
			i = j - 1;
			continue;
		}
		*pid = s + j;
		*pidlen = k - j;
		*tid = NULL;
		*tidlen = 0;
		while (k < n && s[k] == '/')
			k++;
		j = k;
		while (k < n && isdec(s[k]))
			k++;
		if (k > j) {
			*tid = s + j;
			*tidlen = k - j;
		}
		if (k < n && blank(s[k]) && (!b || time_follows(s, k, n))) {
			*commlen = i;
			return 1;
		}
		i = j - 1;
	}
	return 0;
}

/*
 * perf record without -g: the sample's one frame follows the event on
 * its line, "comm pid time: period event: ip sym (dso)", as inferno and
 * stackcollapse-perf.pl read it.  The length of the line up to the ':'
 * that ends the event name (the first ':' after the time's with a blank
 * after it: "cycles:ppp:"), or 0 when no frame (a hex ip) follows it.
 */
static size_t
inline_frame(const char *s, size_t n, size_t from)
{
	const char *c = memchr(s + from, ':', n - from);
	size_t i, j;

	if (!c)
		return 0;
	for (i = c - s + 1; i + 1 < n; i++)
		if (s[i] == ':' && blank(s[i + 1]))
			break;
	if (i + 1 >= n)
		return 0;
	for (j = i + 1; j < n && blank(s[j]); j++)
		;
	return j < n && hexdigit(s[j]) ? i + 1 : 0;
}

/*
 * ":\s*(\d+)*\s+(\S+):\s*$" : the period (maybe none) and the event.
 * 1, 0 when the line has no event name; -1 with *err set when its
 * period cannot be a count: negative, or past 2^64 - 1.
 */
static int
event_name(const char *s, size_t n, const char **ev, size_t *evlen, uint64_t *period,
    const char **err)
{
	size_t end = n, e, d;

	while (end > 0 && blank(s[end - 1]))
		end--;
	if (end == 0 || s[end - 1] != ':')
		return 0;
	end--;
	for (e = end; e > 0 && !blank(s[e - 1]); e--)
		;
	if (e == end || e == 0)
		return 0;
	*ev = s + e;
	*evlen = end - e;
	/* back over the blanks, then an optional number, then ':' */
	for (d = e; d > 0 && blank(s[d - 1]); d--)
		;
	if (d > 0 && isdec(s[d - 1])) {
		size_t k = d, p;
		uint64_t v = 0;
		int over = 0;

		while (k > 0 && isdec(s[k - 1]))
			k--;
		for (p = k; p < d; p++) {
			if (v > (UINT64_MAX - (s[p] - '0')) / 10)
				over = 1;
			v = v * 10 + (s[p] - '0');
		}
		if (k > 0 && s[k - 1] == '-' && k > 1 && (blank(s[k - 2]) || s[k - 2] == ':')) {
			*err = "negative period";
			return -1;
		}
		while (k > 0 && blank(s[k - 1]))
			k--;
		if (k > 0 && s[k - 1] == ':') {
			if (over) {
				*err = "period overflows";
				return -1;
			}
			*period = v;
			return 1;
		}
		/* no ':' before the number: it may be the ':' before the
		 * blanks that ends the time, the number being no period */
	}
	return d > 0 && s[d - 1] == ':';
}

static void
add_frame(struct perf_sample *s, const char *f, size_t n)
{
	/* + 1: text is never NULL, even when every frame is empty */
	s->text = egrowarray(s->text, &s->textcap, s->textlen + n + 1, 1);
	memcpy(s->text + s->textlen, f, n);
	if (s->nframes == s->fcap) {
		s->fcap = growcap(s->fcap, s->nframes + 1);
		s->fstart = ereallocarray(s->fstart, s->fcap, sizeof(*s->fstart));
		s->flen = ereallocarray(s->flen, s->fcap, sizeof(*s->flen));
	}
	s->fstart[s->nframes] = s->textlen;
	s->flen[s->nframes++] = n;
	s->textlen += n;
}

static void
start_group(struct perf_sample *s)
{
	s->gstart = egrowarray(s->gstart, &s->gcap, s->ngroups + 1, sizeof(*s->gstart));
	s->gstart[s->ngroups++] = s->nframes;
}

static int
has(const char *s, size_t n, const char *needle)
{
	return memmem(s, n, needle, strlen(needle)) != NULL;
}

/*
 * Where the arguments start: label_noargs's cut, but for a '(' inside a
 * generic's angle brackets, as inferno keeps it (Rust's
 * "catch_unwind::<&dyn Fn<(), Output = i32>>"): then the first '(' after
 * the brackets close.  Brackets that never close ("operator<<(") leave
 * label_noargs's cut.
 */
static size_t
noargs(const char *f, size_t n)
{
	size_t i, cut = label_noargs(f, n), depth = 0;

	for (i = 0; i < n; i++) {
		if (f[i] == '<')
			depth++;
		else if (f[i] == '>' && depth)
			depth--;
		else if (f[i] == '(' && i >= cut)
			break;
	}
	if (i >= n || !depth)
		return cut;
	for (; i < n; i++) {
		if (f[i] == '<')
			depth++;
		else if (f[i] == '>' && depth)
			depth--;
		else if (f[i] == '(' && !depth)
			return i + label_noargs(f + i, n - i);
	}
	return depth ? cut : n;
}

/*
 * stackcollapse-perf.pl's tidying of a function name into buf: ';'
 * becomes ':', the arguments go (noargs) and quotes go.  buf holds
 * n + 1 bytes.
 */
static size_t
tidy(const char *f, size_t n, char *buf)
{
	size_t i, k, cut = noargs(f, n);

	memmove(buf, f, cut);
	buf[cut] = 0;	/* the caller leaves room; lines hold no NUL */
	if ((i = strcspn(buf, ";\"'")) == cut)
		return cut;
	for (k = i; i < cut; i++) {
		if (buf[i] == '"' || buf[i] == '\'')
			continue;
		buf[k++] = buf[i] == ';' ? ':' : buf[i];
	}
	return k;
}

static int
kernel_module(const char *mod, size_t n)
{
	return ((n > 0 && mod[0] == '[') || (n >= 7 && !memcmp(mod + n - 7, "vmlinux", 7))) &&
	    !has(mod, n, "unknown");
}

/* The digits at p (before end): how many. */
static size_t
digits(const char *p, const char *end)
{
	size_t k;

	for (k = 0; p + k < end && isdec(p[k]); k++)
		;
	return k;
}

/* m:/tmp/perf-\d+\.map: (stackcollapse-perf.pl's), or a module that
 * ends in /jitted-PID-N.so, which perf inject --jit writes from a
 * jitdump (Java, Node, Python's -X perf_jit), as inferno marks it. */
static int
jit_module(const char *mod, size_t n)
{
	const char *p = mod, *end = mod + n;
	size_t k, j;

	while ((p = memmem(p, end - p, "/tmp/perf-", 10))) {
		p += 10;
		k = digits(p, end);
		if (k && end - (p + k) >= 4 && !memcmp(p + k, ".map", 4))
			return 1;
	}
	for (p = mod; (p = memmem(p, end - p, "/jitted-", 8)); ) {
		p += 8;
		k = digits(p, end);
		if (!k || p + k >= end || p[k] != '-')
			continue;
		j = digits(p + k + 1, end);
		if (j && end - (p + k + 1 + j) == 3 && !memcmp(p + k + 1 + j, ".so", 3))
			return 1;
	}
	return 0;
}

static int
skip_after(const struct perf_opts *o, const char *f, size_t n)
{
	int i;

	for (i = 0; i < o->nskip; i++)
		if (strlen(o->skipafter[i]) == n && !memcmp(o->skipafter[i], f, n))
			return 1;
	return 0;
}

/* A warning of a helper thread, kept for the main thread to give. */
static void
defer(struct perf_state *st, uint64_t line, const char *text)
{
	struct perf_msg *m;

	if (st->nmsg == LEN(st->msg))
		return;
	m = &st->msg[st->nmsg++];
	m->line = line;
	snprintf(m->text, sizeof(m->text), "%s", text);
}

/* A warning about line lineno of r, given or (in a helper) kept. */
static void
warn_at(struct perf_state *st, struct lines *r, uint64_t lineno, const char *text)
{
	if (st->deferred)
		defer(st, lineno, text);
	else
		weprintf("%s:%llu: %s", r->name, (unsigned long long)lineno, text);
}

static void
warn_line(struct perf_state *st, struct lines *r, const char *text)
{
	warn_at(st, r, r->lineno, text);
}

/* Line lineno of r, line, cannot be read (why: NULL, or what it is):
 * said, and counted. */
static void
report_why(struct perf_state *st, struct lines *r, uint64_t lineno, const char *line,
    const char *why)
{
	char text[sizeof(st->msg[0].text)];

	if (!st->bad)
		lines_hint(r);	/* a first line of another format's file */
	if (st->bad++ >= PERF_MAX_REPORTED)
		return;
	snprintf(text, sizeof(text), "cannot read this line%s: %.80s", why ? why : "", line);
	warn_at(st, r, lineno, text);
}

static void
report_at(struct perf_state *st, struct lines *r, uint64_t lineno, const char *line)
{
	report_why(st, r, lineno, line, NULL);
}

static void
report(struct perf_state *st, struct lines *r, const char *line)
{
	report_at(st, r, r->lineno, line);
}

/* A stack line outside any sample: before the file's first event line
 * (a file cut at its start) or after a sample's blank line, before the
 * next event line.  Its sample cannot be named, so it is dropped; said
 * once a run of such lines (up to PERF_MAX_REPORTED warnings), each
 * line counted as unreadable, so that --strict stops. */
static void
orphan(struct perf_state *st, struct lines *r)
{
	if (!st->bad)
		lines_hint(r);	/* a first line of another format's file */
	if (!st->stray && st->bad < PERF_MAX_REPORTED)
		warn_line(st, r, !st->anyevent && !st->deferred ?
		    "a stack line before any event line (is the start of the file cut off?):"
		    " its sample is dropped" :
		    "a stack line after a blank line, with no event line of its own:"
		    " its sample is dropped");
	st->stray = 1;
	st->bad++;
}

static void
several_events(struct perf_state *st)
{
	st->warned = 1;
	if (st->deferred)
		defer(st, 0, "");
	else
		weprintf("several event types: keeping only '%s' (see --event-filter)", st->event);
}

/* ^\s*(\w+)\s*(.+) \((.*)\) as Perl matches it: the module runs from
 * the last " (" with a ')' after it to the last ')'; the function is
 * what lies between, taking back a blank (or a character of pc) when
 * nothing else is left for it.  1, or 0 when line[0..n) is no stack
 * line. */
static int
stack_parse(const char *line, size_t n, struct stackparts *sp)
{
	const char *p;
	size_t i, rp, op, k;

	for (i = 0; i < n && blank(line[i]); i++)
		;
	sp->pc = line + i;
	while (i < n && word((unsigned char)line[i]))
		i++;
	sp->pclen = line + i - sp->pc;
	for (rp = n; rp > i && line[rp - 1] != ')'; rp--)
		;
	if (sp->pclen == 0 || rp <= i)
		return 0;
	rp--;
	/* the last '(' in (i, rp] with a blank before it */
	for (op = rp + 1; (p = memrchr(line + i + 1, '(', op - i - 1)); )
		if (line[(op = p - line) - 1] == ' ')
			break;
	if (!p)
		return 0;
	/* op - 1 is the blank of " (" */
	for (k = i; k < n && blank(line[k]); k++)
		;
	if (op - 1 > k) {
		sp->func = line + k;
		sp->funclen = op - 1 - k;
	} else if (op - 1 > i) {
		sp->func = line + op - 2;
		sp->funclen = 1;
	} else if (sp->pclen >= 2) {
		sp->pclen--;
		sp->func = line + i - 1;
		sp->funclen = 1;
	} else {
		return 0;
	}
	sp->mod = line + op + 1;
	sp->modlen = rp - op - 1;
	return 1;
}

/* An "[unknown]" function's frame into buf: "[module]" (its base
 * name), or "[unknown]" for an unknown module (*unknown set), with
 * the address under --addrs; its length. */
static size_t
unknown_frame(const struct perf_opts *o, const struct stackparts *sp, char *buf,
    int *unknown)
{
	const char *m = sp->mod;
	size_t ml = sp->modlen, flen;

	if (!(ml == 9 && !memcmp(m, "[unknown]", 9))) {
		const char *slash = m + ml;

		while (slash > m && slash[-1] != '/')
			slash--;
		ml -= slash - m;
		m = slash;
	} else {
		m = "unknown";
		ml = 7;
		*unknown = 1;
	}
	if (o->addrs)
		flen = sprintf(buf, "[%.*s <%.*s>]", (int)ml, m, (int)sp->pclen, sp->pc);
	else
		flen = sprintf(buf, "[%.*s]", (int)ml, m);
	return tidy(buf, flen, buf);
}

/* The frame buf[0..flen) made a label: a Java class's 'L' dropped,
 * then the place of its source line, " at FILE:LINE" (place[0..plen),
 * none when place is NULL, its ';' made ':'), then _[i] on an inlined
 * frame (all but the chain's first, or one perf marks "(inlined)"),
 * _[k] on a kernel's (--kernel), _[j] on a JIT's (--jit).  buf has
 * room for plen + 8 bytes more; its new length, and in *namelen the
 * function name's. */
static size_t
annotate(struct perf_state *st, const struct stackparts *sp, char *buf, size_t flen,
    int first, const char *place, size_t plen, size_t *namelen)
{
	const struct perf_opts *o = st->o;
	const struct perf_sample *s = &st->s;
	const char *mark = "";
	size_t i;

	if (s->pnamelen >= 4 && !memcmp(s->pname, "java", 4) && flen > 0 && buf[0] == 'L' &&
	    memchr(buf, '/', flen)) {
		memmove(buf, buf + 1, --flen);
	}
	if (!first) {
		if (!has(buf, flen, "_[i]"))
			mark = "_[i]";
	} else if (o->kernel && kernel_module(sp->mod, sp->modlen)) {
		mark = "_[k]";
	} else if (o->jit && jit_module(sp->mod, sp->modlen)) {
		if (!has(buf, flen, "_[j]"))
			mark = "_[j]";
	}
	*namelen = flen;
	if (place) {
		memcpy(buf + flen, " at ", 4);
		for (i = 0; i < plen; i++)
			buf[flen + 4 + i] = place[i] == ';' ? ':' : place[i];
		flen += 4 + plen;
	}
	memcpy(buf + flen, mark, strlen(mark));
	return flen + strlen(mark);
}

/*
 * --lines: a source line as perf script -F+srcline prints it below a
 * frame: blanks, then "FILE:LINE", or, for a frame whose line perf
 * does not know, its module and address ("[kernel.kallsyms][ffff8100]",
 * "libc.so.6[3fbfb]"), "??:0" or ":0"; then " (inlined)" for an inlined
 * frame.  0 when line[0..n) is none; else 1, *inl set, and the place
 * FILE:LINE in *place (NULL when there is none; FILE alone for a line
 * 0, as pprof-fold names it).
 */
static int
source_line(const char *line, size_t n, const char **place, size_t *plen, int *inl)
{
	size_t a, b, k;

	if (n == 0 || !blank(line[0]))
		return 0;
	for (a = 0; a < n && blank(line[a]); a++)
		;
	for (b = n; b > a && blank(line[b - 1]); b--)
		;
	*inl = b - a > 10 && !memcmp(line + b - 10, " (inlined)", 10);
	if (*inl)
		b -= 10;
	*place = NULL;
	if (b > a && line[b - 1] == ']') {	/* MODULE[ADDRESS] */
		for (k = b - 1; k > a && hexdigit(line[k - 1]); k--)
			;
		return k + 1 < b && k > a + 1 && line[k - 1] == '[';
	}
	for (k = b; k > a && isdec(line[k - 1]); k--)
		;
	if (k == b || k < a + 1 || line[k - 1] != ':')
		return 0;
	if (k - 1 == a || (k - 1 - a == 2 && !memcmp(line + a, "??", 2)))
		return 1;	/* ":0", "??:0": no file */
	*place = line + a;
	*plen = b - k == 1 && line[k] == '0' ? k - 1 - a : b - a;
	return 1;
}

/* The frame buf[0..flen) added to the sample, unless --skip-after
 * dropped the callers; then the callers of a --skip-after frame (its
 * function name buf[0..namelen)) are skipped. */
static void
push_frame(struct perf_state *st, char *buf, size_t flen, size_t namelen)
{
	const struct perf_opts *o = st->o;
	struct perf_sample *s = &st->s;
	/* --skip-after names the frame as tidied, before its guard */
	int skip = o->nskip && skip_after(o, buf, namelen);

	if (!s->skipping) {
		/* "worker 12" is no count, "[unknown] " ends in no blank */
		flen = frame_guard(buf, flen);	/* tidy left no ';' */
		add_frame(s, buf, flen);
	}
	if (skip)
		s->skipping = 1;
}

/* The next frame of the stack line being read (st->pend, st->pnext),
 * with the place of its source line (place NULL: none; inl: perf marks
 * it inlined), pushed to the sample. */
static void
pend_frame(struct perf_state *st, const char *place, size_t plen, int inl)
{
	const struct perf_opts *o = st->o;
	const struct stackparts *sp = &st->pend;
	const char *p = st->pnext, *end = sp->func + sp->funclen, *arrow;
	size_t flen, namelen;
	int unknown = 0;

	if (!place)
		plen = 0;
	if (!(arrow = find2(p, end - p, '-', '>')))
		arrow = end;
	/* the state's, so that it is not lost to an error */
	st->fbuf = egrowarray(st->fbuf, &st->fbufcap,
	    (arrow - p) + sp->modlen + sp->pclen + plen + 64, 1);
	flen = arrow - p;
	if (flen == 9 && !memcmp(p, "[unknown]", 9))
		flen = unknown_frame(o, sp, st->fbuf, &unknown);
	else
		flen = tidy(p, flen, st->fbuf);
	flen = annotate(st, sp, st->fbuf, flen, st->pfirst && !inl && !st->pinl, place,
	    plen, &namelen);
	push_frame(st, st->fbuf, flen, namelen);
	st->pfirst = 0;
	st->pnext = arrow == end ? NULL : arrow + 2;
}

/* --lines: "  pc name" with no module, as perf prints an inlined frame
 * whose source line follows (marked "(inlined)" there): its parts. */
static int
bare_parse(const char *line, size_t n, struct stackparts *sp)
{
	size_t i;

	for (i = 0; i < n && blank(line[i]); i++)
		;
	if (i == 0)
		return 0;
	sp->pc = line + i;
	while (i < n && word((unsigned char)line[i]))
		i++;
	sp->pclen = line + i - sp->pc;
	if (!sp->pclen || i == n || !blank(line[i]))
		return 0;
	while (i < n && blank(line[i]))
		i++;
	while (n > i && blank(line[n - 1]))
		n--;
	sp->func = line + i;
	sp->funclen = n - i;
	sp->mod = line + n;
	sp->modlen = 0;
	return sp->funclen > 0;
}

/* A stack line: "  pc func+0xoff (module)", maybe "a->b" inlined.  Its
 * frames are pushed, or under --lines each when its source line is
 * read (or is found not to follow: settle). */
static void
stack_line(struct perf_state *st, struct lines *r, char *line, size_t n)
{
	const struct perf_opts *o = st->o;
	struct stackparts sp;
	const char *p;
	size_t k;
	int bare = 0;

	if (!stack_parse(line, n, &sp) && !(bare = o->srcline && bare_parse(line, n, &sp))) {
		report(st, r, line);
		return;
	}
	/* the source lines that may follow: one a frame of the chain */
	for (st->expect = 1, p = sp.func; (p = find2(p, sp.func + sp.funclen - p, '-', '>')); p += 2)
		st->expect++;
	if (!st->anyevent || st->gap) {
		orphan(st, r);
		return;
	}
	if (!st->s.live)
		return;	/* a sample of a filtered event */
	/* strip "+0x1a2b" */
	for (k = sp.funclen; k > 0 && hexdigit(sp.func[k - 1]); k--)
		;
	if (k < sp.funclen && k >= 3 && !memcmp(sp.func + k - 3, "+0x", 3))
		sp.funclen = k - 3;
	if (sp.funclen > 0 && sp.func[0] == '(')
		return;	/* a process name, not a frame */
	if (o->srcline) {
		/* the lines read for its frames' sources may move or
		 * overwrite the line buffer (a refill from a pipe): a copy */
		st->line = egrowarray(st->line, &st->linecap, n + 1, 1);
		memcpy(st->line, line, n + 1);
		sp.pc = st->line + (sp.pc - line);
		sp.func = st->line + (sp.func - line);
		sp.mod = st->line + (sp.mod - line);
	}
	st->pend = sp;
	st->pnext = sp.func;
	st->pfirst = 1;
	st->pinl = o->srcline && sp.modlen == 7 && !memcmp(sp.mod, "inlined", 7);
	start_group(&st->s);
	if (bare)
		st->bare = r->lineno;
	else if (!o->srcline)
		while (st->pnext)
			pend_frame(st, NULL, 0, 0);
}

static void end_sample(struct perf_state *st, struct lines *r);

/* --lines: the frames still waiting for a source line pushed without
 * one (a module-less line that no "(inlined)" source line followed is
 * unreadable), and a one-frame sample ended. */
static void
settle(struct perf_state *st, struct lines *r)
{
	if (st->bare) {
		report_at(st, r, st->bare, st->line);
		st->bare = 0;
		st->pnext = NULL;
	}
	while (st->pnext)
		pend_frame(st, NULL, 0, 0);
	st->expect = 0;
	if (st->endafter) {
		st->endafter = 0;
		end_sample(st, r);
	}
}

/* Without --lines, line[0..n) after a stack line, shaped as a source
 * line of perf script -F+srcline: unreadable, saying so (1), not read
 * as a frame ("  prog.c:9 (inlined)" has a module's parentheses); 0
 * when it is none. */
static int
perf_nosource(struct perf_state *st, struct lines *r, const char *line, size_t n)
{
	const char *place;
	size_t plen = 0;
	int inl;

	if (!source_line(line, n, &place, &plen, &inl))
		return 0;
	report_why(st, r, r->lineno, line, " (a source line: --lines reads them)");
	return 1;
}

/* --lines: line[0..n) read as the source line of the frame before it;
 * 0 when it is none. */
static int
perf_source(struct perf_state *st, struct lines *r, const char *line, size_t n)
{
	const char *place;
	size_t plen = 0;
	int inl;

	if (!source_line(line, n, &place, &plen, &inl))
		return 0;
	if (!st->expect) {	/* a frame's second, or no frame's */
		report(st, r, line);
		return 1;
	}
	st->expect--;
	if (st->bare && !inl) {	/* the module-less line was no frame */
		settle(st, r);
		return 1;
	}
	st->bare = 0;
	if (st->pnext)
		pend_frame(st, place, plen, inl);
	if (!st->pnext)
		settle(st, r);
	return 1;
}

static void perf_header(struct perf_state *st);

/* The blank line after a sample: its stack, root first, is counted. */
static void
end_sample(struct perf_state *st, struct lines *r)
{
	struct perf_sample *s = &st->s;
	size_t len = 0, need, g, f, last;

	st->endafter = 0;
	settle(st, r);
	if (!s->live)
		return;
	need = s->pnamelen + s->textlen + s->nframes + 2;
	st->stack = egrowarray(st->stack, &st->stackcap, need, 1);
	if (st->o->process) {
		memcpy(st->stack, s->pname, s->pnamelen);
		len = s->pnamelen;
	}
	/* groups from the last read (the root) to the first (the leaf);
	 * the frames of one group stay in their order */
	for (g = s->ngroups; g-- > 0;) {
		last = g + 1 < s->ngroups ? s->gstart[g + 1] : s->nframes;
		for (f = s->gstart[g]; f < last; f++) {
			if (len)
				st->stack[len++] = ';';
			memcpy(st->stack + len, s->text + s->fstart[f], s->flen[f]);
			len += s->flen[f];
		}
	}
	if (len && st->run && !st->headed)
		perf_header(st);
	if (len && !(st->run ? stackrun_add(st->run, st->stack, len, s->weight) :
	    stackmap_add(st->m, st->stack, len, &s->weight, 1)))
		lines_error(r, "sum of counts overflows");
	st->samples++;
	st->weight2 += (unsigned __int128)s->weight.u * s->weight.u;
	s->live = 0;
	s->skipping = 0;
	s->textlen = s->nframes = s->ngroups = 0;
}

static void
event(struct perf_state *st, struct lines *r, char *line, size_t n, size_t commlen,
    const char *pid, size_t pidlen, const char *tid, size_t tidlen)
{
	const struct perf_opts *o = st->o;
	struct perf_sample *s = &st->s;
	const char *ev;
	size_t evlen, i;
	uint64_t period = 0;
	const char *err = NULL;
	int named;
	size_t b, frame = 0, from = (tid ? tid + tidlen : pid + pidlen) - line;

	s->live = 0;
	st->anyevent = 1;
	st->gap = st->stray = 0;
	if (!(named = event_name(line, n, &ev, &evlen, &period, &err)) &&
	    (frame = inline_frame(line, n, from)))
		named = event_name(line, frame, &ev, &evlen, &period, &err);
	if (named < 0)
		lines_error(r, "%s", err);
	if (named) {
		if (!st->event) {
			st->event = memcpy(ecalloc(1, evlen + 1), ev, evlen);
			st->defaulted = 1;
		} else if (strlen(st->event) != evlen || memcmp(st->event, ev, evlen)) {
			if (st->defaulted && !st->warned)
				several_events(st);
			return;
		}
	}
	if (period && o->period)
		st->periods = 1;
	if (!period || !o->period)
		period = 1;
	s->weight = count_from_u64(period);
	s->pnamelen = 0;
	s->pname = egrowarray(s->pname, &s->pnamecap, commlen + pidlen + tidlen + 8, 1);
	for (b = 0; b < commlen && blank(line[b]); b++)
		;	/* the padding of a command name without -g */
	memcpy(s->pname, line + b, commlen - b);
	s->pnamelen = commlen - b;
	if (o->tid || o->pid) {
		/* "comm pid" alone is the TID; the PID is then unknown */
		const char *p = tid ? pid : "?", *t = tid ? tid : pid;
		size_t pl = tid ? pidlen : 1, tl = tid ? tidlen : pidlen;

		s->pname[s->pnamelen++] = '-';
		memcpy(s->pname + s->pnamelen, p, pl);
		s->pnamelen += pl;
		if (o->tid) {
			s->pname[s->pnamelen++] = '/';
			memcpy(s->pname + s->pnamelen, t, tl);
			s->pnamelen += tl;
		}
	}
	for (i = 0; i < s->pnamelen; i++)
		if (s->pname[i] == ' ')
			s->pname[i] = '_';
	s->pnamelen = stack_guard(s->pname, s->pnamelen);
	s->live = 1;
	s->textlen = s->nframes = s->ngroups = 0;
	s->skipping = 0;
	if (frame) {	/* a sample of one frame, on its event's line */
		stack_line(st, r, line + frame, n - frame);
		if (st->pnext)
			st->endafter = 1;	/* after its source line */
		else
			end_sample(st, r);
	}
}

/*
 * One of perf's own comments ("# ========", "# captured on: ...", the
 * header perf script --header prints): a line that begins with '#' but
 * is no event line with a time ("comm pid [cpu] 123.456:"), which is
 * what a process whose name begins with '#' (any process may name
 * itself so) writes.
 */
static int
perf_comment(const char *s, size_t n)
{
	const char *pid, *tid;
	size_t commlen, pidlen, tidlen, i, j;

	if (n == 0 || s[0] != '#')
		return 0;
	if (!event_line(s, n, &commlen, &pid, &pidlen, &tid, &tidlen))
		return 1;
	i = (tid ? tid + tidlen : pid + pidlen) - s;
	while (i < n && blank(s[i]))
		i++;
	if (i < n && s[i] == '[') {	/* the CPU */
		while (i < n && s[i] != ']')
			i++;
		for (i++; i < n && blank(s[i]); i++)
			;
	}
	for (j = i; i < n && isdec(s[i]); i++)
		;
	if (i == j || i >= n || s[i] != '.')
		return 1;
	for (j = ++i; i < n && isdec(s[i]); i++)
		;
	return !(i > j && i < n && s[i] == ':');
}

static void
perf_line(struct perf_state *st, struct lines *r, char *line, size_t n)
{
	char *pid, *tid;
	size_t commlen, pidlen, tidlen;

	if (st->o->srcline && perf_source(st, r, line, n))
		return;
	if (!st->o->srcline && st->expect && perf_nosource(st, r, line, n))
		return;
	if (st->pnext || st->bare || st->expect)
		settle(st, r);
	if (perf_comment(line, n))
		return;
	if (n == 0) {
		end_sample(st, r);
		st->gap = 1;
		st->stray = 0;
		return;
	}
	if (event_line(line, n, &commlen, (const char **)&pid, &pidlen,
	    (const char **)&tid, &tidlen))
		event(st, r, line, n, commlen, pid, pidlen, tid, tidlen);
	else
		stack_line(st, r, line, n);
}

struct perf_state *
perf_new(const struct perf_opts *o)
{
	struct perf_state *st = ecalloc(1, sizeof(*st));

	st->o = o;
	return st;
}

void
perf_start(struct folder *f, void *arg)
{
	struct perf_state *st = arg;

	st->omit = f->h.omit;
	if (st->o->event)
		st->event = estrdup(st->o->event);
	if (st->o->timeorder)
		st->run = &st->runs;
}

void
perf_fold(void *arg, struct lines *r, struct stackmap *m)
{
	struct perf_state *st = arg;
	char *line;
	size_t n;

	st->m = m;
	r->format = "perf";	/* its first bad line names another format */
	while (lines_next(r, &line, &n)) {
		/* another format's file, which its first bytes tell (many a
		 * line of a text dump passes for an event line) */
		if (r->lineno == 1 && !st->deferred)
			dump_first(r);
		perf_line(st, r, line, n);
	}
	end_sample(st, r);	/* a last sample without a blank line after it */
	st->anyevent = st->stray = 0;	/* the next file starts anew */
	st->name = r->name;
	st->lines = r->lineno;
}

int
perf_cut(void *st, const char *path, struct splitfile *sf)
{
	return !((struct perf_state *)st)->o->timeorder && split_point(path, "\n\n", 2, sf);
}

void
perf_ahead(void *arg, struct lines *r0, void *arg1)
{
	struct perf_state *st = arg, *h = arg1;
	char *line;
	size_t n;

	while (!st->event && lines_next(r0, &line, &n))
		perf_line(st, r0, line, n);
	h->deferred = 1;
	if (st->event) {
		free(h->event);
		h->event = estrdup(st->event);
		h->defaulted = st->defaulted;
		h->warned = st->warned;
	}
	st->part1 = h;
}

/* Give the warnings a helper thread kept (its lines are linebase on in
 * file name), as if st had read its part, and take over its tallies. */
static void
undefer(struct perf_state *st, const struct perf_state *from, const char *name,
    uint64_t linebase)
{
	const struct perf_msg *m;
	int i, shown = 0;

	for (i = 0; i < from->nmsg; i++) {
		m = &from->msg[i];
		if (!m->line) {
			if (!st->warned)
				several_events(st);
			continue;
		}
		shown++;
		if (st->bad++ < PERF_MAX_REPORTED)
			weprintf("%s:%llu: %s", name,
			    (unsigned long long)(m->line + linebase), m->text);
	}
	st->bad += from->bad - shown;
	st->samples += from->samples;
	st->weight2 += from->weight2;
	st->periods |= from->periods;
}

/* The event's name without perf's modifiers ("cycles:u", "cpu-clock:ppp"). */
static int
event_is(const char *ev, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(ev, name, n) && (!ev[n] || ev[n] == ':');
}

/* What the counts measure, into h */
static void
header_facts(const struct perf_state *st, struct fheader *h)
{
	char n[32], w2[48], *name;
	unsigned __int128 x;
	size_t i;

	if (!st->periods || !st->event) {
		fh_set(h, FH_COUNTNAME, "samples");
	} else {
		/* what is counted, without perf's modifiers ("cpu-clock:ppp") */
		name = estrdup(st->event);
		name[strcspn(name, ":")] = '\0';
		if (event_is(name, "cpu-clock") || event_is(name, "task-clock"))
			fh_set(h, FH_UNIT, "nanoseconds");
		fh_set(h, FH_COUNTNAME, name);
		free(name);
	}
	/* weights: how many samples they are (fg-gate) */
	if (!st->run && st->periods && st->event && st->samples) {
		snprintf(n, sizeof(n), "%llu", (unsigned long long)st->samples);
		fh_set(h, FH_SAMPLES, n);
		/* and their periods squared, in decimal (fg-gate's Kish number) */
		i = sizeof(w2) - 1;
		w2[i] = 0;
		for (x = st->weight2; i == sizeof(w2) - 1 || x; x /= 10)
			w2[--i] = (char)('0' + (int)(x % 10));
		fh_set(h, FH_WEIGHT2, w2 + i);
	}
}

/* --time-order: the header, written once before the first stack. */
static void
perf_header(struct perf_state *st)
{
	struct fheader h;

	st->headed = 1;
	fh_init(&h);
	h.omit = st->omit;
	header_facts(st, &h);
	fh_set(&h, FH_ORDER, "time");
	fh_print(&h);
	fh_free(&h);
}

void
perf_done(struct folder *f, void *arg)
{
	struct perf_state *st = arg, *h = st->part1;
	int any;

	if (h)
		undefer(st, h, st->name, st->lines);
	if (st->bad > PERF_MAX_REPORTED)
		weprintf("%llu lines in all could not be read", (unsigned long long)st->bad);
	if (st->bad && st->o->strict)
		eprintf("stopping: --strict and %llu unreadable lines", (unsigned long long)st->bad);
	any = st->m->n || (h && h->m && h->m->n) || st->runs.lines;
	/* empty input is no error (fg(7)); lines that are not perf's are */
	if (!any && st->bad)
		eprintf("no samples found: is this 'perf script' output?");
	if (any && !st->run)
		header_facts(st, &f->h);
	stackrun_flush(&st->runs);
}

void
perf_free(void *arg)
{
	struct perf_state *st = arg;

	free(st->s.pname);
	free(st->s.text);
	free(st->s.fstart);
	free(st->s.flen);
	free(st->s.gstart);
	free(st->stack);
	free(st->fbuf);
	free(st->line);
	free(st->event);
	stackrun_free(&st->runs);
	free(st);
}
