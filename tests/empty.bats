#!/usr/bin/env bats
# Empty input, one rule for every program (fg(7), Conventions): folders
# of text and filters print nothing and exit 0 (fg-fold, which has no
# format to go by, refuses it); an empty binary profile
# is an error; writers of profile files (fg-jlprof, fg-pprof,
# fg-speedscope) write one without samples and say so; renderers have
# nothing to draw (exit 1); fg-diff says which side is empty and goes on.

load helper

setup() {
	: >"$BATS_TEST_TMPDIR/empty"
	printf '\n# a comment\n\n' >"$BATS_TEST_TMPDIR/blank"
	printf 'a;b 2\n' >"$BATS_TEST_TMPDIR/ab"
}

@test "empty: filters print nothing and exit 0 (comments pass through)" {
	local cmd
	for cmd in fg-merge "fg-merge --sorted" "fg-prune x" "fg-prune -d 1" "fg-filter x" \
	    "fg-filter --only x" "fg-filter -v x" "fg-filter --reroot x"; do
		run $cmd "$BATS_TEST_TMPDIR/empty"
		status_is 0
		[ -z "$output" ] || { echo "$cmd: $output" >&2; return 1; }
		runsh "$cmd <$BATS_TEST_TMPDIR/blank"
		status_is 0
		[ "$output" = "# a comment" ] || { echo "$cmd: $output" >&2; return 1; }
	done
}

@test "empty: fg-filter still says so when a non-empty input has no match" {
	run fg-filter x "$BATS_TEST_TMPDIR/ab"
	status_is 1
	[ "$output" = "fg-filter: no stack matches" ]
	run fg-filter -v a "$BATS_TEST_TMPDIR/ab"
	status_is 1
	[ "$output" = "fg-filter: every stack matches" ]
}

@test "empty: perf-fold prints nothing and exits 0, as stackcollapse-perf.pl" {
	run perf-fold "$BATS_TEST_TMPDIR/empty"
	status_is 0
	[ -z "$output" ]
	printf '# ========\n# captured on: today\n#\n\n' >"$BATS_TEST_TMPDIR/header"
	run perf-fold "$BATS_TEST_TMPDIR/header"
	status_is 0
	[ -z "$output" ]
	# lines that are not perf script output are still an error
	run perf-fold "$BATS_TEST_TMPDIR/ab"
	status_is 1
	[[ "$output" == *"not perf script output but folded stacks"* ]]
}

# textfolders: the folders of text, from the table (fg-fold --list): those
# of a row whose sample (tests/data/formats/NAME) is text and not JSON
textfolders() {
	local name folder f
	fg-fold --list | while IFS=$'\t' read -r name folder _; do
		f=$DATA/formats/$name
		[ "$folder" != - ] && LC_ALL=C grep -qI . "$f" && ! head -c 1 "$f" | grep -q '[{[]' &&
		    echo "$folder"
	done | sort -u
}

@test "empty: the folders of text stack dumps print nothing and exit 0" {
	local p
	printf '\n  \n\n' >"$BATS_TEST_TMPDIR/blanks"
	# not dumps: a report's first line is its header, and perf-fold reads
	# "  " as a stack line it cannot read
	textfolders | grep -qx dtrace-fold	# the table was read
	for p in $(textfolders | grep -vx 'perf-fold\|instruments-fold'); do
		for f in empty blanks; do
			run $p "$BATS_TEST_TMPDIR/$f"
			status_is 0
			[ -z "$output" ] || { echo "$p $f: $output" >&2; return 1; }
		done
		runsh "$p <$BATS_TEST_TMPDIR/empty"
		status_is 0
		[ -z "$output" ]
	done
}

@test "empty: an empty .jlprof file is an error, nothing on stdout" {
	run bash -c "jlprof-fold $BATS_TEST_TMPDIR/empty 2>/dev/null"
	status_is 1
	[ -z "$output" ]
	run jlprof-fold "$BATS_TEST_TMPDIR/empty"
	[ "$output" = "jlprof-fold: $BATS_TEST_TMPDIR/empty: byte 0: not a .jlprof file (no JLPROF magic)" ]
}

@test "empty: fg-fold, which knows a format by its first bytes, refuses an empty file" {
	fails_with "fg-fold: $BATS_TEST_TMPDIR/empty: not a profile fg knows: it is empty" \
	    fg-fold "$BATS_TEST_TMPDIR/empty"
	# comments are folded stacks (a header without samples): they pass through as they are
	cmp <(fg-fold <"$BATS_TEST_TMPDIR/blank") "$BATS_TEST_TMPDIR/blank"
}

@test "empty: an empty JSON profile is an error, nothing on stdout" {
	local p
	for p in cpuprofile-fold speedscope-fold; do
		run bash -c "$p $BATS_TEST_TMPDIR/empty 2>/dev/null"
		status_is 1
		[ -z "$output" ]
		run $p "$BATS_TEST_TMPDIR/empty"
		[ "$output" = "$p: $BATS_TEST_TMPDIR/empty: empty file" ]
		runsh "$p <$BATS_TEST_TMPDIR/empty"
		[ "$output" = "$p: <stdin>: empty file" ]
	done
}

