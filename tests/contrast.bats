#!/usr/bin/env bats
# Labels keep at least 4.5:1 contrast with every frame colour, in every
# renderer (checked by tests/data/svg/contrast.py, from WCAG 2's formula)

load helper

C=""
setup() {
	C=$DATA/svg/contrast.py
	needpy
}

# the inputs: many names in the hot palette (dark reds among them), a
# differential profile (full blue), Julia's palettes
inputs() {
	echo "$DATA/svg/dtrace.folded"
	echo "$BATS_TEST_TMPDIR/diff.folded"
	echo "$DATA/folded/julia.folded"
}

mkdiff() {
	fg-diff "$DATA/diff/dtrace-a.folded" "$DATA/diff/dtrace-c.folded" >"$BATS_TEST_TMPDIR/diff.folded"
}

@test "contrast: fg-svg, every palette, differential and elided views" {
	mkdiff
	for p in hot mem io wakeup chain java js perl red green blue aqua yellow purple orange julia category; do
		fg-svg --colors $p "$DATA/folded/julia.folded" >"$BATS_TEST_TMPDIR/o.svg"
		run python3 "$C" svg "$BATS_TEST_TMPDIR/o.svg"
		status_is 0
	done
	for f in $(inputs); do
		fg-svg "$f" >"$BATS_TEST_TMPDIR/o.svg"
		run python3 "$C" svg "$BATS_TEST_TMPDIR/o.svg"
		status_is 0
	done
	# white labels exist at all: on the full blue of the frame that shrank most
	printf 'main;f 70 30\nmain;g 40 41\n' | fg-svg >"$BATS_TEST_TMPDIR/o.svg"
	grep -q 'fill="#0000ff"><title>f (' "$BATS_TEST_TMPDIR/o.svg"
	grep -q '<text class="w" [^>]*>f</text>' "$BATS_TEST_TMPDIR/o.svg"
	grep -q '^text.w { fill:rgb(255,255,255); }$' "$FG_ROOT/lib/draw/svg.css"
}

@test "contrast: fg-svg with a dark custom background chooses the faded labels by it" {
	fg-svg --bgcolors '#202020' "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/o.svg"
	run python3 "$C" svg "$BATS_TEST_TMPDIR/o.svg"
	status_is 0
	grep -q 'class="pw"' "$BATS_TEST_TMPDIR/o.svg"
}

@test "contrast: fg-png's label pixels on every box" {
	mkdiff
	for f in $(inputs); do
		fg-svg "$f" >"$BATS_TEST_TMPDIR/o.svg"
		fg-png "$f" >"$BATS_TEST_TMPDIR/o.png"
		run python3 "$C" png "$BATS_TEST_TMPDIR/o.png" "$BATS_TEST_TMPDIR/o.svg"
		status_is 0
	done
}

@test "contrast: fg-pdf's labels" {
	mkdiff
	for f in $(inputs); do
		fg-pdf "$f" | python3 "$DATA/png/pdfparts.py" /dev/stdin >"$BATS_TEST_TMPDIR/parts"
		run python3 "$C" pdf "$BATS_TEST_TMPDIR/parts"
		status_is 0
		[[ "$output" != "0 frames"* ]]
	done
}

@test "contrast: fg-vega's labels, by status and by change" {
	mkdiff
	for f in $(inputs); do
		fg-vega "$f" >"$BATS_TEST_TMPDIR/o.json"
		run python3 "$C" vega "$BATS_TEST_TMPDIR/o.json"
		status_is 0
	done
	# the text marks take the choice
	fg-vega "$DATA/folded/julia.folded" | grep -qF '"color": {"condition": {"test": "datum.l == 1", "value": "white"}, "value": "black"}'
	fg-vega --vega "$DATA/folded/julia.folded" | grep -qF "\"fill\": {\"signal\": \"datum.l == 1 ? 'white' : 'black'\"}"
}
