/* hash.c: the run's hash key, drawn before main */
#include <stdint.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "base/hash.h"

/* odd defaults: a key that never got set still hashes well */
uint64_t hash_key[4] = {
	0x9e3779b97f4a7c15ULL, 0xbf58476d1ce4e5b9ULL,
	0x94d049bb133111ebULL, 0xd6e8feb86659fd93ULL,
};

/*
 * The kernel's random bytes; failing that (an old kernel, a sandbox),
 * the clock, the process id and where the stack lies, stirred.  Each
 * word is made odd so no multiply by a key word loses the low bits.
 */
__attribute__((constructor)) static void
hash_init(void)
{
	uint64_t r[4], seed;
	struct timespec ts;
	int i;

	if (getentropy(r, sizeof(r)) != 0) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		seed = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 32 ^
		    (uint64_t)getpid() << 16 ^ (uint64_t)(uintptr_t)&ts;
		for (i = 0; i < 4; i++) {
			seed += 0x9e3779b97f4a7c15ULL;
			r[i] = hash_mum(seed ^ hash_key[i], 0xd6e8feb86659fd93ULL);
		}
	}
	for (i = 0; i < 4; i++)
		hash_key[i] = r[i] | 1;
}
