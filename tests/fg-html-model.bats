#!/usr/bin/env bats
# fg-html's page script without a browser: its modules, and the parts
# that touch no DOM (the model, the views, merge, transforms, the
# table's rows, layout) run by node (tests/page.cjs) on pages fg-html
# wrote, against what the command-line tools make of the same input

load helper
load html

setup() {
	command -v node >/dev/null || skip "needs node"
}

# page PAGE EXPR...: each EXPR's value in the page's modules (page.cjs)
page() {
	node "$FG_ROOT/tests/page.cjs" "$@"
}
# sorted folded lines, summed (fg-merge), of standard input
summed() {
	fg-merge | sort
}

@test "page modules: each file parses alone and only declares; the build writes the wrapper" {
	for f in "$FG_ROOT"/lib/draw/html/*.js "$FG_ROOT/lib/draw/viewer.js"; do
		node --check "$f"
	done
	# run alone in an empty context (no DOM, no data), each file declares
	# and does nothing else
	page --alone "$FG_ROOT"/lib/draw/html/*.js "$FG_ROOT/lib/draw/viewer.js"
	# a file that acts when loaded is named
	printf 'function f() {}\nf(document.body);\n' >"$BATS_TEST_TMPDIR/act.js"
	run page --alone "$BATS_TEST_TMPDIR/act.js"
	status_is 1
	[ "$output" = "$BATS_TEST_TMPDIR/act.js: document is not defined" ]
	# the page's script: the wrapper around the modules, which calls start()
	printf 'main;a 1\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	sed -n '/^<script>$/,/^<\/script>$/p' "$BATS_TEST_TMPDIR/p.html" >"$BATS_TEST_TMPDIR/s"
	[ "$(sed -n 2,3p "$BATS_TEST_TMPDIR/s")" = "$(printf '(async function () {\n"use strict";')" ]
	[ "$(tail -3 "$BATS_TEST_TMPDIR/s")" = "$(printf 'await start();\n})();\n</script>')" ]
	# every module is in it, once
	for f in "$FG_ROOT"/lib/draw/html/*.js; do
		[ "$(grep -cxF "$(head -1 "$f")" "$BATS_TEST_TMPDIR/s")" -eq 1 ]
	done
}

@test "page model: the view decoded holds the input's stacks; modes and transforms from the URL" {
	fg-html "$J" >"$BATS_TEST_TMPDIR/j.html"
	page "$BATS_TEST_TMPDIR/j.html" 'lines(at(""))' | sort >"$BATS_TEST_TMPDIR/got"
	summed <"$J" | diff - "$BATS_TEST_TMPDIR/got"
	# the state the URL gives: the mode's view, its transforms, in order
	run page "$BATS_TEST_TMPDIR/j.html" 'at("?m=bottomup&tx=rec:&tx=hide:x&s=a&z=3"); [state.mode, state.z, state.term, JSON.stringify(state.tx)]' \
		'at("?m=sandwich"); state.mode' 'at("?m=nonsense&tx=nokind:x"); [state.mode, state.tx.length]'
	status_is 0
	[ "$output" = "$(printf 'bottomup\n3\na\n[["rec",""],["hide","x"]]\n\n\n0')" ]
}

@test "page model: bottom-up is the tree of the reversed stacks (fg-html --reverse's)" {
	printf 'a;b;c 1\na;b 2\nd;b;c 4\nc 1\n' >"$BATS_TEST_TMPDIR/t.folded"
	for f in "$BATS_TEST_TMPDIR/t.folded" "$J" "$DIFF"; do
		fg-html --reverse "$f" >"$BATS_TEST_TMPDIR/r.html"
		fg-html "$f" >"$BATS_TEST_TMPDIR/p.html"
		page "$BATS_TEST_TMPDIR/r.html" 'frames(at(""))' >"$BATS_TEST_TMPDIR/want"
		page "$BATS_TEST_TMPDIR/p.html" 'frames(at("?m=bottomup"))' >"$BATS_TEST_TMPDIR/got"
		[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -gt 4 ]
		diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	done
}

# tx QUERY INPUT CMD...: the page's view for QUERY, as folded lines,
# equals CMD's output on INPUT, both summed
tx() {
	local q=$1 in=$2
	shift 2
	fg-html "$in" >"$BATS_TEST_TMPDIR/tx.html"
	page "$BATS_TEST_TMPDIR/tx.html" "lines(at('$q'), curmode().fn)" | summed >"$BATS_TEST_TMPDIR/got"
	"$@" "$in" | summed >"$BATS_TEST_TMPDIR/want"
	[ -s "$BATS_TEST_TMPDIR/want" ]
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

@test "page model: each transform's view is its CLI filter's" {
	T=$BATS_TEST_TMPDIR/t.folded
	printf 'a;b;c 1\na;b;d 2\na;x 3\nb;b;b;c 4\na;b;a;b 5\n' >"$T"
	tx '?tx=drop:b' "$T" fg-prune b
	tx '?tx=rec:' "$T" fg-prune --recursion
	tx '?tx=focus:b' "$T" fg-filter --reroot b
	tx '?tx=grep:x' "$T" fg-filter --only -e x
	# hide: the function's frames left out of each stack
	tx '?tx=hide:b' "$T" awk '{ n = split($1, a, ";"); s = ""
		for (i = 1; i <= n; i++) if (a[i] != "b") s = s (s == "" ? "" : ";") a[i]
		if (s != "") print s, $2 }'
	tx '?tx=root:a%3Bb' "$T" sh -c 'grep "^a;b;" "$1" | sed "s/^a;//"' _
	tx '?tx=grepi:X' "$T" fg-filter --only -e x
	tx '?tx=drop:sort!%20at%20sort.jl%3A710' "$J" fg-prune -e '^sort! at sort\.jl:710$'
	tx '?tx=focus:mapslices%20at%20abstractarray.jl%3A2857' "$J" fg-filter --reroot -e '^mapslices at abstractarray\.jl:2857$'
	tx '?tx=grep:%5Erand' "$J" fg-filter --only -e '^rand'
	tx '?tx=rec:' "$J" fg-prune --recursion
	# in order: the second applies to what the first left
	tx '?tx=grep:sort&tx=drop:sort!%20at%20sort.jl%3A646' "$J" \
		sh -c 'fg-filter --only -e sort "$1" | fg-prune -e "^sort! at sort\.jl:646$"' _
	# differential, the vanished stacks' baselines once each
	printf 'main;a;b 10 12\nmain;a;c 5 2\nmain;gone;x 7 0\nmain;gone2 3 0\nmain;new 0 4\n' >"$BATS_TEST_TMPDIR/d.folded"
	tx '' "$BATS_TEST_TMPDIR/d.folded" cat
	tx '?tx=drop:a' "$BATS_TEST_TMPDIR/d.folded" fg-prune -n a
	tx '?tx=drop:gone' "$BATS_TEST_TMPDIR/d.folded" fg-prune -n gone
	tx '?tx=grep:a&tx=rec:' "$BATS_TEST_TMPDIR/d.folded" sh -c 'fg-filter --only -e a "$1" | fg-prune --recursion' _
	# files: Julia's frames of one file, consecutive, are one frame
	printf 'main at m.jl:1;f at lib.jl:3;g at lib.jl:9;h at m.jl:4 2\n' >"$BATS_TEST_TMPDIR/f.folded"
	fg-html "$BATS_TEST_TMPDIR/f.folded" >"$BATS_TEST_TMPDIR/f.html"
	[ "$(page "$BATS_TEST_TMPDIR/f.html" 'lines(at("?tx=file:%5Elib"))')" = "main at m.jl:1;lib.jl;h at m.jl:4 2" ]
}

@test "page model: the sandwich's callees are fg-filter --reroot's, its callers the stacks cut and reversed" {
	f='sort! at sort.jl:710'
	tx '?m=sandwich&fn=sort!%20at%20sort.jl%3A710' "$J" fg-filter --reroot -e '^sort! at sort\.jl:710$'
	awk -v f="$f" '{ c = $NF; sub(/ [^ ]*$/, ""); n = split($0, a, ";")
		for (i = 1; i <= n; i++) if (a[i] == f) break
		if (i > n) next; s = a[i]; for (j = i - 1; j >= 1; j--) s = s ";" a[j]; print s, c }' "$J" | summed >"$BATS_TEST_TMPDIR/want"
	page "$BATS_TEST_TMPDIR/tx.html" 'at("?m=sandwich&fn=sort!%20at%20sort.jl%3A710"); lines(state.callview = curmode().fn && sandwichof(current()).callers, true)' |
		summed >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	printf 'main;a;b;a;b;c 10\nmain;a;b;a;d 5\nmain;a;a;a;e 7\nmain;x;a;y 3\nother;a;b 2\n' >"$BATS_TEST_TMPDIR/r.folded"
	tx '?m=sandwich&fn=b' "$BATS_TEST_TMPDIR/r.folded" fg-filter --reroot -n b
	tx '?m=sandwich&fn=a' "$BATS_TEST_TMPDIR/r.folded" fg-filter --reroot -n a
	printf 'main;a;b 10 12\nmain;a;c 5 2\nmain;gone;x 7 0\nmain;gone2 3 0\nmain;new 0 4\n' >"$BATS_TEST_TMPDIR/d.folded"
	tx '?m=sandwich&fn=main' "$BATS_TEST_TMPDIR/d.folded" fg-filter --reroot -n main
	# a function no frame has: no sandwich
	[ "$(page "$BATS_TEST_TMPDIR/tx.html" 'at("?m=sandwich&fn=nothing"); sandwichof(current()).callees')" = null ]
}

@test "page model: the table's rows are fg-top's, by function and by file" {
	fg-html "$J" >"$BATS_TEST_TMPDIR/p.html"
	fg-top --format tsv -n 0 "$J" | awk -F'\t' 'NR > 1 { print $1 "\t" $3 "\t" $5 "\t" $6 }' | sort >"$BATS_TEST_TMPDIR/want"
	page "$BATS_TEST_TMPDIR/p.html" 'rows(at("?m=table"))' | sort >"$BATS_TEST_TMPDIR/got"
	[ -s "$BATS_TEST_TMPDIR/want" ]
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	fg-top --by file --format tsv -n 0 "$J" | awk -F'\t' 'NR > 1 { print $1 "\t" $3 "\t" $5 "\t" $6 }' | sort >"$BATS_TEST_TMPDIR/want"
	page "$BATS_TEST_TMPDIR/p.html" 'rows(at("?m=table&tb=file"))' | sort >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	# after a transform, the transformed profile's
	fg-filter --only -e '^rand' "$J" | fg-top --format tsv -n 0 | awk -F'\t' 'NR > 1 { print $1 "\t" $3 "\t" $5 "\t" $6 }' | sort >"$BATS_TEST_TMPDIR/want"
	page "$BATS_TEST_TMPDIR/p.html" 'rows(at("?m=table&tx=grep:%5Erand"))' | sort >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

@test "page model: layout: the frame at a box's middle is the frame; by width, callees widest first" {
	printf 'm;a 1\nm;b 5\nm;c 3\nm;c;d 2\nm 1\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	# each frame drawn: frameat the middle of rect(i) is i, zoomed or not,
	# either way up, by name or by width; a frame's own samples first,
	# then its callees
	run page "$BATS_TEST_TMPDIR/p.html" '
		var v = at(""), bad = [];
		[0, 1, 4].forEach(function (z) { [true, false].forEach(function (inv) { [true, false].forEach(function (bw) {
		[[0, 1], [0.3, 0.7], [0.05, 0.1]].forEach(function (win) {
			var P = { v: v, z: z, path: pathto(v, z), inv: inv, width: 1000, height: 160, boxheight: 160,
				scrolltop: 0, fh: 16, bywidth: bw, x0: win[0], x1: win[1] };
			for (var i = 0; i < v.n; i++) {
				var r = rect(P, i);
				if (r && (r.x < 0 || r.x + r.w > 1000.001)) bad.push("out " + z + ":" + i);
				if (r && frameat(P, r.x + r.w / 2, r.y + r.h / 2) !== i) bad.push(z + ":" + i);
				if (!r && i >= z && i < v.end[z] && win[1] - win[0] === 1) bad.push("none " + z + ":" + i);
			}
		}); }); }); });
		bad.length ? bad : "ok"' \
		'var v = at(""); [2, 3, 4, 5].map(function (i) { return NAMES[v.f[i]] + "@" + xat(v, 0, i, false); }).join(" ")' \
		'var v = at(""); [2, 3, 4, 5].map(function (i) { return NAMES[v.f[i]] + "@" + xat(v, 0, i, true); }).join(" ")' \
		'var v = at(""); [selfat(v, 1), pathto(v, 5).join(" "), Array.from(parentof(v)).join(" ")]'
	status_is 0
	[ "${lines[0]}" = ok ]
	# m's own sample first: a at 1; by width b (5), c (5: 3 + d's 2), a (1)
	[ "${lines[1]}" = "a@1 b@2 c@7 d@10" ]
	[ "${lines[2]}" = "a@11 b@1 c@6 d@9" ]
	[ "${lines[3]}" = "1" ]
	[ "${lines[4]}" = "0 1 4 5" ]
	[ "${lines[5]}" = "-1 0 1 1 1 4" ]
}

# chart_same FOLDED: fg-svg --flamechart's boxes of FOLDED and fg-html's
# time view of it, each "depth x width name", x and width in samples
# (fg-svg made 10 px a sample, no box too narrow to draw); and the
# stack the page draws in the middle of each run is the run's
chart_same() {
	local total
	total=$(awk '!/^#/ { t += $NF } END { print t }' "$1")
	fg-svg --flamechart --minwidth 0 --no-more -w $((10 * total + 20)) "$1" | awk -f "$DATA/svg/boxes.awk" |
		awk 'NR == 1 { root = $1 } { y = $1; x = $2; w = $3; $1 = $2 = $3 = ""; sub(/^ +/, "")
			print (root - y) / 16, (x - 10) / 10, w / 10, $0 }' | sort >"$BATS_TEST_TMPDIR/svg"
	fg-html "$1" >"$BATS_TEST_TMPDIR/c.html"
	page "$BATS_TEST_TMPDIR/c.html" 'boxes(at(""))' | sort >"$BATS_TEST_TMPDIR/page"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/page")" -gt 2 ]
	diff "$BATS_TEST_TMPDIR/svg" "$BATS_TEST_TMPDIR/page"
	# the middle of each run, and the run's stack (annotations apart)
	awk '!/^#/ { c = $NF; s = $0; sub(/ [^ ]*$/, "", s); print x + c / 2, s; x += c }' "$1" |
		sed -E 's/_\[[a-z]+\](;|$)/\1/g' >"$BATS_TEST_TMPDIR/runs"
	xs=$(cut -d' ' -f1 "$BATS_TEST_TMPDIR/runs" | paste -sd,)
	cut -d' ' -f2- "$BATS_TEST_TMPDIR/runs" >"$BATS_TEST_TMPDIR/want"
	page "$BATS_TEST_TMPDIR/c.html" "var v = at(''); [$xs].map(function (x) { return stackat(v, x); })" >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

@test "page model: time order (# fg: order=time, --flamechart): each run where it came, its frame's own samples where they happened" {
	# B first, A's own sample between B and C, as fg-svg --flamechart has it
	printf 'A;B 1\nA 1\nA;C 1\n' >"$BATS_TEST_TMPDIR/t.folded"
	printf 'A;B 1\nA 1\nA;C 1\n' | fg-html --flamechart >"$BATS_TEST_TMPDIR/f.html"
	run page "$BATS_TEST_TMPDIR/f.html" 'boxes(at(""))' 'state.mode'
	[ "$output" = "$(printf '0 0 3 all\n1 0 3 A\n2 0 1 B\n2 2 1 C\ntime')" ]
	{ echo '# fg: order=time'; cat "$BATS_TEST_TMPDIR/t.folded"; } >"$BATS_TEST_TMPDIR/h.folded"
	chart_same "$BATS_TEST_TMPDIR/h.folded"
	# a run's own samples after its callees, runs merged only when adjacent
	printf '# fg: order=time\na 2\na;b 1\na 3\nc 1\na;b 2\na;b 1\na 1\n' >"$BATS_TEST_TMPDIR/r.folded"
	chart_same "$BATS_TEST_TMPDIR/r.folded"
	# real profiles in time order: Julia's and perf's
	jlprof-fold --time-order "$DATA/jlprof/profile_ttfp.jlprof" >"$BATS_TEST_TMPDIR/j.folded"
	[ "$(head -1 "$BATS_TEST_TMPDIR/j.folded")" = '# fg: order=time' ]
	chart_same "$BATS_TEST_TMPDIR/j.folded"
	gzip -dc "$DATA/perf/perf-cycles-instructions-01.txt.gz" | perf-fold --time-order 2>/dev/null >"$BATS_TEST_TMPDIR/p.folded"
	grep -qx '# fg: order=time' "$BATS_TEST_TMPDIR/p.folded"
	chart_same "$BATS_TEST_TMPDIR/p.folded"
	# the other modes sum it: the graph is the summed stacks'
	page "$BATS_TEST_TMPDIR/c.html" 'lines(at("?m=graph"))' | sort >"$BATS_TEST_TMPDIR/got"
	grep -v '^#' "$BATS_TEST_TMPDIR/p.folded" | fg-merge | sort | diff - "$BATS_TEST_TMPDIR/got"
	# an explicit --sort draws a flame graph, whatever the order
	fg-html --sort=name "$BATS_TEST_TMPDIR/h.folded" >"$BATS_TEST_TMPDIR/s.html"
	[ "$(page "$BATS_TEST_TMPDIR/s.html" 'at(""); state.mode || "graph"')" = graph ]
}

@test "page model: m=time of a profile in no time order says why, and shows the graph; transforms keep the order" {
	printf 'A;B 1\nA 1\nA;C 1\n' | fg-html >"$BATS_TEST_TMPDIR/g.html"
	run page "$BATS_TEST_TMPDIR/g.html" 'at("?m=time"); [state.mode || "graph", state.notice]'
	[ "${lines[0]}" = graph ]
	[[ "${lines[1]}" == "no time order in this profile: fold it with --time-order"* ]]
	# the time view through a transform: each run's stack changed, in
	# order (C dropped: its run is A's own, where it was)
	printf '# fg: order=time\nA;B;X 1\nA 1\nA;C;X 1\nA;B 1\n' | fg-html >"$BATS_TEST_TMPDIR/t.html"
	run page "$BATS_TEST_TMPDIR/t.html" 'boxes(at("?tx=hide:X"))' 'boxes(at("?tx=drop:C"))'
	[ "$output" = "$(printf '0 0 4 all\n1 0 4 A\n2 0 1 B\n2 2 1 C\n2 3 1 B\n0 0 4 all\n1 0 4 A\n2 0 1 B\n3 0 1 X\n2 3 1 B')" ]
	# the URL: the time view opens without m=, the graph with m=graph
	run page "$BATS_TEST_TMPDIR/t.html" 'at(""); statepairs().length' 'at("?m=graph"); JSON.stringify(statepairs())'
	[ "$output" = "$(printf '0\n[["m","graph"]]')" ]
}

@test "page model: the window: the wheel's zoom about a point, a pan, the URL's x=, within the whole" {
	printf 'm;a 1\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	# each window as "X0,X1", to nine decimals
	w() { printf 'String(%s.map(function (x) { return +x.toFixed(9); }))' "$1"; }
	run page "$BATS_TEST_TMPDIR/p.html" "$(w 'zoomwin(0, 1, 0.5, 0.5)')" "$(w 'zoomwin(0, 1, 0, 0.5)')" \
		"$(w 'zoomwin(0.2, 0.4, 0.5, 10)')" "$(w 'zoomwin(0.5, 0.6, 1, 2)')" "$(w 'panwin(0.5, 0.7, 0.1)')" \
		"$(w 'panwin(0.5, 0.7, 0.5)')" "$(w 'panwin(0.1, 0.3, -1)')" "$(w 'parsewin("0.25,0.5")')" \
		"$(w 'parsewin("0.5,0.25")')" "$(w 'parsewin("a,b")')" "$(w 'parsewin("-1,0.5")')" "$(w 'parsewin("0.1")')" \
		'at("?x=0.125,0.5"); winparam()' 'at(""); winparam()'
	status_is 0
	# the point under the pointer stays; the window never leaves the whole
	[ "$output" = "$(printf '%s\n' 0.25,0.75 0,0.5 0,1 0.4,0.6 0.6,0.8 0.8,1 0,0.2 0.25,0.5 0,1 0,1 0,1 0,1 \
		0.125,0.5 null)" ]
}
