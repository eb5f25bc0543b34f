/*
 * gen-folded: a deterministic, realistic folded-stack file for the
 * benchmarks.  A random call tree of C++-style frames (spaces, "::",
 * templates) gives STACKS unique stacks of depth 5 to 60 that share
 * their prefixes; lines are drawn from them, repeats included, in
 * random order, until BYTES have been written.
 *
 * STYLE rust gives Rust-style frames instead ("<T as Trait>::f",
 * "{{closure}}", hashes), with the same shape.  STYLE each writes
 * every stack once first, in random order (a profile of STACKS unique
 * stacks, about 18 frames of the call tree each), then draws as above.
 * STYLE real writes STACKS unique stacks once each, sorted as the
 * folders write them, of a shape taken from real recordings
 * (tests/data: perf, jlprof): see gen_real.
 *
 * usage: gen-folded BYTES STACKS [SEED [STYLE]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"


static const char *ns[] = { "std", "app", "net", "io", "db", "util", "core", "gfx" };
static const char *cls[] = { "Server", "Parser", "vector<int, std::allocator<int> >",
	"Buffer", "Session", "map<std::string, Value>", "Worker", "Cache", "Row" };
static const char *fn[] = { "run", "parse", "push_back", "read", "write", "lookup",
	"operator()", "handle", "flush", "compute", "insert", "step" };
static const char *args[] = { "()", "(int)", "(unsigned long, char const*)",
	"(std::string const&)", "(void*)", "()" };
static const char *crates[] = { "core", "alloc", "tokio", "serde_json", "hyper", "app",
	"std", "rayon" };
static const char *types[] = { "Vec<u8>", "HashMap<String, Value>", "Option<Box<dyn Fn()>>",
	"Runtime", "Deserializer<R>", "Pool", "&mut [u8]", "Arc<Mutex<State>>", "Request" };
static const char *traits[] = { "Iterator", "Future", "Drop", "fmt::Debug", "Read", "Serialize" };

/* A number in [0, n) of about 1/(r + 1) odds: as many of [1, 2) as of
 * [2, 4), [4, 8), ... (popular functions, long tails). */
static uint32_t
logunif(uint32_t n)
{
	uint32_t bits = 0, r;

	while (n >> bits > 1)
		bits++;
	r = (1u << (next() % (bits + 1))) - 1;
	r += (uint32_t)(next() % (r + 1));
	return r < n ? r : n - 1;
}

static const char *files[] = { "mod.rs", "vec.rs", "malloc.c", "typeinfer.jl", "server.cc",
	"parser.cpp", "hash_table.h", "abstractinterpretation.jl", "memory.c", "iterator.rs",
	"rt.rs", "stl_algo.h", "boot.jl", "inlining.jl", "http_conn.cc", "btree.c" };
static const char *tmpl[] = { "int", "std::string", "char", "unsigned long", "Value*",
	"std::pair<int const, std::string>", "Row" };

/* Name k of the real style into buf: C++ of nested templates, Rust of
 * traits and hashes, C and the kernel's, Java's paths, Julia's; many
 * with " at FILE:LINE" (perf-fold --lines, jlprof-fold) and some
 * with an annotation ("_[i]" inlined, "_[k]" kernel, "_[j]" JIT). */
static void
real_name(char *buf, size_t cap, size_t k)
{
	size_t n = 0, t, i;
	unsigned kind = next() % 20, line = 1 + next() % 4000;

	if (kind < 7) {
		n = snprintf(buf, cap, "%s::%s::%s", ns[next() % 8], ns[next() % 8], cls[next() % 9]);
		/* template arguments, nested: Class<A, B<C, D<E> > > */
		for (t = next() % 4, i = 0; i < t; i++)
			n += snprintf(buf + n, cap - n, "<%s, ", tmpl[next() % 7]);
		n += snprintf(buf + n, cap - n, "%s", t ? tmpl[next() % 7] : "");
		for (i = 0; i < t; i++)
			n += snprintf(buf + n, cap - n, " >");
		n += snprintf(buf + n, cap - n, "::%s_%zu%s", fn[next() % 12], k, args[next() % 6]);
	} else if (kind < 11) {
		if (next() & 1)
			n = snprintf(buf, cap, "<%s as %s::%s>::%s_%zu", types[next() % 9], crates[next() % 8],
			    traits[next() % 6], fn[next() % 12], k);
		else
			n = snprintf(buf, cap, "%s::%s::%s_%zu::{{closure}}", crates[next() % 8], types[next() % 9],
			    fn[next() % 12], k);
	} else if (kind < 14) {
		n = snprintf(buf, cap, "%s%s_%zu", next() & 1 ? "__" : "do_", fn[next() % 12], k);
	} else if (kind < 17) {
		n = snprintf(buf, cap, "org/%s/%s/%s%zu.%s", ns[next() % 8], ns[next() % 8], cls[next() % 4],
		    k, fn[next() % 12]);
	} else {
		n = snprintf(buf, cap, "%s_%zu! at %s:%u", fn[next() % 12], k, files[next() % 16], line);
	}
	if (kind < 14 && next() % 5 < 2)
		n += snprintf(buf + n, cap - n, " at %s:%u", files[next() % 16], line);
	t = next() % 16;
	if (t < 3)
		snprintf(buf + n, cap - n, "%s", t == 0 ? "_[i]" : t == 1 ? (kind < 14 ? "_[k]" : "_[j]") : "_[i]");
}

