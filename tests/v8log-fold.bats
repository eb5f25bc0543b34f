#!/usr/bin/env bats
# v8log-fold: V8 tick logs (node --prof, preprocessed) to folded stacks
#
# Fixtures ($DATA/v8log, see its README): a node --prof recording of
# Node 20 and speedscope's test log of Node 8 (both cut down to what
# their ticks name by reduce.cjs), the stacks speedscope's own test
# expects of the second, and a small log made by hand whose stacks are
# worked out below.

load helper

V=$DATA/v8log

# nodefold FILE [time]: a V8 log folded by Node from JSON.parse's view
# of it (not through v8log-fold's reader), as speedscope's importer
# walks it (the ticks sorted by tm, each weighing 1 or the time since
# the one before), frames named as v8log-fold(1) says.
nodefold() {
	gzip -dcf "$1" | node -e '
	const p = JSON.parse(require("fs").readFileSync(0, "utf8"));
	const time = process.argv[1] === "time", scripts = p.scripts || [];
	const base = u => u.split(/[\/\\]/).pop();
	const clean = s => s.replace(/;/g, ":").replace(/[\x00-\x1f]/g, " ");
	const noargs = s => /\.\(.*\)\./.test(s) ? s : s.replace(/\((?!anonymous namespace\)).*/, "");
	const prefix = { LoadIC: "(IC) ", StoreIC: "(IC) ", KeyedStoreIC: "(IC) ", KeyedLoadIC: "(IC) ",
		LoadGlobalIC: "(IC) ", Handler: "(IC) ", BytecodeHandler: "(bytecode) ~",
		Stub: "(stub) ", Builtin: "(builtin) ", RegExp: "(regexp) " };
	const states = ["(JS)", "(garbage collector)_[g]", "(PARSER)", "(BYTECODE_COMPILER)",
		"(COMPILER)", "(OTHER)", "(EXTERNAL)", "(ATOMICS_WAIT)", "(idle)", "(LOGGING)"];
	const js = c => {
		const m = /^(.*):(\d+):\d+$/.exec(c.name);
		if (!m) return c.name;
		const s = c.source && scripts[c.source.script], url = s && s.url;
		let name, file;
		if (url && (m[1] === url || m[1].endsWith(" " + url))) {
			file = url;
			name = m[1].slice(0, m[1].length - url.length).replace(/ $/, "");
		} else {
			const b = m[1].lastIndexOf(" ");
			if (b < 0) return c.name;
			name = m[1].slice(0, b);
			file = m[1].slice(b + 1);
		}
		return (name || "(anonymous)") + (file ? " at " + base(file) + ":" + m[2] : "");
	};
	const label = c => clean(!c || !c.type ? "(unknown type)" :
		c.type === "JS" ? js(c) :
		c.type === "CPP" ? "(c++) " + noargs(c.name.replace(/^[A-Za-z] /, "")) :
		c.type === "SHARED_LIB" ? "(LIB) " + base(c.name) :
		c.type === "CODE" ? (prefix[c.kind] || "") + c.name : "(" + c.type + ") " + c.name);
	const ticks = p.ticks.map((t, i) => [t, i]).sort((a, b) => a[0].tm - b[0].tm || a[1] - b[1]);
	const sum = new Map();
	let last = 0;
	for (const [t] of ticks) {
		const st = [];
		for (let i = t.s.length - 2; i >= 0; i -= 2)
			if (t.s[i] >= 0)
				st.push(t.s[i] >= p.code.length ? "0x" + t.s[i].toString(16) : label(p.code[t.s[i]]));
		if (!st.length)
			st.push(t.vm === undefined ? "(no state)" : states[t.vm] || "(vm state " + t.vm + ")");
		const k = st.join(";");
		sum.set(k, (sum.get(k) || 0) + (time ? t.tm - last : 1));
		last = t.tm;
	}
	for (const [k, v] of sum) console.log(k + " " + v);
	' "${2:-}" | sort
}

