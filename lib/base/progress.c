/* progress.c: the status line of a long run on a terminal (see progress.h) */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/escape.h"
#include "base/progress.h"

/* after this many seconds the line shows; then at most this often */
#define PROGRESS_AFTER 2.0
#define PROGRESS_EVERY 0.25

/*
 * The process's one status line: standard error is one terminal for
 * every thread, so this is the one writable state of base/ that is not
 * a thread's or an argument's (HACKING.md).  Counts are atomic; one
 * thread at a time draws (drawing).
 */
static struct {
	int on;			/* standard error is a terminal, no -q */
	double start, last;	/* when the run began, when the line was drawn */
	uint64_t total, done;	/* bytes: the inputs' sizes, read so far */
	const char *stage;
	const char *name;	/* the program's, setprogname's */
	int shown;		/* the line is on the terminal */
	int drawing;
	int tty1;		/* standard output is a terminal too */
} P;

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void
progress_init(const char *name)
{
	const char *after = getenv("FG_PROGRESS_AFTER");

	P.name = name;
	P.on = isatty(2);
	P.tty1 = isatty(1);
	/* the tests' way to see the line without a long run */
	P.start = now() - (after ? PROGRESS_AFTER - atof(after) : 0);
	P.stage = "reading";
	if (P.on)
		atexit(progress_clear);
}

void
progress_quiet(void)
{
	progress_clear();
	P.on = 0;
}

void
progress_size(uint64_t n)
{
	__atomic_add_fetch(&P.total, n, __ATOMIC_RELAXED);
}

/* n bytes in a few digits and a unit: "312 MiB", "1.1 GiB". */
static void
human(char *buf, size_t size, double n)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	int u = 0;

	while (n >= 1024 && u < 4) {
		n /= 1024;
		u++;
	}
	snprintf(buf, size, n < 10 && u ? "%.1f %s" : "%.0f %s", n, unit[u]);
}

static void
draw(double t)
{
	char line[256], name[4 * 64 + 1], done[32], total[32], rate[32];
	uint64_t d = __atomic_load_n(&P.done, __ATOMIC_RELAXED);
	uint64_t all = __atomic_load_n(&P.total, __ATOMIC_RELAXED);
	const char *stage = __atomic_load_n(&P.stage, __ATOMIC_RELAXED);
	size_t n = strlen(P.name) < 64 ? strlen(P.name) : 64;
	int k;

	term_escape(P.name, n, name);
	human(done, sizeof(done), (double)d);
	human(total, sizeof(total), (double)all);
	human(rate, sizeof(rate), (double)d / (t - P.start));
	if (strcmp(stage, "reading"))
		k = snprintf(line, sizeof(line), "\r%s: %s (%s read)\033[K", name, stage, done);
	else if (all >= d && all)
		k = snprintf(line, sizeof(line), "\r%s: reading %s of %s (%.0f%%), %s/s\033[K",
		    name, done, total, 100.0 * (double)d / (double)all, rate);
	else
		k = snprintf(line, sizeof(line), "\r%s: reading %s, %s/s\033[K", name, done, rate);
	if (k > 0 && write(2, line, (size_t)k < sizeof(line) ? (size_t)k : sizeof(line) - 1) > 0)
		P.shown = 1;
}

/* Draw the line if it is due, and no other thread is drawing it. */
static void
tick(void)
{
	double t;

	if (!P.on)
		return;
	t = now();
	if (t - P.start < PROGRESS_AFTER || t - P.last < PROGRESS_EVERY)
		return;
	if (__atomic_exchange_n(&P.drawing, 1, __ATOMIC_ACQUIRE))
		return;
	P.last = t;
	draw(t);
	__atomic_store_n(&P.drawing, 0, __ATOMIC_RELEASE);
}

void
progress_bytes(uint64_t n)
{
	__atomic_add_fetch(&P.done, n, __ATOMIC_RELAXED);
	tick();
}

void
progress_stage(const char *what)
{
	__atomic_store_n(&P.stage, what, __ATOMIC_RELAXED);
	tick();
}

void
progress_output(void)
{
	if (P.tty1)
		progress_clear();
}

void
progress_clear(void)
{
	static const char erase[] = "\r\033[K";

	if (!P.shown || __atomic_exchange_n(&P.drawing, 1, __ATOMIC_ACQUIRE))
		return;
	/* nothing is to be done about a terminal gone */
	(void)!write(2, erase, sizeof(erase) - 1);
	P.shown = 0;
	__atomic_store_n(&P.drawing, 0, __ATOMIC_RELEASE);
}

uint64_t
fd_left(int fd)
{
	struct stat st;
	off_t off;

	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || (off = lseek(fd, 0, SEEK_CUR)) < 0 ||
	    off >= st.st_size)
		return 0;
	return (uint64_t)(st.st_size - off);
}

ssize_t
read_counted(int fd, void *buf, size_t n)
{
	ssize_t r;

	while ((r = read(fd, buf, n)) < 0 && errno == EINTR)
		;
	if (r > 0)
		progress_bytes((uint64_t)r);
	return r;
}
