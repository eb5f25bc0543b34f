#!/usr/bin/env bats
# cpuprofile-fold: V8 CPU profiles (.cpuprofile, Chrome traces) to folded stacks
#
# Fixtures ($DATA/cpuprofile, see its README.md): node --cpu-prof's two
# profiles (main thread and worker) and a Chromium trace recorded
# through puppeteer-core, checked against a fold of the same JSON done
# in Node itself where Node is installed; small hand-made files whose
# expected stacks and times are worked out in the comments.

load helper

C=$DATA/cpuprofile

# nodefold FILE [order]: the samples of a flat .cpuprofile folded by
# Node from JSON.parse's view of the file (not through cpuprofile-fold's
# reader): frames named as cpuprofile-fold(1) says, (program), (idle)
# and (root) itself dropped; summed and sorted, or with "order" in time
# order, consecutive equal stacks one line with their number of samples,
# a sample of the collector on top of the stack of the sample before
# (none after idle or (root) itself), as speedscope places it
nodefold() {
	node -e '
	const p = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
	const order = process.argv[2] === "order";
	const byId = new Map(p.nodes.map(n => [n.id, n]));
	for (const n of p.nodes) for (const c of n.children || []) byId.get(c).up = n;
	const label = n => {
		const f = n.callFrame, name = (f.functionName || "(anonymous)").replace(/;/g, ":");
		const file = f.url ? f.url.split("/").pop() : "";
		let s = file ? name + " at " + file + (f.lineNumber >= 0 ? ":" + (f.lineNumber + 1) : "") : name;
		return f.functionName === "(garbage collector)" ? s + "_[g]" : s;
	};
	const sum = new Map(), runs = [];
	let prev = [], last;
	for (const id of p.samples) {
		const n = byId.get(id), fn = n.callFrame.functionName, again = id === last;
		last = id;
		if (fn === "(idle)" || fn === "(root)") prev = [];
		if (fn === "(program)" || fn === "(idle)" || fn === "(root)") continue;
		let st = [];
		if (order && fn === "(garbage collector)") st = again ? prev : prev.concat([label(n)]);
		else for (let k = n; k && k.callFrame.functionName !== "(root)"; k = k.up) st.unshift(label(k));
		prev = st;
		const key = st.join(";");
		sum.set(key, (sum.get(key) || 0) + 1);
		if (runs.length && runs[runs.length - 1][0] === key) runs[runs.length - 1][1]++;
		else runs.push([key, 1]);
	}
	for (const [k, v] of order ? runs : sum) console.log(k + " " + v);
	' "$1" "${2:-}" | if [ "${2:-}" = order ]; then cat; else sort; fi
}

@test "cpuprofile-fold: node --cpu-prof profiles fold as Node itself reads them" {
	command -v node >/dev/null || skip "needs node"
	for f in node-main node-worker; do
		diff <(cpuprofile-fold "$C/$f.cpuprofile" | sort) <(nodefold "$C/$f.cpuprofile")
	done
	# the recording's code is there: recursion, closures, async, the worker
	run cpuprofile-fold "$C/node-main.cpuprofile"
	[[ "$output" == *"fib at prof.js:5;fib at prof.js:5"* ]]
	[[ "$output" == *"add at prof.js:9"* ]]
	[[ "$output" == *"asyncWork at prof.js:14"* ]]
	[[ "$output" == *"Worker at worker"* ]]
}

