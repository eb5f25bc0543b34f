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
	[ "$(echo "$output" | sed -n 2p)" = "   7  36.84      7   36.84     0       7     +7  +46.67         h" ]
	[ "$(echo "$output" | sed -n 3p)" = "   0   0.00      0    0.00     5       0     -5  -33.33         g" ]
	run fg-top --format tsv "$DATA/folded/diff.folded"
	[ "$(echo "$output" | sed -n 1p)" = "$(printf 'self\tself%%\ttotal\ttotal%%\tbase\ttarget\tdelta\tdelta%%\tflags\tname')" ]
}

@test "fg-top --format json parses and escapes names" {
	runsh "printf 'a;\"x\\\\y\"\001 3\n' | fg-top --format json"
	[[ "$output" == *'"name":"\"x\\y\"\u0001"'* ]]
	command -v python3 >/dev/null || skip "needs python3 to parse the JSON"
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
