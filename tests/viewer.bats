#!/usr/bin/env bats
# lib/draw/viewer.js, what fg-svg's script and fg-html's page share (the
# numbers, labels, URL, search and keys), run by node outside a browser
# (tests/jseval.cjs), and embedded whole in both

load helper

V=""
setup() {
	V=$FG_ROOT/lib/draw/viewer.js
}

needsnode() {
	command -v node >/dev/null || skip "needs node"
}

# js EXPR...: each EXPR's value in viewer.js's context, one JSON a line
# (the module with regex.js, whose matcher its search compiles with, as
# it imports it)
js() {
	node "$FG_ROOT/tests/jseval.cjs" "$V" "$@"
}

# grouped N: N to two decimals, trailing zeros off, thousands by commas
# (no exact binary tie such as 0.125: printf rounds it to even, toFixed up)
grouped() {
	awk -v n="$1" 'BEGIN { printf "%.2f\n", n }' |
		sed -e 's/\.\{0,1\}0*$//' -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|[,.]\)/\1,\2\3/' -e 'ta'
}

@test "viewer.js: group writes a count to two decimals with its thousands grouped" {
	needsnode
	for n in 0 7 999 1000 12345 -12345 1234567 1234567.126 0.5 1999.999 -0.25 123456789012; do
		[ "$(js "group($n)")" = "\"$(grouped "$n")\"" ]
	done
}

