#!/usr/bin/env bats
# What a browser shows of fg-svg's output (and fg-vega --html's): a tall
# graph opens on its root with its controls in view, the elided view in
# the URL, a message for Vega offline.  One headless Chromium for the
# file (tests/browser.bash) runs the cases of tests/browser/svg.cjs.

load helper
BROWSER_CASES=svg
load browser

setup() {
	needbrowser
}

# svgcase CASE FILE QUERY [ARG...]: a case of tests/browser/svg.cjs on
# FILE with QUERY ("?x=..." or ""), its lines but the requests= and
# errors= it ends with (kept in $BATS_TEST_TMPDIR/b.out); fails on a
# script error
svgcase() {
	FG_QUERY=$3 browser_run "$1" "$2" "${@:4}" >"$BATS_TEST_TMPDIR/b.out" ||
		{ cat "$BATS_TEST_TMPDIR/b.out" >&2; return 1; }
	grep -qx 'errors=none' "$BATS_TEST_TMPDIR/b.out" || { grep '^errors=' "$BATS_TEST_TMPDIR/b.out" >&2; return 1; }
	grep -v '^\(requests\|errors\)=' "$BATS_TEST_TMPDIR/b.out"
}

# dom FILE [QUERY]: the document after the page's scripts ran
dom() {
	svgcase dom "$1" "${2:-}"
}

# the shift of the group pinning the title and buttons: "translate(0,N)"
top_shift() {
	grep -o '<g transform="translate(0,[0-9.]*)"><rect class="band[^"]*"[^>]*/><text id="title"' |
		sed 's/.*translate(0,\([0-9.]*\)).*/\1/'
}

# elided_h: four stacks drawn by fg-svg into $BATS_TEST_TMPDIR/e.svg, and
# x, y set to the place of h's rect in its elided view (no frame of the
# main view stands there)
elided_h() {
	printf 'main;f 70 0\nmain;g 1 40\nmain;h;i 5 0\nmain;h;j 5 5\n' | fg-svg >"$BATS_TEST_TMPDIR/e.svg"
	r=$(svg_lines "$BATS_TEST_TMPDIR/e.svg" | sed -n '/<g id="eframes"/,/<\/g>/p' | grep 'fill="#c4c4ff"' | head -1)
	x=$(sed 's/.* x="\([0-9.]*\)".*/\1/' <<<"$r")
	y=$(sed 's/.* y="\([0-9.]*\)".*/\1/' <<<"$r")
	[ -n "$x" ]; [ -n "$y" ]
}

@test "svgview: a tall flame graph opens scrolled to its root, the controls pinned in view" {
	deep 300 | fg-svg >"$BATS_TEST_TMPDIR/deep.svg"
	H=$(grep -o '<svg [^>]*' "$BATS_TEST_TMPDIR/deep.svg" | sed 's/.* height="\([0-9.]*\)".*/\1/')
	[ "${H%.*}" -gt 4000 ]
	dom "$BATS_TEST_TMPDIR/deep.svg" >"$BATS_TEST_TMPDIR/dom"
	shift=$(top_shift <"$BATS_TEST_TMPDIR/dom")
	# the window's top is where the title now is: well down the image,
	# and the root's row ("all", the last frame row) inside the window
	root=$(svg_lines "$BATS_TEST_TMPDIR/deep.svg" | grep -o '<rect x="10" y="[0-9.]*" width="1180"' | head -1 |
		sed 's/.*y="\([0-9.]*\)".*/\1/')
	awk -v s="$shift" -v r="$root" -v H="$H" 'BEGIN { exit !(s > H / 2 && r > s && r + 16 < s + 800) }'
	# Search and Reset Zoom are in that group, with the title
	grep -q '<text id="title"[^>]*>[^<]*</text>\(<text id="subtitle"[^<]*</text>\)\?<text id="unzoom"[^<]*</text><text id="search"' "$BATS_TEST_TMPDIR/dom"
	# the band behind them is drawn while they are moved
	grep -q "translate(0,$shift)\"><rect class=\"band moved\"" "$BATS_TEST_TMPDIR/dom"
}

