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

# tty PROG [ARG...]: the first line PROG writes on stderr, on a terminal
tty() {
	run python3 "$FG_ROOT/tests/tools/ttyrun.py" "$@"
	status_is 0
}

@test "tty: folders, filters and renderers say that they read the terminal" {
	for cmd in "fg-svg" "fg-prune $DATA/folded/julia.folded" "fg-filter x" "fg-merge" "fg-top" \
	    "fg-png" "fg-pdf" "fg-vega" "fg-html" "fg-jlprof" "perf-fold" "pprof-fold" "jlprof-fold" \
	    "fg-diff - $DATA/diff/base.folded"; do
		tty $cmd
		[ "${lines[0]}" = "${cmd%% *}: $MSG" ] || { echo "$cmd: $output" >&2; return 1; }
		# once
		[ "$(printf '%s\n' "$output" | grep -c 'reading standard input')" = 1 ]
	done
}

@test "tty: a file operand, or standard input from a pipe, is read without a word" {
	tty fg-prune x "$DATA/folded/julia.folded"
	[ "$output" = "exit 0" ]
	tty fg-svg "$DATA/folded/julia.folded"
	[ "$output" = "exit 0" ]
	run bash -c "fg-prune x <'$DATA/folded/julia.folded' 2>&1 >/dev/null"
	[ -z "$output" ]
}
