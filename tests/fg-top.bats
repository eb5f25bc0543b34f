#!/usr/bin/env bats
# fg-top: text reports

load helper

J=""
setup() {
	J=$DATA/folded/julia.folded
}

@test "fg-top: frames by self samples, with total and shares" {
	run fg-top "$J"
	status_is 0
	[ "$(echo "$output" | sed -n 1p)" = "self  self%  total  total%  flags  name" ]
	[ "$(echo "$output" | sed -n 2p)" = "  30  45.45     30   45.45         sort! at sort.jl:646" ]
	[ "$(echo "$output" | grep 'sort! at sort.jl:710')" = "   4   6.06     34   51.52         sort! at sort.jl:710" ]
}

@test "fg-top: total counts a stack once under recursion" {
	runsh "printf 'a;f;g;f;g 10\na;f 5\n' | fg-top --format tsv"
	[[ "$output" == *$'5\t33.33\t15\t100.00\t\tf'* ]]
	[[ "$output" == *$'10\t66.67\t10\t66.67\t\tg'* ]]
}

@test "fg-top -n and --sort" {
	run fg-top -n 2 "$J"
	[ "$(echo "$output" | wc -l)" -eq 3 ]
	run fg-top --sort total -n 1 "$J"
	[[ "$(echo "$output" | sed -n 2p)" == *"eval at boot.jl:330" ]]
	run fg-top --sort name -n 1 "$J"
	# the annotation _[d] is a flag, not part of the name
	[ "$(echo "$output" | sed -n 2p)" = "   3   4.55      3    4.55  d      _mapslices at abstractarray.jl:2870 [inlined]" ]
	run fg-top -n 0 "$J"
	[ "$(echo "$output" | wc -l)" -eq 16 ]
	run fg-top --sort other "$J"
	status_is 2
	run fg-top -n x "$J"
	status_is 2
}

@test "fg-top --by function and --by file" {
	run fg-top --by function -n 1 "$J"
	[ "$(echo "$output" | sed -n 2p)" = "  36  54.55     36   54.55         sort!" ]
	run fg-top --by file --sort total -n 3 "$J"
	[ "$(echo "$output" | sed -n 2p)" = "   1   1.52     66  100.00         REPL[1]" ]
	[ "$(echo "$output" | sed -n 4p)" = "   3   4.55     43   65.15  d      abstractarray.jl" ]
	run fg-top --by nothing "$J"
	status_is 2
}

@test "fg-top --tree: indented, widest first, pruned by --min" {
	run fg-top --tree "$J"
	[ "$(echo "$output" | sed -n 1p)" = "66 100.00% eval at boot.jl:330" ]
	[ "$(echo "$output" | sed -n 2p)" = "  43 65.15% profile_test at REPL[1]:5" ]
	[ "$(echo "$output" | sed -n 5p)" = "        30 45.45% sort! at sort.jl:646" ]
	run fg-top --tree --min 10 "$J"
	[[ "$output" != *"mysort"* ]]
	[[ "$output" == *"rand!"* ]]
}

@test "fg-top --callers and --callees" {
	run fg-top --callers 'sort!' "$J"
	[ "$(echo "$output" | sed -n 1p)" = "callers: 36 of 66 samples pass through the function (54.55%)" ]
	[[ "$output" == *"     34   94.44         mapslices at abstractarray.jl:2857"* ]]
	run fg-top --callees 'sort!@sort.jl' --format tsv "$J"
	# sort!:710 calls sort!:646 (30) or ends there (4); sort!:646 always ends (30)
	[ "$output" = "$(printf 'samples\tshare%%\tflags\tname\n34\t100.00\t\t[self]\n30\t88.24\t\tsort! at sort.jl:646')" ]
	run fg-top --callers nosuch "$J"
	status_is 1
	[ "$output" = "fg-top: no frame matches 'nosuch'" ]
}

@test "fg-top: two-count input is a regression table sorted by the change" {
	run fg-top "$DATA/folded/diff.folded"
	[ "$(echo "$output" | sed -n 1p)" = "self  self%  total  total%  base  target  delta  delta%  flags  name" ]
	[ "$(echo "$output" | sed -n 2p)" = "   7  36.84      7   36.84     0       7     +7  +36.84         h" ]	# 100 * 7 / 19, the target total
	[ "$(echo "$output" | sed -n 3p)" = "   0   0.00      0    0.00     5       0     -5  -26.32         g" ]
	run fg-top --format tsv "$DATA/folded/diff.folded"
	[ "$(echo "$output" | sed -n 1p)" = "$(printf 'self\tself%%\ttotal\ttotal%%\tbase\ttarget\tdelta\tdelta%%\tflags\tname')" ]
}

