#!/usr/bin/env bats
# speedscope-fold: speedscope's JSON file format to folded stacks
#
# Fixtures ($DATA/speedscope, see its README.md): files written by
# speedscope 1.25.0's own exporter from the V8 profiles in
# $DATA/cpuprofile, whose evented profiles are compared with
# cpuprofile-fold's reading of the same profiles; a hand-made file of
# sampled and evented profiles whose stacks are worked out below.

load helper

S=$DATA/speedscope
T=$S/threads.speedscope.json

# weights FILE...: the folded lines' counts, sorted
weights() {
	grep -hv '^#' "$@" | awk '{ print $NF }' | sort -n
}

@test "speedscope-fold: speedscope's own export of a Node profile is cpuprofile-fold --time's" {
	run speedscope-fold "$S/node-main.speedscope.json"
	status_is 0
	[ "${lines[0]}" = "# fg: unit=microseconds" ]
	cpuprofile-fold -t "$DATA/cpuprofile/node-main.cpuprofile" >"$BATS_TEST_TMPDIR/v8"
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/ss"
	# speedscope keeps (program) where cpuprofile-fold drops it, and
	# puts it and the collector on top of the stack before; every other
	# stack has the same time
	diff <(grep -Ev '\((program|garbage collector)\)[^;]* [0-9]+$' "$BATS_TEST_TMPDIR/ss" | weights) \
	    <(grep -Ev '\((program|garbage collector)\)[^;]* [0-9]+$' "$BATS_TEST_TMPDIR/v8" | weights)
	# and the totals are the same with (program) in and (idle) out
	cpuprofile-fold -t --idle "$DATA/cpuprofile/node-main.cpuprofile" | grep -v '^(idle) ' >"$BATS_TEST_TMPDIR/v8"
	[ "$(weights "$BATS_TEST_TMPDIR/ss" | awk '{ s += $1 } END { print s }')" = \
	    "$(weights "$BATS_TEST_TMPDIR/v8" | awk '{ s += $1 } END { print s }')" ]
	# frames with a file and line are NAME at FILE:LINE
	[[ "$output" == *";fib at prof.js:5;fib at prof.js:5"* ]]
}

