#!/usr/bin/env bats
# jstack-fold: Java thread dumps to folded stacks, as
# stackcollapse-jstack.pl folds them

load helper

J=""
setup() {
	J=$DATA/jstack
}

@test "jstack-fold: OpenJDK 17's dumps fold to stackcollapse-jstack.pl's stacks, with each option" {
	local o
	for o in "" no-include-tname include-tid; do
		gzip -dc "$J/dumps.txt.gz" | jstack-fold ${o:+--$o} >"$BATS_TEST_TMPDIR/out"
		gzip -dc "$J/dumps${o:+-$o}.expected.gz" | cmp - "$BATS_TEST_TMPDIR/out" || { echo "--$o" >&2; return 1; }
	done
	cmp <(jstack-fold "$J/jcmd.txt") "$J/jcmd.expected"
	cmp <(jstack-fold "$J/jstack-l.txt") "$J/jstack-l.expected"
	# twelve dumps: the two pool threads, one by name, are 24 samples
	[ "$(gzip -dc "$J/dumps.txt.gz" | jstack-fold | awk '/^pool-1-thread;/ { s += $NF } END { print s }')" = 24 ]
}

@test "jstack-fold: --shorten-pkgs writes initials, and keeps a method without a package whole" {
	gzip -dc "$J/dumps.txt.gz" | jstack-fold --shorten-pkgs >"$BATS_TEST_TMPDIR/out"
	# the reference's lines without the empty frames it makes are ours
	gzip -dc "$J/dumps-shorten-pkgs.expected.gz" | grep -v ';;\|; [0-9]*$' >"$BATS_TEST_TMPDIR/want"
	[ -s "$BATS_TEST_TMPDIR/want" ]
	[ -z "$(comm -23 "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/out")" ]
	grep -q '^fib-worker;j.l.Thread.run;App$$Lambda$3/0x[0-9a-f]*.run;App.lambda$main$0;App.fib;' "$BATS_TEST_TMPDIR/out"
	grep -q ';j.u.c.ThreadPoolExecutor.runWorker;' "$BATS_TEST_TMPDIR/out"
}

# a thread's block: NAME STATE FRAME... (each frame "at" a line)
thread() {
	local name=$1 state=$2
	shift 2
	printf '"%s" #1 prio=5 os_prio=0 tid=0x1 nid=0x2 runnable  [0x3]\n   java.lang.Thread.State: %s\n' "$name" "$state"
	printf '\tat %s\n' "$@"
	printf '\n'
}

@test "jstack-fold: only running threads count, less the JVM's own and those waiting on epoll or the network" {
	{
		echo '2024-01-31 12:00:00'
		echo 'Full thread dump OpenJDK 64-Bit Server VM (17 mixed mode):'
		echo
		thread worker-7 RUNNABLE 'a.B.leaf(B.java:3)' 'a.B.run(B.java:1)'
		thread sleeper 'TIMED_WAITING (sleeping)' 'java.lang.Thread.sleep(Native Method)'
		thread 'C2 CompilerThread0' RUNNABLE 'x.Y.z(Y.java:1)'
		thread poller RUNNABLE 'sun.nio.ch.EPoll.wait(Native Method)' 'x.P.run(P.java:1)'
		thread reader RUNNABLE 'java.net.SocketInputStream.socketRead0(Native Method)'
		thread accept RUNNABLE 'sun.nio.ch.Net.accept(Native Method)'
		echo 'JNI global refs: 9, weak refs: 0'
	} >"$BATS_TEST_TMPDIR/in"
	run jstack-fold "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "accept;sun.nio.ch.Net.accept 1"$'\n'"worker;a.B.run;a.B.leaf 1" ]
	run jstack-fold --all-states --include-tid "$BATS_TEST_TMPDIR/in"
	[ "${#lines[@]}" -eq 6 ]
	[ "${lines[5]}" = "worker-7;a.B.run;a.B.leaf 1" ]
	[ "${lines[4]}" = "sleeper;java.lang.Thread.sleep 1" ]
}

