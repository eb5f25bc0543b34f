/* util.h: error reporting and checked allocation shared by every program */
#ifndef FG_UTIL_H
#define FG_UTIL_H

#include <stddef.h>
#include <stdint.h>

#define FG_VERSION "0.1.0"
#define LEN(a) (sizeof(a) / sizeof((a)[0]))

#include <setjmp.h>
#include <stdarg.h>
#include <stdnoreturn.h>

/* printf-style functions: the compiler checks their arguments */
#define PRINTFLIKE(fmt, args) __attribute__((format(printf, fmt, args)))

extern const char *argv0;	/* program name used in every message */
/* When set (by the fuzzing harnesses), errors jump here, without a
 * message, instead of ending the program. */
extern jmp_buf *error_jmp;
/* When set in a thread, its fatal errors call it first, with the line
 * number they report (0: none), and report the number it returns (see
 * par.h).  One fatal error is reported at a time. */
extern _Thread_local uint64_t (*error_hook)(uint64_t line);

/* Exit statuses (fg(7), Conventions): 0 done, 1 bad input or failed
 * output, 2 bad usage. */
enum { EXIT_BADINPUT = 1, EXIT_USAGE = 2 };

/* Set argv0 to name without its directory and return it; a program
 * stores it back in argv[0] so that getopt's messages name it so too.
 * Called first in every main: descriptors 0, 1 and 2 closed at start-up
 * get /dev/null, opened so that using them fails as before. */
char *setprogname(char *name);
/* "argv0: message" on stderr; eprintf exits 1, weprintf returns. */
noreturn void eprintf(const char *fmt, ...) PRINTFLIKE(1, 2);
void weprintf(const char *fmt, ...) PRINTFLIKE(1, 2);
/* "argv0: FILE:LINE: message" and exit 1 (LINE 0 is left out). */
noreturn void fileerr(const char *file, uint64_t line, const char *fmt, ...) PRINTFLIKE(3, 4);
noreturn void vfileerr(const char *file, uint64_t line, const char *fmt, va_list ap)
    PRINTFLIKE(3, 0);
/* "argv0: FILE: byte OFF: message" and exit 1: for binary input. */
noreturn void vbyteerr(const char *file, uint64_t off, const char *fmt, va_list ap)
    PRINTFLIKE(3, 0);

/*
 * Usage errors, the same in every program: "argv0: message" and
 * "Try 'argv0 --help' for more information." on stderr, exit 2.
 * tryhelp() writes the second line only, after getopt has said what
 * is wrong.
 */
noreturn void usage_error(const char *fmt, ...) PRINTFLIKE(1, 2);
noreturn void tryhelp(void);
/* End --help or --version: exit 0 once standard output is written, or
 * "argv0: write error: ..." and exit 1.  version() prints FG_VERSION. */
noreturn void exit_stdout(void);
noreturn void version(void);
/*
 * A keyword option: the index of arg in names (a list that ends with
 * NULL), or the usage error "bad WHAT: 'ARG' (A, B or C)", which lists
 * the choices.
 */
int opt_choice(const char *arg, const char *what, const char *const names[]);
/* Every program's --help and --version, for its option table: getopt
 * returns 'h' and OPT_VERSION ("VV"). */
enum { OPT_VERSION = 0x5656 };
#define OPT_HELP_VERSION \
	{ "help", no_argument, NULL, 'h' }, \
	{ "version", no_argument, NULL, OPT_VERSION }

/* Blocks from HUGE_MIN bytes on are given to huge pages where the
 * kernel can (Linux's transparent huge pages). */
#define HUGE_MIN ((size_t)4 << 20)
void *emalloc(size_t n);
/* n bytes, from HUGE_MIN on, aligned so that huge pages back them all */
void *emalloc_huge(size_t n);
void *ecalloc(size_t n, size_t size);
void *erealloc(void *p, size_t n);
/* erealloc of an array of n elements of size bytes, checking n * size. */
void *ereallocarray(void *p, size_t n, size_t size);
/* Array p of *cap elements of size bytes, grown (doubled at least)
 * when it has fewer than n; *cap updated.  New elements are not set. */
void *egrowarray(void *p, size_t *cap, size_t n, size_t size);
char *estrdup(const char *s);

/* Numbers given on the command line, in decimal (no hex, inf, nan or
 * leading blank); a bad one is a usage error (exit 2). */
uint64_t estrtou64(const char *s, const char *what);
double estrtod(const char *s, const char *what);
/* A size in bytes: decimal digits and an optional k (or K), M, G or T
 * suffix, powers of 1024; "bad WHAT 'S'" is the usage error. */
uint64_t estrtosize(const char *s, const char *what);

/* a + b and a * b, UINT64_MAX where they would overflow: sizes
 * worked out from untrusted input, checked against a bound after. */
uint64_t sat_add(uint64_t a, uint64_t b);
uint64_t sat_mul(uint64_t a, uint64_t b);

/* Does s[0..n) end in suffix? */
int has_suffix(const char *s, size_t n, const char *suffix);

/* The name to show for a file operand ("-" and NULL mean stdin). */
const char *displayname(const char *path);

#endif
