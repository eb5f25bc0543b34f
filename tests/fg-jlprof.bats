#!/usr/bin/env bats
# fg-jlprof: folded stacks to .jlprof files.  The expected outputs are
# the inputs themselves: what jlprof-fold reads back from the written
# file must be what was written (round trips), and jlprof-fold's options
# must act on the written file as on the original.

load helper

J=$DATA/jlprof
REAL=$J/profile_ttfp.jlprof

# fixture NAME: the .jlprof of $J/NAME.txt
fixture() {
	mkjlprof "$J/$1.txt" >"$BATS_TEST_TMPDIR/$1.jlprof"
	echo "$BATS_TEST_TMPDIR/$1.jlprof"
}

# roundtrip FILE [OPTION...]: jlprof-fold OPTIONS FILE, written out by
# fg-jlprof and folded again with the same OPTIONS, is unchanged
roundtrip() {
	local f=$1
	shift
	jlprof-fold "$@" "$f" >"$BATS_TEST_TMPDIR/a" 2>/dev/null
	jlprof-fold "$@" "$f" 2>/dev/null | fg-jlprof >"$BATS_TEST_TMPDIR/w.jlprof"
	jlprof-fold "$@" "$BATS_TEST_TMPDIR/w.jlprof" >"$BATS_TEST_TMPDIR/b" 2>/dev/null
	[ -s "$BATS_TEST_TMPDIR/a" ] || { echo "nothing folded from $f $*" >&2; return 1; }
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" ||
	    { echo "round trip of $f $* differs:" >&2; diff "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" >&2; return 1; }
}

# same_after OPTIONS FILE: jlprof-fold OPTIONS on FILE and on the file
# fg-jlprof writes from jlprof-fold's default output give the same
same_after() {
	local f=$1 c=$2
	shift 2
	jlprof-fold $c "$@" "$f" >"$BATS_TEST_TMPDIR/a" 2>/dev/null
	jlprof-fold $c "$f" 2>/dev/null | fg-jlprof >"$BATS_TEST_TMPDIR/w.jlprof"
	jlprof-fold $c "$@" "$BATS_TEST_TMPDIR/w.jlprof" >"$BATS_TEST_TMPDIR/b" 2>/dev/null
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" ||
	    { echo "$c $* on $f differs:" >&2; diff "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" >&2; return 1; }
}

# rejects_text MESSAGE INPUT: fg-jlprof given INPUT exits 1, nothing on
# standard output, MESSAGE in its message
rejects_text() {
	printf '%s' "$2" >"$BATS_TEST_TMPDIR/in"
	rejects "$1" fg-jlprof "$BATS_TEST_TMPDIR/in"
}

@test "fg-jlprof: the real profile comes back as it was, with and without -C" {
	roundtrip "$REAL"
	roundtrip "$REAL" -C
	roundtrip "$REAL" --full-path
	roundtrip "$REAL" -C --repl
	[ "$(awk '{ s += $NF } END { print s }' "$BATS_TEST_TMPDIR/b")" -gt 4342 ]
}

