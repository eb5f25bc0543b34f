#!/usr/bin/env bats
# gecko-fold: Firefox Profiler (processed) and raw Gecko profiles to folded stacks
#
# Fixtures ($DATA/gecko, see its README): a raw profile Firefox ESR
# wrote of a page (MOZ_PROFILER_SHUTDOWN), the processed profile the
# Firefox Profiler's own code made of it, speedscope's test file of
# Firefox DevTools' old export; small processed files written below for
# each layout the format went through.

load helper

G=$DATA/gecko

# nodefold FILE [--js]: a processed profile folded by Node from
# JSON.parse's view of it (not through gecko-fold's reader): each
# sample's stack walked through its prefixes, each frame named by its
# func as gecko-fold(1) says (name, then " at FILE:LINE" for a func with
# a file), samples without a stack left out.
nodefold() {
	gzip -dcf "$1" | node -e '
	const p = JSON.parse(require("fs").readFileSync(0, "utf8")), js = process.argv[1] === "--js";
	const sh = p.shared || {};
	const sum = new Map();
	for (const t of p.threads) {
		const st = t.stackTable || sh.stackTable, fr = t.frameTable || sh.frameTable;
		const fu = t.funcTable || sh.funcTable, str = t.stringArray || sh.stringArray;
		const file = f => fu.fileName ? fu.fileName[f] : fu.source && fu.source[f] !== null ?
			sh.sources.filename[fu.source[f]] : null;
		/* a frame guarded as fg-folded(5) has it: no trailing blanks,
		 * a trailing number joined by "_" */
		const guard = s => s.replace(/\s+$/, "").replace(/[ \t]+(?=\d+(\.\d*)?$)/, m => "_".repeat(m.length));
		const label = f => {
			let s = guard((str[fu.name[f]] || "(anonymous)").replace(/;/g, ":").replace(/[\x00-\x1f]/g, " "));
			const fi = file(f);
			if (fi !== null) {
				s += " at " + str[fi].split(/[\/\\]/).pop();
				if (fu.lineNumber[f] > 0) s += ":" + fu.lineNumber[f];
			}
			return guard(s);
		};
		const parent = i => st.prefixOffset ? (st.prefixOffset[i] ? i - st.prefixOffset[i] : null) : st.prefix[i];
		t.samples.stack.forEach((s, i) => {
			if (s === null) return;
			const frames = [];
			for (let k = s; k !== null; k = parent(k)) {
				const f = fr.func[st.frame[k]];
				if (!js || fu.isJS[f] || fu.relevantForJS[f]) frames.unshift(label(f));
			}
			if (!frames.length) return;
			const w = t.samples.weight ? t.samples.weight[i] : 1, key = frames.join(";");
			sum.set(key, (sum.get(key) || 0) + w);
		});
	}
	for (const [k, v] of sum) console.log(k + " " + v);
	' -- "${2:-}" | sort
}

@test "gecko-fold: Firefox's raw profile and the processed one the Firefox Profiler made of it fold alike" {
	for o in "" --js --time --by-thread "--js --time --by-thread" --full-path "-T 0" --lines "--lines --js --full-path"; do
		diff <(gecko-fold $o "$G/firefox-page.json.gz") <(gecko-fold $o "$G/firefox-page.processed.json.gz") ||
			{ echo "differ with '$o'" >&2; return 1; }
	done
	# the page's code is there: its functions, recursion, the timer
	run gecko-fold --js "$G/firefox-page.json.gz"
	status_is 0
	[[ "$output" == *"setTimeout handler;(root scope) file:///home/user/demo/page.html at page.html:11;work at page.html:5;draw at page.html:4 "* ]]
	[[ "$output" == *"work at page.html:5;fib at page.html:3;fib at page.html:3;fib at page.html:3"* ]]
}

@test "gecko-fold: a garbage collection is on the stack that was running, none under the root" {
	# Firefox's "Minor GC" label frames, on top of the page's draw
	run gecko-fold "$G/firefox-page.json.gz"
	status_is 0
	[ "$(grep -c ';draw at page.html:4;Minor GC;' <<<"$output")" -gt 0 ]
	# every frame of a collection lies above one of the page's functions
	! grep -E '(^|;)(Minor GC|Major GC[^;]*)' <<<"$output" | grep -v ' at page.html:[0-9]*;\(Minor\|Major\) GC' || false
}