@test "empty: an empty heap, Gecko, V8 log or Safari profile is an error, nothing on stdout" {
	local p
	for p in heapprofile-fold gecko-fold v8log-fold safari-fold; do
		fails_with "$p: $BATS_TEST_TMPDIR/empty: empty file" $p "$BATS_TEST_TMPDIR/empty"
		runsh "$p <$BATS_TEST_TMPDIR/empty"
		status_is 1
		[ "$output" = "$p: <stdin>: empty file" ]
	done
}

@test "empty: writers of profile files write one without samples, say so, exit 0" {
	local p
	for p in fg-jlprof fg-pprof fg-speedscope fg-gecko; do
		for f in empty blank; do
			run bash -c "$p $BATS_TEST_TMPDIR/$f 2>&1 >$BATS_TEST_TMPDIR/out"
			status_is 0
			[ "$output" = "$p: no stacks: the profile has no samples" ] || { echo "$p $f: $output" >&2; return 1; }
			[ -s "$BATS_TEST_TMPDIR/out" ]
		done
	done
	fg-pprof "$BATS_TEST_TMPDIR/empty" 2>/dev/null | pprof-fold >"$BATS_TEST_TMPDIR/out"
	[ "$(grep -vc '^#' "$BATS_TEST_TMPDIR/out")" = 0 ]
	fg-jlprof "$BATS_TEST_TMPDIR/empty" 2>/dev/null | jlprof-fold >"$BATS_TEST_TMPDIR/out"
	[ "$(grep -vc '^#' "$BATS_TEST_TMPDIR/out")" = 0 ]
	fg-speedscope "$BATS_TEST_TMPDIR/blank" 2>/dev/null | grep -q '"samples":\[\],'
}

@test "empty: an empty pprof profile is an error, nothing on stdout" {
	: | gzip -n >"$BATS_TEST_TMPDIR/empty.gz"
	for f in empty empty.gz; do
		run bash -c "pprof-fold $BATS_TEST_TMPDIR/$f 2>/dev/null"
		status_is 1
		[ -z "$output" ]
		run pprof-fold "$BATS_TEST_TMPDIR/$f"
		[ "$output" = "pprof-fold: $BATS_TEST_TMPDIR/$f: empty file" ]
	done
	runsh "pprof-fold <$BATS_TEST_TMPDIR/empty"
	status_is 1
	[ "$output" = "pprof-fold: <stdin>: empty file" ]
}

@test "empty: renderers and fg-top have nothing to draw, exit 1" {
	local p
	for p in fg-svg fg-vega fg-png fg-pdf fg-top; do
		for f in empty blank; do
			run bash -c "$p $BATS_TEST_TMPDIR/$f 2>&1 >$BATS_TEST_TMPDIR/out"
			status_is 1
			[ "$output" = "$p: no samples in the input" ] || { echo "$p $f: $output" >&2; return 1; }
			[ ! -s "$BATS_TEST_TMPDIR/out" ]
		done
	done
}

@test "empty: fg-diff says which side is empty, and goes on" {
	run bash -c "fgdiff $BATS_TEST_TMPDIR/empty $BATS_TEST_TMPDIR/ab 2>$BATS_TEST_TMPDIR/err"
	status_is 0
	[ "$output" = "a;b 0 2" ]
	[ "$(cat "$BATS_TEST_TMPDIR/err")" = "fg-diff: $BATS_TEST_TMPDIR/empty: the baseline has no samples: every stack is new" ]
	run bash -c "fgdiff --strip-lines $BATS_TEST_TMPDIR/ab - <$BATS_TEST_TMPDIR/blank 2>$BATS_TEST_TMPDIR/err"
	status_is 0
	[ "$output" = "a;b 2 0" ]
	[ "$(cat "$BATS_TEST_TMPDIR/err")" = "fg-diff: <stdin>: the target has no samples: every stack vanished" ]
	run fgdiff "$BATS_TEST_TMPDIR/empty" "$BATS_TEST_TMPDIR/blank"
	status_is 0
	[ "${#lines[@]}" -eq 2 ]
	# no warning when both sides have samples
	run fgdiff "$BATS_TEST_TMPDIR/ab" "$BATS_TEST_TMPDIR/ab"
	[ "$output" = "a;b 2 2" ]
}

@test "empty: every folder of text prints nothing for an empty file and exits 0" {
	local p
	textfolders | grep -qx callgrind-fold	# the table was read
	for p in $(textfolders); do
		run $p "$BATS_TEST_TMPDIR/empty"
		status_is 0
		[ -z "$output" ] || { echo "$p: $output" >&2; return 1; }
		runsh "$p <$BATS_TEST_TMPDIR/empty"
		status_is 0
		[ -z "$output" ] || { echo "$p: $output" >&2; return 1; }
	done
}