@test "viewer.js: pct is a share to two decimals, '-' of nothing" {
	needsnode
	for ab in "1 3" "2 3" "45 100" "130 130" "-30 130" "1 7"; do
		set -- $ab
		want=$(awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f%%", 100 * a / b }')
		[ "$(js "pct($1, $2)")" = "\"$want\"" ]
	done
	[ "$(js 'pct(5, 0)')" = '"-"' ]
}

@test "viewer.js: fitlabel cuts a name by code points, as fg's C side does" {
	needsnode
	# an accent (one UTF-16 unit) and an emoji (two): code points, as
	# bash counts them in a UTF-8 locale
	s='na'$'\xc3\xaf''ve_'$'\xf0\x9f\x98\x80''_func'
	n=$(LC_ALL=C.UTF-8 bash -c 's=$1; echo ${#s}' _ "$s")
	[ "$n" -eq 12 ]
	for chars in 0 2 3 4 5 6 7 11 12 13; do
		if [ "$chars" -lt 3 ]; then
			want=null
		elif [ "$chars" -ge "$n" ]; then
			want="\"$s\""
		else
			want="\"$(LC_ALL=C.UTF-8 bash -c 's=$1; echo "${s:0:$2}.."' _ "$s" $((chars - 2)))\""
		fi
		[ "$(js "fitlabel($(printf '%s' "$s" | node -e 'process.stdout.write(JSON.stringify(require("fs").readFileSync(0, "utf8")))'), $chars)")" = "$want" ]
	done
	# the length the page keeps for a name is its code points
	[ "$(js '"a\ud83d\ude00b".length' 'cplength("a\ud83d\ude00b")')" = $'4\n3' ]
}

@test "viewer.js: the URL's state reads back what was written, '+' a space, a bad escape left out" {
	needsnode
	run js 'var vals = ["a b", "x+y", "k=v&w", "100%", "f at a.jl:1", "caf\u00e9", "\ud83d\ude00", "^[a-z]+$"];
		var q = querystring(vals.map(function (v, i) { return ["k" + i, v]; }));
		queryparams(q).map(function (p) { return p[1]; }).join("|") === vals.join("|")' \
		'querystring([["a", null], ["b", 1], ["tx", ["grep", "x:y z"]]])' \
		'queryparams("?tx=grep:x%3Ay%20z")' \
		'querymap(queryparams("?s=a+b&x=%&=v&k&s=c%2Bd&y=1=2"))' \
		'querystring([])'
	status_is 0
	[ "${lines[0]}" = true ]
	# a list is its parts, each escaped, joined by ":"; null is left out
	[ "${lines[1]}" = '"?b=1&tx=grep:x%3Ay%20z"' ]
	[ "${lines[2]}" = '[["tx","grep:x:y z"]]' ]
	# ?x=% (malformed), =v (no key) and k (no value) are left out; the
	# last s wins; "+" is a space, %2B a plus; a value keeps its "="
	[ "${lines[3]}" = '{"s":"c+d","y":"1=2"}' ]
	[ "${lines[4]}" = '""' ]
}

@test "viewer.js: searchre compiles a term, or says why it is not a regular expression" {
	needsnode
	run js 'searchre("^Sort", true).re.test("sort!")' 'searchre("^Sort", false).re.test("sort!")' \
		'searchre("a(", false).re' '/^invalid regular expression: /.test(searchre("a(", false).error)'
	status_is 0
	[ "$output" = $'true\nfalse\nundefined\ntrue' ]
	# fg-filter -e's dialect (regex.js), not the browser's: \d and a
	# lookahead refused in its words, {,2} a bound
	run js 'searchre("\\d", false).error' 'searchre("a(?=b)", false).error' 'searchre("^a{,2}$", false).re.test("aa")'
	[ "${lines[0]}" = '"invalid regular expression: an escaped letter other than \\w \\W \\s \\S \\b \\B is no operator (a digit is [0-9])"' ]
	[ "${lines[1]}" = '"invalid regular expression: repetition with nothing before it"' ]
	[ "${lines[2]}" = true ]
}

@test "viewer.js: matchedtext is the share of the zoomed frame's samples through a match" {
	needsnode
	# the stacks, and the same as a tree in pre-order: all(10) a(6) b(4)
	# c(4) a(1); names matching ^a$
	printf 'a;b 4\na 2\nc;a 1\nc 3\n' >"$BATS_TEST_TMPDIR/in"
	share() {	# of the stacks under $1 (a prefix), those through a frame "a"
		awk -v p="$1" '$1 ~ "^" p { t += $2; if ($1 ~ /(^|;)a(;|$)/) m += $2 }
		    END { printf "Matched: %.2f%%", 100 * m / t }' "$BATS_TEST_TMPDIR/in"
	}
	tree='var names = ["all", "a", "b", "c", "a"], parent = [-1, 0, 1, 0, 3], end = [5, 3, 3, 5, 5],
		w = [10, 6, 4, 4, 1], hit = function (i) { return names[i] === "a"; }'
	run js "$tree" 'matchedtext(0, parent, end, w, hit)' 'matchedtext(3, parent, end, w, hit)' \
		'matchedtext(2, parent, end, w, hit)' 'matchedtext(0, parent, end, w, function () { return false; })'
	status_is 0
	[ "${lines[1]}" = "\"$(share '')\"" ]
	[ "${lines[2]}" = "\"$(share 'c')\"" ]
	# under a matching caller, all of it
	[ "${lines[3]}" = "\"$(share 'a;b')\"" ]
	[ "${lines[3]}" = '"Matched: 100.00%"' ]
	[ "${lines[4]}" = '"Matched: 0.00%"' ]
}

@test "viewer.js: keyaction gives both viewers the same keys" {
	needsnode
	run js 'var k = function (key, o) { o = o || {}; o.key = key; return keyaction(o, !!o.typing); }' \
		'[k("F3"), k("f", {ctrlKey: true}), k("F", {metaKey: true}), k("/"), k("/", {typing: true}),
		  k("f"), k("i", {ctrlKey: true}), k("I", {ctrlKey: true, shiftKey: true}), k("Escape"), k("Esc"), k("n")]'
	status_is 0
	[ "${lines[1]}" = '["find","find","find","find","","","case","","reset","reset",""]' ]
}

