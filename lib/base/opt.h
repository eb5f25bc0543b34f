/* opt.h: what every program's command line shares
 *
 * --help and --version, their option table entries and their end, and
 * keyword options checked against their list of choices.
 */
#ifndef FG_BASE_OPT_H
#define FG_BASE_OPT_H

#include <stdnoreturn.h>

#define FG_VERSION "0.1.0"

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
/* Every program's --quiet (no progress line: base/progress.h), --help
 * and --version, for its option table: getopt returns 'q', 'h' and
 * OPT_VERSION ("VV"). */
enum { OPT_VERSION = 0x5656 };
#define OPT_HELP_VERSION \
	{ "quiet", no_argument, NULL, 'q' }, \
	{ "help", no_argument, NULL, 'h' }, \
	{ "version", no_argument, NULL, OPT_VERSION }

#endif
