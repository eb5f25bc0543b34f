/* util.h: what every program uses, one include
 *
 * Each concern is a header of its own: err.h (messages, exit statuses,
 * usage errors), alloc.h (checked allocation, growth), num.h (numbers
 * from the command line, saturating sizes), opt.h (--help, --version,
 * keyword options).  What is left is here: LEN, has_suffix, has_prefix and
 * displayname.
 */
#ifndef FG_UTIL_H
#define FG_UTIL_H

#include <stddef.h>

#include "base/alloc.h"
#include "base/err.h"
#include "base/num.h"
#include "base/opt.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

/* Does s[0..n) end in suffix? */
int has_suffix(const char *s, size_t n, const char *suffix);
/* Does s[0..n) begin with the string prefix? */
int has_prefix(const char *s, size_t n, const char *prefix);

/* The name to show for a file operand ("-" and NULL mean stdin). */
const char *displayname(const char *path);

#endif
