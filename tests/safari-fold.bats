#!/usr/bin/env bats
# safari-fold: Safari timeline recordings to folded stacks
#
# Fixtures ($DATA/safari, see its README): speedscope's test recording
# (Safari 13.1) with the stacks speedscope's own test expects of it, and
# a small recording made by hand whose stacks are worked out below.

load helper

S=$DATA/safari

# nodefold FILE [time]: a recording folded by Node from JSON.parse's
# view of it (not through safari-fold's reader), as speedscope's
# importer walks it, frames named as safari-fold(1) says (a frame "#"
# alone is "#_", as fg-folded(5) guards it), a sample of no frame left
# out.
nodefold() {
	gzip -dcf "$1" | node -e '
	const r = JSON.parse(require("fs").readFileSync(0, "utf8")).recording;
	const time = process.argv[1] === "time";
	const label = f => {
		const name = (f.name || "(anonymous)").replace(/[\x00-\x1f]/g, " ").replace(/;/g, ":").replace(/ +$/, "");
		const file = f.url ? f.url.split(/[\/\\]/).pop() : "";
		return file ? name + " at " + file + (f.line > 0 ? ":" + f.line : "") : name === "#" ? "#_" : name;
	};
	const sum = new Map();
	r.sampleStackTraces.forEach((s, i) => {
		const k = s.stackFrames.map(label).reverse().join(";");
		if (!k) return;
		sum.set(k, (sum.get(k) || 0) + (time ? Math.round(r.sampleDurations[i] * 1e9) : 1));
	});
	for (const [k, v] of sum) console.log(k + " " + v);
	' "${2:-}" | sort
}

@test "safari-fold: speedscope's recording folds as Node itself reads it" {
	command -v node >/dev/null || skip "needs node"
	for f in simple.html-recording.json.gz small.recording.json; do
		diff <(safari-fold "$S/$f" | sort) <(nodefold "$S/$f")
		diff <(safari-fold --time --no-header "$S/$f" | sort) <(nodefold "$S/$f" time)
	done
}

@test "safari-fold --time --idle --time-order: the stacks and times of speedscope's own test" {
	command -v node >/dev/null || skip "needs node"
	# speedscope writes names only, an unnamed function as
	# "(anonymous FILE:LINE)", idle time as an empty stack, a run of
	# samples as its time (its own formatter, run here)
	got=$(safari-fold --time --idle --time-order --no-header "$S/simple.html-recording.json.gz" | node -e '
	const fmt = v => { const s = v * 1e-9;
		return s >= 1 ? s.toFixed(2) + "s" : s / 1e-3 >= 1 ? (s / 1e-3).toFixed(2) + "ms" :
		    (s / 1e-6).toFixed(2) + "\u00b5s"; };
	for (const l of require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean)) {
		const m = /^(.*) (\d+)$/.exec(l);
		const f = m[1] === "(idle)" ? [] : m[1].split(";").map(x =>
			x.replace(/^\(anonymous\) at (.*)$/, "(anonymous $1)").replace(/ at .*/, ""));
		console.log(f.join(";") + " " + fmt(+m[2]));
	}')
	[ "$got" = "$(cat "$S/simple.speedscope.txt")" ]
}

