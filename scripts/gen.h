/*
 * gen.h: what the benchmarks' input generators share: one xorshift64
 * stream from a fixed seed (a generator may set rng from its SEED
 * argument first), so that every run writes the same file.
 */
#include <stdint.h>

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

/* the stream's next number */
static uint64_t
next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}
