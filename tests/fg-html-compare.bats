#!/usr/bin/env bats
# fg-html's page in Chromium: two of its views compared (cmp=), against
# fg-diff's output drawn by fg-html, fg-top and fg-diff itself

load helper
load html

JB=$DATA/diff/base.folded
JN=$DATA/diff/new.folded
DA=$DATA/diff/dtrace-a.folded
DC=$DATA/diff/dtrace-c.folded

# the frames of a cmp case's first showing (or of step K's)
frames_of() { got frame | sed 's/ #[0-9a-f]*$//'; }
framesat() { awk -v k="$1" '/^end=/ { n++; next } n == k && /^frame=/ { sub(/^frame=/, ""); print }' "$BATS_TEST_TMPDIR/b.out"; }

@test "fg-html in Chromium: cmp= draws fg-diff's output as fg-html does, and saves it byte for byte (the Julia pair, dtrace's)" {
	for pair in "$JB $JN" "$DA $DC"; do
		set -- $pair
		fg-html "$1" "$2" >"$BATS_TEST_TMPDIR/two.html"
		fg-diff "$1" "$2" >"$BATS_TEST_TMPDIR/d.folded"
		fg-html "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/d.html"
		browser cmp "$BATS_TEST_TMPDIR/d.html"
		got frame >"$BATS_TEST_TMPDIR/want"
		FG_QUERY='?cmp=0,1' browser cmp "$BATS_TEST_TMPDIR/two.html"
		[ "$(got compare | cut -d' ' -f1-3)" = "$1 → $2" ]
		[ "$(got legend)" = "grew|shrank|new" ]
		[ "$(got flip)" = "Showing: difference" ]
		# every frame, its width, baseline and colour
		got frame | diff "$BATS_TEST_TMPDIR/want" -
		[ "$(got url)" = '?cmp=0%2C1' ]
		FG_QUERY='?cmp=0,1' browser saved "$BATS_TEST_TMPDIR/two.html"
		got line | diff "$BATS_TEST_TMPDIR/d.folded" -
	done
}

@test "fg-html in Chromium: a comparison's Elided view, negate, normalise and strip lines are fg-diff's, drawn and saved" {
	fg-html "$DA" "$DC" >"$BATS_TEST_TMPDIR/two.html"
	# c against a: stacks vanish; the Elided view's stacks are those
	# fg-diff gives a target count of 0
	fg-diff "$DC" "$DA" >"$BATS_TEST_TMPDIR/d.folded"
	awk '$NF == 0' "$BATS_TEST_TMPDIR/d.folded" | wc -l | grep -qx 134
	fg-html "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/d.html"
	browser cmp "$BATS_TEST_TMPDIR/d.html" e
	cp "$BATS_TEST_TMPDIR/b.out" "$BATS_TEST_TMPDIR/want"
	FG_QUERY='?cmp=1,0' browser cmp "$BATS_TEST_TMPDIR/two.html" e
	[[ "$(got banner | head -1)" == "Elided: 134 stacks vanished from the target"* ]]
	diff <(grep -E '^(frame|banner)=' "$BATS_TEST_TMPDIR/want") <(grep -E '^(frame|banner)=' "$BATS_TEST_TMPDIR/b.out")
	FG_QUERY='?cmp=1,0&e=1' browser saved "$BATS_TEST_TMPDIR/two.html"
	got line | diff <(awk '/^#/ || $NF == 0 { if (!/^#/) { $NF = ""; sub(/ $/, "") } print }' "$BATS_TEST_TMPDIR/d.folded") -
	# negate: the baseline's widths, coloured baseline minus target, as
	# fg-html --negate draws fg-diff's output, its key in those words
	fg-diff "$DA" "$DC" >"$BATS_TEST_TMPDIR/d.folded"
	fg-html --negate "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/n.html"
	browser cmp "$BATS_TEST_TMPDIR/n.html"
	got frame >"$BATS_TEST_TMPDIR/want"
	FG_QUERY='?cmp=0,1&neg=1' browser cmp "$BATS_TEST_TMPDIR/two.html"
	got frame | diff "$BATS_TEST_TMPDIR/want" -
	[ "$(got legend)" = "larger in the baseline|larger in the target|only in the baseline" ]
	FG_QUERY='?cmp=0,1&neg=1' browser saved "$BATS_TEST_TMPDIR/two.html"
	got line | diff "$BATS_TEST_TMPDIR/d.folded" -
	# the toggle from the page: the same as the link
	FG_QUERY='?cmp=0,1' browser cmp "$BATS_TEST_TMPDIR/two.html" n
	framesat 1 | diff "$BATS_TEST_TMPDIR/want" -
	[ "$(got url | tail -1)" = '?cmp=0%2C1&neg=1' ]
	# normalised: fg-diff -n's lines, the samples header too
	fg-diff -n "$DA" "$DC" >"$BATS_TEST_TMPDIR/d.folded"
	FG_QUERY='?cmp=0,1&norm=1' browser saved "$BATS_TEST_TMPDIR/two.html"
	got line | diff "$BATS_TEST_TMPDIR/d.folded" -
	fg-html "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/d.html"
	browser cmp "$BATS_TEST_TMPDIR/d.html"
	got frame >"$BATS_TEST_TMPDIR/want"
	FG_QUERY='?cmp=0,1&norm=1' browser cmp "$BATS_TEST_TMPDIR/two.html"
	got frame | diff "$BATS_TEST_TMPDIR/want" -
	# strip lines: a function whose lines moved compares with itself
	fg-html "$JB" "$JN" >"$BATS_TEST_TMPDIR/j.html"
	fg-diff --strip-lines "$JB" "$JN" >"$BATS_TEST_TMPDIR/d.folded"
	FG_QUERY='?cmp=0,1&sl=1' browser saved "$BATS_TEST_TMPDIR/j.html"
	got line | diff "$BATS_TEST_TMPDIR/d.folded" -
	fg-diff -n --strip-lines "$JB" "$JN" >"$BATS_TEST_TMPDIR/d.folded"
	FG_QUERY='?cmp=0,1&sl=1&norm=1' browser saved "$BATS_TEST_TMPDIR/j.html"
	got line | diff "$BATS_TEST_TMPDIR/d.folded" -
}

