# html.bash: what the fg-html bats files share: the inputs, the
# page's data as its own script decodes it, and the browser (one
# Chromium for a whole file, tests/browser.bash)

load browser

J=$DATA/folded/julia.folded
DIFF=$DATA/folded/diff.folded
H=$DATA/hostile/names.folded

need_pagedata() {
	command -v python3 >/dev/null || skip "needs python3 to read the page's data"
	command -v node >/dev/null || skip "needs node to run the page's decoder"
}

# fgdata PAGE EXPR: EXPR evaluated in Python over the page's data
# (tests/fgdata.py, one python a bats file: byserver): D the JSON object,
# V its views as the page's own script decodes them, run by node
# (tests/html-views.cjs): each record of D["views"] with its frames'
# depth, f, w, b and c (colour index) lists, its elided view in "e";
# names(v) the names of view v's frames in order, color(v, NAME) the
# fill of frame NAME; folded(v) the view's stacks in folded form, each
# frame's own count (the baseline's, then the target's, in a
# differential view), the page's root frame left out.
fgdata() {
	local key
	# the page's decoding is kept until the page changes
	key=$(cksum <"$1")
	if [ "$key" != "$(cat "$BATS_TEST_TMPDIR/views.key" 2>/dev/null)" ]; then
		byserver views node "$FG_ROOT/tests/html-views.cjs" -- "$1" >"$BATS_TEST_TMPDIR/views.json" || return 1
		echo "$key" >"$BATS_TEST_TMPDIR/views.key"
	fi
	byserver fgdata python3 "$FG_ROOT/tests/fgdata.py" -- "$1" "$2" "$BATS_TEST_TMPDIR/views.json" "$key"
}

# In a real browser (tests/browser.bash): a case of tests/browser/html.cjs,
# checked for requests that left the page, script errors and dialogs.
browser() {
	needbrowser || return 1
	browser_run "$@" >"$BATS_TEST_TMPDIR/b.out" ||
		{ cat "$BATS_TEST_TMPDIR/b.out"; return 1; }
	cat "$BATS_TEST_TMPDIR/b.out"
	grep -qx 'requests=none' "$BATS_TEST_TMPDIR/b.out"
	grep -qx 'errors=none' "$BATS_TEST_TMPDIR/b.out"
	grep -qx 'dialogs=none' "$BATS_TEST_TMPDIR/b.out"
}
got() {
	sed -n "s/^$1=//p" "$BATS_TEST_TMPDIR/b.out"
}
pct() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f%%", 100 * a / b }'
}

# The page's view saved as folded (fg.folded, the text the Save link
# writes) with the transforms TX (tx=...), and CMD's output on the
# same input, both summed by fg-merge: the same stacks and counts.
same_as_cli() {
	local page=$1 tx=$2 input=$3
	shift 3
	FG_QUERY="?$tx" browser saved "$page"
	got line | fg-merge >"$BATS_TEST_TMPDIR/page.folded"
	"$@" "$input" | fg-merge >"$BATS_TEST_TMPDIR/cli.folded"
	[ -s "$BATS_TEST_TMPDIR/cli.folded" ]
	diff "$BATS_TEST_TMPDIR/cli.folded" "$BATS_TEST_TMPDIR/page.folded"
}
