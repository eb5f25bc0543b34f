/*
 * gen-perf: a deterministic, realistic "perf script" text for the
 * benchmarks: many threads, kernel and user frames, C++ template names
 * with spaces, depths 10 to 60, STACKS unique call paths, until BYTES
 * have been written.
 *
 * usage: gen-perf BYTES STACKS [SEED]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 88172645463325252ULL;

static uint64_t
rnd(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static const char *user[] = {
	"std::vector<int, std::allocator<int> >::push_back(int const&)",
	"app::Server::handle(app::Request const&)", "app::Parser::parse(char const*, unsigned long)",
	"std::_Hashtable<std::string, std::pair<std::string const, int> >::find(std::string const&)",
	"db::Cache::lookup(unsigned long)", "io::Buffer::write(void const*, unsigned long)",
	"core::Worker::run()", "main", "__libc_start_main", "start_thread", "malloc", "free",
	"memcpy", "json::Value::operator[](std::string const&)", "net::Socket::recv(char*, int)"
};
static const char *kern[] = {
	"entry_SYSCALL_64_fastpath", "sys_read", "vfs_read", "__vfs_read", "ext4_file_read_iter",
	"tcp_sendmsg", "do_page_fault", "__do_page_fault", "handle_mm_fault", "clear_page_erms",
	"native_write_msr_safe", "schedule", "__schedule", "finish_task_switch"
};

int
main(int argc, char **argv)
{
	uint64_t bytes, written = 0, nstacks, i, t = 0;
	char **stacks;
	int len;

	if (argc < 3) {
		fprintf(stderr, "usage: gen-perf BYTES STACKS [SEED]\n");
		return 2;
	}
	bytes = strtoull(argv[1], NULL, 10);
	nstacks = strtoull(argv[2], NULL, 10);
	if (argc > 3)
		state += strtoull(argv[3], NULL, 10) * 2654435761u;
	stacks = malloc(nstacks * sizeof(*stacks));
	for (i = 0; i < nstacks; i++) {
		/* a stack: user frames from the root, maybe kernel frames on top */
		size_t cap = 16384, n = 0, d, depth = 10 + rnd() % 51, nk = rnd() % 3 ? 0 : 2 + rnd() % 6;
		char *s = malloc(cap);

		for (d = 0; d < depth; d++) {
			int k = d >= depth - nk;
			const char *f = k ? kern[rnd() % 14] : user[(d * 7 + rnd() % 4) % 15];
			unsigned long addr = k ? 0xffffffff81000000UL + rnd() % 0xffffff : 0x400000 + rnd() % 0xfffff;

			n += snprintf(s + n, cap - n, "\t    %lx %s+0x%x (%s)\n", addr, f,
			    (unsigned)(rnd() % 0x400), k ? "[kernel.kallsyms]" : "/usr/local/bin/server");
		}
		stacks[i] = s;
	}
	while (written < bytes) {
		uint64_t r = rnd() % nstacks;
		char *s;
		int tid = 1000 + (int)(rnd() % 64);

		i = (rnd() & 3) ? r % (nstacks / 8 + 1) : r;
		t++;
		len = printf("server %d/%d [%03d] %llu.%06llu: %llu cycles:\n", 999, tid,
		    (int)(rnd() % 8), (unsigned long long)(100000 + t / 1000000),
		    (unsigned long long)(t % 1000000), (unsigned long long)(1 + rnd() % 250000));
		/* perf prints the leaf first: the stack's lines in reverse */
		s = stacks[i];
		{
			char *lines[64];
			int nl = 0, j;
			char *p = s;

			while (*p && nl < 64) {
				lines[nl++] = p;
				p = strchr(p, '\n') + 1;
			}
			for (j = nl - 1; j >= 0; j--) {
				char *e = strchr(lines[j], '\n');

				fwrite(lines[j], 1, e - lines[j] + 1, stdout);
				written += e - lines[j] + 1;
			}
		}
		fputc('\n', stdout);
		written += len + 1;
	}
	return 0;
}
