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
	# either way up; a frame's own samples first, then its callees
	run page "$BATS_TEST_TMPDIR/p.html" '
		var v = at(""), bad = [], order = [];
		[0, 1, 4].forEach(function (z) { [true, false].forEach(function (inv) {
			var P = { v: v, z: z, inv: inv, width: 1000, height: 160, boxheight: 160, scrolltop: 0, fh: 16 };
			layout(v, false);
			for (var i = 0; i < v.n; i++) {
				var r = rect(P, i);
				if (r && frameat(P, r.x + r.w / 2, r.y + r.h / 2) !== i) bad.push(z + ":" + i);
			}
		}); });
		bad.length ? bad : "ok"' \
		'var v = at(""); layout(v, false); [2, 3, 4, 5].map(function (i) { return NAMES[v.f[i]] + "@" + v.x[i]; }).join(" ")' \
		'var v = at("?o=width"); layout(v, true); [2, 3, 4, 5].map(function (i) { return NAMES[v.f[i]] + "@" + v.x[i]; }).join(" ")'
	status_is 0
	[ "${lines[0]}" = ok ]
	# m's own sample first: a at 1; by width b (5), c (5: 3 + d's 2), a (1)
	[ "${lines[1]}" = "a@1 b@2 c@7 d@10" ]
	[ "${lines[2]}" = "a@11 b@1 c@6 d@9" ]
}
