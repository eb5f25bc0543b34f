/* hash.h: a fast keyed hash of byte strings and of integers
 *
 * Every table of the suite hashes through here.  The key is drawn once
 * per run (hash.c), so names crafted against the function cannot make
 * a table's probes quadratic: without the key, colliding inputs cannot
 * be computed.  No output depends on the key: tables are only ever
 * looked up, their entries kept and printed in an order of their own.
 *
 * Blocks of 16 bytes go through a 64x64->128 multiply with both halves
 * keyed and folded (as wyhash does), in three independent lanes so that
 * long stacks hash at memory speed.
 */
#ifndef FG_HASH_H
#define FG_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The run's key: random, set before main (hash.c). */
extern uint64_t hash_key[4];

/* The 128-bit product of a and b, its halves xor-folded. */
static inline uint64_t
hash_mum(uint64_t a, uint64_t b)
{
	__uint128_t r = (__uint128_t)a * b;

	return (uint64_t)r ^ (uint64_t)(r >> 64);
}

/* An integer key (a tree edge, an id pair) to a keyed hash. */
static inline uint64_t
hash_mix(uint64_t h)
{
	return hash_mum(h ^ hash_key[0], hash_key[1]);
}

static inline uint64_t
hash_load(const unsigned char *s)
{
	uint64_t w;

	memcpy(&w, s, 8);
	return w;
}

static inline uint64_t
hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	const uint64_t *k = hash_key;
	uint64_t a = k[0] ^ n, b = k[1] ^ n, c = k[2], w[2];
	size_t len = n;

	for (; n >= 48; s += 48, n -= 48) {
		a = hash_mum(hash_load(s) ^ k[1], hash_load(s + 8) ^ a);
		b = hash_mum(hash_load(s + 16) ^ k[2], hash_load(s + 24) ^ b);
		c = hash_mum(hash_load(s + 32) ^ k[3], hash_load(s + 40) ^ c);
	}
	a ^= b ^ c;
	for (; n >= 16; s += 16, n -= 16)
		a = hash_mum(hash_load(s) ^ k[1], hash_load(s + 8) ^ a);
	if (n) {
		w[0] = w[1] = 0;
		memcpy(w, s, n);
		a = hash_mum(w[0] ^ k[2], w[1] ^ a);
	}
	return hash_mum(a ^ k[3], (uint64_t)len ^ k[0]);
}

#endif
