/*
 * gen-pprof: write a large deterministic pprof profile (raw
 * profile.proto; compress it with gzip) for scripts/bench-pprof.
 *
 *   gen-pprof [-n SAMPLES] [-l LOCATIONS] [-f FUNCTIONS]
 *
 * Laid out as Go's runtime/pprof writes a CPU profile: sample types
 * samples/count and cpu/nanoseconds, then the samples (location ids
 * leaf first, packed), one mapping, the locations (one in four with
 * one or two inlined Lines before its own), the functions and the
 * string table.  Stacks 8 to 64 deep walk a call tree of fan-out 6 over
 * the locations, so that stacks share their upper frames as real ones
 * do and most samples are distinct stacks.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gen.h"

static uint64_t
mix(uint64_t x)
{
	x ^= x >> 31;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 29;
	return x;
}

struct buf {
	unsigned char *p;
	size_t n, cap;
};

static void
put(struct buf *b, const void *p, size_t n)
{
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2 + 4096;
		if (!(b->p = realloc(b->p, b->cap)))
			abort();
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

static void
varint(struct buf *b, uint64_t v)
{
	unsigned char c[10];
	int n = 0;

	do {
		c[n] = v & 0x7f;
		v >>= 7;
		if (v)
			c[n] |= 0x80;
		n++;
	} while (v);
	put(b, c, n);
}

static void
uintf(struct buf *b, int field, uint64_t v)
{
	varint(b, (uint64_t)field << 3);
	varint(b, v);
}

static void
msgf(struct buf *b, int field, struct buf *m)
{
	varint(b, (uint64_t)field << 3 | 2);
	varint(b, m->n);
	put(b, m->p, m->n);
	m->n = 0;
}

/* Write out and empty b. */
static void
flush(struct buf *b)
{
	if (fwrite(b->p, 1, b->n, stdout) != b->n)
		exit(1);
	b->n = 0;
}

int
main(int argc, char **argv)
{
	uint64_t nsamp = 500000, nloc = 50000, nfunc = 20000, i, k, loc, ids[64];
	struct buf out = { 0 }, m = { 0 }, s = { 0 }, sub = { 0 };
	char str[96];
	int c, depth, j, nl;

	while ((c = getopt(argc, argv, "n:l:f:")) != -1) {
		if (c == 'n')
			nsamp = strtoull(optarg, NULL, 10);
		else if (c == 'l')
			nloc = strtoull(optarg, NULL, 10);
		else if (c == 'f')
			nfunc = strtoull(optarg, NULL, 10);
		else
			return 2;
	}
	/* strings: 0 "", 1 samples, 2 count, 3 cpu, 4 nanoseconds,
	 * 5 the binary, then a name and a file per function */
	uintf(&m, 1, 1);
	uintf(&m, 2, 2);
	msgf(&out, 1, &m);
	uintf(&m, 1, 3);
	uintf(&m, 2, 4);
	msgf(&out, 1, &m);
	for (i = 0; i < nsamp; i++) {
		depth = 8 + next() % 57;
		loc = next() % 16;
		for (j = 0; j < depth; j++) {
			ids[j] = loc + 1;
			loc = mix(loc * 6 + next() % 6) % nloc;
		}
		for (j = depth - 1; j >= 0; j--)
			varint(&sub, ids[j]);
		msgf(&s, 1, &sub);
		varint(&sub, 1);
		varint(&sub, 10000000);
		msgf(&s, 2, &sub);
		msgf(&out, 2, &s);
		if (out.n > 1 << 20)
			flush(&out);
	}
	uintf(&m, 1, 1);
	uintf(&m, 2, 0x400000);
	uintf(&m, 3, 0x400000 + nloc * 16);
	uintf(&m, 5, 5);
	msgf(&out, 3, &m);
	for (i = 0; i < nloc; i++) {
		uintf(&m, 1, i + 1);
		uintf(&m, 2, 1);
		uintf(&m, 3, 0x400000 + i * 16);
		nl = i % 4 ? 1 : 2 + (int)(i / 4 % 2);
		for (k = 0; k < (uint64_t)nl; k++) {
			uintf(&sub, 1, mix(i * 3 + k) % nfunc + 1);
			uintf(&sub, 2, 10 + mix(i + k) % 900);
			msgf(&m, 4, &sub);
		}
		msgf(&out, 4, &m);
		if (out.n > 1 << 20)
			flush(&out);
	}
	for (i = 0; i < nfunc; i++) {
		uintf(&m, 1, i + 1);
		uintf(&m, 2, 6 + 2 * i);
		uintf(&m, 3, 6 + 2 * i);
		uintf(&m, 4, 7 + 2 * i);
		uintf(&m, 5, 10);
		msgf(&out, 5, &m);
	}
	flush(&out);
	for (i = 0; i < 6; i++) {
		const char *fixed[] = { "", "samples", "count", "cpu", "nanoseconds", "/usr/local/bin/server" };

		put(&m, fixed[i], strlen(fixed[i]));
		msgf(&out, 6, &m);
	}
	for (i = 0; i < nfunc; i++) {
		put(&m, str, snprintf(str, sizeof(str), "example.com/pkg%llu.(*T%llu).Method%llu",
		    (unsigned long long)(i % 97), (unsigned long long)(i % 31), (unsigned long long)i));
		msgf(&out, 6, &m);
		put(&m, str, snprintf(str, sizeof(str), "/src/example.com/pkg%llu/file%llu.go",
		    (unsigned long long)(i % 97), (unsigned long long)(i % 13)));
		msgf(&out, 6, &m);
		if (out.n > 1 << 20)
			flush(&out);
	}
	flush(&out);
	return fflush(stdout) ? 1 : 0;
}
