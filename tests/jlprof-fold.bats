#!/usr/bin/env bats
# jlprof-fold: Julia .jlprof profiles to folded stacks
#
# The fixtures are text descriptions in $DATA/jlprof, written out by
# mkjlprof; every expected output below was derived by hand from
# FlameGraphs.jl's semantics (see the comments in the descriptions).

load helper

J=$DATA/jlprof
REAL=$J/profile_ttfp.jlprof

# mk NAME [LINE...]: the .jlprof of $J/NAME.txt, with LINEs put first
mk() {
	local name=$1
	shift
	{ printf '%s\n' "$@"; cat "$J/$name.txt"; } | mkjlprof >"$BATS_TEST_TMPDIR/$name.jlprof"
	echo "$BATS_TEST_TMPDIR/$name.jlprof"
}

# mkafter NAME LINE...: the same with the LINEs put last
mkafter() {
	local name=$1
	shift
	{ cat "$J/$name.txt"; printf '%s\n' "$@"; } | mkjlprof >"$BATS_TEST_TMPDIR/$name.jlprof"
	echo "$BATS_TEST_TMPDIR/$name.jlprof"
}

# fold NAME [OPTION...]: fold fixture NAME, stderr kept apart
fold() {
	local f
	f=$(mk "$1")
	shift
	run jlprof-fold "$@" "$f"
}

# same OUTPUT: the last run succeeded with exactly this output
same() {
	status_is 0
	if [ "$output" != "$1" ]; then
		printf 'expected:\n%s\ngot:\n%s\n' "$1" "$output" >&2
		return 1
	fi
}

# rejects MESSAGE FILE [OPTION...]: exit 1, MESSAGE on stderr, no stdout
rejects() {
	local msg=$1
	shift
	run bash -c 'jlprof-fold "$@" 2>/dev/null' _ "$@"
	status_is 1
	[ -z "$output" ]
	run jlprof-fold "$@"
	status_is 1
	case $output in
	*"$msg"*) ;;
	*) echo "no '$msg' in: $output" >&2; return 1 ;;
	esac
}

BASIC='f1 at file1:1;f2 at file1:5;f3 at file2:1;f2 at file1:15 2
f1 at file1:1;f4 at file1:20;f5 at file3:1 1
f1 at file1:2;f6 at file3:10 1'

# (megabytes of output go to a file: bash is slow to hold them in $output)
@test "jlprof-fold: the real profile folds to 1,699 stacks and 4,342 samples" {
	out=$BATS_TEST_TMPDIR/out
	jlprof-fold "$REAL" >"$out"
	[ "$(wc -l <"$out")" -eq 1699 ]
	[ "$(awk '{ s += $NF } END { print s }' "$out")" -eq 4342 ]
	[ -z "$(grep -v '^eval at boot.jl:330_\[d\]' "$out")" ]
}

@test "jlprof-fold: stacks of the real profile read from the file" {
	out=$BATS_TEST_TMPDIR/out
	jlprof-fold "$REAL" >"$out"
	grep -qx 'eval at boot.jl:330_\[d\] 139' "$out"
	grep -qx 'eval at boot.jl:330_\[d\];plot at plot.jl:51;#plot#138 at plot.jl:52;preprocessArgs! at args.jl:1078_\[d\] 4' "$out"
	jlprof-fold --stats "$REAL" 2>"$out" >/dev/null
	grep -q '9367 samples, 4399 empty, layout legacy' "$out"
}

@test "jlprof-fold: the real profile with -C and --repl keeps more frames" {
	out=$BATS_TEST_TMPDIR/out
	jlprof-fold -C --repl "$REAL" >"$out"
	grep -q 'eval_user_input at REPL.jl:86;' "$out"
	grep -q 'jl_apply_generic at gf.c:[0-9]*_\[d\]' "$out"
	[ "$(awk '{ s += $NF } END { print s }' "$out")" -gt 4342 ]
}

@test "jlprof-fold: FlameGraphs.jl's test profile, legacy layout" {
	fold fg-basic
	same "$BASIC"
}

@test "jlprof-fold: FlameGraphs.jl's test profile after add_fake_meta" {
	fold fg-basic-meta
	same "$BASIC"
	fold fg-basic-meta --threads 1 --tasks 0xf0f0f0f0
	same "$BASIC"
	fold fg-basic --threads 1 --tasks 0xf0f0f0f0
	same "$BASIC"
}

@test "jlprof-fold: the format description's examples" {
	fold spec-example
	same 'f at a.jl:3 1'
	# the same bytes, written out without mkjlprof
	hexfile "$BATS_TEST_TMPDIR/x.jlprof" 4a4c50524f460100 04030201 01 \
	    0700000000000000 10100000007f0000 0100000000000000 100000aa007f0000 \
	    6400000000000000 0100000000000000 0000000000000000 0000000000000000 \
	    0100000000000000 10100000007f0000 01000000 01000000 66 \
	    04000000 612e6a6c 0300000000000000 00 00
	run jlprof-fold "$BATS_TEST_TMPDIR/x.jlprof"
	same 'f at a.jl:3 1'
}

