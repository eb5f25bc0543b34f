/* formats/jstack/read.c: Java thread dumps to folded stacks (see read.h) */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "formats/jstack/read.h"
#include "stack/label.h"

struct jstack {
	const struct jstack_opts *o;
	struct dump d;
	struct bytes tmp;	/* a frame or a name made short */
	struct labelbuf lb;	/* --lines: a frame with its line */
	int state;		/* JS_ of the thread being read */
	int smr;		/* in the list of "Threads class SMR info:" */
	struct dumpodd odd;	/* lines not understood */
	uint64_t cut, cutline;	/* stacks cut short: how many, the first's line */
	uint64_t stated;	/* "java.lang.Thread.State:" lines read (in this file) */
};

/* a thread's state, as stackcollapse-jstack.pl sees it */
enum {
	JS_UNKNOWN,	/* no "java.lang.Thread.State:" line yet */
	JS_RUNNABLE,
	JS_OTHER,	/* another state: BLOCKED, WAITING... */
	JS_IDLE		/* the JVM's own thread, or one waiting on epoll or the network */
};

/* The lines of a dump that say nothing of a stack, skipped: newer
 * JDKs' and jcmd's besides those stackcollapse-jstack.pl knows. */
static const char *const extras[] = {
	"Full thread dump", "JNI global references:", "JNI global refs:", "Threads class SMR info:",
	"_java_thread_list=", "No compile task", "Compiling:", "Locked ownable synchronizers:",
};

static int
has(const char *s, size_t n, const char *what)
{
	return memmem(s, n, what, strlen(what)) != NULL;
}

/* s[0..n) without its blanks at the start */
static const char *
lead(const char *s, size_t *n)
{
	while (*n && (*s == ' ' || *s == '\t')) {
		s++;
		(*n)--;
	}
	return s;
}

/* The JVM's threads that never run Java code worth a frame. */
static int
background(const char *s, size_t n)
{
	const char *p;

	/* "C. CompilerThread": C1 and C2 */
	for (p = s; (p = memmem(p, n - (size_t)(p - s), "CompilerThread", 14)); p++)
		if (p - s >= 3 && p[-3] == 'C' && p[-1] == ' ')
			return 1;
	return has(s, n, "Signal Dispatcher") || has(s, n, "Service Thread") ||
	    has(s, n, "Attach Listener");
}

/* A frame that waits on epoll or the network although its thread is
 * RUNNABLE. */
static int
idle(const char *f, size_t n)
{
	const char *sock = memmem(f, n, "Socket", 6);

	return has(f, n, "epollWait") || has(f, n, "EPoll.wait") ||
	    has_suffix(f, n, "socketAccept") || has_suffix(f, n, "socketRead0") ||
	    (sock && has_suffix(sock, n - (size_t)(sock - f), "accept0") && n - (size_t)(sock - f) > 13);
}

/* The block of the thread read ends: its stack counts 1 when the
 * thread runs (or --all-states), if a blank line ended it (whole);
 * else it was cut short, and is left out. */
static void
endthread(struct jstack *st, int whole)
{
	int keep = st->state == JS_RUNNABLE || (st->o->states && st->state);

	if (dump_open(&st->d) && keep && whole)
		dump_end(&st->d, count_from_u64(1));
	else if (dump_open(&st->d) && keep && !st->cut++)
		st->cutline = st->d.line;
	dump_drop(&st->d);
	st->state = JS_UNKNOWN;
}

/* A thread's first line, "\"name\" #12 daemon prio=5 ... runnable". */
static void
thread(struct jstack *st, const char *s, size_t n)
{
	const char *q = memchr(s + 1, '"', n - 1);
	size_t k = q ? (size_t)(q - s - 1) : n - 1, t = k;

	endthread(st, 0);
	if (background(s + 1, k))
		st->state = JS_IDLE;
	if (!st->o->tname)
		return;
	/* the number that tells a pool's threads apart: "pool-1-thread-3" */
	while (!st->o->tid && t && isdec(s[t]))
		t--;
	if (!st->o->tid && t < k && t && s[t] == '-')
		k = t - 1;
	dump_root(&st->d, s + 1, k);
}

/* pkg.sub.Class.method as p.s.Class.method: the initial of each
 * package's name (its word characters' first) */
static const char *
shorten(struct jstack *st, const char *f, size_t *n)
{
	const char *cls = NULL, *p;
	size_t i, dots = 0;
	int word = 0;

	for (p = f + *n; p > f; p--)
		if (p[-1] == '.' && ++dots == 2) {
			cls = p;
			break;
		}
	if (!cls)
		return f;
	st->tmp.n = 0;
	for (i = 0; i < (size_t)(cls - f); i++) {
		int w = f[i] == '_' || (f[i] >= '0' && f[i] <= '9') || ((f[i] | 32) >= 'a' && (f[i] | 32) <= 'z');

		if (!w || !word)
			bytes_put(&st->tmp, f + i, 1);
		word = w;
	}
	bytes_put(&st->tmp, cls, *n - (size_t)(cls - f));
	*n = st->tmp.n;
	return (const char *)st->tmp.p;
}

