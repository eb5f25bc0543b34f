#!/usr/bin/env bats
# fg-filter --window: the part of a profile in time order in a window,
# given as fractions of the whole or as times
#
# On a real recording ($DATA/cpuprofile/node-phases.cpuprofile, three
# phases of 300 ms), each window is checked against what it holds
# worked out another way: every unit of the axis written as its line's
# number, the window's units taken with sed, and uniq -c's runs of them
# joined back to their stacks; and small hand-made inputs whose
# windows are worked out in the comments.

load helper

P=$DATA/cpuprofile/node-phases.cpuprofile

# holds FILE FROM TO: the lines of FILE (in time order) in the window of
# units [FROM, TO), by expanding each line into one line a unit
holds() {
	awk '!/^#/ { n++; for (i = 0; i < $NF; i++) print n }' "$1" |
	    sed -n "$(($2 + 1)),$3p" | uniq -c |
	    awk 'NR == FNR { if ($0 !~ /^#/) line[++n] = $0; next }
		{ s = line[$2]; sub(/ [0-9]+$/, "", s); print s, $1 }' "$1" -
}

# total FILE: the sum of FILE's counts
total() {
	awk '!/^#/ { s += $NF } END { print s + 0 }' "$1"
}

stacks() {
	grep -v '^#' "$@"
}

@test "fg-filter --window: fractions and times of a real recording hold what lies there" {
	cpuprofile-fold --time-order -t "$P" >"$BATS_TEST_TMPDIR/t"
	T=$(total "$BATS_TEST_TMPDIR/t")
	[ "$T" -gt 900000 ]
	# fractions: the edges at floor(T * f)
	for w in 0.25,0.5:25:50 0,0.1:0:10 0.9,1:90:100; do
		IFS=: read -r win a b <<<"$w"
		fg-filter --window "$win" "$BATS_TEST_TMPDIR/t" >"$BATS_TEST_TMPDIR/w"
		diff <(stacks "$BATS_TEST_TMPDIR/w") <(holds "$BATS_TEST_TMPDIR/t" $((T * a / 100)) $((T * b / 100)))
		[ "$(total "$BATS_TEST_TMPDIR/w")" = $((T * b / 100 - T * a / 100)) ]
	done
	# times in microseconds' input: 300ms is 300000 of them
	fg-filter --window 300ms,0.6s "$BATS_TEST_TMPDIR/t" >"$BATS_TEST_TMPDIR/w"
	diff <(stacks "$BATS_TEST_TMPDIR/w") <(holds "$BATS_TEST_TMPDIR/t" 300000 600000)
	[ "$(total "$BATS_TEST_TMPDIR/w")" = 300000 ]
	fg-filter --window 123456us,234567890ns "$BATS_TEST_TMPDIR/t" >"$BATS_TEST_TMPDIR/w"
	diff <(stacks "$BATS_TEST_TMPDIR/w") <(holds "$BATS_TEST_TMPDIR/t" 123456 234567)
	# by samples too
	cpuprofile-fold --time-order "$P" >"$BATS_TEST_TMPDIR/s"
	N=$(total "$BATS_TEST_TMPDIR/s")
	fg-filter -w 0.3,0.7 "$BATS_TEST_TMPDIR/s" >"$BATS_TEST_TMPDIR/w"
	diff <(stacks "$BATS_TEST_TMPDIR/w") <(holds "$BATS_TEST_TMPDIR/s" $((N * 3 / 10)) $((N * 7 / 10)))
}