@test "fg-html in Chromium: a comparison's table has fg-top's numbers on fg-diff's output, row for row" {
	for pair in "$JB $JN" "$DA $DC" "$DC $DA"; do
		set -- $pair
		fg-html "$1" "$2" >"$BATS_TEST_TMPDIR/two.html"
		fg-diff "$1" "$2" >"$BATS_TEST_TMPDIR/d.folded"
		FG_QUERY='?cmp=0,1&m=table' browser table "$BATS_TEST_TMPDIR/two.html" diff
		[[ "$(got headings)" == "Self ▼|Self %|Total|Total %|Baseline self|Δ self|Δ self %|Baseline total|Δ total|Δ total %|"*"Flags|Function" ]]
		fg-top --format tsv -n 0 "$BATS_TEST_TMPDIR/d.folded" |
			awk -F'\t' 'NR > 1 { sub(/^\+/, "", $7); print $1 "\t" $3 "\t" $5 "\t" $7 "\t" $9 "\t" $10 }' | sort >"$BATS_TEST_TMPDIR/want"
		got row | sort >"$BATS_TEST_TMPDIR/got"
		[ -s "$BATS_TEST_TMPDIR/want" ]
		diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	done
}

@test "fg-html in Chromium: x flips among the baseline, the target and the difference, keeping the zoom and the search" {
	fg-html "$DA" "$DC" >"$BATS_TEST_TMPDIR/two.html"
	for v in 0 1; do
		FG_QUERY="?v=$v" browser cmp "$BATS_TEST_TMPDIR/two.html"
		got frame >"$BATS_TEST_TMPDIR/v$v"
	done
	FG_QUERY="?cmp=0,1&s=tsc_" browser cmp "$BATS_TEST_TMPDIR/two.html" xxx
	[ "$(got flip | tr '\n' '|')" = "Showing: difference|Showing: baseline|Showing: target|Showing: difference|" ]
	[ "$(got url | tr "\n" "|")" = "?cmp=0%2C1&s=tsc_|?cmp=0%2C1&cs=b&s=tsc_|?cmp=0%2C1&cs=t&s=tsc_|?cmp=0%2C1&s=tsc_|" ]
	framesat 1 | diff "$BATS_TEST_TMPDIR/v0" -
	framesat 2 | diff "$BATS_TEST_TMPDIR/v1" -
	diff <(framesat 0) <(framesat 3)
	# the search stays, its share of each side's own, the difference's
	# of both
	[ "$(got matched | sed -n 2p)" != "$(got matched | sed -n 3p)" ]
	[ "$(got matched | sed -n 1p)" = "$(got matched | sed -n 4p)" ]
	# (one side's share is "of all" alone)
	[ "$(got matched | sed -n 1p)" = "$(got matched | sed -n 3p | sed 's/ of all$//') of the target, $(got matched | sed -n 2p | sed 's/^Matched: //; s/ of all$//') of the baseline" ]
	# with stacks that vanished from the target (c against a), whose
	# frames the difference has not: the baseline's share is still its own
	fg-html "$DC" "$DA" >"$BATS_TEST_TMPDIR/ca.html"
	for q in '?v=0&s=lookuppnvp' '?v=1&s=lookuppnvp' '?cmp=0,1&s=lookuppnvp'; do
		FG_QUERY="$q" browser cmp "$BATS_TEST_TMPDIR/ca.html"
		got matched >>"$BATS_TEST_TMPDIR/m"
	done
	[ "$(sed -n 3p "$BATS_TEST_TMPDIR/m")" = "$(sed -n 2p "$BATS_TEST_TMPDIR/m" | sed 's/ of all$//') of the target, $(sed -n 1p "$BATS_TEST_TMPDIR/m" | sed 's/^Matched: //; s/ of all$//') of the baseline" ]
	# a zoomed frame is zoomed in each side, found by its names
	z=$(awk '/^frame=/ { if ($0 ~ /^frame=2 genunix`syscall_mstate /) { print n; exit } n++ }' "$BATS_TEST_TMPDIR/b.out")
	FG_QUERY="?cmp=0,1&z=$z" browser cmp "$BATS_TEST_TMPDIR/two.html" xxx
	[ "$(got zoomed | tr '\n' '|')" = 'genunix`syscall_mstate|genunix`syscall_mstate|genunix`syscall_mstate|genunix`syscall_mstate|' ]
	# the view selector picks a side too
	FG_QUERY='?cmp=0,1' browser views "$BATS_TEST_TMPDIR/two.html" 1
	[ "$(got url)" = '?cmp=0%2C1&cs=t' ]
	# a link to a side reopens it
	FG_QUERY='?cmp=0,1&cs=t' browser cmp "$BATS_TEST_TMPDIR/two.html"
	got frame | diff "$BATS_TEST_TMPDIR/v1" -
	[ "$(got flip)" = "Showing: target" ]
}