@test "fg-jlprof: every fixture profile comes back as it was" {
	# recur: two sibling nodes of one frame, one marked _[d] (a hidden C
	# frame between), become one node in a file; repl-quirk: the REPL
	# frame that FlameGraphs moves to the top is pruned again when read
	for t in "$J"/*.txt; do
		n=$(basename "$t" .txt)
		f=$(fixture "$n")
		case $n in
		recur) roundtrip "$f" -C ;;
		repl-quirk) roundtrip "$f" --repl ;;
		graph) roundtrip "$f" ;;
		*) roundtrip "$f"; roundtrip "$f" -C ;;
		esac
	done
}

@test "fg-jlprof: --prune and --filter act on the written file as on the original" {
	for o in "--prune typeinf_ext" "--prune sort!@sort.jl" "--prune _plot!@plot.jl" \
	    "--filter plot" "--filter typeinf" "--filter-regex ^typeinf" "--filter-regex _\[d\]"; do
		same_after "$REAL" "" $o
		same_after "$REAL" -C $o
	done
	f=$(fixture inline)
	for o in "--prune sort!@sort.jl" "--prune g" "--filter leaf" "--filter-regex _\[g\]"; do
		same_after "$f" "" $o
		same_after "$f" -C $o
	done
}

@test "fg-jlprof: --recur acts on the written file as on the original" {
	for n in fg-basic fg-cframes inline names threads repl-top; do
		f=$(fixture "$n")
		for o in --recur=flat --recur=flatc; do
			same_after "$f" "" $o
			same_after "$f" -C $o
		done
	done
	f=$(fixture recur)
	same_after "$f" -C --recur=flat
	same_after "$f" -C --recur=flatc
	# the recursion a flattening finds is in the written stacks
	printf 'main at m.jl:1;work at w.jl:2;show at s.jl:3;work at w.jl:2;alloc at a.jl:4 1\n' |
	    fg-jlprof >"$BATS_TEST_TMPDIR/r.jlprof"
	run jlprof-fold --recur=flat "$BATS_TEST_TMPDIR/r.jlprof"
	same_lines 'main at m.jl:1;work at w.jl:2;alloc at a.jl:4 1'
	# C frames (a C source file) are rewound by flatc only, as in Julia
	printf 'main at m.c:1;work at w.c:2;show at s.c:3;work at w.c:2;alloc at a.c:4 1\n' |
	    fg-jlprof >"$BATS_TEST_TMPDIR/c.jlprof"
	run jlprof-fold -C --recur=flat "$BATS_TEST_TMPDIR/c.jlprof"
	same_lines 'main at m.c:1;work at w.c:2;show at s.c:3;work at w.c:2;alloc at a.c:4 1'
	run jlprof-fold -C --recur=flatc "$BATS_TEST_TMPDIR/c.jlprof"
	same_lines 'main at m.c:1;work at w.c:2;alloc at a.c:4 1'
	# other profilers' frames are not C frames: flat rewinds them
	printf 'main;work;show;work;alloc 1\n' | fg-jlprof >"$BATS_TEST_TMPDIR/o.jlprof"
	run jlprof-fold --recur=flat "$BATS_TEST_TMPDIR/o.jlprof"
	same_lines 'main;work;alloc 1'
}

@test "fg-jlprof: perf-style folded stacks come back unchanged, in Julia's default view too" {
	for f in "$DATA"/perf/perf-{dd-stacks-01,iperf-stacks-pidtid-01,java-stacks-01,numa-stacks-01,rust-Yamakaky-dcpu}.txt.gz; do
		case $f in *collapsed*) continue ;; esac
		for o in --samples "--samples --kernel --jit --addrs"; do
			gzip -dc "$f" | perf-fold --no-header $o >"$BATS_TEST_TMPDIR/a"
			[ -s "$BATS_TEST_TMPDIR/a" ]
			fg-jlprof "$BATS_TEST_TMPDIR/a" >"$BATS_TEST_TMPDIR/w.jlprof"
			jlprof-fold -C "$BATS_TEST_TMPDIR/w.jlprof" | cmp "$BATS_TEST_TMPDIR/a" -
			# not C frames: C=false (no -C) shows them all
			jlprof-fold "$BATS_TEST_TMPDIR/w.jlprof" | cmp "$BATS_TEST_TMPDIR/a" -
		done
	done
}

@test "fg-jlprof: pprof-style and Julia labels, annotations and odd frames come back" {
	cat >"$BATS_TEST_TMPDIR/p" <<'EOF'
main.main;main.(*Server).handle;runtime.mallocgc_[i];runtime.memclr_[k] 3
main.main;print_to_string(::String, ::Vararg{Any});f at x.go:12 2
main.main;ip:0x0;ip:0x0 at memmove-vec-unaligned-erms.S:124 1
main.main;g at :1 [inlined];f at x.jl:? [inlined];#13 1
main.main;jl_apply_generic_[d];jl_gc_collect_[g];_start 4
main.main;odd [inlined];10 20_30 5
EOF
	LC_ALL=C sort "$BATS_TEST_TMPDIR/p" >"$BATS_TEST_TMPDIR/a"
	fg-jlprof "$BATS_TEST_TMPDIR/p" | jlprof-fold -C >"$BATS_TEST_TMPDIR/b"
	diff "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}

@test "fg-jlprof: Julia folded stacks come back, status annotations included" {
	grep -v '^#' "$DATA/folded/julia.folded" | fg-merge >"$BATS_TEST_TMPDIR/a"
	fg-jlprof "$DATA/folded/julia.folded" | jlprof-fold >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	# _[d] and _[g] of a Julia frame are written as the C frames that
	# FlameGraphs derives them from, called by the marked frame
	printf 'f at a.jl:1_[dg];g at b.jl:2 3\nf at a.jl:1_[dg] 1\n' | fg-jlprof >"$BATS_TEST_TMPDIR/s.jlprof"
	run jlprof-fold "$BATS_TEST_TMPDIR/s.jlprof"
	same_lines 'f at a.jl:1_[dg] 1
f at a.jl:1_[dg];g at b.jl:2 3'
	run jlprof-fold -C "$BATS_TEST_TMPDIR/s.jlprof"
	same_lines 'f at a.jl:1;jl_apply_generic_[d];jl_gc_collect_[g] 1
f at a.jl:1;jl_apply_generic_[d];jl_gc_collect_[g];g at b.jl:2 3'
}

# same_lines TEXT: the last run succeeded with exactly TEXT
same_lines() {
	status_is 0
	[ "$output" = "$1" ] || { printf 'expected:\n%s\ngot:\n%s\n' "$1" "$output" >&2; return 1; }
}

@test "fg-jlprof: the file has the metadata layout, or --layout legacy" {
	printf 'a at a.jl:1;b at b.jl:2 2\n' | fg-jlprof >"$BATS_TEST_TMPDIR/m.jlprof"
	run jlprof-fold --stats "$BATS_TEST_TMPDIR/m.jlprof"
	[[ $output == *"2 samples, 0 empty, layout meta"* ]]
	[[ $output == *"thread 1: 2 samples, 100.0% awake, 1 task"* ]]
	[[ $output == *"task 0xf0f0f0f0: 2 samples"* ]]
	# magic, endianness word, format 0x01, then n: 2 samples of 2 ips
	# and 6 metadata words
	[ "$(head -c 21 "$BATS_TEST_TMPDIR/m.jlprof" | od -An -tx1 | tr -d ' \n')" = \
	    4a4c50524f46010004030201011000000000000000 ]
	printf 'a at a.jl:1;b at b.jl:2 2\n' | fg-jlprof --layout legacy >"$BATS_TEST_TMPDIR/l.jlprof"
	run jlprof-fold --stats "$BATS_TEST_TMPDIR/l.jlprof"
	[[ $output == *"2 samples, 0 empty, layout legacy"* ]]
	[[ $output == *'a at a.jl:1;b at b.jl:2 2'* ]]
	[ "$(head -c 21 "$BATS_TEST_TMPDIR/l.jlprof" | tail -c 8 | od -An -tx1 | tr -d ' \n')" = \
	    0600000000000000 ]
	# the data: the samples' ips leaf first, then T K C S 0 0
	[ "$(wc -c <"$BATS_TEST_TMPDIR/m.jlprof")" -gt "$(wc -c <"$BATS_TEST_TMPDIR/l.jlprof")" ]
}

@test "fg-jlprof: repeats add up; several files; standard input" {
	printf 'a;b 1\n' >"$BATS_TEST_TMPDIR/1"
	printf 'a;b 2\na;c 1\n' >"$BATS_TEST_TMPDIR/2"
	fg-jlprof "$BATS_TEST_TMPDIR/1" "$BATS_TEST_TMPDIR/2" >"$BATS_TEST_TMPDIR/x.jlprof"
	run jlprof-fold -C "$BATS_TEST_TMPDIR/x.jlprof"
	same_lines 'a;b 3
a;c 1'
	runsh "cat '$BATS_TEST_TMPDIR/2' | fg-jlprof - '$BATS_TEST_TMPDIR/1' | jlprof-fold -C"
	same_lines 'a;b 3
a;c 1'
}

@test "fg-jlprof: a dotted number in a frame is no decimal count" {
	printf 'main;lib 1.2.3 5\nmain 2\n' >"$BATS_TEST_TMPDIR/in"
	run fg-jlprof "$BATS_TEST_TMPDIR/in"
	status_is 0
	runsh "fg-jlprof $BATS_TEST_TMPDIR/in | jlprof-fold -C"
	same_lines 'main 2
main;lib 1.2.3 5'
}

@test "fg-jlprof: malformed input: a message, exit 1, nothing on stdout" {
	rejects_text "two counts (a differential profile)" $'a;b 1 2\na 3 4\n'
	rejects_text "in:2: a decimal count" $'a;b 1\na 2.5\n'
	rejects_text "in:1: the counts are nanoseconds, not samples" $'# fg: unit=nanoseconds\na;b 1\n'
	rejects_text "in:1: count missing" $'a;b\n'
	rejects_text "in:2: count missing" $'a;b 1\nc\n'
}

@test "fg-jlprof: what cannot come back as it was is said on stderr" {
	run bash -c 'printf "main;f#kw at x.jl:3 1\n" | fg-jlprof 2>&1 >/dev/null'
	[[ $output == *"<stdin>:1: 'f#kw' reads back as 'f'"* ]]
	run bash -c 'printf "a;;b 1\n" | fg-jlprof 2>&1 >/dev/null'
	[[ $output == *"<stdin>:1: an empty frame is written as Julia's nameless frame"* ]]
	printf 'a;;b 1\n' | fg-jlprof 2>/dev/null | jlprof-fold -C >"$BATS_TEST_TMPDIR/o"
	[ "$(cat "$BATS_TEST_TMPDIR/o")" = 'a;ip:0x0;b 1' ]
	run bash -c 'printf "" | fg-jlprof 2>&1 >/dev/null'
	[[ $output == *"no stacks"* ]]
}

@test "fg-jlprof: stacks counted 0 have no sample to write: left out, and how many said" {
	local t=$BATS_TEST_TMPDIR
	printf 'a;b 0\na;c 2\na;d 0\na;b 0\n' >"$t/z"
	run bash -c 'fg-jlprof "$1" 2>&1 >"$2"' _ "$t/z" "$t/z.jlprof"
	status_is 0
	[ "$output" = "fg-jlprof: 2 stacks counted 0 have no sample in a .jlprof: left out" ]
	[ "$(jlprof-fold --no-header "$t/z.jlprof")" = 'a;c 2' ]
	run bash -c 'printf "a;b 0\n" | fg-jlprof 2>&1 >/dev/null'
	status_is 0
	[ "$output" = "fg-jlprof: 1 stack counted 0 has no sample in a .jlprof: left out" ]
	# none counted 0: no word
	run bash -c 'printf "a;c 2\n" | fg-jlprof 2>&1 >/dev/null'
	[ -z "$output" ]
}

@test "fg-jlprof: usage errors exit 2; --help lists the manual's options; --version" {
	run fg-jlprof --layout auto
	status_is 2
	run fg-jlprof --bogus
	status_is 2
	run fg-jlprof --help
	status_is 0
	for o in --layout --help --version; do
		[[ $output == *"$o"* ]]
		grep -q -- "${o//-/\\\\-}" "$BATS_TEST_DIRNAME/../man/fg-jlprof.1"
	done
	run fg-jlprof --version
	status_is 0
	[ -n "$output" ]
}

@test "fg-jlprof --max-size: a file that would be too large is refused before it is written" {
	# 16 bytes of input, 640 MB of output
	runsh "printf 'main;a 10000000\n' | fg-jlprof --max-size 100M | wc -c"
	[ "$output" = "$(printf '%s\n%s' "fg-jlprof: the .jlprof file would take 640000073 bytes, more than 104857600 (--max-size): are the counts periods, not samples? (perf-fold --samples counts samples)" 0)" ]
	runsh "printf 'main;a 10000000\n' | fg-jlprof --max-size 100M >/dev/null"
	status_is 1
	# under the limit, the file is written
	runsh "printf 'main;a 100\n' | fg-jlprof --max-size 100M | wc -c"
	status_is 0
	[ "$output" -gt 0 ]
	for v in 0 ' 5' 0x10 -1 5Q; do
		run fg-jlprof --max-size "$v"
		status_is 2
		[ "${lines[0]}" = "fg-jlprof: bad size '$v'" ]
	done
}
