#!/usr/bin/env bats
# sample-fold: macOS sample's call graphs to folded stacks, as
# inferno-collapse-sample and stackcollapse-sample.awk fold them

load helper

S=""
setup() {
	S=$DATA/sample
}

# a call graph: "Call graph:", the lines given (printf's format), the end
graph() {
	printf 'Analysis of sampling app (pid 1) every 1 millisecond\n\nCall graph:\n%bTotal number in stack (recursive counted multiple, when >=5):\n' "$1"
}

# the two stacks where inferno keeps the last of two calls' counts
# (2 and 2) and sample-fold adds them (7 + 5 + 2 and 4 + 2 + 2)
OPEN='rg`std::fs::OpenOptions::_open;rg`std::sys::unix::fs::File::open;rg`std::sys::unix::fs::File::open_c;rg`std::sys::unix::cvt_r;libsystem_kernel`__open'

@test "sample-fold: inferno's test input folds to its stacks and counts, but where inferno loses samples" {
	sample-fold "$S/sample.txt" >"$BATS_TEST_TMPDIR/out"
	diff "$S/sample.expected" "$BATS_TEST_TMPDIR/out" >"$BATS_TEST_TMPDIR/diff" || true
	[ "$(grep -c '^[<>]' "$BATS_TEST_TMPDIR/diff")" -eq 4 ]
	grep '^< ' "$BATS_TEST_TMPDIR/diff" | grep -q "create_gitignore;.*;$OPEN 2\$"
	[ "$(grep '^> ' "$BATS_TEST_TMPDIR/diff" | grep "create_gitignore;.*;${OPEN//\`/.} [0-9]*\$" | awk '{ print $NF }' | tr '\n' ' ')" = "14 8 " ]
	sample-fold --no-modules "$S/sample.txt" >"$BATS_TEST_TMPDIR/out"
	[ "$(diff "$S/sample-no-modules.expected" "$BATS_TEST_TMPDIR/out" | grep -c '^[<>]')" -eq 4 ]
}

@test "sample-fold: every sample is counted: the threads' totals, less the waiting ones" {
	run sample-fold --waits "$S/sample.txt"
	[ "$(awk '{ s += $NF } END { print s }' <<<"$output")" = "$(awk '/^    [0-9]/ { s += $1 } END { print s }' "$S/sample.txt")" ]
	run sample-fold "$S/sample.txt"
	[ "$(awk '{ s += $NF } END { print s }' <<<"$output")" = 1429 ]
}

@test "sample-fold: a caller's own samples are a stack of their own" {
	graph '    10 Thread_1\n    + 10 main  (in app) + 1  [0x1]\n    +   6 f(int)  (in libfoo.dylib) + 2  [0x2]\n    +   1 g  (in app) + 3  [0x3]\n' >"$BATS_TEST_TMPDIR/g"
	folds sample-fold "$(cat "$BATS_TEST_TMPDIR/g")" 'Thread_1;app`main 3\nThread_1;app`main;app`g 1\nThread_1;app`main;libfoo`f 6'
	folds sample-fold "$(cat "$BATS_TEST_TMPDIR/g")" 'Thread_1;main 3\nThread_1;main;f 6\nThread_1;main;g 1' --no-modules
}

@test "sample-fold: waiting threads are left out, by the whole function name; --waits keeps them" {
	graph '    9 Thread_1\n    + 5 __psynch_cvwait  (in libsystem_kernel.dylib) + 1  [0x1]\n    + 3 PR_GetCurrentThread  (in libnss3.dylib) + 2  [0x2]\n    + 1 read  (in app) + 3  [0x3]\n' >"$BATS_TEST_TMPDIR/g"
	folds sample-fold "$(cat "$BATS_TEST_TMPDIR/g")" 'Thread_1;libnss3`PR_GetCurrentThread 3'
	folds sample-fold "$(cat "$BATS_TEST_TMPDIR/g")" 'Thread_1;app`read 1\nThread_1;libnss3`PR_GetCurrentThread 3\nThread_1;libsystem_kernel`__psynch_cvwait 5' --waits
}

@test "sample-fold: thread lines, Objective-C methods, Rust symbols, C++ arguments, guarded frames" {
	graph '    4 Thread_7   DispatchQueue_1: com.apple.main-thread  (serial)\n    + 4 -[NSView(NSInternal) _draw:]  (in AppKit) + 1  [0x1]\n    +   3 _$LT$std..fs..ReadDir$u20$as$u20$core..iter..Iterator$GT$::next::hc14f1750ca79129b  (in rg) + 2  [0x2]\n    +     2 ns::f(int, char const*) const  (in libx.dylib) + 3  [0x3]\n    +       1 worker 12;x  (in a) + 4  [0x4]\n' >"$BATS_TEST_TMPDIR/g"
	T='Thread_7   DispatchQueue_1: com.apple.main-thread;AppKit`-[NSView(NSInternal) _draw:]'
	R='rg`<std::fs::ReadDir as core::iter::Iterator>::next'
	folds sample-fold "$(cat "$BATS_TEST_TMPDIR/g")" "$T 1\n$T;$R 1\n$T;$R;libx\`ns::f 1\n$T;$R;libx\`ns::f;a\`worker 12:x 1"
}

@test "sample-fold: the header and what follows the call graph are skipped; graphs and files add up" {
	graph '    2 Thread_1\n    + 2 main  (in app) + 1  [0x1]\n' >"$BATS_TEST_TMPDIR/g"
	printf 'Sort by top of stack, same collapsed (when >= 5):\n        main  (in app)        2\n\nBinary Images:\n       0x1 -        0x2 +app (0) <UUID> /bin/app\n' >>"$BATS_TEST_TMPDIR/g"
	cat "$BATS_TEST_TMPDIR/g" "$BATS_TEST_TMPDIR/g" >"$BATS_TEST_TMPDIR/g2"
	run sample-fold "$BATS_TEST_TMPDIR/g2" - <"$BATS_TEST_TMPDIR/g"
	status_is 0
	[ "$output" = 'Thread_1;app`main 6' ]
}

# rejects LINES MESSAGE: a call graph of LINES is an error at line 5
# (its second line), with MESSAGE, nothing on standard output
rejects() {
	graph "    2 Thread_1\n$1" >"$BATS_TEST_TMPDIR/bad"
	fails_with "sample-fold: $BATS_TEST_TMPDIR/bad:5: $2" sample-fold "$BATS_TEST_TMPDIR/bad"
}

@test "sample-fold: bad call graph lines say what is wrong, with their line" {
	rejects '+ 2 main  (in app)\n' "a call graph line that does not start with four spaces"
	rejects '    +  2 main  (in app)\n' "odd indentation: 3 characters, not two a level"
	rejects '    +   2 main  (in app)\n' "skipped indentation level: 1 levels below the line before"
	rejects '    + main  (in app)\n' "bad sample count: 'main'"
	rejects '    + 99999999999999999999 main\n' "sample count overflows: 99999999999999999999"
	rejects '    + |:!\n' "a call graph line of indentation alone"
	rejects '    + 2   \n' "no frame after the sample count"
	rejects '    + 3 main  (in app)\n' "the samples of the callees add up to more than their caller's 2"
}

@test "sample-fold: a file cut inside its call graph, or with none, is an error" {
	graph '    2 Thread_1\n    + 2 main  (in app) + 1  [0x1]\n' | head -n 5 >"$BATS_TEST_TMPDIR/cut"
	fails_with "sample-fold: $BATS_TEST_TMPDIR/cut:5: the file ends inside the call graph (no \"Total number in stack\" line after it)" \
	    sample-fold "$BATS_TEST_TMPDIR/cut"
	printf 'Analysis of sampling app (pid 1) every 1 millisecond\n' >"$BATS_TEST_TMPDIR/none"
	fails_with "sample-fold: $BATS_TEST_TMPDIR/none: no \"Call graph:\" line: not the output of macOS sample?" \
	    sample-fold "$BATS_TEST_TMPDIR/none"
}

@test "sample-fold: a large file read in two parts, cut at a thread's line, folds as one read in order" {
	# 1.2 MB: twelve threads of sample.txt's shape, then the rest of the file
	{
		sed -n '1,/^Call graph:/p' "$S/sample.txt"
		for i in $(seq 60); do
			sed -n '/^Call graph:/,/^Total number/p' "$S/sample.txt" | sed '1d;$d' | sed "s/Thread_\([0-9]*\)/Thread_\1_$i/"
		done
		sed -n '/^Total number/,$p' "$S/sample.txt"
	} >"$BATS_TEST_TMPDIR/big"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/big")" -gt 1048576 ]
	sample-fold <"$BATS_TEST_TMPDIR/big" >"$BATS_TEST_TMPDIR/one"
	[ "$(awk '{ s += $NF } END { print s }' "$BATS_TEST_TMPDIR/one")" = $((60 * 1429)) ]
	sample-fold "$BATS_TEST_TMPDIR/big" | cmp - "$BATS_TEST_TMPDIR/one"
	nothreads
	LD_PRELOAD=$NOTHREADS sample-fold "$BATS_TEST_TMPDIR/big" | cmp - "$BATS_TEST_TMPDIR/one"
	[ -e "$NOTHREADS.called" ]
	# an error in the second part has the whole file's line number
	n=$(grep -n 'Thread_15758553_59$' "$BATS_TEST_TMPDIR/big" | cut -d: -f1)
	sed -i "$((n + 1))s/^      825/       825/" "$BATS_TEST_TMPDIR/big"
	run bash -c 'sample-fold "$1" 2>&1 >/dev/null' _ "$BATS_TEST_TMPDIR/big"
	[ "$output" = "sample-fold: $BATS_TEST_TMPDIR/big:$((n + 1)): odd indentation: 3 characters, not two a level" ]
}

@test "sample-fold: fg-fold tells sample's output by its call graph and runs it" {
	run fg-fold -v "$S/sample.txt"
	status_is 0
	[ "${lines[0]}" = "fg-fold: $S/sample.txt: macOS sample output (a call graph): sample-fold" ]
	cmp <(fg-fold <"$S/sample.txt") <(sample-fold "$S/sample.txt")
	run fg-merge "$S/sample.txt"
	status_is 1
	[ "$output" = "fg-merge: $S/sample.txt: not folded stacks but macOS sample output (a call graph): read it with sample-fold (or fg-fold)" ]
}

@test "sample-fold: --no-header is taken; a bad option is a usage error" {
	cmp <(sample-fold --no-header "$S/sample.txt") <(sample-fold "$S/sample.txt")
	run sample-fold --bogus
	status_is 2
	[ "${lines[1]}" = "Try 'sample-fold --help' for more information." ]
}

@test "sample-fold --lines: a frame whose line sample gives after its address is FUNC at FILE:LINE" {
	printf 'Call graph:\n    10 Thread_1   DispatchQueue_1: com.apple.main-thread  (serial)\n    + 10 start  (in libdyld.dylib) + 1  [0x7fff737cf3d5]\n    +   10 main  (in prog) + 52  [0x10a5c1f34]  main.c:24\n    +     7 work(int)  (in prog) + 12  [0x10a5c1f00]  /src/my dir/work.cc:9\n\nTotal number in stack (recursive counted multiple times):\n' >"$BATS_TEST_TMPDIR/s.txt"
	run sample-fold --lines --no-header "$BATS_TEST_TMPDIR/s.txt"
	status_is 0
	# a frame without one keeps its name; the file's base name
	[ "$output" = 'Thread_1   DispatchQueue_1: com.apple.main-thread;libdyld`start;prog`main at main.c:24 3
Thread_1   DispatchQueue_1: com.apple.main-thread;libdyld`start;prog`main at main.c:24;prog`work at work.cc:9 7' ] || { echo "$output"; return 1; }
	run sample-fold --lines --no-modules --no-header "$BATS_TEST_TMPDIR/s.txt"
	[ "${lines[1]}" = 'Thread_1   DispatchQueue_1: com.apple.main-thread;start;main at main.c:24;work at work.cc:9 7' ]
	# without --lines, and on a recording without lines, the same as ever
	run sample-fold --no-header "$BATS_TEST_TMPDIR/s.txt"
	[ "${lines[1]}" = 'Thread_1   DispatchQueue_1: com.apple.main-thread;libdyld`start;prog`main;prog`work 7' ]
	diff <(sample-fold --lines "$S/sample.txt") <(sample-fold "$S/sample.txt")
}