@test "fg-html in Chromium: views of different units are not compared, the reason on screen; fg-html --compare opens on the comparison" {
	printf '# fg: unit=bytes\nmain;alloc 4096\n' >"$BATS_TEST_TMPDIR/heap.folded"
	printf 'main;alloc 5\n' >"$BATS_TEST_TMPDIR/cpu.folded"
	fg-html "$BATS_TEST_TMPDIR/cpu.folded" "$BATS_TEST_TMPDIR/heap.folded" >"$BATS_TEST_TMPDIR/u.html"
	FG_QUERY='?cmp=0,1' browser cmp "$BATS_TEST_TMPDIR/u.html"
	[[ "$(got why)" == "Not compared: "*"cpu.folded"*" is in count, "*"heap.folded"*" in bytes: profiles of different units do not compare." ]]
	[ "$(got compare)" = "" ]
	[ "$(got flip)" = "Showing: one view" ]
	[ "$(got url)" = "" ]
	FG_QUERY='?cmp=0,7' browser cmp "$BATS_TEST_TMPDIR/u.html"
	[[ "$(got why)" == "Not compared: no view 7 to compare"* ]]
	# the option: views 0 and 1 compared, each a view of its own too
	fg-html --compare "$JB" "$JN" >"$BATS_TEST_TMPDIR/c.html"
	browser cmp "$BATS_TEST_TMPDIR/c.html"
	[ "$(got compare)" = "$JB → $JN — totals differ: baseline 325 samples, target 395 samples (+21.54%), in every frame's colour; Normalise scales the baseline to the target's total" ]
	fg-html --compare --negate "$JB" "$JN" >"$BATS_TEST_TMPDIR/c.html"
	browser cmp "$BATS_TEST_TMPDIR/c.html"
	[ "$(got legend)" = "larger in the baseline|larger in the target|only in the baseline" ]
	run fg-html --compare "$JB"
	status_is 2
	[ "${lines[0]}" = "fg-html: --compare needs two profiles, BASELINE and TARGET, before any other" ]
	run fg-html --compare "$DATA/folded/diff.folded" "$DATA/folded/diff.folded"
	status_is 1
	[[ "$output" == *"differential already"* ]]
}

