/* err.h: error messages and exit statuses, the same in every program
 *
 * The program's name in every message; fatal errors ("argv0: what",
 * exit 1), warnings, errors at a file's line or a binary file's byte,
 * and usage errors (exit 2); the fuzzing harnesses' jump and a
 * thread's hook, which every fatal error passes first.
 */
#ifndef FG_BASE_ERR_H
#define FG_BASE_ERR_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
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
/* When set in a thread, its first fatal error about a file asks it for
 * a message to give instead, written into msg[0..size) when it returns
 * 1: what a reader says when its input turns out to be of another
 * format (folded/whole's whole_hint, for the folders). */
extern _Thread_local int (*error_hint)(void *arg, char *msg, size_t size);
extern _Thread_local void *error_hint_arg;

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

#endif