@test "gecko-fold: a processed profile folds as Node itself reads it" {
	command -v node >/dev/null || skip "needs node"
	diff <(gecko-fold "$G/firefox-page.processed.json.gz" | sort) <(nodefold "$G/firefox-page.processed.json.gz")
	diff <(gecko-fold --js "$G/firefox-page.processed.json.gz" | sort) <(nodefold "$G/firefox-page.processed.json.gz" --js)
}

@test "gecko-fold: --time weighs a sample the time to the next, the last the interval" {
	command -v node >/dev/null || skip "needs node"
	# the total: the last sample's time less the first's, and the interval
	# (1 ms), less what the samples without a stack weigh
	want=$(gzip -dc "$G/firefox-page.json.gz" | node -e '
		const p = JSON.parse(require("fs").readFileSync(0, "utf8"));
		const s = p.processes[0].threads[0].samples, S = s.schema.stack, T = s.schema.time;
		const ns = s.data.map(r => Math.round(r[T] * 1e6));
		let t = 0;
		s.data.forEach((r, i) => { if (r[S] !== null) t += (i + 1 < ns.length ? ns[i + 1] : ns[i] + 1e6) - ns[i]; });
		console.log((t / 1e6).toFixed(6))')
	run gecko-fold --time "$G/firefox-page.json.gz"
	status_is 0
	[ "${lines[0]}" = "# fg: unit=milliseconds" ]
	[ "$(printf '%s\n' "$output" | awk '!/^#/ { s += $NF } END { printf "%.6f\n", s }')" = "$want" ]
	# the samples behind the times, and their weights squared (ms^2),
	# for fg-gate's effective number of samples
	gzip -dc "$G/firefox-page.json.gz" | node -e '
		const p = JSON.parse(require("fs").readFileSync(0, "utf8"));
		const s = p.processes[0].threads[0].samples, S = s.schema.stack, T = s.schema.time;
		const ns = s.data.map(r => Math.round(r[T] * 1e6));
		let n = 0, q = 0;
		s.data.forEach((r, i) => {
			const w = ((i + 1 < ns.length ? ns[i + 1] : ns[i] + 1e6) - ns[i]) / 1e6;
			if (r[S] !== null && w > 0) { n++; q += w * w; }
		});
		const h = process.argv[1].split("\n"), fact = (k) => (h.find((l) => l.startsWith("# fg: " + k + "=")) || "").slice(7 + k.length);
		if (Number(fact("samples")) !== n || Math.abs(Number(fact("weight2")) - q) > 1e-9 * q) process.exit(1);
	' "$output"
	run gecko-fold --time --no-header "$G/firefox-page.json.gz"
	[[ "${lines[0]}" != "#"* ]]
}

@test "gecko-fold: --list, --thread and --by-thread" {
	run gecko-fold --list "$G/firefox-page.json.gz"
	status_is 0
	[ "$output" = "$(printf '0\t1306\t12797\t12797\tGeckoMain\tfile:// Content')" ]
	run gecko-fold -l "$G/devtools-63.json.gz"
	[ "$output" = "$(printf '0\t39\t32922\t7051856\tGeckoMain\t')" ]
	diff <(gecko-fold -T 0 "$G/firefox-page.json.gz") <(gecko-fold "$G/firefox-page.json.gz")
	diff <(gecko-fold --thread GeckoMain "$G/firefox-page.json.gz") <(gecko-fold "$G/firefox-page.json.gz")
	run gecko-fold --by-thread "$G/firefox-page.json.gz"
	[ "$(printf '%s\n' "$output" | grep -vc '^GeckoMain (pid 12797);')" = 0 ]
	run gecko-fold -T 1 "$G/firefox-page.json.gz"
	status_is 1
	[ "$output" = "gecko-fold: $G/firefox-page.json.gz: no thread '1' (see --list)" ]
	run gecko-fold -T Renderer "$G/firefox-page.json.gz"
	[ "$output" = "gecko-fold: $G/firefox-page.json.gz: no thread 'Renderer' (see --list)" ]
}

@test "gecko-fold: Firefox DevTools' old export, speedscope's test file" {
	# a raw profile (version 9) inside {"profile": ...}; speedscope keeps
	# the JavaScript frames of its own pattern, the profiler's --js its
	# functions: alpha calls beta and delta, which call gamma
	run gecko-fold --js "$G/devtools-63.json.gz"
	status_is 0
	[[ "$output" == *"alpha at simple.js:1;beta at simple.js:8;gamma at simple.js:20 15"* ]]
	[[ "$output" == *"alpha at simple.js:1;delta at simple.js:14;gamma at simple.js:20 12"* ]]
	# fg-fold knows it
	run fg-fold -v "$G/devtools-63.json.gz"
	[ "${lines[0]}" = "fg-fold: $G/devtools-63.json.gz: a Firefox Profiler or Gecko profile, gzip-compressed: gecko-fold" ]
}

# a processed thread's samples, stacks and frames as the versions lay
# them out: proc VERSION: a profile with one thread, funcs main (JS,
# a.js line 3), f (native), g (label, relevant for JS); stacks 0 main,
# 1 main;f, 2 main;f;g; samples 1, 2, 2, null, 0 weighted 1 2 3 4 5
proc() {
	local strs='["main", "dir/a.js", "f", "g"]'
	local funcs='"name": [0, 2, 3], "isJS": [true, false, false], "relevantForJS": [false, false, true], "lineNumber": [3, null, null]'
	local samples='"samples": {"stack": [1, 2, 2, null, 0], "weight": [1, 2, 3, 4, 5], "weightType": "samples", "time": [0, 1, 3, 6, 10], "length": 5}'
	case $1 in
	24) printf '{"meta": {"version": 20, "preprocessedProfileVersion": 24, "interval": 0.5}, "threads": [{"name": "T", "pid": 9, %s, "stringArray": %s,
	    "stackTable": {"prefix": [null, 0, 1], "frame": [0, 1, 2], "length": 3}, "frameTable": {"func": [0, 1, 2], "length": 3},
	    "funcTable": {%s, "fileName": [1, null, null], "length": 3}}]}' "$samples" "$strs" "$funcs" ;;
	58) printf '{"meta": {"version": 27, "preprocessedProfileVersion": 58, "interval": 0.5}, "shared": {"stringArray": %s, "sources": {"filename": [1], "length": 1}},
	    "threads": [{"name": "T", "pid": "9", %s, "stackTable": {"prefix": [null, 0, 1], "frame": [0, 1, 2], "length": 3},
	    "frameTable": {"func": [0, 1, 2], "length": 3}, "funcTable": {%s, "source": [0, null, null], "length": 3}}]}' "$strs" "$samples" "$funcs" ;;
	70) printf '{"meta": {"version": 36, "preprocessedProfileVersion": 70, "interval": 0.5}, "shared": {"stringArray": %s, "sources": {"filename": [1], "length": 1},
	    "stackTable": {"prefixOffset": [0, 1, 1], "frame": [0, 1, 2], "length": 3}, "frameTable": {"func": [0, 1, 2], "length": 3},
	    "funcTable": {%s, "source": [0, null, null], "length": 3}}, "threads": [{"name": "T", "pid": "9", %s}]}' "$strs" "$funcs" "${samples/\"time\": [0, 1, 3, 6, 10]/\"timeDeltas\": [0, 1, 2, 3, 4]}" ;;
	esac
}

