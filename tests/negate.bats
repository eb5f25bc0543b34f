#!/usr/bin/env bats
# --negate (ProfileVega's: the baseline drawn) and --negate=hues
# (flamegraph.pl's: the target drawn, red and blue swapped), and
# flamegraph.pl's scale of --delta=self.

load helper

# "x y fill" of each frame of an SVG, in order
fills() {
	svg_lines "$1" | sed -n 's/^<rect x="\([0-9.]*\)" y="\([0-9.]*\)" width="\([0-9.]*\)"[^>]* fill="\(#[0-9a-f]*\)"[^>]*><title>.*/\1 \2 \3 \4/p'
}

@test "negate=hues: the target's boxes, each colour with red and blue swapped" {
	fg-diff "$DATA/diff/dtrace-c.folded" "$DATA/diff/dtrace-a.folded" >"$BATS_TEST_TMPDIR/d"
	fg-svg --delta=self "$BATS_TEST_TMPDIR/d" >"$BATS_TEST_TMPDIR/plain.svg"
	fg-svg --delta=self --negate=hues "$BATS_TEST_TMPDIR/d" >"$BATS_TEST_TMPDIR/hues.svg"
	fills "$BATS_TEST_TMPDIR/plain.svg" >"$BATS_TEST_TMPDIR/p"
	fills "$BATS_TEST_TMPDIR/hues.svg" >"$BATS_TEST_TMPDIR/h"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/p")" -gt 200 ]
	# swapped: #RRGGBB -> #BBGGRR, but green (new) frames, "+N more" and white
	awk '{ c = $4; if (c != "#3cb371" && c != "#ffffff") c = "#" substr(c, 6, 2) substr(c, 4, 2) substr(c, 2, 2); print $1, $2, $3, c }' \
	    "$BATS_TEST_TMPDIR/p" | cmp - "$BATS_TEST_TMPDIR/h"
	# both hues are there, so the swap was seen
	grep -q '#ff[0-9a-f][0-9a-f][0-9a-f][0-9a-f]$' "$BATS_TEST_TMPDIR/h"
	grep -q '#[0-9a-f]*ff$' "$BATS_TEST_TMPDIR/h"
	# the key says so
	grep -q 'fill="#ff0000"/>' "$BATS_TEST_TMPDIR/hues.svg"
	[ "$(grep -o '<text x="[0-9.]*" y="[0-9.]*">\(grew\|shrank\)</text>' "$BATS_TEST_TMPDIR/hues.svg" | sed 's/.*>\(.*\)<.*/\1/' | tr '\n' ' ')" = "shrank grew " ]
	[ "$(grep -o '<text x="[0-9.]*" y="[0-9.]*">\(grew\|shrank\)</text>' "$BATS_TEST_TMPDIR/plain.svg" | sed 's/.*>\(.*\)<.*/\1/' | tr '\n' ' ')" = "grew shrank " ]
	# ProfileVega's --negate draws the baseline instead: other widths
	fg-svg --delta=self --negate "$BATS_TEST_TMPDIR/d" >"$BATS_TEST_TMPDIR/vega.svg"
	! fills "$BATS_TEST_TMPDIR/vega.svg" | cut -d' ' -f1-3 | cmp -s - <(cut -d' ' -f1-3 "$BATS_TEST_TMPDIR/h") || false
	# fg-png takes it too
	fg-png --negate=hues "$BATS_TEST_TMPDIR/d" | cmp -s - <(fg-png "$BATS_TEST_TMPDIR/d") && return 1
	run fg-svg --negate=x "$BATS_TEST_TMPDIR/d"
	status_is 2
	[ "${lines[0]}" = "fg-svg: bad negate: 'x' (hues)" ]
}

@test "negate=hues: fg-pdf's key, as fg-svg's, names red shrank and blue grew" {
	needpy zlib
	printf 'main;a 10 12\nmain;b 10 8\n' >"$BATS_TEST_TMPDIR/d"
	# each label of the key after its swatch's colour
	key() {
		fg-pdf "$@" "$BATS_TEST_TMPDIR/d" >"$BATS_TEST_TMPDIR/k.pdf"
		python3 "$DATA/png/pdfparts.py" "$BATS_TEST_TMPDIR/k.pdf" |
		    awk '/ rg$/ { c = $0 } /\((grew|shrank)\) Tj$/ { print c, $(NF - 1) }' | tr '\n' ' '
	}
	[ "$(key)" = "1 0 0 rg (grew) 0 0 1 rg (shrank) " ]
	[ "$(key --negate=hues)" = "1 0 0 rg (shrank) 0 0 1 rg (grew) " ]
}

@test "delta=self: the scale is flamegraph.pl's, the largest change of a line, vanished stacks too" {
	printf 'main;a 10 12\nmain;gone 100 0\n' | fg-svg --delta=self >"$BATS_TEST_TMPDIR/s.svg"
	# flamegraph.pl's color_scale: +2 of 100 is 255, 210 * 98 / 100, the same
	want=$(awk 'BEGIN { g = int(210 * (100 - 2) / 100); printf "#ff%02x%02x", g, g }')
	svg_lines "$BATS_TEST_TMPDIR/s.svg" | grep -q "fill=\"$want\"><title>a ("
}

@test "negate=hues: a frame new in the target is coloured by its change, as flamegraph.pl colours it" {
	printf 'main;a 10 10\nmain;new 0 5\n' >"$BATS_TEST_TMPDIR/d"
	# green without it
	fg-svg --delta=self "$BATS_TEST_TMPDIR/d" | svg_lines | grep -q 'fill="#3cb371"><title>new ('
	# flamegraph.pl's color_scale of -5 of a largest change of 5: blue, 210 * 0 / 5
	fg-svg --delta=self --negate=hues "$BATS_TEST_TMPDIR/d" | svg_lines | grep -q 'fill="#0000ff"><title>new ('
}