/* The real style's call graph: function f calls callee[off[f]..off[f + 1]). */
static uint32_t *callee, *off;

/* The function a frame of f calls next: most often one of its few
 * first callees, sometimes of a wide fan-out. */
static uint32_t
real_call(uint32_t f)
{
	uint32_t n = off[f + 1] - off[f];

	return callee[off[f] + logunif(n)];
}

/* frame comparison of stacks a and b (ids into names), as sorted text */
static char **rnames;
static uint32_t **rstack;
static uint32_t *rlen;

static int
real_cmp(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y, i;
	int c;

	for (i = 0; i < rlen[a] && i < rlen[b]; i++)
		if (rstack[a][i] != rstack[b][i] && (c = strcmp(rnames[rstack[a][i]], rnames[rstack[b][i]])))
			return c;
	return rlen[a] < rlen[b] ? -1 : rlen[a] > rlen[b];
}

/*
 * The real style: nstacks stacks, every one once, sorted.  Of the
 * recordings in tests/data (perf.folded, jlprof's, perf's --lines):
 * functions about a quarter as many as the stacks, 20 to 80 bytes of
 * name a frame with a long tail; a call graph of functions whose
 * callees are mostly a few, some of a fan-out of hundreds, the popular
 * ones (malloc's kind) called from everywhere; depths of 5 to 60 with
 * a tail to 250, runs of recursion (a function, or two in turn,
 * calling itself up to 60 times); counts mostly 1 with a long tail.
 * A stack keeps a prefix of an earlier one and walks on from it, so
 * about 19 frames a stack are new to the tree.
 */
#define SHARE 45	/* a stack keeps up to depth * 100 / SHARE frames of another */
static void
gen_real(uint64_t nstacks)
{
	uint32_t nf = 1000 + (uint32_t)(nstacks / 4), f, i, j, d, depth, keep, *st, *perm, k, len;
	size_t ncallee = 0, cap = 0, pool = 0, poolcap = 0;
	uint32_t *frames = NULL;
	char buf[512];

	rnames = malloc(nf * sizeof(*rnames));
	for (f = 0; f < nf; f++) {
		real_name(buf, sizeof(buf), f);
		rnames[f] = strdup(buf);
	}
	off = malloc((nf + 1) * sizeof(*off));
	callee = NULL;
	for (f = 0; f < nf; f++) {
		uint32_t fan = next() % 10 ? 1 + next() % 6 : 1 + logunif(nf < 1024 ? nf : 1024);

		off[f] = (uint32_t)ncallee;
		if (ncallee + fan > cap) {
			cap = (ncallee + fan) * 2;
			callee = realloc(callee, cap * sizeof(*callee));
		}
		for (k = 0; k < fan; k++)	/* a popular function, or one of its module's */
			callee[ncallee++] = next() % 3 ? (f + 1 + logunif(4096)) % nf : logunif(nf);
	}
	off[nf] = (uint32_t)ncallee;
	rstack = malloc(nstacks * sizeof(*rstack));
	rlen = malloc(nstacks * sizeof(*rlen));
	st = malloc(1024 * sizeof(*st));
	for (i = 0; i < nstacks; i++) {
		depth = next() % 7 ? 5 + next() % 56 : 40 + logunif(210);
		keep = 0;
		if (i > 0) {
			j = (uint32_t)(next() % i);
			keep = (uint32_t)((uint64_t)depth * (next() % 100) / SHARE);
			if (keep > rlen[j])
				keep = rlen[j];
			if (keep < 1)
				keep = 1;
			memcpy(st, rstack[j], keep * sizeof(*st));
		} else {
			st[keep++] = 0;
		}
		if (depth <= keep)
			depth = keep + 1 + next() % 8;
		for (d = keep; d < depth && d < 1000; d++) {
			f = st[d - 1];
			if (next() % 40 == 0) {	/* a run of recursion: f, or f and its callee in turn */
				uint32_t g = next() & 1 ? f : real_call(f), r = 1 + logunif(60);

				for (k = 0; k < r && d < 1000; k++, d++)
					st[d] = k & 1 ? f : g;
				d--;
				continue;
			}
			st[d] = real_call(f);
		}
		len = d;
		if (pool + len > poolcap) {
			/* stacks point into chunks of their own: no realloc moves them */
			poolcap = len > (1u << 22) ? len : 1u << 22;
			frames = malloc(poolcap * sizeof(*frames));
			pool = 0;
		}
		memcpy(frames + pool, st, len * sizeof(*st));
		rstack[i] = frames + pool;
		rlen[i] = len;
		pool += len;
	}
	perm = malloc(nstacks * sizeof(*perm));
	for (i = 0; i < nstacks; i++)
		perm[i] = i;
	qsort(perm, nstacks, sizeof(*perm), real_cmp);
	for (i = 0; i < nstacks; i++) {
		uint32_t s = perm[i], c = next() % 10 < 6 ? 1 : 2 + logunif(next() % 8 ? 64 : 100000);

		for (d = 0; d < rlen[s]; d++) {
			if (d)
				putchar(';');
			fputs(rnames[rstack[s][d]], stdout);
		}
		printf(" %u\n", c);
	}
}

