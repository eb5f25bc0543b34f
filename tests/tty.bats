#!/usr/bin/env bats
# A program that reads standard input when it is a terminal says so on
# stderr, once, instead of waiting in silence (a forgotten file operand:
# "fg-prune FILE", "fg-svg" alone); with a file, or a pipe, it says
# nothing.  tests/tools/ttyrun.py gives the program a pty as standard
# input and ends it with Ctrl-D.

load helper

setup() {
	command -v python3 >/dev/null || skip "needs python3"
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
