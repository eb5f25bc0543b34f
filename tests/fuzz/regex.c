/*
 * Differential fuzzing harness for the regex matcher (lib/base/regex.c)
 * against the C library's regcomp and regexec.  The input is a flags
 * byte (RX_ICASE, RX_NEWLINE), the pattern up to the first NUL, and the
 * text after it.  Both must accept or refuse the pattern alike (back
 * references aside, which rx refuses on purpose) and, when it is
 * accepted, find a match in the text or not alike.
 *
 * glibc's regcomp takes time and memory exponential in some patterns
 * that fg's matcher compiles at once: "((a*)*|(b*)*){1,20}" takes it
 * 13 s, "(|bco){,3333}" 1.4 GB, and ten times that under ASan.  No
 * cheap test of the pattern foresees all of them, so the C library
 * answers in a child process of its own, given REF_SECONDS a question;
 * an input it cannot answer in that time is left out, and the child
 * replaced.
 */
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <regex.h>
#include <signal.h>
#include <stdnoreturn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/regex.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Does the pattern hold an escaped letter that is no GNU operator?  fg
 * refuses it ("\d"), glibc reads it as the letter. */
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

/* Do the pattern's {M,N} bounds multiply past 2000?  The product of
 * every number in braces, nested or not: glibc's regcomp takes time and
 * memory in proportion to it (and more), and a smaller bound exercises
 * the same code of fg's matcher. */
static int
big_bounds(const char *p)
{
	unsigned long prod = 1, v;
	char *end;

	for (; *p; p++) {
		if (*p != '{' && *p != ',')
			continue;
		v = strtoul(p + 1, &end, 10);
		if (end != p + 1 && v > 1 && (prod *= v) > 2000)
			return 1;
	}
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

/* The C library's answer, as the child says it. */
enum { REF_REFUSED, REF_NOMATCH, REF_MATCH, REF_SKIP };
#define REF_SECONDS 2

/* The child that runs the C library: its pid (0 when there is none),
 * the pipe it reads questions from and the one it answers on. */
static pid_t refpid;
static int askfd, answerfd;

/* Read or write all of n bytes at p on fd: 0 if it could not. */
static int
io(int fd, void *p, size_t n, int out)
{
	ssize_t k;

	for (; n; n -= k, p = (char *)p + k)
		if ((k = out ? write(fd, p, n) : read(fd, p, n)) <= 0)
			return 0;
	return 1;
}

/* The child's loop: a question is cflags, the pattern's length and
 * bytes, the text's length and bytes; the answer a REF_ byte. */
static noreturn void
serve(int in, int out)
{
	char *pat, *text;
	size_t plen, n;
	regex_t re;
	regmatch_t m;
	int cflags;
	unsigned char a;

	signal(SIGALRM, SIG_DFL);	/* not libFuzzer's handler */
	while (io(in, &cflags, sizeof(cflags), 0) && io(in, &plen, sizeof(plen), 0)) {
		pat = calloc(1, plen + 1);
		if (!pat || !io(in, pat, plen, 0) || !io(in, &n, sizeof(n), 0) ||
		    !(text = calloc(1, n + 1)) || !io(in, text, n, 0))
			_exit(1);
		if (regcomp(&re, pat, cflags)) {
			a = REF_REFUSED;
		} else {
			m.rm_so = 0;
			m.rm_eo = n;
			a = backref(pat) ? REF_SKIP :
			    regexec(&re, text, 1, &m, REG_STARTEND) ? REF_NOMATCH : REF_MATCH;
			regfree(&re);
		}
		free(pat);
		free(text);
		if (!io(out, &a, 1, 1))
			_exit(1);
	}
	_exit(0);
}

static void
ref_stop(void)
{
	kill(refpid, SIGKILL);
	while (waitpid(refpid, NULL, 0) < 0 && errno == EINTR)
		;
	close(askfd);
	close(answerfd);
	refpid = 0;
}

static void
ref_start(void)
{
	int ask[2], answer[2];

	signal(SIGPIPE, SIG_IGN);
	if (pipe(ask) || pipe(answer) || (refpid = fork()) < 0)
		abort();
	if (refpid == 0) {
		close(ask[1]);
		close(answer[0]);
		serve(ask[0], answer[1]);
	}
	close(ask[0]);
	close(answer[1]);
	askfd = ask[1];
	answerfd = answer[0];
}

/* regcomp and regexec on pat and text (n bytes, NUL-terminated): a
 * REF_ value, REF_SKIP for back references and for a question the
 * child did not answer in REF_SECONDS (it is then replaced). */
static int
reference(const char *pat, int cflags, const char *text, size_t n)
{
	struct pollfd pfd;
	size_t plen = strlen(pat);
	unsigned char a;

	if (!refpid)
		ref_start();
	pfd.fd = answerfd;
	pfd.events = POLLIN;
	if (!io(askfd, &cflags, sizeof(cflags), 1) || !io(askfd, &plen, sizeof(plen), 1) ||
	    !io(askfd, (void *)pat, plen, 1) || !io(askfd, &n, sizeof(n), 1) ||
	    !io(askfd, (void *)text, n, 1) || poll(&pfd, 1, REF_SECONDS * 1000) != 1 ||
	    !io(answerfd, &a, 1, 0)) {
		ref_stop();
		return REF_SKIP;
	}
	return a;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul;
	char *pat, *text;
	size_t n;
	const char *err;
	struct rx *rx;
	int flags, cflags, want;

	if (size < 1 || !(nul = memchr(data + 1, 0, size - 1)))
		return 0;
	flags = data[0] & (RX_ICASE | RX_NEWLINE);
	pat = strndup((const char *)data + 1, nul - data - 1);
	if (!pat || strlen(pat) > 256 || big_bounds(pat) ||
	    escaped_letter(pat) || stacked_ops(pat) ||
	    (!(flags & RX_NEWLINE) && memchr(nul + 1, '\n', data + size - (nul + 1)))) {
		free(pat);
		return 0;
	}
	/* a NUL-terminated copy: a sanitizer's regexec reads to the NUL
	 * whatever REG_STARTEND says */
	n = data + size - (nul + 1);
	if (!(text = malloc(n + 1)))
		abort();
	memcpy(text, nul + 1, n);
	text[n] = '\0';
	cflags = REG_EXTENDED | (flags & RX_ICASE ? REG_ICASE : 0) |
	    (flags & RX_NEWLINE ? REG_NEWLINE : 0);
	want = reference(pat, cflags, text, n);
	rx = rx_compile(pat, flags, &err);
	if (!rx && (!strcmp(err, RX_TOOBIG) || !strcmp(err, RX_TOOMANY)))	/* fg's bounds, not glibc's */
		want = REF_SKIP;
	if (want != REF_SKIP && (want != REF_REFUSED) != (rx != NULL)) {
		fprintf(stderr, "regex: /%s/ flags %d: regcomp %s, rx %s\n", pat, flags,
		    want != REF_REFUSED ? "accepts" : "refuses", rx ? "accepts" : err);
		abort();
	}
	if (rx && want != REF_SKIP && (want == REF_MATCH) != rx_search(rx, text, n)) {
		fprintf(stderr, "regex: /%s/ flags %d on %zu bytes [%.*s]: regexec %d, rx %d\n",
		    pat, flags, n, (int)n, text, want == REF_MATCH, !(want == REF_MATCH));
		abort();
	}
	rx_free(rx);
	free(text);
	free(pat);
	return 0;
}
