#!/usr/bin/env bats
# fg-svg: the interactive SVG flame graph

load helper

# The boxes, x and width as flamegraph.pl writes them (%.1f).
boxes() {
	awk -v fixed=1 -f "$DATA/svg/boxes.awk" "$@"
}

# The fill of the rect of the frame named $2 in SVG $1 (first match).
fill_of() {
	local y x
	read -r y x _ < <(awk -f "$DATA/svg/boxes.awk" "$1" | awk -v n="$2" '{ nm = $0; sub(/^[^ ]* [^ ]* [^ ]* /, "", nm) } nm == n { print; exit }')
	svg_lines "$1" | grep -o "<rect x=\"$x\" y=\"$y\" [^>]*" | head -1 | sed 's/.*fill="\([^"]*\)".*/\1/'
}

xmlcheck() {
	if command -v xmllint >/dev/null; then xmllint --noout "$1"; fi
}

@test "fg-svg: boxes equal flamegraph.pl's on its dtrace example (--no-more)" {
	fg-svg --no-more "$DATA/svg/dtrace.folded" | boxes | sort | cmp - "$DATA/svg/dtrace-default.boxes"
}

@test "fg-svg: boxes equal flamegraph.pl's on its perf example (--no-more)" {
	gzip -dc "$DATA/svg/perf.folded.gz" | fg-svg --no-more | boxes | sort | cmp - "$DATA/svg/perf-default.boxes"
}

@test "fg-svg: --flamechart, --reverse, --inverted, --minwidth % equal flamegraph.pl's" {
	LC_ALL=C sort -r "$DATA/svg/dtrace.folded" | fg-svg --no-more --flamechart | boxes | sort |
		cmp - "$DATA/svg/dtrace-flamechart.boxes"
	fg-svg --no-more --reverse "$DATA/svg/dtrace.folded" | boxes | sort | cmp - "$DATA/svg/dtrace-reverse.boxes"
	fg-svg --no-more --inverted "$DATA/svg/dtrace.folded" | boxes | sort | cmp - "$DATA/svg/dtrace-inverted.boxes"
	fg-svg --no-more --minwidth 1% "$DATA/svg/dtrace.folded" | boxes | sort | cmp - "$DATA/svg/dtrace-minwidth.boxes"
}

@test "fg-svg: the output is well-formed XML and byte-identical across runs" {
	fg-svg "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/a.svg"
	fg-svg "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/b.svg"
	cmp "$BATS_TEST_TMPDIR/a.svg" "$BATS_TEST_TMPDIR/b.svg"
	command -v xmllint >/dev/null || skip "needs xmllint"
	xmllint --noout "$BATS_TEST_TMPDIR/a.svg"
}

@test "fg-svg: one box per function under one parent (frame-by-frame merge)" {
	runsh "printf 'a;b 5\na;b::x;y 3\na;b;c 2\n' | fg-svg | awk -f $DATA/svg/boxes.awk | awk '\$NF == \"b\"' | wc -l"
	[ "$output" = 1 ]
}

@test "fg-svg: narrow callees become one '+N more' box with their summed width" {
	{ echo "main;big 1000"; for i in $(seq 1 50); do echo "main;small$i 1"; done; } >"$BATS_TEST_TMPDIR/in"
	fg-svg --minwidth 5 "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out.svg"
	run boxes "$BATS_TEST_TMPDIR/out.svg"
	[[ "$output" == *" +50 more"* ]]
	# 50 of 1050 samples across 1180 px: 56.2 px wide, right after big
	[[ "$output" == *" 1133.8 56.2 +50 more"* ]]
	fg-svg --minwidth 5 --no-more "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out.svg"
	run boxes "$BATS_TEST_TMPDIR/out.svg"
	[[ "$output" != *"more"* ]]
}

@test "fg-svg: a '+N more' box is told by its name; a frame named so that is not one has class real" {
	{ echo "main;big 1000"; for i in $(seq 1 50); do echo "main;small$i 1"; done; } |
		fg-svg --minwidth 5 >"$BATS_TEST_TMPDIR/out.svg"
	svg_lines "$BATS_TEST_TMPDIR/out.svg" | grep -q '^<rect [^>]* fill="#bebebe"><title>+50 more (50 samples, '
	! grep -q 'class=' <(sed -n '/<g id="frames">/,/<\/g>/p' "$BATS_TEST_TMPDIR/out.svg") || false
	printf 'main;+3 more 4\nmain;+3 more_[k] 1\nmain;+ more 1\nmain;+3 mores 1\nmain;x+3 more 1\nmain;+3x more 1\n' |
		fg-svg >"$BATS_TEST_TMPDIR/out.svg"
	[ "$(grep -c ' class="real"><title>+3 more (' "$BATS_TEST_TMPDIR/out.svg")" -eq 2 ]
	[ "$(grep -c ' class="real"' "$BATS_TEST_TMPDIR/out.svg")" -eq 2 ]
}

@test "fg-svg: rect numbers as short as SVG reads them: x=\"10\" for 10.0, width=\".1\" for 0.1" {
	fg-svg --no-more "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/out.svg"
	svg_lines "$BATS_TEST_TMPDIR/out.svg" | sed -n '/<g id="frames">/,/<\/g>/p' >"$BATS_TEST_TMPDIR/frames"
	grep -q '^<rect x="10" y="[0-9]*" width="1180" ' "$BATS_TEST_TMPDIR/frames"
	grep -q '^<rect x="[1-9][0-9.]*" y="[0-9]*" width="\.[1-9]" ' "$BATS_TEST_TMPDIR/frames"
	! grep -E ' (x|width)="(0[0-9.]|[^"]*\.0")' "$BATS_TEST_TMPDIR/frames" || false
	# the boxes are flamegraph.pl's all the same (boxes.awk reads them as numbers)
	boxes "$BATS_TEST_TMPDIR/out.svg" | sort | cmp - "$DATA/svg/dtrace-default.boxes"
}

