/* util.h: error reporting and checked allocation shared by every program */
#ifndef FG_UTIL_H
#define FG_UTIL_H

#include <stddef.h>
#include <stdint.h>

#define FG_VERSION "0.1.0"
#define LEN(a) (sizeof(a) / sizeof((a)[0]))

#include <setjmp.h>
#include <stdarg.h>

extern const char *argv0;	/* program name used in every message */
/* When set (by the fuzzing harnesses), errors jump here, without a
 * message, instead of ending the program. */
extern jmp_buf *error_jmp;
/* When set in a thread, its fatal errors call it first, with the line
 * number they report (0: none), and report the number it returns (see
 * par.h).  One fatal error is reported at a time. */
extern _Thread_local uint64_t (*error_hook)(uint64_t line);

/* Exit statuses of SPEC section 5. */
enum { EXIT_BADINPUT = 1, EXIT_USAGE = 2 };

void setprogname(const char *name);
/* "argv0: message" on stderr; eprintf exits 1, weprintf returns. */
void eprintf(const char *fmt, ...);
void weprintf(const char *fmt, ...);
/* "argv0: FILE:LINE: message" and exit 1 (LINE 0 is left out). */
void fileerr(const char *file, uint64_t line, const char *fmt, ...);
void vfileerr(const char *file, uint64_t line, const char *fmt, va_list ap);

void *emalloc(size_t n);
void *ecalloc(size_t n, size_t size);
void *erealloc(void *p, size_t n);
/* erealloc of an array of n elements of size bytes, checking n * size. */
void *ereallocarray(void *p, size_t n, size_t size);
char *estrdup(const char *s);

/* Numbers given on the command line; a bad one is a usage error (exit 2). */
uint64_t estrtou64(const char *s, const char *what);
double estrtod(const char *s, const char *what);

/* The name to show for a file operand ("-" and NULL mean stdin). */
const char *displayname(const char *path);

#endif
