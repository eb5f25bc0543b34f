#!/usr/bin/env bats
# dtrace-fold: DTrace and SystemTap stack aggregations to folded stacks,
# as inferno-collapse-dtrace and stackcollapse.pl fold them

load helper

D=""
setup() {
	D=$DATA/dtrace
}

# same OUT EXPECTED: the output equals the reference's, sorted
same() {
	LC_ALL=C sort "$2" | cmp - "$1" || { diff "$1" <(LC_ALL=C sort "$2") | head -5 >&2; return 1; }
}

@test "dtrace-fold: inferno's test inputs fold to its expected stacks and counts" {
	local f n=0
	for f in "$D"/*.expected; do
		name=$(basename "$f" .expected)
		case $name in
		*-includeoffset) dtrace-fold --includeoffset "$D/${name%-includeoffset}.txt" >"$BATS_TEST_TMPDIR/out" ;;
		*) dtrace-fold "$D/$name.txt" >"$BATS_TEST_TMPDIR/out" ;;
		esac
		same "$BATS_TEST_TMPDIR/out" "$f" || { echo "$name" >&2; return 1; }
		n=$((n + 1))
	done
	[ "$n" -eq 6 ]
}

@test "dtrace-fold: FlameGraph's example equals stackcollapse.pl's output, with and without offsets" {
	gzip -dc "$D/example-dtrace-stacks.txt.gz" | dtrace-fold >"$BATS_TEST_TMPDIR/out"
	same "$BATS_TEST_TMPDIR/out" <(gzip -dc "$D/example-dtrace-stacks.expected.gz")
	gzip -dc "$D/example-dtrace-stacks.txt.gz" | dtrace-fold --includeoffset >"$BATS_TEST_TMPDIR/out"
	same "$BATS_TEST_TMPDIR/out" <(gzip -dc "$D/example-dtrace-stacks-includeoffset.expected.gz")
	# every sample is there: the counts add up to the input's
	want=$(gzip -dc "$D/example-dtrace-stacks.txt.gz" | awk '/^[ \t]*[0-9]+[ \t]*$/ { s += $1 } END { print s }')
	[ "$(awk '{ s += $NF } END { print s }' "$BATS_TEST_TMPDIR/out")" = "$want" ]
}

@test "dtrace-fold: SystemTap frames lose their address, offset and module" {
	run dtrace-fold "$D/stap.txt"
	status_is 0
	[ "${lines[0]}" = "_start;__libc_start_main;main;0x7f3e87e1c0de 1" ]
	[ "${lines[1]}" = "_start;__libc_start_main;main;bar 3" ]
	[ "${lines[2]}" = "_start;__libc_start_main;main;bar;foo 17" ]
	[ "${lines[3]}" = "start_kernel;rest_init;cpu_idle;default_idle;native_safe_halt 2404" ]
	[ "${#lines[@]}" -eq 4 ]
}

@test "dtrace-fold: offsets, C++ arguments, inlined chains and Rust hashes are tidied" {
	local in='\n  lib`a::b(int)+0x1\n  lib`c<int>::d<long>(x)+0x2\n  Lj/Foo;->Lj/Bar;+0x3\n  rg`x::y::h0123456789abcdef+0x4\n  +0x5\n  9\n'
	folds dtrace-fold "$in" '-;rg`x::y;j/Foo:;j/Bar:_[i];lib`c<int>::d<long>;lib`a::b 9'
	folds dtrace-fold "$in" '+0x5;rg`x::y+0x4;j/Foo:;j/Bar:+0x3_[i];lib`c<int>::d<long>;lib`a::b 9' --includeoffset
}

@test "dtrace-fold: --includeoffset drops the leaf's offset only, where stackcollapse.pl drops a caller's" {
	folds dtrace-fold 'h\n\n  a`leaf\n  a`f+0x10\n  a`main+0x20\n  2\n' 'a`main+0x20;a`f+0x10;a`leaf 2' --includeoffset
}

@test "dtrace-fold: the header: DTrace's title and probe, or the lines before a blank line" {
	folds dtrace-fold 'CPU     ID                    FUNCTION:NAME\n  0  64091    :tick-60s\n  a`f+0x1\n  3\n' 'a`f 3'
	folds dtrace-fold 'anything\nat all\n\n  a`f\n  3\n\n\n  a`g\n\n  4\n' 'a`f 3\na`g 4'
	# no header: SystemTap's stacks from the first line, blank lines between
	folds dtrace-fold ' 0x1 : f+0x1/0x2 [k]\n\n\t2\n\n 0x2 : g+0x1/0x2 [k]\n\t1\n' 'f 2\ng 1'
	# a header alone is a run that caught nothing
	run dtrace-fold "$D/only-header-lines.txt"
	status_is 0
	[ -z "$output" ]
}

@test "dtrace-fold: a count without frames is [unknown]; files and repeats add up" {
	printf 'h\n\n  5\n  a`f\n  1\n' >"$BATS_TEST_TMPDIR/in"
	run dtrace-fold "$BATS_TEST_TMPDIR/in" "$BATS_TEST_TMPDIR/in" - <"$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "[unknown] 15"$'\n'"a\`f 3" ]
}

@test "dtrace-fold: frames are guarded as labels: no ';', no count at their end" {
	folds dtrace-fold 'h\n\n  a`x;y\n  worker 12\n  # root\n  4\n' '#_root;worker_12;a`x:y 4'
	# past the first eight bytes too (they are looked at eight at a time)
	folds dtrace-fold 'h\n\n  module`name::space;with;semicolons\n  4\n' 'module`name::space:with:semicolons 4'
	fg-merge "$BATS_TEST_TMPDIR/in" 2>/dev/null && return 1
	dtrace-fold "$BATS_TEST_TMPDIR/in" | fg-merge
}

@test "dtrace-fold: a file cut inside a stack is an error, nothing written" {
	printf 'h\n\n  a`f\n  1\n  a`g\n  a`h\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "dtrace-fold: $BATS_TEST_TMPDIR/in:6: the file ends inside a stack: no count after its frames" \
	    dtrace-fold "$BATS_TEST_TMPDIR/in"
}

@test "dtrace-fold: text that is no DTrace output says so" {
	printf 'hello\nworld\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "dtrace-fold: $BATS_TEST_TMPDIR/in:2: no count after the frames from line 1: not the output of DTrace or SystemTap?" \
	    dtrace-fold "$BATS_TEST_TMPDIR/in"
	# prose: blocks of lines and never a count (README.md, 1 with nothing)
	printf 'A title\n\nSome prose, and more\nof it.\n\nThe end.\n\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "dtrace-fold: $BATS_TEST_TMPDIR/in:7: 3 blocks of lines and no count: not the output of DTrace or SystemTap?" \
	    dtrace-fold "$BATS_TEST_TMPDIR/in"
	# another format's text is named, with its folder
	printf 'a;b 1\nc 2\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "dtrace-fold: $BATS_TEST_TMPDIR/in: not DTrace stacks (an aggregation of ustack() or stack()) but folded stacks, which need no folding" \
	    dtrace-fold "$BATS_TEST_TMPDIR/in"
	fails_with "dtrace-fold: <stdin>: not DTrace stacks (an aggregation of ustack() or stack()) but a Java thread dump (jstack, jcmd Thread.print): read it with jstack-fold (or fg-fold)" \
	    bash -c 'dtrace-fold <"$1"' _ "$DATA/jstack/jcmd.txt"
}

@test "dtrace-fold: text that begins with a blank line and a control byte is no pprof profile" {
	local t=$BATS_TEST_TMPDIR
	# "\n" is the tag of pprof's first field (sample_type); the line
	# after it is no ValueType, and a NUL is a NUL, not an empty one
	printf '\n\001\n\n  a`f\n  3\n' >"$t/ctl"
	printf '  a`f\n  3\n' >"$t/plain"
	run dtrace-fold --no-header "$t/ctl"
	status_is 0
	[ "$output" = "$(dtrace-fold --no-header "$t/plain")" ]
	[ "$output" = 'a`f 3' ]
	run fg-fold -n "$t/ctl"
	[ "$output" = "$(printf 'dtrace\tdtrace-fold\t-\t%s' "$t/ctl")" ]
	[ "$(fg-fold --no-header "$t/ctl")" = 'a`f 3' ]
	printf '\n\000\n  a`f\n  3\n' >"$t/nul"
	fails_with "dtrace-fold: $t/nul:2: NUL byte in input" dtrace-fold "$t/nul"
	fails_with "fg-fold: $t/nul: not a profile fg reads: binary data" fg-fold "$t/nul"
	# a real profile, bare or compressed, is still pprof
	for f in "$DATA"/pprof/*.pb.gz; do
		[ "$(fg-fold -n "$f" | cut -f2)" = pprof-fold ]
		gzip -dc "$f" >"$t/bare.pb"
		[ "$(fg-fold -n "$t/bare.pb" | cut -f2)" = pprof-fold ]
	done
}

@test "dtrace-fold: a count past 2^64-1, or a sum past it, is an error" {
	printf 'h\n\n  a`f\n  18446744073709551616\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "dtrace-fold: $BATS_TEST_TMPDIR/in:4: count overflows: 18446744073709551616" \
	    dtrace-fold "$BATS_TEST_TMPDIR/in"
	printf 'h\n\n  a`f\n  18446744073709551615\n  a`f\n  1\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "dtrace-fold: $BATS_TEST_TMPDIR/in:6: sum of counts overflows" \
	    dtrace-fold "$BATS_TEST_TMPDIR/in"
}

@test "dtrace-fold: a large file read in two parts folds as one read in order, with a thread or without" {
	# 1.4 MB: cut in two at a blank line after a count
	gzip -dc "$D/example-dtrace-stacks.txt.gz" >"$BATS_TEST_TMPDIR/big"
	dtrace-fold <"$BATS_TEST_TMPDIR/big" >"$BATS_TEST_TMPDIR/one"
	dtrace-fold "$BATS_TEST_TMPDIR/big" | cmp - "$BATS_TEST_TMPDIR/one"
	nothreads
	LD_PRELOAD=$NOTHREADS dtrace-fold "$BATS_TEST_TMPDIR/big" | cmp - "$BATS_TEST_TMPDIR/one"
	[ -e "$NOTHREADS.called" ]
	# an error in the second part has the whole file's line number
	printf '  a`f\n' >>"$BATS_TEST_TMPDIR/big"
	n=$(wc -l <"$BATS_TEST_TMPDIR/big")
	run dtrace-fold "$BATS_TEST_TMPDIR/big"
	status_is 1
	[ "$output" = "dtrace-fold: $BATS_TEST_TMPDIR/big:$n: the file ends inside a stack: no count after its frames" ]
}

@test "dtrace-fold: a blank line between a stack's frames and its count is no place to cut a file" {
	# SystemTap's frames, a blank line, the count: 1.2 MB of them
	awk 'BEGIN { for (i = 0; i < 30000; i++) printf " 0x%x : f%d+0x1/0x2 [k]\n 0x1 : main+0x1/0x2 [k]\n\n\t%d\n", i, i % 97, i % 5 + 1 }' \
	    >"$BATS_TEST_TMPDIR/big"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/big")" -gt 1048576 ]
	dtrace-fold <"$BATS_TEST_TMPDIR/big" >"$BATS_TEST_TMPDIR/one"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/one")" -eq 97 ]
	dtrace-fold "$BATS_TEST_TMPDIR/big" | cmp - "$BATS_TEST_TMPDIR/one"
}

@test "dtrace-fold: fg-fold tells DTrace and SystemTap stacks apart and runs it" {
	run fg-fold -v "$D/java.txt"
	status_is 0
	[ "${lines[0]}" = "fg-fold: $D/java.txt: DTrace stacks (an aggregation of ustack() or stack()): dtrace-fold" ]
	run fg-fold -v "$D/stap.txt"
	[ "${lines[0]}" = "fg-fold: $D/stap.txt: SystemTap stacks (print_stack() and a count): dtrace-fold" ]
	cmp <(gzip -dc "$D/example-dtrace-stacks.txt.gz" | fg-fold) <(gzip -dc "$D/example-dtrace-stacks.txt.gz" | dtrace-fold)
	run fg-merge "$D/hex-addresses.txt"
	status_is 1
	[ "$output" = "fg-merge: $D/hex-addresses.txt: not folded stacks but DTrace stacks (an aggregation of ustack() or stack()): read it with dtrace-fold (or fg-fold)" ]
}

@test "dtrace-fold: --no-header is taken; a bad option is a usage error" {
	cmp <(dtrace-fold --no-header "$D/java.txt") <(dtrace-fold "$D/java.txt")
	run dtrace-fold --bogus
	status_is 2
	[ "${lines[1]}" = "Try 'dtrace-fold --help' for more information." ]
}