@test "gecko-fold: the processed format's layouts, versions 24 to 70" {
	for v in 24 58 70; do
		proc $v >"$BATS_TEST_TMPDIR/p$v.json"
		# main 5; main;f 1; main;f;g 2 + 3 (the null stack is no stack,
		# said so)
		run gecko-fold "$BATS_TEST_TMPDIR/p$v.json"
		status_is 0
		[ "$output" = "gecko-fold: $BATS_TEST_TMPDIR/p$v.json: 1 sample with a null stack, weighing 4, has no frame: left out
main at a.js:3 5
main at a.js:3;f 1
main at a.js:3;f;g 5" ] || { echo "version $v: $output" >&2; return 1; }
		# --js: f is no JavaScript; g is relevant for it
		run gecko-fold --js --full-path "$BATS_TEST_TMPDIR/p$v.json"
		[ "$output" = "gecko-fold: $BATS_TEST_TMPDIR/p$v.json: 1 sample with a null stack, weighing 4, has no frame: left out
main at dir/a.js:3 6
main at dir/a.js:3;g 5" ]
		# --time: times 0 1 3 6 10, the last sample the interval (0.5);
		# the four kept weigh 1, 2, 3 and 0.5, squared 14.25 (weight2)
		run gecko-fold -t --by-thread "$BATS_TEST_TMPDIR/p$v.json"
		[ "$output" = "gecko-fold: $BATS_TEST_TMPDIR/p$v.json: 1 sample with a null stack, weighing 4000000 nanoseconds, has no frame: left out
# fg: unit=milliseconds
# fg: samples=4
# fg: weight2=14.25
T (pid 9);main at a.js:3 0.5
T (pid 9);main at a.js:3;f 1
T (pid 9);main at a.js:3;f;g 5" ] || { echo "version $v --time: $output" >&2; return 1; }
	done
}

@test "gecko-fold: weightType tracing-ms and bytes are the unit; units must agree" {
	proc 70 | sed 's/"weightType": "samples"/"weightType": "bytes"/' >"$BATS_TEST_TMPDIR/b.json"
	run gecko-fold "$BATS_TEST_TMPDIR/b.json"
	status_is 0
	[ "${lines[0]}" = "gecko-fold: $BATS_TEST_TMPDIR/b.json: 1 sample with a null stack, weighing 4 bytes, has no frame: left out" ]
	[ "${lines[1]}" = "# fg: unit=bytes" ]
	[ "${lines[4]}" = "main at a.js:3;f;g 5" ]
	proc 70 | sed 's/"weightType": "samples"/"weightType": "tracing-ms"/; s/"weight": \[1, 2/"weight": [1.25, 2/' >"$BATS_TEST_TMPDIR/m.json"
	run gecko-fold "$BATS_TEST_TMPDIR/m.json"
	[ "$output" = "gecko-fold: $BATS_TEST_TMPDIR/m.json: 1 sample with a null stack, weighing 4 milliseconds, has no frame: left out
# fg: unit=milliseconds
main at a.js:3 5
main at a.js:3;f 1.25
main at a.js:3;f;g 5" ]
	# (the same two without their null stack, which each would warn of)
	sed 's/2, null, 0/2, 1, 0/' "$BATS_TEST_TMPDIR/b.json" >"$BATS_TEST_TMPDIR/b1.json"
	sed 's/2, null, 0/2, 1, 0/' "$BATS_TEST_TMPDIR/m.json" >"$BATS_TEST_TMPDIR/m1.json"
	fails_with "gecko-fold: $BATS_TEST_TMPDIR/m1.json: its samples count milliseconds, those of $BATS_TEST_TMPDIR/b1.json bytes" \
	    gecko-fold "$BATS_TEST_TMPDIR/b1.json" "$BATS_TEST_TMPDIR/m1.json"
	f=$BATS_TEST_TMPDIR/b.json
	fails_with "gecko-fold: $f: byte $(grep -bo '"samples": {' "$f" | cut -d: -f1 | awk '{ print $1 + 11 }'): --time: these samples weigh bytes already" \
	    gecko-fold --time "$f"
}

# bad FILE MESSAGE: gecko-fold rejects FILE with exactly MESSAGE, exit
# 1, nothing on standard output
bad() {
	fails_with "gecko-fold: $1: $2" gecko-fold "$1"
}

# offset FILE TEXT: the byte offset of TEXT's first occurrence in FILE
offset() {
	grep -bo -F -- "$2" "$1" | head -1 | cut -d: -f1
}

@test "gecko-fold: bad input is refused with its byte offset" {
	f=$BATS_TEST_TMPDIR/p.json
	: >"$f"
	bad "$f" "empty file"
	proc 70 >"$f.full"
	n=$(($(offset "$f.full" '"interval": 0.5') + 15))
	head -c $n "$f.full" >"$f"
	bad "$f" "byte $n: the JSON is cut short"
	printf '[1]' >"$f"
	bad "$f" "byte 0: not a Gecko profile: the JSON is an array"
	printf ' {"threads": []}' >"$f"
	bad "$f" "byte 1: not a Gecko profile: no meta (a Firefox Profiler or Gecko profile is what gecko-fold reads)"
	printf '{"meta": {"version": 30}}' >"$f"
	bad "$f" "byte 0: a profile without threads"
	proc 70 | sed 's/"frame": \[0, 1, 2\]/"frame": [0, 1, 7]/' >"$f"
	bad "$f" "byte $(offset "$f" '"samples": {' | awk '{ print $1 + 11 }'): frame 7 is not in the frame table (3 frames)"
	proc 70 | sed 's/"stack": \[1, 2, 2, null, 0\]/"stack": [1, 2, 9, null, 0]/' >"$f"
	bad "$f" "byte $(offset "$f" '9, null'): stack 9 is not in the stack table (3 stacks)"
	proc 70 | sed 's/"prefixOffset": \[0, 1, 1\]/"prefixOffset": [0, 1, 3]/' >"$f"
	bad "$f" "byte $(offset "$f" '[0, 1, 3]'): stack 2's prefix does not come before it"
	proc 70 | sed 's/"weight": \[1, 2/"weight": [-1, 2/' >"$f"
	bad "$f" "byte $(offset "$f" '[1, 2, 2, null' | awk '{ print $1 + 1 }'): a negative weight (a comparison profile): fold its two profiles apart and compare them with fg-diff"
	proc 70 | sed 's/"weight": \[1, 2, 3, 4, 5\]/"weight": [1, 2]/' >"$f"
	bad "$f" "byte $(offset "$f" '2, null'): fewer weights than samples"
	proc 70 | sed 's/"name": \[0, 2, 3\]/"name": [0, 2, 30]/' >"$f"
	bad "$f" "byte $(offset "$f" '"samples": {' | awk '{ print $1 + 11 }'): string 30 is not in the string table (4 strings)"
	proc 70 | sed 's/"weightType": "samples"/"weightType": "joules"/' >"$f"
	bad "$f" "byte $(offset "$f" '"joules"'): unknown weightType 'joules'"
	proc 24 | sed 's/"frameTable": {"func": \[0, 1, 2\], "length": 3},//' >"$f"
	bad "$f" "byte $(offset "$f" '{"name": "T"'): a thread without its tables (stackTable, frameTable, funcTable and strings, its own or shared)"
	run timeout 10 gecko-fold /dev/zero
	[ "$output" = "gecko-fold: /dev/zero: byte 0: not JSON (it starts with byte 0x00)" ]
}

@test "gecko-fold: a raw profile's bad tables" {
	f=$BATS_TEST_TMPDIR/r.json
	raw() {
		printf '{"meta": {"version": 34, "interval": 1, "stackwalk": 0}, "threads": [{"name": "T", "pid": 1, "tid": 1, "stringTable": ["a (x.js:1:2)", "b"],
		    "frameTable": {"schema": {"location": 0, "relevantForJS": 1}, "data": [[0, false], [1, true]]},
		    "stackTable": {"schema": {"prefix": 0, "frame": 1}, "data": [%s]},
		    "samples": {"schema": {"stack": 0, "time": 1}, "data": [[1, 0.5], [0, 1.5], [null, 2]]}}], "processes": []}' "$1"
	}
	raw '[null, 0], [0, 1]' >"$f"
	run gecko-fold "$f"
	status_is 0
	[ "$output" = "gecko-fold: $f: 1 sample with a null stack has no frame: left out
a at x.js:1 1
a at x.js:1;b 1" ]
	raw '[null, 0], [1, 1]' >"$f"
	bad "$f" "byte $(offset "$f" '[1, 1]'): stack 1's prefix 1 does not come before it"
	raw '[null, 0], [0]' >"$f"
	bad "$f" "byte $(offset "$f" '[0]]'): a stack without a frame"
	raw '[null, 0], [0, "1"]' >"$f"
	bad "$f" "byte $(offset "$f" '"1"'): a table's index: a number expected, not a string"
	raw '[null, 0], [0, 1]' | sed 's/"stringTable": \["a (x.js:1:2)", "b"\],//' >"$f"
	bad "$f" "byte $(offset "$f" '{"name": "T"'): a thread without its stringTable"
}

@test "gecko-fold: a raw frame's location read as the Firefox Profiler reads it" {
	f=$BATS_TEST_TMPDIR/r.json
	locs='"0x7f12ab", "nsFoo::Bar() (in libxul.so) + 12", "non-virtual thunk to Baz (in libxul.so)", "f (http://h:80/a.js -> https://c/d/b.js:12:3)[4]", "https://c/top.js:1:0", "Label frame", "g;h (a (b).js:7)"'
	printf '{"meta": {"version": 34, "interval": 1, "stackwalk": 1}, "threads": [{"name": "T", "stringTable": [%s],
	    "frameTable": {"schema": {"location": 0}, "data": [[0], [1], [2], [3], [4], [5], [6]]},
	    "stackTable": {"schema": {"prefix": 0, "frame": 1}, "data": [[null, 0], [0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6]]},
	    "samples": {"schema": {"stack": 0, "time": 1}, "data": [[6, 0]]}}]}' "$locs" >"$f"
	run gecko-fold "$f"
	status_is 0
	[ "$output" = "0x7f12ab;nsFoo::Bar();Baz;f at b.js:12;(root scope) https://c/top.js at top.js:1;Label frame;g:h (a at b).js:7 1" ]
	run gecko-fold --js "$f"
	[ "$output" = "f at b.js:12;(root scope) https://c/top.js at top.js:1;g:h (a at b).js:7 1" ]
}