@test "jlprof-fold: --prune NAME@FILE drops the frame and its callees" {
	fold fg-basic --prune f3@file2
	same 'f1 at file1:1;f2 at file1:5 2
f1 at file1:1;f4 at file1:20;f5 at file3:1 1
f1 at file1:2;f6 at file3:10 1'
}

@test "jlprof-fold: --prune FILE is the recorded file or a /-suffix of it" {
	fold inline --prune 'sort!@sort.jl'
	same 'main at m.jl:1 4
main at m.jl:1;f at f.jl:3;g at g.jl:7 [inlined] 1'
	fold inline --prune 'sort!@xsort.jl'
	same 'main at m.jl:1;f at f.jl:3;g at g.jl:7 [inlined] 1
main at m.jl:1;sort! at sort.jl:100_[d] 2
main at m.jl:1;sort! at sort.jl:100_[d];leaf at l.jl:5_[g] 2'
	fold inline --prune f@f.jl --prune g
	same 'main at m.jl:1 1
main at m.jl:1;sort! at sort.jl:100_[d] 2
main at m.jl:1;sort! at sort.jl:100_[d];leaf at l.jl:5_[g] 2'
	fold inline --prune g
	same 'main at m.jl:1;f at f.jl:3 1
main at m.jl:1;sort! at sort.jl:100_[d] 2
main at m.jl:1;sort! at sort.jl:100_[d];leaf at l.jl:5_[g] 2'
}

@test "jlprof-fold: a pruned C frame is pruned, and still marks its caller" {
	fold inline --prune ijl_apply_generic
	same 'main at m.jl:1;f at f.jl:3;g at g.jl:7 [inlined] 1
main at m.jl:1;sort! at sort.jl:100_[d] 4'
}

@test "jlprof-fold: --filter TEXT keeps the branches that hold it" {
	fold fg-basic --filter f2
	same 'f1 at file1:1 1
f1 at file1:1;f2 at file1:5;f3 at file2:1;f2 at file1:15 2'
	fold inline --filter '[inlined]'
	same 'main at m.jl:1 4
main at m.jl:1;f at f.jl:3;g at g.jl:7 [inlined] 1'
}

@test "jlprof-fold: --filter-regex matches the label, annotation included" {
	fold fg-basic --filter-regex '^f1 at file1:1$'
	same 'f1 at file1:1;f2 at file1:5;f3 at file2:1;f2 at file1:15 2
f1 at file1:1;f4 at file1:20;f5 at file3:1 1'
	fold inline --filter-regex '_\[g\]$'
	same 'main at m.jl:1 1
main at m.jl:1;sort! at sort.jl:100_[d] 2
main at m.jl:1;sort! at sort.jl:100_[d];leaf at l.jl:5_[g] 2'
}

@test "jlprof-fold: a filter that matches nothing is ignored with a warning" {
	f=$(mk fg-basic)
	run bash -c 'jlprof-fold --filter f7 "$1" 2>/dev/null' _ "$f"
	same "$BASIC"
	run bash -c 'jlprof-fold --filter f7 "$1" 2>&1 >/dev/null' _ "$f"
	[[ $output == *"ignored"* ]]
	# the root alone matching keeps nothing
	run bash -c 'jlprof-fold --filter ip:0x "$1" 2>/dev/null' _ "$f"
	same ''
}

@test "jlprof-fold: hidden C frames mark their caller; -C keeps them" {
	fold fg-cframes
	same 'f1 at file1:1_[d];f2 at file1:15 2
f1 at file1:1_[d];f4 at file1:20;f5 at file3:1 1
f1 at file1:2;f6 at file3:10 1'
	fold fg-cframes -C
	same 'f1 at file1:1;f4 at file1:20;f5 at file3:1 1
f1 at file1:1;jl_f at filec:55;jl_invoke at file2:1_[d];f2 at file1:15 2
f1 at file1:2;f6 at file3:10 1'
	fold fg-cframes --C
	status_is 0
	[[ $output == *"jl_invoke at file2:1_[d]"* ]]
}

@test "jlprof-fold: inlined frames, merged ips, dispatch and GC" {
	fold inline
	same 'main at m.jl:1;f at f.jl:3;g at g.jl:7 [inlined] 1
main at m.jl:1;sort! at sort.jl:100_[d] 2
main at m.jl:1;sort! at sort.jl:100_[d];leaf at l.jl:5_[g] 2'
	fold inline -C
	same 'main at m.jl:1;f at f.jl:3;g at g.jl:7 [inlined] 1
main at m.jl:1;sort! at sort.jl:100 2
main at m.jl:1;sort! at sort.jl:100;ijl_apply_generic at gf.c:2_[d];leaf at l.jl:5 1
main at m.jl:1;sort! at sort.jl:100;ijl_apply_generic at gf.c:2_[d];leaf at l.jl:5;jl_gc_collect at gc.c:9_[g] 1'
}

