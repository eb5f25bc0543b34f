#!/usr/bin/env bats
# A program that reads standard input when it is a terminal says so on
# stderr, once, instead of waiting in silence (a forgotten file operand:
# "fg-prune FILE", "fg-svg" alone); with a file, or a pipe, it says
# nothing.  tests/tools/ttyrun.py gives the program a pty as standard
# input and ends it with Ctrl-D.

load helper

setup() {
	needpy
}

MSG="reading standard input from the terminal (end it with Ctrl-D; name a FILE instead: see --help)"

# tty 'PROG [ARG...]'...: what each writes on stderr, on a terminal,
# then "exit N"
tty() {
	run python3 "$FG_ROOT/tests/tools/ttyrun.py" "$@"
	status_is 0
}

@test "tty: folders, filters and renderers say that they read the terminal" {
	local cmds=("fg-svg" "fg-prune $DATA/folded/julia.folded" "fg-filter x" "fg-merge" "fg-top"
	    "fg-png" "fg-pdf" "fg-vega" "fg-html" "fg-jlprof" "perf-fold" "pprof-fold" "jlprof-fold"
	    "cpuprofile-fold" "speedscope-fold" "fg-fold --time" "fg-speedscope"
	    "fg-diff - $DATA/diff/base.folded")
	tty "${cmds[@]}"
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/out"
	for cmd in "${cmds[@]}"; do
		p=${cmd%% *}
		# once each, first
		[ "$(grep -c "^$p: reading standard input" "$BATS_TEST_TMPDIR/out")" = 1 ] ||
		    { echo "$cmd: $output" >&2; return 1; }
	done
	awk -v msg="$MSG" 'prev ~ /^exit / || NR == 1 { if (index($0, ": " msg) == 0) { print "not first: " $0; bad = 1 } }
	    { prev = $0 } END { exit bad }' "$BATS_TEST_TMPDIR/out"
	[ "$(grep -c '^exit ' "$BATS_TEST_TMPDIR/out")" = "${#cmds[@]}" ]
}

@test "tty: a file operand, or standard input from a pipe, is read without a word" {
	tty "fg-prune x $DATA/folded/julia.folded" "fg-svg $DATA/folded/julia.folded"
	[ "$output" = "exit 0
exit 0" ]
	run bash -c "fg-prune x <'$DATA/folded/julia.folded' 2>&1 >/dev/null"
	[ -z "$output" ]
}

@test "tty: the writers of binary data refuse a terminal as standard output, before reading, as gzip does" {
	local f=$DATA/folded/julia.folded
	run python3 "$FG_ROOT/tests/tools/ttyrun.py" --stdout "fg-pprof $f" "fg-png $f" "fg-pdf $f" \
	    "fg-jlprof $f" fg-pprof "fg-svg $f" "fg-speedscope $f"
	status_is 0
	[ "${lines[0]}" = "fg-pprof: a gzip-compressed pprof profile is not written to a terminal: redirect it to a file (> FILE) or a pipe" ]
	[ "${lines[1]}" = "stdout 0 bytes" ]
	[ "${lines[2]}" = "exit 1" ]
	[ "${lines[3]}" = "fg-png: a PNG image is not written to a terminal: redirect it to a file (> FILE) or a pipe" ]
	[ "${lines[6]}" = "fg-pdf: a PDF document is not written to a terminal: redirect it to a file (> FILE) or a pipe" ]
	[ "${lines[9]}" = "fg-jlprof: a .jlprof profile is not written to a terminal: redirect it to a file (> FILE) or a pipe" ]
	# before standard input is read: no word about it
	[ "${lines[12]}" = "${lines[0]}" ]
	[ "${lines[14]}" = "exit 1" ]
	# text goes to a terminal as ever
	[[ "${lines[15]}" == "stdout "[1-9]*" bytes" ]]
	[ "${lines[16]}" = "exit 0" ]
	[[ "${lines[17]}" == "stdout "[1-9]*" bytes" ]]
	[ "${lines[18]}" = "exit 0" ]
	# a usage error is still the first thing said
	run python3 "$FG_ROOT/tests/tools/ttyrun.py" --stdout "fg-png --costscale 2 $f"
	[ "${lines[0]}" = "fg-png: --costscale needs --pixels" ]
}
