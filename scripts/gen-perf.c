/*
 * gen-perf: a deterministic, realistic "perf script" text for the
 * benchmarks: many threads, kernel and user frames, C++ template names
 * with spaces, depths 10 to 60, STACKS unique call paths, until BYTES
 * have been written.
 *
 * With "rust" after the seed, the frames are those of an async Rust
 * server (generics, trait impls "<A as B>::f", closures, symbol hashes)
 * and each new stack grows from a prefix of an earlier one, so stacks
 * share their roots as in a real profile.
 *
 * usage: gen-perf BYTES STACKS [SEED [rust]]
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

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

static const char *rust[] = {
	"main", "std::rt::lang_start_internal", "std::panicking::try::do_call",
	"core::ops::function::FnOnce::call_once{{vtable.shim}}",
	"std::sys::unix::thread::Thread::new::thread_start",
	"tokio::runtime::task::harness::Harness<T,S>::poll",
	"<hyper::proto::h1::dispatch::Dispatcher<D,Bs,I,T> as core::future::future::Future>::poll",
	"app::handlers::search::{{closure}}", "app::index::Index::lookup::h3a1f09b2c4d5e6f7",
	"serde_json::de::Deserializer<R>::parse_value",
	"<core::iter::adapters::map::Map<I,F> as core::iter::traits::iterator::Iterator>::fold",
	"hashbrown::raw::RawTable<T,A>::reserve_rehash",
	"regex::exec::ExecNoSync::find_at::h09c2d1e4f5a6b7c8",
	"alloc::raw_vec::RawVec<T,A>::reserve::do_reserve_and_handle",
	"<alloc::vec::Vec<T,A> as core::ops::drop::Drop>::drop",
	"core::ptr::drop_in_place<h2::proto::streams::recv::Recv>",
	"rayon_core::registry::WorkerThread::wait_until_cold",
	"<std::io::BufReader<R> as std::io::Read>::read", "__memmove_avx_unaligned_erms",
	"malloc", "app::model::Document::score"
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
	int isrust = argc > 4 && !strcmp(argv[4], "rust");

	rng = 88172645463325252ULL;
	if (argc > 3)
		rng += strtoull(argv[3], NULL, 10) * 2654435761u;
	stacks = malloc(nstacks * sizeof(*stacks));
	for (i = 0; i < nstacks; i++) {
		/* a stack: user frames from the root, maybe kernel frames on top */
		size_t cap = 16384, n = 0, d, depth = 10 + next() % 51, nk = next() % 3 ? 0 : 2 + next() % 6;
		char *s = malloc(cap);

		d = 0;
		if (isrust && i > 0) {
			/* the first frames of an earlier stack */
			const char *from = stacks[next() % i], *p = from;
			size_t keep = next() % depth;

			/* user frames only: kernel frames stay on top */
			for (; d < keep && *p; d++) {
				const char *e = strchr(p, '\n');

				if (memmem(p, e - p, "kallsyms", 8))
					break;
				p = e + 1;
			}
			memcpy(s, from, p - from);
			n = p - from;
		}
		for (; d < depth; d++) {
			int k = d >= depth - nk;
			const char *f = k ? kern[next() % 14] : isrust ?
			    rust[d < 5 ? d : 5 + next() % (sizeof(rust) / sizeof(*rust) - 5)] :
			    user[(d * 7 + next() % 4) % 15];
			unsigned long addr = k ? 0xffffffff81000000UL + next() % 0xffffff : 0x400000 + next() % 0xfffff;

			n += snprintf(s + n, cap - n, "\t    %lx %s+0x%x (%s)\n", addr, f,
			    (unsigned)(next() % 0x400), k ? "[kernel.kallsyms]" : "/usr/local/bin/server");
		}
		stacks[i] = s;
	}
	while (written < bytes) {
		uint64_t r = next() % nstacks;
		char *s;
		int tid = 1000 + (int)(next() % 64);

		i = (next() & 3) ? r % (nstacks / 8 + 1) : r;
		t++;
		len = printf("%s %d/%d [%03d] %llu.%06llu: %llu cycles:\n", isrust ? "search-srv" : "server", 999, tid,
		    (int)(next() % 8), (unsigned long long)(100000 + t / 1000000),
		    (unsigned long long)(t % 1000000), (unsigned long long)(1 + next() % 250000));
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
