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

# nolines: folded stacks with every frame's " at FILE:LINE" cut, summed
nolines() {
	sed 's/ at [^;]*\(;\| [0-9]*$\)/\1/g' | fg-merge --no-header
}

@test "gdb-fold --lines: gdb's 'at FILE:LINE' and eu-stack -v's source lines make frames NAME at FILE:LINE" {
	gzip -dc "$G/bt.txt.gz" | gdb-fold --lines --no-header >"$BATS_TEST_TMPDIR/bt"
	grep -q ';sleeper at app.c:27;usleep at usleep.c:31;' "$BATS_TEST_TMPDIR/bt"
	# the same stacks, frame for frame, without their lines
	diff <(nolines <"$BATS_TEST_TMPDIR/bt") <(gzip -dc "$G/bt.txt.gz" | gdb-fold --no-header)
	gdb-fold --lines --no-header "$G/eu-v.txt" >"$BATS_TEST_TMPDIR/eu"
	# eu-stack's column left out; a frame without a source line keeps its name
	grep -q '^__clone3 at clone3.S:81;start_thread at pthread_create.c:442;sorter at app.c:20;' "$BATS_TEST_TMPDIR/eu"
	diff <(nolines <"$BATS_TEST_TMPDIR/eu") <(gdb-fold --no-header "$G/eu-v.txt")
	run gdb-fold --lines --full-path --no-header "$G/eu-v.txt"
	[[ "$output" == *";sorter at /home/user/app/app.c:20;__GI___qsort_r at ./stdlib/msort.c:296;"* ]]
	# " at " inside the arguments is not the frame's place; a library's
	# frame ("from") and an eu-stack frame followed by another have none
	printf '#0  0x1 in f (s=0x2 "x at y.c:1") at a.c:3\n#1  0x3 in g () from /lib/libz.so\n#2  main (s=0x4 "z at w.c:2")\n\n' |
	    gdb-fold --lines --no-header >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = 'main;g;f at a.c:3 1' ]
	printf 'TID 1:\n#0  0x1     leaf - /x\n#1  0x2 - 1 mid - /x\n    m.c:7:2\n#2  0x3 - 1 main - /x\n' |
	    gdb-fold --lines --no-header >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = 'main;mid at m.c:7;leaf 1' ]
}