@test "fg-filter --window: a phase's window holds that phase, and windows that meet add up to the whole" {
	cpuprofile-fold --time-order -t "$P" >"$BATS_TEST_TMPDIR/t"
	T=$(total "$BATS_TEST_TMPDIR/t")
	# phase B's time on the axis: from its first line to its last
	read -r b0 b1 < <(awk '!/^#/ { if (/;phaseB at / && !on) { on = 1; from = s }
		if (/;phaseB at /) to = s + $NF; s += $NF } END { print from, to }' "$BATS_TEST_TMPDIR/t")
	[ $((b1 - b0)) -gt 290000 ]
	fg-filter --window "${b0}us,${b1}us" "$BATS_TEST_TMPDIR/t" >"$BATS_TEST_TMPDIR/w"
	[ "$(total "$BATS_TEST_TMPDIR/w")" = $((b1 - b0)) ]
	# every line of it is phase B's, and none of phase A's
	[ "$(stacks "$BATS_TEST_TMPDIR/w" | grep -vc ';phaseB at ')" = 0 ]
	# three windows that meet, summed, are the whole summed
	for w in 0,0.333 0.333,0.5 0.5,1; do
		fg-filter -w $w "$BATS_TEST_TMPDIR/t"
	done >"$BATS_TEST_TMPDIR/parts"
	diff <(stacks "$BATS_TEST_TMPDIR/parts" | fg-merge) <(stacks "$BATS_TEST_TMPDIR/t" | fg-merge)
	[ "$(total "$BATS_TEST_TMPDIR/parts")" = "$T" ]
	# and the window is drawn as a flame chart, its order kept
	fg-filter -w 0.4,0.6 "$BATS_TEST_TMPDIR/t" | grep -qx '# fg: order=time'
}

@test "fg-filter --window: a run cut at an edge keeps the part inside, the edges rounded down" {
	printf '# fg: order=time\n# a comment\na 3\nb 4\nc 5\n' >"$BATS_TEST_TMPDIR/in"
	# 12 in all: a [0,3), b [3,7), c [7,12); 0.25,0.5 is [3,6)
	run fg-filter --window 0.25,0.5 "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "# fg: order=time
# a comment
b 3" ]
	# 0.2,0.7 is [floor(2.4), floor(8.4)) = [2,8): a's last, b, c's first
	run fg-filter --window 0.2,0.7 "$BATS_TEST_TMPDIR/in"
	[ "$output" = "# fg: order=time
# a comment
a 1
b 4
c 1" ]
	# 0,1 is the whole, and windows that meet share no count
	run fg-filter --window 0,1 "$BATS_TEST_TMPDIR/in"
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/in")" ]
	[ "$(fg-filter -w 0,0.3 "$BATS_TEST_TMPDIR/in" | stacks)" = "a 3" ]
	[ "$(fg-filter -w .3,1. "$BATS_TEST_TMPDIR/in" | stacks)" = "$(printf 'b 4\nc 5')" ]
	# a line of count 0 is kept where its place is inside: y, at 2,
	# in [2,4), not [0,2)
	printf '# fg: order=time\nz 0\na 2\ny 0\nb 2\n' >"$BATS_TEST_TMPDIR/z"
	[ "$(fg-filter -w 0,0.5 "$BATS_TEST_TMPDIR/z" | stacks)" = "$(printf 'z 0\na 2')" ]
	[ "$(fg-filter -w 0.5,1 "$BATS_TEST_TMPDIR/z" | stacks)" = "$(printf 'y 0\nb 2')" ]
}

@test "fg-filter --window: times in the input's unit; past the end is the end" {
	printf '# fg: unit=milliseconds\n# fg: order=time\na 3\nb 4\n' >"$BATS_TEST_TMPDIR/in"
	run fg-filter --window 1ms,5ms "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "# fg: unit=milliseconds
# fg: order=time
a 2
b 2" ]
	# 1500us is 1.5 ms, down to 1; 2s is past the end at 7 ms
	[ "$(fg-filter -w 1500us,2s "$BATS_TEST_TMPDIR/in" | stacks)" = "$(printf 'a 2\nb 4')" ]
	[ "$(fg-filter -w 0.003s,0.004s "$BATS_TEST_TMPDIR/in" | stacks)" = "b 1" ]
	# seconds' input, a window in milliseconds
	printf '# fg: unit=seconds\n# fg: order=time\na 3\nb 4\n' >"$BATS_TEST_TMPDIR/s"
	[ "$(fg-filter -w 2000ms,4000ms "$BATS_TEST_TMPDIR/s" | stacks)" = "$(printf 'a 1\nb 1')" ]
}