@test "cpuprofile-fold: a .cpuprofile, by samples and by time, negative deltas as speedscope" {
	# samples 2,3,3,4,5,6,7,2 with deltas 10,100,50,-80,200,100,30,40:
	# times 10,110,160,80,280,380,410,450.  Runs start at 10 (node 2),
	# 110 (3), max(80,110)=110 (4), 280 (5), 380 (6), 410 (7), 450 (2)
	# and end at 450: node 2 gets 100, node 3 0, node 4 170, (program)
	# 100, (idle) 30, the collector 40, node 2's last run 0.
	run cpuprofile-fold "$C/small.cpuprofile"
	status_is 0
	[ "$output" = "(garbage collector)_[g] 1
main at app.js:10 2
main at app.js:10;(anonymous) at app.js:21 2
main at app.js:10;a:b c 1" ]
	run cpuprofile-fold --time "$C/small.cpuprofile"
	[ "$output" = "# fg: unit=microseconds
# fg: samples=4
# fg: weight2=40500
(garbage collector)_[g] 40
main at app.js:10 100
main at app.js:10;a:b c 170" ]
	run cpuprofile-fold -t --idle "$C/small.cpuprofile"
	[ "$output" = "# fg: unit=microseconds
# fg: samples=6
# fg: weight2=51400
(garbage collector)_[g] 40
(idle) 30
(program) 100
main at app.js:10 100
main at app.js:10;a:b c 170" ]
	# the total is the time from the first sample to the last
	[ "$(cpuprofile-fold -t --idle "$C/small.cpuprofile" | awk '!/^#/ { s += $NF } END { print s }')" = $((450 - 10)) ]
}

@test "cpuprofile-fold: --time totals the first to the last sample of a real profile" {
	command -v node >/dev/null || skip "needs node"
	for f in node-main node-worker; do
		want=$(node -e 'const p = JSON.parse(require("fs").readFileSync(process.argv[1]));
			console.log(p.timeDeltas.slice(1).reduce((a, b) => a + b, 0))' "$C/$f.cpuprofile")
		got=$(cpuprofile-fold -t --idle "$C/$f.cpuprofile" | awk '!/^#/ { s += $NF } END { print s }')
		[ "$got" = "$want" ] || { echo "$f: $got, not $want" >&2; return 1; }
	done
}

@test "cpuprofile-fold: --full-path keeps the url; --by-thread roots a file by its name" {
	run cpuprofile-fold --full-path "$C/small.cpuprofile"
	[[ "$output" == *"main at file:///app/src/app.js:10;(anonymous) at file:///app/src/app.js:21 2"* ]]
	run cpuprofile-fold --by-thread "$C/small.cpuprofile" "$C/old-head.cpuprofile"
	[[ "$output" == *"small.cpuprofile;main at app.js:10 2"* ]]
	[[ "$output" == *"old-head.cpuprofile;main at app.js:3 1"* ]]
}

@test "cpuprofile-fold: a url written on Windows is cut at its last backslash too" {
	printf '%s' '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":"","lineNumber":-1,"columnNumber":-1},"children":[2,3]},' \
	    '{"id":2,"callFrame":{"functionName":"a","url":"C:\\Users\\me\\app\\b.js","lineNumber":4,"columnNumber":0}},' \
	    '{"id":3,"callFrame":{"functionName":"f","url":"file:///C:/Users/me/app/c.js","lineNumber":0,"columnNumber":0}}],' \
	    '"samples":[2,3,3],"timeDeltas":[1,1,1]}' >"$BATS_TEST_TMPDIR/w.cpuprofile"
	run cpuprofile-fold "$BATS_TEST_TMPDIR/w.cpuprofile"
	status_is 0
	[ "$output" = "$(printf 'a at b.js:5 1\nf at c.js:1 2')" ]
	run cpuprofile-fold --full-path "$BATS_TEST_TMPDIR/w.cpuprofile"
	[ "$output" = "$(printf 'a at C:\\Users\\me\\app\\b.js:5 1\nf at file:///C:/Users/me/app/c.js:1 2')" ]
}

@test "cpuprofile-fold: the old format's nested head tree and absolute timestamps" {
	# samples 2,3,3,4 at 1500100,1500110,1500150,1500200 (microseconds):
	# main runs 10, leaf 90 until the (program) sample, which ends it
	run cpuprofile-fold "$C/old-head.cpuprofile"
	[ "$output" = "main at app.js:3 1
main at app.js:3;leaf at lib.js:7 2" ]
	run cpuprofile-fold -t "$C/old-head.cpuprofile"
	[ "$output" = "# fg: unit=microseconds
# fg: samples=3
# fg: weight2=4200
main at app.js:3 10
main at app.js:3;leaf at lib.js:7 90" ]
}

@test "cpuprofile-fold: a trace's chunks joined by ts, per id and per pid/tid" {
	# profile 0x1: the chunk at ts 20 (nodes, samples 2,3, deltas 100,10)
	# comes before the one at ts 30 (samples 3,3, deltas 5,5), although
	# the file has them the other way round: times 100,110,115,120, work
	# runs 10 then fib 10.  Profile 7/8 (no id): tick at 1 and 5.
	run cpuprofile-fold "$C/small-trace.json"
	[ "$output" = "tick 2
work at page.js:3 1
work at page.js:3;fib at page.js:1 3" ]
	run cpuprofile-fold -t "$C/small-trace.json"
	[ "$output" = "# fg: unit=microseconds
# fg: samples=6
# fg: weight2=166
tick 4
work at page.js:3 10
work at page.js:3;fib at page.js:1 10" ]
	run cpuprofile-fold --by-thread "$C/small-trace.json"
	[ "$output" = "7/8;tick 2
CrRendererMain;work at page.js:3 1
CrRendererMain;work at page.js:3;fib at page.js:1 3" ]
	# a bare array may lack its ']', after an event or a ',' (the Trace
	# Event Format allows a trace cut short so); an object may not
	sed '$d' "$C/small-trace.json" >"$BATS_TEST_TMPDIR/cut.json"
	diff <(cpuprofile-fold "$BATS_TEST_TMPDIR/cut.json") <(cpuprofile-fold "$C/small-trace.json")
	sed '$d' "$C/small-trace.json" | sed '$s/}$/},/' >"$BATS_TEST_TMPDIR/cut.json"
	tail -c 3 "$BATS_TEST_TMPDIR/cut.json" | grep -q '},'
	diff <(cpuprofile-fold "$BATS_TEST_TMPDIR/cut.json") <(cpuprofile-fold "$C/small-trace.json")
	printf '{"traceEvents": [{"name": "x"},' >"$BATS_TEST_TMPDIR/cut.json"
	run cpuprofile-fold "$BATS_TEST_TMPDIR/cut.json"
	[ "$output" = "cpuprofile-fold: $BATS_TEST_TMPDIR/cut.json: byte 31: the JSON is cut short" ]
	# the same events as {"traceEvents": [...]}
	{ printf '{"metadata": {}, "traceEvents": '; cat "$C/small-trace.json"; printf '}'; } >"$BATS_TEST_TMPDIR/obj.json"
	diff <(cpuprofile-fold --by-thread "$BATS_TEST_TMPDIR/obj.json") <(cpuprofile-fold --by-thread "$C/small-trace.json")
}

# proc PID TS NAME FN [ID]: a Profile event of PID (its tid PID) at
# TS, and its chunk (on the sampler's tid PID+1, at TS+10) of three
# samples in FN at a.js:1, one microsecond apart; NAME, when not "-", a
# thread_name event for PID/PID; ID ("0x1" unless given) the profile's
# id, "-" for a chunk without its Profile event
proc() {
	local id=${5:-0x1}
	[ "$id" = - ] && id=0x9 || printf '{"name": "Profile", "ph": "P", "pid": %s, "tid": %s, "ts": %s, "id": "%s", "args": {"data": {"startTime": 0}}},\n' "$1" "$1" "$2" "$id"
	[ "$3" = - ] || printf '{"name": "thread_name", "ph": "M", "pid": %s, "tid": %s, "args": {"name": "%s"}},\n' "$1" "$1" "$3"
	printf '{"name": "ProfileChunk", "ph": "P", "pid": %s, "tid": %s, "ts": %s, "id": "%s", "args": {"data": {"cpuProfile": {' "$1" $(($1 + 1)) $(($2 + 10)) "$id"
	printf '"nodes": [{"id": 1, "callFrame": {"functionName": "(root)"}}, {"id": 2, "parent": 1, "callFrame": {"functionName": "%s", "url": "http://x/a.js", "lineNumber": 0}}],' "$4"
	printf '"samples": [2, 2, 2]}, "timeDeltas": [1, 1, 1]}}},\n'
}

@test "cpuprofile-fold --by-thread: a thread's name is guarded as a frame is" {
	# a root "# x" would make the line a comment, its samples lost
	t=$BATS_TEST_TMPDIR/t.json
	{ echo '['; proc 100 10 '# x' f; proc 200 10 'a;b' g; echo '{}]'; } >"$t"
	run cpuprofile-fold --by-thread "$t"
	status_is 0
	[ "$output" = "#_x;f at a.js:1 3
a:b;g at a.js:1 3" ]
	[ "$(cpuprofile-fold --by-thread "$t" | fg-top --format tsv -n 0 | awk -F'\t' 'NR > 1 { s += $1 } END { print s }')" = 6 ]
}

@test "cpuprofile-fold: profiles are per process, their ids repeat across processes" {
	# two renderers (a page and its cross-origin iframe) each number
	# their profile 0x1 and their nodes from 1
	t=$BATS_TEST_TMPDIR/t.json
	{ echo '['; proc 100 10 - pageA; proc 200 10 - pageB; echo '{}]'; } >"$t"
	run cpuprofile-fold "$t"
	status_is 0
	[ "$output" = "pageA at a.js:1 3
pageB at a.js:1 3" ]
	run cpuprofile-fold -t "$t"
	[ "$output" = "# fg: unit=microseconds
# fg: samples=6
# fg: weight2=4
pageA at a.js:1 2
pageB at a.js:1 2" ]
	# --by-thread: the Profile event's pid/tid, or the thread's name,
	# with its pid when a thread of another process has that name too
# fg: weight2=4
	run cpuprofile-fold --by-thread "$t"
	[ "$output" = "100/100;pageA at a.js:1 3
200/200;pageB at a.js:1 3" ]
	{ echo '['; proc 100 10 CrRendererMain pageA; proc 200 10 CrRendererMain pageB
	  proc 300 10 CrBrowserMain main; echo '{}]'; } >"$t"
	run cpuprofile-fold --by-thread "$t"
	[ "$output" = "CrBrowserMain;main at a.js:1 3
CrRendererMain (pid 100);pageA at a.js:1 3
CrRendererMain (pid 200);pageB at a.js:1 3" ]
	# two profiles of one thread share its root
	{ echo '['; proc 100 10 CrRendererMain pageA; proc 100 50 - pageB 0x2; echo '{}]'; } >"$t"
	run cpuprofile-fold --by-thread "$t"
	[ "$output" = "CrRendererMain;pageA at a.js:1 3
CrRendererMain;pageB at a.js:1 3" ]
}

@test "cpuprofile-fold: a chunk without its Profile event is folded all the same" {
	# the Profile event of 300's profile is missing (a trace whose
	# start was cut); its chunk carries all it needs
	t=$BATS_TEST_TMPDIR/t.json
	{ echo '['; proc 100 10 - pageA; proc 300 10 - lost -; echo '{}]'; } >"$t"
	run cpuprofile-fold "$t"
	status_is 0
	[ "$output" = "lost at a.js:1 3
pageA at a.js:1 3" ]
	# in the chunk's own thread
	run cpuprofile-fold --by-thread "$t"
	[ "$output" = "100/100;pageA at a.js:1 3
300/301;lost at a.js:1 3" ]
	# a Profile event later than its chunk declares it all the same:
	# the chunk is kept, and the profile is the Profile event's thread
	{ echo '['; proc 100 10 - pageA; echo '{"name": "Profile", "ph": "P", "pid": 300, "tid": 300, "ts": 90, "id": "0x9", "args": {"data": {}}},'
	  proc 300 10 - lost -; echo '{}]'; } >"$t"
	run cpuprofile-fold --by-thread "$t"
	[ "$output" = "100/100;pageA at a.js:1 3
300/300;lost at a.js:1 3" ]
}

@test "cpuprofile-fold: two CpuProfile events of one thread are two profiles" {
	t=$BATS_TEST_TMPDIR/t.json
	for f in f g; do
		printf '{"name": "CpuProfile", "ph": "I", "pid": 3, "tid": 4, "ts": 1, "args": {"data": {"cpuProfile": {'
		printf '"nodes": [{"id": 1, "callFrame": {"functionName": "(root)"}, "children": [2]}, {"id": 2, "callFrame": {"functionName": "%s"}}],' $f
		printf '"samples": [2, 2], "timeDeltas": [5, 10]}}}},\n'
	done | { echo "["; cat; echo "{}]"; } >"$t"
	run cpuprofile-fold "$t"
	status_is 0
	[ "$output" = "f 2
g 2" ]
}

@test "cpuprofile-fold: an older trace's CpuProfile event holds a whole profile" {
	# samples 2,2,3 at 5, 15, 40: main runs 35 (to the last sample), f 0
	printf '%s\n' '{"traceEvents": [' \
	    '{"name": "CpuProfile", "ph": "I", "pid": 3, "tid": 4, "ts": 1, "args": {"data": {"cpuProfile": {' \
	    '"nodes": [{"id": 1, "callFrame": {"functionName": "(root)"}, "children": [2]},' \
	    '{"id": 2, "callFrame": {"functionName": "main", "url": "a/b.js", "lineNumber": 0}, "children": [3]},' \
	    '{"id": 3, "callFrame": {"functionName": "f", "url": "a/b.js", "lineNumber": 4}}],' \
	    '"samples": [2, 2, 3], "timeDeltas": [5, 10, 25]}}}},' \
	    '{"name": "thread_name", "ph": "M", "pid": 3, "tid": 4, "args": {"name": "Main"}}]}' >"$BATS_TEST_TMPDIR/t.json"
	run cpuprofile-fold --by-thread "$BATS_TEST_TMPDIR/t.json"
	[ "$output" = "Main;main at b.js:1 2
Main;main at b.js:1;f at b.js:5 1" ]
	run cpuprofile-fold -t "$BATS_TEST_TMPDIR/t.json"
	[ "$output" = "# fg: unit=microseconds
# fg: samples=2
# fg: weight2=725
main at b.js:1 35" ]
}

# fg: weight2=725
@test "cpuprofile-fold: Chromium's trace, recorded through puppeteer-core" {
	run cpuprofile-fold --by-thread "$C/chrome-trace.json"
	status_is 0
	[[ "$output" == *"CrRendererMain;(anonymous) at page.js:1;work at page.js:3;draw at page.js:2 "* ]]
	[[ "$output" == *"work at page.js:3;fib at page.js:1;fib at page.js:1"* ]]
	# every line under the one thread the profile was recorded on
	[ "$(printf '%s\n' "$output" | grep -vc '^CrRendererMain;')" = 0 ]
	# the total: every sample but (program), (idle) and (root)'s own
	command -v node >/dev/null || skip "needs node for the total"
	want=$(node -e '
		const ev = JSON.parse(require("fs").readFileSync(process.argv[1])).traceEvents;
		const fn = new Map(), s = [];
		for (const e of ev) if (e.name === "ProfileChunk") {
			const p = e.args.data.cpuProfile;
			for (const n of p.nodes || []) fn.set(n.id, n.callFrame.functionName);
			s.push(...(p.samples || []));
		}
		console.log(s.filter(id => !["(program)", "(idle)", "(root)"].includes(fn.get(id))).length)' "$C/chrome-trace.json")
	[ "$(cpuprofile-fold "$C/chrome-trace.json" | awk '{ s += $NF } END { print s }')" = "$want" ]
}

@test "cpuprofile-fold: Chromium's trace of a page and its cross-origin iframe, two renderers" {
	# each renderer's profile is 0x1, its nodes numbered from 1
	t=$C/chrome-iframe-trace.json
	[ "$(grep -o '"id": "0x1", "name": "Profile", "ph": "P", "pid": 25[01][29][23]' "$t" | wc -l)" = 2 ]
	run cpuprofile-fold --by-thread "$t"
	status_is 0
	[[ "$output" == *"CrRendererMain (pid 25123);"*"fibB at frame.js:1;fibB at frame.js:1"* ]]
	[[ "$output" == *"CrRendererMain (pid 25092);"*"fibA at page.js:1;fibA at page.js:1"* ]]
	# each page's code under its own renderer only
	[ "$(printf '%s\n' "$output" | grep -c '^CrRendererMain (pid 25092);.*fibB')" = 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^CrRendererMain (pid 25123);.*fibA')" = 0 ]
	# each renderer's total: its samples but (program), (idle) and (root)'s own
	command -v node >/dev/null || skip "needs node for the totals"
	want=$(node -e '
		const ev = JSON.parse(require("fs").readFileSync(process.argv[1])).traceEvents;
		const fn = new Map(), n = new Map();
		for (const e of ev) if (e.name === "ProfileChunk") {
			const p = e.args.data.cpuProfile, k = e.pid + " " + e.id;
			for (const x of p.nodes || []) fn.set(k + " " + x.id, x.callFrame.functionName);
			for (const id of p.samples || [])
				if (!["(program)", "(idle)", "(root)"].includes(fn.get(k + " " + id)))
					n.set(e.pid, (n.get(e.pid) || 0) + 1);
		}
		for (const [pid, c] of [...n].sort()) console.log("CrRendererMain (pid " + pid + ")", c)' "$t")
	got=$(printf '%s\n' "$output" | awk '{ split($0, f, ";"); s[f[1]] += $NF } END { for (k in s) print k, s[k] }' | sort)
	[ "$got" = "$want" ] || { echo "got $got, want $want" >&2; return 1; }
}

@test "cpuprofile-fold: gzip-compressed input and standard input read the same" {
	gzip -c "$C/node-worker.cpuprofile" >"$BATS_TEST_TMPDIR/w.cpuprofile.gz"
	diff <(cpuprofile-fold "$BATS_TEST_TMPDIR/w.cpuprofile.gz") <(cpuprofile-fold "$C/node-worker.cpuprofile")
	diff <(cpuprofile-fold - <"$BATS_TEST_TMPDIR/w.cpuprofile.gz") <(cpuprofile-fold "$C/node-worker.cpuprofile")
	diff <(cat "$C/small.cpuprofile" | cpuprofile-fold -t) <(cpuprofile-fold -t "$C/small.cpuprofile")
	# several files are added up
	run cpuprofile-fold "$C/small.cpuprofile" "$C/small.cpuprofile"
	[[ "$output" == *"main at app.js:10 4"* ]]
}

# bad FILE MESSAGE: cpuprofile-fold rejects FILE with exactly MESSAGE,
# exit 1, nothing on standard output
bad() {
	fails_with "cpuprofile-fold: $1: $2" cpuprofile-fold -t "$1"
}

# offset FILE TEXT: the byte offset of TEXT's first occurrence in FILE
offset() {
	grep -bo -F -- "$2" "$1" | head -1 | cut -d: -f1
}

@test "cpuprofile-fold: malformed JSON is refused with its byte offset" {
	f=$BATS_TEST_TMPDIR/p.cpuprofile
	: >"$f"
	bad "$f" "empty file"
	head -c 300 "$C/small.cpuprofile" >"$f"
	bad "$f" "byte 300: the JSON is cut short"
	printf '{"nodes": [], "samples": [1, 2,]}' >"$f"
	bad "$f" "byte $(offset "$f" ']}'): a JSON value expected"
	printf '{"nodes": [{"id": 1, "callFrame": {"functionName": "caf\xc3"}}]}' >"$f"
	bad "$f" "byte $(($(offset "$f" 'caf') + 3)): invalid UTF-8 in a string"
	printf '{"nodes": [{"id": 1, "callFrame": {"functionName": "\\ud800"}}]}' >"$f"
	bad "$f" "byte $(offset "$f" '\ud800'): a high surrogate without its low half in a string"
	printf '{"nodes": "x" "y"}' >"$f"
	bad "$f" "byte $(offset "$f" '"y"'): ',' or '}' expected"
	printf '{"nodes": [], "samples": [] } x' >"$f"
	bad "$f" "byte $(offset "$f" 'x'): more after the JSON value"
	# a string whose closing quote never comes
	printf '{"nodes": [{"id": 1, "callFrame": {"functionName": "%s' "$(head -c 5000 /dev/zero | tr '\0' a)" >"$f"
	bad "$f" "byte $(offset "$f" '"aaa'): the JSON is cut short in a string"
	# nesting beyond the bound: the object and 99999 arrays are 100000
	{ printf '{"nodes": '; head -c 100001 /dev/zero | tr '\0' '['; } >"$f"
	bad "$f" "byte $((10 + 99999)): JSON nested deeper than 100000"
	printf '42' >"$f"
	bad "$f" "byte 0: not a .cpuprofile nor a trace: the JSON is a number"
	# what cannot be JSON is refused at its first byte, endless or not
	run timeout 10 cpuprofile-fold /dev/zero
	[ "$output" = "cpuprofile-fold: /dev/zero: byte 0: not JSON (it starts with byte 0x00)" ]
	runsh "head -c 10000000 /dev/zero | gzip -1 | timeout 10 cpuprofile-fold"
	[ "$output" = "cpuprofile-fold: <stdin>: byte 0: not JSON (it starts with byte 0x00)" ]
	# a byte order mark is passed over
	{ printf '\357\273\277'; cat "$C/small.cpuprofile"; } >"$f"
	diff <(cpuprofile-fold "$f") <(cpuprofile-fold "$C/small.cpuprofile")
	printf '{"profiles": []}' >"$f"
	bad "$f" "byte 0: JSON that is neither a .cpuprofile nor a trace (no nodes, head or traceEvents)"
	# the offset is the value's, after the blanks before it
	printf '  \n {"profiles": []}' >"$f"
	bad "$f" "byte 4: JSON that is neither a .cpuprofile nor a trace (no nodes, head or traceEvents)"
	printf '\t42' >"$f"
	bad "$f" "byte 1: not a .cpuprofile nor a trace: the JSON is a number"
}

@test "cpuprofile-fold: wrong types, and ids that name nothing" {
	f=$BATS_TEST_TMPDIR/p.cpuprofile
	printf '{"nodes": {"id": 1}}' >"$f"
	bad "$f" "byte 10: an array expected, not an object"
	printf '{"nodes": [{"id": "1"}]}' >"$f"
	bad "$f" "byte $(offset "$f" '"1"'): id: a number expected, not a string"
	printf '{"nodes": [{"id": 1.5}]}' >"$f"
	bad "$f" "byte $(offset "$f" '1.5'): id: not an integer"
	printf '{"nodes": [{"callFrame": {}}]}' >"$f"
	bad "$f" "byte 11: a node without an id"
	printf '{"nodes": [{"id": 1}, {"id": 1}]}' >"$f"
	bad "$f" "byte $(offset "$f" '{"id": 1}]'): node id 1 appears twice"
	printf '{"nodes": [{"id": 1}, {"id": 2, "parent": 9}]}' >"$f"
	bad "$f" "byte $(offset "$f" '{"id": 2'): parent 9 names no node"
	printf '{"nodes": [{"id": 1, "children": [2, 3]}, {"id": 2}]}' >"$f"
	bad "$f" "byte $(offset "$f" '3]'): child 3 names no node"
	printf '{"nodes": [{"id": 1}], "samples": [1, 7], "timeDeltas": [0, 1]}' >"$f"
	bad "$f" "byte $(offset "$f" '7]'): sample 7 names no node"
	printf '{"nodes": [{"id": 1}], "samples": [1, 1, 1], "timeDeltas": [0, 1]}' >"$f"
	bad "$f" "byte $(offset "$f" '1]'): more samples than timeDeltas"
	# a node is the child of one node, whether "children" or "parent" say
	printf '{"nodes": [{"id": 1, "children": [2, 3]}, {"id": 2, "children": [3]}, {"id": 3}], "samples": [3], "timeDeltas": [0]}' >"$f"
	bad "$f" "byte $(offset "$f" '3]}, {"id": 3'): node 3 has two parents"
	printf '{"nodes": [{"id": 1, "children": [2, 3]}, {"id": 2}, {"id": 3, "parent": 2}], "samples": [3], "timeDeltas": [0]}' >"$f"
	bad "$f" "byte $(offset "$f" '3]'): node 3 has two parents"
	# named twice by one parent, or by both its parent's "children"
	# and its own "parent", it has one
	printf '{"nodes": [{"id": 1, "children": [2, 2]}, {"id": 2, "parent": 1, "callFrame": {"functionName": "f"}}], "samples": [2], "timeDeltas": [0]}' >"$f"
	run cpuprofile-fold "$f"
	[ "$output" = "(anonymous);f 1" ]
	# a parent cycle ends with a message, not a loop
	printf '{"nodes": [{"id": 1, "parent": 2}, {"id": 2, "parent": 1}], "samples": [2], "timeDeltas": [0]}' >"$f"
	run cpuprofile-fold "$f"
	status_is 1
	[[ "$output" == *": byte "*": the node's parents form a cycle" ]]
}

@test "cpuprofile-fold: a trace without a CPU profile says how to record one" {
	f=$BATS_TEST_TMPDIR/t.json
	printf '{"traceEvents": [{"name": "RunTask", "ph": "X", "pid": 1, "tid": 1, "ts": 5}]}' >"$f"
	bad "$f" "byte 16: no CPU profile in this trace: record with the disabled-by-default-v8.cpu_profiler category"
	printf '[]' >"$f"
	bad "$f" "byte 0: no CPU profile in this trace: record with the disabled-by-default-v8.cpu_profiler category"
}

@test "cpuprofile-fold: a decompression bomb stops at --max-size" {
	maxsize_bomb cpuprofile-fold cpuprofile
	[ "$(wc -c <"$C/small.cpuprofile")" -lt 10240 ]
	diff <(cpuprofile-fold --max-size 10k "$C/small.cpuprofile") <(cpuprofile-fold "$C/small.cpuprofile")
}

@test "cpuprofile-fold: usage errors exit 2" {
	for v in 0 12Q -1 ''; do
		run cpuprofile-fold --max-size "$v" "$C/small.cpuprofile"
		status_is 2
		[ "${lines[0]}" = "cpuprofile-fold: bad size '$v'" ]
	done
	run cpuprofile-fold --gc leaf "$C/small.cpuprofile"
	status_is 2
	[ "${lines[0]}" = "cpuprofile-fold: bad --gc: 'leaf' (root or stack)" ]
	run cpuprofile-fold --bogus
	status_is 2
	[ "${lines[1]}" = "Try 'cpuprofile-fold --help' for more information." ]
	run cpuprofile-fold --help
	status_is 0
	[[ "$output" == "usage: cpuprofile-fold "* ]]
	run cpuprofile-fold "$BATS_TEST_TMPDIR/none"
	status_is 1
}

@test "cpuprofile-fold: the default --max-size is 1G, as for every folder of JSON" {
	# a regular file's size is checked before it is read: a sparse
	# file one byte over takes no time
	truncate -s 1073741825 "$BATS_TEST_TMPDIR/big.cpuprofile"
	run cpuprofile-fold "$BATS_TEST_TMPDIR/big.cpuprofile"
	status_is 1
	[ "$output" = "cpuprofile-fold: $BATS_TEST_TMPDIR/big.cpuprofile: input size exceeds 1073741824 bytes (--max-size)" ]
	run speedscope-fold "$BATS_TEST_TMPDIR/big.cpuprofile"
	status_is 1
	[ "$output" = "speedscope-fold: $BATS_TEST_TMPDIR/big.cpuprofile: input size exceeds 1073741824 bytes (--max-size)" ]
	cpuprofile-fold --help | grep -q -- '--max-size SIZE .*(default 1G)'
	speedscope-fold --help | grep -q -- '--max-size SIZE .*(default 1G)'
}

@test "cpuprofile-fold: another known format is named, with the program that reads it" {
	run cpuprofile-fold "$DATA/pprof/alloc-profile.pb.gz"
	status_is 1
	[ "$output" = "cpuprofile-fold: $DATA/pprof/alloc-profile.pb.gz: not a V8 CPU profile (.cpuprofile) but a pprof profile (profile.proto): read it with pprof-fold (or fg-fold)" ]
	run cpuprofile-fold <"$DATA/jlprof/profile_ttfp.jlprof"
	[ "$output" = "cpuprofile-fold: <stdin>: not a V8 CPU profile (.cpuprofile) but a Julia profile (.jlprof): read it with jlprof-fold (or fg-fold)" ]
	run cpuprofile-fold "$DATA/speedscope/node-main.speedscope.json"
	status_is 1
	[ "$output" = "cpuprofile-fold: $DATA/speedscope/node-main.speedscope.json: not a V8 CPU profile (.cpuprofile) but a speedscope file: read it with speedscope-fold (or fg-fold)" ]
	run speedscope-fold "$C/small.cpuprofile"
	status_is 1
	[ "$output" = "speedscope-fold: $C/small.cpuprofile: not a speedscope file but a V8 CPU profile (.cpuprofile): read it with cpuprofile-fold (or fg-fold)" ]
	run speedscope-fold <(gzip -c "$C/chrome-trace.json")
	[[ "$output" == *": not a speedscope file but a Chrome trace (Trace Event Format): read it with cpuprofile-fold (or fg-fold)" ]]
	run speedscope-fold "$DATA/pprof/alloc-profile.pb.gz"
	[[ "$output" == *": not a speedscope file but a pprof profile (profile.proto): read it with pprof-fold (or fg-fold)" ]]
	# what no program reads keeps the byte it starts with
	printf 'a;b 1\n' >"$BATS_TEST_TMPDIR/f"
	run cpuprofile-fold "$BATS_TEST_TMPDIR/f"
	[ "$output" = "cpuprofile-fold: $BATS_TEST_TMPDIR/f: not a V8 CPU profile (.cpuprofile) but folded stacks, which need no folding" ]
	printf "(x)\\n" >"$BATS_TEST_TMPDIR/g"
	run cpuprofile-fold "$BATS_TEST_TMPDIR/g"
	[ "$output" = "cpuprofile-fold: $BATS_TEST_TMPDIR/g: byte 0: not JSON (it starts with byte 0x28)" ]
}

@test "cpuprofile-fold: a trace of many threads folds in time linear in its profiles" {
	# 100000 processes, each a named thread with a chunk of one node:
	# each event scanned every profile, each profile every thread name
	# (10^10 steps); a hash finds them
	awk 'BEGIN {
		printf "{\"traceEvents\":["
		for (p = 0; p < 100000; p++) {
			printf "%s{\"name\":\"thread_name\",\"pid\":%d,\"tid\":1,\"args\":{\"name\":\"T%d\"}}", p ? "," : "", p, p % 2
			printf ",{\"name\":\"ProfileChunk\",\"pid\":%d,\"tid\":1,\"id\":\"0x1\",\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"f\"}}],\"samples\":[1]}}}}", p
		}
		print "]}"
	}' >"$BATS_TEST_TMPDIR/many.json"
	run timeout 20 cpuprofile-fold --by-thread "$BATS_TEST_TMPDIR/many.json"
	status_is 0
	[ "${#lines[@]}" -eq 100000 ]
	# every name is in two processes, so each says its pid
	[ "${lines[0]}" = "T0 (pid 0);f 1" ]
	[ "${lines[99999]}" = "T1 (pid 99999);f 1" ]
}

@test "cpuprofile-fold -t: times more than an int64 apart are weighed exactly" {
	# the first sample at -2^53, then 1024 deltas of 2^53: its run lasts
	# 2^63 microseconds, which the difference of two int64s overflowed
	{
		printf '%s' '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)"},"children":[2]},' \
		    '{"id":2,"callFrame":{"functionName":"f"}}],"samples":[2'
		for i in $(seq 1024); do printf ',2'; done
		printf '],"timeDeltas":[-9007199254740992'
		for i in $(seq 1024); do printf ',9007199254740992'; done
		printf ']}'
	} >"$BATS_TEST_TMPDIR/far.cpuprofile"
	run cpuprofile-fold -t "$BATS_TEST_TMPDIR/far.cpuprofile"
	status_is 0
	[ "$output" = "# fg: unit=microseconds
# fg: samples=1025
# fg: weight2=8.3076749736557242e+34
f 9223372036854775808" ]
	# and in the fuzzing corpus, with its option byte (1: --time)
	cmp <(printf '\001'; cat "$BATS_TEST_TMPDIR/far.cpuprofile") "$FG_ROOT/tests/fuzz/cpuprofile/time-span-2p63"
}
# fg: weight2=8.3076749736557242e+34

@test "cpuprofile-fold: samples of (root) itself are said, with their weight, or kept under --by-thread's root" {
	# samples (root), f, (root), (root), g, the dummy, f at 0, 10, 30,
	# 60, 100, 105, 110: (root) runs 10 and 70, the dummy (no frame) 5
	run cpuprofile-fold "$C/root-dummy.cpuprofile"
	status_is 0
	[ "$output" = "cpuprofile-fold: $C/root-dummy.cpuprofile: 4 samples of (root) itself have no frame: left out
f at a.js:2 2
g at a.js:5 1" ]
	run cpuprofile-fold -t "$C/root-dummy.cpuprofile"
	[ "$output" = "cpuprofile-fold: $C/root-dummy.cpuprofile: 4 samples of (root) itself, weighing 85 microseconds, have no frame: left out
# fg: unit=microseconds
# fg: samples=3
# fg: weight2=425
f at a.js:2 20
g at a.js:5 5" ]
	run cpuprofile-fold -t --by-thread "$C/root-dummy.cpuprofile"
	[ "$output" = "# fg: unit=microseconds
# fg: samples=7
# fg: weight2=3050
root-dummy.cpuprofile 85
root-dummy.cpuprofile;f at a.js:2 20
root-dummy.cpuprofile;g at a.js:5 5" ]
}

@test "cpuprofile-fold --time-order: the samples' runs in time order, as Node reads them" {
	run cpuprofile-fold --time-order "$C/small.cpuprofile"
	status_is 0
	[ "$output" = "# fg: order=time
# fg: idle=closed 1
main at app.js:10 1
main at app.js:10;(anonymous) at app.js:21 2
main at app.js:10;a:b c 1
(garbage collector)_[g] 1
main at app.js:10 1" ]
	# with --time each run weighs its time, as --time counts it (the
	# runs of 0 microseconds, main's last, the anonymous function's
	# after its negative delta, have no line)
	run cpuprofile-fold --time-order -t "$C/small.cpuprofile"
	[ "$output" = "# fg: unit=microseconds
# fg: order=time
# fg: samples=3
# fg: weight2=40500
# fg: idle=closed 30
main at app.js:10 100
main at app.js:10;a:b c 170
(garbage collector)_[g] 40" ]
	# the same stacks as summed, every sample once, the collector where
	# --gc puts it
	for o in "" -t --idle --by-thread; do
		diff <(cpuprofile-fold --time-order --gc root $o "$C/node-main.cpuprofile" | fg-merge) \
		    <(cpuprofile-fold $o "$C/node-main.cpuprofile")
		diff <(cpuprofile-fold --time-order $o "$C/node-main.cpuprofile" | fg-merge) \
		    <(cpuprofile-fold --gc stack $o "$C/node-main.cpuprofile")
	done
	# which puts its two collections on top of what ran (add, the script)
	[ "$(cpuprofile-fold --gc stack "$C/node-main.cpuprofile" | grep -c ";(garbage collector)_\\[g\\] 1$")" = 2 ]
	command -v node >/dev/null || skip "needs node"
	for f in node-main node-worker; do
		diff <(cpuprofile-fold --time-order "$C/$f.cpuprofile" | grep -v '^#') <(nodefold "$C/$f.cpuprofile" order)
	done
}

@test "cpuprofile-fold --time-order: a trace's profiles one after the other, each in its order; nothing written from a bad file" {
	# profile 7/8 (its chunk at ts 5) first: tick at 1 and 5; then 0x1
	# (ts 10): work 100-110, fib 110-120 (see the test of chunks)
	run cpuprofile-fold --time-order --by-thread -t "$C/small-trace.json"
	status_is 0
	[ "$output" = "# fg: unit=microseconds
# fg: order=time
# fg: samples=6
# fg: weight2=166
# fg: idle=closed 0
7/8;tick 4
CrRendererMain;work at page.js:3 10
CrRendererMain;work at page.js:3;fib at page.js:1 10" ]
	# a file whose samples go bad after some runs were made
	printf '%s' '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)"},"children":[2,3]},' \
	    '{"id":2,"callFrame":{"functionName":"f"}},{"id":3,"callFrame":{"functionName":"g"}}],' \
	    '"samples":[2,3,2,3,9],"timeDeltas":[1,1,1,1,1]}' >"$BATS_TEST_TMPDIR/bad.cpuprofile"
	run bash -c "cpuprofile-fold --time-order '$C/small.cpuprofile' '$BATS_TEST_TMPDIR/bad.cpuprofile' 2>/dev/null | wc -c"
	[ "$output" = 0 ]
	run cpuprofile-fold --time-order "$BATS_TEST_TMPDIR/bad.cpuprofile"
	status_is 1
	[[ "$output" == *"sample 9 names no node" ]]
}

# gc.cpuprofile: f, the collector, f, g, (program), the collector,
# (idle), the collector, f; each run 10 microseconds longer than the one
# before it (deltas 10, 20, ..., 90: they start at 10, 30, 60, 100, 150,
# 210, 280, 360, 450 and weigh 20, 30, ..., 90, the last f nothing)
gcprofile() {
	printf '%s' '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)"},"children":[2,5,6,7]},' \
	    '{"id":2,"callFrame":{"functionName":"f"},"children":[3]},{"id":3,"callFrame":{"functionName":"g"}},' \
	    '{"id":5,"callFrame":{"functionName":"(program)"}},{"id":6,"callFrame":{"functionName":"(idle)"}},' \
	    '{"id":7,"callFrame":{"functionName":"(garbage collector)"}}],' \
	    '"samples":[2,7,2,3,5,7,6,7,2],"timeDeltas":[10,20,30,40,50,60,70,80,90]}' >"$BATS_TEST_TMPDIR/gc.cpuprofile"
}

@test "cpuprofile-fold --time-order: a collection on top of the stack that ran, as speedscope places it" {
	gcprofile
	# the collector on f, then on f;g past the (program) left out, then
	# under the root after idle, whose time the header says was closed
	run cpuprofile-fold --time-order -t "$BATS_TEST_TMPDIR/gc.cpuprofile"
	status_is 0
	[ "$output" = "# fg: unit=microseconds
# fg: order=time
# fg: samples=6
# fg: weight2=18400
# fg: idle=closed 80
f 20
f;(garbage collector)_[g] 30
f 40
f;g 50
f;g;(garbage collector)_[g] 70
(garbage collector)_[g] 90" ]
	# --idle keeps (program) on the stack too, and idle as a frame
	run cpuprofile-fold --time-order -t --idle "$BATS_TEST_TMPDIR/gc.cpuprofile"
	status_is 0
	[ "$output" = "# fg: unit=microseconds
# fg: order=time
# fg: samples=8
# fg: weight2=28400
# fg: idle=frame
f 20
f;(garbage collector)_[g] 30
f 40
f;g 50
f;g;(program) 60
f;g;(program);(garbage collector)_[g] 70
(idle) 80
(garbage collector)_[g] 90" ]
	# --gc root: every collection under the root (the two after the
	# (idle) left out one run); by samples, the idle closed is one
	run cpuprofile-fold --time-order -t --gc root "$BATS_TEST_TMPDIR/gc.cpuprofile"
	# (the samples' own weights squared, not the runs': 20^2 + ... + 90^2)
	[ "${lines[3]}" = "# fg: weight2=18400" ]
	[ "${lines[4]}" = "# fg: idle=closed 80" ]
	[ "$(printf '%s\n' "${lines[@]:5}")" = "f 20
(garbage collector)_[g] 30
f 40
f;g 50
(garbage collector)_[g] 160" ]
	run cpuprofile-fold --time-order --by-thread "$BATS_TEST_TMPDIR/gc.cpuprofile"
	[ "$output" = "# fg: order=time
# fg: idle=closed 1
gc.cpuprofile;f 1
gc.cpuprofile;f;(garbage collector)_[g] 1
gc.cpuprofile;f 1
gc.cpuprofile;f;g 1
gc.cpuprofile;f;g;(garbage collector)_[g] 1
gc.cpuprofile;(garbage collector)_[g] 1
gc.cpuprofile;f 1" ]
	# summed: under the root by default, on the stacks with --gc stack
	run cpuprofile-fold -t "$BATS_TEST_TMPDIR/gc.cpuprofile"
	[ "$(printf '%s\n' "${lines[@]:3}")" = "(garbage collector)_[g] 190
f 60
f;g 50" ]
	run cpuprofile-fold -t --gc stack "$BATS_TEST_TMPDIR/gc.cpuprofile"
	status_is 0
	[ "$(printf '%s\n' "${lines[@]:3}")" = "(garbage collector)_[g] 90
f 60
f;(garbage collector)_[g] 30
f;g 50
f;g;(garbage collector)_[g] 70" ]
	# no idle header when summed
	! cpuprofile-fold -t --gc stack "$BATS_TEST_TMPDIR/gc.cpuprofile" | grep -q idle= || false
}

# ssphases FILE [program]: the instances of the frames phaseA and phaseB
# and their durations, from JSON.parse's view of a .cpuprofile with
# speedscope's importer's rules: consecutive samples of a node are a
# run, starting at its time (never before the run before it) and ending
# where the next starts (the last at the last sample); a run of the
# collector (and of (program), with "program") on top of the stack of
# the run before, of (idle) or (root) no stack, of (program) without
# "program" left out; a frame's instance spans the consecutive runs
# that hold it at the same place
ssphases() {
	node -e '
	const p = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
	const keep = process.argv[2] === "program";
	const byId = new Map(p.nodes.map(n => [n.id, n]));
	for (const n of p.nodes) for (const c of n.children || []) byId.get(c).up = n;
	const fn = n => n.callFrame.functionName;
	const runs = [];
	let t = 0, from = -Infinity;
	p.samples.forEach((id, i) => {
		t += p.timeDeltas[i];
		if (runs.length && runs[runs.length - 1].id === id) return;
		from = Math.max(from, t);
		runs.push({ id, t: from });
	});
	const end = Math.max(from, t), inst = [];
	let prev = [];
	runs.forEach((r, i) => {
		const n = byId.get(r.id), f = fn(n), stop = i + 1 < runs.length ? runs[i + 1].t : end;
		let st = [];
		if (f === "(program)" && !keep) return;
		if (f === "(garbage collector)" || f === "(program)") st = prev.concat([n]);
		else if (f !== "(idle)" && f !== "(root)")
			for (let k = n; fn(k) !== "(root)"; k = k.up) st.unshift(k);
		prev = st;
		st.forEach((k, d) => {
			if (!/^phase[AB]$/.test(fn(k))) return;
			const key = st.slice(0, d + 1).map(x => x.id).join(), last = inst[inst.length - 1];
			if (last && last.key === key && last.end === r.t) last.end = stop;
			else inst.push({ name: fn(k), key, start: r.t, end: stop });
		});
	});
	for (const x of inst) console.log(x.name + " " + (x.end - x.start));
	' "$1" "${2:-}"
}

# fgphases: the same of cpuprofile-fold --time-order's lines: an
# instance of a phase goes on while consecutive lines hold it at the
# same place; its duration is the sum of their counts
fgphases() {
	awk '!/^#/ {
		n = split($0, f, ";"); c = $NF; sub(/ [0-9]+$/, "", f[n]); at = 0
		for (i = 1; i <= n; i++) if (f[i] ~ /^phase[AB] at /) { at = i; break }
		if (!at) { key = ""; next }
		k = ""; for (i = 1; i <= at; i++) k = k ";" f[i]
		if (k != key) { name[++m] = f[at]; sub(/ at .*/, "", name[m]); key = k }
		sum[m] += c
	} END { for (i = 1; i <= m; i++) print name[i], sum[i] }'
}

@test "cpuprofile-fold --time-order: each phase of a real recording with collections is one run" {
	# node-phases.cpuprofile: phases A, B, A of 300 ms apart by 100 ms of
	# idle, 107 samples of the collector among 571 of JavaScript
	P=$C/node-phases.cpuprofile
	[ "$(grep -o '"functionName":"(garbage collector)"' "$P" | wc -l)" = 1 ]
	cpuprofile-fold --time-order -t "$P" >"$BATS_TEST_TMPDIR/t"
	mapfile -t lines < <(fgphases <"$BATS_TEST_TMPDIR/t")
	[ "${#lines[@]}" = 3 ]
	[[ "${lines[0]}" == "phaseA "* && "${lines[1]}" == "phaseB "* && "${lines[2]}" == "phaseA "* ]]
	for l in "${lines[@]}"; do
		d=${l#* }
		[ "$d" -gt 290000 ]; [ "$d" -lt 320000 ]
	done
	# the phases' collections are in them, thin marks on top of the phase
	[ "$(cpuprofile-fold --time-order -t "$P" | grep -c ';phase[AB] at [^;]*;.*(garbage collector)_\[g\] ')" -gt 50 ]
	# under the root, every collection cut its phase
	[ "$(cpuprofile-fold --time-order -t --gc root "$P" | fgphases | wc -l)" -gt 50 ]
	# the idle between the phases: closed, and said
	idle=$(cpuprofile-fold --time-order -t "$P" | sed -n 's/^# fg: idle=closed //p')
	[ "$idle" = "$(cpuprofile-fold -t --idle "$P" | awk '/^\(idle\) / { print $NF }')" ]
	[ "$idle" -gt 150000 ]
	command -v node >/dev/null || skip "needs node"
	# durations to the microsecond as speedscope's rules give them
	diff <(cpuprofile-fold --time-order -t "$P" | fgphases) <(ssphases "$P")
	diff <(cpuprofile-fold --time-order -t --idle "$P" | fgphases) <(ssphases "$P" program)
	# and the runs are those of Node's own reading, by samples
	diff <(cpuprofile-fold --time-order "$P" | grep -v '^#') <(nodefold "$P" order)
}

@test "cpuprofile-fold --lines: each function's own samples on the lines V8 counted them (positionTicks)" {
	needpy json
	local f
	for f in node-main node-worker; do
		# the ticks of each function's lines, summed, from the JSON
		python3 -c '
import json, sys, collections
c = collections.Counter()
for n in json.load(open(sys.argv[1]))["nodes"]:
    f = n["callFrame"]
    u = f["url"].rsplit("/", 1)[-1]
    for t in n.get("positionTicks", []):
        name = f["functionName"] or "(anonymous)"
        c["%s at %s:%d" % (name, u, t["line"]) if u else name] += t["ticks"]
for k, v in sorted(c.items()):
    print(k + "\t" + str(v))' "$C/$f.cpuprofile" | LC_ALL=C sort >"$BATS_TEST_TMPDIR/theirs"
		cpuprofile-fold --lines "$C/$f.cpuprofile" >"$BATS_TEST_TMPDIR/lines"
		fg-top --by frame -n 0 --format tsv "$BATS_TEST_TMPDIR/lines" |
		    awk -F'\t' 'NR > 1 && $1 > 0 { print $6 "\t" $1 }' | LC_ALL=C sort >"$BATS_TEST_TMPDIR/ours"
		[ "$(wc -l <"$BATS_TEST_TMPDIR/theirs")" -gt 15 ]
		diff "$BATS_TEST_TMPDIR/theirs" <(join -t$'\t' "$BATS_TEST_TMPDIR/theirs" "$BATS_TEST_TMPDIR/ours" -o 0,2.2)
		# the same stacks but for their leaves' lines, the same total
		# (samples and time)
		diff <(sed 's/:[0-9]*\(;\| [0-9]*$\)/\1/g' "$BATS_TEST_TMPDIR/lines" | fg-merge) \
		    <(cpuprofile-fold "$C/$f.cpuprofile" | sed 's/:[0-9]*\(;\| [0-9]*$\)/\1/g' | fg-merge)
		[ "$(cpuprofile-fold -t --lines --no-header "$C/$f.cpuprofile" | awk '{ s += $NF } END { print s }')" = \
		    "$(cpuprofile-fold -t --no-header "$C/$f.cpuprofile" | awk '{ s += $NF } END { print s }')" ]
	done
}

@test "cpuprofile-fold --lines: a node's samples and time shared among its lines as its ticks, parts that add up" {
	# f's 3 samples: 2 ticks on line 4, 1 on line 7; g has no ticks
	cat >"$BATS_TEST_TMPDIR/p.cpuprofile" <<-'EOT'
	{"nodes": [{"id": 1, "callFrame": {"functionName": "(root)", "url": "", "lineNumber": -1}, "children": [2]},
	 {"id": 2, "callFrame": {"functionName": "f", "url": "file:///x/a.js", "lineNumber": 2}, "hitCount": 3, "children": [3],
	  "positionTicks": [{"line": 4, "ticks": 2}, {"line": 7, "ticks": 1}]},
	 {"id": 3, "callFrame": {"functionName": "g", "url": "file:///x/a.js", "lineNumber": 9}, "hitCount": 1}],
	 "startTime": 0, "endTime": 100, "samples": [2, 2, 3, 2], "timeDeltas": [0, 10, 10, 10]}
	EOT
	run cpuprofile-fold --lines --no-header "$BATS_TEST_TMPDIR/p.cpuprofile"
	status_is 0
	[ "$output" = 'f at a.js:3;g at a.js:10 1
f at a.js:4 2
f at a.js:7 1' ] || { echo "$output"; return 1; }
	# f's time: 10 + 10 (its first run) and 0 (its last): 20 us, 2/3 and 1/3
	run cpuprofile-fold -t --lines --no-header "$BATS_TEST_TMPDIR/p.cpuprofile"
	[ "$output" = 'f at a.js:3;g at a.js:10 10
f at a.js:4 13
f at a.js:7 7' ] || { echo "$output"; return 1; }
	# without --lines, its function's line
	run cpuprofile-fold --no-header "$BATS_TEST_TMPDIR/p.cpuprofile"
	[ "$output" = 'f at a.js:3 3
f at a.js:3;g at a.js:10 1' ] || { echo "$output"; return 1; }
	# bad ticks, and --lines with --time-order
	sed 's/"ticks": 1}/"ticks": -1}/' "$BATS_TEST_TMPDIR/p.cpuprofile" >"$BATS_TEST_TMPDIR/q.cpuprofile"
	run cpuprofile-fold --lines "$BATS_TEST_TMPDIR/q.cpuprofile"
	status_is 1
	[[ "$output" == "cpuprofile-fold: $BATS_TEST_TMPDIR/q.cpuprofile: byte "*": a positionTick's ticks"* ]] || { echo "$output"; return 1; }
	run cpuprofile-fold --lines --time-order "$BATS_TEST_TMPDIR/p.cpuprofile"
	status_is 2
	[[ "${lines[0]}" == "cpuprofile-fold: --lines and --time-order: "* ]]
	run cpuprofile-fold --lines --gc stack "$BATS_TEST_TMPDIR/p.cpuprofile"
	status_is 2
	[[ "${lines[0]}" == "cpuprofile-fold: --lines and --gc stack: "* ]]
	run cpuprofile-fold --lines --gc root "$BATS_TEST_TMPDIR/p.cpuprofile"
	status_is 0
}