@test "jlprof-fold: --no-combine keeps one node per ip" {
	fold inline --no-combine
	same 'main at m.jl:1;f at f.jl:3;g at g.jl:7 [inlined] 1
main at m.jl:1;sort! at sort.jl:100 2
main at m.jl:1;sort! at sort.jl:100_[d];leaf at l.jl:5_[g] 2'
}

@test "jlprof-fold: --full-path writes the recorded file" {
	fold inline --full-path
	same 'main at m.jl:1;f at /src/pkg/f.jl:3;g at g.jl:7 [inlined] 1
main at m.jl:1;sort! at ./sort.jl:100_[d] 2
main at m.jl:1;sort! at ./sort.jl:100_[d];leaf at l.jl:5_[g] 2'
}

@test "jlprof-fold: a file recorded on Windows is cut at its last backslash, as Julia there prints it" {
	printf '%s\n' 'legacy 1 2' 'frame 2 "main" "C:\\src\\m.jl" 1' 'frame 1 "sort!" ".\\sort.jl" 3' |
	    mkjlprof >"$BATS_TEST_TMPDIR/w.jlprof"
	run jlprof-fold "$BATS_TEST_TMPDIR/w.jlprof"
	status_is 0
	[ "$output" = "main at m.jl:1;sort! at sort.jl:3 1" ]
	run jlprof-fold --full-path "$BATS_TEST_TMPDIR/w.jlprof"
	[ "$output" = 'main at C:\src\m.jl:1;sort! at .\sort.jl:3 1' ]
	# and --prune NAME@FILE finds the file after its last backslash
	run jlprof-fold --prune 'sort!@sort.jl' "$BATS_TEST_TMPDIR/w.jlprof"
	[ "$output" = "main at m.jl:1 1" ]
	run jlprof-fold --prune 'sort!@rt.jl' "$BATS_TEST_TMPDIR/w.jlprof"
	[ "$output" = "main at m.jl:1;sort! at sort.jl:3 1" ]
}

@test "jlprof-fold: labels as Julia prints frames" {
	fold names
	same 'top-level scope at REPL[1]:4 1
top-level scope at REPL[1]:4;#13 at :1 [inlined] 1
top-level scope at REPL[1]:4;a:b at x y.jl:2 1
top-level scope at REPL[1]:4;f at c.jl:? 1
top-level scope at REPL[1]:4;mapslices at abstractarray.jl:2857 1'
	fold names -C --full-path
	same 'top-level scope at REPL[1]:4;#13 at dir/:1 [inlined] 1
top-level scope at REPL[1]:4;a:b at x y.jl:2 1
top-level scope at REPL[1]:4;f at /a/b/c.jl:? 1
top-level scope at REPL[1]:4;ip:0x0 1
top-level scope at REPL[1]:4;mapslices at abstractarray.jl:2857 1'
}

@test "jlprof-fold: REPL frames are cut at eval_user_input; --repl keeps them" {
	fold fg-repl
	same 'f1 at file1:2;f6 at file3:10 1
f3 at file2:1;f2 at file1:15 2'
	fold fg-repl --repl
	same 'f1 at file1:1;eval_user_input at REPL.jl:5;f3 at file2:1;f2 at file1:15 2
f1 at file1:1;f4 at file1:20;f5 at file3:1 1
f1 at file1:2;f6 at file3:10 1'
}

@test "jlprof-fold: an eval_user_input leaf moves up with its younger siblings" {
	fold repl-quirk
	same 'eval_user_input at REPL.jl:5 1
main at m.jl:1 1
other at x.jl:7 2'
	fold repl-quirk --repl
	same 'main at m.jl:1 1
start at client.jl:1;run_backend at R.jl:2 1
start at client.jl:1;run_backend at R.jl:2;aaa at A.jl:1 1
start at client.jl:1;run_backend at R.jl:2;eval_user_input at REPL.jl:5 1
start at client.jl:1;run_backend at R.jl:2;other at x.jl:7 2'
	fold repl-top
	same 'main at m.jl:1 1'
}

@test "jlprof-fold: --recur=off, flat and flatc" {
	fold recur
	same 'main at m.jl:1_[d];work at w.jl:2;show at s.jl:3;work at w.jl:2;alloc at a.jl:4 1
main at m.jl:1_[d];work at w.jl:2_[d];leaf at l.jl:5 1'
	fold recur --recur=off
	same 'main at m.jl:1_[d];work at w.jl:2;show at s.jl:3;work at w.jl:2;alloc at a.jl:4 1
main at m.jl:1_[d];work at w.jl:2_[d];leaf at l.jl:5 1'
	fold recur --recur=flat
	same 'main at m.jl:1_[d];work at w.jl:2;alloc at a.jl:4 1
main at m.jl:1_[d];work at w.jl:2_[d];leaf at l.jl:5 1'
	fold recur --recur=flatc
	same 'main at m.jl:1_[d];leaf at l.jl:5 1
main at m.jl:1_[d];work at w.jl:2;alloc at a.jl:4 1'
	fold recur --recur=flatc -C
	same 'main at m.jl:1;jl_apply_generic at gf.c:9_[d];leaf at l.jl:5 1
main at m.jl:1;work at w.jl:2;alloc at a.jl:4 1'
}

