#!/usr/bin/env bats
# Hostile frame names through every renderer: markup, quotes, control
# bytes and invalid UTF-8 must neither break the document nor inject
# anything into it.

load helper

setup() {
	H=$DATA/hostile/names.folded
}

# A program of the suite is built, or a helper tool is installed.
have() {
	case "$1" in
	fg-*) [ -x "$FG_BIN/$1" ] ;;
	*) command -v "$1" >/dev/null 2>&1 ;;
	esac
}

# Fails when a hostile name became markup: a tag of its own, or an
# attribute (their text may stay, escaped, as character data).
no_injection() {
	! grep -q '<script>alert' "$1"
	! grep -q '<img' "$1"
}

@test "hostile: fg-svg writes well-formed XML with every name escaped" {
	have fg-svg || skip "fg-svg not built"
	fg-svg "$H" >"$BATS_TEST_TMPDIR/out.svg"
	no_injection "$BATS_TEST_TMPDIR/out.svg"
	# control bytes are not allowed in XML 1.0 at all
	! LC_ALL=C grep -q "$(printf '[\001-\010\013\014\016-\037]')" "$BATS_TEST_TMPDIR/out.svg"
	have xmllint || skip "needs xmllint for the XML check"
	xmllint --noout "$BATS_TEST_TMPDIR/out.svg"
}

@test "hostile: fg-svg differential input too" {
	have fg-svg || skip "fg-svg not built"
	awk '{n=$NF; $NF=""; print $0 n, n+1}' "$H" | fg-svg >"$BATS_TEST_TMPDIR/out.svg"
	no_injection "$BATS_TEST_TMPDIR/out.svg"
	have xmllint || skip "needs xmllint for the XML check"
	xmllint --noout "$BATS_TEST_TMPDIR/out.svg"
}

@test "hostile: fg-vega JSON parses and --html cannot be broken out of" {
	have fg-vega || skip "fg-vega not built"
	fg-vega "$H" >"$BATS_TEST_TMPDIR/out.json"
	fg-vega --vega "$H" >"$BATS_TEST_TMPDIR/out.vg.json"
	fg-vega --html "$H" >"$BATS_TEST_TMPDIR/out.html"
	no_injection "$BATS_TEST_TMPDIR/out.html"
	# exactly the script tags the page itself opens and closes
	[ "$(grep -o '</script' "$BATS_TEST_TMPDIR/out.html" | wc -l)" -eq "$(grep -o '<script' "$BATS_TEST_TMPDIR/out.html" | wc -l)" ]
	have python3 || skip "needs python3 for the JSON check"
	python3 -c 'import json,sys; [json.load(open(f)) for f in sys.argv[1:]]' \
		"$BATS_TEST_TMPDIR/out.json" "$BATS_TEST_TMPDIR/out.vg.json"
}

@test "hostile: fg-png and fg-pdf draw them without trouble" {
	have fg-png || skip "fg-png not built"
	fg-png "$H" >"$BATS_TEST_TMPDIR/out.png"
	[ "$(head -c 8 "$BATS_TEST_TMPDIR/out.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
	have fg-pdf || skip "fg-pdf not built"
	fg-pdf "$H" >"$BATS_TEST_TMPDIR/out.pdf"
	[ "$(head -c 5 "$BATS_TEST_TMPDIR/out.pdf")" = "%PDF-" ]
	! grep -q '<script' "$BATS_TEST_TMPDIR/out.pdf"
}

@test "hostile: fg-top --format json parses" {
	have fg-top || skip "fg-top not built"
	fg-top --format json "$H" >"$BATS_TEST_TMPDIR/out.json"
	have python3 || skip "needs python3 for the JSON check"
	python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$BATS_TEST_TMPDIR/out.json"
}

@test "hostile: /dev/zero is refused at once, not read to the end of a line that never ends" {
	# a NUL was reported only at its line's newline: /dev/zero grew
	# the line buffer to 7-14 GB; 200 MB of address space is plenty now
	for p in fg-merge fg-prune fg-top fg-svg perf-fold; do
		have "$p" || continue
		args=
		[ "$p" = fg-prune ] && args=x
		runsh "ulimit -v 200000; $p $args /dev/zero 2>&1"
		status_is 1
		[ "$output" = "$p: /dev/zero:1: NUL byte in input" ]
	done
	runsh "ulimit -v 200000; { printf 'a 1\nb 2\n'; cat /dev/zero; } | fg-merge 2>&1"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:3: NUL byte in input" ]
}