@test "svgview: an icicle graph opens at the top, where its root is" {
	deep 300 | fg-svg --inverted >"$BATS_TEST_TMPDIR/deep.svg"
	dom "$BATS_TEST_TMPDIR/deep.svg" >"$BATS_TEST_TMPDIR/dom"
	[ "$(top_shift <"$BATS_TEST_TMPDIR/dom")" = "0.0" ]
}

@test "svgview: the URL's e=1 reopens the elided view and its zoom, not the main view's" {
	elided_h
	dom "$BATS_TEST_TMPDIR/e.svg" "?e=1&x=$x&y=$y" >"$BATS_TEST_TMPDIR/dom"
	grep -q '<g id="frames" class="hide">' "$BATS_TEST_TMPDIR/dom"
	grep -q '<g id="eframes" class="">\|<g id="eframes">' "$BATS_TEST_TMPDIR/dom"
	grep -q '<text id="elided"[^>]*class="show"[^>]*>Back to the graph</text>' "$BATS_TEST_TMPDIR/dom"
	# zoomed: Reset Zoom shown, and the elided frames outside h hidden
	grep -q '<text id="unzoom" x="10.00" y="24" class="">Reset Zoom</text>' "$BATS_TEST_TMPDIR/dom"
	[ "$(sed -n '/<g id="eframes"/,/<\/g>/p' "$BATS_TEST_TMPDIR/dom" | grep -c 'class="[^"]*hide')" -gt 0 ]
	# without e=1 the same x and y zoom nothing in the main view
	dom "$BATS_TEST_TMPDIR/e.svg" "?x=$x&y=$y" >"$BATS_TEST_TMPDIR/dom"
	grep -q '<text id="unzoom" x="10.00" y="24" class="hide">' "$BATS_TEST_TMPDIR/dom"
	# x as flamegraph.pl and older graphs write it, "10.0", finds the
	# frame at x="10": f, in the elided view
	r=$(svg_lines "$BATS_TEST_TMPDIR/e.svg" | sed -n '/<g id="eframes"/,/<\/g>/p' | grep '<title>f (')
	[[ "$r" == '<rect x="10" '* ]]
	y=$(sed 's/.* y="\([0-9.]*\)".*/\1/' <<<"$r")
	dom "$BATS_TEST_TMPDIR/e.svg" "?e=1&x=10.0&y=$y" >"$BATS_TEST_TMPDIR/dom"
	grep -q '<text id="unzoom" x="10.00" y="24" class="">Reset Zoom</text>' "$BATS_TEST_TMPDIR/dom"
}

@test "svgview: a search match's label turns black, others keep their colour" {
	printf 'main;f 70 30\nmain;g 40 41\n' | fg-svg >"$BATS_TEST_TMPDIR/s.svg"
	grep -q '<text class="w" x="13.00" y="47.5">f</text>' "$BATS_TEST_TMPDIR/s.svg"
	dom "$BATS_TEST_TMPDIR/s.svg" "?s=%5Ef%24" >"$BATS_TEST_TMPDIR/dom"
	grep -q '<text x="13.00" y="47.5">f</text>' "$BATS_TEST_TMPDIR/dom"
	dom "$BATS_TEST_TMPDIR/s.svg" "?s=%5Eg%24" >"$BATS_TEST_TMPDIR/dom"
	grep -q '<text x="13.00" y="47.5" class="w">f</text>' "$BATS_TEST_TMPDIR/dom"
}

# "NAME w" or "NAME b" for each label drawn, by its class
label_colours() {
	grep -o '<text\( class="w"\)\? x="[^"]*" y="[^"]*"\( class="w"\)\?>[^<]*</text>' |
		sed 's/^.*>\([^<]*\)<\/text>$/\1 &/; s/^\([^ ]*\) .*class="w".*/\1 w/; s/^\([^ ]*\) <.*/\1 b/' |
		grep -E '^(c[0-9]+|all) ' | LC_ALL=C sort
}

@test "svgview: the script's white labels are fg-svg's, for every palette's fills" {
	# the fills of each palette on the Julia profile (from the palette
	# maps fg-svg writes back), every grey, a grid of colours, and the
	# two blues either side of where the label turns black, for a grid
	# of reds and greens (WCAG's luminance, here in awk): a frame each,
	# through a palette map, wide enough for its label
	for p in hot mem io wakeup chain java js perl red green blue aqua yellow purple orange julia category; do
		fg-svg --colors $p --palette "$BATS_TEST_TMPDIR/$p.map" "$DATA/folded/julia.folded" >/dev/null
	done
	{
		cat "$BATS_TEST_TMPDIR"/*.map | sed -n 's/.*->rgb(\([0-9,]*\))$/\1/p'
		awk 'BEGIN { for (v = 0; v < 256; v++) print v "," v "," v
			for (r = 0; r < 8; r++) for (g = 0; g < 8; g++) for (b = 0; b < 8; b++)
				printf "%d,%d,%d\n", r * 255 / 7, g * 255 / 7, b * 255 / 7
			for (r = 0; r < 256; r += 15) for (g = 0; g < 256; g += 15) {
				w = 1
				for (b = 0; b < 256; b++) {
					l = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) + 0.05
					if (b && w && 1.05 / l <= l / 0.05) { print r "," g "," b - 1; print r "," g "," b }
					w = 1.05 / l > l / 0.05
				}
			}
		}
		function lin(v) { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ^ 2.4 }'
	} | LC_ALL=C sort -u | awk -v map="$BATS_TEST_TMPDIR/all.map" '
		{ print "c" NR "->rgb(" $0 ")" >map; print "c" NR " 1" }' >"$BATS_TEST_TMPDIR/in"
	n=$(wc -l <"$BATS_TEST_TMPDIR/in")
	[ "$n" -gt 800 ]
	fg-svg --palette "$BATS_TEST_TMPDIR/all.map" --width $((n * 60)) "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/c.svg"
	# fg-svg's choice: the static labels' class; the script's: the labels
	# it draws in their place (a search for nothing draws them all)
	sed -n '/^<g id="labels">$/,/^<\/g>$/p' "$BATS_TEST_TMPDIR/c.svg" | label_colours >"$BATS_TEST_TMPDIR/c"
	dom "$BATS_TEST_TMPDIR/c.svg" "?s=%5E%24" | label_colours >"$BATS_TEST_TMPDIR/js"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/c")" -eq $((n + 1)) ]
	grep -q ' w$' "$BATS_TEST_TMPDIR/c" && grep -q ' b$' "$BATS_TEST_TMPDIR/c"
	diff "$BATS_TEST_TMPDIR/c" "$BATS_TEST_TMPDIR/js"
}

@test "svgview: fg-vega --html offline says so on the page, pointing to fg-html and fg-svg" {
	fg-vega --html "$DATA/folded/julia.folded" >"$BATS_TEST_TMPDIR/v.html"
	dom "$BATS_TEST_TMPDIR/v.html" >"$BATS_TEST_TMPDIR/dom"
	grep -q '<p id="fgmsg">The graph needs the Vega libraries from cdn.jsdelivr.net, which could not be loaded (offline?). Offline, draw the profile with fg-html .* or fg-svg .*</p>' "$BATS_TEST_TMPDIR/dom"
	# (every request that would leave the page is refused)
	grep -q '^requests=https://cdn.jsdelivr.net/' "$BATS_TEST_TMPDIR/b.out"
}

@test "svgview: zooming in the elided view and going back leaves no zoom in the URL" {
	elided_h
	run svgcase flow "$BATS_TEST_TMPDIR/e.svg" "" "$x" "$y"
	status_is 0
	# the key of the view shown: the Elided view's frames are only in the baseline
	[ "${lines[0]}" = '{"step":"open","query":"","view":"main","zoomed":false,"control":"Show vanished (75 samples)","key":"grew|shrank|new"}' ]
	[ "${lines[1]}" = '{"step":"elided","query":"?e=1","view":"elided","zoomed":false,"control":"Back to the graph","key":"only in the baseline"}' ]
	[ "${lines[2]}" = "{\"step\":\"zoomed\",\"query\":\"?e=1&x=$x&y=$y\",\"view\":\"elided\",\"zoomed\":true,\"control\":\"Back to the graph\",\"key\":\"only in the baseline\"}" ]
	[ "${lines[3]}" = '{"step":"back","query":"","view":"main","zoomed":false,"control":"Show vanished (75 samples)","key":"grew|shrank|new"}' ]
	[ "${lines[4]}" = '{"step":"reload","query":"","view":"main","zoomed":false,"control":"Show vanished (75 samples)","key":"grew|shrank|new"}' ]
}

@test "svgview: the Elided view's key under --negate and --negate=hues: only in the target, only in the baseline (red)" {
	# --negate draws the baseline: its elided stacks are those only in
	# the target (f); --negate=hues the target's, red
	printf 'main;f 0 70\nmain;g 40 1\nmain;h 5 0\n' >"$BATS_TEST_TMPDIR/d"
	fg-svg --negate "$BATS_TEST_TMPDIR/d" >"$BATS_TEST_TMPDIR/n.svg"
	dom "$BATS_TEST_TMPDIR/n.svg" "?e=1" >"$BATS_TEST_TMPDIR/dom"
	grep -q '<g id="key" class="hide">' "$BATS_TEST_TMPDIR/dom"
	[ "$(sed -n '/<g id="ekey"/,/<\/g>/p' "$BATS_TEST_TMPDIR/dom" | grep -o 'fill="#0000ff"\|>only in the [a-z]*<' | tr '\n' ' ')" = 'fill="#0000ff" >only in the target< ' ]
	sed -n '/<g id="eframes"/,/<\/g>/p' "$BATS_TEST_TMPDIR/n.svg" | grep -q '<title>f ('
	fg-svg --negate=hues "$BATS_TEST_TMPDIR/d" >"$BATS_TEST_TMPDIR/h.svg"
	dom "$BATS_TEST_TMPDIR/h.svg" "?e=1" >"$BATS_TEST_TMPDIR/dom"
	[ "$(sed -n '/<g id="ekey"/,/<\/g>/p' "$BATS_TEST_TMPDIR/dom" | grep -o 'fill="#ff0000"\|>only in the [a-z]*<' | tr '\n' ' ')" = 'fill="#ff0000" >only in the baseline< ' ]
	# the main view's key meanwhile hidden, and shown without e=1
	dom "$BATS_TEST_TMPDIR/h.svg" "" >"$BATS_TEST_TMPDIR/dom"
	grep -q '<g id="ekey" class="hide">' "$BATS_TEST_TMPDIR/dom"
	grep -q '<g id="key" class="">\|<g id="key">' "$BATS_TEST_TMPDIR/dom"
}

@test "svgview: the script reads every frame from its rect and title as from its own data" {
	# names with parentheses and specials; a caller's own samples before
	# its callees (gaps); narrow callees in "+N more" boxes; a real frame
	# called "+3 more"; a differential profile with an elided view
	{
		printf 'main;a (x);c (1 x) 5 3\nmain;a (x) 4 4\nmain;a (x);d( 3 0\n'
		printf 'main;e & <f> "q";g (h (i) 7 7\nmain;+3 more;k 4 4\nmain 2 2\n'
		printf 'main;f(int) (inlined);z 6 6\nmain;gone;x 3 0\nq;r 0 5\n'
		for i in $(seq 1 40); do printf 'main;e & <f> "q";s%d 1 1\n' "$i"; done
	} >"$BATS_TEST_TMPDIR/in"
	# the script reads the frames from the document (dom.N.svg) or,
	# where titles show scaled counts, from its own arrays (data.N.svg):
	# each one's frames ending in "--"
	set -- "" "--inverted" "--sort=width" "--reverse" "--minwidth 1%"
	files=()
	for k in 1 2 3 4 5; do
		opts=${!k}
		fg-svg $opts "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/dom.$k.svg"
		grep -q '^var D = {dom:1, ' "$BATS_TEST_TMPDIR/dom.$k.svg"
		fg-svg $opts --factor 2 "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/data.$k.svg"
		grep -q '^var D = {n:\[' "$BATS_TEST_TMPDIR/data.$k.svg"
		files+=("$BATS_TEST_TMPDIR/dom.$k.svg" "$BATS_TEST_TMPDIR/data.$k.svg")
	done
	for f in "${files[@]}"; do
		svgcase frames "$f" ""
		echo --
	done >"$BATS_TEST_TMPDIR/frames"
	awk -v d="$BATS_TEST_TMPDIR/f" '/^--$/ { n++; next } { print > (d "." (n + 0)) }' "$BATS_TEST_TMPDIR/frames"
	for k in 0 2 4 6 8; do
		dom=$(cat "$BATS_TEST_TMPDIR/f.$k") data=$(cat "$BATS_TEST_TMPDIR/f.$((k + 1))")
		[ "$dom" = "$data" ]
		[[ "$data" == *"0 2 "*" a (x)"* ]]
		[[ "$data" == *" +3 more"* ]]
		[[ "$data" == *'e & <f> "q"'* ]]
		[[ "$data" == "1 "* || "$data" == *$'\n1 '* ]]
	done
	# five pictures that are not all alike
	[ "$(cat "$BATS_TEST_TMPDIR"/f.[02468] | sort -u | wc -l)" -gt "$(sort -u "$BATS_TEST_TMPDIR/f.0" | wc -l)" ]
}

@test "svgview: a frame made a link by --nameattr is found, zoomed and keeps its title" {
	printf 'main;f 5\nmain;g 5\n' >"$BATS_TEST_TMPDIR/z.folded"
	printf 'f\thref=https://example.invalid/\ttitle=see f\n' >"$BATS_TEST_TMPDIR/z.attr"
	fg-svg --nameattr "$BATS_TEST_TMPDIR/z.attr" "$BATS_TEST_TMPDIR/z.folded" >"$BATS_TEST_TMPDIR/z.svg"
	y=$(svg_lines "$BATS_TEST_TMPDIR/z.svg" | grep '<title>see f<' | sed 's/.* y="\([0-9.]*\)".*/\1/')
	dom "$BATS_TEST_TMPDIR/z.svg" "?x=10&y=$y" | tr -d '\n' >"$BATS_TEST_TMPDIR/dom"
	grep -q '<a xlink:href="https://example.invalid/" target="_top"><rect x="10.0" y="'"$y"'" width="1180.0"[^>]*><title>see f</title></rect></a>' "$BATS_TEST_TMPDIR/dom"
	grep -q 'class="hide"><title>g (5 samples' "$BATS_TEST_TMPDIR/dom"
}

@test "svgview: hover shows a --nameattr title and a julia status, a linked frame's too" {
	printf 'main at m.jl:1;f at a.jl:1_[d] 5\nmain at m.jl:1;g at b.jl:2 5\n' >"$BATS_TEST_TMPDIR/j.folded"
	printf 'g at b.jl:2\thref=https://example.invalid/\ttitle=see g\n' >"$BATS_TEST_TMPDIR/j.attr"
	for o in "" "--factor 2"; do
		# (--factor: the script computes no tooltip, D's frames or not)
		fg-svg $o --colors julia --nameattr "$BATS_TEST_TMPDIR/j.attr" "$BATS_TEST_TMPDIR/j.folded" >"$BATS_TEST_TMPDIR/j.svg"
		place() {
			svg_lines "$BATS_TEST_TMPDIR/j.svg" | grep "<title>$1" | sed 's/.* x="\([0-9.]*\)" y="\([0-9.]*\)".*/\1,\2/'
		}
		run svgcase hover "$BATS_TEST_TMPDIR/j.svg" "" "$(place 'f at a.jl:1 (')" "$(place 'see g<')"
		status_is 0
		[ "${lines[1]}" = '{"details":"Function: see g","tip":"see g"}' ]
		[[ "${lines[0]}" == '{"details":"Function: f at a.jl:1 ('*'; runtime dispatch)","tip":"f at a.jl:1 ('*'; runtime dispatch)"}' ]]
	done
}

@test "svgview: a malformed query parameter (?q=%) is ignored, the others still apply" {
	elided_h
	# decodeURIComponent throws URIError on "%": the script went no further
	dom "$BATS_TEST_TMPDIR/e.svg" "?q=%&e=1&x=$x&y=$y" >"$BATS_TEST_TMPDIR/dom"
	grep -q '<text id="unzoom" x="10.00" y="24" class="">Reset Zoom</text>' "$BATS_TEST_TMPDIR/dom"
	grep -q '<text id="elided"[^>]*class="show"[^>]*>Back to the graph</text>' "$BATS_TEST_TMPDIR/dom"
}

@test "svgview: F3, Ctrl-F, / and Ctrl-I as in fg-html's page, and the same Matched share" {
	in=$DATA/svg/dtrace.folded
	fg-svg "$in" >"$BATS_TEST_TMPDIR/d.svg"
	fg-html "$in" >"$BATS_TEST_TMPDIR/d.html"
	# the share of the samples whose stack has a frame matching, as fg-html's tests derive it
	share() {
		awk -v re="$1" '{ t += $NF; if (tolower($0) ~ re) m += $NF } END { printf "Matched: %.2f%%", 100 * m / t }' "$in"
	}
	run svgcase keys "$BATS_TEST_TMPDIR/d.svg" "" "$BATS_TEST_TMPDIR/d.html" LookupN
	status_is 0
	[ "$(share lookupn)" != "Matched: 0.00%" ]
	# case-sensitive, LookupN matches nothing; Ctrl-I ignores case
	[ "${lines[0]}" = "f3=Matched: 0.00%" ]
	[ "${lines[1]}" = "escape=" ]
	[ "${lines[2]}" = "ctrlf=Matched: 0.00%" ]
	[ "${lines[3]}" = "ctrli=true $(share lookupn)" ]
	[ "${lines[4]}" = "slash=false Matched: 0.00%" ]
	[ "${lines[5]}" = "prompts=prompt prompt prompt" ]
	[ "${lines[6]}" = "url=?s=LookupN" ]
	# the page, given the SVG's URL, says the same, of the whole view
	# (the page also gives the share of a window or a zoomed frame)
	[ "${lines[7]}" = "page=Matched: 0.00% of all" ]
	[ "${lines[8]}" = "page=$(share lookupn) of all" ]
}

@test "svgview: a catastrophic s= no longer freezes the image" {
	# 40 a's and a b: a backtracking RegExp takes 2^40 steps on (a+)+$
	a=$(head -c 40 /dev/zero | tr '\0' a)
	printf 'main;%sb 3\nmain;%s 2\n' "$a" "$a" | fg-svg >"$BATS_TEST_TMPDIR/c.svg"
	dom "$BATS_TEST_TMPDIR/c.svg" "?s=(a%2B)%2B%24" >"$BATS_TEST_TMPDIR/dom"
	# the one frame that matches fills with the search's colour
	[ "$(grep -o 'fill="rgb(230,0,230)"' "$BATS_TEST_TMPDIR/dom" | wc -l)" -eq 1 ]
	grep -q '>Reset Search</text>' "$BATS_TEST_TMPDIR/dom"
	grep -q '>Matched: 40.00%</text>' "$BATS_TEST_TMPDIR/dom"
}

@test "svgview: \\d and a lookahead are refused in fg-filter's words, nothing matched" {
	printf 'main;d 3\nmain;ab 2\n' | fg-svg >"$BATS_TEST_TMPDIR/c.svg"
	# the search's alert for each term, and the frames it then fills
	run svgcase search "$BATS_TEST_TMPDIR/c.svg" "" '\d' 'a(?=b)' '^d$'
	status_is 0
	for k in 0 1; do
		re=$([ $k = 0 ] && echo '\d' || echo 'a(?=b)')
		want=$(fg-filter -e "$re" /dev/null 2>&1 | sed -n "1s/^fg-filter: bad regular expression '.*': //p")
		[ "${lines[$k]}" = "invalid regular expression: $want | 0" ]
	done
	# and a term of the dialect fills its frame, with no alert
	[ "${lines[2]}" = " | 1" ]
}

@test "svgview: the header band, once the graph scrolls under it, is opaque" {
	deep 300 | fg-svg >"$BATS_TEST_TMPDIR/deep.svg"
	grep -qx '\.band\.moved { fill:rgb(255,255,255); fill-opacity:1; }' "$BATS_TEST_TMPDIR/deep.svg"
	svgcase style "$BATS_TEST_TMPDIR/deep.svg" "" 'rect.band.moved|fill-opacity' 'rect.band.moved|fill' \
	    >"$BATS_TEST_TMPDIR/style"
	# the top band is moved (the graph opens scrolled to its root), opaque white
	grep -qx 'rect.band.moved|fill-opacity 1' "$BATS_TEST_TMPDIR/style"
	grep -qx 'rect.band.moved|fill rgb(255, 255, 255)' "$BATS_TEST_TMPDIR/style"
}

@test "svgview: inferno's --search-color, --stroke-color and --uicolor, as the browser draws them" {
	printf 'main;f 70\nmain;g 40\n' | fg-svg --search-color '#102030' --stroke-color '#405060' \
	    --uicolor '#708090' >"$BATS_TEST_TMPDIR/c.svg"
	svgcase style "$BATS_TEST_TMPDIR/c.svg" "?s=%5Ef%24" '#frames rect|stroke' '#frames rect|stroke-width' \
	    '#title|fill' '#search|fill' '#details|fill' '#matched|fill' '#frames rect|fill' >"$BATS_TEST_TMPDIR/style"
	grep -qx '#frames rect|stroke rgb(64, 80, 96)' "$BATS_TEST_TMPDIR/style"
	grep -qx '#frames rect|stroke-width 1px' "$BATS_TEST_TMPDIR/style"
	for id in title search details matched; do
		grep -qx "#$id|fill rgb(112, 128, 144)" "$BATS_TEST_TMPDIR/style"
	done
	# f, the search's one match, filled with the colour
	grep -q '^#frames rect|fill .*rgb(16, 32, 48)' "$BATS_TEST_TMPDIR/style"
	# without them: the search's rgb(230,0,230) (inferno's #e600e6), no outline
	printf 'main;f 70\nmain;g 40\n' | fg-svg >"$BATS_TEST_TMPDIR/d.svg"
	svgcase style "$BATS_TEST_TMPDIR/d.svg" "?s=%5Ef%24" '#frames rect|stroke' '#title|fill' '#frames rect|fill' \
	    >"$BATS_TEST_TMPDIR/style"
	grep -qx '#frames rect|stroke none' "$BATS_TEST_TMPDIR/style"
	grep -qx '#title|fill rgb(0, 0, 0)' "$BATS_TEST_TMPDIR/style"
	grep -q '^#frames rect|fill .*rgb(230, 0, 230)' "$BATS_TEST_TMPDIR/style"
}

@test "svgview: a bidi control is shown as its escape, and a search for what is shown finds it" {
	printf 'main;evil\xe2\x80\xaegnp.exe 5\nmain;other 3\n' | fg-svg >"$BATS_TEST_TMPDIR/b.svg"
	{ echo '# fg: unit=nanoseconds'; printf 'main;evil\xe2\x80\xaegnp.exe 5\nmain;other 3\n'; } |
		fg-svg >"$BATS_TEST_TMPDIR/u.svg"
	for f in b u; do
		# the text shown, and the search box's terms of it
		run svgcase search "$BATS_TEST_TMPDIR/$f.svg" "" 'evil\\u202egnp' 'u202egnp\.exe' 'evil.gnp'
		status_is 0
		[ "${lines[0]}" = " | 1" ]
		[ "${lines[1]}" = " | 1" ]
		[ "${lines[2]}" = " | 0" ]
		dom "$BATS_TEST_TMPDIR/$f.svg" >"$BATS_TEST_TMPDIR/dom"
		grep -qF '>evil\u202egnp.exe<' "$BATS_TEST_TMPDIR/dom"
		! LC_ALL=C grep -q $'\xe2\x80\xae' "$BATS_TEST_TMPDIR/dom" || false
	done
}
