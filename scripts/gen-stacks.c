/*
 * gen-stacks: deterministic text stack dumps for the benchmarks of the
 * text folders: STACKS unique call paths of depths 8 to 60, each grown
 * from the first frames of an earlier one (stacks share their roots as
 * in a real profile), C++ and Rust names, written in FORMAT until BYTES
 * have been written:
 *
 *   dtrace    DTrace's aggregation of ustack(): frames "module`func+0x1c"
 *             leaf first, a count alone after each stack
 *   stap      SystemTap's print_stack() lines, then a tab and the count
 *   bpftrace  bpftrace's map of kernel stacks, "func+123" leaf first
 *             between "@[" and "]: COUNT"
 *   jstack    jstack's thread dumps: 16 threads a dump, each a stack,
 *             RUNNABLE or not, "\tat FRAME(App.java:LINE)" leaf first
 *   sample    macOS sample's call graph of the stacks (their first frame
 *             one of eight threads'), each with a count of 1 to 50: a
 *             tree a thread, as large as the stacks make them, BYTES aside
 *
 * Past the last stack the list starts again (a file of BYTES larger
 * than the stacks print has each stack more than once).
 *
 * usage: gen-stacks FORMAT BYTES STACKS [SEED]
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

static const char *names[] = {
	"main", "__libc_start_main", "start_thread", "_start",
	"app::Server::handle(app::Request const&)", "app::Parser::parse(char const*, unsigned long)",
	"std::vector<int, std::allocator<int> >::push_back(int const&)",
	"std::_Hashtable<std::string, std::pair<std::string const, int> >::find(std::string const&)",
	"db::Cache::lookup(unsigned long)", "io::Buffer::write(void const*, unsigned long)",
	"core::Worker::run()", "json::Value::operator[](std::string const&)",
	"net::Socket::recv(char*, int)", "malloc", "free", "memcpy", "__memmove_avx_unaligned_erms",
	"_$LT$hyper..proto..h1..dispatch..Dispatcher$LT$D$C$Bs$C$I$C$T$GT$$u20$as$u20$core..future..future..Future$GT$::poll::h5a1f09b2c4d5e6f7",
	"tokio::runtime::task::harness::Harness$LT$T$C$S$GT$::poll::h0123456789abcdef",
	"app::handlers::search::_$u7b$$u7b$closure$u7d$$u7d$::h3a1f09b2c4d5e6f7",
	"serde_json::de::Deserializer$LT$R$GT$::parse_value::h09c2d1e4f5a6b7c8",
	"hashbrown::raw::RawTable$LT$T$C$A$GT$::reserve_rehash::hfedcba9876543210",
	"rayon_core::registry::WorkerThread::wait_until_cold::h1111222233334444",
	"app::model::Document::score", "regex::exec::ExecNoSync::find_at",
	"__GI___poll", "epoll_wait", "pthread_cond_wait@@GLIBC_2.3.2", "read", "write",
};
#define NNAMES (sizeof(names) / sizeof(names[0]))
static const char *modules[] = { "server", "libc.so.1", "libstdc++.so.6", "libpthread.so.1" };

/* a stack: frames root first, as indices into names */
struct stack {
	unsigned char f[64];
	int n;
};

static struct stack *
make(uint64_t nstacks)
{
	struct stack *s = calloc(nstacks, sizeof(*s));
	const struct stack *from;
	uint64_t i;
	int d, keep;

	for (i = 0; i < nstacks; i++) {
		s[i].n = 8 + (int)(next() % 53);
		from = i ? &s[i - 1 - next() % i] : NULL;
		keep = from ? (int)(next() % s[i].n) : 0;
		if (from && keep > from->n)
			keep = from->n;
		if (keep)
			memcpy(s[i].f, from->f, (size_t)keep);
		for (d = keep; d < s[i].n; d++)
			s[i].f[d] = !d ? (unsigned char)(next() % 8) :
			    d < 3 ? (unsigned char)(3 - d) : (unsigned char)(4 + next() % (NNAMES - 4));
	}
	return s;
}

static uint64_t
dtrace(const struct stack *s)
{
	uint64_t w = 0;
	int d;

	for (d = s->n - 1; d >= 0; d--)
		w += (uint64_t)printf("              %s`%s+0x%x\n", modules[s->f[d] % 4], names[s->f[d]],
		    (unsigned)(next() % 0x400));
	return w + (uint64_t)printf("             %u\n\n", (unsigned)(1 + next() % 5000));
}

static uint64_t
stap(const struct stack *s)
{
	uint64_t w = 0;
	int d;

	for (d = s->n - 1; d >= 0; d--)
		w += (uint64_t)printf(" 0x%llx : %s+0x%x/0x%x [%s]\n",
		    (unsigned long long)(0x400000 + next() % 0xfffff), names[s->f[d]],
		    (unsigned)(next() % 0x400), 0x400u, modules[s->f[d] % 4]);
	return w + (uint64_t)printf("\t%u\n", (unsigned)(1 + next() % 5000));
}

static uint64_t
bpftrace(const struct stack *s)
{
	uint64_t w = (uint64_t)printf("@[\n");
	int d;

	for (d = s->n - 1; d >= 0; d--)
		w += (uint64_t)printf("    %s+%u\n", names[s->f[d]], (unsigned)(next() % 2000));
	return w + (uint64_t)printf("]: %u\n", (unsigned)(1 + next() % 5000));
}