@test "v8log-fold: Node's and speedscope's logs fold as Node itself reads them" {
	command -v node >/dev/null || skip "needs node"
	for f in node20.v8log.json.gz node8.v8log.json small.v8log.json; do
		diff <(v8log-fold "$V/$f" | sort) <(nodefold "$V/$f")
		diff <(v8log-fold --time --no-header "$V/$f" | sort) <(nodefold "$V/$f" time)
	done
	# the recording's code is there, its recursion nested, the getter's
	# name and the path's blank told apart by the scripts' urls
	run v8log-fold --full-path "$V/node20.v8log.json.gz"
	status_is 0
	[[ "$output" == *";main at /home/user/my demo/app.js:13;fib at /home/user/my demo/app.js:11;fib at "* ]]
	[[ "$output" == *";main at /home/user/my demo/app.js:13;get total at /home/user/my demo/app.js:8"* ]]
	[[ "$output" == *$'\n(garbage collector)_[g] '* ]]
	[ "$(v8log-fold "$V/node20.v8log.json.gz" | awk '{ s += $NF } END { print s }')" = 598 ]
}

@test "v8log-fold --time --time-order: the stacks and times of speedscope's own test" {
	command -v node >/dev/null || skip "needs node"
	# speedscope writes names only, an unnamed function as
	# "(anonymous FILE:LINE)", a run of ticks as its time in ms (its
	# own formatter, run here)
	got=$(v8log-fold --time --time-order --no-header "$V/node8.v8log.json" | node -e '
	for (const l of require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean)) {
		const m = /^(.*) (\d+)$/.exec(l);
		const f = m[1].split(";").map(x => x.replace(/^\(anonymous\) at (.*)$/, "(anonymous $1)")
			.replace(/ at .*/, ""));
		console.log(f.join(";") + " " + (m[2] * 1e-6 / 1e-3).toFixed(2) + "ms");
	}')
	[ "$got" = "$(cat "$V/node8.speedscope.txt")" ]
}

