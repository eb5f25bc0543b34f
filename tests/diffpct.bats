#!/usr/bin/env bats
# One differential percentage (fg-folded(5)): the change as a percentage
# of the target's total, in fg-svg, fg-pdf, fg-vega and fg-top alike

load helper

D=""
setup() {
	D=$BATS_TEST_TMPDIR/d.folded
	# baseline total 100, target total 130; f grew by 30
	printf 'main;f 30 60\nmain;g 70 70\n' >"$D"
}

# expected: 100 * (target - base) / target total, for frame f
expect_f() {
	awk '{ b += $(NF-1); t += $NF } /;f / { d = $NF - $(NF-1) }
	    END { printf "+%.2f", 100 * d / t }' "$D"
}

@test "diff%: fg-top's delta% is of the target total" {
	e=$(expect_f)
	[ "$e" = "+23.08" ]	# of the baseline it would be +30.00
	run fg-top --format tsv "$D"
	status_is 0
	[ "$(awk -F'\t' '$NF == "f" { print $8 }' <<<"$output")" = "$e" ]
}

@test "diff%: fg-pdf's link text says the same" {
	e=$(expect_f)
	hex=$(printf 'f (60 samples, 46.15%%; +30 samples, %s%%)' "$e" |
		iconv -f UTF-8 -t UTF-16BE | od -An -tx1 | tr -d ' \n' | tr a-f A-F)
	fg-pdf "$D" | grep -aq "/Contents <FEFF$hex>"
}

@test "diff%: fg-svg's tooltip says the same (its script run by node)" {
	command -v node >/dev/null || skip "needs node"
	e=$(expect_f)
	# by default the tooltip is the frame's title
	fg-svg "$D" | grep -qF "<title>f (60 samples, 46.15%; +30 samples, $e%)</title>"
	# with --no-more the script has the counts and makes the text itself
	fg-svg --no-more "$D" >"$BATS_TEST_TMPDIR/d.svg"
	run node -e '
		const s = require("fs").readFileSync(process.argv[1], "utf8");
		const js = s.split("<![CDATA[")[1].split("]]>")[0];
		eval(js + "; view = mkv(); function mkv() { return { F: D.f, n: D.n, total: D.total }; }" +
		    "views = [view]; for (var i = 0; i < D.f.length / S; i++) console.log(info(i));");
	' "$BATS_TEST_TMPDIR/d.svg"
	status_is 0
	[[ "$output" == *"f (60 samples, 46.15%; +30 samples, $e%)"* ]]
}

@test "diff%: fg-vega's tooltips compute the change over the target total" {
	total=$(awk '{ t += $NF } END { print t }' "$D")
	fg-vega "$D" | grep -qF "{\"calculate\": \"100 * (datum.c - datum.o) / $total\", \"as\": \"dp\"}"
	fg-vega "$D" | grep -qF '{"field":"dp","title":"change%","format":"+.2f"}'
	fg-vega --vega "$D" | grep -qF "{\"type\": \"formula\", \"expr\": \"100 * (datum.c - datum.o) / $total\", \"as\": \"dp\"}"
	fg-vega --vega "$D" | grep -qF "'change%': format(datum.dp, '+.2f')"
}

@test "diff%: fg-folded(5) states the definition" {
	grep -q "as a percentage of the target's total" "$FG_ROOT/man/fg-folded.5"
}