/* --lines: the source of a frame, s[0..n) between its parentheses,
 * after a module's "java.base@17/" or a class loader's "app/": "FILE:LINE"
 * (1, the file in *file and *flen, its line in *line), "FILE" (line 0),
 * or none ("Native Method", "Unknown Source": 0). */
static int
source(const char *s, size_t n, const char **file, size_t *flen, int64_t *line)
{
	const char *slash = memrchr(s, '/', n), *colon;
	size_t k;

	if (slash) {
		n -= (size_t)(slash + 1 - s);
		s = slash + 1;
	}
	*line = 0;
	if ((colon = memrchr(s, ':', n)) && colon > s && (k = n - (size_t)(colon + 1 - s)) &&
	    k < 10 && isdigits(colon + 1, k, 0)) {
		for (n = 0; n < k; n++)
			*line = *line * 10 + (colon[1 + n] - '0');
		n = (size_t)(colon - s);
	} else if (memchr(s, ' ', n) || !memchr(s, '.', n)) {
		return 0;
	}
	*file = s;
	*flen = n;
	return n > 0;
}

/* A frame line after its "at ": the method, up to its '(', and with
 * --lines its file and line from between the parentheses. */
static void
frame(struct jstack *st, const char *s, size_t n)
{
	const char *open = memchr(s, '(', n), *close = NULL, *file;
	size_t flen;
	int64_t line;

	if (open) {
		close = memrchr(open, ')', n - (size_t)(open - s));
		n = (size_t)(open - s);
	}
	if (st->o->shorten)
		s = shorten(st, s, &n);
	if (idle(s, n))
		st->state = JS_IDLE;
	if (st->o->lines && close &&
	    source(open + 1, (size_t)(close - open - 1), &file, &flen, &line)) {
		label_make(&st->lb, s, n, file, flen, line, 1, NULL);
		dump_caller(&st->d, st->lb.s, st->lb.len, NULL);
		return;
	}
	dump_caller(&st->d, s, n, NULL);
}

/* A line to skip: known, or not understood (kept for the warning). */
static void
other(struct jstack *st, struct lines *r, const char *s, size_t n)
{
	const char *t = s;
	size_t i, k = n;

	t = lead(s, &k);
	if (st->smr && (has_prefix(t, k, "0x") || has_prefix(t, k, "}"))) {
		st->smr = !has_prefix(t, k, "}");
		return;
	}
	for (i = 0; i < LEN(extras); i++)
		if (has_prefix(t, k, extras[i])) {
			endthread(st, 0);	/* a new dump: what is open was cut */
			st->smr = !strcmp(extras[i], "_java_thread_list=");
			return;
		}
	/* jcmd's first line, "PID:"; a date, "2024-01-31 12:00:00" */
	for (i = 0; i < k && isdec(t[i]); i++)
		;
	if ((i && i + 1 == k && t[i] == ':') || (i == 4 && t[0] == '2' && k > 4 && t[4] == '-')) {
		endthread(st, 0);
		return;
	}
	dump_odd(&st->odd, r, s, n);
}

/* One line of a dump. */
static void
line(struct jstack *st, struct lines *r, const char *s, size_t n)
{
	const char *t, *state;
	size_t k = n;

	if (*s == '#')
		return;
	t = lead(s, &k);
	if (!k) {
		endthread(st, 1);
	} else if (*s == '"') {
		thread(st, s, n);
	} else if ((state = memmem(s, n, "java.lang.Thread.State: ", 24))) {
		st->stated++;
		if (st->state == JS_UNKNOWN)
			st->state = has_prefix(state + 24, n - (size_t)(state + 24 - s), "RUNNABLE") &&
			    (n == (size_t)(state + 32 - s) || state[32] == ' ' || state[32] == '\t') ?
			    JS_RUNNABLE : JS_OTHER;
	} else if (has_prefix(t, k, "at ")) {
		frame(st, t + 3, k - 3);
	} else if (*t != '-') {
		other(st, r, s, n);
	}
}

void
jstack_fold(void *arg, struct lines *r, struct stackmap *m)
{
	struct jstack *st = arg;
	char *s;
	size_t n;

	if (!st->d.m)
		dump_init(&st->d, m, r);
	st->d.r = r;
	r->format = "jstack";
	memset(&st->odd, 0, sizeof(st->odd));
	st->cut = st->stated = 0;
	st->smr = 0;
	while (lines_next(r, &s, &n)) {
		if (r->lineno == 1)
			dump_first(r);
		line(st, r, s, n);
	}
	endthread(st, 0);
	if (st->cut && st->stated)
		weprintf("%s: %llu thread stacks cut short (no blank line after them), left out "
		    "(the first at line %llu)", r->name, (unsigned long long)st->cut,
		    (unsigned long long)st->cutline);
	dump_oddend(&st->odd, r, st->stated > 0,
	    "no thread's state found: not a Java thread dump?");
}

void
jstack_free(void *arg)
{
	struct jstack *st = arg;

	dump_free(&st->d);
	bytes_free(&st->tmp);
	label_free(&st->lb);
	free(st);
}

struct jstack *
jstack_new(const struct jstack_opts *o)
{
	struct jstack *st = ecalloc(1, sizeof(*st));

	st->o = o;
	return st;
}
