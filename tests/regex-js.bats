#!/usr/bin/env bats
# lib/draw/regex.js, the viewers' own regex matcher, under node: the
# dialect, refusals and matches of lib/base/regex.c (compared on the
# regex fuzzing corpus by tests/rxdiff.cjs with tests/tools/rxcheck),
# and linear time on the patterns that freeze a backtracking RegExp.

load helper

needsnode() {
	command -v node >/dev/null || skip "needs node"
}

# js EXPR...: each EXPR's value in regex.js's context, one JSON a line
js() {
	node "$FG_ROOT/tests/jseval.cjs" "$FG_ROOT/lib/draw/regex.js" "$@"
}

# rxdiff REGEX_JS: the differential test of REGEX_JS on the corpus
rxdiff() {
	run node "$FG_ROOT/tests/rxdiff.cjs" "$1" "$FG_BIN/tools/rxcheck" "$FG_ROOT"/tests/fuzz/regex/*
}

@test "regex.js: declarations only, it parses alone" {
	needsnode
	node --input-type=module --check <"$FG_ROOT/lib/draw/regex.js"
	# no statement but declarations at the top level (and the list of
	# what the module exports)
	run grep -nEv '^(function |var |	|}|$|/\*| \*|    |export \{)' "$FG_ROOT/lib/draw/regex.js"
	[ "$output" = "" ]
}

@test "regex.js: accepts, refuses and matches as regex.c on the fuzz corpus, every pattern on every text" {
	needsnode
	rxdiff "$FG_ROOT/lib/draw/regex.js"
	echo "$output"
	status_is 0
	[[ "${lines[-1]}" == *" 0 different" ]]
	# the corpus is not trivial: thousands of questions
	n=$(echo "${lines[-1]}" | sed 's/^rxdiff: \([0-9]*\) cases.*/\1/')
	[ "$n" -gt 5000 ]
}

@test "regex.js: the differential test finds a bug planted in regex.js" {
	needsnode
	# \> that ignores the byte after, icase that folds no z, '.' that
	# takes a newline under RX_NEWLINE, a bound one too low, \1 read as 1
	for edit in 's/case RXA_WEND: return pw \&\& !nw;/case RXA_WEND: return pw;/' \
	    's/P.icase \&\& c <= 122/P.icase \&\& c < 122/' \
	    's/if (P.newline) s\[1\] \&= ~(1 << 2);//' \
	    's/RX_MAXINST = 65536/RX_MAXINST = 65535/' \
	    's/if (c >= 49 \&\& c <= 57) rxfail/if (c >= 50 \&\& c <= 57) rxfail/'; do
		sed "$edit" "$FG_ROOT/lib/draw/regex.js" >"$BATS_TEST_TMPDIR/regex.js"
		! cmp -s "$FG_ROOT/lib/draw/regex.js" "$BATS_TEST_TMPDIR/regex.js"
		rxdiff "$BATS_TEST_TMPDIR/regex.js"
		status_is 1
		[[ "${lines[0]}" == "rxdiff: /"*": regex.c "*", regex.js "* ]]
	done
}

@test "regex.js: (a+)+\$ and its kin run in linear time (issue 41: ?s=(a%2B)%2B%24 froze the page)" {
	needsnode
	# a backtracking RegExp took 10.9 s on 28 a's and a b, twice that
	# for each a more; these are a million
	run timeout 20 node -e '
		import(require("url").pathToFileURL(process.argv[1]).href).then((ctx) => {
			const s = "a".repeat(1000000) + "b", out = [];
			for (const p of ["(a+)+$", "(a|aa)+$", "(a*)*b$", "(a|a?)+c", "(.*a){20}c", "^(a+)+$"])
				out.push(ctx.rxcompile(p, 2).test(s));
			console.log(out.join(" "));
		});' "$FG_ROOT/lib/draw/regex.js"
	status_is 0
	[ "$output" = "false false true false false false" ]
}

@test "regex.js: bytes as regex.c reads them: UTF-8, '.' a byte, a case ignored an ASCII letter's" {
	needsnode
	run js 'rxcompile("^.$", 2).test("\u00e9")' 'rxcompile("^..$", 2).test("\u00e9")' \
		'rxcompile("^n.ve$", 2).test("na\u00efve")' 'rxcompile("^na..ve$", 2).test("na\u00efve")' \
		'rxcompile("\u00e9", 3).test("\u00c9")' 'rxcompile("SORT", 3).test("sort!")' \
		'rxcompile("^\uFFFD$", 2).test("\ud800")' 'rxcompile("^....$", 2).test("\ud83d\ude00")' \
		'rxcompile("a\u0000b", 2).test("xa")'
	[ "$output" = "$(printf '%s\n' false true false true false true true true true)" ]
	# the same answers from fg-filter on the same bytes
	printf '%s 1\n' é naïve >"$BATS_TEST_TMPDIR/in"
	[ "$(fg-filter --only -e '^..$' "$BATS_TEST_TMPDIR/in")" = "é 1" ]
	[ "$(fg-filter --only -e '^na..ve$' "$BATS_TEST_TMPDIR/in")" = "naïve 1" ]
}

@test "regex.js: a bad pattern throws regex.c's message" {
	needsnode
	for re in '\\d' 'a(?=b)' '(' 'a{2,1}' '[[:foo:]]' 'x{100}{100}{100}' '(a)\\1'; do
		got=$(js "(function () { try { rxcompile('$re', 2); return 'accepted'; } catch (e) { return e.message; } })()")
		want=$(fg-filter -e "$(printf "$re")" /dev/null 2>&1 | sed -n "1s/^fg-filter: bad regular expression '.*': //p")
		[ -n "$want" ]
		# as JSON: each backslash doubled
		[ "$got" = "\"${want//\\/\\\\}\"" ] || { echo "$re: regex.js $got, regex.c $want" >&2; return 1; }
	done
}