@test "fg-top --format json parses and escapes names" {
	runsh "printf 'a;\"x\\\\y\"\001 3\n' | fg-top --format json"
	[[ "$output" == *'"name":"\"x\\y\"\u0001"'* ]]
	needpy
	fg-top --format json "$DATA/folded/diff.folded" | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["rows"][0]["delta"] == 7'
	fg-top --format json --callers f "$DATA/folded/diff.folded" | python3 -c 'import json,sys; json.load(sys.stdin)'
}

@test "fg-top: long names are cut with .. to the terminal width" {
	command -v script >/dev/null || skip "needs script(1) for a terminal"
	printf 'main;%s 5\n' "$(printf 'x%.0s' $(seq 1 200))" >"$BATS_TEST_TMPDIR/in"
	run script -qc "stty cols 60; fg-top $BATS_TEST_TMPDIR/in" /dev/null
	line=$(echo "$output" | grep 'xx' | tr -d '\r')
	[[ "$line" == *"x.." ]]
	[ "${#line}" -le 60 ]
	run fg-top "$BATS_TEST_TMPDIR/in"
	[[ "$output" != *".."* ]]
}

@test "fg-top: errors" {
	run fg-top /dev/null
	status_is 1
	[ "$output" = "fg-top: no samples in the input" ]
	runsh "printf 'a x\n' | fg-top"
	status_is 1
	[ "$output" = "fg-top: <stdin>:1: count missing" ]
	run fg-top --format xml "$J"
	status_is 2
	run fg-top --help
	status_is 0
	[[ "$output" == *"--callees"* ]]
	run fg-top --version
	[[ "$output" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "fg-top --tree: indentation stops at depth 40, deeper lines say their depth" {
	# 2 spaces a level made the output grow with the square of the
	# depth: 25 MB for 5000 frames, 10 GB for 100k
	awk 'BEGIN{s="f1"; for(i=2;i<=5000;i++) s=s ";f" i; print s, 1}' >"$BATS_TEST_TMPDIR/in"
	fg-top --tree --min 0 "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/out")" -eq 5000 ]
	[ "$(wc -c <"$BATS_TEST_TMPDIR/out")" -lt 600000 ]
	pad=$(printf '%80s' '')
	[ "$(sed -n 40p "$BATS_TEST_TMPDIR/out")" = "$(printf '%78s' '')1 100.00% f40" ]
	[ "$(sed -n 41p "$BATS_TEST_TMPDIR/out")" = "${pad}1 100.00% f41" ]
	[ "$(sed -n 42p "$BATS_TEST_TMPDIR/out")" = "${pad}[depth 42] 1 100.00% f42" ]
	[ "$(sed -n 5000p "$BATS_TEST_TMPDIR/out")" = "${pad}[depth 5000] 1 100.00% f5000" ]
}

@test "fg-top --tree --format tsv and json: one row per node with its depth and parent" {
	run fg-top --tree --format tsv "$J"
	status_is 0
	[ "$(echo "$output" | sed -n 1p)" = "$(printf 'depth\ttotal\ttotal%%\tflags\tname')" ]
	[ "$(echo "$output" | sed -n 2p)" = "$(printf '1\t66\t100.00\t\teval at boot.jl:330')" ]
	# the same nodes as the text tree, in the same order
	[ "$(echo "$output" | tail -n +2 | cut -f5)" = "$(fg-top --tree "$J" | sed 's/^ *[0-9.]* [0-9.]*% //; s/^\[[a-z]*\] //')" ]
	needpy
	fg-top --tree --format json "$J" | python3 -c '
import json, sys
d = json.load(sys.stdin)
n = d["nodes"]
assert d["total"] == 66 and n[0]["name"] == "eval at boot.jl:330" and n[0]["parent"] == -1
for i, x in enumerate(n):
    assert x["row"] == i
    if x["depth"] > 1:
        assert n[x["parent"]]["depth"] == x["depth"] - 1
assert any(x["flags"] == "d" for x in n)'
	fg-top --tree --format json "$DATA/folded/diff.folded" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["nodes"][0]["delta"] == 4 and d["nodes"][0]["base"] == 15'
}

@test "fg-top: annotations are flags, shown apart from the names" {
	printf 'a;b_[k] 3\na;c at x.jl:1_[dg] 2\na;c at x.jl:1 1\n' >"$BATS_TEST_TMPDIR/in"
	run fg-top --format tsv "$BATS_TEST_TMPDIR/in"
	[ "$output" = "$(printf 'self\tself%%\ttotal\ttotal%%\tflags\tname\n3\t50.00\t3\t50.00\tk\tb\n2\t33.33\t2\t33.33\tdg\tc at x.jl:1\n1\t16.67\t1\t16.67\t\tc at x.jl:1\n0\t0.00\t6\t100.00\t\ta')" ]
	# by function, a row's flags are those of all its frames
	run fg-top --by function --format tsv "$BATS_TEST_TMPDIR/in"
	[[ "$output" == *$'\tdg\tc\n'* ]]
	run fg-top --tree "$BATS_TEST_TMPDIR/in"
	[ "$(echo "$output" | sed -n 2p)" = "  3 50.00% [k] b" ]
	run fg-top --format json "$BATS_TEST_TMPDIR/in"
	[[ "$output" == *'"flags":"dg","name":"c at x.jl:1"'* ]]
}

@test "fg-top: control characters in names do not reach the terminal" {
	printf 'a;\033]0:owned\007x\033[31m 3\na;\302\233y 1\n' >"$BATS_TEST_TMPDIR/in"
	for args in "" "--tree" "--format tsv" "--tree --format tsv" "--callers x -F owned"; do
		fg-top $args "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out"
		! grep -q "$(printf '[\001-\010\012-\037\177]')" "$BATS_TEST_TMPDIR/out" || false
		! grep -q "$(printf '\302\233')" "$BATS_TEST_TMPDIR/out" || false
	done
	run fg-top --format tsv "$BATS_TEST_TMPDIR/in"
	[[ "$output" == *'\x1b]0:owned\x07x\x1b[31m'* ]]
	[[ "$output" == *'\xc2\x9by'* ]]
}

@test "fg-top --callers and --callees take -e, -F and --name patterns too" {
	run fg-top --callers 'sort!' -e '^rand!' --format tsv "$J"
	status_is 0
	[[ "$output" == *$'\tmapslices at abstractarray.jl:2857'* ]]
	# 36 samples through sort!, 12 through rand!: 48 matched
	[[ "$output" == *$'\n12\t25.00\t\trand at random.jl:277\n'* ]]
	run fg-top --callees x -F 'sort.jl:71' --format tsv "$J"
	# only sort!:710 holds the text: it calls sort!:646 (30 of 34)
	[ "$output" = "$(printf 'samples\tshare%%\tflags\tname\n30\t88.24\t\tsort! at sort.jl:646\n4\t11.76\t\t[self]')" ]
	run fg-top --callers nosuch --name other "$J"
	status_is 1
	[ "$output" = "fg-top: no frame matches 'nosuch' or the other patterns" ]
	run fg-top -e x "$J"
	status_is 2
	[ "$output" = "fg-top: -e, -F and --name go with --callers, --callees or --list
Try 'fg-top --help' for more information." ]
	run fg-top --callers x -e '((((a{1,50}){1,50}){1,50}){1,50})' "$J"
	status_is 2
}

@test "fg-top --tree: a node without children (target total 0) is no qsort of NULL" {
	# UBSan (make check SANITIZE=1) flagged qsort(NULL, 0, ...)
	runsh "printf 'main;g 5 0\n' | fg-top --tree"
	status_is 0
	[ -z "$output" ]
	runsh "printf 'main;g 5 0\n' | fg-top --tree --format json"
	[ "$output" = "$(printf '{"total":0,"nodes":[\n]}')" ]
}

@test "fg-top --callers -e: the regex sees the frame alone, not the rest of the stack" {
	runsh "printf 'a;x;y 1\n' | fg-top --callers zz -e 'x.y'"
	status_is 1
	[ "$output" = "fg-top: no frame matches 'zz' or the other patterns" ]
	runsh "printf 'a;x;y 1\n' | fg-top --callers zz -e '^x$' --format tsv"
	status_is 0
	[ "$output" = "$(printf 'samples\tshare%%\tflags\tname\n1\t100.00\t\ta')" ]
}

@test "fg-top -m: a percent from 0 to 100, in decimal; -t says when every root is under it" {
	printf 'a 1\nb 1\n' >"$BATS_TEST_TMPDIR/in"
	for v in inf nan -1 101 1e400 0x5 ' 5'; do
		run fg-top -t -m "$v" "$BATS_TEST_TMPDIR/in"
		status_is 2
		[[ "${lines[0]}" == "fg-top: "*"minimum percent"* ]]
		[ "${lines[1]}" = "Try 'fg-top --help' for more information." ]
	done
	run fg-top -t -m 40 "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "${#lines[@]}" -eq 2 ]
	# both roots hold 50%: nothing passes 60%, and that is said
	run fg-top -t -m 60 "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "fg-top: every root is under the threshold (-m 60%): no node to show" ]
}

@test "fg-top --tree: callees of equal width in the order flame graphs draw them" {
	run fg-top --tree <<<$'a;b2 1\na;b 1'
	status_is 0
	[ "${lines[1]}" = "  1 50.00% b" ]
	[ "${lines[2]}" = "  1 50.00% b2" ]
	run fg-top --tree <<<$'a;b;c 1\na;b2 1'
	[ "${lines[1]}" = "  1 50.00% b2" ]
	[ "${lines[2]}" = "  1 50.00% b" ]
	# the same order as fg-svg's, on every tie
	printf 'a;f::g 1\na;f 1\na;f.x;y 1\na;f(int) 1\n' >"$BATS_TEST_TMPDIR/in"
	fg-top --tree "$BATS_TEST_TMPDIR/in" | sed -n 's/^  [0-9]* [0-9.]*% //p' >"$BATS_TEST_TMPDIR/top"
	LC_ALL=C sort "$BATS_TEST_TMPDIR/in" | awk '{ sub(/ [0-9]+$/, ""); split($0, f, ";"); if (!seen[f[2]]++) print f[2] }' | diff - "$BATS_TEST_TMPDIR/top"
}

@test "fg-top: the regression table's delta in human units, as its other columns" {
	runsh "printf '# fg: unit=nanoseconds\na;b 1000 641283560\na;c 900000000 1000\n' | fg-top"
	status_is 0
	[[ ${lines[1]} == *"900 ms    1 us  -900 ms  "*" c" ]]
	[[ ${lines[2]} == *"+641 ms  "*" b" ]]
	# TSV keeps the plain numbers
	runsh "printf '# fg: unit=nanoseconds\na;b 1000 641283560\n' | fg-top -f tsv"
	[[ $output == *$'\t+641282560\t'* ]]
}

@test "fg-top, fg-gate: repeated, shuffled and sorted lines, decimals mid-file, add up as the merged profile" {
	# each stack several times in no order (kept stacks: sums held
	# back), then 100 lines in byte order (taken for sorted), a line
	# like the one before, and decimal counts from line 300 on (whole
	# sums held back go into the rows before the first one)
	awk 'BEGIN { srand(3)
		for (i = 0; i < 300; i++) {
			k = int(rand() * 40); d = 2 + k % 7
			s = "main"; for (j = 0; j < d; j++) s = s ";f" ((k * 7 + j * 3) % 11) "_[" (j % 2 ? "k" : "i") "]"
			printf "%s;g%d %d\n", s, k % 5, 1 + int(rand() * 9)
		}
		for (i = 0; i < 100; i++) printf "main;s%03d;t 2\nmain;s%03d;t 2\n", i, i
		for (i = 0; i < 200; i++) printf "main;f%d;f%d;h%d %d.%s\n", i % 9, i % 4, i % 3, i % 5, (i % 2 ? "25" : "5")
	}' >"$BATS_TEST_TMPDIR/p.folded"
	fg-merge "$BATS_TEST_TMPDIR/p.folded" >"$BATS_TEST_TMPDIR/m.folded"
	for o in "--format json" "--by frame --format tsv" "--by file"; do
		a=$(fg-top $o "$BATS_TEST_TMPDIR/p.folded")
		b=$(fg-top $o "$BATS_TEST_TMPDIR/m.folded")
		[ -n "$a" ]
		[ "$a" = "$b" ]
	done
	# whole counts for fg-gate: the first 350 lines and 500
	for n in 350 500; do
		head -$n "$BATS_TEST_TMPDIR/p.folded" >"$BATS_TEST_TMPDIR/w$n.folded"
		fg-merge "$BATS_TEST_TMPDIR/w$n.folded" >"$BATS_TEST_TMPDIR/m$n.folded"
	done
	cd "$BATS_TEST_TMPDIR"
	a=$(fg-gate --format json --budget 'f3=1%' w350.folded w500.folded | sed 's/[wm][0-9]*\.folded//g')
	b=$(fg-gate --format json --budget 'f3=1%' m350.folded m500.folded | sed 's/[wm][0-9]*\.folded//g')
	[[ "$a" == *'"f3"'* ]]
	[ "$a" = "$b" ]
}
