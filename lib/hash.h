/* hash.h: a fast non-cryptographic hash of byte strings */
#ifndef FG_HASH_H
#define FG_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t
hash_mix(uint64_t h)
{
	h ^= h >> 32;
	h *= 0xd6e8feb86659fd93ULL;
	h ^= h >> 32;
	return h;
}

/* Eight bytes at a time; unaligned loads through memcpy. */
static inline uint64_t
hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ n, w;

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
		h ^= h >> 29;
	}
	if (n) {
		w = 0;
		memcpy(&w, s, n);
		h = (h ^ w) * 0x94d049bb133111ebULL;
	}
	return hash_mix(h);
}

#endif
