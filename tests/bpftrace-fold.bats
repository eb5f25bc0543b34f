#!/usr/bin/env bats
# bpftrace-fold: bpftrace's maps of stacks to folded stacks, as
# stackcollapse-bpftrace.pl folds them

load helper

B=""
setup() {
	B=$DATA/bpftrace
}

@test "bpftrace-fold: --includeoffset folds to stackcollapse-bpftrace.pl's stacks; offsets go by default" {
	run bpftrace-fold --includeoffset "$B/kstack.txt"
	status_is 0
	cmp <(bpftrace-fold --includeoffset "$B/kstack.txt") "$B/kstack-includeoffset.expected"
	bpftrace-fold "$B/kstack.txt" >"$BATS_TEST_TMPDIR/out"
	# the two ip_output stacks are one without their offsets
	[ "$(wc -l <"$BATS_TEST_TMPDIR/out")" -eq 3 ]
	grep -q '^secondary_startup_64;start_secondary;.*;tcp_transmit_skb;ip_output 11452$' "$BATS_TEST_TMPDIR/out"
	[ "$(awk '{ s += $NF } END { print s }' "$BATS_TEST_TMPDIR/out")" = 36458 ]
}

@test "bpftrace-fold: perf mode's addresses go" {
	folds bpftrace-fold "$(cat "$B/perf-mode.txt")\n" 'entry_SYSCALL_64_after_hwframe;do_syscall_64;ksys_mmap_pgoff;vm_mmap_pgoff;do_mmap 3\nentry_SYSCALL_64_after_hwframe;do_syscall_64;sys_mmap;sys_mmap_pgoff;do_mmap 22186'
	# raw mode: an address alone is kept
	folds bpftrace-fold '@[\n\tffffffffb4019501\n\tffffffffb401700a\n]: 2\n' 'ffffffffb401700a;ffffffffb4019501 2'
}

@test "bpftrace-fold: scalar keys are a root frame, two stacks join, an empty stack is its keys" {
	run bpftrace-fold "$B/keys.txt"
	status_is 0
	[ "${lines[0]}" = "bpftrace-fold: $B/keys.txt: 1 lines not understood, left out (the first, line 2: Tracing CPU stacks... Hit Ctrl-C to end.)" ]
	[ "${lines[1]}" = "cat,_1234;_start;__libc_start_main;main;__GI___libc_read;entry_SYSCALL_64_after_hwframe;do_syscall_64 5" ]
	[ "${lines[2]}" = "cpuhp/2,_33;kthread;partition_sched_domains_locked;0x80000007524b34a4 1" ]
	[ "${lines[4]}" = "swapper/0,_0 7" ]
	[ "${#lines[@]}" -eq 5 ]
	# scalars before the stack; a named map; no frame at all
	folds bpftrace-fold '@stacks[bash, \n    f+1\n    g+2\n]: 4\n@stacks[\n]: 2\n' '[unknown] 2\nbash;g;f 4'
}

@test "bpftrace-fold: frames are guarded as labels; files and stdin add up" {
	folds bpftrace-fold '@[\n    a;b+1\n    worker 12\n    # x\n]: 4\n' '#_x;worker_12;a:b 4'
	run bpftrace-fold "$BATS_TEST_TMPDIR/in" - <"$BATS_TEST_TMPDIR/in"
	[ "$output" = "#_x;worker_12;a:b 8" ]
}

@test "bpftrace-fold: several maps are added up and said so" {
	printf '@a[\n    f+1\n]: 1\n@b[\n    f+2\n]: 2\n' >"$BATS_TEST_TMPDIR/in"
	run bpftrace-fold "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "${lines[0]}" = "bpftrace-fold: $BATS_TEST_TMPDIR/in: the stacks of several maps are added up (@a and others)" ]
	[ "${lines[1]}" = "f 3" ]
}

@test "bpftrace-fold: a histogram, a bad count, a file cut inside an entry, no map at all: errors" {
	printf '@[\n    f+1\n]: \n[0, 1)  3 |@@@|\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "bpftrace-fold: $BATS_TEST_TMPDIR/in:3: the value is not a count: a map of stacks folds when its values are counts (count(), sum())" \
	    bpftrace-fold "$BATS_TEST_TMPDIR/in"
	printf '@[\n    f+1\n]: -4\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "bpftrace-fold: $BATS_TEST_TMPDIR/in:3: the value is not a count: a map of stacks folds when its values are counts (count(), sum())" \
	    bpftrace-fold "$BATS_TEST_TMPDIR/in"
	printf '@[\n    f+1\n]: 18446744073709551616\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "bpftrace-fold: $BATS_TEST_TMPDIR/in:3: count overflows: 18446744073709551616" \
	    bpftrace-fold "$BATS_TEST_TMPDIR/in"
	printf 'Attaching 1 probe...\n@[\n    f+1\n    g+1\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "bpftrace-fold: $BATS_TEST_TMPDIR/in:4: the file ends inside a map's entry (no \"]: COUNT\" after the entry of line 2)" \
	    bpftrace-fold "$BATS_TEST_TMPDIR/in"
	printf 'hello\n@count: 5\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "bpftrace-fold: $BATS_TEST_TMPDIR/in:1: no map of stacks: not bpftrace's output?" \
	    bpftrace-fold "$BATS_TEST_TMPDIR/in"
}

@test "bpftrace-fold: fg-fold tells a map of stacks and runs it" {
	run fg-fold -v "$B/perf-mode.txt"
	status_is 0
	[ "${lines[0]}" = "fg-fold: $B/perf-mode.txt: a bpftrace map of stacks: bpftrace-fold" ]
	cmp <(fg-fold <"$B/kstack.txt") <(bpftrace-fold "$B/kstack.txt")
	run fg-top "$B/kstack.txt"
	status_is 1
	[ "$output" = "fg-top: $B/kstack.txt: not folded stacks but a bpftrace map of stacks: read it with bpftrace-fold (or fg-fold)" ]
}

@test "bpftrace-fold: --no-header is taken; a bad option is a usage error" {
	cmp <(bpftrace-fold --no-header "$B/kstack.txt") <(bpftrace-fold "$B/kstack.txt")
	run bpftrace-fold --bogus
	status_is 2
	[ "${lines[1]}" = "Try 'bpftrace-fold --help' for more information." ]
}