@test "fg-svg: labels are cut with .. and never split a UTF-8 character" {
	printf 'main;%s 5\nmain;other 5\n' "ééééééééééééééééééééééééééééééé" >"$BATS_TEST_TMPDIR/in"
	fg-svg --width 200 "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out.svg"
	run grep -o '>é[é.]*</text>' "$BATS_TEST_TMPDIR/out.svg"
	[[ "$output" == *"..</text>" ]]
	iconv -f UTF-8 -t UTF-8 "$BATS_TEST_TMPDIR/out.svg" >/dev/null
	xmlcheck "$BATS_TEST_TMPDIR/out.svg"
}

@test "fg-svg: invalid UTF-8 and control bytes become U+FFFD" {
	printf 'main;bad\377\001x 2\n' | fg-svg >"$BATS_TEST_TMPDIR/out.svg"
	iconv -f UTF-8 -t UTF-8 "$BATS_TEST_TMPDIR/out.svg" >/dev/null
	grep -q '<title>bad��x (2 samples' "$BATS_TEST_TMPDIR/out.svg"
	grep -q '>bad��x</text>' "$BATS_TEST_TMPDIR/out.svg"
	# where the script keeps names of its own (--no-more), JSON keeps
	# the control byte; only the invalid byte is replaced
	printf 'main;bad\377\001x 2\n' | fg-svg --no-more >"$BATS_TEST_TMPDIR/out.svg"
	grep -q 'bad\\ufffd\\u0001x' "$BATS_TEST_TMPDIR/out.svg"
}

@test "fg-svg: names are escaped in labels and data" {
	printf 'main;<script>alert(1)</script>&\"]]> 5\n' | fg-svg >"$BATS_TEST_TMPDIR/out.svg"
	! grep -q '<script>alert' "$BATS_TEST_TMPDIR/out.svg" || false
	grep -q '&lt;script>alert(1)&lt;/script>&amp;"]]&gt;</text>' "$BATS_TEST_TMPDIR/out.svg"
	[ "$(grep -c ']]>' "$BATS_TEST_TMPDIR/out.svg")" -eq 1 ]	# only the CDATA's own end
	xmlcheck "$BATS_TEST_TMPDIR/out.svg"
}

@test "fg-svg: text escapes '>' only where it ends ']]>', and no quotes" {
	printf 'main;a>b 1\nmain;]]> 1\nmain;x]]]>>y 1\nmain;]>]>z 1\nmain;q"'"'"'q 1\n' |
		fg-svg --title 'T]]>>' --countname 'n>s' >"$BATS_TEST_TMPDIR/out.svg"
	f=$BATS_TEST_TMPDIR/out.svg
	grep -qF '<title>a>b (1 n>s, 20.00%)</title>' "$f"
	grep -qF '<title>]]&gt; (1 n>s, 20.00%)</title>' "$f"
	grep -qF '<title>x]]]&gt;>y (1 n>s, 20.00%)</title>' "$f"
	grep -qF '<title>]>]>z (1 n>s, 20.00%)</title>' "$f"
	grep -qF "<title>q\"'q (1 n>s, 20.00%)</title>" "$f"
	grep -qF '>T]]&gt;></text>' "$f"
	# "]]>" nowhere but at the end of the script's CDATA section
	[ "$(grep -c ']]>' "$f")" -eq 1 ]
	xmlcheck "$f"
	# the names read back whole
	[ "$(boxes "$f" | sed 's/^[^ ]* [^ ]* [^ ]* //' | LC_ALL=C sort | tr '\n' '|')" = "]>]>z|]]>|a>b|all|main|q\"'q|x]]]>>y|" ]
}

@test "fg-svg: hot colours are flamegraph.pl's (seeded by the name)" {
	fg-svg "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/out.svg"
	# flamegraph.pl draws genunix`vfs_getops rgb(216,54,12), unix`atomic_add_64 rgb(227,105,25)
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" 'genunix`vfs_getops')" = "#d8360c" ]
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" 'unix`atomic_add_64')" = "#e36919" ]
}

@test "fg-svg --colors: every palette, and an unknown one is a usage error" {
	for p in hot mem io wakeup chain java js perl red green blue aqua yellow purple orange julia category; do
		fg-svg --colors "$p" "$DATA/folded/julia.folded" >"$BATS_TEST_TMPDIR/$p.svg"
	done
	# red and blue palettes differ, and mem is green-blue (no red component)
	! cmp -s "$BATS_TEST_TMPDIR/red.svg" "$BATS_TEST_TMPDIR/blue.svg" || false
	[ "$(fill_of "$BATS_TEST_TMPDIR/mem.svg" 'eval at boot.jl:330' | cut -c2-3)" = 00 ]
	run fg-svg -c nosuch "$DATA/folded/julia.folded"
	status_is 2
	[[ "${lines[0]}" == "fg-svg: bad palette: 'nosuch' (hot, mem, "*", julia or category)" ]]
}

@test "fg-svg --colors java: annotations choose the hue" {
	printf 'java/lang/Thread.run_[j];foo_[k];Bar::baz 1\n' | fg-svg -c java >"$BATS_TEST_TMPDIR/out.svg"
	# flamegraph.pl --colors java: rgb(95,241,95), rgb(218,118,0), rgb(199,199,58)
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" 'java/lang/Thread.run')" = "#5ff15f" ]
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" 'foo')" = "#da7600" ]
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" 'Bar::baz')" = "#c7c73a" ]
}