@test "jlprof-fold: the real profile keeps its total under --recur=flat" {
	jlprof-fold --recur=flat "$REAL" >"$BATS_TEST_TMPDIR/out"
	[ "$(awk '{ s += $NF } END { print s }' "$BATS_TEST_TMPDIR/out")" -eq 4342 ]
}

THREADS='main at m.jl:1;f at f.jl:2 2
main at m.jl:1;g at g.jl:3 2
main at m.jl:1;wait at w.jl:4 1'

@test "jlprof-fold: every thread and task by default" {
	fold threads
	same "$THREADS"
}

@test "jlprof-fold: --threads and --tasks select samples" {
	fold threads --threads 2
	same 'main at m.jl:1;g at g.jl:3 1
main at m.jl:1;wait at w.jl:4 1'
	fold threads --threads 1,3
	same 'main at m.jl:1;f at f.jl:2 2
main at m.jl:1;g at g.jl:3 1'
	fold threads --threads 2-3
	same 'main at m.jl:1;g at g.jl:3 1
main at m.jl:1;wait at w.jl:4 1'
	fold threads --tasks 0x7f00aa000040
	same 'main at m.jl:1;g at g.jl:3 2'
	fold threads --tasks 0x7f00aa000010-0x7f00aa000040 --threads 1
	same 'main at m.jl:1;f at f.jl:2 2
main at m.jl:1;g at g.jl:3 1'
}

@test "jlprof-fold: --no-sleeping drops samples of sleeping threads" {
	fold threads --no-sleeping
	same 'main at m.jl:1;f at f.jl:2 2
main at m.jl:1;g at g.jl:3 2'
}

@test "jlprof-fold: --by-thread and --by-task add root frames" {
	fold threads --by-thread
	same 'thread 1;main at m.jl:1;f at f.jl:2 2
thread 1;main at m.jl:1;g at g.jl:3 1
thread 2;main at m.jl:1;g at g.jl:3 1
thread 2;main at m.jl:1;wait at w.jl:4 1'
	fold threads --by-task
	same 'thread 1;task 0x7f00aa000010;main at m.jl:1;f at f.jl:2 2
thread 1;task 0x7f00aa000040;main at m.jl:1;g at g.jl:3 1
thread 2;task 0x7f00aa000040;main at m.jl:1;g at g.jl:3 1
thread 2;task 0x7f00aa000080;main at m.jl:1;wait at w.jl:4 1'
}

@test "jlprof-fold: --stats reports samples, layout, threads and tasks" {
	f=$(mk threads)
	run bash -c 'jlprof-fold --stats "$1" 2>&1 >/dev/null' _ "$f"
	status_is 0
	[[ $output == *"6 samples, 1 empty, layout meta"* ]]
	[[ $output == *"thread 1: 3 samples, 100.0% awake, 2 tasks"* ]]
	[[ $output == *"thread 2: 2 samples, 50.0% awake, 2 tasks"* ]]
	[[ $output == *"task 0x7f00aa000080: 1 samples"* ]]
	[[ $output == *"thread 3: 1 samples, 0.0% awake, 1 task"* ]]
	run bash -c 'jlprof-fold --stats "$1" 2>/dev/null' _ "$f"
	same "$THREADS"
}

@test "jlprof-fold: --layout overrides the detected layout" {
	fold fg-basic-meta --layout meta
	same "$BASIC"
	fold fg-basic --layout legacy
	same "$BASIC"
	fold fg-basic --layout auto
	same "$BASIC"
	# legacy data has no block ends: every word is left over
	f=$(mk fg-basic)
	run bash -c 'jlprof-fold --layout meta "$1" 2>&1' _ "$f"
	status_is 0
	[[ $output == *"17 data words after the last sample ignored"* ]]
	[[ $output == *"no samples"* ]]
	# metadata words read as ips are not in the dictionary
	rejects "not in the line-info dictionary" "$(mk threads)" --layout legacy
}

@test "jlprof-fold: words after the last block end are ignored with a warning" {
	f=$(mkafter fg-basic 'word 7 8')
	run bash -c 'jlprof-fold "$1" 2>/dev/null' _ "$f"
	same "$BASIC"
	run bash -c 'jlprof-fold "$1" 2>&1 >/dev/null' _ "$f"
	[[ $output == *"2 data words after the last sample ignored"* ]]
}