# jsnoise A B: noise.js's verdicts (under node) of profiles A and B's
# functions, "NAME<TAB>VERDICT<TAB>P" a line, from fg-top's totals by function
jsnoise() {
	local rows t0 t1
	rows=$(join -t "$(printf '\t')" -a 1 -a 2 -e 0 -o 0,1.2,2.2 \
		<(fg-top --by function --format tsv -n 0 "$1" | awk -F'\t' 'NR > 1 { print $6 "\t" $3 }' | LC_ALL=C sort) \
		<(fg-top --by function --format tsv -n 0 "$2" | awk -F'\t' 'NR > 1 { print $6 "\t" $3 }' | LC_ALL=C sort) |
		python3 -c 'import json, sys; print(json.dumps([{"name": l.split("\t")[0], "b": float(l.split("\t")[1]), "t": float(l.split("\t")[2])} for l in sys.stdin.read().splitlines()]))')
	t0=$(awk '{ s += $NF } END { print s }' "$1")
	t1=$(awk '{ s += $NF } END { print s }' "$2")
	node "$FG_ROOT/tests/jseval.cjs" "$FG_ROOT/lib/draw/html/noise.js" \
		"Array.from(verdicts($rows, $t0, $t1, $t0, $t1)).map(([k, x]) => k + '\t' + x.verdict + '\t' + x.p.toPrecision(6)).join('\n')" |
		python3 -c 'import json, sys; print(json.loads(sys.stdin.read()))' | sort
}
# gatenoise A B: fg-gate's verdicts of the same, in the same form
gatenoise() {
	fg-gate --format json "$1" "$2" | python3 -c '
import json, sys
for r in json.load(sys.stdin)["results"]:
    v = {"within noise": "noise"}.get(r["verdict"], r["verdict"])
    print("%s\t%s\t%.6g" % (r["function"], v, r["p"]))' | sort
}

@test "fg-html: noise.js's verdicts are fg-gate's, function by function, p-values to six digits (under node)" {
	command -v node >/dev/null || skip "needs node"
	command -v python3 >/dev/null || skip "needs python3"
	for pair in "$DA $DC" "$DC $DA" "$DA $DATA/diff/dtrace-a-shuffled.folded"; do
		set -- $pair
		gatenoise "$1" "$2" >"$BATS_TEST_TMPDIR/want"
		[ -s "$BATS_TEST_TMPDIR/want" ]
		jsnoise "$1" "$2" | awk -F'\t' '{ printf "%s\t%s\t%.6g\n", $1, $2, $3 }' | diff "$BATS_TEST_TMPDIR/want" -
	done
	# every verdict is met on the first pair
	[ "$(gatenoise "$DA" "$DC" | cut -f2 | sort -u | tr '\n' ' ')" = "improvement noise pass regression " ]
}

@test "fg-html in Chromium: a comparison's Noise column and card give fg-gate's verdict of each function" {
	fg-html "$DA" "$DC" >"$BATS_TEST_TMPDIR/two.html"
	FG_QUERY='?cmp=0,1&m=table&tb=function' browser table "$BATS_TEST_TMPDIR/two.html" diff
	[ "$(got headings)" = "Self ▼|Self %|Total|Total %|Baseline self|Δ self|Δ self %|Baseline total|Δ total|Δ total %|Noise|Flags|Function" ]
	# the table's words, by fg-gate's verdict of the function
	fg-gate --format json "$DA" "$DC" | python3 -c '
import json, sys
w = {"regression": "past noise: grew (fg-gate: regression)", "improvement": "past noise: shrank (fg-gate: improvement)",
     "within noise": "within noise (grew past 10%, not surely)", "pass": "within noise (no change past 10%)"}
for r in json.load(sys.stdin)["results"]: print("%s\t%s" % (r["function"], w[r["verdict"]]))' | sort >"$BATS_TEST_TMPDIR/want"
	got noiserow | grep -v 'not tested' | sort | diff "$BATS_TEST_TMPDIR/want" -
	# the untested are under 1% of both sides
	[ "$(got noiserow | grep -c 'not tested')" -eq "$(( $(got rows) - $(wc -l <"$BATS_TEST_TMPDIR/want") ))" ]
	# the card says the same
	for f in 'unix`sys_syscall' 'genunix`syscall_mstate'; do
		FG_QUERY='?cmp=0,1' browser hover "$BATS_TEST_TMPDIR/two.html" "$f"
		[ "$(got tip | grep '^noise:')" = "noise:$(grep -F "$f	" "$BATS_TEST_TMPDIR/want" | cut -f2)" ]
	done
	[ "$(grep -F 'genunix`syscall_mstate	' "$BATS_TEST_TMPDIR/want" | cut -f2)" = "past noise: grew (fg-gate: regression)" ]
}