@test "fg-svg --colors julia: dispatch crimson, GC orange, shades alternate by depth" {
	printf 'a;b_[d];c_[g];d 1\n' | fg-svg -c julia >"$BATS_TEST_TMPDIR/out.svg"
	# FlameGraphs counts depth from 1: b (3) takes the odd half, c (4) the even
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" b)" = "#e81c48" ]
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" c)" = "#f29800" ]
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" a)" != "$(fill_of "$BATS_TEST_TMPDIR/out.svg" d)" ]
	grep -q 'stop-color="#ffffff"' "$BATS_TEST_TMPDIR/out.svg"
}

@test "fg-svg --colors category: by file" {
	printf 'typeinf at ./compiler/typeinfer.jl:12;f at /home/u/.julia/packages/P/x.jl:3;jl_apply_generic at gf.c:2 1\n' |
		fg-svg -c category >"$BATS_TEST_TMPDIR/out.svg"
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" 'typeinf at ./compiler/typeinfer.jl:12')" = "#696969" ]
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" 'f at /home/u/.julia/packages/P/x.jl:3')" = "#ff0000" ]
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" 'jl_apply_generic at gf.c:2')" = "#ffa500" ]
}

@test "fg-svg --hash: colours by flamegraph.pl's name hash" {
	fg-svg --hash "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/out.svg"
	fg-svg "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/plain.svg"
	! cmp -s "$BATS_TEST_TMPDIR/out.svg" "$BATS_TEST_TMPDIR/plain.svg" || false
	# flamegraph.pl --hash draws genunix`open rgb(247,195,46)
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" 'genunix`open')" = "#f7c32e" ]
}

@test "fg-svg --palette: colours come from the map and new ones are written back" {
	printf 'main->rgb(1,2,3)\n' >"$BATS_TEST_TMPDIR/palette.map"
	printf 'main;work 3\n' | fg-svg --palette "$BATS_TEST_TMPDIR/palette.map" >"$BATS_TEST_TMPDIR/out.svg"
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" main)" = "#010203" ]
	grep -qx 'main->rgb(1,2,3)' "$BATS_TEST_TMPDIR/palette.map"
	grep -q '^work->rgb(' "$BATS_TEST_TMPDIR/palette.map"
	printf 'oops\n' >"$BATS_TEST_TMPDIR/bad.map"
	runsh "printf 'a 1\n' | fg-svg --palette $BATS_TEST_TMPDIR/bad.map"
	status_is 1
	[ "$output" = "fg-svg: $BATS_TEST_TMPDIR/bad.map:1: not a palette line (NAME->rgb(R,G,B))" ]
}

@test "fg-svg: title, subtitle, notes, countname, nametype, font options" {
	fg-svg --title 'My <Graph>' --subtitle sub --notes 'a--b' --countname ticks \
		--nametype Frame: --fonttype Courier --fontsize 10 --fontwidth 0.7 \
		"$DATA/folded/julia.folded" >"$BATS_TEST_TMPDIR/out.svg"
	grep -q '<text id="title" x="600.00" y="20">My &lt;Graph></text>' "$BATS_TEST_TMPDIR/out.svg"
	grep -q '<text id="subtitle"[^>]*>sub</text>' "$BATS_TEST_TMPDIR/out.svg"
	grep -q '<!-- NOTES: a- -b -->' "$BATS_TEST_TMPDIR/out.svg"
	grep -q 'cn:"ticks", nt:"Frame:"' "$BATS_TEST_TMPDIR/out.svg"
	grep -q 'font-family:"Courier", sans-serif;' "$BATS_TEST_TMPDIR/out.svg"
	grep -q 'font-size:10px' "$BATS_TEST_TMPDIR/out.svg"
	grep -q 'fw:0.7' "$BATS_TEST_TMPDIR/out.svg"
	xmlcheck "$BATS_TEST_TMPDIR/out.svg"
}

@test "fg-svg: default titles follow the mode" {
	run fg-svg -i "$DATA/folded/julia.folded"
	[[ "$output" == *'>Icicle Graph</text>'* ]]
	run fg-svg --flamechart "$DATA/folded/julia.folded"
	[[ "$output" == *'>Flame Chart</text>'* ]]
	run fg-svg "$DATA/folded/julia.folded"
	[[ "$output" == *'>Flame Graph</text>'* ]]
}

@test "fg-svg: --width, --height and FG_WIDTH / FG_HEIGHT" {
	run fg-svg --width 800 --height 20 "$DATA/folded/julia.folded"
	# six levels of 20 px, 36 px above and 34 below
	[[ "$output" == *'<svg version="1.1" width="800" height="190"'* ]]
	FG_WIDTH=640 FG_HEIGHT=10 run fg-svg "$DATA/folded/julia.folded"
	[[ "$output" == *'<svg version="1.1" width="640" height="130"'* ]]
	FG_WIDTH=640 run fg-svg -w 700 "$DATA/folded/julia.folded"
	[[ "$output" == *'width="700"'* ]]
	run fg-svg --width 5 "$DATA/folded/julia.folded"
	status_is 2
	FG_WIDTH=abc run fg-svg "$DATA/folded/julia.folded"
	status_is 2
}

@test "fg-svg: --bgcolors" {
	run fg-svg --bgcolors blue "$DATA/folded/julia.folded"
	[[ "$output" == *'stop-color="#e0e0ff"'* ]]
	run fg-svg --bgcolors '#123456' "$DATA/folded/julia.folded"
	[[ "$output" == *'stop-color="#123456" offset="95%"'* ]]
	run fg-svg --bgcolors pink "$DATA/folded/julia.folded"
	status_is 2
}

@test "fg-svg: --total draws against a larger total; --factor scales what is shown" {
	printf 'a 10\n' | fg-svg --total 40 --no-more >"$BATS_TEST_TMPDIR/out.svg"
	run boxes "$BATS_TEST_TMPDIR/out.svg"
	[[ "$output" == *" 10.0 295.0 a"* ]]
	grep -q 'total:40' "$BATS_TEST_TMPDIR/out.svg"
	run bash -c "printf 'a 10\n' | fg-svg --factor 2.5"
	[[ "$output" == *'factor:2.5'* ]]
	run fg-svg --total x "$DATA/folded/julia.folded"
	status_is 2
}

