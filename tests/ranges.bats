#!/usr/bin/env bats
# Every numeric option of the renderers has a range: exit 2 outside it

load helper
bats_require_minimum_version 1.5.0

A=""
setup() {
	A=$BATS_TEST_TMPDIR/a.folded
	printf 'main;f 3\nmain;g 1\n' >"$A"
}

# out_of_range PROG OPTION VALUE...: each value is a usage error that
# names the option, with nothing on stdout
out_of_range() {
	local prog=$1 opt=$2 v
	shift 2
	for v in "$@"; do
		run --separate-stderr "$prog" "$opt" "$v" "$A"
		if [ "$status" -ne 2 ] || [ -n "$output" ]; then
			echo "$prog $opt $v: exit $status, stdout '${output:0:40}'" >&2
			return 1
		fi
	done
}

# the absurd values issue 20 found, for every renderer's numbers
HUGE="4294967796 5e9 1e300 inf -inf nan"

@test "ranges: --width and --height of fg-svg, fg-png, fg-pdf, fg-vega" {
	for p in fg-svg fg-png fg-pdf fg-vega; do
		out_of_range $p --width $HUGE 1000001 -5 0
		out_of_range $p --height $HUGE 1000001 -5 1
	done
	out_of_range fg-svg --width 20
	out_of_range fg-vega --width 9
	# the ends of the ranges are accepted
	fg-svg --width 1000000 "$A" | grep -q 'width="1000000"'
	fg-vega --width 1000000 "$A" | grep -q '"width": 1000000'
	fg-svg --width 21 --height 2 "$A" >/dev/null
}

@test "ranges: fg-png --width 4294967796 no longer draws a 500-pixel picture" {
	run fg-png --width 4294967796 "$A"
	status_is 2
	[[ "$output" == "fg-png: width must be from 21 to 1000000"$'\n'"Try 'fg-png --help' for more information." ]]
}

@test "ranges: --minwidth in pixels and in percent, --min-delta" {
	for p in fg-svg fg-png fg-pdf fg-vega; do
		out_of_range $p --minwidth $HUGE 1000001 -1 101% 1e9% inf%
		out_of_range $p --min-delta $HUGE 101 -1
	done
	fg-svg --minwidth 100% --min-delta 100 "$A" >/dev/null
	fg-vega --minwidth 1000000 "$A" >/dev/null
}

@test "ranges: the fonts of fg-svg and fg-pdf, fg-svg --factor, fg-png --costscale" {
	for p in fg-svg fg-pdf; do
		out_of_range $p --fontsize $HUGE 1001 0.5
		out_of_range $p --fontwidth $HUGE 10.5 0.001
	done
	out_of_range fg-svg --factor 1e300 inf -inf nan 1e16 -1
	out_of_range fg-png --costscale $HUGE 1000001 0
	fg-svg --fontsize 1000 --fontwidth 10 --factor 1e15 "$A" >/dev/null
	fg-png --pixels --costscale 2 "$A" >/dev/null
}

@test "ranges: FG_WIDTH and FG_HEIGHT" {
	for p in fg-svg fg-png fg-pdf fg-vega; do
		run env FG_WIDTH=inf $p "$A"
		status_is 2
		run env FG_HEIGHT=5e9 $p "$A"
		status_is 2
		[[ "$output" == *"FG_HEIGHT must be from"* ]]
	done
}

@test "ranges: every range is in the man pages" {
	for p in fg-svg fg-png fg-pdf; do
		grep -q '^\.BR \\-\\-width " 21 to 1000000,"$' "$FG_ROOT/man/$p.1"
		grep -q 'minwidth " 0 to 1000000 pixels, or 0% to 100%,"' "$FG_ROOT/man/$p.1"
	done
	grep -q '^\.BR \\-\\-width " 10 to 1000000,"$' "$FG_ROOT/man/fg-vega.1"
	grep -q 'fontsize " 1 to 1000' "$FG_ROOT/man/fg-svg.1"
	grep -q 'factor " 0 to 1e15' "$FG_ROOT/man/fg-svg.1"
	grep -q 'costscale " 1e\\-9 to 1000000' "$FG_ROOT/man/fg-png.1"
}

@test "numeric options are decimal: no hex, inf, nan or leading blank; a bad --sort gets the Try line" {
	printf 'main;a 1\n' >"$BATS_TEST_TMPDIR/in"
	for v in 0x400 ' 400' inf nan '+' 1e; do
		run fg-svg --width "$v" "$BATS_TEST_TMPDIR/in"
		status_is 2
		[ "${lines[0]}" = "fg-svg: bad width: '$v'" ]
	done
	run fg-svg --width 4e2 "$BATS_TEST_TMPDIR/in"
	status_is 0
	for p in fg-svg fg-png fg-pdf fg-html; do
		run $p --sort=sideways "$BATS_TEST_TMPDIR/in"
		status_is 2
		[ "${lines[0]}" = "$p: bad sort: 'sideways' (name or width)" ]
		[ "${lines[1]}" = "Try '$p --help' for more information." ]
	done
}

@test "ranges: a number past the largest its option takes is out of range, for every program's counts and sizes" {
	# a count is at most 2^64 - 1: 2^64 was read as 2^64 - 1
	run --separate-stderr fg-merge --min-count 18446744073709551616 "$A"
	status_is 2
	[ "$stderr" = "fg-merge: --min-count: '18446744073709551616' is out of range (at most 18446744073709551615)
Try 'fg-merge --help' for more information." ]
	[ -z "$output" ]
	out_of_range fg-merge --min-count 2e19 1e400
	# 2^64 - 1 is the largest: every frame under it, all in [other]
	run fg-merge --min-count 18446744073709551615 "$A"
	status_is 0
	[ "$output" = "[other] 4" ]
	run --separate-stderr fg-top -n 18446744073709551616 "$A"
	status_is 2
	[[ "$stderr" == "fg-top: row count: '18446744073709551616' is out of range"* ]]
	run --separate-stderr fg-prune -d 99999999999999999999 "$A"
	[[ "$stderr" == "fg-prune: depth: '99999999999999999999' is out of range"* ]]
	for p in cpuprofile-fold speedscope-fold pprof-fold fg-jlprof; do
		run --separate-stderr "$p" --max-size 16777216T "$A"
		status_is 2
		[[ "$stderr" == "$p: size: '16777216T' is out of range (at most 18446744073709551615 bytes)"* ]]
	done
}
