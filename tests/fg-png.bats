#!/usr/bin/env bats
# fg-png: PNG flame graphs and FlameGraphs.jl flamepixels images

load helper

J=""
PIX=""
setup() {
	J=$DATA/folded/julia.folded
	PIX=$DATA/png/pngpix.py
}

# dtrace.folded's image is 1200 x 342: 1.2 MB of pixels, past the size
# that zlib_compress deflates in two halves at once; julia.folded's is not.
@test "fg-png: a PNG that decodes, with correct CRCs and Adler-32, as tall as fg-svg's SVG" {
	needpy zlib
	[ "$(fg-svg "$DATA/svg/dtrace.folded" | sed -n 's/^<svg .* height="\([0-9.]*\)".*/\1/p')" -ge 300 ]
	fg-png "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/out.png"
	[ "$(head -c 8 "$BATS_TEST_TMPDIR/out.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
	h=$(fg-svg "$DATA/svg/dtrace.folded" | sed -n 's/^<svg .* height="\([0-9.]*\)".*/\1/p')
	run python3 "$PIX" "$BATS_TEST_TMPDIR/out.png"
	status_is 0
	[ "$output" = "1200 $h" ]
}

@test "fg-png: pngcheck accepts it" {
	command -v pngcheck >/dev/null || skip "needs pngcheck"
	fg-png "$J" >"$BATS_TEST_TMPDIR/out.png"
	fg-png --pixels "$J" >"$BATS_TEST_TMPDIR/pix.png"
	pngcheck "$BATS_TEST_TMPDIR/out.png" "$BATS_TEST_TMPDIR/pix.png"
}

# Every box of fg-svg's graph (not its hidden elided view) at least 3 px wide has its colour in the PNG at its
# top left corner (inside the box, clear of the label).
boxes_match() {
	fg-svg "$@" >"$BATS_TEST_TMPDIR/out.svg"
	fg-png "$@" >"$BATS_TEST_TMPDIR/out.png"
	svg_lines "$BATS_TEST_TMPDIR/out.svg" | sed '/<g id="eframes"/q' |
		sed -n 's/^<rect x="\([0-9.]*\)" y="\([0-9.]*\)" width="\([0-9.]*\)" height="[0-9.]*" fill="\(#[0-9a-f]*\)"[^>]*><title>.*$/\1 \2 \3 \4/p' | awk '$3 >= 3 { printf "%d %d %s\n", int($1) + 1, $2 + 1, $4 }' \
		>"$BATS_TEST_TMPDIR/want"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -gt 3 ]
	python3 "$PIX" "$BATS_TEST_TMPDIR/out.png" $(cut -d' ' -f1,2 "$BATS_TEST_TMPDIR/want") \
		>"$BATS_TEST_TMPDIR/got"
	cut -d' ' -f3 "$BATS_TEST_TMPDIR/want" | diff - "$BATS_TEST_TMPDIR/got"
}

@test "fg-png: boxes and colours equal fg-svg's (hot palette)" {
	needpy zlib
	boxes_match "$DATA/svg/dtrace.folded"
}

@test "fg-png: boxes and colours equal fg-svg's (--colors julia --inverted --width 800)" {
	needpy zlib
	boxes_match --colors julia --inverted --width 800 "$J"
}

@test "fg-png: boxes and colours equal fg-svg's (differential, --delta=self, --height 20)" {
	needpy zlib
	boxes_match --delta=self --height 20 "$DATA/folded/diff.folded"
}

@test "fg-png: boxes and colours equal fg-svg's (--negate, --minwidth 5%, --total, --flamechart)" {
	needpy zlib
	boxes_match --negate --min-delta 10 "$DATA/folded/diff.folded"
	boxes_match --minwidth 5% --total 100000 "$DATA/svg/dtrace.folded"
	boxes_match --flamechart --reverse --no-more "$J"
	boxes_match --colors mem --hash --bgcolors '#102030' --subtitle sub "$J"
}

@test "fg-png: differential input: the new frame's colour and a legend" {
	needpy zlib
	fg-png "$DATA/folded/diff.folded" >"$BATS_TEST_TMPDIR/out.png"
	run python3 "$PIX" "$BATS_TEST_TMPDIR/out.png" row "$(python3 "$PIX" "$BATS_TEST_TMPDIR/out.png" | awk '{ print $2 - 21 }')"
	status_is 0
	# legend squares: red, blue, the new colour
	[[ "$output" == *"#ff0000"* ]]
	[[ "$output" == *"#0000ff"* ]]
	[[ "$output" == *"#3cb371"* ]]
}

