/* rustsym.h: Rust symbols that a profiler left half demangled
 *
 * DTrace and macOS sample print Rust's legacy symbols with the path
 * joined by "::" but its escapes and hash left in:
 *
 *   _$LT$std..fs..ReadDir$u20$as$u20$core..iter..Iterator$GT$::next::hc14f1750ca79129b
 *
 * which inferno (and rustc-demangle's legacy scheme) read as
 *
 *   <std::fs::ReadDir as core::iter::Iterator>::next
 */
#ifndef FG_RUSTSYM_H
#define FG_RUSTSYM_H

#include <stddef.h>

#include "base/bytes.h"

/* When s[0..n) ends in a Rust hash ("::h" and 16 hex digits), its
 * demangled text in out (emptied first) and 1; else 0, out untouched. */
int rustsym_fix(const char *s, size_t n, struct bytes *out);

#endif
