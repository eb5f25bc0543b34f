/* formats.h: what a file's first bytes look like, and which program reads it
 *
 * fg-fold chooses its folder by them; the readers of folded stacks,
 * failing on a first line that is not folded, say what the file looks
 * like instead of "count missing" or "NUL byte in input".
 */
#ifndef FG_SNIFF_H
#define FG_SNIFF_H

#include <stddef.h>
#include <stdint.h>

enum {
	SNIFF_FOLDED,		/* text, maybe folded stacks */
	SNIFF_PERF,		/* perf script output */
	SNIFF_JLPROF,
	SNIFF_PPROF,		/* a raw profile.proto */
	SNIFF_GZIP,		/* compressed: look at what it holds */
	SNIFF_CPUPROFILE,	/* a .cpuprofile or a trace */
	SNIFF_SPEEDSCOPE,
	SNIFF_UNKNOWN,		/* named, but no fg program reads it */
	SNIFF_BINARY		/* bytes of no format known */
};

struct sniff {
	int kind;
	const char *what;	/* "a V8 CPU profile (.cpuprofile)", ... */
	const char *prog;	/* the program that reads it, or NULL */
};

/* What p[0..n), a file's first bytes (all of them when it is short),
 * looks like. */
void sniff(const char *p, size_t n, struct sniff *s);
/* What the file open on fd looks like, from its first bytes (pread from
 * offset off, fd left where it was): a gzip-compressed file by what it
 * holds, *gzip then set.  name is for messages. */
void sniff_fd(int fd, const char *name, uint64_t off, struct sniff *s, int *gzip);

/*
 * For a reader of folded stacks whose first line is bad: when p[0..n),
 * the file's first bytes, look like another format, a message that
 * says so and names the program to read it with (a static string),
 * else NULL; NULL too when that program is the one running (argv0).
 * The NUL bytes before offset nul are a line reader's (it ends a line
 * with one, a parser may cut it up with more): they are read as line
 * ends.
 */
const char *sniff_hint(const char *p, size_t n, size_t nul);

#endif