@test "gecko-fold: gzip-compressed input and standard input read the same; files add up" {
	diff <(gzip -dc "$G/firefox-page.json.gz" | gecko-fold) <(gecko-fold "$G/firefox-page.json.gz")
	diff <(gecko-fold - <"$G/firefox-page.json.gz") <(gecko-fold "$G/firefox-page.json.gz")
	proc 70 >"$BATS_TEST_TMPDIR/p.json"
	run gecko-fold "$BATS_TEST_TMPDIR/p.json" "$BATS_TEST_TMPDIR/p.json"
	[[ "$output" == *"main at a.js:3;f;g 10"* ]]
	diff <(fg-fold "$G/firefox-page.processed.json.gz") <(gecko-fold "$G/firefox-page.processed.json.gz")
}

@test "gecko-fold: a decompression bomb stops at --max-size" {
	maxsize_bomb gecko-fold json
	proc 70 >"$BATS_TEST_TMPDIR/p.json"
	diff <(gecko-fold --max-size 10k "$BATS_TEST_TMPDIR/p.json") <(gecko-fold "$BATS_TEST_TMPDIR/p.json")
}

@test "gecko-fold: usage errors exit 2" {
	for v in 0 12Q -1 ''; do
		run gecko-fold --max-size "$v" "$G/firefox-page.json.gz"
		status_is 2
		[ "${lines[0]}" = "gecko-fold: bad size '$v'" ]
	done
	run gecko-fold --bogus
	status_is 2
	[ "${lines[1]}" = "Try 'gecko-fold --help' for more information." ]
	run gecko-fold --help
	status_is 0
	[[ "$output" == "usage: gecko-fold "* ]]
	run gecko-fold "$BATS_TEST_TMPDIR/none"
	status_is 1
	[ "$output" = "gecko-fold: $BATS_TEST_TMPDIR/none: No such file or directory" ]
}

