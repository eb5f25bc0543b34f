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
