#!/usr/bin/env bats
# fg-pdf: one-page vector PDF flame graphs

load helper

J=""
PARTS=""
setup() {
	J=$DATA/folded/julia.folded
	PARTS=$DATA/png/pdfparts.py
}

@test "fg-pdf: exact cross references, a content stream that inflates, one rect per fg-svg box" {
	needpy zlib
	fg-pdf "$J" >"$BATS_TEST_TMPDIR/out.pdf"
	[ "$(head -c 8 "$BATS_TEST_TMPDIR/out.pdf")" = "%PDF-1.4" ]
	python3 "$PARTS" "$BATS_TEST_TMPDIR/out.pdf" >"$BATS_TEST_TMPDIR/parts"
	# the background, then the 16 frames fg-svg draws
	n=$(fg-svg "$J" | awk -f "$DATA/svg/boxes.awk" | wc -l)
	[ "$(grep -c ' re f$' "$BATS_TEST_TMPDIR/parts")" -eq "$n" ]
	grep -q '^/F1 17 Tf 1 0 0 1 [0-9.]* [0-9.]* Tm (Flame Graph) Tj$' "$BATS_TEST_TMPDIR/parts"
	grep -q '^/F1 12 Tf 1 0 0 1 13 [0-9.]* Tm (all) Tj$' "$BATS_TEST_TMPDIR/parts"
}

@test "fg-pdf: qpdf --check passes" {
	command -v qpdf >/dev/null || skip "needs qpdf"
	fg-pdf "$J" >"$BATS_TEST_TMPDIR/a.pdf"
	fg-pdf "$DATA/folded/diff.folded" >"$BATS_TEST_TMPDIR/b.pdf"
	fg-pdf --no-links "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/c.pdf"
	for f in a b c; do qpdf --check "$BATS_TEST_TMPDIR/$f.pdf"; done
}

@test "fg-pdf: pdftoppm renders it with fg-svg's box colours in place" {
	command -v pdftoppm >/dev/null || skip "needs pdftoppm"
	needpy zlib
	fg-pdf --colors julia "$J" >"$BATS_TEST_TMPDIR/out.pdf"
	pdftoppm -png -r 72 -singlefile "$BATS_TEST_TMPDIR/out.pdf" "$BATS_TEST_TMPDIR/r"
	fg-svg --colors julia "$J" | svg_lines | sed -n 's/^<rect x="\([0-9.]*\)" y="\([0-9.]*\)" width="\([0-9.]*\)" height="[0-9.]*" fill="\(#[0-9a-f]*\)"[^>]*><title>.*$/\1 \2 \3 \4/p' |
		awk '$3 >= 4 { printf "%d %d %s\n", int($1) + 1, $2 + 2, $4 }' >"$BATS_TEST_TMPDIR/want"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -gt 5 ]
	python3 "$DATA/png/pngpix.py" "$BATS_TEST_TMPDIR/r.png" $(cut -d' ' -f1,2 "$BATS_TEST_TMPDIR/want") >"$BATS_TEST_TMPDIR/got"
	cut -d' ' -f3 "$BATS_TEST_TMPDIR/want" | diff - "$BATS_TEST_TMPDIR/got"
}

@test "fg-pdf: link annotations carry the whole name and count, in UTF-16" {
	needpy zlib
	printf 'main;f\303\251\342\202\254_[k] 3\nmain;g 1\n' | fg-pdf >"$BATS_TEST_TMPDIR/out.pdf"
	python3 "$PARTS" "$BATS_TEST_TMPDIR/out.pdf" >"$BATS_TEST_TMPDIR/parts"
	grep -qxF 'annot: all (4 samples, 100.00%)' "$BATS_TEST_TMPDIR/parts"
	grep -qxF "annot: $(printf 'f\303\251\342\202\254_[k]') (3 samples, 75.00%)" "$BATS_TEST_TMPDIR/parts"
	# the label: annotation dropped, Latin-1 kept as octal, the rest '?'
	grep -q '(f\\351?) Tj$' "$BATS_TEST_TMPDIR/parts"
	printf 'main;f 3\n' | fg-pdf --no-links >"$BATS_TEST_TMPDIR/none.pdf"
	! grep -q '/Annots' "$BATS_TEST_TMPDIR/none.pdf" || false
}

@test "fg-pdf: differential input: change in the annotations, legend, new colour" {
	needpy zlib
	fg-pdf "$DATA/folded/diff.folded" >"$BATS_TEST_TMPDIR/out.pdf"
	python3 "$PARTS" "$BATS_TEST_TMPDIR/out.pdf" >"$BATS_TEST_TMPDIR/parts"
	grep -qxF 'annot: main;f (12 samples, 63.16%; +2 samples, +10.53%)' "$BATS_TEST_TMPDIR/parts" ||
		grep -qxF 'annot: f (12 samples, 63.16%; +2 samples, +10.53%)' "$BATS_TEST_TMPDIR/parts"
	grep -q '(grew) Tj' "$BATS_TEST_TMPDIR/parts"
	grep -q '^.235 .702 .443 rg$' "$BATS_TEST_TMPDIR/parts"
}

