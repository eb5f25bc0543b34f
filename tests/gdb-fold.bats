#!/usr/bin/env bats
# gdb-fold: gdb's and eu-stack's backtraces to folded stacks, as
# stackcollapse-gdb.pl and stackcollapse-elfutils.pl fold them

load helper

G=""
setup() {
	G=$DATA/gdb
}

@test "gdb-fold: gdb's and eu-stack's recordings fold to the references' stacks and counts" {
	cmp <(gzip -dc "$G/bt.txt.gz" | gdb-fold) "$G/bt.expected"
	cmp <(gdb-fold "$G/eu.txt") "$G/eu.expected"
	cmp <(gdb-fold --pid --tid "$G/eu.txt") "$G/eu-pid-tid.expected"
	# eight runs of four threads: 32 backtraces each way
	[ "$(gzip -dc "$G/bt.txt.gz" | gdb-fold | awk '{ s += $NF } END { print s }')" = 32 ]
	[ "$(gdb-fold "$G/eu.txt" | awk '{ s += $NF } END { print s }')" = 32 ]
}

@test "gdb-fold: eu-stack -v's modules and source lines are left out" {
	run gdb-fold "$G/eu-v.txt"
	status_is 0
	[ "${#lines[@]}" -eq 4 ]
	[ "${lines[2]}" = "__clone3;start_thread;sorter;__GI___qsort_r;msort_with_tmp;msort_with_tmp;msort_with_tmp;msort_with_tmp 1" ]
	[ "${lines[3]}" = "_start;__libc_start_main_impl;__libc_start_call_main;main;__sleep;__GI___nanosleep;__GI___clock_nanosleep 1" ]
}

@test "gdb-fold: C++ names whole, inlined frames, '??', no address, a frame with no symbol" {
	folds gdb-fold 'Thread 1 (Thread 0x7f (LWP 12) "x"):\n#0  std::map<int, std::less<int> >::find (this=0x1, k=...) at map.h:3\n#1  0x00000000004005d0 in ns::f(int) [clone .cold] (x=1)\n#2  0x00007f00000000aa in ?? () from /lib/libc.so.6\n#3  0x00000000004005e0 in main () at a.c:9\n' 'main;??;ns::f(int) [clone .cold];std::map<int, std::less<int> >::find 1'
	folds gdb-fold 'TID 12:\n#0  0x00007f00000000aa\n#1  0x00000000004005e0 main\n' 'main;[unknown] 1'
}

@test "gdb-fold: --tid names gdb's threads by their LWP, --pid eu-stack's process" {
	gzip -dc "$G/bt.txt.gz" >"$BATS_TEST_TMPDIR/bt.txt"
	run gdb-fold --tid --pid "$BATS_TEST_TMPDIR/bt.txt"
	status_is 0
	[ "$(printf '%s\n' "${lines[@]}" | cut -d';' -f1 | sort -u | tr '\n' ' ')" = "TID=5945 TID=5946 TID=5949 TID=5950 " ]
	folds gdb-fold 'PID 7 - process\nTID 8:\n#0  0x1 f\nTID 9:\n#0  0x1 g\nPID 10 - process\nTID 11:\n#0  0x1 f\n' 'PID=10;TID=11;f 1\nPID=7;TID=8;f 1\nPID=7;TID=9;g 1' --pid --tid
}

@test "gdb-fold: a backtrace ends at a line that is no frame; frames are guarded; files add up" {
	folds gdb-fold '#0  0x1 in a;b (x=1)\n#1  0x2 in worker 12 ()\n(More stack frames follow...)\n#0  0x1 in c ()\n' 'c 1\nworker_12;a:b 1'
	run gdb-fold "$BATS_TEST_TMPDIR/in" - <"$BATS_TEST_TMPDIR/in"
	[ "$output" = "c 2"$'\n'"worker_12;a:b 2" ]
}

@test "gdb-fold: text with no frame says so" {
	printf 'hello\nworld\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "gdb-fold: $BATS_TEST_TMPDIR/in: no frame (\"#0 ...\"): not the output of gdb's backtrace or eu-stack?" \
	    gdb-fold "$BATS_TEST_TMPDIR/in"
	printf 'a;b 1\nc 2\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "gdb-fold: $BATS_TEST_TMPDIR/in: not gdb backtraces (thread apply all bt) but folded stacks, which need no folding" \
	    gdb-fold "$BATS_TEST_TMPDIR/in"
}

@test "gdb-fold: fg-fold tells gdb's backtraces and eu-stack's apart and runs gdb-fold" {
	gzip -dc "$G/bt.txt.gz" >"$BATS_TEST_TMPDIR/bt.txt"
	run fg-fold -v "$BATS_TEST_TMPDIR/bt.txt"
	status_is 0
	[ "${lines[0]}" = "fg-fold: $BATS_TEST_TMPDIR/bt.txt: gdb backtraces (thread apply all bt): gdb-fold" ]
	run fg-fold -v "$G/eu-v.txt"
	[ "${lines[0]}" = "fg-fold: $G/eu-v.txt: eu-stack backtraces: gdb-fold" ]
	cmp <(fg-fold "$G/eu.txt") "$G/eu.expected"
	run fg-merge "$G/eu.txt"
	status_is 1
	[ "$output" = "fg-merge: $G/eu.txt: not folded stacks but eu-stack backtraces: read it with gdb-fold (or fg-fold)" ]
}

@test "gdb-fold: --no-header is taken; a bad option is a usage error" {
	cmp <(gdb-fold --no-header "$G/eu.txt") "$G/eu.expected"
	run gdb-fold --bogus
	status_is 2
	[ "${lines[1]}" = "Try 'gdb-fold --help' for more information." ]
}
