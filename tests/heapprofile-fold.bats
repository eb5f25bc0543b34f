#!/usr/bin/env bats
# heapprofile-fold: V8 sampling heap profiles (.heapprofile) to folded stacks
#
# Fixtures ($DATA/heapprofile, see its README): a profile recorded with
# node --heap-prof, speedscope's two test files with the stacks
# speedscope's own test expects of one, and a small file made by hand
# whose stacks are worked out below.

load helper

H=$DATA/heapprofile

# nodefold FILE: a heap profile folded by Node from JSON.parse's view of
# it (not through heapprofile-fold's reader): each node's selfSize on
# its stack, frames named as heapprofile-fold(1) says, V8's (root) left
# out.
nodefold() {
	gzip -dcf "$1" | node -e '
	const p = JSON.parse(require("fs").readFileSync(0, "utf8"));
	const label = f => {
		const name = (f.functionName || "(anonymous)").replace(/;/g, ":").replace(/[\x00-\x1f]/g, " ");
		const file = f.url ? f.url.split(/[\/\\]/).pop() : "";
		return file ? name + " at " + file + (f.lineNumber >= 0 ? ":" + (f.lineNumber + 1) : "") : name;
	};
	const sum = new Map();
	const walk = (n, st) => {
		if (n.selfSize) sum.set(st.join(";"), (sum.get(st.join(";")) || 0) + n.selfSize);
		for (const c of n.children || []) walk(c, [...st, label(c.callFrame)]);
	};
	walk(p.head, []);
	for (const [k, v] of sum) console.log(k + " " + v);
	' | sort
}

@test "heapprofile-fold: Node's and Chrome's heap profiles fold as Node itself reads them" {
	command -v node >/dev/null || skip "needs node"
	for f in node-alloc.heapprofile.gz chrome-69.heapprofile.gz node-10.heapprofile; do
		diff <(heapprofile-fold --no-header "$H/$f" | sort) <(nodefold "$H/$f")
	done
	# the recording's code is there, its recursion nested
	run heapprofile-fold "$H/node-alloc.heapprofile.gz"
	status_is 0
	[ "${lines[0]}" = "# fg: unit=bytes" ]
	[[ "$output" == *"(anonymous) at alloc.mjs:1;table at alloc.mjs:4;makeRow at alloc.mjs:3 "* ]]
	[[ "$output" == *"recurse at alloc.mjs:6;recurse at alloc.mjs:6;recurse at alloc.mjs:6"* ]]
}

@test "heapprofile-fold: the stacks and sizes of speedscope's own test" {
	# speedscope writes (root) first, names only, an unnamed function as
	# "(anonymous FILE:LINE)" with V8's line from 0, and sizes in KB
	got=$(heapprofile-fold --no-header "$H/node-10.heapprofile" | awk '{
		n = $NF; s = $0; sub(/ [0-9]+$/, "", s); k = split(s, f, ";"); out = "(root)"
		for (i = 1; i <= k; i++) {
			x = f[i]
			if (sub(/^\(anonymous\) at /, "", x) && match(x, /:[0-9]+$/))
				x = "(anonymous " substr(x, 1, RSTART - 1) ":" substr(x, RSTART + 1) - 1 ")"
			else
				sub(/ at .*/, "", x)
			out = out ";" x
		}
		printf "%s %.2f KB\n", out, n / 1024
	}' | sort)
	[ "$got" = "$(sort "$H/node-10.speedscope.txt")" ]
}