@test "fg-html in Chromium: a comparison's transforms compare like with like: as fg-diff of both sides filtered; bottom-up and the sandwich draw it" {
	fg-html "$DA" "$DC" >"$BATS_TEST_TMPDIR/two.html"
	# drop a function from both sides, then compare: the same stacks
	FG_QUERY='?cmp=0,1&tx=drop:unix%60mutex_enter' browser saved "$BATS_TEST_TMPDIR/two.html"
	got line | grep -v '^#' | fg-merge >"$BATS_TEST_TMPDIR/page.folded"
	fg-diff <(fg-prune 'unix`mutex_enter' "$DA") <(fg-prune 'unix`mutex_enter' "$DC") | grep -v '^#' | fg-merge >"$BATS_TEST_TMPDIR/cli.folded"
	[ -s "$BATS_TEST_TMPDIR/cli.folded" ]
	diff "$BATS_TEST_TMPDIR/cli.folded" "$BATS_TEST_TMPDIR/page.folded"
	for q in 'm=bottomup' 'm=sandwich&fn=unix%60mutex_enter' 'm=table&tb=file'; do
		FG_QUERY="?cmp=0,1&$q" browser cmp "$BATS_TEST_TMPDIR/two.html"
		[ "$(got compare | cut -d' ' -f2)" = "→" ]
	done
}

@test "fg-html in Chromium: a comparison's bottom-up and sandwich are fg-diff's drawn so, frame by frame, a transform applied to both sides first" {
	# each mode of fg-diff's output drawn by fg-html, against the same
	# mode of the comparison: every frame's width, baseline and colour,
	# the sandwich's callers' too, and its line
	T=$BATS_TEST_TMPDIR
	for pair in "$DA $DC" "$DC $DA"; do
		set -- $pair
		fg-html "$1" "$2" >"$T/two.html"
		fg-diff "$1" "$2" | fg-html >"$T/d.html"
		# a transform: fg-diff of both sides pruned, drawn without it
		fg-diff <(fg-prune 'unix`mutex_enter' "$1") <(fg-prune 'unix`mutex_enter' "$2") | fg-html >"$T/p.html"
		for q in 'm=bottomup' 'm=sandwich&fn=genunix%60fop_lookup' 'm=sandwich&fn=unix%60mutex_exit'; do
			for page in d p; do
				FG_QUERY="?$q" browser cmp "$T/$page.html"
				got sandinfo >"$T/want"
				got frame >>"$T/want"
				got caller >>"$T/want"
				tx=; [ "$page" = d ] || tx='&tx=drop:unix%60mutex_enter'
				FG_QUERY="?cmp=0,1$tx&$q" browser cmp "$T/two.html"
				[ "$(got compare | cut -d' ' -f1-3)" = "$1 → $2" ]
				got sandinfo >"$T/got"
				got frame >>"$T/got"
				got caller >>"$T/got"
				[ "$(grep -c . "$T/want")" -gt 10 ]
				diff "$T/want" "$T/got"
			done
		done
		# the sandwich's line: the function's baseline and change, fg-top's
		# base, delta and delta% on fg-diff's output (of both sides pruned)
		for f in 'genunix`fop_lookup' 'unix`mutex_exit'; do
			for tx in '' '&tx=drop:unix%60mutex_enter'; do
				if [ -n "$tx" ]; then
					fg-diff <(fg-prune 'unix`mutex_enter' "$1") <(fg-prune 'unix`mutex_enter' "$2")
				else
					fg-diff "$1" "$2"
				fi | fg-top --format tsv -n 0 | awk -F'\t' -v f="$f" '$10 == f {
					print "baseline " $5 " samples; change " $7 " samples (" $8 "%)" }' >"$T/want"
				[ -s "$T/want" ]
				FG_QUERY="?cmp=0,1$tx&m=sandwich&fn=$(printf %s "$f" | sed 's/`/%60/')" browser cmp "$T/two.html"
				got sandinfo | sed 's/.*); //; s/ — .*//; s/,//g' | diff "$T/want" -
			done
		done
	done
}