@test "speedscope-fold: evented profiles, summed when their units agree" {
	# speedscope's export of small-trace.json: tick 1..5, work 100..110
	# then fib 110..120
	run speedscope-fold "$S/small-trace.speedscope.json"
	[ "$output" = "# fg: unit=microseconds
tick 4
work at page.js:3 10
work at page.js:3;fib at page.js:1 10" ]
	# (but for the number of samples and their weights squared, which an
	# evented profile does not hold)
	diff <(speedscope-fold "$S/small-trace.speedscope.json") \
	    <(cpuprofile-fold -t "$DATA/cpuprofile/small-trace.json" | grep -v '^# fg: samples=\|^# fg: weight2=')
	run speedscope-fold --by-profile --full-path "$S/small-trace.speedscope.json"
	[ "$output" = "# fg: unit=microseconds
small-trace.json;tick 4
small-trace.json;work at http://x/page.js:3 10
small-trace.json;work at http://x/page.js:3;fib at http://x/page.js:1 10" ]
}

@test "speedscope-fold: sampled profiles, --profile by index or name, --list" {
	run speedscope-fold --list "$T"
	status_is 0
	[ "$output" = "0	sampled	seconds	MainThread
1	sampled	seconds	Worker \"1\"
2	evented	bytes	alloc" ]
	# profile 0: weights 1.5 and 0.25 on main;work, 2 on main;work;sleep,
	# 1 on main, 3 on "tick 2";"a;b..." (the number guarded, ';' as ':')
	run speedscope-fold -p 0 "$T"
	[ "$output" = "# fg: unit=seconds
main at app.py:3 1
main at app.py:3;work at app.py:10 1.75
main at app.py:3;work at app.py:10;sleep 2
tick_2;a:bé😀 3" ]
	diff <(speedscope-fold --profile MainThread "$T") <(speedscope-fold -p 0 "$T")
	run speedscope-fold --by-profile -p 'Worker "1"' "$T"
	[ "$output" = "# fg: unit=seconds
Worker \"1\";main at app.py:3;work at app.py:10 4" ]
	# the evented one: main 0..10 and 60..100, work 10..60
	run speedscope-fold -p 2 "$T"
	[ "$output" = "# fg: unit=bytes
main at app.py:3 50
main at app.py:3;work at app.py:10 50" ]
	# the two files' profiles add up
	run speedscope-fold -p 1 "$T" "$T"
	[ "${lines[1]}" = "main at app.py:3;work at app.py:10 8" ]
}

@test "speedscope-fold: profiles that count different things are not summed" {
	run bash -c "speedscope-fold '$T' 2>/dev/null"
	status_is 1
	[ -z "$output" ]
	run speedscope-fold "$T"
	[ "$output" = "speedscope-fold: $T: byte $(grep -bo '{"type": "evented"' "$T" | cut -d: -f1): profile 2 counts bytes, profile 0 seconds: choose one with --profile" ]
	run speedscope-fold -p 0 "$T" "$S/small-trace.speedscope.json"
	status_is 1
	[ "$output" = "speedscope-fold: $S/small-trace.speedscope.json: its profiles count microseconds, those of $T seconds" ]
	run speedscope-fold -p nosuch "$T"
	status_is 1
	[ "$output" = "speedscope-fold: $T: no profile 'nosuch' (see --list)" ]
}

# bad JSON MESSAGE: speedscope-fold rejects the file holding JSON with
# "byte N: MESSAGE", N where the text after @ begins (or 0), exit 1,
# nothing on standard output
bad() {
	local f=$BATS_TEST_TMPDIR/p.json off=0
	printf '%s' "${1/@/}" >"$f"
	case "$1" in *@*) off=${1%%@*}; off=${#off} ;; esac
	fails_with "speedscope-fold: $f: byte $off: $2" speedscope-fold "$f"
}

@test "speedscope-fold: a file written on Windows is cut at its last backslash too" {
	printf '%s' '{"shared":{"frames":[{"name":"Program.Main","file":"C:\\src\\app\\Program.py","line":12},' \
	    '{"name":"g","file":"D:/src/g.py"}]},"profiles":[{"type":"sampled","unit":"none",' \
	    '"startValue":0,"endValue":3,"samples":[[0],[0,1]],"weights":[1,2]}]}' >"$BATS_TEST_TMPDIR/w.json"
	run speedscope-fold "$BATS_TEST_TMPDIR/w.json"
	status_is 0
	[ "$output" = "$(printf 'Program.Main at Program.py:12 1\nProgram.Main at Program.py:12;g at g.py 2')" ]
	run speedscope-fold --full-path "$BATS_TEST_TMPDIR/w.json"
	[ "$output" = "$(printf 'Program.Main at C:\\src\\app\\Program.py:12 1\nProgram.Main at C:\\src\\app\\Program.py:12;g at D:/src/g.py 2')" ]
}

@test "speedscope-fold: malformed files are refused with the byte offset" {
	local fr='{"shared": {"frames": [{"name": "a"}, {"name": "b"}]}, "profiles": '
	bad '@[1]' "not a speedscope file: the JSON is an array"
	bad '@<html>' "not JSON (it starts with byte 0x3c)"
	run timeout 10 speedscope-fold /dev/zero
	[ "$output" = "speedscope-fold: /dev/zero: byte 0: not JSON (it starts with byte 0x00)" ]
	bad '{"profiles": []}' "not a speedscope file (no shared frames)"
	# the offset is the value's, after the blanks before it
	bad '   @{"profiles": []}' "not a speedscope file (no shared frames)"
	bad $'\n @42' "not a speedscope file: the JSON is a number"
	bad '{"shared": @{}, "profiles": []}' "shared has no frames"
	bad '{"shared": {"frames": [@{"file": "x"}]}, "profiles": []}' "a frame without a name"
	bad "$fr"'[{"type": "sampled", "unit": "none", "samples": [[0], @[1]], "weights": [1]}]}' \
	    "more samples than weights"
	bad "$fr"'[{"type": "sampled", "unit": "none", "samples": [[0, @5]], "weights": [1]}]}' \
	    "frame 5 is not in shared.frames (2 frames)"
	bad "$fr"'[{"type": "sampled", "unit": "none", "samples": [[0]], "weights": [1, @2]}]}' \
	    "more weights than samples"
	bad "$fr"'[{"type": "sampled", "unit": "none", "samples": [[0]], "weights": [@-1]}]}' \
	    "a negative weight"
	bad "$fr"'[{"type": "sampled", "unit": @"parsecs", "samples": [], "weights": []}]}' \
	    "unknown unit 'parsecs'"
	bad "$fr"'[@{"type": "sampled", "unit": "none", "weights": []}]}' \
	    "a sampled profile without samples"
	bad "$fr"'[{"type": @"flat", "unit": "none"}]}' "a profile of unknown type 'flat'"
	bad "$fr"'[{"type": "sampled", "unit": "none", "samples": [[@"a"]], "weights": [1]}]}' \
	    "a frame index: a number expected, not a string"
	bad "$fr"'[{"type": "sampled", "unit": "none", "samples": @{}, "weights": [1]}]}' \
	    "an array expected, not an object"
}

@test "speedscope-fold: evented profiles whose events do not balance" {
	local fr='{"shared": {"frames": [{"name": "a"}, {"name": "b"}]}, "profiles": [{"type": "evented", "unit": "none", "events": '
	bad "$fr"'[{"type": "O", "frame": 0, "at": 0}, @{"type": "C", "frame": 1, "at": 5}]}]}' \
	    "closes frame 1, but frame 0 is open"
	bad "$fr"'[@{"type": "C", "frame": 0, "at": 0}]}]}' "closes frame 0, but no frame is open"
	bad "$fr"'[{"type": "O", "frame": 0, "at": 0}@]}]}' "1 frames are still open at the end of the events"
	bad "$fr"'[{"type": "O", "frame": 0, "at": 5}, @{"type": "C", "frame": 0, "at": 4}]}]}' \
	    "an event at 4, before the one before it (5)"
	bad "$fr"'[{"type": "O", "frame": @7, "at": 5}]}]}' "frame 7 is not in shared.frames (2 frames)"
	bad "$fr"'[@{"type": "O", "at": 5}]}]}' "an event without a frame"
	bad "$fr"'[{"type": @"X", "frame": 0, "at": 5}]}]}' "an event of unknown type 'X'"
}

@test "speedscope-fold: a decompression bomb stops at --max-size" {
	maxsize_bomb speedscope-fold json
	diff <(speedscope-fold --max-size 10k "$S/threads.speedscope.json") <(speedscope-fold "$S/threads.speedscope.json")
}

@test "speedscope-fold: usage errors exit 2" {
	for v in 0 12Q -1 ''; do
		run speedscope-fold --max-size "$v" "$BATS_TEST_TMPDIR/none"
		status_is 2
		[ "${lines[0]}" = "speedscope-fold: bad size '$v'" ]
	done
	run speedscope-fold --profile
	status_is 2
	[ "${lines[1]}" = "Try 'speedscope-fold --help' for more information." ]
	run speedscope-fold --help
	status_is 0
	[[ "$output" == "usage: speedscope-fold "* ]]
}

@test "speedscope-fold: an evented profile folds in time linear in its events, however deep its stack" {
	# 2000 frames of a 4000-byte name open at once (a stack of 8 MB), then
	# a leaf opened and closed 100000 times: the stack open at each event
	# was hashed whole (800 GB, minutes); a tree of open frames adds each
	# event to its node, and writes the stack once
	awk 'BEGIN {
		r = sprintf("%4000s", ""); gsub(/ /, "r", r)
		printf "{\"shared\":{\"frames\":[{\"name\":\"%s\"},{\"name\":\"leaf\"}]},", r
		printf "\"profiles\":[{\"type\":\"evented\",\"unit\":\"none\",\"events\":["
		for (i = 0; i < 2000; i++)
			printf "%s{\"type\":\"O\",\"frame\":0,\"at\":0}", i ? "," : ""
		for (t = 0; t < 100000; t++)
			printf ",{\"type\":\"O\",\"frame\":1,\"at\":%d},{\"type\":\"C\",\"frame\":1,\"at\":%d}", t, t + 1
		for (i = 0; i < 2000; i++)
			printf ",{\"type\":\"C\",\"frame\":0,\"at\":%d}", t
		print "]}]}"
	}' >"$BATS_TEST_TMPDIR/deep.json"
	run timeout 20 speedscope-fold "$BATS_TEST_TMPDIR/deep.json"
	status_is 0
	[ "${#lines[@]}" -eq 1 ]
	[ "$(awk '{ n = split($1, f, ";"); print n, length(f[1]), f[n], $2 }' <<<"$output")" = "2001 4000 leaf 100000" ]
}

@test "speedscope-fold: samples of an empty stack are said, with their weight, or kept under --by-profile's root" {
	printf '%s' '{"shared":{"frames":[{"name":"f"}]},"profiles":[{"type":"sampled","name":"main",' \
	    '"unit":"milliseconds","samples":[[0],[],[0],[]],"weights":[1,5,2,0.5]}]}' >"$BATS_TEST_TMPDIR/e.json"
	run speedscope-fold "$BATS_TEST_TMPDIR/e.json"
	status_is 0
	[ "$output" = "speedscope-fold: $BATS_TEST_TMPDIR/e.json: 2 samples with an empty stack, weighing 5.5 milliseconds, have no frame: left out
# fg: unit=milliseconds
f 3" ]
	run speedscope-fold --by-profile "$BATS_TEST_TMPDIR/e.json"
	[ "$output" = "# fg: unit=milliseconds
main 5.5
main;f 3" ]
	sed 's/milliseconds/none/; s/,0.5\]/,1]/; s/,5,/,1,/' "$BATS_TEST_TMPDIR/e.json" >"$BATS_TEST_TMPDIR/n.json"
	run speedscope-fold "$BATS_TEST_TMPDIR/n.json"
	[ "$output" = "speedscope-fold: $BATS_TEST_TMPDIR/n.json: 2 samples with an empty stack have no frame: left out
f 3" ]
}

@test "speedscope-fold --time-order: sampled and evented profiles in their order" {
	# speedscope's export of small-trace.json: two evented profiles
	# (both named after the file), tick 1..5, then work 100..110 and fib
	# 110..120
	run speedscope-fold --time-order --by-profile "$S/small-trace.speedscope.json"
	status_is 0
	[ "$output" = "# fg: unit=microseconds
# fg: order=time
small-trace.json;tick 4
small-trace.json;work at page.js:3 10
small-trace.json;work at page.js:3;fib at page.js:1 10" ]
	# as cpuprofile-fold orders the V8 profile it was exported from
	diff <(speedscope-fold --time-order "$S/small-trace.speedscope.json") \
	    <(cpuprofile-fold --time-order -t "$DATA/cpuprofile/small-trace.json" | grep -v '^# fg: samples=\|^# fg: weight2=\|^# fg: idle=')
	# sampled: each sample in turn, equal neighbours one line
	printf '%s' '{"shared":{"frames":[{"name":"a"},{"name":"b"}]},"profiles":[{"type":"sampled",' \
	    '"unit":"bytes","samples":[[0,1],[0,1],[0],[0,1],[]],"weights":[1,2,4,8,16]}]}' >"$BATS_TEST_TMPDIR/s.json"
	run speedscope-fold --time-order "$BATS_TEST_TMPDIR/s.json"
	[ "$output" = "speedscope-fold: $BATS_TEST_TMPDIR/s.json: 1 sample with an empty stack, weighing 16 bytes, has no frame: left out
# fg: unit=bytes
# fg: order=time
a;b 3
a 4
a;b 8" ]
	# the summed stacks are the same
	diff <(speedscope-fold --time-order "$S/node-main.speedscope.json" | fg-merge | grep -v '^# fg: order') \
	    <(speedscope-fold "$S/node-main.speedscope.json")
}

@test "speedscope-fold: weights from 2^63 to 2^64 - 1 exact, past 2^64 - 1 refused" {
	w() {
		printf '{"shared":{"frames":[{"name":"f"}]},"profiles":[{"type":"sampled","unit":"none",'
		printf '"samples":[[0]],"weights":[%s]}]}' "$1"
	}
	w 9223372036854775809 >"$BATS_TEST_TMPDIR/w.json"
	run speedscope-fold "$BATS_TEST_TMPDIR/w.json"
	status_is 0
	[ "$output" = "f 9223372036854775809" ]
	w 18446744073709551615 >"$BATS_TEST_TMPDIR/w.json"
	run speedscope-fold "$BATS_TEST_TMPDIR/w.json"
	[ "$output" = "f 18446744073709551615" ]
	w 18446744073709551616 >"$BATS_TEST_TMPDIR/w.json"
	run speedscope-fold "$BATS_TEST_TMPDIR/w.json"
	status_is 1
	[ "$output" = "speedscope-fold: $BATS_TEST_TMPDIR/w.json: byte 107: a weight of 1.8446744073709552e+19, past 2^64 - 1, the largest count" ]
	# events further apart than an int64 holds
	printf '%s' '{"shared":{"frames":[{"name":"f"}]},"profiles":[{"type":"evented","unit":"none","events":[' \
	    '{"type":"O","frame":0,"at":-9223372036854775808},{"type":"C","frame":0,"at":9223372036854775807}]}]}' \
	    >"$BATS_TEST_TMPDIR/e.json"
	run speedscope-fold "$BATS_TEST_TMPDIR/e.json"
	status_is 0
	[ "$output" = "f 18446744073709551615" ]
}