@test "fg-svg --minwidth: a bad value is a usage error" {
	run fg-svg --minwidth abc "$DATA/folded/julia.folded"
	status_is 2
	[ "${lines[0]}" = "fg-svg: bad minwidth: 'abc'" ]
}

@test "fg-svg: differential input colours by total change: red grew, blue shrank, new green" {
	printf 'main;grew 10 20\nmain;shrank 20 10\nmain;new 0 5\nmain;gone 5 0\n' |
		fg-svg >"$BATS_TEST_TMPDIR/out.svg"
	grew=$(fill_of "$BATS_TEST_TMPDIR/out.svg" grew)
	shrank=$(fill_of "$BATS_TEST_TMPDIR/out.svg" shrank)
	[ "${grew:1:2}" = ff ]; [ "${grew:3:2}" != ff ]
	[ "${shrank:5:2}" = ff ]; [ "${shrank:1:2}" != ff ]
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" new)" = "#3cb371" ]
	grep -q '>grew</text>' "$BATS_TEST_TMPDIR/out.svg"
	grep -q '>new</text>' "$BATS_TEST_TMPDIR/out.svg"
	xmlcheck "$BATS_TEST_TMPDIR/out.svg"
}

@test "fg-svg: vanished stacks are drawn in the elided view only" {
	printf 'main;kept 10 20\nmain;gone 5 0\n' | fg-svg >"$BATS_TEST_TMPDIR/out.svg"
	grep -q '<text id="elided"' "$BATS_TEST_TMPDIR/out.svg"
	grep -q '<g id="eframes" class="hide">' "$BATS_TEST_TMPDIR/out.svg"
	# the graph has no box for gone; the elided view does
	[ "$(sed -n '/<g id="labels">/,/<\/g>/p' "$BATS_TEST_TMPDIR/out.svg" | grep -c '>gone<')" -eq 0 ]
	[ "$(sed -n '/<g id="elabels"/,/<\/g>/p' "$BATS_TEST_TMPDIR/out.svg" | grep -c '>gone<')" -eq 1 ]
	printf 'main;kept 10 20\n' | fg-svg >"$BATS_TEST_TMPDIR/none.svg"
	! grep -q 'id="elided"' "$BATS_TEST_TMPDIR/none.svg" || false
}

@test "fg-svg --delta=self: a parent with no change of its own is white" {
	printf 'main;p;c 10 20\n' | fg-svg --delta=self >"$BATS_TEST_TMPDIR/self.svg"
	[ "$(fill_of "$BATS_TEST_TMPDIR/self.svg" p)" = "#ffffff" ]
	printf 'main;p;c 10 20\n' | fg-svg --delta=total >"$BATS_TEST_TMPDIR/total.svg"
	[ "$(fill_of "$BATS_TEST_TMPDIR/total.svg" p)" != "#ffffff" ]
	run fg-svg --delta=other "$DATA/folded/diff.folded"
	status_is 2
}

@test "fg-svg --negate: baseline widths, coloured baseline minus target" {
	printf 'main;a 30 10\nmain;b 10 10\n' | fg-svg --negate --no-more >"$BATS_TEST_TMPDIR/out.svg"
	run boxes "$BATS_TEST_TMPDIR/out.svg"
	[[ "$output" == *" 10.0 885.0 a"* ]]
	a=$(fill_of "$BATS_TEST_TMPDIR/out.svg" a)
	[ "${a:1:2}" = ff ]	# a lost samples: red from the baseline's side
	# the key says what the colours mean with the columns swapped: no
	# "grew" or "new" (a frame only in the baseline is green here)
	printf 'main;a 30 10\nmain;gone 5 0\n' | fg-svg --negate >"$BATS_TEST_TMPDIR/out.svg"
	grep -q '>larger in the baseline</text>' "$BATS_TEST_TMPDIR/out.svg"
	grep -q '>larger in the target</text>' "$BATS_TEST_TMPDIR/out.svg"
	grep -q '>only in the baseline</text>' "$BATS_TEST_TMPDIR/out.svg"
	! grep -q '>grew</text>\|>new</text>' "$BATS_TEST_TMPDIR/out.svg" || false
}

@test "fg-svg --min-delta: small changes are neutral" {
	printf 'main;a 1000 1010\nmain;b 100 400\n' | fg-svg --min-delta 5 >"$BATS_TEST_TMPDIR/out.svg"
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" a)" = "#ffffff" ]
	[ "$(fill_of "$BATS_TEST_TMPDIR/out.svg" b)" != "#ffffff" ]
}

@test "fg-svg: bytes of SVG per drawn frame on a large graph: 144 with the titles" {
	gzip -dc "$DATA/svg/perf.folded.gz" | fg-svg --minwidth 0 >"$BATS_TEST_TMPDIR/out.svg"
	frames=$(svg_lines "$BATS_TEST_TMPDIR/out.svg" | sed -n '/<g id="frames">/,/<\/g>/p' | grep -c '^<rect')
	bytes=$(wc -c <"$BATS_TEST_TMPDIR/out.svg")
	script=$(sed -n '/^"use strict"/,/^]]>/p' "$BATS_TEST_TMPDIR/out.svg" | wc -c)
	# the <title> of each frame takes about 65 bytes with this profile's
	# long names; the script reads names and counts from the titles and
	# keeps no copy of its own (only the few gaps before callees)
	titles=$(grep -o '<title>[^<]*</title>' "$BATS_TEST_TMPDIR/out.svg" | wc -c)
	echo "frames $frames bytes $bytes script $script titles $titles" >&2
	[ "$titles" -gt $((60 * frames)) ]
	grep -q '^var D = {dom:1, ' "$BATS_TEST_TMPDIR/out.svg"
	[ $(( (bytes - script) / frames )) -le 144 ]
}

