#!/usr/bin/env bats
# fg-html's page in Chromium: two real recordings compared (cmp=), as
# tests/fg-html-compare.bats compares the Julia pair and dtrace's, with
# the same cases of tests/browser/html.cjs: a C program before and
# after mix was made 30% slower (perf record, tests/data/gate-perf),
# and two runs of a Node program the same (node --cpu-prof, folded
# with --time, tests/data/gate-node)

load helper
load html

# the pairs, BASELINE TARGET each: the C program's six runs a side
# merged, the kernel's frames pruned (as tests/fg-gate-perf.bats gates
# them) and kept; the Node program's first run of each side
P=""
PAIRS=()
setup() {
	P=$BATS_FILE_TMPDIR
	PAIRS=("$P/c-base.folded $P/c-slow.folded" "$P/c-base.k $P/c-slow.k" "$P/n-base.folded $P/n-slow.folded")
	[ -e "$P/n-slow.folded" ] || recordings
}
recordings() {
	local s t f
	for s in base-a slow; do
		t=${s#base-a}
		mkdir -p "$P/$s"
		tar -xzf "$DATA/gate-perf/$s.tar.gz" -C "$P/$s"
		for f in "$P/$s"/*.perf; do perf-fold --kernel "$f" >"${f%.perf}.k"; done
		fg-merge "$P/$s"/*.k >"$P/c-${t:-base}.k"
		fg-prune -e '_\[k\]$' "$P/c-${t:-base}.k" >"$P/c-${t:-base}.folded"
		tar -xzf "$DATA/gate-node/$s.tar.gz" -C "$P/$s"
		cpuprofile-fold --time "$P/$s/${s}1.cpuprofile" >"$P/n-${t:-base}.folded"
	done
}

@test "fg-html in Chromium, real recordings: each saved comparison is fg-diff's output byte for byte, plain, normalised and with lines stripped" {
	local pair
	for pair in "${PAIRS[@]}"; do
		set -- $pair
		fg-html "$1" "$2" >"$BATS_TEST_TMPDIR/two.html"
		fg-diff "$1" "$2" >"$BATS_TEST_TMPDIR/d.folded"
		grep -q '^# fg: samples=' "$BATS_TEST_TMPDIR/d.folded"
		FG_QUERY='?cmp=0,1' browser saved "$BATS_TEST_TMPDIR/two.html"
		got line | diff "$BATS_TEST_TMPDIR/d.folded" -
		# the other way round, and normalised
		fg-diff "$2" "$1" >"$BATS_TEST_TMPDIR/d.folded"
		FG_QUERY='?cmp=1,0' browser saved "$BATS_TEST_TMPDIR/two.html"
		got line | diff "$BATS_TEST_TMPDIR/d.folded" -
		fg-diff -n "$1" "$2" >"$BATS_TEST_TMPDIR/d.folded"
		FG_QUERY='?cmp=0,1&norm=1' browser saved "$BATS_TEST_TMPDIR/two.html"
		got line | diff "$BATS_TEST_TMPDIR/d.folded" -
	done
	# lines stripped: the Node pair's frames have theirs (NAME at FILE:LINE)
	set -- ${PAIRS[2]}
	grep -q ' at gate.js:[0-9]' "$1"
	fg-html "$1" "$2" >"$BATS_TEST_TMPDIR/two.html"
	fg-diff -n --strip-lines "$1" "$2" >"$BATS_TEST_TMPDIR/d.folded"
	FG_QUERY='?cmp=0,1&sl=1&norm=1' browser saved "$BATS_TEST_TMPDIR/two.html"
	got line | diff "$BATS_TEST_TMPDIR/d.folded" -
}

@test "fg-html in Chromium, real recordings: a comparison's table has fg-top's numbers on fg-diff's output, row for row" {
	local pair tb by
	for pair in "${PAIRS[@]}"; do
		set -- $pair
		fg-html "$1" "$2" >"$BATS_TEST_TMPDIR/two.html"
		fg-diff "$1" "$2" >"$BATS_TEST_TMPDIR/d.folded"
		for tb in "" function; do
			by=${tb:+--by $tb}
			FG_QUERY="?cmp=0,1&m=table${tb:+&tb=$tb}" browser table "$BATS_TEST_TMPDIR/two.html" diff
			[[ "$(got headings)" == "Self ▼|Self %|Total|Total %|Baseline self|Δ self|Δ self %|Baseline total|Δ total|Δ total %|"*"Flags|Function" ]]
			# shellcheck disable=SC2086
			fg-top $by --format tsv -n 0 "$BATS_TEST_TMPDIR/d.folded" |
				awk -F'\t' 'NR > 1 { sub(/^\+/, "", $7); print $1 "\t" $3 "\t" $5 "\t" $7 "\t" $9 "\t" $10 }' | sort >"$BATS_TEST_TMPDIR/want"
			got row | sort >"$BATS_TEST_TMPDIR/got"
			[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -ge 10 ]
			diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
		done
	done
}

@test "fg-html in Chromium, real recordings: the Elided view's stacks are those fg-diff gives a target count of 0" {
	local pair q n
	for pair in "${PAIRS[@]}"; do
		set -- $pair
		fg-html "$1" "$2" >"$BATS_TEST_TMPDIR/two.html"
		# each way: the views 0 and 1 compared, and 1 and 0
		for q in 0,1 1,0; do
			set -- $pair
			[ $q = 0,1 ] || set -- "$2" "$1"
			fg-diff "$1" "$2" >"$BATS_TEST_TMPDIR/d.folded"
			n=$(awk '!/^#/ && $NF == 0' "$BATS_TEST_TMPDIR/d.folded" | wc -l)
			[ "$n" -gt 0 ]
			# drawn as fg-html draws fg-diff's output's Elided view
			fg-html "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/d.html"
			browser cmp "$BATS_TEST_TMPDIR/d.html" e
			cp "$BATS_TEST_TMPDIR/b.out" "$BATS_TEST_TMPDIR/want"
			FG_QUERY="?cmp=$q" browser cmp "$BATS_TEST_TMPDIR/two.html" e
			[[ "$(got banner | head -1)" == "Elided: $n stacks vanished from the target"* ]]
			diff <(grep -E '^(frame|banner)=' "$BATS_TEST_TMPDIR/want") <(grep -E '^(frame|banner)=' "$BATS_TEST_TMPDIR/b.out")
			# and saved: those stacks, their baseline's counts
			FG_QUERY="?cmp=$q&e=1" browser saved "$BATS_TEST_TMPDIR/two.html"
			got line | diff <(awk '/^#/ || $NF == 0 { if (!/^#/) { $NF = ""; sub(/ $/, "") } print }' "$BATS_TEST_TMPDIR/d.folded") -
		done
	done
}

# gatewords A B (or DIFF): fg-gate's verdict of each function of
# profiles A and B (or of fg-diff's output DIFF), "NAME<TAB>WORDS" a
# line, in the words of the comparison's Noise column
gatewords() {
	fg-gate --format json "$@" | python3 -c '
import json, sys
w = {"regression": "past noise: grew (fg-gate: regression)", "improvement": "past noise: shrank (fg-gate: improvement)",
     "within noise": "within noise (grew past 10%, not surely)", "pass": "within noise (no change past 10%)"}
for r in json.load(sys.stdin)["results"]: print("%s\t%s" % (r["function"], w[r["verdict"]]))' | sort
}

@test "fg-html in Chromium, real recordings: the noise marks are fg-gate's verdicts, function by function" {
	needpy
	local pair q seen=""
	for pair in "${PAIRS[@]}"; do
		set -- $pair
		fg-html "$1" "$2" >"$BATS_TEST_TMPDIR/two.html"
		for q in 0,1 1,0; do
			set -- $pair
			[ $q = 0,1 ] || set -- "$2" "$1"
			gatewords "$1" "$2" >"$BATS_TEST_TMPDIR/want"
			[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -ge 8 ]
			seen+=$(cut -f2 "$BATS_TEST_TMPDIR/want")$'\n'
			FG_QUERY="?cmp=$q&m=table&tb=function" browser table "$BATS_TEST_TMPDIR/two.html" diff
			got noiserow | grep -v 'not tested' | sort | diff "$BATS_TEST_TMPDIR/want" -
			# the untested: under 1% of both sides, as fg-gate leaves them
			[ "$(got noiserow | grep -c 'not tested')" -eq "$(($(got rows) - $(wc -l <"$BATS_TEST_TMPDIR/want")))" ]
			# normalised, fg-gate's on fg-diff -n's output (the same shares,
			# the same samples and weights, scaled)
			fg-diff -n "$1" "$2" >"$BATS_TEST_TMPDIR/d.folded"
			gatewords "$BATS_TEST_TMPDIR/d.folded" | diff "$BATS_TEST_TMPDIR/want" -
			FG_QUERY="?cmp=$q&norm=1&m=table&tb=function" browser table "$BATS_TEST_TMPDIR/two.html" diff
			got noiserow | grep -v 'not tested' | sort | diff "$BATS_TEST_TMPDIR/want" -
			# negated (the baseline drawn): the same change judged
			FG_QUERY="?cmp=$q&neg=1&m=table&tb=function" browser table "$BATS_TEST_TMPDIR/two.html" diff
			got noiserow | grep -v 'not tested' | sort | diff "$BATS_TEST_TMPDIR/want" -
			# the card of mix, the function made slower, says the same
			FG_QUERY="?cmp=$q" browser hover "$BATS_TEST_TMPDIR/two.html" "$(tr ';' '\n' <"$1" | sed -n 's/^\(mix\( at [^ ]*\)*\)\( [0-9]*\)*$/\1/p' | head -1)"
			[ "$(got tip | grep '^noise:')" = "noise:$(grep '^mix	' "$BATS_TEST_TMPDIR/want" | cut -f2)" ]
		done
	done
	# the C pair's mix is a regression one way, an improvement the other;
	# the single Node runs' within noise
	grep -q "fg-gate: regression" <<<"$seen"
	grep -q "fg-gate: improvement" <<<"$seen"
	grep -q "not surely" <<<"$seen"
}

@test "fg-html in Chromium, real recordings: the key says what the colours mean in the comparison, its negate and its Elided view, and under --negate" {
	set -- ${PAIRS[0]}
	fg-html "$1" "$2" >"$BATS_TEST_TMPDIR/two.html"
	# the comparison, its Elided view, that view negated, the negate
	FG_QUERY='?cmp=0,1' browser cmp "$BATS_TEST_TMPDIR/two.html" ene
	# (the Elided view's frames all stacks the column drawn lacks: only
	# in the baseline, or negated, only in the target)
	[ "$(got legend | tr '\n' '/')" = "grew|shrank|new/only in the baseline/only in the target/larger in the baseline|larger in the target|only in the baseline/" ]
	[ "$(got url | tr '\n' ' ')" = "?cmp=0%2C1 ?cmp=0%2C1&e=1 ?cmp=0%2C1&neg=1&e=1 ?cmp=0%2C1&neg=1 " ]
	# the Elided views: the stacks that vanished from the target, then
	# (negated: the baseline drawn) those only in the target
	[[ "$(got banner | sed -n 2p)" == "Elided: "*" stacks vanished from the target"* ]]
	[[ "$(got banner | sed -n 3p)" == "Elided: "*" stacks only in the target, absent from the baseline drawn ("*" in the target, "*"% of it) Back to the graph" ]]
	# the stacks it shows are fg-diff's of a baseline count of 0
	n=$(fg-diff "$1" "$2" | awk '!/^#/ && $(NF - 1) == 0' | wc -l | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')
	[ "$n" -gt 0 ]
	[[ "$(got banner | sed -n 3p)" == "Elided: $n stacks only in the target"* ]]
	# fg-html --negate and fg-svg --negate on fg-diff's output: the same
	# words, not grew, shrank and new (fg-svg's key: its first texts
	# without an id, the frames' labels after them)
	fg-diff "$1" "$2" >"$BATS_TEST_TMPDIR/d.folded"
	fg-html --negate "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/n.html"
	browser cmp "$BATS_TEST_TMPDIR/n.html" e
	[ "$(got legend | tr '\n' '/')" = "larger in the baseline|larger in the target|only in the baseline/only in the target/" ]
	[[ "$(got banner | sed -n 2p)" == "Elided: $n stacks only in the target, absent from the baseline drawn ("* ]]
	fg-html "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/d.html"
	browser cmp "$BATS_TEST_TMPDIR/d.html" e
	[ "$(got legend | tr '\n' '/')" = "grew|shrank|new/only in the baseline/" ]
	[[ "$(got banner | sed -n 2p)" == "Elided: "*" stacks vanished from the target ("*" in the baseline, "*"% of it) Back to the graph" ]]
	fg-svg --negate "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/n.svg"
	[ "$(sed -n 's/^<text x="[0-9.]*" y="[0-9.]*">\([^<]*\)<\/text>$/\1/p' "$BATS_TEST_TMPDIR/n.svg" | head -3 | tr '\n' '|')" = "larger in the baseline|larger in the target|only in the baseline|" ]
	fg-svg "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/d.svg"
	[ "$(sed -n 's/^<text x="[0-9.]*" y="[0-9.]*">\([^<]*\)<\/text>$/\1/p' "$BATS_TEST_TMPDIR/d.svg" | head -3 | tr '\n' '|')" = "grew|shrank|new|" ]
}

@test "fg-html: a view holds the weights squared its header states (the noise's Kish number), and only then" {
	need_pagedata
	set -- ${PAIRS[2]}
	printf 'main;a 7\n' >"$BATS_TEST_TMPDIR/plain.folded"
	fg-html "$1" "$BATS_TEST_TMPDIR/plain.folded" >"$BATS_TEST_TMPDIR/p.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" '[r.get("weight2", "-") for r in D["views"]]')" = "$(printf '%s\n-' "$(sed -n 's/^# fg: weight2=//p' "$1")")" ]
	# a differential page's views hold none (fg-diff's two sides are one view)
	fg-diff "$1" "$2" >"$BATS_TEST_TMPDIR/d.folded"
	grep -q '^# fg: weight2=' "$BATS_TEST_TMPDIR/d.folded"
	fg-html "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/p.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" '[r.get("weight2", "-") for r in D["views"]]')" = "-" ]
}