@test "viewer.js: embedded whole in fg-svg's script and fg-html's page; the SVG stays XML" {
	needsnode
	printf 'main;a 3\nmain;b 1\n' >"$BATS_TEST_TMPDIR/in"
	fg-svg "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/g.svg"
	fg-html "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/p.html"
	# no text of the scripts may end the SVG's CDATA section or the page's script
	run grep -lF -e ']]>' -e '</script' "$V" "$FG_ROOT"/lib/draw/svg.js "$FG_ROOT"/lib/draw/html/*.js \
	    "$FG_ROOT"/lib/draw/regex.js
	status_is 1
	# and regex.js, their matcher, with it (the modules without their
	# imports and exports, as embed joins them; the page's keep no
	# comment, nor the blanks no token needs, nor
	# the newlines where lines join: embed -s, so that the page's is
	# compared without any blanks)
	for f in "$V" "$FG_ROOT"/lib/draw/regex.js; do
		run node -e '
			const fs = require("fs"), v = fs.readFileSync(process.argv[1], "utf8").replace(/^import [^;]*;\n/gm, "")
				.replace(/^export \{[^;]*;\n/gm, "").replace(/^export /gm, "");
			const svg = fs.readFileSync(process.argv[2], "utf8").split("<![CDATA[")[1].split("]]>")[0];
			const page = fs.readFileSync(process.argv[3], "utf8");
			let skip = false;
			const lean = v.split(/(?<=\n)/).filter((l) => {
				const opens = /^[ \t]*\/\*/.test(l), closes = /\*\/[ \t\r\n]*$/.test(l);
				if (opens) skip = true;
				const keep = !skip;
				if (closes) skip = false;
				return keep;
			}).join("").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\s+/g, "");
			console.log(svg.includes(v), page.replace(/\s+/g, "").includes(lean));' "$f" "$BATS_TEST_TMPDIR/g.svg" "$BATS_TEST_TMPDIR/p.html"
		status_is 0
		[ "$output" = "true true" ]
	done
	if command -v xmllint >/dev/null; then
		xmllint --noout "$BATS_TEST_TMPDIR/g.svg"
	fi
}

@test "viewer.js: fg-svg's script gives matchedtext its frames as a tree, Matched as the stacks say" {
	needsnode
	printf 'main;a;x 3\nmain;a;y 1\nmain;b;x 4\n' >"$BATS_TEST_TMPDIR/in"
	fg-svg --no-more "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/g.svg"
	# Matched for regex $1 zoomed on the frame of path $2 (all;...): the
	# script's tree of D's arrays, and the stacks under that path
	svgshare() {
		node -e '
			const s = require("fs").readFileSync(process.argv[1], "utf8");
			const js = s.split("<![CDATA[")[1].split("]]>")[0];
			const [re, path] = [new RegExp(process.argv[2]), process.argv[3]];
			eval(js + `;
			view = { F: D.f, n: D.n, rects: { length: D.f.length / stride } };
			var names = [], z = -1;
			for (var i = 0; i < view.rects.length; i++) {
				var d = view.F[i * stride];
				names[d] = d ? fname(i) : "all";
				if (names.slice(0, d + 1).join(";") === path) z = i;
			}
			tree(view);
			console.log(matchedtext(z, view.parent, view.end, view.w, function (i) {
				return view.F[i * stride] > 0 && re.test(fname(i)); }));`);
		' "$BATS_TEST_TMPDIR/g.svg" "$1" "$2"
	}
	stacks() {
		# (the stacks that start with the path; of them, those with a frame matching)
		awk -v re="$1" -v p="${2#all}" 'p != "" && index(";" $1 ";", p ";") != 1 { next }
			{ t += $2; n = split($1, f, ";"); for (i = 1; i <= n; i++) if (f[i] ~ re) { m += $2; break } }
		    END { printf "Matched: %.2f%%\n", 100 * m / t }' "$BATS_TEST_TMPDIR/in"
	}
	for q in '^a$ all' '^a$ all;main' '^x$ all;main;a' '^x$ all;main;b' '^a$ all;main;a;x' '^main$ all;main;b'; do
		set -- $q
		[ "$(svgshare "$1" "$2")" = "$(stacks "$1" "$2")" ]
	done
	[ "$(svgshare '^a$' 'all;main;a;x')" = "Matched: 100.00%" ]
}