@test "jlprof-fold: big-endian files" {
	f=$(mk fg-basic 'endian big')
	[ "$(head -c 12 "$f" | tail -c 4 | od -An -tx1 | tr -d ' ')" = 01020304 ]
	run jlprof-fold "$f"
	same "$BASIC"
	f=$(mk threads 'endian big')
	run jlprof-fold "$f"
	same "$THREADS"
}

@test "jlprof-fold: --int-size 4 reads files from 32-bit Julia" {
	f=$(mk fg-basic 'intsize 4')
	run jlprof-fold --int-size 4 "$f"
	same "$BASIC"
	run jlprof-fold --int-size 8 "$f"
	status_is 1
}

GRAPH='main at m.jl:1_[d] 2
main at m.jl:1_[d];f at f.jl:2 [inlined]_[g] 4
main at m.jl:1_[d];g at g.jl:3_[dg] 2
main at m.jl:1_[d];g at g.jl:3_[dg];h at h.jl:4 1
x:y at x.jl:5 1'

@test "jlprof-fold: a saved graph (format 0x02) prints widths less children" {
	fold graph
	same "$GRAPH"
	fold graph --full-path
	status_is 0
	[[ $output == *"x:y at /p/x.jl:5 1"* ]]
	f=$(mk graph 'endian big' 'intsize 4')
	run jlprof-fold --int-size 4 "$f"
	same "$GRAPH"
}

@test "jlprof-fold: graph options on a saved graph warn and change nothing" {
	f=$(mk graph)
	run bash -c 'jlprof-fold -C --recur=flat --prune main "$1" 2>/dev/null' _ "$f"
	same "$GRAPH"
	run bash -c 'jlprof-fold --prune main "$1" 2>&1 >/dev/null' _ "$f"
	[[ $output == *"graph options do not apply"* ]]
	run bash -c 'jlprof-fold --stats "$1" 2>&1 >/dev/null' _ "$f"
	[[ $output == *"saved graph, 6 nodes, 10 samples"* ]]
}

@test "jlprof-fold: the format description's saved-graph example" {
	hexfile "$BATS_TEST_TMPDIR/g.jlprof" 4a4c50524f460100 04030201 02 \
	    ff 00000000 00000000 ffffffffffffffff 01 00 \
	    00 0100000000000000 0200000000000000 \
	    ff 01000000 66 04000000 612e6a6c 0300000000000000 00 00 \
	    01 0100000000000000 0200000000000000 \
	    00 \
	    00
	run jlprof-fold "$BATS_TEST_TMPDIR/g.jlprof"
	same 'f at a.jl:3_[d] 2'
}

@test "jlprof-fold: several files add up; - and no operand read stdin" {
	a=$(mk fg-basic)
	b=$(mk fg-cframes)
	run jlprof-fold "$a" "$b" "$a"
	same 'f1 at file1:1;f2 at file1:5;f3 at file2:1;f2 at file1:15 4
f1 at file1:1;f4 at file1:20;f5 at file3:1 2
f1 at file1:1_[d];f2 at file1:15 2
f1 at file1:1_[d];f4 at file1:20;f5 at file3:1 1
f1 at file1:2;f6 at file3:10 3'
	runsh "jlprof-fold < '$a'"
	same "$BASIC"
	runsh "cat '$a' | jlprof-fold -"
	same "$BASIC"
	runsh "cat '$a' | jlprof-fold"
	same "$BASIC"
}

@test "jlprof-fold: no samples: no output, a warning, status 0" {
	f=$(printf 'legacy\nlegacy\n' | mkjlprof >"$BATS_TEST_TMPDIR/e.jlprof"; echo "$BATS_TEST_TMPDIR/e.jlprof")
	run bash -c 'jlprof-fold "$1" 2>/dev/null' _ "$f"
	same ''
	run jlprof-fold "$f"
	[[ $output == *"no samples"* ]]
}

@test "jlprof-fold: rejects a wrong magic, HDF5/JLD files and empty files" {
	printf 'hello, world\n' >"$BATS_TEST_TMPDIR/t"
	rejects "byte 0: not a .jlprof file" "$BATS_TEST_TMPDIR/t"
	# a file of another format is named, and the program that reads it
	printf 'folded;stack 1\n' >"$BATS_TEST_TMPDIR/t"
	rejects "not a Julia profile (.jlprof) but folded stacks, which need no folding" "$BATS_TEST_TMPDIR/t"
	rejects "not a Julia profile (.jlprof) but a pprof profile (profile.proto): read it with pprof-fold (or fg-fold)" "$DATA/formats/pprof"
	: >"$BATS_TEST_TMPDIR/empty"
	rejects "not a .jlprof file" "$BATS_TEST_TMPDIR/empty"
	printf '\211HDF\r\n\032\n0000000000000000' >"$BATS_TEST_TMPDIR/h"
	rejects "HDF5/JLD" "$BATS_TEST_TMPDIR/h"
	{ head -c 512 /dev/zero; printf '\211HDF\r\n\032\n'; } >"$BATS_TEST_TMPDIR/h512"
	rejects "HDF5/JLD" "$BATS_TEST_TMPDIR/h512"
	rejects "not a .jlprof file" "$(mk fg-basic 'magic 4a4c50524f460200')"
}