@test "gecko-fold --lines: a JavaScript frame's line is the one running in it (the frame table's), not its function's first" {
	run gecko-fold --js --lines "$G/firefox-page.json.gz"
	status_is 0
	# work's loop is on line 8 of page.html, its function on line 5
	[[ "$output" == *"(root scope) file:///home/user/demo/page.html at page.html:11;work at page.html:8;draw at page.html:4 "* ]]
	[[ "$output" != *"work at page.html:5"* ]]
	# the same stacks, frame for frame, but for the lines
	diff <(gecko-fold --js --lines "$G/firefox-page.processed.json.gz" | sed 's/:[0-9]*\(;\| [0-9]*$\)/\1/g' | fg-merge) \
	    <(gecko-fold --js "$G/firefox-page.processed.json.gz" | sed 's/:[0-9]*\(;\| [0-9]*$\)/\1/g' | fg-merge)
	# a small processed profile: main's frame runs line 6; f and g have
	# no file, so no line
	proc 70 | sed 's/"frameTable": {"func": \[0, 1, 2\], "length": 3}/"frameTable": {"func": [0, 1, 2], "line": [6, 9, null], "length": 3}/' >"$BATS_TEST_TMPDIR/p.json"
	grep -q '"line": \[6, 9, null\]' "$BATS_TEST_TMPDIR/p.json"
	run gecko-fold --lines --no-header "$BATS_TEST_TMPDIR/p.json"
	[ "${lines[1]}" = "main at a.js:6 5" ]
	[ "${lines[2]}" = "main at a.js:6;f 1" ]
	[ "${lines[3]}" = "main at a.js:6;f;g 5" ]
	# a line column of another length than the frames' is an error
	proc 70 | sed 's/"frameTable": {"func": \[0, 1, 2\], "length": 3}/"frameTable": {"func": [0, 1, 2], "line": [4, 5], "length": 3}/' >"$BATS_TEST_TMPDIR/q.json"
	fails_with "gecko-fold: $BATS_TEST_TMPDIR/q.json: byte $(offset "$BATS_TEST_TMPDIR/q.json" '[4, 5]'): 2 lines for 3 frames" gecko-fold --lines "$BATS_TEST_TMPDIR/q.json"
	# which only --lines reads
	run gecko-fold --no-header "$BATS_TEST_TMPDIR/q.json"
	status_is 0
}