@test "fg-png: the title is drawn, --title and --inverted change the image" {
	needpy zlib
	fg-png "$J" >"$BATS_TEST_TMPDIR/a.png"
	fg-png --title "Other" "$J" >"$BATS_TEST_TMPDIR/b.png"
	fg-png -i "$J" >"$BATS_TEST_TMPDIR/c.png"
	run python3 "$PIX" "$BATS_TEST_TMPDIR/a.png" row 16
	[[ "$output" == *"#000000"* ]]
	! cmp -s "$BATS_TEST_TMPDIR/a.png" "$BATS_TEST_TMPDIR/b.png" || false
	! cmp -s "$BATS_TEST_TMPDIR/a.png" "$BATS_TEST_TMPDIR/c.png" || false
	! cmp -s "$BATS_TEST_TMPDIR/b.png" "$BATS_TEST_TMPDIR/c.png" || false
}

# Where the image is black or white (a label, black or white by its
# frame's fill): "y:x x ..." for each row with text.
mask() {
	python3 "$PIX" "$1" rows | awk -v OFS=' ' '{ s = ""; for (i = 2; i <= NF; i++) if ($i ~ /#(000000|ffffff)$/) s = s " " substr($i, 1, index($i, ":") - 1); if (s != "") print $1 s }'
}

@test "fg-png: characters outside ASCII are one placeholder glyph each" {
	needpy zlib
	printf 'main;\303\244bc 5\n' | fg-png >"$BATS_TEST_TMPDIR/a.png"
	printf 'main;\342\202\254bc 5\n' | fg-png >"$BATS_TEST_TMPDIR/b.png"
	printf 'main;\377bc 5\n' | fg-png >"$BATS_TEST_TMPDIR/c.png"
	printf 'main;xbc 5\n' | fg-png >"$BATS_TEST_TMPDIR/d.png"
	[ "$(mask "$BATS_TEST_TMPDIR/a.png")" = "$(mask "$BATS_TEST_TMPDIR/b.png")" ]
	[ "$(mask "$BATS_TEST_TMPDIR/a.png")" = "$(mask "$BATS_TEST_TMPDIR/c.png")" ]
	[ "$(mask "$BATS_TEST_TMPDIR/a.png")" != "$(mask "$BATS_TEST_TMPDIR/d.png")" ]
}

@test "fg-png: a label that does not fit is cut" {
	needpy zlib
	printf 'a;short 3\nb;x 7\n' | fg-png -w 300 >"$BATS_TEST_TMPDIR/a.png"
	printf 'a;shortabcdefghijklmnop 3\nb;x 7\n' | fg-png -w 300 >"$BATS_TEST_TMPDIR/b.png"
	printf 'a;shortabcdefghijklmnoq 3\nb;x 7\n' | fg-png -w 300 >"$BATS_TEST_TMPDIR/c.png"
	[ "$(mask "$BATS_TEST_TMPDIR/a.png")" != "$(mask "$BATS_TEST_TMPDIR/b.png")" ]
	# the last letters are past the cut
	[ "$(mask "$BATS_TEST_TMPDIR/b.png")" = "$(mask "$BATS_TEST_TMPDIR/c.png")" ]
}

@test "fg-png: --width, FG_WIDTH and FG_HEIGHT" {
	needpy zlib
	fg-png --width 640 "$J" >"$BATS_TEST_TMPDIR/a.png"
	[ "$(python3 "$PIX" "$BATS_TEST_TMPDIR/a.png" | cut -d' ' -f1)" = 640 ]
	FG_WIDTH=500 FG_HEIGHT=20 fg-png "$J" >"$BATS_TEST_TMPDIR/b.png"
	h=$(FG_WIDTH=500 FG_HEIGHT=20 fg-svg "$J" | sed -n 's/^<svg .* height="\([0-9.]*\)".*/\1/p')
	[ "$(python3 "$PIX" "$BATS_TEST_TMPDIR/b.png")" = "500 $h" ]
}