static uint64_t
jstack(const struct stack *s)
{
	static unsigned t;
	uint64_t w = 0;
	int d;

	if (!(t % 16))
		w += (uint64_t)printf("2024-01-31 12:00:%02u\nFull thread dump OpenJDK 64-Bit Server "
		    "VM (17.0.15+6 mixed mode, sharing):\n\n", t / 16 % 60);
	w += (uint64_t)printf("\"worker-%u\" #%u prio=5 os_prio=0 cpu=1.00ms elapsed=2.00s "
	    "tid=0x00007f34b0017ea0 nid=0x4cb9 runnable  [0x00007f34b791e000]\n"
	    "   java.lang.Thread.State: %s\n", t % 16, 10 + t % 16, next() % 4 ? "RUNNABLE" : "WAITING (parking)");
	for (d = s->n - 1; d >= 0; d--)
		w += (uint64_t)printf("\tat %s(App.java:%u)\n", names[s->f[d]], (unsigned)(next() % 900));
	t++;
	return w + (uint64_t)printf("\n");
}

static int
cmpstack(const void *a, const void *b)
{
	const struct stack *x = a, *y = b;
	int n = x->n < y->n ? x->n : y->n, c = memcmp(x->f, y->f, (size_t)n);

	return c ? c : x->n - y->n;
}

/* the frames stacks a and b share from the root */
static int
lcp(const struct stack *a, const struct stack *b)
{
	int d = 0;

	while (d < a->n && d < b->n && a->f[d] == b->f[d])
		d++;
	return d;
}

/*
 * The call graph of the sorted stacks s[0..n): each node's count, the
 * sum of the stacks below it, found first (a node's line comes before
 * its callees'), then the lines.  A node is where a stack leaves the
 * one before it, numbered in the order of the lines.
 */
static uint64_t
sample(struct stack *s, uint64_t n)
{
	uint64_t i, id = 0, w = 0, *sum, open[64], *cnt = malloc(n * sizeof(*cnt));
	int d, k, l;

	qsort(s, n, sizeof(*s), cmpstack);
	for (i = 0; i < n; i++) {
		cnt[i] = 1 + next() % 50;
		id += (uint64_t)(s[i].n - (i ? lcp(&s[i - 1], &s[i]) : 0));
	}
	sum = calloc(id, sizeof(*sum));
	for (i = 0, id = 0; i < n; i++) {
		for (d = i ? lcp(&s[i - 1], &s[i]) : 0; d < s[i].n; d++)
			open[d] = id++;
		for (d = 0; d < s[i].n; d++)
			sum[open[d]] += cnt[i];
	}
	w += (uint64_t)printf("Analysis of sampling server (pid 4242) every 1 millisecond\n"
	    "Process:         server [4242]\n\nCall graph:\n");
	for (i = 0, id = 0; i < n; i++) {
		for (d = i ? lcp(&s[i - 1], &s[i]) : 0; d < s[i].n; d++, id++) {
			w += (uint64_t)printf("    ");
			for (k = 0; k < d; k++)
				w += (uint64_t)printf("%s", k ? (k % 3 ? "  " : "! ") : "+ ");
			l = s[i].f[d];
			if (!d)
				w += (uint64_t)printf("%llu Thread_%d\n", (unsigned long long)sum[id], 1000 + l);
			else
				w += (uint64_t)printf("%llu %s  (in %s) + %u  [0x%llx]\n",
				    (unsigned long long)sum[id], names[l], modules[l % 4],
				    (unsigned)(next() % 2000), (unsigned long long)(0x100000000ULL + next() % 0xfffffff));
		}
	}
	return w + (uint64_t)printf("\nTotal number in stack (recursive counted multiple, when >=5):\n");
}

int
main(int argc, char **argv)
{
	uint64_t bytes, written = 0, nstacks, i;
	uint64_t (*emit)(const struct stack *);
	struct stack *s;

	if (argc < 4) {
		fprintf(stderr, "usage: gen-stacks FORMAT BYTES STACKS [SEED]\n");
		return 2;
	}
	if (!strcmp(argv[1], "dtrace") || !strcmp(argv[1], "sample"))
		emit = dtrace;
	else if (!strcmp(argv[1], "stap"))
		emit = stap;
	else if (!strcmp(argv[1], "jstack"))
		emit = jstack;
	else if (!strcmp(argv[1], "bpftrace"))
		emit = bpftrace;
	else {
		fprintf(stderr, "gen-stacks: no format '%s'\n", argv[1]);
		return 2;
	}
	bytes = strtoull(argv[2], NULL, 10);
	nstacks = strtoull(argv[3], NULL, 10);
	if (!nstacks)
		return 2;
	if (argc > 4)
		rng += strtoull(argv[4], NULL, 10) * 2654435761u;
	s = make(nstacks);
	if (!strcmp(argv[1], "sample"))
		return !sample(s, nstacks);
	if (!strcmp(argv[1], "dtrace"))
		written += (uint64_t)printf("CPU     ID                    FUNCTION:NAME\n"
		    "  0  64091                        :tick-60s \n\n");
	for (i = 0; written < bytes; i = (i + 1) % nstacks)
		written += emit(&s[i]);
	return 0;
}