@test "heapprofile-fold: each node weighs its selfSize, in bytes" {
	# main (50 bytes) calls "a;b<tab>c" (100) and an unnamed function
	# (0) that calls (V8 API) (4096); a second main, its url written on
	# Windows, has the same label: 50 + 7
	run heapprofile-fold "$H/small.heapprofile"
	status_is 0
	[ "$output" = "# fg: unit=bytes
main at app.js:1 57
main at app.js:1;(anonymous) at lib.js:21;(V8 API) 4096
main at app.js:1;a:b c at lib.js:10 100" ]
	run heapprofile-fold --full-path --no-header "$H/small.heapprofile"
	[ "$output" = 'main at C:\app\app.js:1 7
main at file:///app/src/app.js:1 50
main at file:///app/src/app.js:1;(anonymous) at file:///app/src/lib.js:21;(V8 API) 4096
main at file:///app/src/app.js:1;a:b c at file:///app/src/lib.js:10 100' ]
}

@test "heapprofile-fold: the total is the sum of every node's selfSize" {
	command -v node >/dev/null || skip "needs node"
	for f in node-alloc.heapprofile.gz chrome-69.heapprofile.gz; do
		want=$(gzip -dc "$H/$f" | node -e '
			const sum = n => (n.selfSize || 0) + (n.children || []).reduce((a, c) => a + sum(c), 0);
			console.log(sum(JSON.parse(require("fs").readFileSync(0, "utf8")).head))')
		[ "$(heapprofile-fold --no-header "$H/$f" | awk '{ s += $NF } END { print s }')" = "$want" ]
	done
}

@test "heapprofile-fold: (root)'s own bytes, a head not named (root), a tree deeper than the C stack" {
	f=$BATS_TEST_TMPDIR/h.heapprofile
	printf '{"head": {"callFrame": {"functionName": "(root)"}, "selfSize": 9, "children": []}}' >"$f"
	run heapprofile-fold --no-header "$f"
	status_is 0
	[ "$output" = "heapprofile-fold: $f: 1 sample of (root) itself, weighing 9 bytes, has no frame: left out" ]
	printf '{"head": {"callFrame": {"functionName": "top"}, "selfSize": 3, "children": [{"callFrame": {"functionName": "(root)"}, "selfSize": 1}]}}' >"$f"
	run heapprofile-fold --no-header "$f"
	[ "$output" = "top 3
top;(root) 1" ]
	# 40000 nested nodes (80000 levels of JSON), the last one allocating
	awk 'BEGIN { printf "{\"head\": {\"callFrame\": {\"functionName\": \"(root)\"}, \"children\": ["
		for (i = 0; i < 40000; i++) printf "{\"callFrame\": {\"functionName\": \"f\"}, \"children\": ["
		printf "{\"callFrame\": {\"functionName\": \"leaf\"}, \"selfSize\": 5}"
		for (i = 0; i < 40000; i++) printf "]}"
		printf "]}}" }' >"$f"
	run heapprofile-fold --no-header "$f"
	status_is 0
	[ "${#output}" = $((40000 * 2 + 4 + 2)) ]
	[[ "$output" == "f;f;"*";f;leaf 5" ]]
}

@test "heapprofile-fold: gzip-compressed input and standard input read the same; files add up" {
	gzip -c "$H/small.heapprofile" >"$BATS_TEST_TMPDIR/s.heapprofile.gz"
	diff <(heapprofile-fold "$BATS_TEST_TMPDIR/s.heapprofile.gz") <(heapprofile-fold "$H/small.heapprofile")
	diff <(heapprofile-fold - <"$BATS_TEST_TMPDIR/s.heapprofile.gz") <(heapprofile-fold "$H/small.heapprofile")
	diff <(cat "$H/small.heapprofile" | heapprofile-fold) <(heapprofile-fold "$H/small.heapprofile")
	run heapprofile-fold "$H/small.heapprofile" "$H/small.heapprofile"
	[[ "$output" == *"main at app.js:1 114"* ]]
	# fg-fold knows it, and runs heapprofile-fold
	run fg-fold -v "$BATS_TEST_TMPDIR/s.heapprofile.gz"
	[ "${lines[0]}" = "fg-fold: $BATS_TEST_TMPDIR/s.heapprofile.gz: a V8 sampling heap profile (.heapprofile), gzip-compressed: heapprofile-fold" ]
	diff <(fg-fold "$H/chrome-69.heapprofile.gz") <(heapprofile-fold "$H/chrome-69.heapprofile.gz")
}

# bad FILE MESSAGE: heapprofile-fold rejects FILE with exactly MESSAGE,
# exit 1, nothing on standard output
bad() {
	fails_with "heapprofile-fold: $1: $2" heapprofile-fold "$1"
}

# offset FILE TEXT: the byte offset of TEXT's first occurrence in FILE
offset() {
	grep -bo -F -- "$2" "$1" | head -1 | cut -d: -f1
}

@test "heapprofile-fold: bad input is refused with its byte offset" {
	f=$BATS_TEST_TMPDIR/p.heapprofile
	: >"$f"
	bad "$f" "empty file"
	n=$(($(offset "$H/small.heapprofile" '"selfSize":100') + 14))
	head -c $n "$H/small.heapprofile" >"$f"
	bad "$f" "byte $n: the JSON is cut short"
	printf '[1]' >"$f"
	bad "$f" "byte 0: not a heap profile: the JSON is an array"
	printf ' {"nodes": [], "samples": []}' >"$f"
	bad "$f" 'byte 1: not a heap profile: no head (a sampling heap profile, {"head": {...}}, is what heapprofile-fold reads)'
	printf '{"head": {"children": []}, "head": {}}' >"$f"
	bad "$f" "byte $(offset "$f" '{}}'): a second head"
	printf '{"head": []}' >"$f"
	bad "$f" "byte 9: an object expected, not an array"
	printf '{"head": {"children": [{"selfSize": -1}]}}' >"$f"
	bad "$f" "byte $(offset "$f" '-1'): selfSize: -1 is out of range"
	printf '{"head": {"children": [{"selfSize": "12"}]}}' >"$f"
	bad "$f" "byte $(offset "$f" '"12"'): selfSize: a number expected, not a string"
	printf '{"head": {"children": [7]}}' >"$f"
	bad "$f" "byte $(offset "$f" '7'): an object expected, not a number"
	printf '{"head": {"callFrame": {"lineNumber": 1.5}}}' >"$f"
	bad "$f" "byte $(offset "$f" '1.5'): lineNumber: not an integer"
	printf '{"head": {"children": [{"selfSize": 99999999999999999999}]}}' >"$f"
	bad "$f" "byte $(offset "$f" '999'): selfSize: overflows 64 bits"
	printf '{"head": {"callFrame": {"lineNumber": -99999999999999999999}}}' >"$f"
	bad "$f" "byte $(offset "$f" '-999'): lineNumber: overflows 64 bits"
	printf '{"head": {"selfSize": 0, "callFrame": {"functionName": 3}}}' >"$f"
	bad "$f" "byte $(offset "$f" '3}'): a string expected, not a number"
	# what it passes is checked too
	printf '{"head": {}, "samples": [}' >"$f"
	bad "$f" "byte $(($(offset "$f" '[}') + 1)): a JSON value expected"
	run timeout 10 heapprofile-fold /dev/zero
	[ "$output" = "heapprofile-fold: /dev/zero: byte 0: not JSON (it starts with byte 0x00)" ]
	# the sum of sizes is bounded
	printf '{"head": {"children": [{"selfSize": 9223372036854775807}, {"selfSize": 9223372036854775807}, {"selfSize": 9}]}}' >"$f"
	bad "$f" "byte $(offset "$f" '{"selfSize": 9}'): the sum of sizes overflows"
}

@test "heapprofile-fold: a decompression bomb stops at --max-size" {
	maxsize_bomb heapprofile-fold heapprofile
	diff <(heapprofile-fold --max-size 10k "$H/small.heapprofile") <(heapprofile-fold "$H/small.heapprofile")
	run heapprofile-fold --max-size 1k "$H/small.heapprofile"
	status_is 1
	[ "$output" = "heapprofile-fold: $H/small.heapprofile: input size exceeds 1024 bytes (--max-size)" ]
}

@test "heapprofile-fold: usage errors exit 2" {
	for v in 0 12Q -1 ''; do
		run heapprofile-fold --max-size "$v" "$H/small.heapprofile"
		status_is 2
		[ "${lines[0]}" = "heapprofile-fold: bad size '$v'" ]
	done
	run heapprofile-fold --bogus
	status_is 2
	[ "${lines[1]}" = "Try 'heapprofile-fold --help' for more information." ]
	run heapprofile-fold --help
	status_is 0
	[[ "$output" == "usage: heapprofile-fold "* ]]
	run heapprofile-fold "$BATS_TEST_TMPDIR/none"
	status_is 1
	[ "$output" = "heapprofile-fold: $BATS_TEST_TMPDIR/none: No such file or directory" ]
}