@test "fg-html in Chromium: a comparison's Matched share is each side's, fg-filter's, a transform applied to both sides first" {
	T=$BATS_TEST_TMPDIR
	sum() { awk '!/^#/ { t += $NF } END { print t + 0 }'; }
	for pair in "$DA $DC" "$DC $DA"; do
		set -- $pair
		fg-html "$1" "$2" >"$T/two.html"
		for tx in '' '&tx=drop:unix%60mutex_enter'; do
			for k in 1 2; do
				eval "f=\$$k"
				if [ -n "$tx" ]; then fg-prune 'unix`mutex_enter' "$f"; else cat "$f"; fi >"$T/side$k"
				echo "$(fg-filter -o -e lookuppnvp "$T/side$k" | sum) $(sum <"$T/side$k")" >"$T/n$k"
			done
			read -r mb tb <"$T/n1"
			read -r mt tt <"$T/n2"
			[ "$mb" -gt 0 ]
			FG_QUERY="?cmp=0,1$tx&s=lookuppnvp" browser cmp "$T/two.html"
			[ "$(got matched)" = "Matched: $(pct "$mt" "$tt") of the target, $(pct "$mb" "$tb") of the baseline" ]
		done
	done
}

@test "fg-html in Chromium: a comparison of large views is the worker's: the second view decoded there, the progress line rising, the table fg-top's on fg-diff's output" {
	T=$BATS_TEST_TMPDIR
	in=$(BENCH_DIR=$BATS_FILE_TMPDIR FG_BIN=$FG_BIN "$FG_ROOT/scripts/bench-html" --corpus 12k)
	# after a change: a tenth of the stacks gone, the others' counts moved
	awk 'NR % 10 { match($0, / [0-9]+$/); print substr($0, 1, RSTART) (substr($0, RSTART + 1) + NR % 6) }' "$in" >"$T/after.folded"
	fg-html "$in" "$T/after.folded" >"$T/two.html"
	browser cmpwork "$T/two.html"
	[ "$(got worker)" = true ]
	[ "$(got lent)" = lent ]
	[ "$(got compare | cut -d' ' -f2)" = "→" ]
	# the line says the work as it goes, its share only rising, then goes
	[ "$(got progress | head -1)" = "Comparing the two views…" ]
	got progress | sed -n 's/^Comparing the two views… \([0-9]*\)%$/\1/p' | sort -n -c
	[ -z "$(got progress | tail -1)" ]
	fg-diff "$in" "$T/after.folded" | fg-top --format tsv -n 0 |
		awk -F'\t' 'NR > 1 { sub(/^\+/, "", $7); print $1 "\t" $3 "\t" $5 "\t" $7 "\t" $9 "\t" $10 }' | sort >"$T/want"
	got row | sort >"$T/got"
	[ "$(wc -l <"$T/want")" -gt 1000 ]
	diff "$T/want" "$T/got"
}

@test "fg-html: a view says the samples its header states (the noise's N), and only then" {
	need_pagedata
	printf '# fg: samples=1000\nmain;a 7\n' >"$BATS_TEST_TMPDIR/s.folded"
	fg-html "$BATS_TEST_TMPDIR/s.folded" "$JB" >"$BATS_TEST_TMPDIR/p.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" '[r.get("samples", "-") for r in D["views"]]')" = "$(printf '1000\n-')" ]
	fg-html --compare "$BATS_TEST_TMPDIR/s.folded" "$JB" >"$BATS_TEST_TMPDIR/p.html"
	python3 - "$BATS_TEST_TMPDIR/p.html" <<'PY'
import json, re, sys
D = json.loads(re.search(r'id="fg-data">\n(.*?)</script>', open(sys.argv[1], encoding="utf-8").read(), re.S).group(1))
assert D["cmp"] == [0, 1] and D["cmpneg"] == 0, (D.get("cmp"), D.get("cmpneg"))
PY
}

@test "fg-html: the root's change, the totals', has its verdict: the totals as counts of their samples, a function's rule (under node)" {
	command -v node >/dev/null || skip "needs node"
	# rootverdict(view, sides, neg): a view of root b[0] -> w[0], sides
	# of n samples totalling t; 2% at 1,000 samples is within noise,
	# double a regression, half an improvement, 15% grew not surely
	v() { node "$FG_ROOT/tests/jseval.cjs" "$FG_ROOT/lib/draw/html/noise.js" \
		"rootverdict({ n: 1, rooted: true, w: [$2], b: [$1] }, { n: [$3, $4], t: [$5, $6] }, ${7:-false}).verdict"; }
	[ "$(v 1000 1020 1000 1020 1000 1020)" = '"pass"' ]
	[ "$(v 1000 2000 1000 2000 1000 2000)" = '"regression"' ]
	[ "$(v 2000 1000 2000 1000 2000 1000)" = '"improvement"' ]
	[ "$(v 1000 1150 1000 1150 1000 1150)" = '"noise"' ]
	# the same change of many more samples is past noise
	[ "$(v 100000 115000 100000 115000 100000 115000)" = '"regression"' ]
	# a unit other than samples: the samples the sides state
	[ "$(v 1e9 1.15e9 100000 115000 1e9 1.15e9)" = '"regression"' ]
	# a transform's view: its root's share of the samples (1% of them)
	[ "$(v 1000 1150 100000 115000 100000 115000)" = '"noise"' ]
	# negated: the widths the baseline's, the same change judged
	[ "$(v 2000 1000 1000 2000 1000 2000 true)" = '"regression"' ]
}