@test "fg-png --pixels: a column per sample and a row per depth, root at the bottom" {
	needpy zlib
	printf 'a;b 3\na;c 2\n' | fg-png --pixels >"$BATS_TEST_TMPDIR/p.png"
	[ "$(python3 "$PIX" "$BATS_TEST_TMPDIR/p.png")" = "5 3" ]
	run python3 "$PIX" "$BATS_TEST_TMPDIR/p.png" row 2
	[[ "$output" =~ ^0:#[0-9a-f]{6}$ ]]
	run python3 "$PIX" "$BATS_TEST_TMPDIR/p.png" row 0
	[[ "$output" =~ ^0:(#[0-9a-f]{6})\ 3:(#[0-9a-f]{6})$ ]]
	[ "${BASH_REMATCH[1]}" != "${BASH_REMATCH[2]}" ]
	printf 'a;b 3\na;c 2\n' | fg-png --pixels --inverted >"$BATS_TEST_TMPDIR/i.png"
	[ "$(python3 "$PIX" "$BATS_TEST_TMPDIR/i.png" row 2)" = "$output" ]
}

@test "fg-png --pixels --costscale: columns round half to even, as Julia's round" {
	needpy zlib
	# 5 samples at 0.5: round(2.5) = 2 columns; b fills 1..round(1.5) = 1..2,
	# c round(2)..round(2.5) = 2..2, drawn over b
	printf 'a;b 3\na;c 2\n' | fg-png --pixels --costscale 0.5 >"$BATS_TEST_TMPDIR/p.png"
	[ "$(python3 "$PIX" "$BATS_TEST_TMPDIR/p.png")" = "2 3" ]
	printf 'a;b 3\na;c 2\n' | fg-png --pixels >"$BATS_TEST_TMPDIR/q.png"
	b=$(python3 "$PIX" "$BATS_TEST_TMPDIR/q.png" 0 0)
	c=$(python3 "$PIX" "$BATS_TEST_TMPDIR/q.png" 4 0)
	[ "$(python3 "$PIX" "$BATS_TEST_TMPDIR/p.png" 0 0 1 0 | tr '\n' ' ')" = "$b $c " ]
	printf 'a;b 3\na;c 2\n' | fg-png --pixels --costscale 3 >"$BATS_TEST_TMPDIR/r.png"
	[ "$(python3 "$PIX" "$BATS_TEST_TMPDIR/r.png")" = "15 3" ]
}

@test "fg-png --pixels: about 1000 columns for many samples; julia colours on white" {
	needpy zlib
	fg-png --pixels "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/p.png"
	run python3 "$PIX" "$BATS_TEST_TMPDIR/p.png"
	[ "${output% *}" = 1000 ]
	run python3 "$PIX" "$BATS_TEST_TMPDIR/p.png" 999 0
	[ "$output" = "#ffffff" ]
	fg-png --pixels --colors hot "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/h.png"
	! cmp -s "$BATS_TEST_TMPDIR/p.png" "$BATS_TEST_TMPDIR/h.png" || false
}

@test "fg-png: a 1200-wide graph of a large profile stays small" {
	gzip -dc "$DATA/svg/perf.folded.gz" | fg-png >"$BATS_TEST_TMPDIR/out.png"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/out.png")" -lt 200000 ]
}

@test "fg-png: output is the same bytes every run" {
	fg-png "$J" >"$BATS_TEST_TMPDIR/a.png"
	fg-png "$J" >"$BATS_TEST_TMPDIR/b.png"
	cmp "$BATS_TEST_TMPDIR/a.png" "$BATS_TEST_TMPDIR/b.png"
}

@test "fg-png: --palette writes the colours it chose" {
	fg-png --palette "$BATS_TEST_TMPDIR/pal.map" "$J" >/dev/null
	grep -q '^sort! at sort.jl:710->rgb(' "$BATS_TEST_TMPDIR/pal.map"
}

@test "fg-png: bad input: a message with the line, exit 1, nothing on stdout" {
	printf 'a;b 1\na;c\n' >"$BATS_TEST_TMPDIR/bad.folded"
	run fg-png "$BATS_TEST_TMPDIR/bad.folded"
	status_is 1
	[[ "$output" == *"fg-png: $BATS_TEST_TMPDIR/bad.folded:2: "* ]]
	runsh "fg-png '$BATS_TEST_TMPDIR/bad.folded' 2>/dev/null | wc -c"
	[ "$output" = 0 ]
}

@test "fg-png: no samples is an error" {
	run fg-png </dev/null
	status_is 1
	[[ "$output" == *"no samples"* ]]
}

@test "fg-png: an image too large is an error, not a crash" {
	run bash -c "printf 'a 1\n' | fg-png --width 400000 --height 2000"
	status_is 1
	[[ "$output" == *"too large"* ]]
	run bash -c "printf 'a 10000\n' | fg-png --pixels --costscale 1000000"
	status_is 1
}

@test "fg-png: usage errors exit 2" {
	run fg-png --no-such-option
	status_is 2
	[[ "$output" == *"Try 'fg-png --help'"* ]]
	run fg-png --colors nosuch "$J"
	status_is 2
	run fg-png --costscale 2 "$J"
	status_is 2
	run fg-png --pixels --costscale 0 "$J"
	status_is 2
	run fg-png --width 5 "$J"
	status_is 2
	run fg-png --bgcolors pink "$J"
	status_is 2
	run fg-png --delta=other "$J"
	status_is 2
}

@test "fg-png: --help and --version" {
	run fg-png --help
	status_is 0
	[[ "$output" == *--pixels* ]]
	[[ "$output" == *--costscale* ]]
	run fg-png --version
	status_is 0
	[ -n "$output" ]
}

@test "fg-png: the man page renders without warnings" {
	command -v groff >/dev/null || skip "needs groff"
	run groff -ww -z -man "$FG_ROOT/man/fg-png.1"
	status_is 0
	[ -z "$output" ]
}

@test "fg-png --sort=width: the same boxes and colours as fg-svg --sort=width, not the name order's" {
	needpy zlib
	boxes_match --sort=width "$DATA/svg/dtrace.folded"
	fg-png --sort=width "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/w"
	fg-png "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/n"
	! cmp -s "$BATS_TEST_TMPDIR/w" "$BATS_TEST_TMPDIR/n" || false
	run fg-png --sort=size "$DATA/svg/dtrace.folded"
	status_is 2
}
