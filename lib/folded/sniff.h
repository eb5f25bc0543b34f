/* sniff.h: what a file's first bytes look like
 *
 * The signatures the table of formats names (formats.h): a row's
 * `looks` function, true when the first bytes (struct head: a mebibyte,
 * or the whole of a shorter file) are the row's format.  A signature
 * asks only what tells its format from the rows tried before it; the
 * table tries them in its order (sniff, formats.h).
 */
#ifndef FG_SNIFF_H
#define FG_SNIFF_H

#include <stddef.h>

#include "folded/formats.h"

/* the first bytes looked at */
#define SNIFF_HEAD (1 << 20)

/* the rows' signatures, in the table's order */
int looks_xctrace(const struct head *h);
int looks_html(const struct head *h);
int looks_speedscope(const struct head *h);
int looks_chrometrace(const struct head *h);
int looks_heapprofile(const struct head *h);
int looks_cpuprofile(const struct head *h);
int looks_ghcjson(const struct head *h);
int looks_gecko(const struct head *h);
int looks_v8log(const struct head *h);
int looks_safari(const struct head *h);
int looks_json(const struct head *h);
int looks_pprof(const struct head *h);
int looks_binary(const struct head *h);
int looks_vtune(const struct head *h);
int looks_vsprof(const struct head *h);
int looks_ghcprof(const struct head *h);
int looks_callgrind(const struct head *h);
int looks_deepcopy(const struct head *h);
int looks_dtrace(const struct head *h);
int looks_stap(const struct head *h);
int looks_macsample(const struct head *h);
int looks_jstack(const struct head *h);
int looks_bpftrace(const struct head *h);
int looks_gdb(const struct head *h);
int looks_eustack(const struct head *h);
int looks_pmc(const struct head *h);
int looks_perf(const struct head *h);
int looks_folded(const struct head *h);

/*
 * For the first bytes of text of no format (the row "text"), p[0..n):
 * why, in msg[0..size): "it is empty" (no bytes, or blank lines alone;
 * "only blanks in its first MiB..." when they fill the SNIFF_HEAD
 * bytes looked at, and more may follow),
 * or the format it comes closest to and the line where it departs from
 * it; "" when it comes close to none (sniff_fd's why).
 */
void sniff_why(const char *p, size_t n, char *msg, size_t size);

#endif