@test "safari-fold: each sample counts 1, its frames named NAME at FILE:LINE" {
	# main > work three times (two columns of line 5: one function), main
	# > an unnamed function > a native one named "a;b<newline>c  ", a
	# sample of no frame (left out, with a warning), and a function named
	# "#"
	run safari-fold "$S/small.recording.json"
	status_is 0
	[ "$output" = "safari-fold: $S/small.recording.json: 1 sample with an empty stack has no frame: left out
#_ 1
main at app.js:1;(anonymous) at app.js:9;a:b c 1
main at app.js:1;work at app.js:5 3" ]
	run safari-fold --full-path "$S/small.recording.json"
	[[ "$output" == *$'\nmain at https://example.com/js/app.js:1;work at https://example.com/js/app.js:5 3' ]]
}

@test "safari-fold --time, --idle: each sample weighs its duration in nanoseconds; the gaps over 2 ms are idle" {
	# durations 1, 2, 0.5, 1, 1, 4 ms; the samples end at 1.001, 1.003,
	# 1.0045, 1.0105, 1.0115 and 1.02 s: the fourth starts 5 ms after the
	# third ended, the last 4.5 ms after the fifth; the third's 1 ms gap
	# is no idle time; the five kept weigh 2, 0.5, 1, 1 and 4 ms, their
	# squares (4 + 0.25 + 1 + 1 + 16) 10^12 ns^2 (weight2)
	run safari-fold -t "$S/small.recording.json"
	status_is 0
	[ "$output" = "safari-fold: $S/small.recording.json: 1 sample with an empty stack, weighing 1000000 nanoseconds, has no frame: left out
# fg: unit=nanoseconds
# fg: samples=5
# fg: weight2=22250000000000
#_ 1000000
main at app.js:1;(anonymous) at app.js:9;a:b c 500000
main at app.js:1;work at app.js:5 7000000" ]
	run safari-fold -t --idle "$S/small.recording.json"
	[[ "$output" == *$'\n(idle) 9500000\n'* ]]
	runsh "safari-fold -t --idle --time-order --no-header $S/small.recording.json 2>/dev/null"
	[ "$output" = 'main at app.js:1;work at app.js:5 3000000
main at app.js:1;(anonymous) at app.js:9;a:b c 500000
(idle) 5000000
#_ 1000000
(idle) 4500000
main at app.js:1;work at app.js:5 4000000' ]
	# the gaps where they were, which the header says
	[ "$(safari-fold -t --idle --time-order "$S/small.recording.json" 2>/dev/null | sed -n 3p)" = "# fg: idle=frame" ]
	! safari-fold -t --time-order "$S/small.recording.json" 2>/dev/null | grep -q '^# fg: idle=' || false
	run safari-fold --time-order "$S/small.recording.json"
	[ "${lines[1]}" = "# fg: order=time" ]
	[ "${lines[2]}" = "main at app.js:1;work at app.js:5 2" ]
	[ "${#lines[@]}" = 6 ]
	# --idle weighs time: it needs --time
	run safari-fold --idle "$S/small.recording.json"
	status_is 2
	[ "${lines[0]}" = "safari-fold: --idle needs --time: an idle gap weighs time, not samples" ]
}

@test "safari-fold: gzip-compressed input and standard input read the same; files add up; fg-fold knows it" {
	gzip -c "$S/small.recording.json" >"$BATS_TEST_TMPDIR/s.json.gz"
	diff <(safari-fold "$BATS_TEST_TMPDIR/s.json.gz") <(safari-fold "$S/small.recording.json")
	diff <(safari-fold - <"$BATS_TEST_TMPDIR/s.json.gz") <(safari-fold "$S/small.recording.json")
	diff <(cat "$S/small.recording.json" | safari-fold) <(safari-fold "$S/small.recording.json")
	run safari-fold "$S/small.recording.json" "$S/small.recording.json"
	[[ "$output" == *$'\nmain at app.js:1;work at app.js:5 6' ]]
	run fg-fold -v "$S/simple.html-recording.json.gz"
	[ "${lines[0]}" = "fg-fold: $S/simple.html-recording.json.gz: a Safari timeline recording, gzip-compressed: safari-fold" ]
	diff <(fg-fold "$S/small.recording.json") <(safari-fold "$S/small.recording.json")
}

# bad FILE MESSAGE: safari-fold rejects FILE with exactly MESSAGE, exit
# 1, nothing on standard output
bad() {
	fails_with "safari-fold: $1: $2" safari-fold "$@"
}

# offset FILE TEXT: the byte offset of TEXT's first occurrence in FILE
offset() {
	grep -bo -F -- "$2" "$1" | head -1 | cut -d: -f1
}

@test "safari-fold: bad input is refused with its byte offset" {
	f=$BATS_TEST_TMPDIR/r.json
	: >"$f"
	bad "$f" "empty file"
	n=$(($(offset "$S/small.recording.json" '"line": 9') + 7))
	head -c $n "$S/small.recording.json" >"$f"
	bad "$f" "byte $n: the JSON is cut short"
	# JSON of another format says which, and what reads it
	bad "$DATA/formats/v8log" "not a Safari timeline recording but a V8 tick log (node --prof, preprocessed): read it with v8log-fold (or fg-fold)"
	# JSON of none, or a recording that lacks a part, says what is wrong
	printf '[1]' >"$f"
	bad "$f" "byte 0: not a Safari recording: the JSON is an array"
	printf ' {"version": 1, "keys": ["recording", "instrumentTypes"]}' >"$f"
	bad "$f" 'byte 1: not a Safari recording: no recording (Web Inspector'"'"'s export, {"version": 1, "recording": {...}}, is what safari-fold reads)'
	printf '{"recording": [], "instrumentTypes": []}' >"$f"
	bad "$f" "byte 14: an object expected, not an array"
	printf '{"recording": {"instrumentTypes": [], "records": []}}' >"$f"
	bad "$f" "byte 14: not a Safari recording: no sampleStackTraces"
	printf '{"recording": {"instrumentTypes": [], "samples": [{"stackTraces": [], "durations": []}]}}' >"$f"
	bad "$f" "byte $(offset "$f" '[{"st'): samples by target (a newer Web Inspector's layout) are not read: safari-fold reads sampleStackTraces and sampleDurations"
	printf '{"recording": {"sampleStackTraces": [{"stackFrames": [{"name": 7}]}]}}' >"$f"
	bad "$f" "byte $(offset "$f" '7}'): a string expected, not a number"
	printf '{"recording": {"sampleStackTraces": [{"stackFrames": [{"line": 1.5}]}]}}' >"$f"
	bad "$f" "byte $(offset "$f" '1.5'): line: not an integer"
	printf '{"recording": {"sampleStackTraces": [{"stackFrames": {}}]}}' >"$f"
	bad "$f" "byte $(offset "$f" '{}'): an array expected, not an object"
	# --time needs a duration for each sample, and no more
	printf '{"recording": {"sampleStackTraces": [{"stackFrames": []}, {"stackFrames": []}], "sampleDurations": [0.001]}}' >"$f"
	run safari-fold "$f"
	status_is 0
	[ "$output" = "safari-fold: $f: 2 samples with an empty stack have no frame: left out" ]
	fails_with "safari-fold: $f: byte $(($(offset "$f" '}, {"st') + 3)): --time: a sample without its duration (sampleDurations)" safari-fold -t "$f"
	printf '{"recording": {"sampleStackTraces": [{"stackFrames": []}], "sampleDurations": [0.001, 0.002]}}' >"$f"
	fails_with "safari-fold: $f: byte $(offset "$f" '0.002'): more durations than samples" safari-fold -t "$f"
	printf '{"recording": {"sampleStackTraces": [{"stackFrames": []}], "sampleDurations": [-1]}}' >"$f"
	fails_with "safari-fold: $f: byte $(offset "$f" '-1'): duration: -1 seconds is out of range" safari-fold -t "$f"
	printf '{"recording": {"sampleStackTraces": [{"stackFrames": []}], "sampleDurations": ["1"]}}' >"$f"
	fails_with "safari-fold: $f: byte $(offset "$f" '"1"'): a number expected, not a string" safari-fold -t "$f"
	printf '{"recording": {"sampleStackTraces": [{"stackFrames": []}], "sampleDurations": [1]}}' >"$f"
	fails_with "safari-fold: $f: byte $(offset "$f" '{"stackFrames"'): --idle: a sample without its timestamp" safari-fold -t --idle "$f"
	run timeout 10 safari-fold /dev/zero
	[ "$output" = "safari-fold: /dev/zero: byte 0: not JSON (it starts with byte 0x00)" ]
}

@test "safari-fold: another version is read as version 1, with a warning" {
	printf '{"version": 2, "recording": {"sampleStackTraces": [{"stackFrames": [{"name": "f"}]}]}}' >"$BATS_TEST_TMPDIR/v.json"
	run safari-fold "$BATS_TEST_TMPDIR/v.json"
	status_is 0
	[ "${lines[0]}" = "safari-fold: $BATS_TEST_TMPDIR/v.json: byte 12: version 2, not 1: read as version 1" ]
	[ "${lines[1]}" = "f 1" ]
	run bash -c 'safari-fold "$1" 2>/dev/null' _ "$BATS_TEST_TMPDIR/v.json"
	[ "$output" = "f 1" ]
}

@test "safari-fold: a decompression bomb stops at --max-size" {
	maxsize_bomb safari-fold json
	diff <(safari-fold --max-size 10k "$S/small.recording.json") <(safari-fold "$S/small.recording.json")
	run safari-fold --max-size 1k "$S/small.recording.json"
	status_is 1
	[ "$output" = "safari-fold: $S/small.recording.json: input size exceeds 1024 bytes (--max-size)" ]
}

@test "safari-fold: usage errors exit 2" {
	for v in 0 12Q -1 ''; do
		run safari-fold --max-size "$v" "$S/small.recording.json"
		status_is 2
		[ "${lines[0]}" = "safari-fold: bad size '$v'" ]
	done
	run safari-fold --bogus
	status_is 2
	[ "${lines[1]}" = "Try 'safari-fold --help' for more information." ]
	run safari-fold --help
	status_is 0
	[[ "$output" == "usage: safari-fold "* ]]
	run safari-fold "$BATS_TEST_TMPDIR/none"
	status_is 1
	[ "$output" = "safari-fold: $BATS_TEST_TMPDIR/none: No such file or directory" ]
}
