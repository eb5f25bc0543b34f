/* formats/pprof/write.h: folded stacks made a pprof profile (fg-pprof's logic)
 *
 * Stacks are added one at a time; each distinct frame label is taken
 * apart once (stack/frame.h's frame_parts) into a Function (name and
 * file) and a line.  A frame inlined into its caller (_[i], or Julia's
 * " [inlined]") becomes one more Line of its caller's Location, as
 * pprof records inlining; a run of a caller and its inlined frames is
 * one Location, made once.  Samples with the same Locations are added
 * up, so memory follows the distinct frames and stacks.  ppw_write
 * gives the profile.proto message, gzip-compressed, as google/pprof's
 * proto/profile.proto describes it.
 */
#ifndef FG_PPWRITE_H
#define FG_PPWRITE_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"

/* A writer's state (write.c), the caller's to free. */
struct ppwrite;

/* An empty profile: no sample yet. */
struct ppwrite *ppw_new(void);
/* Add stack s[0..n) with value v: 0, or a message when the sum of its
 * values passes pprof's int64. */
const char *ppw_add(struct ppwrite *w, const char *s, size_t n, uint64_t v);
/* The number of distinct samples (stacks of distinct Locations) added. */
size_t ppw_nsamples(const struct ppwrite *w);
/* Append to out the gzip-compressed profile, its sample type type/unit. */
void ppw_write(struct ppwrite *w, struct bytes *out, const char *type, const char *unit);
void ppw_free(struct ppwrite *w);

#endif
