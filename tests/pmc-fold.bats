#!/usr/bin/env bats
# pmc-fold: pmcstat's call graphs to folded stacks, as
# stackcollapse-pmc.pl and speedscope's importer fold them

load helper

P=""
setup() {
	P=$DATA/pmc
}

@test "pmc-fold: speedscope's test files fold to the references' stacks and counts, and the samples they leave out" {
	run pmc-fold "$P/simple.txt"
	status_is 0
	[ "${lines[0]}" = "# fg: countname=inst_retired.any" ]
	printf '%s\n' "${lines[@]:1}" >"$BATS_TEST_TMPDIR/out"
	[ -z "$(comm -23 "$P/simple-reference.expected" "$BATS_TEST_TMPDIR/out")" ]
	comm -13 "$P/simple-reference.expected" "$BATS_TEST_TMPDIR/out" >"$BATS_TEST_TMPDIR/more"
	[ "$(cat "$BATS_TEST_TMPDIR/more")" = "arc_buf_thaw;arc_cksum_verify;fletcher_2_native 233
arc_cksum_verify;fletcher_2_native 887
fletcher_2_native 2546" ]
	# every sample once: the functions sampled had 7447 + 5156
	[ "$(awk '{ s += $NF } END { print s }' "$BATS_TEST_TMPDIR/out")" = 12603 ]
	run pmc-fold "$P/simple-with-invalids.txt"
	[ "${lines[0]}" = "pmc-fold: $P/simple-with-invalids.txt: 3 lines not understood, left out (the first, line 3: # comment ok)" ]
	cmp <(pmc-fold "$P/simple-with-invalids.txt" 2>/dev/null) <(pmc-fold "$P/simple.txt")
}

@test "pmc-fold: several events are added up and said so; --event keeps one" {
	run pmc-fold "$P/two-events.txt"
	status_is 0
	[ "$output" = "pmc-fold: $P/two-events.txt: the samples of several events are added up (cpu_clk_unhalted.thread_p and others)
hash 15
main;buf_copy;memcpy 45
main;hash 75
main;memcpy 15" ]
	run pmc-fold -e inst_retired.any "$P/two-events.txt"
	status_is 0
	[ "$output" = "# fg: countname=inst_retired.any"$'\n'"hash 15"$'\n'"main;hash 15" ]
	run pmc-fold --event cpu_clk_unhalted.thread_p --no-header "$P/two-events.txt"
	[ "$output" = "main;buf_copy;memcpy 45"$'\n'"main;hash 60"$'\n'"main;memcpy 15" ]
	fails_with "pmc-fold: no call graph of event 'nope' in the input" pmc-fold -e nope "$P/two-events.txt"
}

@test "pmc-fold: frames are guarded; files and stdin add up" {
	folds pmc-fold '10.0%%  [4]  a;b @ /x\n 100.0%%  [4]   worker\n' 'worker;a:b 4'
	folds pmc-fold '10.0%%  [4]  f\n 50.0%%  [2]   #\n' '#_;f 2\nf 2'
	run pmc-fold "$BATS_TEST_TMPDIR/in" - <"$BATS_TEST_TMPDIR/in"
	[ "$output" = "#_;f 4"$'\n'"f 4" ]
}

@test "pmc-fold: a level skipped, callers over their callee, a bad count, no call graph: errors" {
	printf '10.0%%  [4]  f\n  50.0%%  [2]    g\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "pmc-fold: $BATS_TEST_TMPDIR/in:2: skipped indentation level: 1 levels below the line before" \
	    pmc-fold "$BATS_TEST_TMPDIR/in"
	printf '10.0%%  [4]  f\n 50.0%%  [3]   g\n 50.0%%  [3]   h\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "pmc-fold: $BATS_TEST_TMPDIR/in:3: the samples of the callers add up to more than their callee's 4" \
	    pmc-fold "$BATS_TEST_TMPDIR/in"
	printf '10.0%%  [99999999999999999999]  f\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "pmc-fold: $BATS_TEST_TMPDIR/in:1: sample count overflows: 99999999999999999999" \
	    pmc-fold "$BATS_TEST_TMPDIR/in"
	printf 'hello\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "pmc-fold: $BATS_TEST_TMPDIR/in:1: no call graph: not pmcstat's -G output?" \
	    pmc-fold "$BATS_TEST_TMPDIR/in"
	printf 'a;b 1\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "pmc-fold: $BATS_TEST_TMPDIR/in: not pmcstat's call graph (pmcstat -G) but folded stacks, which need no folding" \
	    pmc-fold "$BATS_TEST_TMPDIR/in"
}

@test "pmc-fold: fg-fold tells pmcstat's call graph and runs it" {
	run fg-fold -v "$P/simple.txt"
	status_is 0
	[ "${lines[0]}" = "fg-fold: $P/simple.txt: pmcstat's call graph (pmcstat -G): pmc-fold" ]
	cmp <(fg-fold <"$P/simple.txt") <(pmc-fold "$P/simple.txt")
	run fg-merge "$P/two-events.txt"
	status_is 1
	[ "$output" = "fg-merge: $P/two-events.txt: not folded stacks but pmcstat's call graph (pmcstat -G): read it with pmc-fold (or fg-fold)" ]
}

@test "pmc-fold: a bad option is a usage error" {
	run pmc-fold --bogus
	status_is 2
	[ "${lines[1]}" = "Try 'pmc-fold --help' for more information." ]
	run pmc-fold -e
	status_is 2
}