@test "fg-svg: every frame carries a <title>: name, count, percent, change; in both views" {
	printf 'a;b 5\na;b::x;y 3\na;b;c 2\n' | fg-svg >"$BATS_TEST_TMPDIR/out.svg"
	rects=$(svg_lines "$BATS_TEST_TMPDIR/out.svg" | sed -n '/<g id="frames">/,/<\/g>/p' | grep -c '^<rect')
	titled=$(svg_lines "$BATS_TEST_TMPDIR/out.svg" | sed -n '/<g id="frames">/,/<\/g>/p' |
		grep -c '^<rect [^>]*><title>[^<]*</title></rect>$')
	[ "$rects" -eq 6 ]; [ "$titled" -eq "$rects" ]
	# a frame a line as written: grep by name finds its line alone
	grep '<title>b::x (' "$BATS_TEST_TMPDIR/out.svg" >"$BATS_TEST_TMPDIR/line"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/line")" -eq 1 ]
	# b (a leaf, 7 samples) before b::x, as sorted lines put them: 10 + 826 px
	grep -q '^x="836" y="[0-9]*" width="354" height="15" fill="#[0-9a-f]*"><title>b::x (3 samples, 30.00%)</title></rect><rect$' "$BATS_TEST_TMPDIR/line"
	# 10 samples in all; b holds its own 5 and c's 2
	grep -qF '<title>all (10 samples, 100.00%)</title>' "$BATS_TEST_TMPDIR/out.svg"
	grep -qF '<title>b (7 samples, 70.00%)</title>' "$BATS_TEST_TMPDIR/out.svg"
	grep -qF '<title>b::x (3 samples, 30.00%)</title>' "$BATS_TEST_TMPDIR/out.svg"
	xmlcheck "$BATS_TEST_TMPDIR/out.svg"
	# differential: the target's 1500 samples, 500 more than the baseline's
	# 1000 (33.33% of 1500); b vanished: in the Elided view at its 100
	printf 'main;a 1000 1500\nmain;b 100 0\n' | fg-svg --countname ms >"$BATS_TEST_TMPDIR/d.svg"
	grep -qF '<title>a (1,500 ms, 100.00%; +500 ms, +33.33%)</title>' "$BATS_TEST_TMPDIR/d.svg"
	grep -qF '<title>main (1,500 ms, 100.00%; +400 ms, +26.67%)</title>' "$BATS_TEST_TMPDIR/d.svg"
	sed -n '/<g id="eframes"/,/<\/g>/p' "$BATS_TEST_TMPDIR/d.svg" | grep -qF '<title>b (100 ms, 100.00%)</title>'
	# names are data, escaped; --factor scales the count shown
	printf 'main;<b>&x 3\n' | fg-svg --factor 0.5 | grep -qF '<title>&lt;b>&amp;x (1.5 samples, 100.00%)</title>'
}

