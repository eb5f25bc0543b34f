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
framesat() { awk -v k="$1" '/^end=/ { n++; next } n == k && /^frame=/ { sub(/^frame=/, ""); print }' "$BATS_TEST_TMPDIR/b.out"; }

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

@test "fg-html in Chromium: a comparison's Elided view, negate, normalise and strip lines are fg-diff's, drawn and saved" {
	fg-html "$DA" "$DC" >"$BATS_TEST_TMPDIR/two.html"
	# c against a: stacks vanish; the Elided view's stacks are those
	# fg-diff gives a target count of 0
	fg-diff "$DC" "$DA" >"$BATS_TEST_TMPDIR/d.folded"
	awk '$NF == 0' "$BATS_TEST_TMPDIR/d.folded" | wc -l | grep -qx 134
	fg-html "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/d.html"
	browser cmp "$BATS_TEST_TMPDIR/d.html" e
	cp "$BATS_TEST_TMPDIR/b.out" "$BATS_TEST_TMPDIR/want"
	FG_QUERY='?cmp=1,0' browser cmp "$BATS_TEST_TMPDIR/two.html" e
	[[ "$(got banner | head -1)" == "Elided: 134 stacks vanished from the target"* ]]
	diff <(grep -E '^(frame|banner)=' "$BATS_TEST_TMPDIR/want") <(grep -E '^(frame|banner)=' "$BATS_TEST_TMPDIR/b.out")
	FG_QUERY='?cmp=1,0&e=1' browser saved "$BATS_TEST_TMPDIR/two.html"
	got line | diff <(awk '/^#/ || $NF == 0 { if (!/^#/) { $NF = ""; sub(/ $/, "") } print }' "$BATS_TEST_TMPDIR/d.folded") -
	# negate: the baseline's widths, coloured baseline minus target, as
	# fg-html --negate draws fg-diff's output, its key in those words
	fg-diff "$DA" "$DC" >"$BATS_TEST_TMPDIR/d.folded"
	fg-html --negate "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/n.html"
	browser cmp "$BATS_TEST_TMPDIR/n.html"
	got frame >"$BATS_TEST_TMPDIR/want"
	FG_QUERY='?cmp=0,1&neg=1' browser cmp "$BATS_TEST_TMPDIR/two.html"
	got frame | diff "$BATS_TEST_TMPDIR/want" -
	[ "$(got legend)" = "larger in the baseline|larger in the target|only in the baseline" ]
	FG_QUERY='?cmp=0,1&neg=1' browser saved "$BATS_TEST_TMPDIR/two.html"
	got line | diff "$BATS_TEST_TMPDIR/d.folded" -
	# the toggle from the page: the same as the link
	FG_QUERY='?cmp=0,1' browser cmp "$BATS_TEST_TMPDIR/two.html" n
	framesat 1 | diff "$BATS_TEST_TMPDIR/want" -
	[ "$(got url | tail -1)" = '?cmp=0%2C1&neg=1' ]
	# normalised: fg-diff -n's lines, the samples header too
	fg-diff -n "$DA" "$DC" >"$BATS_TEST_TMPDIR/d.folded"
	FG_QUERY='?cmp=0,1&norm=1' browser saved "$BATS_TEST_TMPDIR/two.html"
	got line | diff "$BATS_TEST_TMPDIR/d.folded" -
	fg-html "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/d.html"
	browser cmp "$BATS_TEST_TMPDIR/d.html"
	got frame >"$BATS_TEST_TMPDIR/want"
	FG_QUERY='?cmp=0,1&norm=1' browser cmp "$BATS_TEST_TMPDIR/two.html"
	got frame | diff "$BATS_TEST_TMPDIR/want" -
	# strip lines: a function whose lines moved compares with itself
	fg-html "$JB" "$JN" >"$BATS_TEST_TMPDIR/j.html"
	fg-diff --strip-lines "$JB" "$JN" >"$BATS_TEST_TMPDIR/d.folded"
	FG_QUERY='?cmp=0,1&sl=1' browser saved "$BATS_TEST_TMPDIR/j.html"
	got line | diff "$BATS_TEST_TMPDIR/d.folded" -
	fg-diff -n --strip-lines "$JB" "$JN" >"$BATS_TEST_TMPDIR/d.folded"
	FG_QUERY='?cmp=0,1&sl=1&norm=1' browser saved "$BATS_TEST_TMPDIR/j.html"
	got line | diff "$BATS_TEST_TMPDIR/d.folded" -
}
