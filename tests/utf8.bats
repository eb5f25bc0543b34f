#!/usr/bin/env bats
# Names are untrusted bytes: what XML 1.0 forbids (U+FFFE, U+FFFF, C0
# controls other than tab, LF and CR) never reaches an SVG, neither in
# its text nor in its script's CDATA, nor from --countname, --nametype,
# --title, --subtitle or --notes; the script keeps such a name exact as
# a JSON escape.

load helper

# U+FFFE, U+FFFF, and the control character 0x01
nonchars=$'\xef\xbf\xbe\xef\xbf\xbf\x01'

# fail when the file holds U+FFFE, U+FFFF or a C0 control but tab and LF
no_forbidden() {
	! LC_ALL=C grep -q $'\xef\xbf[\xbe\xbf]' "$1" &&
		! LC_ALL=C grep -q $'[\x01-\x08\x0b\x0c\x0e-\x1f]' "$1" || false
}

@test "utf8: U+FFFE and U+FFFF in a frame name stay out of the SVG, which stays XML" {
	printf 'main;\xef\xbf\xbe 1\nmain;x\xef\xbf\xbfy 2\nmain;c\x01d 3\n' >"$BATS_TEST_TMPDIR/in"
	fg-svg "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out.svg"
	no_forbidden "$BATS_TEST_TMPDIR/out.svg"
	grep -q '<title>x�y (2 samples' "$BATS_TEST_TMPDIR/out.svg"
	# where the script keeps its own copy of the names (--no-more), they
	# are exact there, as escapes
	fg-svg --no-more "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out.svg"
	no_forbidden "$BATS_TEST_TMPDIR/out.svg"
	grep -q '^"\\ufffe",\?$' "$BATS_TEST_TMPDIR/out.svg"
	grep -q '^"x\\uffffy",\?$' "$BATS_TEST_TMPDIR/out.svg"
	grep -q '^"c\\u0001d"' "$BATS_TEST_TMPDIR/out.svg"
	if command -v xmllint >/dev/null; then
		run bash -c "printf 'main;\xef\xbf\xbe 1\n' | fg-svg | xmllint --noout -"
		status_is 0
		xmllint --noout "$BATS_TEST_TMPDIR/out.svg"
	fi
}

@test "utf8: the same from --countname, --nametype, --title, --subtitle and --notes" {
	printf 'main;a 1\n' >"$BATS_TEST_TMPDIR/in"
	fg-svg --countname "c$nonchars" --nametype "n$nonchars" --title "t$nonchars" \
	    --subtitle "s$nonchars" --notes "o$nonchars" "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out.svg"
	no_forbidden "$BATS_TEST_TMPDIR/out.svg"
	grep -q 'cn:"c\\ufffe\\uffff\\u0001"' "$BATS_TEST_TMPDIR/out.svg"
	if command -v xmllint >/dev/null; then
		xmllint --noout "$BATS_TEST_TMPDIR/out.svg"
	fi
}

@test "utf8: JSON output escapes them too (fg-vega, fg-top --format json)" {
	printf 'main;x\xef\xbf\xbe 1\n' >"$BATS_TEST_TMPDIR/in"
	fg-vega "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out.json"
	no_forbidden "$BATS_TEST_TMPDIR/out.json"
	grep -q 'x\\ufffe' "$BATS_TEST_TMPDIR/out.json"
	fg-top --format json "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/top.json"
	no_forbidden "$BATS_TEST_TMPDIR/top.json"
	grep -q 'x\\ufffe' "$BATS_TEST_TMPDIR/top.json"
}