@test "jlprof-fold: rejects a bad endianness word and an unknown format" {
	rejects "byte 8: bad endianness word 01 02 03 05" "$(mk fg-basic 'endianword 01020305')"
	rejects "byte 12: unknown format 0x03" "$(mk fg-basic 'format 3')"
	rejects "truncated" "$(mk fg-basic 'cut 10')"
}

@test "jlprof-fold: rejects lengths beyond the end of the file" {
	rejects "byte 13: data length 1000 exceeds" "$(mk fg-basic 'ndata 1000')"
	rejects "byte 13: negative data length" "$(mk fg-basic 'ndata -1')"
	rejects "byte 157: line-info entry count 99 exceeds" "$(mk fg-basic 'nentries 99')"
	rejects "byte 157: negative line-info entry count" "$(mk fg-basic 'nentries -5')"
	# spec-example: header 13, n 8, 7 words, m 8, key 8: nsf at 93
	rejects "byte 93: negative frame count" "$(mk spec-example 'cut 93' 'append ffffffff')"
	rejects "byte 93: frame count 1000 exceeds" "$(mk spec-example 'cut 93' 'append e8030000')"
	rejects "byte 97: function name length 2147483647 exceeds" \
	    "$(mk spec-example 'cut 97' 'append ffffff7f 0000000000000000000000000000')"
	rejects "byte 97: negative function name length" "$(mk spec-example 'cut 97' 'append feffffff 0000000000000000000000000000')"
}

@test "jlprof-fold: rejects truncated and trailing data" {
	rejects "truncated line" "$(mk spec-example 'cut 115')"
	rejects "truncated inlined flag" "$(mk spec-example 'cut 119')"
	rejects "byte 120: 1 trailing bytes after the line-info dictionary" \
	    "$(mk spec-example 'append 00')"
}

@test "jlprof-fold: rejects a NUL byte in a name" {
	rejects "function name length contains a NUL byte" \
	    "$(printf 'legacy 1\nframe 1 "a\\x00b" x.jl 1\n' | mkjlprof >"$BATS_TEST_TMPDIR/n"; echo "$BATS_TEST_TMPDIR/n")"
}

@test "jlprof-fold: rejects an ip missing from the dictionary" {
	rejects "byte 157: instruction pointer 0x99 is not in the line-info dictionary" \
	    "$(mkafter fg-basic 'legacy 0x99 1')"
	# a sample left out by --threads is not looked up
	f=$(mkafter threads 'sample 7 1 1 1 0x99')
	run jlprof-fold --threads 1-3 "$f"
	same "$THREADS"
	rejects "not in the line-info dictionary" "$f"
}

@test "jlprof-fold: rejects a block end whose metadata starts before its block" {
	f=$(printf 'word 9 1 2 3 1 0 0 7 1 0 0\nframe 9 f f.jl 1\nframe 7 g g.jl 1\n' | mkjlprof >"$BATS_TEST_TMPDIR/b"; echo "$BATS_TEST_TMPDIR/b")
	rejects "byte 101: block end whose metadata starts before the block" "$f" --layout meta
}

@test "jlprof-fold: rejects malformed saved graphs" {
	rejects "byte 13: no root node" "$(printf 'format 2\n' | mkjlprof >"$BATS_TEST_TMPDIR/g0"; echo "$BATS_TEST_TMPDIR/g0")"
	rejects "byte 13: bad node tag 0x00" "$(printf 'format 2\nappend 00\n' | mkjlprof >"$BATS_TEST_TMPDIR/g1"; echo "$BATS_TEST_TMPDIR/g1")"
	# the root node takes bytes 13 to 48
	rejects "byte 49: bad node tag 0x07" "$(mk graph 'cut 49' 'append 07')"
	rejects "byte 49: end of file inside the graph, 1 nodes open" "$(mk graph 'cut 49')"
	rejects "1 trailing bytes after the graph" "$(mk graph 'append 00')"
}

@test "jlprof-fold: usage errors exit 2" {
	f=$(mk fg-basic)
	for o in --recur=deep '--layout x' '--int-size 2' '--threads x' '--threads 5-2' \
	    '--tasks 0x' '--threads 1,' '--filter-regex (' --bogus; do
		run jlprof-fold $o "$f"
		status_is 2
	done
	run jlprof-fold --filter a --filter-regex b "$f"
	status_is 2
	[[ $output == *"exclude each other"* ]]
}

