#!/usr/bin/env bats
# Vanished stacks (target 0): fg-svg's Elided control shows their samples;
# fg-png, fg-pdf and fg-vega print that count in the picture

load helper

V=""
K=""
setup() {
	V=$BATS_TEST_TMPDIR/van.folded
	K=$BATS_TEST_TMPDIR/kept.folded
	printf 'main;f 70 0\nmain;g 1 40\nmain;h;i 5 0\nmain;h;j 5 5\n' >"$V"
	# the same graph without the vanished stacks
	awk '$NF != 0' "$V" >"$K"
}

vanished() {
	awk '$NF == 0 { n += $(NF-1) } END { print n + 0 }' "$1"
}

@test "vanished: fg-svg's Elided control is plain and counts the samples" {
	n=$(vanished "$V")
	[ "$n" = 75 ]
	run fg-svg "$V"
	status_is 0
	[[ "$output" == *"<text id=\"elided\" x=\"1080.00\" y=\"24\">Show vanished ($n samples)</text>"* ]]
	# no longer a 10%-opacity control
	! grep -q '#elided[^{]*{[^}]*opacity' "$FG_ROOT/lib/draw/svg.css" || false
	run fg-svg --countname bytes --factor 2 "$V"
	[[ "$output" == *">Show vanished ($((2 * n)) bytes)</text>"* ]]
	# none vanished: no control
	run fg-svg "$K"
	[[ "$output" != *'id="elided"'* ]]
}

@test "vanished: fg-pdf and fg-vega print the count" {
	n=$(vanished "$V")
	needpy zlib
	fg-pdf "$V" | python3 "$DATA/png/pdfparts.py" /dev/stdin >"$BATS_TEST_TMPDIR/parts"
	grep -q "($n samples vanished \\\\(target 0\\\\), not drawn) Tj$" "$BATS_TEST_TMPDIR/parts"
	fg-pdf "$K" | python3 "$DATA/png/pdfparts.py" /dev/stdin >"$BATS_TEST_TMPDIR/parts"
	! grep -q "vanished" "$BATS_TEST_TMPDIR/parts" || false
	fg-vega "$V" | grep -qF "\"title\": {\"text\": \"Diff Profile Results\", \"subtitle\": \"$n samples vanished (target 0), not drawn\"},"
	fg-vega --vega "$V" | grep -qF "\"subtitle\": \"$n samples vanished (target 0), not drawn\""
	fg-vega "$K" | grep -qF '"title": "Diff Profile Results",'
}

@test "vanished: fg-png prints the count in the bottom band, right of the legend" {
	needpy zlib
	fg-png "$V" >"$BATS_TEST_TMPDIR/v.png"
	fg-png "$K" >"$BATS_TEST_TMPDIR/k.png"
	run python3 - "$DATA/png/pngpix.py" "$BATS_TEST_TMPDIR/v.png" "$BATS_TEST_TMPDIR/k.png" <<'PY'
import sys
src = open(sys.argv[1]).read().split('\nw, h, rows = decode')[0]
ns = {}
exec(src, ns)
w, h, a = ns['decode'](sys.argv[2])
_, _, b = ns['decode'](sys.argv[3])
# the bottom band (34 pixels under the frames): the legend, and the note
diff = [(x, y) for y in range(h - 34, h) for x in range(w) if a[y][3 * x:3 * x + 3] != b[y][3 * x:3 * x + 3]]
# text of 6-pixel glyphs: as many black pixels as a line of small text
black = [p for p in diff if a[p[1]][3 * p[0]:3 * p[0] + 3] == bytearray(3)]
assert diff and all(x > w / 2 + 130 for x, y in diff)
assert len(black) > 100
PY
	status_is 0
}

@test "a differential profile in which every stack vanished says so, not 'no samples'" {
	printf 'main;a 5 0\nmain;b 3 0\n' >"$BATS_TEST_TMPDIR/gone"
	for p in fg-svg fg-png fg-pdf fg-vega; do
		run $p "$BATS_TEST_TMPDIR/gone"
		status_is 1
		[ "$output" = "$p: every stack vanished: the target has no samples, the baseline has some" ]
	done
	run fg-html "$BATS_TEST_TMPDIR/gone"
	status_is 1
	[ "$output" = "fg-html: $BATS_TEST_TMPDIR/gone: every stack vanished: the target has no samples, the baseline has some" ]
	# both columns empty is still no samples
	printf 'main;a 0 0\n' >"$BATS_TEST_TMPDIR/none"
	run fg-svg "$BATS_TEST_TMPDIR/none"
	status_is 1
	[ "$output" = "fg-svg: no samples in the input" ]
}