@test "v8log-fold: each kind of code object is named as speedscope names it" {
	# ticks (tm, vm, s): 100 and 900 main > get total > a builtin;
	# 250 main > a C++ symbol; 200 GC, 400 EXTERNAL, 450 idle, 700
	# state 12 and 800 no state, each without a code object; 500 a
	# library > an unnamed function (its script unknown) > code index
	# 100, past the table (an address); 600 every other kind of entry
	run v8log-fold "$V/small.v8log.json"
	status_is 0
	[ "$output" = '(EXTERNAL) 1
(LIB) libc.so.6;(anonymous) at lib.js:20;0x64 1
(garbage collector)_[g] 1
(idle) 1
(no state) 1
(vm state 12) 1
eval;(c++) node::(anonymous namespace)::Work;(unknown type);(unknown type);(SFI) Foo;CallApiCallback;(regexp) a:b c;(IC) KeyedLoadIC_Megamorphic;(bytecode) ~LdaZero 1
main at app.js:3;(c++) v8::internal::Runtime_StackGuard 1
main at app.js:3;get total at app.js:8;(builtin) ArrayPrototypePush 2' ]
	# the url holds a blank: the scripts' table says where it starts
	run v8log-fold --full-path "$V/small.v8log.json"
	[[ "$output" == *$'\nmain at /home/me/my app/app.js:3;get total at /home/me/my app/app.js:8;(builtin) ArrayPrototypePush 2'* ]]
	[[ "$output" == *$'\n(LIB) /usr/lib/x86_64-linux-gnu/libc.so.6;(anonymous) at /srv/lib.js:20;0x64 1'* ]]
}

@test "v8log-fold --time: each tick weighs the microseconds since the one before, in time order" {
	# sorted by tm: 100 (since the log began), 200 (100), 250 (50), 400
	# (150), 450, 500 (50 each), 600 to 900 (100 each)
	run v8log-fold -t "$V/small.v8log.json"
	status_is 0
	[ "${lines[0]}" = "# fg: unit=microseconds" ]
	[[ "$output" == *$'\n(EXTERNAL) 150\n'* ]]
	[[ "$output" == *$'\n(garbage collector)_[g] 100\n'* ]]
	[[ "$output" == *$'\nmain at app.js:3;(c++) v8::internal::Runtime_StackGuard 50\n'* ]]
	[[ "$output" == *$'\nmain at app.js:3;get total at app.js:8;(builtin) ArrayPrototypePush 200' ]]
	[ "$(v8log-fold -t --no-header "$V/small.v8log.json" | awk '{ s += $NF } END { print s }')" = 900 ]
	# --time-order: a line per run, by time; the two ends apart; the
	# collection (at 200) on top of the stack of the tick before it
	run v8log-fold -t --time-order --no-header "$V/small.v8log.json"
	[ "${lines[0]}" = "main at app.js:3;get total at app.js:8;(builtin) ArrayPrototypePush 100" ]
	[ "${lines[1]}" = "main at app.js:3;get total at app.js:8;(builtin) ArrayPrototypePush;(garbage collector)_[g] 100" ]
	[ "${lines[2]}" = "main at app.js:3;(c++) v8::internal::Runtime_StackGuard 50" ]
	[ "${lines[9]}" = "main at app.js:3;get total at app.js:8;(builtin) ArrayPrototypePush 100" ]
	[ "${#lines[@]}" = 10 ]
	# without --time, the same order, each tick 1; the idle ticks are
	# frames where they were
	run v8log-fold --time-order "$V/small.v8log.json"
	[ "${lines[0]}" = "# fg: order=time" ]
	[ "${lines[1]}" = "# fg: idle=frame" ]
	[ "${lines[3]}" = "main at app.js:3;get total at app.js:8;(builtin) ArrayPrototypePush;(garbage collector)_[g] 1" ]
	[ "${#lines[@]}" = 12 ]
	# --gc root: under the root, as summed
	run v8log-fold -t --time-order --gc root --no-header "$V/small.v8log.json"
	[ "${lines[1]}" = "(garbage collector)_[g] 100" ]
	diff <(v8log-fold -t --time-order --gc root "$V/node20.v8log.json.gz" | fg-merge) <(v8log-fold -t "$V/node20.v8log.json.gz")
	diff <(v8log-fold -t --time-order "$V/node20.v8log.json.gz" | fg-merge) <(v8log-fold -t --gc stack "$V/node20.v8log.json.gz")
	# its 10 collections on what ran
	[ "$(v8log-fold --gc stack "$V/node20.v8log.json.gz" | grep -c '^(garbage collector)')" = 0 ]
	[ "$(v8log-fold --gc stack "$V/node20.v8log.json.gz" | grep ';(garbage collector)_\[g\] ' | awk '{ s += $NF } END { print s }')" = 10 ]
}

@test "v8log-fold --gc: a collection on the stack that ran, or under the root" {
	# ticks 10 f, 20 the collector, 30 the collector, 40 idle, 50 the
	# collector, 60 f;g, 70 the collector: the first two on f, the one
	# after idle under the root, the last on f;g
	printf '%s' '{"code":[{"name":"f /a.js:1:1","type":"JS","kind":"Opt"},' \
	    '{"name":"g /a.js:5:1","type":"JS","kind":"Opt"}],"ticks":[' \
	    '{"tm":10,"vm":0,"s":[0,0]},{"tm":20,"vm":1,"s":[]},{"tm":30,"vm":1,"s":[]},' \
	    '{"tm":40,"vm":8,"s":[]},{"tm":50,"vm":1,"s":[]},{"tm":60,"vm":0,"s":[1,0,0,0]},' \
	    '{"tm":70,"vm":1,"s":[]}]}' >"$BATS_TEST_TMPDIR/gc.json"
	run v8log-fold --time-order "$BATS_TEST_TMPDIR/gc.json"
	status_is 0
	[ "$output" = "# fg: order=time
# fg: idle=frame
f at a.js:1 1
f at a.js:1;(garbage collector)_[g] 2
(idle) 1
(garbage collector)_[g] 1
f at a.js:1;g at a.js:5 1
f at a.js:1;g at a.js:5;(garbage collector)_[g] 1" ]
	# summed: under the root, or with --gc stack on the stacks
	run v8log-fold "$BATS_TEST_TMPDIR/gc.json"
	[ "$output" = "(garbage collector)_[g] 4
(idle) 1
f at a.js:1 1
f at a.js:1;g at a.js:5 1" ]
	run v8log-fold --gc stack "$BATS_TEST_TMPDIR/gc.json"
	[ "$output" = "(garbage collector)_[g] 1
(idle) 1
f at a.js:1 1
f at a.js:1;(garbage collector)_[g] 2
f at a.js:1;g at a.js:5 1
f at a.js:1;g at a.js:5;(garbage collector)_[g] 1" ]
	run v8log-fold --gc heap "$BATS_TEST_TMPDIR/gc.json"
	status_is 2
	[ "${lines[0]}" = "v8log-fold: bad --gc: 'heap' (root or stack)" ]
}

@test "v8log-fold: gzip-compressed input and standard input read the same; files add up; fg-fold knows it" {
	gzip -c "$V/small.v8log.json" >"$BATS_TEST_TMPDIR/s.v8log.json.gz"
	diff <(v8log-fold "$BATS_TEST_TMPDIR/s.v8log.json.gz") <(v8log-fold "$V/small.v8log.json")
	diff <(v8log-fold - <"$BATS_TEST_TMPDIR/s.v8log.json.gz") <(v8log-fold "$V/small.v8log.json")
	diff <(cat "$V/small.v8log.json" | v8log-fold) <(v8log-fold "$V/small.v8log.json")
	run v8log-fold -t "$V/small.v8log.json" "$V/small.v8log.json"
	[[ "$output" == *$'\n(EXTERNAL) 300\n'* ]]
	run fg-fold -v "$BATS_TEST_TMPDIR/s.v8log.json.gz"
	[ "${lines[0]}" = "fg-fold: $BATS_TEST_TMPDIR/s.v8log.json.gz: a V8 tick log (node --prof, preprocessed), gzip-compressed: v8log-fold" ]
	diff <(fg-fold "$V/node20.v8log.json.gz") <(v8log-fold "$V/node20.v8log.json.gz")
	# the log node --prof writes is named, and what to do with it
	printf 'v8-version,11,3,244,8,-node.38,0\nv8-platform,linux,linux\n' >"$BATS_TEST_TMPDIR/isolate-0x1-1-v8.log"
	fails_with "fg-fold: $BATS_TEST_TMPDIR/isolate-0x1-1-v8.log: not a profile fg reads: a V8 log of node --prof: fold what 'node --prof-process --preprocess' makes of it" \
	    fg-fold "$BATS_TEST_TMPDIR/isolate-0x1-1-v8.log"
	fails_with "v8log-fold: $BATS_TEST_TMPDIR/isolate-0x1-1-v8.log: not a V8 tick log (node --prof, preprocessed) but a V8 log of node --prof: fold what 'node --prof-process --preprocess' makes of it" \
	    v8log-fold "$BATS_TEST_TMPDIR/isolate-0x1-1-v8.log"
}

# bad FILE MESSAGE: v8log-fold rejects FILE with exactly MESSAGE, exit
# 1, nothing on standard output
bad() {
	fails_with "v8log-fold: $1: $2" v8log-fold "$1"
}

# offset FILE TEXT: the byte offset of TEXT's first occurrence in FILE
offset() {
	grep -bo -F -- "$2" "$1" | head -1 | cut -d: -f1
}

@test "v8log-fold: bad input is refused with its byte offset" {
	f=$BATS_TEST_TMPDIR/p.v8log.json
	: >"$f"
	bad "$f" "empty file"
	n=$(($(offset "$V/small.v8log.json" '"tm": 250') + 7))
	head -c $n "$V/small.v8log.json" >"$f"
	bad "$f" "byte $n: the JSON is cut short"
	# JSON of another format says which, and what reads it
	bad "$DATA/formats/cpuprofile" "not a V8 tick log (node --prof, preprocessed) but a V8 CPU profile (.cpuprofile): read it with cpuprofile-fold (or fg-fold)"
	# JSON of none, or a log that lacks a part, says what is wrong
	printf '[1]' >"$f"
	bad "$f" "byte 0: not a V8 log: the JSON is an array"
	printf ' {"code": [{"type": "CPP"}]}' >"$f"
	bad "$f" 'byte 1: not a V8 log: no ticks (node --prof-process --preprocess writes {"code": [...], "ticks": [...]}, what v8log-fold reads)'
	printf '{"ticks": [], "code": null}' >"$f"
	bad "$f" 'byte 0: not a V8 log: no code (node --prof-process --preprocess writes {"code": [...], "ticks": [...]}, what v8log-fold reads)'
	printf '{"code": [7], "ticks": []}' >"$f"
	bad "$f" "byte 10: a code object expected, not a number"
	printf '{"code": [], "ticks": [{"tm": 1}]}' >"$f"
	bad "$f" "byte $(offset "$f" '{"tm"'): a tick without its stack (\"s\")"
	printf '{"code": [], "ticks": [{"s": [-2, 0]}]}' >"$f"
	bad "$f" "byte $(offset "$f" '-2'): a code index: -2 is out of range"
	printf '{"code": [], "ticks": [{"s": ["x", 0]}]}' >"$f"
	bad "$f" "byte $(offset "$f" '"x"'): a code index: a number expected, not a string"
	# an offset is not read, but it is JSON
	printf '{"code": [], "ticks": [{"s": [0, tru]}]}' >"$f"
	bad "$f" "byte $(offset "$f" 'tru'): a JSON value expected"
	printf '{"code": [], "ticks": [{"s": [], "tm": -5}]}' >"$f"
	bad "$f" "byte $(offset "$f" '-5'): tm: -5 is out of range"
	printf '{"code": [{"name": "f", "type": "JS", "source": {"script": "a"}}], "ticks": [{"s": [0, 0]}]}' >"$f"
	bad "$f" "byte $(offset "$f" '"a"'): script: a number expected, not a string"
	# what is passed is checked too, and a code object when a tick names it
	printf '{"code": [], "functions": [}, "ticks": []}' >"$f"
	bad "$f" "byte $(offset "$f" '}, "t'): a JSON value expected"
	printf '{"code": [{"name": 5, "type": "CPP"}], "ticks": [{"s": [0, 0]}]}' >"$f"
	bad "$f" "byte $(offset "$f" '5'): a string expected, not a number"
	printf '{"code": [{"name": 5, "type": "CPP"}], "ticks": [{"s": [-1, 0]}]}' >"$f"
	run v8log-fold "$f"
	status_is 0
	[ "$output" = "(no state) 1" ]
	run timeout 10 v8log-fold /dev/zero
	[ "$output" = "v8log-fold: /dev/zero: byte 0: not JSON (it starts with byte 0x00)" ]
	# --time needs each tick's time; the sum is bounded
	printf '{"code": [], "ticks": [{"s": [], "vm": 0}]}' >"$f"
	run v8log-fold "$f"
	[ "$output" = "(JS) 1" ]
	fails_with "v8log-fold: $f: byte $(offset "$f" '{"s"'): a tick without its time (\"tm\")" v8log-fold -t "$f"
	printf '{"code": [], "ticks": [{"s": [], "tm": 9223372036854775807}, {"s": [], "tm": 9223372036854775807}]}' >"$f"
	run v8log-fold -t "$f" "$f"
	status_is 0
	[ "$output" = "# fg: unit=microseconds
(no state) 18446744073709551614" ]
	fails_with "v8log-fold: $f: byte 23: the sum of weights overflows" v8log-fold -t "$f" "$f" "$f"
}

@test "v8log-fold: a decompression bomb stops at --max-size" {
	maxsize_bomb v8log-fold v8log.json
	diff <(v8log-fold --max-size 10k "$V/small.v8log.json") <(v8log-fold "$V/small.v8log.json")
	run v8log-fold --max-size 1k "$V/small.v8log.json"
	status_is 1
	[ "$output" = "v8log-fold: $V/small.v8log.json: input size exceeds 1024 bytes (--max-size)" ]
}

@test "v8log-fold: usage errors exit 2" {
	for v in 0 12Q -1 ''; do
		run v8log-fold --max-size "$v" "$V/small.v8log.json"
		status_is 2
		[ "${lines[0]}" = "v8log-fold: bad size '$v'" ]
	done
	run v8log-fold --bogus
	status_is 2
	[ "${lines[1]}" = "Try 'v8log-fold --help' for more information." ]
	run v8log-fold --help
	status_is 0
	[[ "$output" == "usage: v8log-fold "* ]]
	run v8log-fold "$BATS_TEST_TMPDIR/none"
	status_is 1
	[ "$output" = "v8log-fold: $BATS_TEST_TMPDIR/none: No such file or directory" ]
}