@test "fg-svg --sort=width: callees widest first from the left edge, ties by name" {
	printf 'main;a 1\nmain;b 5\nmain;c 3\nmain 3\nmain;d 3\n' | fg-svg --sort=width >"$BATS_TEST_TMPDIR/w.svg"
	# 15 samples across 1180 px: b 5, then c and d (3 each, by name), a 1
	run boxes "$BATS_TEST_TMPDIR/w.svg"
	[[ "$output" == *"37 10.0 393.3 b"* ]]
	[[ "$output" == *"37 403.3 236.0 c"* ]]
	[[ "$output" == *"37 639.3 236.0 d"* ]]
	[[ "$output" == *"37 875.3 78.7 a"* ]]
	# by name (the default), main's own samples come first
	run boxes <(printf 'main;a 1\nmain;b 5\nmain;c 3\nmain 3\nmain;d 3\n' | fg-svg --sort=name)
	[[ "$output" == *"37 246.0 78.7 a"* ]]
	run fg-svg --sort=size /dev/null
	status_is 2
	[ "$output" = "fg-svg: bad sort: 'size' (name or width)
Try 'fg-svg --help' for more information." ]
	run fg-svg --sort=width --flamechart /dev/null
	status_is 2
	[ "${lines[0]}" = "fg-svg: --sort=width and --flamechart exclude each other" ]
}

@test "fg-svg --sort=width: a '+N more' box stays last; --no-more keeps the hidden callees' room" {
	{ echo "main;big 1000"; echo "main;mid 500"; for i in $(seq 1 50); do echo "main;a$i 1"; done; } >"$BATS_TEST_TMPDIR/in"
	run boxes <(fg-svg --sort=width --minwidth 5 "$BATS_TEST_TMPDIR/in")
	# 1550 samples across 1180 px: big 761.3, mid 380.6, then +50 more
	[[ "$output" == *" 10.0 761.3 big"* ]]
	[[ "$output" == *" 771.3 380.6 mid"* ]]
	[[ "$output" == *" 1151.9 38.1 +50 more"* ]]
	run boxes <(fg-svg --sort=width --no-more --minwidth 5 "$BATS_TEST_TMPDIR/in")
	[[ "$output" == *" 771.3 380.6 mid"* ]]
	[[ "$output" != *"more"* ]]
}

@test "fg-svg: empty input is an error and writes nothing" {
	run bash -c "fg-svg /dev/null 2>&1 >$BATS_TEST_TMPDIR/out"
	status_is 1
	[ "$output" = "fg-svg: no samples in the input" ]
	[ ! -s "$BATS_TEST_TMPDIR/out" ]
}

@test "fg-svg: bad input names file and line, writes nothing" {
	printf 'a 1\nb\n' >"$BATS_TEST_TMPDIR/in"
	run bash -c "fg-svg $BATS_TEST_TMPDIR/in 2>&1 >$BATS_TEST_TMPDIR/out"
	status_is 1
	[ "$output" = "fg-svg: $BATS_TEST_TMPDIR/in:2: count missing" ]
	[ ! -s "$BATS_TEST_TMPDIR/out" ]
}

@test "fg-svg: usage, --help and --version" {
	run fg-svg --bogus
	status_is 2
	[[ "$output" == *"Try 'fg-svg --help'"* ]]
	run fg-svg --help
	status_is 0
	[[ "$output" == *"--no-more"* ]]
	run fg-svg --version
	[[ "$output" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "fg-svg: in Chromium, ?s= highlights the matches and prints the exact share" {
	ch=$(command -v chromium || command -v chromium-browser || true)
	[ -n "$ch" ] || skip "needs chromium"
	fg-svg "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/d.svg"
	expect=$(awk '{n=$NF; t+=n; if ($0 ~ /lookupn/) m+=n} END {printf "%.2f", 100*m/t}' "$DATA/svg/dtrace.folded")
	timeout 60 "$ch" --headless --no-sandbox --disable-gpu --disable-background-networking \
		--disable-component-update --disable-sync --no-first-run \
		--user-data-dir="$BATS_TEST_TMPDIR/profile" --dump-dom \
		"file://$BATS_TEST_TMPDIR/d.svg?s=lookupn" 2>/dev/null >"$BATS_TEST_TMPDIR/dom"
	grep -q ">Matched: $expect%</text>" "$BATS_TEST_TMPDIR/dom"
	[ "$(grep -c 'fill="rgb(230,0,230)"' "$BATS_TEST_TMPDIR/dom")" -gt 0 ]
}

@test "fg-svg: --fonttype is inert in the style sheet; sans-serif ends the list" {
	run fg-svg --fonttype 'x;} svg{background:url(https://evil/)} text{' "$DATA/folded/julia.folded"
	status_is 0
	decl=$(grep '^text { font-family:' <<<"$output")
	# one family: a CSS string holding no character that could end it
	[[ "$decl" =~ ^text\ \{\ font-family:\"([^\"]*)\",\ sans-serif\;\ font-size:12px\;\ \}$ ]]
	inner=${BASH_REMATCH[1]}
	[[ "$inner" != *[\;\{\}\(\)\<\>\&]* ]]
	[[ "$output" != *"url(https://evil/)"* ]]
	# the rest of the style sheet is fg-svg's own: one rule for text
	[ "$(grep -c '^text {' <<<"$output")" -eq 2 ]
	run fg-svg --fonttype 'DejaVu Sans, monospace' "$DATA/folded/julia.folded"
	grep -q '^text { font-family:"DejaVu Sans", monospace, sans-serif;' <<<"$output"
	run fg-svg "$DATA/folded/julia.folded"
	grep -q '^text { font-family:"Verdana", sans-serif;' <<<"$output"
}

@test "fg-svg: several files are added up into one graph, as --help and the manual say" {
	printf 'main;a 3\n' >"$BATS_TEST_TMPDIR/1"
	printf 'main;a 2\nmain;b 1\n' >"$BATS_TEST_TMPDIR/2"
	fg-svg "$BATS_TEST_TMPDIR/1" "$BATS_TEST_TMPDIR/2" | grep -q '<title>a (5 samples'
	fg-svg --help | grep -q '^The FILEs are added up into one graph (fg-html makes a view of each)\.$'
	grep -q '^Several files are added up into one graph' "$FG_ROOT/man/fg-svg.1"
	grep -q 'add several files up into one graph instead' "$FG_ROOT/man/fg-html.1"
}

@test "fg-svg --colors julia: fg-html's key (dispatch, GC, compilation), and tooltips name the status" {
	printf '%s\n' 'main at m.jl:1;f at a.jl:1_[d];g at b.jl:2_[g] 3' 'main at m.jl:1;h at c.jl:3_[dg] 2' \
	    'main at m.jl:1;typeinf_ext at typeinfer.jl:9;abstract_call at abstractinterpretation.jl:4 5' \
	    'main at m.jl:1;typeinf_ext at typeinfer.jl:9;gc at gc.jl:1_[g] 1' >"$BATS_TEST_TMPDIR/j"
	fg-svg --colors julia "$BATS_TEST_TMPDIR/j" >"$BATS_TEST_TMPDIR/j.svg"
	# the key: fg-html's words and colours, in its order
	want=$(fg-html --colors julia "$BATS_TEST_TMPDIR/j" | grep -o '"legend":\[\[[^]]*\],\[[^]]*\],\[[^]]*\]\]' |
	    sed 's/"legend"://; s/\],\[/\n/g; s/[][]//g; s/"//g' | awk -F, '{ print $2, $1 }')
	[ "$(echo "$want" | wc -l)" = 3 ]
	got=$(tr -d '\n' <"$BATS_TEST_TMPDIR/j.svg" | grep -o '<rect x="[0-9.]*" y="[0-9.]*" width="10" height="10" fill="#[0-9a-f]*"/><text x="[0-9.]*" y="[0-9.]*">[a-z ]*</text>' |
	    sed 's/.*fill="\(#[0-9a-f]*\)".*">\([a-z ]*\)<\/text>/\1 \2/')
	[ "$got" = "$want" ] || { printf 'want:\n%s\ngot:\n%s\n' "$want" "$got" >&2; return 1; }
	# the tooltips
	svg_lines "$BATS_TEST_TMPDIR/j.svg" >"$BATS_TEST_TMPDIR/l"
	grep -q '<title>f at a.jl:1 (3 samples, 27.27%; runtime dispatch)</title>' "$BATS_TEST_TMPDIR/l"
	grep -q '<title>g at b.jl:2 (3 samples, 27.27%; garbage collection)</title>' "$BATS_TEST_TMPDIR/l"
	grep -q '<title>h at c.jl:3 (2 samples, 18.18%; runtime dispatch, garbage collection)</title>' "$BATS_TEST_TMPDIR/l"
	# under the compiler, a frame without a status of its own is compilation
	comp=$(echo "$want" | awk '$2 == "compilation" { print $1 }')
	grep -q "fill=\"$comp\"><title>typeinf_ext at typeinfer.jl:9 (6 samples, 54.55%; compilation)</title>" "$BATS_TEST_TMPDIR/l"
	grep -q "fill=\"$comp\"><title>abstract_call at abstractinterpretation.jl:4 (5 samples, 45.45%; compilation)</title>" "$BATS_TEST_TMPDIR/l"
	gc=$(echo "$want" | awk '$2 == "garbage" { print $1 }')
	grep -q "fill=\"$gc\"><title>gc at gc.jl:1 (1 samples, 9.09%; garbage collection)</title>" "$BATS_TEST_TMPDIR/l"
	grep -q '<title>main at m.jl:1 (11 samples, 100.00%)</title>' "$BATS_TEST_TMPDIR/l"
	# the script takes its tooltips from the titles
	grep -q ', ut:1, nt:' "$BATS_TEST_TMPDIR/j.svg"
	# another palette names no status and has no key
	fg-svg "$BATS_TEST_TMPDIR/j" | svg_lines | grep -q '<title>f at a.jl:1 (3 samples, 27.27%)</title>'
	! fg-svg "$BATS_TEST_TMPDIR/j" | grep -q '>compilation</text>' || false
}


# The callees of the root frame "a" as fg-svg draws them, left to right,
# one name a line: fg-svg's options, then the input file.
a_callees() {
	fg-svg --width 1200 "$@" | svg_lines |
		sed -n 's/.*x="\([0-9.]*\)" y="\([0-9.]*\)" width="[0-9.]*" height="[0-9.]*" fill="[^"]*"><title>\([^<]*\) ([0-9].*/\2 \1 \3/p' >"$BATS_TEST_TMPDIR/boxes"
	# the row of a's callees: the next one up from a's row
	awk -v ya="$(awk '$3 == "a" { print $1 }' "$BATS_TEST_TMPDIR/boxes")" '
		NR == FNR { if ($1 + 0 < ya + 0 && (yc == "" || $1 + 0 > yc + 0)) yc = $1; next }
		$1 == yc { print $2, $3 }' "$BATS_TEST_TMPDIR/boxes" "$BATS_TEST_TMPDIR/boxes" | sort -n | cut -d' ' -f2-
}

@test "fg-svg: callees in the order of sorted lines, a leaf b before b2 and f::g, a b with callees after" {
	T=$BATS_TEST_TMPDIR
	for input in 'a;b 1\na;b2 1\n' 'a;b;c 1\na;b2 1\n' 'a;b2 1\na;b 3\na;b;c 1\n' \
	    'a;f::g 2\na;f 1\na;f.x;y 1\na;f(int) 4\n' 'a;f::g 2\na;f;h 1\na;f.x;y 1\n'; do
		printf "$input" >"$T/in.folded"
		# expected: each callee of a where its first line falls in LC_ALL=C sort order
		LC_ALL=C sort "$T/in.folded" | awk '{ sub(/ [0-9]+$/, ""); split($0, f, ";"); if (!seen[f[2]]++) print f[2] }' >"$T/want"
		a_callees "$T/in.folded" >"$T/got"
		diff "$T/want" "$T/got" || { printf "$input"; return 1; }
	done
	# --sort=width breaks ties the same way
	printf 'a;b2 1\na;b 1\n' >"$T/in.folded"
	[ "$(a_callees --sort=width "$T/in.folded" | paste -sd' ')" = "b b2" ]
	printf 'a;b2 1\na;b;c 1\n' >"$T/in.folded"
	[ "$(a_callees --sort=width "$T/in.folded" | paste -sd' ')" = "b2 b" ]
}

# inferno-flamegraph's options.  The stored *.inferno files are what
# inferno 0.11.21 draws (frames.awk: "y name samples fill" a frame) with
# --minwidth 0 and the option; INFERNO_BIN (inferno's folder) remakes
# them in the last test.
frames() {
	awk -f "$DATA/svg/frames.awk" "$@" | LC_ALL=C sort
}

# the input of the --base case: the stacks whose leaf is one of the two
# bases left out (inferno never matches a leaf)
base_input() {
	grep -v 'vn_openat [0-9]*$\|lookuppnvp [0-9]*$' "$DATA/svg/dtrace.folded"
}

@test "fg-svg --deterministic: inferno's colours, frame for frame (hot, mem)" {
	fg-svg --minwidth 0 --no-more --deterministic "$DATA/svg/dtrace.folded" | frames |
		diff "$DATA/svg/dtrace-deterministic.inferno" -
	fg-svg --minwidth 0 --no-more --deterministic -c mem "$DATA/svg/dtrace.folded" | frames |
		diff "$DATA/svg/dtrace-deterministic-mem.inferno" -
	# other colours than fg-svg's own, and like them the same every run
	fg-svg --minwidth 0 --no-more "$DATA/svg/dtrace.folded" | frames >"$BATS_TEST_TMPDIR/own"
	! cmp -s "$DATA/svg/dtrace-deterministic.inferno" "$BATS_TEST_TMPDIR/own" || false
	run fg-svg --deterministic --hash "$DATA/svg/dtrace.folded"
	status_is 2
	[[ "$output" == *"--hash and --deterministic exclude each other"* ]]
}

@test "fg-svg --colordiffusion: inferno's colours by width, the root rgb(255,100,100)" {
	fg-svg --minwidth 0 --no-more --colordiffusion "$DATA/svg/dtrace.folded" | frames |
		diff "$DATA/svg/dtrace-colordiffusion.inferno" -
	grep -q $'^309\tall\t57441\trgb(255,100,100)$' "$DATA/svg/dtrace-colordiffusion.inferno"
	run fg-svg --colordiffusion -c java "$DATA/svg/dtrace.folded"
	status_is 2
	[[ "$output" == *"--colordiffusion and --colors exclude each other"* ]]
}

@test "fg-svg --base: inferno's stacks from the deepest base frame, repeatable" {
	base_input | fg-svg --minwidth 0 --no-more --deterministic --base 'genunix`vn_openat' \
	    --base 'genunix`lookuppnvp' | frames | diff "$DATA/svg/dtrace-base.inferno" -
	# the deepest of the two: a stack through both starts at lookuppnvp,
	# below vn_openat, so the root's callees are the two, and lookuppnvp
	# has all its samples there
	[ "$(awk -F'\t' '$1 == 165 { print $2 }' "$DATA/svg/dtrace-base.inferno" | paste -sd' ')" = 'genunix`lookuppnvp genunix`vn_openat' ]
	[ "$(base_input | grep 'lookuppnvp' | awk '{ s += $NF } END { print s }')" = \
	    "$(awk -F'\t' '$1 == 165 && $2 == "genunix`lookuppnvp" { print $3 }' "$DATA/svg/dtrace-base.inferno")" ]
}

@test "fg-svg --base: a stack whose root or leaf is the base is kept, which inferno drops" {
	printf 'a;b;c 1\nb;c 2\nx;y;b 4\nq 8\n' >"$BATS_TEST_TMPDIR/in"
	fg-svg --base b "$BATS_TEST_TMPDIR/in" | frames | cut -f1-3 >"$BATS_TEST_TMPDIR/got"
	# inferno 0.11.21 draws all 1, b 1, c 1: only a;b;c
	printf '37\tc\t3\n53\tb\t7\n69\tall\t7\n' | diff - "$BATS_TEST_TMPDIR/got"
	run fg-svg --base z "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[[ "$output" == *"no samples in a stack through a --base frame"* ]]
}

@test "fg-svg --search-color, --stroke-color, --uicolor: the colours of the page, and bad ones refused" {
	fg-svg --search-color '#102030' --stroke-color '#405060' --uicolor '#708090' \
	    "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/c.svg"
	grep -q '^cn:"samples", nt:"Function:", sc:"#102030"};$' "$BATS_TEST_TMPDIR/c.svg"
	grep -qx '#frames rect, #eframes rect { stroke:#405060; stroke-width:1; }' "$BATS_TEST_TMPDIR/c.svg"
	grep -qx '#title, #details, #unzoom, #search, #ignorecase, #matched { fill:#708090; }' "$BATS_TEST_TMPDIR/c.svg"
	# the defaults: inferno's, which fg-svg's are (rgb(230,0,230), no outline, black)
	fg-svg --stroke-color none "$DATA/svg/dtrace.folded" | cmp - <(fg-svg "$DATA/svg/dtrace.folded")
	! fg-svg "$DATA/svg/dtrace.folded" | grep -q 'sc:\|stroke:#\|#matched {' || false
	for o in --search-color --stroke-color --uicolor; do
		for bad in red '#12345' '#1234567' '#12345g'; do
			run fg-svg "$o" "$bad" "$DATA/svg/dtrace.folded"
			status_is 2
			[[ "$output" == *"bad ${o#--}: '$bad' (#rrggbb)"* ]]
		done
	done
}

@test "fg-svg --truncate-text-right, --no-sort, --pretty-xml: taken, the same graph" {
	fg-svg "$DATA/svg/dtrace.folded" >"$BATS_TEST_TMPDIR/a.svg"
	for o in --truncate-text-right --no-sort --pretty-xml; do
		fg-svg "$o" "$DATA/svg/dtrace.folded" | cmp - "$BATS_TEST_TMPDIR/a.svg"
	done
	# a label cut keeps its start, as inferno's with --truncate-text-right:
	# 1 of 31 samples over 1180 px, 5 characters of 7.08 px
	printf 'main;abcdefghijklmnopqrstuvwxyz 1\nmain;b 30\n' | fg-svg --truncate-text-right | grep -q '>abc\.\.</text>'
}

@test "fg-svg: the stored inferno outputs are inferno's (INFERNO_BIN)" {
	inf=${INFERNO_BIN:-}/inferno-flamegraph
	[ -x "$inf" ] || skip "needs INFERNO_BIN, inferno's folder"
	"$inf" --minwidth 0 --deterministic "$DATA/svg/dtrace.folded" | frames | diff "$DATA/svg/dtrace-deterministic.inferno" -
	"$inf" --minwidth 0 --deterministic -c mem "$DATA/svg/dtrace.folded" | frames | diff "$DATA/svg/dtrace-deterministic-mem.inferno" -
	"$inf" --minwidth 0 --colordiffusion "$DATA/svg/dtrace.folded" | frames | diff "$DATA/svg/dtrace-colordiffusion.inferno" -
	base_input | "$inf" --minwidth 0 --deterministic --base 'genunix`vn_openat' --base 'genunix`lookuppnvp' |
		frames | diff "$DATA/svg/dtrace-base.inferno" -
	printf 'a;b;c 1\nb;c 2\nx;y;b 4\nq 8\n' | "$inf" --base b | frames | cut -f1-3 |
		diff <(printf '37\tc\t1\n53\tb\t1\n69\tall\t1\n') -
	"$inf" --search-color '#102030' "$DATA/svg/dtrace.folded" | grep -q "searchcolor = 'rgb(16,32,48)'"
	"$inf" --stroke-color '#405060' "$DATA/svg/dtrace.folded" | grep -q '#frames > g > rect { stroke:rgb(64,80,96); stroke-width:1; }'
	"$inf" --uicolor '#708090' "$DATA/svg/dtrace.folded" | grep -q '<text id="title" fill="rgb(112,128,144)"'
}
