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
	page_run "$@"
}
# sorted folded lines, summed (fg-merge), of standard input
summed() {
	fg-merge | sort
}

@test "page modules: each file parses alone and only declares; the build writes the wrapper" {
	node --experimental-vm-modules --no-warnings "$FG_ROOT/tests/modules.cjs" --check \
	    "$FG_ROOT"/lib/draw/html/*.js "$FG_ROOT/lib/draw/viewer.js"
	# (a file that does not parse is named)
	printf 'export function f( {\n' >"$BATS_TEST_TMPDIR/bad.js"
	run node --experimental-vm-modules --no-warnings "$FG_ROOT/tests/modules.cjs" --check \
	    "$FG_ROOT/lib/draw/viewer.js" "$BATS_TEST_TMPDIR/bad.js"
	status_is 1
	[ "$output" = "$BATS_TEST_TMPDIR/bad.js: SyntaxError: Unexpected end of input" ]
	# imported alone (with what it imports; no DOM, no data), each file
	# declares and does nothing else
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
	# every module is in it, once: its first export's declaration, first
	# on its line or after a statement or a block's start (the page
	# keeps no comment, embed.c)
	for f in "$FG_ROOT"/lib/draw/html/*.js; do
		x=$(grep -m1 -oP '^export (async )?(function|var) \K[A-Za-z0-9_]+' "$f")
		[ -n "$x" ]
		[ "$(grep -oE "(^|[;{}])((async )?function $x\(|var $x=)" "$BATS_TEST_TMPDIR/s" | wc -l)" -eq 1 ]
	done
	# its comments and the blanks no token needs are not, nor blank
	# lines, nor a newline after ";", "{", "}", ",", ":", "?", "&",
	# "|", "(", "[" or ")" (but the wrapper's own, and the last
	# module's before the wrapper's "await")
	! grep -q '/\*\|^\s\|^$' "$BATS_TEST_TMPDIR/s" || false
	! sed 1,2d "$BATS_TEST_TMPDIR/s" | head -n -4 | grep -q '[]{},:?&|([)]$' || false
	[ "$(grep ';$' "$BATS_TEST_TMPDIR/s")" = "$(printf '"use strict";\nawait start();\n})();')" ]
	grep -qF 'var WILD=/\[[0-9]+\]:[0-9]+$/;' "$BATS_TEST_TMPDIR/s"
}

@test "page style: embed -c keeps of the style sheet what CSS needs, a comment anywhere a blank" {
	command -v cc >/dev/null || skip "needs a C compiler"
	cc -o "$BATS_TEST_TMPDIR/embed" "$FG_ROOT/scripts/embed.c"
	printf '/* a */\na > b,\n\tc  d { x: 1 2;  /* c */ y: "p ; q" ; }\ne /* z */ f :hover { g: h }\n' |
		"$BATS_TEST_TMPDIR/embed" -c t >"$BATS_TEST_TMPDIR/c"
	[ "$(sed -n 3p "$BATS_TEST_TMPDIR/c")" = '"a>b,c d{x:1 2;y:\"p ; q\"}e f :hover{g:h}\n"' ]
	# the page's: no comment, no indent, no blank after a ":" or ";"
	printf 'main;a 1\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	sed -n '/^<style>$/,/^<\/style>$/p' "$BATS_TEST_TMPDIR/p.html" >"$BATS_TEST_TMPDIR/s"
	grep -q 'prefers-color-scheme:dark' "$BATS_TEST_TMPDIR/s"
	! grep -q '/\*\|^\s\|[:;] ' "$BATS_TEST_TMPDIR/s" || false
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
# equals CMD's output on INPUT, both summed; and the file its Save link
# writes is that output through fg-merge, byte for byte
tx() {
	local q=$1 in=$2
	shift 2
	fg-html "$in" >"$BATS_TEST_TMPDIR/tx.html"
	echo "$in" >"$BATS_TEST_TMPDIR/tx.in"
	page "$BATS_TEST_TMPDIR/tx.html" "lines(at('$q'), curmode().fn)" | summed >"$BATS_TEST_TMPDIR/got"
	"$@" "$in" | summed >"$BATS_TEST_TMPDIR/want"
	[ -s "$BATS_TEST_TMPDIR/want" ]
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	txsaved "$q" "$in" "$@"
}
# txsaved QUERY INPUT CMD...: the file the page's Save link writes for
# QUERY is CMD's output on INPUT through fg-merge, byte for byte
txsaved() {
	local q=$1 in=$2
	shift 2
	[ -s "$BATS_TEST_TMPDIR/tx.html" ] && [ "$(cat "$BATS_TEST_TMPDIR/tx.in")" = "$in" ] ||
		fg-html "$in" >"$BATS_TEST_TMPDIR/tx.html"
	echo "$in" >"$BATS_TEST_TMPDIR/tx.in"
	page "$BATS_TEST_TMPDIR/tx.html" "at('$q'); saved()" >"$BATS_TEST_TMPDIR/got"
	"$@" "$in" | fg-merge >"$BATS_TEST_TMPDIR/want"
	[ -s "$BATS_TEST_TMPDIR/want" ]
	cmp "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}
# cli_rows ARGS... <FOLDED: fg-top's rows as page.cjs's rows() gives them, sorted
cli_rows() {
	fg-top --format tsv -n 0 "$@" | awk -F'\t' 'NR > 1 { print $1 "\t" $3 "\t" $5 "\t" $6 }' | sort
}
# jlprof: the bundled Julia profile, folded
jlprof() {
	jlprof-fold "$DATA/jlprof/profile_ttfp.jlprof" >"$BATS_TEST_TMPDIR/jl.folded"
	fg-html "$BATS_TEST_TMPDIR/jl.folded" >"$BATS_TEST_TMPDIR/jl.html"
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

@test "page model: Save writes what the command line writes: fg-merge's order and sums, an empty view an empty file" {
	# a leaf "b" before "b2", a "b" with callees after it; bytes, not UTF-16 units
	printf 'm;b2 1\nm;b;c 2\nm;b 3\nm;\xef\xbc\xa1 1\nm;\xf0\x9f\x98\x80 1\nm;x;b 4\nm;b!;c 1\n' >"$BATS_TEST_TMPDIR/o.folded"
	tx '' "$BATS_TEST_TMPDIR/o.folded" cat
	tx '?tx=hide:x' "$BATS_TEST_TMPDIR/o.folded" sed 's/;x;/;/'
	tx '?tx=rec:' "$J" fg-prune --recursion
	tx '?m=bottomup' "$BATS_TEST_TMPDIR/o.folded" awk '{ n = split($1, a, ";"); s = a[n]; for (i = n - 1; i >= 1; i--) s = s ";" a[i]; print s, $2 }'
	# nothing left: no byte; with a unit header, the header alone, as fg-merge writes it
	fg-html "$J" >"$BATS_TEST_TMPDIR/j.html"
	[ "$(page "$BATS_TEST_TMPDIR/j.html" 'at("?tx=grep:zzz"); JSON.stringify(foldedtext())')" = '""' ]
	printf '# fg: unit=bytes\na;b 1\n' >"$BATS_TEST_TMPDIR/u.folded"
	fg-html "$BATS_TEST_TMPDIR/u.folded" >"$BATS_TEST_TMPDIR/u.html"
	[ "$(page "$BATS_TEST_TMPDIR/u.html" 'at("?tx=grep:zzz"); JSON.stringify(foldedtext())')" = '"# fg: unit=bytes\n"' ]
	[ "$(fg-prune -n a "$BATS_TEST_TMPDIR/u.folded" 2>/dev/null | fg-merge)" = "# fg: unit=bytes" ]
	# a differential view through transforms: its stacks summed (a vanished
	# one that meets a live one is no longer vanished), baseline first
	printf 'm;a;b;a 10 0\nm;a 5 2\nm;a;b 0 3\nm;c;c 4 0\nm;c 1 0\nm;d 2 2\n' >"$BATS_TEST_TMPDIR/d.folded"
	tx '?tx=rec:' "$BATS_TEST_TMPDIR/d.folded" fg-prune --recursion
	tx '?tx=rec:&tx=drop:d' "$BATS_TEST_TMPDIR/d.folded" sh -c 'fg-prune --recursion "$1" | fg-prune -n d' _
	tx '?tx=hide:b&m=bottomup' "$BATS_TEST_TMPDIR/d.folded" awk '{ n = split($1, a, ";"); s = ""
		for (i = n; i >= 1; i--) if (a[i] != "b") s = s (s == "" ? "" : ";") a[i]; print s, $2, $3 }'
	# its vanished stacks, for the banner: those the command line leaves at 0 in the target
	fg-prune --recursion "$BATS_TEST_TMPDIR/d.folded" | fg-merge |
		awk '$NF == 0 { n++; t += $(NF - 1) } { all += $(NF - 1) } END { print n, t, all }' >"$BATS_TEST_TMPDIR/want"
	page "$BATS_TEST_TMPDIR/tx.html" 'at("?tx=rec:"); var x = vanishedof(treerows(current(), false)); [x.stacks, x.total, x.btotal].join(" ")' >"$BATS_TEST_TMPDIR/got"
	[ "$(cat "$BATS_TEST_TMPDIR/want")" = "1 5 22" ]
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

@test "page model: the order of callees is fg-svg's: a leaf b before b2, a b with callees after them, by bytes" {
	printf 'a;x;b 1\na;x;b2 1\na;x;b;c 2\na;x;b_[g] 3\nq;x;b;c 2\nq;x;b2 1\nq;x;b! 1\nq;x;b_[g];c 1\nq;x;\xef\xbc\xa1 1\nq;x;\xf0\x9f\x98\x80 1\n' >"$BATS_TEST_TMPDIR/o.folded"
	sed 's/;x;/;/' "$BATS_TEST_TMPDIR/o.folded" >"$BATS_TEST_TMPDIR/cli.folded"
	# the page's own tree (a transform merged it) against fg-html's and fg-svg's of the CLI's stacks
	fg-html "$BATS_TEST_TMPDIR/o.folded" >"$BATS_TEST_TMPDIR/o.html"
	page "$BATS_TEST_TMPDIR/o.html" 'frames(at("?tx=hide:x"))' >"$BATS_TEST_TMPDIR/got"
	fg-html "$BATS_TEST_TMPDIR/cli.folded" >"$BATS_TEST_TMPDIR/c.html"
	page "$BATS_TEST_TMPDIR/c.html" 'frames(at(""))' >"$BATS_TEST_TMPDIR/want"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	fg-svg "$BATS_TEST_TMPDIR/cli.folded" | grep -o '<title>[^<]*' | sed 's/<title>//; s/ ([0-9]* samples.*//' >"$BATS_TEST_TMPDIR/want"
	cut -d' ' -f2 "$BATS_TEST_TMPDIR/got" | diff "$BATS_TEST_TMPDIR/want" -
	[ "$(grep -c . "$BATS_TEST_TMPDIR/want")" -eq 15 ]
	# q's callees: b! and b2 before the b that has callees only
	[ "$(sed -n '/^1 q /,$p' "$BATS_TEST_TMPDIR/got" | awk '$1 == 2 { print $2 }' | tr '\n' ' ')" = "b! b2 b b Ａ 😀 " ]
	# the bottom-up tree and the sandwich's too
	fg-html --reverse "$BATS_TEST_TMPDIR/cli.folded" >"$BATS_TEST_TMPDIR/r.html"
	page "$BATS_TEST_TMPDIR/r.html" 'frames(at(""))' >"$BATS_TEST_TMPDIR/want"
	fg-html "$BATS_TEST_TMPDIR/cli.folded" >"$BATS_TEST_TMPDIR/c.html"
	page "$BATS_TEST_TMPDIR/c.html" 'frames(at("?m=bottomup"))' >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

@test "page model: collapse recursion as fg-prune --recursion: one frame of all statuses, other annotations other frames" {
	printf 'A_[g];B;A 1\nA_[d];A_[g] 2\nx_[k];y;x 3\nx;y;x_[k];z 4\nm;A;n;A_[dg];o 5\np_[d];q;p_[d] 6\n' >"$BATS_TEST_TMPDIR/r.folded"
	tx '?tx=rec:' "$BATS_TEST_TMPDIR/r.folded" fg-prune --recursion
	[ "$(page "$BATS_TEST_TMPDIR/tx.html" 'at("?tx=rec:"); saved()' | head -2)" = "$(printf 'A_[dg] 2\nA_[g] 1')" ]
	# the tree is fg-html's of the CLI's stacks, frame for frame
	fg-prune --recursion "$BATS_TEST_TMPDIR/r.folded" | fg-html >"$BATS_TEST_TMPDIR/c.html"
	page "$BATS_TEST_TMPDIR/c.html" 'frames(at(""))' >"$BATS_TEST_TMPDIR/want"
	page "$BATS_TEST_TMPDIR/tx.html" 'frames(at("?tx=rec:"))' >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	# the bundled Julia profile: no line differs; after another transform too
	jlprof
	tx '?tx=rec:' "$BATS_TEST_TMPDIR/jl.folded" fg-prune --recursion
	[ "$(wc -l <"$BATS_TEST_TMPDIR/got")" -gt 1000 ]
	tx '?tx=grep:sort&tx=rec:' "$BATS_TEST_TMPDIR/jl.folded" sh -c 'fg-filter --only -e sort "$1" | fg-prune --recursion' _
}

@test "page model: collapse recursion that takes the names past 65,536 (the statuses it adds): its names not cut to 16 bits" {
	# 65,402 names, 16 bits each in the stacks' buffer; the frames made
	# one add f_[dg] for each, 32,700 more
	awk 'BEGIN { for (i = 0; i < 32700; i++) printf "m;f%d_[d];f%d_[g] 1\n", i, i }' >"$BATS_TEST_TMPDIR/w.folded"
	tx '?tx=rec:' "$BATS_TEST_TMPDIR/w.folded" fg-prune --recursion
	[ "$(page "$BATS_TEST_TMPDIR/tx.html" 'NAMES.length' 'at("?tx=rec:"); NAMES.length')" = "$(printf '65402\n98102')" ]
}

@test "page model: a sandwich is of a label's frames, annotation and all; by function, of a function's, as fg-top --by function" {
	jlprof
	f='Array at boot.jl:404 [inlined]'
	e='^Array at boot\.jl:404 \[inlined\]'
	tx '?m=sandwich&fn=Array%20at%20boot.jl%3A404%20%5Binlined%5D_%5Bg%5D' "$BATS_TEST_TMPDIR/jl.folded" fg-filter --reroot -e "${e}_\\[g\\]\$"
	tx '?m=sandwich&fn=Array%20at%20boot.jl%3A404%20%5Binlined%5D' "$BATS_TEST_TMPDIR/jl.folded" fg-filter --reroot -e "$e\$"
	# by function: each frame's own label kept in the file, as fg-filter writes it
	txsaved '?m=sandwich&fn=Array&by=function' "$BATS_TEST_TMPDIR/jl.folded" fg-filter --reroot -n Array
	# the sandwich's root weighs its own frames: the table's row of the label
	[ "$(page "$BATS_TEST_TMPDIR/jl.html" 'at("?m=sandwich&fn=Array%20at%20boot.jl%3A404%20%5Binlined%5D_%5Bg%5D").w[0]')" = \
		"$(fg-top --format tsv -n 0 "$BATS_TEST_TMPDIR/jl.folded" | awk -F'\t' -v f="$f" '$6 == f && $5 == "g" { print $3 }')" ]
	# the table's rows by frame, function and file are fg-top's
	for by in '' function file; do
		page "$BATS_TEST_TMPDIR/jl.html" "rows(at('?m=table&tb=$by'))" | sort >"$BATS_TEST_TMPDIR/got"
		cli_rows --by "${by:-frame}" "$BATS_TEST_TMPDIR/jl.folded" | diff - "$BATS_TEST_TMPDIR/got"
	done
	# a row's sandwich: its label's frames, or with tb=function its function's
	[ "$(page "$BATS_TEST_TMPDIR/jl.html" 'at("?m=table"); var r = tabulate(current(), ""); r.filter(function (x) { return x.name === "'"$f"'" && x.flags === "g"; }).map(function (x) { return x.sand + "|" + x.by; })')" = "${f}_[g]|" ]
	[ "$(page "$BATS_TEST_TMPDIR/jl.html" 'at("?m=table&tb=function"); tabulate(current(), "function").filter(function (x) { return x.name === "Array"; }).map(function (x) { return x.sand + "|" + x.by; })')" = "Array|function" ]
	[ "$(page "$BATS_TEST_TMPDIR/jl.html" 'at("?m=sandwich&fn=Array&by=function"); statepairs().map(function (p) { return p.join("="); }).join("&")')" = "m=sandwich&fn=Array&by=function" ]
}

@test "page model: rows by file as fg-top --by file: the text before the last ':', each flag once" {
	printf 'main;f at sys.so:?_[d];g at sys.so:?_[dg] 3\nmain;h at sys.so:12 1\nk_[k];f at a.jl:1_[g] 2\nk;f at b.jl 1\nk;f at c.jl:3 [inlined]_[i] 1\nk_[j];f at :3 1\n' >"$BATS_TEST_TMPDIR/f.folded"
	fg-html "$BATS_TEST_TMPDIR/f.folded" >"$BATS_TEST_TMPDIR/f.html"
	for by in '' function file; do
		page "$BATS_TEST_TMPDIR/f.html" "rows(at('?m=table&tb=$by'))" | sort >"$BATS_TEST_TMPDIR/got"
		cli_rows --by "${by:-frame}" "$BATS_TEST_TMPDIR/f.folded" | diff - "$BATS_TEST_TMPDIR/got"
	done
	grep -qx "$(printf '4\t4\tdg\tsys.so')" "$BATS_TEST_TMPDIR/got"
	page "$BATS_TEST_TMPDIR/f.html" "rows(at('?m=table&tb=file'))" | grep -qx "$(printf '0\t5\tkj\tk')"
}

@test "page model: Save guards a new root and leaf as the C filters do, and each view reads back through fg-merge and fg-top" {
	printf 'a;# x;y 5\nmain;worker 12;y 3\nmain;f at x 12:3 2\na;worker 12;b;worker 12;c 4\nc;# 1\nworker 7.5;y 2\n' >"$BATS_TEST_TMPDIR/g.folded"
	fg-html "$BATS_TEST_TMPDIR/g.folded" >"$BATS_TEST_TMPDIR/g.html"
	# q: the page's query; then the lines its saved file must have
	readback() {
		page "$BATS_TEST_TMPDIR/g.html" "at('?$1'); saved()" >"$BATS_TEST_TMPDIR/s.folded"
		shift
		for l in "$@"; do grep -qxF "$l" "$BATS_TEST_TMPDIR/s.folded"; done
		fg-merge "$BATS_TEST_TMPDIR/s.folded" | cmp - "$BATS_TEST_TMPDIR/s.folded"
		[ "$(fg-top --format tsv -n 1 --sort total "$BATS_TEST_TMPDIR/s.folded" | awk -F'\t' 'NR == 2 { print $3 }')" -gt 0 ]
		[ "$(awk '{ t += $NF } END { print t }' "$BATS_TEST_TMPDIR/s.folded")" = \
			"$(fg-top --format tsv -n 0 "$BATS_TEST_TMPDIR/s.folded" | awk -F'\t' 'NR > 1 { t += $1 } END { print t }')" ]
	}
	readback 'tx=focus:%23%20x' '#_x;y 5'
	[ "$(fg-filter --reroot -e '^# x$' "$BATS_TEST_TMPDIR/g.folded")" = '#_x;y 5' ]
	readback 'tx=root:a%3B%23%20x' '#_x;y 5'
	readback 'm=sandwich&fn=%23%20x' '#_x;y 5'
	readback 'tx=hide:y' 'main;worker_12 3' 'worker_7.5 2'
	readback 'tx=drop:y' 'main;worker_12 3' 'worker_7.5 2'
	txsaved '?tx=drop:y' "$BATS_TEST_TMPDIR/g.folded" fg-prune -n y
	readback 'tx=file:x' 'main;x_12 2'
	readback 'tx=hide:c' '#_ 1' 'a;worker 12;b;worker_12 4'
	readback 'tx=rec:' 'a;worker 12;c 4'
	txsaved '?tx=rec:' "$BATS_TEST_TMPDIR/g.folded" fg-prune --recursion
	txsaved '?tx=focus:%23%20x' "$BATS_TEST_TMPDIR/g.folded" fg-filter --reroot -e '^# x$'
	txsaved '?tx=grep:y' "$BATS_TEST_TMPDIR/g.folded" fg-filter --only -e y
	readback 'tx=grep:y' 'worker 7.5;y 2'
	readback 'm=bottomup' 'y;worker_7.5 2' 'y;worker 12;main 3'
}

@test "page model: decimal counts: no self at or below the rounding error; past 2^53 no made-up line" {
	printf 'a;b 0.1\na;c 0.2\n' | fg-html >"$BATS_TEST_TMPDIR/d.html"
	[ "$(page "$BATS_TEST_TMPDIR/d.html" 'at(""); saved()')" = "$(printf 'a;b 0.1\na;c 0.2')" ]
	[ "$(page "$BATS_TEST_TMPDIR/d.html" 'rows(at("?m=table"))' | grep -P '\ta$')" = "$(printf '0\t0.3\t\ta')" ]
	page "$BATS_TEST_TMPDIR/d.html" 'at(""); saved()' | fg-top >/dev/null
	# a self that is one: kept, and written as fg writes a count
	printf 'a;b 0.1\na;c 0.2\na 0.7\nx 1.5\n' >"$BATS_TEST_TMPDIR/e.folded"
	tx '' "$BATS_TEST_TMPDIR/e.folded" cat
	tx '?tx=hide:b' "$BATS_TEST_TMPDIR/e.folded" sed 's/;b / /'
	# a count past 2^53 in a double: no line made of its rounding
	printf 'a;b 9007199254740993\na;c 1\n' | fg-html >"$BATS_TEST_TMPDIR/b.html"
	[ "$(page "$BATS_TEST_TMPDIR/b.html" 'at(""); saved()' | cut -d' ' -f1)" = "$(printf 'a;b\na;c')" ]
	[ "$(page "$BATS_TEST_TMPDIR/b.html" '!!inexact(DATA.views[0])')" = true ]
	[ "$(page "$BATS_TEST_TMPDIR/d.html" '!!inexact(DATA.views[0])')" = false ]
}

@test "page model: under '# fg: counts=1' Save keeps a leaf 'x 1' and the header, as the CLI filters do" {
	printf '# fg: counts=1\na;x 1 5\na;b;x 1 2\nc;b 3\n' >"$BATS_TEST_TMPDIR/c1.folded"
	txsaved '' "$BATS_TEST_TMPDIR/c1.folded" cat
	txsaved '?tx=drop:b' "$BATS_TEST_TMPDIR/c1.folded" fg-prune -e '^b$'
	txsaved '?tx=hide:b' "$BATS_TEST_TMPDIR/c1.folded" sed 's/;b;/;/; s/;b / /'
	txsaved '?m=bottomup' "$BATS_TEST_TMPDIR/c1.folded" sed -E 's/^a;x 1 /x 1;a /; s/^a;b;x 1 /x 1;b;a /; s/^c;b /b;c /'
	[ "$(page "$BATS_TEST_TMPDIR/tx.html" 'at("?tx=drop:b"); saved()')" = "$(printf '# fg: counts=1\na 2\na;x 1 5\nc 3')" ]
	# what it saves reads back, header and all
	page "$BATS_TEST_TMPDIR/tx.html" 'at("?tx=drop:b"); saved()' | fg-merge | cmp - <(fg-prune -e '^b$' "$BATS_TEST_TMPDIR/c1.folded" | fg-merge)
}

@test "page model: names of bytes that are not UTF-8 are each their own label, bad bytes as the text \\xHH, and saved so" {
	printf 'm;a\377 1\nm;a\376 2\nm;a\357\277\275 3\nm;b 4\n' >"$BATS_TEST_TMPDIR/u.folded"
	fg-html "$BATS_TEST_TMPDIR/u.folded" >"$BATS_TEST_TMPDIR/u.html"
	# three frames, three labels (the third is U+FFFD itself)
	[ "$(page "$BATS_TEST_TMPDIR/u.html" 'frames(at(""))' | grep '^2 a')" = "$(printf '2 a\357\277\275 3\n2 a\\xFE 2\n2 a\\xFF 1')" ]
	page "$BATS_TEST_TMPDIR/u.html" 'at(""); saved()' >"$BATS_TEST_TMPDIR/got"
	printf 'm;a\\xFE 2\nm;a\\xFF 1\nm;a\357\277\275 3\nm;b 4\n' | cmp - "$BATS_TEST_TMPDIR/got"
	# no line repeated: each stack once
	[ -z "$(cut -d' ' -f1 "$BATS_TEST_TMPDIR/got" | sort | uniq -d)" ]
	# a valid name is as it was
	printf 'm;a\357\277\275 3\n' | fg-html >"$BATS_TEST_TMPDIR/v.html"
	[ "$(page "$BATS_TEST_TMPDIR/v.html" 'JSON.stringify(DATA.badnames)')" = '{}' ]
}

@test "page model: counts past 2^53 are saved exact, as fg-merge writes them, through the transforms and bottom-up" {
	printf 'a;b 18446744073709551615\n' >"$BATS_TEST_TMPDIR/max.folded"
	printf 'a;b 9007199254740993\na;c 1\na 2\nx;y 9007199254740993\nx 9007199254740992\n' >"$BATS_TEST_TMPDIR/big.folded"
	for f in max big; do
		fg-html "$BATS_TEST_TMPDIR/$f.folded" >"$BATS_TEST_TMPDIR/$f.html"
		txsaved '' "$BATS_TEST_TMPDIR/$f.folded" cat
		txsaved '?m=table' "$BATS_TEST_TMPDIR/$f.folded" cat
		txsaved '?tx=hide:b' "$BATS_TEST_TMPDIR/$f.folded" sed 's/;b / /'
		# two names deep at most: the pair swapped
		txsaved '?m=bottomup' "$BATS_TEST_TMPDIR/$f.folded" sed -E 's/^([^;]*);([^ ]*) /\2;\1 /'
		# what the page saves, fg reads back
		page "$BATS_TEST_TMPDIR/$f.html" 'at("?tx=hide:b"); saved()' | fg-merge >/dev/null
	done
	[ "$(page "$BATS_TEST_TMPDIR/max.html" 'at(""); saved()')" = 'a;b 18446744073709551615' ]
}

@test "page model: the unpacking tells how far it is, a field's bytes at a time, up to all" {
	printf 'a;b 1\na;c 2\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	run page "$BATS_TEST_TMPDIR/p.html" 'told.length > 1' \
		'told.every(function (x, k) { return x > 0 && x <= 1 && (!k || x > told[k - 1]); })' 'told[told.length - 1]'
	status_is 0
	[ "$output" = "$(printf 'true\ntrue\n1')" ]
}

@test "page model: the names coded by caller or by depth, whichever is smaller, before and past the choice at 2^17 frames: each page decodes to its input" {
	# a program's callees follow their callers (perf's, and stacks of
	# names of their own); a generator's may follow the depth alone
	# (names of each depth under any caller, few or many frames; 300 a
	# depth: ranks past a byte's)
	gzip -dc "$DATA/svg/perf.folded.gz" >"$BATS_TEST_TMPDIR/perf.folded"
	awk 'BEGIN { for (i = 0; i < 4500; i++) { s = "main;a" i % 10 ";b" i % 100 ";c" i % 1000
		for (j = 1; j <= 30; j++) s = s ";x" i "_" j; print s, 1 + i % 7 } }' >"$BATS_TEST_TMPDIR/calls.folded"
	awk -v n=5000 -v deep=36 -v k=300 'BEGIN { r = 1; for (i = 0; i < n; i++) { s = "main"
		for (d = 1; d <= deep; d++) { r = (r * 1103515245 + 12345) % 2147483648; s = s ";n" d "_" int(r / 65536) % k }
		print s, 1 + i % 5 } }' >"$BATS_TEST_TMPDIR/depths.folded"
	awk -v n=300 -v deep=8 -v k=6 'BEGIN { r = 7; for (i = 0; i < n; i++) { s = "main"
		for (d = 1; d <= deep; d++) { r = (r * 1103515245 + 12345) % 2147483648; s = s ";n" d "_" int(r / 65536) % k }
		print s, 1 } }' >"$BATS_TEST_TMPDIR/few.folded"
	for t in perf:1 calls:1 depths:0 few:0; do
		f=$BATS_TEST_TMPDIR/${t%:*}
		fg-html "$f.folded" >"$f.html"
		[ "$(grep -c '"fc":1' "$f.html")" = "${t#*:}" ]
		page "$f.html" 'lines(at(""))' | sort >"$f.got"
		summed <"$f.folded" | diff - "$f.got"
	done
	# the two large ones were chosen at 2^17 frames, and went on past it
	[ "$(grep -o '"n":[0-9]*' "$BATS_TEST_TMPDIR/calls.html" | head -1 | cut -d: -f2)" -gt 131072 ]
	[ "$(grep -o '"n":[0-9]*' "$BATS_TEST_TMPDIR/depths.html" | head -1 | cut -d: -f2)" -gt 131072 ]
}