@test "fg-pdf: text is escaped: parentheses and backslashes" {
	needpy zlib
	printf 'main;a(b)c\\d 3\n' | fg-pdf >"$BATS_TEST_TMPDIR/out.pdf"
	python3 "$PARTS" "$BATS_TEST_TMPDIR/out.pdf" >"$BATS_TEST_TMPDIR/parts"
	grep -qF '(a\(b\)c\\d) Tj' "$BATS_TEST_TMPDIR/parts"
	printf 'main;)Tj ET BT (x 3\n' | fg-pdf >"$BATS_TEST_TMPDIR/evil.pdf"
	python3 "$PARTS" "$BATS_TEST_TMPDIR/evil.pdf" | grep -qF '(\)Tj ET BT \(x) Tj'
}

@test "fg-pdf: labels cut to fit end in .." {
	needpy zlib
	printf 'a;averyveryverylongfunctionname 10\nb 20\n' | fg-pdf -w 300 >"$BATS_TEST_TMPDIR/out.pdf"
	# 93 points hold 13 characters of 12 * 0.59: 11 and ".."
	python3 "$PARTS" "$BATS_TEST_TMPDIR/out.pdf" | grep -q ' (averyveryve) Tj (..) Tj$'
}

@test "fg-pdf: --width, --height, --fontsize, --title, --subtitle, --inverted, FG_WIDTH" {
	needpy zlib
	fg-pdf -w 800 -H 20 --fontsize 10 -t 'My (graph)' --subtitle sub -i "$J" >"$BATS_TEST_TMPDIR/out.pdf"
	grep -aq '/MediaBox \[0 0 800 ' "$BATS_TEST_TMPDIR/out.pdf"
	python3 "$PARTS" "$BATS_TEST_TMPDIR/out.pdf" >"$BATS_TEST_TMPDIR/parts"
	grep -q '/F1 15 Tf .* (My \\(graph\\)) Tj' "$BATS_TEST_TMPDIR/parts"
	grep -q '(sub) Tj' "$BATS_TEST_TMPDIR/parts"
	grep -q ' 19 re f$' "$BATS_TEST_TMPDIR/parts"
	FG_WIDTH=640 fg-pdf "$J" | grep -aq '/MediaBox \[0 0 640 '
}

@test "fg-pdf: the same bytes every run" {
	fg-pdf "$J" >"$BATS_TEST_TMPDIR/a.pdf"
	fg-pdf "$J" >"$BATS_TEST_TMPDIR/b.pdf"
	cmp "$BATS_TEST_TMPDIR/a.pdf" "$BATS_TEST_TMPDIR/b.pdf"
}

@test "fg-pdf: bad input: a message with the line, exit 1, nothing on stdout" {
	printf 'a;b 1 2\na;c 1\n' >"$BATS_TEST_TMPDIR/bad.folded"
	run fg-pdf "$BATS_TEST_TMPDIR/bad.folded"
	status_is 1
	[[ "$output" == *"fg-pdf: $BATS_TEST_TMPDIR/bad.folded:2: "* ]]
	runsh "fg-pdf '$BATS_TEST_TMPDIR/bad.folded' 2>/dev/null | wc -c"
	[ "$output" = 0 ]
	run fg-pdf </dev/null
	status_is 1
	[[ "$output" == *"no samples"* ]]
}

@test "fg-pdf: usage errors exit 2; --help and --version" {
	run fg-pdf --bogus
	status_is 2
	run fg-pdf --fontsize 0 "$J"
	status_is 2
	run fg-pdf --minwidth x "$J"
	status_is 2
	run fg-pdf --help
	status_is 0
	[[ "$output" == *--no-links* ]]
	run fg-pdf --version
	status_is 0
}

@test "fg-pdf: the man page renders without warnings" {
	command -v groff >/dev/null || skip "needs groff"
	run groff -ww -z -man "$FG_ROOT/man/fg-pdf.1"
	status_is 0
	[ -z "$output" ]
}

@test "fg-pdf: pdf_num writes any finite number whole, and nothing but its digits" {
	# a number longer than a small buffer came out with the bytes after it
	big=$(awk 'BEGIN { printf "%.3f", 1e300 }')
	big=${big%.000}
	run pdfnum 1e300 -1e300 0.5 -0.25 -0.0001 12 2.25
	status_is 0
	[ "$output" = "$big -$big .5 -.25 0 12 2.25 " ]
	run pdfnum inf
	status_is 1
	[[ "$output" == *"internal error"* ]]
}

@test "fg-pdf --sort=width: a page unlike the name order's; a bad value is a usage error" {
	fg-pdf --sort=width "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/w"
	fg-pdf "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/n"
	! cmp -s "$BATS_TEST_TMPDIR/w" "$BATS_TEST_TMPDIR/n" || false
	run fg-pdf --sort=size "$DATA/svg/dtrace.folded"
	status_is 2
}