@test "fg-html in Chromium: the root is hatched when the totals' change is within noise, and its card says so" {
	printf 'main;a 600\nmain;b 400\n' >"$BATS_TEST_TMPDIR/a"
	printf 'main;a 615\nmain;b 405\n' >"$BATS_TEST_TMPDIR/b"
	printf 'main;a 1200\nmain;b 800\n' >"$BATS_TEST_TMPDIR/c"
	fg-html "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" "$BATS_TEST_TMPDIR/c" >"$BATS_TEST_TMPDIR/p.html"
	# +2%: the root within noise, as a and b are (no share moved)
	FG_QUERY='?cmp=0,1' browser cmp "$BATS_TEST_TMPDIR/p.html"
	[ "$(got rootnoisy)" = true ]
	FG_QUERY='?cmp=0,1' browser hover "$BATS_TEST_TMPDIR/p.html" all
	[ "$(got tip | grep '^noise:')" = "noise:within noise (no change of the total past 10%)" ]
	# doubled: past noise, not hatched; and shrunk the other way
	FG_QUERY='?cmp=0,2' browser cmp "$BATS_TEST_TMPDIR/p.html"
	[ "$(got rootnoisy)" = false ]
	FG_QUERY='?cmp=0,2' browser hover "$BATS_TEST_TMPDIR/p.html" all
	[ "$(got tip | grep '^noise:')" = "noise:past noise: the total grew past 10%" ]
	FG_QUERY='?cmp=2,0&neg=1' browser hover "$BATS_TEST_TMPDIR/p.html" all
	[ "$(got tip | grep '^noise:')" = "noise:past noise: the total shrank past 10%" ]
	# normalised: the totals made one, no change
	FG_QUERY='?cmp=0,2&norm=1' browser cmp "$BATS_TEST_TMPDIR/p.html"
	[ "$(got rootnoisy)" = true ]
	# without the marks, nothing hatched
	FG_QUERY='?cmp=0,1&nz=0' browser cmp "$BATS_TEST_TMPDIR/p.html"
	[ "$(got url)" = '?cmp=0%2C1&nz=0' ]
	[ "$(got rootnoisy)" = false ]
}

@test "fg-html in Chromium: a sandwich's callers count a vanished stack above a frame the target lacks, as fg-top --callers counts fg-diff's lines" {
	T=$BATS_TEST_TMPDIR
	# a;x;F;g only in the baseline, its caller a absent from the target,
	# so the tree has no x of its own for it: x's baseline is 10 + 5;
	# c;F;h a caller only the baseline has (a vanished stack of the callers)
	printf 'b;x;F 10\na;x;F;g 5\nmain;y 3\nc;F;h 2\n' >"$T/a"
	printf 'b;x;F 10\nmain;y 4\n' >"$T/b"
	fg-diff "$T/a" "$T/b" >"$T/d.folded"
	fg-top --callers F --format tsv "$T/d.folded" | awk -F'\t' 'NR > 1 && $4 > 0 { print $8, $4, $3 }' >"$T/want"
	[ "$(cat "$T/want")" = "x 10 15" ]
	fg-html "$T/a" "$T/b" >"$T/two.html"
	fg-diff "$T/a" "$T/b" | fg-html >"$T/d.html"
	for q in "$T/two.html ?cmp=0,1&" "$T/d.html ?"; do
		set -- $q
		FG_QUERY="${2}m=sandwich&fn=F" browser cmp "$1"
		# the callers' frames a level up: fg-top's callers of a target
		got caller | awk '$1 == 1 { print $2, $3, $4 }' | diff "$T/want" -
		[ "$(got caller | awk '$1 == 0 { print $2, $3, $4 }')" = "F 10 17" ]
		# x drawn as shrunk (its colour of -5), not as unchanged
		[ "$(got caller | awk '$1 == 1 { print $5 }')" != "#ffffff" ]
	done
	# and the callers of no target sample (a, c) are the callers'
	# vanished stacks, fg-top's rows of target 0
	page_run "$T/two.html" 'at("?cmp=0,1&m=sandwich&fn=F"); sandwichof(current()).callers.van.map((x) => NAMES[x[0][1]] + " " + x[1]).sort()' >"$T/got"
	[ "$(cat "$T/got")" = "$(printf 'c 2\nx 5')" ]
	fg-top --callers F --format tsv "$T/d.folded" | awk -F'\t' 'NR > 1 && $4 == 0 { print $8, $3 }' | diff - <(grep -v '^x' "$T/got")
}