@test "fg-filter --window: headers kept true of a part, or left out" {
	printf '# fg: unit=microseconds\n# fg: order=time\n# fg: samples=9\n# fg: idle=closed 500\n# fg: countname=cpu\na 3\n# between\nb 4\n' \
	    >"$BATS_TEST_TMPDIR/in"
	run fg-filter -w 0,1 "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "# fg: unit=microseconds
# fg: order=time
# fg: idle=closed
# fg: countname=cpu
a 3
# between
b 4" ]
	# the same streaming, by times
	run fg-filter -w 0us,1s "$BATS_TEST_TMPDIR/in"
	[ "$output" = "# fg: unit=microseconds
# fg: order=time
# fg: idle=closed
# fg: countname=cpu
a 3
# between
b 4" ]
	# idle kept as frames stays so
	printf '# fg: order=time\n# fg: idle=frame\na 1\n(idle) 2\n' >"$BATS_TEST_TMPDIR/f"
	[ "$(fg-filter -w 0,1 "$BATS_TEST_TMPDIR/f")" = "$(cat "$BATS_TEST_TMPDIR/f")" ]
	# --no-header: no "# fg:" line, the other comments
	run fg-filter -w 0,1 --no-header "$BATS_TEST_TMPDIR/in"
	[ "$output" = "a 3
# between
b 4" ]
	# on cpuprofile-fold's output
	cpuprofile-fold --time-order -t "$P" | fg-filter -w 0.1,0.2 >"$BATS_TEST_TMPDIR/w"
	[ "$(grep '^#' "$BATS_TEST_TMPDIR/w")" = "# fg: unit=microseconds
# fg: order=time
# fg: idle=closed" ]
}

@test "fg-filter --window: several files are one axis; no stack at all passes the comments" {
	printf '# fg: order=time\na 3\n' >"$BATS_TEST_TMPDIR/1"
	printf '# fg: order=time\nb 3\n' >"$BATS_TEST_TMPDIR/2"
	run fg-filter -w 0.25,0.75 "$BATS_TEST_TMPDIR/1" "$BATS_TEST_TMPDIR/2"
	status_is 0
	[ "$(stacks <<<"$output")" = "$(printf 'a 2\nb 1')" ]
	# each must say its order
	printf 'c 3\n' >"$BATS_TEST_TMPDIR/3"
	fails_with "fg-filter: $BATS_TEST_TMPDIR/3:1: --window cuts stacks in time order: no '# fg: order=time' before the first stack" \
	    fg-filter -w 0,1 "$BATS_TEST_TMPDIR/1" "$BATS_TEST_TMPDIR/3"
	# and have the first one's unit
	printf '# fg: unit=milliseconds\n# fg: order=time\nd 3\n' >"$BATS_TEST_TMPDIR/4"
	fails_with "fg-filter: $BATS_TEST_TMPDIR/4:3: its unit is milliseconds, the first file's count: one axis takes one unit" \
	    fg-filter -w 0,1 "$BATS_TEST_TMPDIR/1" "$BATS_TEST_TMPDIR/4"
	printf '# fg: unit=furlongs\n# fg: order=time\ne 3\n' >"$BATS_TEST_TMPDIR/5"
	fails_with "fg-filter: $BATS_TEST_TMPDIR/1:2: its unit is count, the first file's one fg does not know: one axis takes one unit" \
	    fg-filter -w 0,1 "$BATS_TEST_TMPDIR/5" "$BATS_TEST_TMPDIR/1"
	runsh "printf '# fg: order=time\n# only\n' | fg-filter -w 0,1"
	status_is 0
	[ "$output" = "# fg: order=time
# only" ]
	runsh "printf '' | fg-filter -w 1s,2s"
	status_is 0
	[ -z "$output" ]
}

@test "fg-filter --window: input it cannot cut is refused, nothing written" {
	# not in time order: a summed profile (unit, samples, weight2: its first
	# stack on line 4), and a header after the first stack
	fails_with "fg-filter: <stdin>:4: --window cuts stacks in time order: no '# fg: order=time' before the first stack" \
	    bash -c "cpuprofile-fold -t '$P' | fg-filter -w 0,0.5"
	fails_with "fg-filter: <stdin>:1: --window cuts stacks in time order: no '# fg: order=time' before the first stack" \
	    bash -c "printf 'a 1\n# fg: order=time\nb 2\n' | fg-filter -w 0,0.5"
	# a time on counts of no time unit, or of bytes
	fails_with "fg-filter: <stdin>:2: --window 1s,2s is in time, but the counts are samples (no '# fg: unit=' of time)" \
	    bash -c "printf '# fg: order=time\na 1\n' | fg-filter -w 1s,2s"
	fails_with "fg-filter: <stdin>:3: --window 1s,2s is in time, but the counts are bytes" \
	    bash -c "printf '# fg: unit=bytes\n# fg: order=time\na 1\n' | fg-filter -w 1s,2s"
	# a decimal count; two count columns
	fails_with "fg-filter: <stdin>:3: --window cuts whole counts: this one is decimal" \
	    bash -c "printf '# fg: order=time\na 1\nb 2.5\n' | fg-filter -w 0,0.5"
	rejects "<stdin>:2:" bash -c "printf '# fg: order=time\na 1 2\n' | fg-filter -w 0,0.5"
	# a window past the end, or that rounds down to nothing
	printf '# fg: unit=milliseconds\n# fg: order=time\na 3\nb 4\n' >"$BATS_TEST_TMPDIR/in"
	fails_with "fg-filter: --window 7ms,8ms starts at or after the profile's end, at 7 milliseconds" \
	    fg-filter -w 7ms,8ms "$BATS_TEST_TMPDIR/in"
	fails_with "fg-filter: --window 1.2ms,1.7ms holds nothing: its edges, rounded down to whole counts, meet at 1 milliseconds" \
	    fg-filter -w 1.2ms,1.7ms "$BATS_TEST_TMPDIR/in"
	fails_with "fg-filter: --window 0.1,0.11 holds nothing: its edges, rounded down to whole counts, meet at 0 milliseconds" \
	    fg-filter -w 0.1,0.11 "$BATS_TEST_TMPDIR/in"
	fails_with "fg-filter: --window 0.5,0.6 holds nothing: its edges, rounded down to whole counts, meet at 0 counts" \
	    bash -c "printf '# fg: order=time\na 1\n' | fg-filter -w 0.5,0.6"
}

@test "fg-filter --window: bad windows are usage errors" {
	printf '# fg: order=time\na 3\n' >"$BATS_TEST_TMPDIR/in"
	for w in "x:not FROM,TO (fractions of the whole, 0.25,0.5, or times, 1.2s,3.4s)" \
	    "0.5:not FROM,TO (fractions of the whole, 0.25,0.5, or times, 1.2s,3.4s)" \
	    "0,0.5,1:not FROM,TO (fractions of the whole, 0.25,0.5, or times, 1.2s,3.4s)" \
	    ",1:an edge is not a number" "0,-1:an edge is not a number" "0,1 :a time's unit is ns, us, ms or s" \
	    "0.5,0.25:FROM is not before TO" "0.5,0.5:FROM is not before TO" "2s,1000ms:FROM is not before TO" \
	    "0,1.5:a fraction of the whole is at most 1" "1s,2:FROM and TO are both fractions or both times" \
	    "1m,2m:a time's unit is ns, us, ms or s" "0,1S:a time's unit is ns, us, ms or s" \
	    "0.1234567891,1:an edge has more than 12 digits before the point or 9 after it" \
	    "1234567890123s,1234567890124s:an edge has more than 12 digits before the point or 9 after it"; do
		run fg-filter --window "${w%%:*}" "$BATS_TEST_TMPDIR/in"
		status_is 2
		[ "${lines[0]}" = "fg-filter: bad --window: '${w%%:*}': ${w#*:}" ]
		[ "${lines[1]}" = "Try 'fg-filter --help' for more information." ]
	done
	# 9 digits after the point and 12 before are taken
	run fg-filter --window 0.123456789s,999999999999s "$BATS_TEST_TMPDIR/in"
	status_is 1
	# with a pattern or a mode
	for o in "-n a" "-e a" "-F a" -v --only --reroot; do
		run fg-filter $o --window 0,1 "$BATS_TEST_TMPDIR/in"
		status_is 2
		[ "${lines[0]}" = "fg-filter: --window takes no pattern nor -v, --only or --reroot: pipe its output to another fg-filter" ]
	done
	run fg-filter --window
	status_is 2
	# its first operand is a file, not a pattern
	run fg-filter --window 0,1 "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/in")" ]
	fg-filter --help | grep -q -- '--window FROM,TO'
}
