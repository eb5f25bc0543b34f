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

static inline uint64_t
hash_rotl(uint64_t x, int r)
{
	return x << r | x >> (64 - r);
}

/*
 * Four independent lanes of eight bytes each, so long stacks hash at
 * memory speed; unaligned loads go through memcpy.
 */
static inline uint64_t
hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t a = 0x9e3779b97f4a7c15ULL ^ n, b = 0xc2b2ae3d27d4eb4fULL,
	    c = 0x165667b19e3779f9ULL, d = 0x27d4eb2f165667c5ULL, w[4];

	for (; n >= 32; s += 32, n -= 32) {
		memcpy(w, s, 32);
		a = hash_rotl((a ^ w[0]) * 0xbf58476d1ce4e5b9ULL, 31);
		b = hash_rotl((b ^ w[1]) * 0x94d049bb133111ebULL, 29);
		c = hash_rotl((c ^ w[2]) * 0xbf58476d1ce4e5b9ULL, 27);
		d = hash_rotl((d ^ w[3]) * 0x94d049bb133111ebULL, 33);
	}
	a ^= hash_rotl(b, 17) ^ hash_rotl(c, 37) ^ hash_rotl(d, 49);
	for (; n >= 8; s += 8, n -= 8) {
		memcpy(w, s, 8);
		a = hash_rotl((a ^ w[0]) * 0xbf58476d1ce4e5b9ULL, 31);
	}
	if (n) {
		w[0] = 0;
		memcpy(w, s, n);
		a = (a ^ w[0]) * 0x94d049bb133111ebULL;
	}
	return hash_mix(a);
}

#endif