@test "fg-html: a comparison's view, written by the join, is the one merge.js makes of fg-diff's lines, where a label begins another, its frames in the order of fg-html's page of those lines (under node)" {
	command -v node >/dev/null || skip "needs node"
	T=$BATS_TEST_TMPDIR
	# labels that begin others with a byte below ';' (merge.js's sibfix
	# order), a stack in one side only, both ways; negated too.  The
	# join writes the view itself where its widths are the frames' (not
	# decimal counts, nor -n's): each frame, width, baseline, colour and
	# end as the view merged from the joined lines (decimal's way)
	printf 'main;f 3\nmain;f (inlined);g 2\nmain;f!;h 1\nmain;f;k 4\nmain;e.x 2\nmain;e;q 1\nmain;gone;x 5\n' >"$T/a"
	printf 'main;f;k 6\nmain;f 2\nmain;f (inlined) 1\nmain;f! 2\nmain;e;q 2\nmain;e.x 1\nmain;e 1\nmain;new 3\n' >"$T/b"
	fg-html "$T/a" "$T/b" >"$T/two.html"
	for q in "" "&neg=1"; do
		v="var v = at('?cmp=0,1$q'); Array.from(v.f, (f, i) => [v.depth[i], NAMES[f], v.w[i], v.b[i], DATA.colors[v.col[i]], v.end[i]].join(' '))"
		page_run "$T/two.html" "$v" >"$T/got"
		page_run "$T/two.html" "DATA.frac = 1; $v" >"$T/want"
		[ "$(wc -l <"$T/want")" -ge 10 ]
		grep -q '^2 f (inlined) ' "$T/got"
		diff "$T/want" "$T/got"
		# and the frames in the order of fg-html's own tree of fg-diff's
		# lines (pstack_lead: "f (inlined)" before a "f" that stacks
		# end in, as sorted lines have them; "f!" after it)
		fg-diff "$T/a" "$T/b" | fg-html ${q:+--negate} >"$T/d.html"
		o="Array.from(v.f, (f, i) => [v.depth[i], NAMES[f], v.w[i], v.b[i]].join(' '))"
		page_run "$T/d.html" "var v = at(''); $o" >"$T/c"
		page_run "$T/two.html" "var v = at('?cmp=0,1$q'); $o" | diff "$T/c" -
		[ "$(grep '^2 f' "$T/c" | cut -d' ' -f2-3 | tr '\n' '|')" = "f (inlined)|f 8|f! 2|" ] || [ -n "$q" ]
	done
}

@test "fg-html: a comparison with no vanished stacks has no Elided view to show: e=1 is dropped, the noise marks drawn (under node)" {
	command -v node >/dev/null || skip "needs node"
	fg-html "$DA" "$DC" >"$BATS_TEST_TMPDIR/two.html"
	# dtrace-a to dtrace-c: no stack of a is gone from c; the other way some are
	[ "$(page_run "$BATS_TEST_TMPDIR/two.html" 'at("?cmp=0,1&e=1"); JSON.stringify([state.elided, viewrec().e, !!model.noise])')" = '[false,null,true]' ]
	[ "$(page_run "$BATS_TEST_TMPDIR/two.html" 'at("?cmp=1,0&e=1"); JSON.stringify([state.elided, viewrec().e.stacks > 0])')" = '[true,true]' ]
}

@test "fg-html in Chromium: the Elided view's card says where its stacks are: only in the baseline, negated only in the target" {
	fg-html "$DA" "$DC" >"$BATS_TEST_TMPDIR/two.html"
	FG_QUERY='?cmp=1,0&e=1' browser hover "$BATS_TEST_TMPDIR/two.html" all
	[ "$(got tip | grep '^delta:')" = "delta:vanished: only in the baseline" ]
	FG_QUERY='?cmp=0,1&neg=1&e=1' browser hover "$BATS_TEST_TMPDIR/two.html" all
	[ "$(got tip | grep '^delta:')" = "delta:new: only in the target" ]
	# no verdict of the totals there: its stacks are one side's
	[ -z "$(got tip | grep '^noise:')" ]
}
