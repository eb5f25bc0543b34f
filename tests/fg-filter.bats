#!/usr/bin/env bats
# fg-filter: FlameGraphs.jl's filter, and grep-like --only, -v, --reroot

load helper

@test "fg-filter NAME: matching stacks whole, the others cut to a shared prefix" {
	# FlameGraphs.jl filter = "mapslices" on the profile_test example
	run fg-filter mapslices "$DATA/folded/julia.folded"
	status_is 0
	[ "$output" = "$(printf '%s\n' \
		'eval at boot.jl:330 23' \
		'eval at boot.jl:330;profile_test at REPL[1]:5;mapslices at abstractarray.jl:2857;_mapslices at abstractarray.jl:2870 [inlined]_[d] 3' \
		'eval at boot.jl:330;profile_test at REPL[1]:5;mapslices at abstractarray.jl:2857;sort! at sort.jl:710 4' \
		'eval at boot.jl:330;profile_test at REPL[1]:5;mapslices at abstractarray.jl:2857;sort! at sort.jl:710;sort! at sort.jl:646 30' \
		'eval at boot.jl:330;profile_test at REPL[1]:5;mapslices at abstractarray.jl:2872;setindex! at subarray.jl:312 6')" ]
}

@test "fg-filter: callers keep their full width, so percentages stay global" {
	printf 'main;a;m;f 5\nmain;a;g 2\nmain;b;h 3\nmain 1\nmain;a 4\n' >"$BATS_TEST_TMPDIR/in"
	run fg-filter m "$BATS_TEST_TMPDIR/in"
	[ "$output" = "$(printf 'main 4\nmain;a 6\nmain;a;m;f 5')" ]
	# the total is unchanged
	[ "$(echo "$output" | awk '{s+=$NF} END{print s}')" = 15 ]
}

@test "fg-filter: a stack with no prefix in common with a match is dropped" {
	runsh "printf 'main;m 1\nother;x 5\n' | fg-filter m"
	[ "$output" = "main;m 1" ]
}

@test "fg-filter: the merge is frame by frame (b and b::x are different frames)" {
	runsh "printf 'a;b 5\na;b::x;y 3\na;b;c 2\n' | fg-filter c"
	[ "$output" = "$(printf 'a 3\na;b 5\na;b;c 2')" ]
}

@test "fg-filter -F: FlameGraphs.jl's string filter" {
	run fg-filter -F 'sort.jl:646' "$DATA/folded/julia.folded"
	status_is 0
	[ "$(echo "$output" | wc -l)" -eq 5 ]
	[ "$(echo "$output" | sed -n 3p)" = 'eval at boot.jl:330;profile_test at REPL[1]:5;mapslices at abstractarray.jl:2857 3' ]
	[[ "$(echo "$output" | tail -1)" == *"sort! at sort.jl:646 30" ]]
}

@test "fg-filter --only: grep semantics, input order kept" {
	run fg-filter --only -e '^rand' "$DATA/folded/julia.folded"
	[ "$output" = "eval at boot.jl:330;profile_test at REPL[1]:3;rand at random.jl:277;rand! at random.jl:267 12" ]
	run fg-filter -o -n maximum -n 'sort!@mysort.jl' "$DATA/folded/julia.folded"
	[ "$(echo "$output" | wc -l)" -eq 2 ]
}

@test "fg-filter -v: only the stacks that do not pass through a match" {
	run fg-filter -v -F mapslices "$DATA/folded/julia.folded"
	[ "$(echo "$output" | wc -l)" -eq 4 ]
	[[ "$output" != *mapslices* ]]
}

@test "fg-filter -v and --only partition the input" {
	fg-filter --only -e 'f[0-2]::x' "$DATA/folded/many.folded" >"$BATS_TEST_TMPDIR/a"
	fg-filter -v -e 'f[0-2]::x' "$DATA/folded/many.folded" >>"$BATS_TEST_TMPDIR/a"
	sort "$BATS_TEST_TMPDIR/a" | cmp - <(sort "$DATA/folded/many.folded")
}

@test "fg-filter --reroot: each kept stack starts at its outermost match" {
	runsh "printf 'a;m;b;m;c 1\nx;m 2\ny;z 3\n' | fg-filter --reroot m"
	[ "$output" = "$(printf 'm;b;m;c 1\nm 2')" ]
	runsh "printf 'a;m;b 1\n' | fg-filter -r m"
	[ "$output" = "m;b 1" ]
}

@test "fg-filter: no match at all prints nothing, says so and exits 1" {
	run fg-filter no_such "$DATA/folded/julia.folded"
	status_is 1
	[ "$output" = "fg-filter: no stack matches" ]
	run fg-filter --only no_such "$DATA/folded/julia.folded"
	status_is 1
	run fg-filter -v -F at "$DATA/folded/julia.folded"
	status_is 1
	[ "$output" = "fg-filter: every stack matches" ]
}

@test "fg-filter: two-count lines, comments, stdin and -" {
	runsh "printf '# x\nmain;f;g 10 12\nmain;h 1 2\n' | fg-filter g - "
	[ "$output" = "$(printf '# x\nmain 1 2\nmain;f;g 10 12')" ]
}

@test "fg-filter: | head -1 ends quietly" {
	awk 'BEGIN{for(i=0;i<200000;i++) print "root;frame" i, 1}' >"$BATS_TEST_TMPDIR/in"
	runsh "fg-filter -o root $BATS_TEST_TMPDIR/in 2>$BATS_TEST_TMPDIR/err | head -1"
	[ "$output" = "root;frame0 1" ]
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
}

@test "fg-filter: bad input is an error with nothing on stdout (whole-profile mode)" {
	runsh "printf 'a 1\nb -2\n' | fg-filter a 2>/dev/null"
	status_is 1
	[ -z "$output" ]
	runsh "printf 'a 1\nb -2\n' | fg-filter a 2>&1"
	[ "$output" = "fg-filter: <stdin>:2: negative count '-2'" ]
}

@test "fg-filter: usage errors" {
	run fg-filter
	status_is 2
	[ "${lines[0]}" = "fg-filter: no pattern given" ]
	run fg-filter -e '[' x
	status_is 2
	run fg-filter --nope x
	status_is 2
	[[ "$output" == *"Try 'fg-filter --help'"* ]]
}

@test "fg-filter: --help and --version" {
	run fg-filter --help
	status_is 0
	for o in --name --regex --fixed --invert --only --reroot; do [[ "$output" == *"$o"* ]]; done
	run fg-filter --version
	[[ "$output" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "fg-filter: empty input is no error (fg(7)); nothing printed" {
	run fg-filter x /dev/null
	status_is 0
	[ -z "$output" ]
}

@test "fg-filter: a 2 MiB frame is matched and kept whole" {
	{ printf 'root;'; head -c 2097152 /dev/zero | tr '\0' y; printf ';x 3\nroot;z 1\n'; } >"$BATS_TEST_TMPDIR/in"
	fg-filter x "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/out")" -eq $((7 + 5 + 2097152 + 5)) ]
}
