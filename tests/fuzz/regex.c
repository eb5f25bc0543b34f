/*
 * Differential fuzzing harness for the regex matcher (lib/base/regex.c)
 * against the C library's regcomp and regexec.  The input is a flags
 * byte (RX_ICASE, RX_NEWLINE), the pattern up to the first NUL, and the
 * text after it.  Both must accept or refuse the pattern alike (back
 * references aside, which rx refuses on purpose) and, when it is
 * accepted, find a match in the text or not alike.  Patterns whose
 * {M,N} bounds would take the C library long to compile are left out.
 */
#include <ctype.h>
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/regex.h"
#include "stack/pattern.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Does the pattern hold an escaped letter that is no GNU operator? */
static int
escaped_letter(const char *p)
{
	for (; *p; p++)
		if (p[0] == '\\' && p[1] && isalpha((unsigned char)p[1]) && !strchr("wWsSbB", p[1]))
			return 1;
	return 0;
}

/* Does the pattern stack repetition operators ("c++++", "a*+?")?  glibc
 * compiles a run of them in time and memory exponential in its length
 * (26 '+' took 24 GB and a minute), so the comparison skips them; fg's
 * own matcher compiles them at once (tests/regex.bats). */
static int
stacked_ops(const char *p)
{
	for (; *p; p++)
		if (strchr("*+?}", p[0]) && p[1] && strchr("*+?{", p[1]))
			return 1;
	return 0;
}

/* Does the pattern hold a back-reference, \1 to \9 outside brackets?
 * Any "\" then digit is taken for one: enough to skip those inputs. */
static int
backref(const char *p)
{
	for (; *p; p++)
		if (p[0] == '\\' && p[1] >= '1' && p[1] <= '9')
			return 1;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul;
	char *pat, *text;
	size_t n;
	const char *err;
	struct rx *rx;
	regex_t re;
	regmatch_t m;
	int flags, cflags, ok, want, got;

	if (size < 1 || !(nul = memchr(data + 1, 0, size - 1)))
		return 0;
	flags = data[0] & (RX_ICASE | RX_NEWLINE);
	pat = strndup((const char *)data + 1, nul - data - 1);
	if (!pat || strlen(pat) > 256 || pat_regex_cost(pat) > 100000 ||
	    (flags & RX_ICASE && escaped_letter(pat)) || stacked_ops(pat) ||
	    (!(flags & RX_NEWLINE) && memchr(nul + 1, '\n', data + size - (nul + 1)))) {
		free(pat);
		return 0;
	}
	cflags = REG_EXTENDED | (flags & RX_ICASE ? REG_ICASE : 0) |
	    (flags & RX_NEWLINE ? REG_NEWLINE : 0);
	ok = !regcomp(&re, pat, cflags);
	rx = rx_compile(pat, flags, 1 << 20, &err);
	if (ok && backref(pat)) {
		regfree(&re);
		rx_free(rx);
		free(pat);
		return 0;
	}
	if (ok != (rx != NULL)) {
		fprintf(stderr, "regex: /%s/ flags %d: regcomp %s, rx %s\n", pat, flags,
		    ok ? "accepts" : "refuses", rx ? "accepts" : err);
		abort();
	}
	if (ok) {
		/* a NUL-terminated copy: a sanitizer's regexec reads to the
		 * NUL whatever REG_STARTEND says */
		n = data + size - (nul + 1);
		if (!(text = malloc(n + 1)))
			abort();
		memcpy(text, nul + 1, n);
		text[n] = '\0';
		m.rm_so = 0;
		m.rm_eo = n;
		want = !regexec(&re, text, 1, &m, REG_STARTEND);
		got = rx_search(rx, text, n);
		if (want != got) {
			fprintf(stderr, "regex: /%s/ flags %d on %zu bytes [%.*s]: regexec %d, rx %d\n",
			    pat, flags, n, (int)n, text, want, got);
			abort();
		}
		free(text);
		regfree(&re);
	}
	rx_free(rx);
	free(pat);
	return 0;
}