@test "jstack-fold: a stack cut short is left out and said; lines not understood are said" {
	{
		thread a RUNNABLE 'x.Y.leaf(Y.java:1)' 'x.Y.root(Y.java:2)' | head -n 3
		echo '2024-01-31 12:00:01'
		thread b RUNNABLE 'x.Y.leaf(Y.java:1)'
		echo 'something else'
		echo 'and more'
		thread c RUNNABLE 'x.Y.leaf(Y.java:1)' | head -n 3
	} >"$BATS_TEST_TMPDIR/in"
	run jstack-fold "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "${lines[0]}" = "jstack-fold: $BATS_TEST_TMPDIR/in: 2 thread stacks cut short (no blank line after them), left out (the first at line 1)" ]
	[ "${lines[1]}" = "jstack-fold: $BATS_TEST_TMPDIR/in: 2 lines not understood, left out (the first, line 9: something else)" ]
	[ "${lines[2]}" = "b;x.Y.leaf 1" ]
	[ "${#lines[@]}" -eq 3 ]
	printf 'hello\nworld\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "jstack-fold: $BATS_TEST_TMPDIR/in:1: no thread's state found: not a Java thread dump?" \
	    jstack-fold "$BATS_TEST_TMPDIR/in"
}

@test "jstack-fold: names and frames are guarded; files and stdin add up; the last of an option's two forms wins" {
	thread 'pool;x 12' RUNNABLE 'a.b;c(X.java:1)' >"$BATS_TEST_TMPDIR/in"
	run jstack-fold --include-tid "$BATS_TEST_TMPDIR/in" - <"$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "pool:x_12;a.b:c 2" ]
	run jstack-fold --include-tname --no-include-tname --shorten-pkgs --no-shorten-pkgs "$BATS_TEST_TMPDIR/in"
	[ "$output" = "a.b:c 1" ]
	run jstack-fold --no-include-tid --include-tid "$BATS_TEST_TMPDIR/in"
	[ "$output" = "pool:x_12;a.b:c 1" ]
}

@test "jstack-fold: fg-fold tells a thread dump and runs it" {
	run fg-fold -v "$J/jcmd.txt"
	status_is 0
	[ "${lines[0]}" = "fg-fold: $J/jcmd.txt: a Java thread dump (jstack, jcmd Thread.print): jstack-fold" ]
	cmp <(gzip -dc "$J/dumps.txt.gz" | fg-fold) <(gzip -dc "$J/dumps.txt.gz" | jstack-fold)
	run fg-svg "$J/jstack-l.txt"
	status_is 1
	[ "$output" = "fg-svg: $J/jstack-l.txt: not folded stacks but a Java thread dump (jstack, jcmd Thread.print): read it with jstack-fold (or fg-fold)" ]
}

@test "jstack-fold: --no-header is taken; a bad option is a usage error" {
	cmp <(jstack-fold --no-header "$J/jcmd.txt") "$J/jcmd.expected"
	run jstack-fold --bogus
	status_is 2
	[ "${lines[1]}" = "Try 'jstack-fold --help' for more information." ]
}

@test "jstack-fold --lines: frames METHOD at FILE:LINE, a module's prefix left out, native methods without one" {
	gzip -dc "$J/dumps.txt.gz" | jstack-fold --lines >"$BATS_TEST_TMPDIR/out"
	grep -q ';java.lang.Thread.run at Thread.java:840;' "$BATS_TEST_TMPDIR/out"
	# the same stacks, frame for frame, without their lines
	diff <(sed 's/ at [^;]*\(;\| [0-9]*$\)/\1/g' "$BATS_TEST_TMPDIR/out" | fg-merge --no-header) \
	    <(gzip -dc "$J/dumps.txt.gz" | jstack-fold)
	printf '"main" #1 prio=5\n   java.lang.Thread.State: RUNNABLE\n\tat Leaf.native(Native Method)\n\tat Gen.x(Unknown Source)\n\tat App.work(app//App.java:12)\n\tat Nofile.run(java.base@17/Nofile.java)\n\tat App.main(App.java:42)\n\n' |
	    jstack-fold --lines >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = 'main;App.main at App.java:42;Nofile.run at Nofile.java;App.work at App.java:12;Gen.x;Leaf.native 1' ]
	# with --shorten-pkgs
	printf '"main" #1 prio=5\n   java.lang.Thread.State: RUNNABLE\n\tat java.util.concurrent.ThreadPoolExecutor.runWorker(java.base@17/ThreadPoolExecutor.java:1136)\n\n' |
	    jstack-fold --lines --shorten-pkgs >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = 'main;j.u.c.ThreadPoolExecutor.runWorker at ThreadPoolExecutor.java:1136 1' ]
}
