/* util.c: error reporting and checked allocation */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/escape.h"
#include "base/util.h"

const char *argv0 = "fg";
jmp_buf *error_jmp;
_Thread_local uint64_t (*error_hook)(uint64_t line);
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
	if (error_jmp)
		longjmp(*error_jmp, 1);
	if (error_hook)
		line = error_hook(line);
	pthread_mutex_lock(&error_lock);
	fflush(stdout);
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

int
opt_choice(const char *arg, const char *what, const char *const names[])
{
	char list[1024];
	size_t n = 0, k;
	int i;

	for (i = 0; names[i]; i++)
		if (!strcmp(arg, names[i]))
			return i;
	list[0] = 0;
	for (k = 0; k < (size_t)i && n < sizeof(list); k++)
		n += snprintf(list + n, sizeof(list) - n, "%s%s",
		    !k ? "" : k + 1 < (size_t)i ? ", " : " or ", names[k]);
	usage_error("bad %s: '%s' (%s)", what, arg, list);
}

void
exit_stdout(void)
{
	if ((fflush(stdout) == EOF || ferror(stdout)) && errno != EPIPE)
		eprintf("write error: %s", strerror(errno));
	exit(0);	/* a closed pipe: the reader has what it wanted */
}

void
version(void)
{
	puts(FG_VERSION);
	exit_stdout();
}

/*
 * A block of megabytes is first touched a page at a time, and each
 * 4 KiB page fault costs more than filling the page: the kernel is
 * asked to back the block with 2 MiB pages where it can (a hint:
 * Linux's transparent huge pages, "madvise" mode).  The hint covers
 * the block's pages whole: a big block is a mapping of its own, and
 * advising part of it would split it in two and keep realloc from
 * moving it with mremap instead of copying it.
 */
#define HUGE_PAGE ((size_t)2 << 20)

static void
advise_huge(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t a = (uintptr_t)p & ~(page - 1);
	uintptr_t e = ((uintptr_t)p + n + page - 1) & ~(page - 1);

	madvise((void *)a, e - a, MADV_HUGEPAGE);
#else
	(void)p, (void)n;
#endif
}

static void *
checked(void *p, size_t n)
{
	if (!p)
		eprintf("out of memory");
	if (n >= HUGE_MIN)
		advise_huge(p, n);
	return p;
}

void *
emalloc(size_t n)
{
	return checked(malloc(n ? n : 1), n);
}

/*
 * A block that huge pages can back whole: malloc writes its own record
 * of a block just before it, in the block's first page, before the
 * hint can be given, so a block from malloc gets small pages there.
 */
void *
emalloc_huge(size_t n)
{
	size_t m = (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	void *p;

	if (m < n)
		eprintf("out of memory");
	if (!(p = aligned_alloc(HUGE_PAGE, m)))
		eprintf("out of memory");
	advise_huge(p, m);
	return p;
}

void *
ecalloc(size_t n, size_t size)
{
	/* n * size is used only once calloc found it fits */
	return checked(calloc(n ? n : 1, size ? size : 1), n * size);
}

void *
erealloc(void *p, size_t n)
{
	return checked(realloc(p, n ? n : 1), n);
}

void *
ereallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		eprintf("out of memory");
	return erealloc(p, n * size);
}

void *
egrowarray(void *p, size_t *cap, size_t n, size_t size)
{
	if (n <= *cap)
		return p;
	*cap = n < 1024 ? 1024 : n > SIZE_MAX / 2 ? n : n * 2;
	return ereallocarray(p, *cap, size);
}

uint64_t
sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

uint64_t
sat_mul(uint64_t a, uint64_t b)
{
	return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

char *
estrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(emalloc(n), s, n);
}

uint64_t
estrtou64(const char *s, const char *what)
{
	char *end;
	unsigned long long v;

	errno = 0;
	if (*s < '0' || *s > '9')
		goto bad;
	v = strtoull(s, &end, 10);
	if (errno || *end)
		goto bad;
	return v;
bad:
	usage_error("bad %s: '%s'", what, s);
}

uint64_t
estrtosize(const char *s, const char *what)
{
	static const char suffix[] = "kMGT";
	const char *k;
	char *end;
	unsigned long long v;
	int shift = 0;

	errno = 0;
	if (*s < '0' || *s > '9')
		goto bad;
	v = strtoull(s, &end, 10);
	if (*end == 'K')
		shift = 10;
	else if (*end && (k = strchr(suffix, *end)))
		shift = 10 * (k - suffix + 1);
	if (shift)
		end++;
	if (errno || *end || v > UINT64_MAX >> shift)
		goto bad;
	return (uint64_t)v << shift;
bad:
	usage_error("bad %s '%s'", what, s);
}

/* Is s a decimal number as a user writes one: an optional sign, digits
 * with an optional point, an optional exponent?  Not hex, inf or nan,
 * and no blank before it (strtod takes them all). */
static int
decimal(const char *s)
{
	int digits = 0;

	if (*s == '-' || *s == '+')
		s++;
	for (; *s >= '0' && *s <= '9'; s++)
		digits++;
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++)
			digits++;
	if (!digits)
		return 0;
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '-' || *s == '+')
			s++;
		if (*s < '0' || *s > '9')
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return !*s;
}

double
estrtod(const char *s, const char *what)
{
	char *end;
	double v;

	errno = 0;
	if (!decimal(s))
		goto bad;
	v = strtod(s, &end);
	if (errno || end == s || *end || v != v)
		goto bad;
	return v;
bad:
	usage_error("bad %s: '%s'", what, s);
}

int
has_suffix(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return n >= k && !memcmp(s + n - k, suffix, k);
}

const char *
displayname(const char *path)
{
	return (!path || !strcmp(path, "-")) ? "<stdin>" : path;
}
