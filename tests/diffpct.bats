#!/usr/bin/env bats
# One differential percentage (fg-folded(5)): the change as a percentage
# of the target's total, in fg-svg, fg-pdf, fg-vega and fg-top (its table
# and its --tree) alike

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

# column NAME of the TSV on stdin, on the rows whose last field is ROW
tsv_col() {
	awk -F'\t' -v col="$1" -v row="$2" '
	    NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
	    $NF == row { print $c }'
}

@test "diff%: fg-top --tree's delta% is of the target total, as the table's" {
	e=$(expect_f)
	run fg-top --tree --format tsv "$D"
	status_is 0
	[ "$(tsv_col delta% f <<<"$output")" = "$e" ]
	run fg-top --tree --format json "$D"
	status_is 0
	[[ "$output" == *"\"delta%\":${e#+},\"flags\":\"\",\"name\":\"f\"}"* ]]
}

@test "diff%: a frame above two stacks says the same in the table and the tree" {
	# fg-folded(5): a grew by (20 + 5) - (10 + 10) = 5 of a target
	# total of 25, +20.00% (of the baseline's 20 it would be +25.00)
	printf 'a;b 10 20\na;c 10 5\n' >"$BATS_TEST_TMPDIR/a.folded"
	e=$(awk '{ b += $(NF-1); t += $NF } END { printf "+%.2f", 100 * (t - b) / t }' \
	    "$BATS_TEST_TMPDIR/a.folded")
	[ "$e" = "+20.00" ]
	run fg-top --format tsv "$BATS_TEST_TMPDIR/a.folded"
	status_is 0
	[ "$(tsv_col delta% a <<<"$output")" = "$e" ]
	run fg-top --tree --min 0 --format tsv "$BATS_TEST_TMPDIR/a.folded"
	status_is 0
	[ "$(tsv_col delta% a <<<"$output")" = "$e" ]
	# and b, +10 of 25, in both
	[ "$(tsv_col delta% b <<<"$output")" = "+40.00" ]
	run fg-top --format tsv "$BATS_TEST_TMPDIR/a.folded"
	status_is 0
	[ "$(tsv_col delta% b <<<"$output")" = "+40.00" ]
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
		    "views = [view]; for (var i = 0; i < D.f.length / stride; i++) console.log(info(i));");
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