@test "jlprof-fold: --help lists the options of the manual page; --version" {
	run jlprof-fold --help
	status_is 0
	opts=$(sed -n '/^\.TP/{n;p}' "$BATS_TEST_DIRNAME/../man/jlprof-fold.1" |
	    grep -o '\\-\\-[A-Za-z\\-]*[A-Za-z]' | sed 's/\\-/-/g')
	[ "$(echo "$opts" | wc -l)" -ge 18 ]
	for o in $opts; do
		[[ $output == *"$o"* ]] || { echo "--help lacks $o" >&2; return 1; }
	done
	run jlprof-fold -h
	status_is 0
	run jlprof-fold --version
	status_is 0
	[ -n "$output" ]
}

@test "jlprof-fold: the manual page has no groff warnings" {
	command -v groff >/dev/null || skip "needs groff"
	run groff -ww -z -man "$BATS_TEST_DIRNAME/../man/jlprof-fold.1"
	status_is 0
	[ -z "$output" ]
}

@test "jlprof-fold: a profile without samples is said so on stderr, with empty output" {
	printf 'frame 1 f a.jl 1\n' | mkjlprof >"$BATS_TEST_TMPDIR/z.jlprof"
	run jlprof-fold "$BATS_TEST_TMPDIR/z.jlprof"
	status_is 0
	[ "$output" = "jlprof-fold: there were no samples collected" ]
	[ -z "$(jlprof-fold "$BATS_TEST_TMPDIR/z.jlprof" 2>/dev/null)" ]
}

@test "jlprof-fold --filter: a filter that matches nothing is ignored, with a warning" {
	jlprof-fold "$DATA/jlprof/profile_ttfp.jlprof" >"$BATS_TEST_TMPDIR/all"
	jlprof-fold --filter no-such-function "$DATA/jlprof/profile_ttfp.jlprof" \
		>"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err"
	cmp "$BATS_TEST_TMPDIR/all" "$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/err")" = "jlprof-fold: $DATA/jlprof/profile_ttfp.jlprof: the filter matches no frame and is ignored" ]
}

@test "jlprof-fold: a pipe that is not a .jlprof file is refused before it is copied" {
	# the old reader copied the whole pipe to a temporary file first:
	# /dev/zero never ends, so under a 1 MiB file size limit it died
	run bash -c 'ulimit -f 2048; timeout 20 jlprof-fold /dev/zero'
	status_is 1
	[[ $output == *"/dev/zero: byte 0: not a .jlprof file"* ]]
	run bash -c 'ulimit -f 2048; yes | timeout 20 jlprof-fold'
	status_is 1
	[[ $output == *"<stdin>: byte 0: not a .jlprof file"* ]]
	{ head -c 512 /dev/zero; printf '\211HDF\r\n\032\n'; } >"$BATS_TEST_TMPDIR/h512"
	runsh "cat '$BATS_TEST_TMPDIR/h512' | jlprof-fold"
	status_is 1
	[[ $output == *"HDF5/JLD"* ]]
}

@test "jlprof-fold: a pipe operand and standard input are read apart" {
	a=$(mk fg-basic)
	b=$(mk fg-cframes)
	run jlprof-fold "$a" "$b"
	status_is 0
	both=$output
	runsh "cat '$b' | jlprof-fold <(cat '$a') -"
	same "$both"
	runsh "cat '$a' | jlprof-fold - <(cat '$b')"
	same "$both"
}

@test "jlprof-fold: a --threads or --tasks number beyond 64 bits is a usage error" {
	f=$(mk fg-basic)
	for o in '--threads 1-99999999999999999999' '--threads 18446744073709551616' \
	    '--tasks 0x10000000000000000' '--tasks 1,0x1-0xfffffffffffffffff'; do
		run jlprof-fold $o "$f"
		status_is 2
		[[ $output == *"bad t"*" list"* ]]
	done
	run jlprof-fold --threads 1-18446744073709551615 --tasks 0-0xffffffffffffffff "$f"
	same "$BASIC"
}