int
main(int argc, char **argv)
{
	uint64_t bytes, written = 0, nstacks, i;
	char **names, **stacks;
	size_t nnames = 6000, *lens, d, depth, len, cap;
	size_t k;

	int rust = argc > 4 && !strcmp(argv[4], "rust");
	int each = argc > 4 && !strcmp(argv[4], "each");
	/* a new stack keeps a share of an earlier one's frames, below 100 / share
	 * (each: about 19 frames of its own, as the corpora) */
	unsigned share = each ? 180 : 100;

	if (argc < 3) {
		fprintf(stderr, "usage: gen-folded BYTES STACKS [SEED [STYLE]]\n");
		return 2;
	}
	bytes = strtoull(argv[1], NULL, 10);
	nstacks = strtoull(argv[2], NULL, 10);
	rng = argc > 3 ? strtoull(argv[3], NULL, 10) * 2654435761u + 1 : 88172645463325252ULL;
	if (argc > 4 && !strcmp(argv[4], "real")) {
		gen_real(nstacks);
		return 0;
	}
	names = malloc(nnames * sizeof(*names));
	for (k = 0; k < nnames; k++) {
		char buf[256];

		if (!rust)
			snprintf(buf, sizeof(buf), "%s::%s::%s%zu%s", ns[next() % 8], cls[next() % 9],
			    fn[next() % 12], k, args[next() % 6]);
		else if (k % 3 == 0)
			snprintf(buf, sizeof(buf), "<%s as %s::%s>::%s%zu", types[next() % 9],
			    crates[next() % 8], traits[next() % 6], fn[next() % 12], k);
		else if (k % 3 == 1)
			snprintf(buf, sizeof(buf), "%s::%s::%s%zu::{{closure}}", crates[next() % 8],
			    fn[next() % 12], fn[next() % 12], k);
		else
			snprintf(buf, sizeof(buf), "%s::%s::%s%zu::h%016llx", crates[next() % 8],
			    types[next() % 9], fn[next() % 12], k, (unsigned long long)next());
		names[k] = strdup(buf);
	}
	stacks = malloc(nstacks * sizeof(*stacks));
	lens = malloc(nstacks * sizeof(*lens));
	for (i = 0; i < nstacks; i++) {
		/* a new stack shares a prefix with an earlier one: a call tree */
		char *s;
		size_t keep = 0;

		depth = 5 + next() % 56;
		cap = 64 * 256;
		s = malloc(cap);
		len = 0;
		if (i > 0) {
			size_t j = next() % i, f = 0, p;

			for (p = 0; p < lens[j] && f < depth - 1; p++)
				if (stacks[j][p] == ';' && ++f == (depth * (next() % 100)) / share)
					break;
			keep = f;
			memcpy(s, stacks[j], p);
			len = p;
		} else {
			len = strlen(strcpy(s, "main"));
			keep = 1;
		}
		for (d = keep; d < depth; d++) {
			const char *nm = names[(next() % 64) * (d + 1) % nnames + (next() % 3)];
			size_t l = strlen(nm);

			if (len)
				s[len++] = ';';
			memcpy(s + len, nm, l);
			len += l;
		}
		stacks[i] = s;
		lens[i] = len;
	}
	if (each) {
		/* every stack once, in an order shuffled by the seed */
		uint64_t *perm = malloc(nstacks * sizeof(*perm)), j, t;

		for (i = 0; i < nstacks; i++)
			perm[i] = i;
		for (i = nstacks; i > 1; i--) {
			j = next() % i;
			t = perm[i - 1];
			perm[i - 1] = perm[j];
			perm[j] = t;
		}
		for (j = 0; j < nstacks; j++) {
			i = perm[j];
			fwrite(stacks[i], 1, lens[i], stdout);
			written += lens[i] + printf(" %u\n", (unsigned)(1 + next() % 100));
		}
		free(perm);
	}
	while (written < bytes) {
		/* skewed: a few stacks are hot */
		uint64_t r = next() % nstacks;
		unsigned count;

		i = (next() & 3) ? r % (nstacks / 8 + 1) : r;
		count = 1 + next() % 100;
		fwrite(stacks[i], 1, lens[i], stdout);
		written += lens[i] + printf(" %u\n", count);
	}
	return 0;
}
