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
framesat() { awk -v k="$1" '/^end=/ { n++; next } n == k && /^frame=/ { sub(/^frame=/, ""); print }' "$BATS_TEST_TMPDIR/out"; }

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
