/* regex.h: POSIX extended regular expressions in linear time
 *
 * The dialect is the C library's ERE in the C locale (regcomp with
 * REG_EXTENDED), GNU operators included: \w \W \s \S \b \B \< \> \`
 * \' as glibc reads them.  Back-references (\1 ... \9) are refused:
 * no matcher runs them in linear time; so are the other escaped letters
 * (glibc reads "\d" as "d", where Perl and JavaScript read a digit).
 * A match is searched for anywhere in the text and only found or not
 * (no positions), in time linear in the text whatever the pattern: a
 * lazy DFA built from a Thompson NFA, its states cached up to a bound
 * and flushed beyond, or the NFA itself where the DFA's states would
 * not pay (regex.c).  With a program of P <= RX_MAXINST instructions
 * and at most RX_MAXREP copies of an atom, a byte costs one DFA step or
 * one NFA step, each at most P instructions visited, and a text first
 * a few memchr, a memmem and a comparison of its length.
 */
#ifndef FG_REGEX_H
#define FG_REGEX_H

#include <stddef.h>
#include <stdint.h>

enum {
	RX_ICASE = 1,		/* as REG_ICASE */
	RX_NEWLINE = 2,		/* as REG_NEWLINE */
};

struct rx;

/*
 * The one bound on a pattern's cost: its program's instructions (one a
 * byte set or assertion, one or two for each '|', '*', '+', '?' and
 * optional copy; {M,N} makes N copies of what it repeats).  A search
 * costs at most a few NFA steps a byte, each proportional to the
 * program, so this bounds the time a byte takes.
 */
#define RX_MAXINST 65536
#define RX_TOOBIG "too big: over 65536 instructions, each {M,N} counting N copies of what it repeats"
/*
 * And RE2's bound on repetition: at most RX_MAXREP copies of any atom,
 * {M,N} making N (M of {M,}), bounds nested inside each other
 * multiplied ("x{1001}" and "(x{100}){11}" are refused; '*', '+' and
 * '?' count one).
 */
#define RX_MAXREP 1000
#define RX_TOOMANY "too big: over 1000 copies, each {M,N} making N, nested ones multiplied"

/*
 * Compile pat.  NULL on a bad pattern, with *err saying what is wrong;
 * a pattern whose program would pass RX_MAXINST instructions is refused
 * the same way, *err then RX_TOOBIG.
 */
struct rx *rx_compile(const char *pat, int flags, const char **err);
/* Does rx match somewhere in s[0..n)?  s need not be NUL-terminated. */
int rx_search(struct rx *rx, const char *s, size_t n);
void rx_free(struct rx *rx);

#endif
