/* err.c: error messages, exit statuses, usage errors */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/err.h"
#include "base/escape.h"
#include "base/progress.h"

/* The process's name, and where its errors go: state of the process,
 * set once by main or a fuzzing harness, not of the data. */
const char *argv0 = "fg";
jmp_buf *error_jmp;
_Thread_local uint64_t (*error_hook)(uint64_t line);
_Thread_local int (*error_hint)(void *arg, char *msg, size_t size);
_Thread_local void *error_hint_arg;
/* held by the thread reporting a fatal error until it exits */
static pthread_mutex_t error_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * Standard input, output and error closed at start-up would be taken by
 * the first files opened: "-" would read a file operand again, output
 * would go into one.  Each closed one gets /dev/null, opened the other
 * way round (as gnulib's stdopen does), so that a read of standard
 * input or a write to standard output still fails as on a closed one.
 */
static void
std_fds(void)
{
	int fd;

	for (fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF &&
		    open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY) != fd)
			_exit(EXIT_BADINPUT);
}

char *
setprogname(char *name)
{
	char *slash = strrchr(name, '/'), *base = slash ? slash + 1 : name;

	std_fds();
	argv0 = base;
	progress_init(base);
	return base;
}

/*
 * Write a message to standard error through term_escape: every message
 * passes here, so input quoted in one (a frame, a unit, a line, a file
 * name) reaches the terminal with its control bytes, and bytes that are
 * not UTF-8, as \xHH (fg-folded(5)), never as escape sequences.
 */
static void
vputmsg(const char *fmt, va_list ap)
{
	char small[512], esmall[4 * sizeof(small) + 1], *s = small, *e = esmall;
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(small, sizeof(small), fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(small)) {
		s = malloc((size_t)n + 1);
		e = s ? malloc(4 * (size_t)n + 1) : NULL;
		if (!e) {
			free(s);
			fputs("(message too long)", stderr);
			return;
		}
		vsnprintf(s, (size_t)n + 1, fmt, ap);
	}
	term_escape(s, n, e);
	progress_clear();
	fputs(e, stderr);
	if (s != small) {
		free(s);
		free(e);
	}
}

static void
putmsg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vputmsg(fmt, ap);
	va_end(ap);
}

static void
vwarn(const char *fmt, va_list ap)
{
	fflush(stdout);
	putmsg("%s: ", argv0);
	vputmsg(fmt, ap);
	fputc('\n', stderr);
}

void
eprintf(const char *fmt, ...)
{
	va_list ap;

	if (error_jmp)
		longjmp(*error_jmp, 1);
	if (error_hook)
		error_hook(0);
	pthread_mutex_lock(&error_lock);
	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
	exit(EXIT_BADINPUT);
}

void
weprintf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
}

/* "argv0: FILE:LINE: " or "argv0: FILE: byte OFF: " and the message;
 * exit 1 (line and byte 0 are left out). */
static noreturn void
verr(const char *file, uint64_t line, int byte, uint64_t off, const char *fmt, va_list ap)
{
	int (*hint)(void *, char *, size_t) = error_hint;
	char msg[256];

	if (error_jmp)
		longjmp(*error_jmp, 1);
	if (error_hook)
		line = error_hook(line);
	error_hint = NULL;
	pthread_mutex_lock(&error_lock);
	fflush(stdout);
	if (hint && hint(error_hint_arg, msg, sizeof(msg))) {
		putmsg("%s: %s: %s", argv0, file, msg);
		fputc('\n', stderr);
		exit(EXIT_BADINPUT);
	}
	if (line)
		putmsg("%s: %s:%llu: ", argv0, file, (unsigned long long)line);
	else
		putmsg("%s: %s: ", argv0, file);
	if (byte)
		fprintf(stderr, "byte %llu: ", (unsigned long long)off);
	vputmsg(fmt, ap);
	fputc('\n', stderr);
	exit(EXIT_BADINPUT);
}

void
vfileerr(const char *file, uint64_t line, const char *fmt, va_list ap)
{
	verr(file, line, 0, 0, fmt, ap);
}

void
vbyteerr(const char *file, uint64_t off, const char *fmt, va_list ap)
{
	verr(file, 0, 1, off, fmt, ap);
}

void
fileerr(const char *file, uint64_t line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfileerr(file, line, fmt, ap);
	va_end(ap);
}

void
tryhelp(void)
{
	if (error_jmp)
		longjmp(*error_jmp, 1);
	fflush(stdout);
	putmsg("Try '%s --help' for more information.", argv0);
	fputc('\n', stderr);
	exit(EXIT_USAGE);
}

void
usage_error(const char *fmt, ...)
{
	va_list ap;

	if (error_jmp)
		longjmp(*error_jmp, 1);
	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
	tryhelp();
}