@test "jlprof-fold: a C frame named like a count is written so that it stays a frame" {
	# "worker 12" at the end of a line would read as a second count
	printf '%s\n' 'legacy 1 2' 'legacy 1 3' 'frame 2 "main" m.jl 1' 'frame 1 "worker 12" "" -1 C' \
		'frame 3 "g" g.jl 2' | mkjlprof >"$BATS_TEST_TMPDIR/w.jlprof"
	run jlprof-fold -C "$BATS_TEST_TMPDIR/w.jlprof"
	status_is 0
	[ "$output" = "g at g.jl:2;worker_12 1
main at m.jl:1;worker_12 1" ]
	# read back as one count per line, not as a baseline 12 and a target 1
	run bash -c "jlprof-fold -C '$BATS_TEST_TMPDIR/w.jlprof' | fg-merge"
	status_is 0
	[ "$output" = "g at g.jl:2;worker_12 1
main at m.jl:1;worker_12 1" ]
}

# timeorder.txt: thread 1's leaves f f g f, thread 2's g h g wait h,
# sampled in turn
M='main at m.jl:1'

@test "jlprof-fold --time-order: each thread's samples in order, adjacent runs merged, repeats kept" {
	fold timeorder --time-order
	same "# fg: order=time
$M;f at f.jl:2 2
$M;g at g.jl:3 1
$M;f at f.jl:2 1
$M;g at g.jl:3 1
$M;h at h.jl:4 1
$M;g at g.jl:3 1
$M;wait at w.jl:5 1
$M;h at h.jl:4 1"
	# without it: summed and sorted
	fold timeorder
	same "$M;f at f.jl:2 3
$M;g at g.jl:3 3
$M;h at h.jl:4 2
$M;wait at w.jl:5 1"
}

@test "jlprof-fold --time-order: with --by-thread and --by-task, their root frames" {
	fold timeorder --time-order --by-thread
	same "# fg: order=time
thread 1;$M;f at f.jl:2 2
thread 1;$M;g at g.jl:3 1
thread 1;$M;f at f.jl:2 1
thread 2;$M;g at g.jl:3 1
thread 2;$M;h at h.jl:4 1
thread 2;$M;g at g.jl:3 1
thread 2;$M;wait at w.jl:5 1
thread 2;$M;h at h.jl:4 1"
	fold timeorder --time-order --by-task --threads 2
	same "# fg: order=time
thread 2;task 0xa2;$M;g at g.jl:3 1
thread 2;task 0xa2;$M;h at h.jl:4 1
thread 2;task 0xa3;$M;g at g.jl:3 1
thread 2;task 0xa3;$M;wait at w.jl:5 1
thread 2;task 0xa2;$M;h at h.jl:4 1"
}

@test "jlprof-fold --time-order: samples go where the graph options put them" {
	# a sample left out does not end a run
	fold timeorder --time-order --threads 2 --no-sleeping
	same "# fg: order=time
$M;g at g.jl:3 1
$M;h at h.jl:4 1
$M;g at g.jl:3 1
$M;h at h.jl:4 1"
	# a pruned frame's samples go to its caller
	fold timeorder --time-order --threads 2 --prune h
	same "# fg: order=time
$M;g at g.jl:3 1
$M 1
$M;g at g.jl:3 1
$M;wait at w.jl:5 1
$M 1"
	# samples of frames the filter drops go to the kept caller: one run
	fold timeorder --time-order --threads 2 --filter w.jl
	same "# fg: order=time
$M 3
$M;wait at w.jl:5 1
$M 1"
	# hidden C frames: their callees under the caller, which takes their status
	fold fg-cframes --time-order
	same '# fg: order=time
f1 at file1:1_[d];f2 at file1:15 1
f1 at file1:1_[d];f4 at file1:20;f5 at file3:1 1
f1 at file1:2;f6 at file3:10 1
f1 at file1:1_[d];f2 at file1:15 1'
	fold fg-cframes --time-order -C
	[ "${lines[1]}" = 'f1 at file1:1;jl_f at filec:55;jl_invoke at file2:1_[d];f2 at file1:15 1' ]
	# the REPL's branch goes with its samples, its grafted callees stay
	fold fg-repl --time-order
	same '# fg: order=time
f3 at file2:1;f2 at file1:15 1
f1 at file1:2;f6 at file3:10 1
f3 at file2:1;f2 at file1:15 1'
}

@test "jlprof-fold --time-order: summed, it equals the default output on a real profile" {
	for o in "" -C --no-combine --recur=flat --recur=flatc --repl "--prune eval" \
	    "--filter plot" "--filter-regex sort" --by-thread "--layout legacy --full-path"; do
		jlprof-fold $o "$REAL" >"$BATS_TEST_TMPDIR/sum" 2>/dev/null
		jlprof-fold --time-order $o "$REAL" >"$BATS_TEST_TMPDIR/time" 2>/dev/null
		fg-merge "$BATS_TEST_TMPDIR/time" | cmp - "$BATS_TEST_TMPDIR/sum"
		[ "$(sed 's/ [^ ]*$//' "$BATS_TEST_TMPDIR/time" | uniq -d | wc -l)" -eq 0 ]
	done
	# more lines than stacks: the profile comes back to stacks it left
	[ "$(wc -l <"$BATS_TEST_TMPDIR/time")" -gt "$(wc -l <"$BATS_TEST_TMPDIR/sum")" ]
}

@test "jlprof-fold --time-order: a saved graph has no order: graph order, with a warning" {
	f=$(mk graph)
	jlprof-fold --time-order "$f" >"$BATS_TEST_TMPDIR/time" 2>"$BATS_TEST_TMPDIR/err"
	grep -q 'has no sample order' "$BATS_TEST_TMPDIR/err"
	jlprof-fold "$f" | cmp - <(fg-merge "$BATS_TEST_TMPDIR/time")
}
