#!/usr/bin/env bats
# fg-html: one offline HTML page that draws profiles on a canvas

load helper
load html

# The fill fg-svg gives the first box of the frame named $2 in SVG $1.
svg_fill() {
	local y x
	read -r y x _ < <(awk -f "$DATA/svg/boxes.awk" "$1" |
		awk -v n="$2" '{ nm = $0; sub(/^[^ ]* [^ ]* [^ ]* /, "", nm) } nm == n { print; exit }')
	svg_lines "$1" | grep -o "<rect x=\"$x\" y=\"$y\" [^>]*" | head -1 | sed 's/.*fill="\([^"]*\)".*/\1/'
}

@test "fg-html: one self-contained page: no reference leaves it" {
	fg-html "$J" >"$BATS_TEST_TMPDIR/p.html"
	head -1 "$BATS_TEST_TMPDIR/p.html" | grep -qx '<!DOCTYPE html>'
	# no address anywhere; no attribute that loads one in the markup
	# (the script's own a.href= are the Save links' blob: addresses)
	! grep -Eiq 'https?:|@import|(^|[^a-z])url\(|//cdn' "$BATS_TEST_TMPDIR/p.html" || false
	sed '/<script/,/<\/script>/d' "$BATS_TEST_TMPDIR/p.html" >"$BATS_TEST_TMPDIR/markup"
	grep -q '<body' "$BATS_TEST_TMPDIR/markup"
	! grep -Eiq '(src|href|action|srcset|poster)=' "$BATS_TEST_TMPDIR/markup" || false
	grep -q "Content-Security-Policy\" content=\"default-src 'none'" "$BATS_TEST_TMPDIR/p.html"
	# the script and style are inline, each once
	[ "$(grep -c '^<script' "$BATS_TEST_TMPDIR/p.html")" -eq 2 ]
	[ "$(grep -c '^<style>' "$BATS_TEST_TMPDIR/p.html")" -eq 1 ]
}

@test "fg-html: byte-identical across runs" {
	fg-html "$J" >"$BATS_TEST_TMPDIR/a.html"
	fg-html "$J" >"$BATS_TEST_TMPDIR/b.html"
	cmp "$BATS_TEST_TMPDIR/a.html" "$BATS_TEST_TMPDIR/b.html"
}

@test "fg-html: the whole tree, no minimum width: every stack's leaf is a frame" {
	need_pagedata
	# a stack of one sample among a million is still there to zoom into
	{ echo "big;work 1000000"; echo "big;tiny;leaf 1"; } | fg-html >"$BATS_TEST_TMPDIR/p.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'names(V[0])')" = "$(printf 'all\nbig\ntiny\nleaf\nwork')" ]
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'V[0]["w"]')" = "$(printf '1000001\n1000001\n1\n1\n1000000')" ]
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'V[0]["depth"]')" = "$(printf '0\n1\n2\n3\n2')" ]
}

@test "fg-html: widths add up to the input's counts, frame by frame" {
	need_pagedata
	fg-html "$J" >"$BATS_TEST_TMPDIR/p.html"
	total=$(awk '{ t += $NF } END { print t }' "$J")
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'V[0]["w"][0]')" = "$total" ]
	# a root frame's width is the sum of the lines under it
	root=$(head -1 "$J" | cut -d';' -f1)
	want=$(awk -F';' -v r="$root" '$1 == r { n = split($0, a, " "); t += a[n] } END { print t }' "$J")
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" "V[0]['w'][names(V[0]).index('$root')]")" = "$want" ]
	# the frame count is the number of distinct stack prefixes, plus the root
	prefixes=$(awk '{ sub(/ [^ ]*$/, ""); n = split($0, a, ";"); p = ""
		for (i = 1; i <= n; i++) { p = p ";" a[i]; if (!(p in s)) { s[p]; c++ } } } END { print c + 1 }' "$J")
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'V[0]["n"]')" = "$prefixes" ]
}

@test "fg-html: the page's own script (node) decodes the stacks it was given" {
	need_pagedata
	# counts of one to nine packed digits (five bits each), all bits set
	T=$BATS_TEST_TMPDIR
	printf 'a;b 1\na;c 31\na;c;d 32\ne 1099511627775\nf;g;h 35184372088831\nf 7\n' >"$T/big.folded"
	for f in "$T/big.folded" "$J"; do
		fg-html "$f" >"$T/p.html"
		fgdata "$T/p.html" 'folded(V[0])' | sort >"$T/got"
		# the annotations (_[d] and the like) are kept apart from the names
		sed -E 's/_\[[a-z]\]( |;)/\1/g' "$f" | fg-merge | sort | diff - "$T/got"
	done
	# a differential page: the baseline's counts and the target's
	printf 'a;b 3 5\na;c;d 7 2\ne 1 1\na 0 4\nx;y 40 0\nx 1 1\n' >"$T/d.folded"
	fg-html "$T/d.folded" >"$T/p.html"
	fgdata "$T/p.html" 'folded(V[0])' | sort >"$T/got"
	# y vanished: x keeps its baseline, 40 more, in the graph
	sed 's/^x 1 1$/x 41 1/; /^x;y /d' "$T/d.folded" | sort | diff - "$T/got"
	# and the stacks that vanished are the elided view, the baseline's counts
	fg-html "$DIFF" >"$T/p.html"
	fgdata "$T/p.html" 'folded(V[0]["e"])' | sort >"$T/got"
	[ -s "$T/got" ]
	awk '$NF == 0 { $NF = ""; sub(/ $/, ""); print }' "$DIFF" | fg-merge | sort | diff - "$T/got"
}

@test "fg-html: names are interned once; annotations kept apart" {
	need_pagedata
	fg-html "$J" >"$BATS_TEST_TMPDIR/p.html"
	# eval at boot.jl:330 roots every stack but is written once (the
	# names are deflated: not in the page's text)
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'D["names"].count("eval at boot.jl:330")')" -eq 1 ]
	! grep -q 'eval at boot.jl:330' "$BATS_TEST_TMPDIR/p.html" || false
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'len(D["names"]) == len(set(D["names"]))')" = True ] ||
		[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'any(D["annot"])')" = True ]
	name='_mapslices at abstractarray.jl:2870 [inlined]'
	id=$(fgdata "$BATS_TEST_TMPDIR/p.html" "D['names'].index('$name')")
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" "D['annot']['$id']")" = d ]
}

@test "fg-html: decimal counts" {
	need_pagedata
	fg-html "$DATA/folded/decimal.folded" >"$BATS_TEST_TMPDIR/p.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'D["frac"]')" = 1 ]
	want=$(awk '{ t += $NF } END { print t }' "$DATA/folded/decimal.folded")
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'V[0]["w"][0]')" = "$want" ]
}

@test "fg-html: on a realistic input, the page's data is at most 2.5% of it, its code within its budget of 160 KiB" {
	# the data grows with the input, bounded as issue 48 bounds the
	# whole page on large ones; the code (script, style, markup) is the
	# same for every input, a budget each new feature must fit in
	# (HACKING.md, "The page's size")
	gzip -dc "$DATA/svg/perf.folded.gz" >"$BATS_TEST_TMPDIR/in.folded"
	fg-html "$BATS_TEST_TMPDIR/in.folded" >"$BATS_TEST_TMPDIR/p.html"
	in=$(wc -c <"$BATS_TEST_TMPDIR/in.folded")
	out=$(wc -c <"$BATS_TEST_TMPDIR/p.html")
	data=$(sed -n '/<script type="application\/json" id="fg-data">/,/<\/script>/p' "$BATS_TEST_TMPDIR/p.html" | wc -c)
	echo "page $out bytes: data $data, code $((out - data)); input $in" >&2
	[ "$data" -gt 1000 ]
	[ "$((data * 1000))" -le "$((in * 25))" ]
	[ "$((out - data))" -le $((160 * 1024)) ]
}

@test "fg-html: the frames' data is deflated, and a browser that cannot inflate it gets a message" {
	need_pagedata
	printf 'main;a;b 3\nmain;a;c 2\nmain;d 1\n' >"$BATS_TEST_TMPDIR/in.folded"
	fg-html "$BATS_TEST_TMPDIR/in.folded" >"$BATS_TEST_TMPDIR/p.html"
	# each field is [bytes, digits]: the digits read here as html.c's
	# comment says (7-bit ones printable ASCII, 13-bit ones 2-byte
	# characters from U+00A0 but for the format characters, 19-bit ones
	# from U+3000), every field and the names a zlib stream
	python3 - "$BATS_TEST_TMPDIR/p.html" <<'PY'
import json, re, sys, zlib
page = open(sys.argv[1], encoding="utf-8").read()
D = json.loads(re.search(r'id="fg-data">\n(.*?)</script>', page, re.S).group(1))
a7 = [chr(c) for c in range(32, 127) if chr(c) not in '"\\<']
two = [c for c in range(0xa0, 0x800) if c not in (0xad, 0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x61c, 0x6dd, 0x70f)]
val = {ch: (v, 7) for v, ch in enumerate(a7)}
val.update({chr(c): ((92 << 6) + k, 13) for k, c in enumerate(two[:1856])})
def undigit(n, s):
    bits = ""
    for ch in s:
        v, k = val.get(ch, ((121 << 12) + ord(ch) - 0x3000, 19))
        assert 0 <= v < 1 << k and (k < 19 or ord(ch) < 0x3000 + (7 << 12)), ch
        bits += format(v, "0%db" % k)
    assert len(bits) >= 8 * n > len(bits) - 19
    return bytes(int(bits[i:i + 8], 2) for i in range(0, 8 * n, 8))
for n, s in [D["views"][0][k] for k in "dfw"] + [D["names"]]:
    z = undigit(n, s)
    assert z[0] == 0x78 and zlib.decompress(z), (n, s)
assert zlib.decompress(undigit(*D["names"])).decode() == "all\nmain\na\nb\nc\nd\n"
PY
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'V[0]["depth"]')" = "$(printf '0\n1\n2\n3\n3\n2')" ]
	run node "$FG_ROOT/tests/html-views.cjs" --no-inflate "$BATS_TEST_TMPDIR/p.html"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "This flame graph needs a browser that inflates data itself (DecompressionStream: Chrome 80, Firefox 113, Safari 16.4 or later)." ]
	[ "${lines[1]}" = "fg-html: no DecompressionStream" ]
}

@test "fg-html: hot, --hash and julia colours are fg-svg's" {
	need_pagedata
	for opt in "" --hash "--colors=julia" "--colors=mem"; do
		fg-html $opt "$J" >"$BATS_TEST_TMPDIR/p.html"
		fg-svg $opt "$J" >"$BATS_TEST_TMPDIR/p.svg"
		# the frames' fills (not the key's, under --colors julia)
		grep -o 'fill="#[0-9a-f]*"[^>]*><title>' "$BATS_TEST_TMPDIR/p.svg" | sed 's/fill="\(#[0-9a-f]*\)".*/\1/' | sort -u >"$BATS_TEST_TMPDIR/svg"
		fgdata "$BATS_TEST_TMPDIR/p.html" 'sorted(set(D["colors"][c] for c in V[0]["c"]))' >"$BATS_TEST_TMPDIR/html"
		# every box colour of the SVG is a frame colour of the page
		[ -z "$(comm -23 "$BATS_TEST_TMPDIR/svg" "$BATS_TEST_TMPDIR/html" | grep -v '^#\(ffffff\|eeeeee\|eeeeb0\)$')" ]
	done
	fg-html --colors=red "$J" >"$BATS_TEST_TMPDIR/red.html"
	fg-html --colors=blue "$J" >"$BATS_TEST_TMPDIR/blue.html"
	! cmp -s "$BATS_TEST_TMPDIR/red.html" "$BATS_TEST_TMPDIR/blue.html" || false
	run fg-html --colors=nope "$J"
	status_is 2
	[[ "${lines[0]}" == "fg-html: bad palette: 'nope' (hot, mem, "*", julia or category)" ]]
}

@test "fg-html --colors julia: status colours, compilation under the compiler, and a legend" {
	need_pagedata
	{ echo "main at a.jl:1;f at b.jl:2_[d] 3"; echo "main at a.jl:1;g at b.jl:3_[g] 2"
	  echo "main at a.jl:1;typeinf_ext at typeinfer.jl:9;abstract_call at abstractinterpretation.jl:5 4"
	  echo "main at a.jl:1;h at b.jl:4 1"; } >"$BATS_TEST_TMPDIR/j.folded"
	fg-html --colors julia "$BATS_TEST_TMPDIR/j.folded" >"$BATS_TEST_TMPDIR/p.html"
	p=$BATS_TEST_TMPDIR/p.html
	[ "$(fgdata "$p" '[l[0] for l in D["legend"]]')" = "$(printf 'runtime dispatch\ngarbage collection\ncompilation')" ]
	legend() { fgdata "$p" "dict(D['legend'])['$1']"; }
	# dispatch and GC frames as fg-svg colours them
	fg-svg --colors julia "$BATS_TEST_TMPDIR/j.folded" >"$BATS_TEST_TMPDIR/j.svg"
	[ "$(fgdata "$p" "color(V[0], 'f at b.jl:2')")" = "$(svg_fill "$BATS_TEST_TMPDIR/j.svg" 'f at b.jl:2')" ]
	[ "$(fgdata "$p" "color(V[0], 'g at b.jl:3')")" = "$(svg_fill "$BATS_TEST_TMPDIR/j.svg" 'g at b.jl:3')" ]
	[ "$(fgdata "$p" "color(V[0], 'typeinf_ext at typeinfer.jl:9')")" = "$(legend compilation)" ]
	[ "$(fgdata "$p" "color(V[0], 'abstract_call at abstractinterpretation.jl:5')")" = "$(legend compilation)" ]
	[ "$(fgdata "$p" "color(V[0], 'h at b.jl:4')")" != "$(legend compilation)" ]
	# other palettes have no legend
	fg-html "$BATS_TEST_TMPDIR/j.folded" >"$p"
	[ -z "$(fgdata "$p" 'D["legend"]')" ]
}

@test "fg-html --palette: colours from the map, new ones written back" {
	need_pagedata
	printf 'main->rgb(1,2,3)\n' >"$BATS_TEST_TMPDIR/pal"
	printf 'main;a 2\nmain;b 1\n' | fg-html --palette "$BATS_TEST_TMPDIR/pal" >"$BATS_TEST_TMPDIR/p.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" "color(V[0], 'main')")" = '#010203' ]
	grep -q '^a->rgb(' "$BATS_TEST_TMPDIR/pal"
	grep -q '^b->rgb(' "$BATS_TEST_TMPDIR/pal"
}

@test "fg-html: differential input coloured by change, with the elided stacks apart" {
	need_pagedata
	fg-html "$DIFF" >"$BATS_TEST_TMPDIR/p.html"
	p=$BATS_TEST_TMPDIR/p.html
	[ "$(fgdata "$p" 'D["diff"]')" = 1 ]
	[ "$(fgdata "$p" '[l[0] for l in D["legend"]]')" = "$(printf 'grew\nshrank\nnew')" ]
	# widths are the target's, baselines the first column
	[ "$(fgdata "$p" "V[0]['w'][names(V[0]).index('f')]")" = 12 ]
	[ "$(fgdata "$p" "V[0]['b'][names(V[0]).index('f')]")" = 10 ]
	fg-svg "$DIFF" >"$BATS_TEST_TMPDIR/p.svg"
	for f in main f h; do
		[ "$(fgdata "$p" "color(V[0], '$f')")" = "$(svg_fill "$BATS_TEST_TMPDIR/p.svg" "$f")" ]
	done
	[ "$(fgdata "$p" "color(V[0], 'h')")" = "$(fgdata "$p" "dict(D['legend'])['new']")" ]
	# g vanished (target 0): in the elided view only, with its count
	[ "$(fgdata "$p" "'g' in names(V[0])")" = False ]
	want=$(awk '$NF == 0 && $(NF-1) > 0' "$DIFF" | wc -l)
	[ "$(fgdata "$p" 'V[0]["e"]["stacks"]')" = "$want" ]
	[ "$(fgdata "$p" 'names(V[0]["e"])')" = "$(printf 'all\nmain\ng')" ]
	[ "$(fgdata "$p" 'V[0]["e"]["total"]')" = "$(awk '$NF == 0 { t += $(NF-1) } END { print t }' "$DIFF")" ]
	# no elided view when nothing vanished
	grep -v ' 0$' "$DIFF" | fg-html >"$p"
	[ "$(fgdata "$p" '"e" in D["views"][0]')" = False ]
}

@test "fg-html --negate, --delta=self, --min-delta, --reverse" {
	need_pagedata
	fg-html --negate "$DIFF" >"$BATS_TEST_TMPDIR/p.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" "V[0]['w'][names(V[0]).index('g')]")" = 5 ]
	# the key says what the colours mean with the baseline drawn
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" '[l[0] for l in D["legend"]]')" = \
		"$(printf 'larger in the baseline\nlarger in the target\nonly in the baseline')" ]
	fg-html --delta=self "$DIFF" >"$BATS_TEST_TMPDIR/s.html"
	fg-html "$DIFF" >"$BATS_TEST_TMPDIR/t.html"
	# main has no samples of its own: white by self change, red by total
	[ "$(fgdata "$BATS_TEST_TMPDIR/s.html" "color(V[0], 'main')")" = '#ffffff' ]
	[ "$(fgdata "$BATS_TEST_TMPDIR/t.html" "color(V[0], 'main')")" != '#ffffff' ]
	fg-html --min-delta 50 "$DIFF" >"$BATS_TEST_TMPDIR/m.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/m.html" "color(V[0], 'f')")" = '#ffffff' ]
	run fg-html --delta=both "$DIFF"
	status_is 2
	printf 'a;b 1\n' | fg-html --reverse >"$BATS_TEST_TMPDIR/r.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/r.html" 'names(V[0])')" = "$(printf 'all\nb\na')" ]
}

@test "fg-html --negate=hues: fg-svg's picture, the target drawn with red and blue swapped" {
	need_pagedata
	p=$BATS_TEST_TMPDIR/p.html
	fg-html --negate=hues "$DIFF" >"$p"
	fg-html "$DIFF" >"$BATS_TEST_TMPDIR/t.html"
	# the target's widths, as without it; the data says hues, not negate
	[ "$(fgdata "$p" '[D["negate"], D["hues"], V[0]["w"]]')" = \
		"$(fgdata "$BATS_TEST_TMPDIR/t.html" '[0, 1, V[0]["w"]]')" ]
	# each frame has fg-svg's colour under the same option, and a frame
	# that grew is no longer the colour it has without it
	fg-svg --negate=hues "$DIFF" >"$BATS_TEST_TMPDIR/p.svg"
	for f in $(fgdata "$p" 'names(V[0])[1:]'); do
		[ "$(fgdata "$p" "color(V[0], '$f')")" = "$(svg_fill "$BATS_TEST_TMPDIR/p.svg" "$f")" ]
	done
	[ "$(fgdata "$p" "color(V[0], 'f')")" != "$(fgdata "$BATS_TEST_TMPDIR/t.html" "color(V[0], 'f')")" ]
	# the key swaps its words, not its colours, as fg-svg's; no green
	# "new": a new frame is coloured by its change
	[ "$(fgdata "$p" '[l[0] for l in D["legend"]]')" = "$(printf 'shrank\ngrew')" ]
	[ "$(fgdata "$p" '[l[1] for l in D["legend"]]')" = "$(fgdata "$BATS_TEST_TMPDIR/t.html" '[l[1] for l in D["legend"][:2]]')" ]
	! grep -q '>new</text>' "$BATS_TEST_TMPDIR/p.svg" || false
	# not differential: nothing to swap
	fg-html --negate=hues "$J" >"$p"
	[ "$(fgdata "$p" '[D["negate"], D["hues"]]')" = "$(printf '0\n0')" ]
	run fg-html --negate=x "$DIFF"
	status_is 2
	[ "${lines[0]}" = "fg-html: bad negate: 'x' (hues)" ]
}

@test "fg-html --negate=hues in Chromium: the bottom-up view's colours swap red and blue too" {
	T=$BATS_TEST_TMPDIR
	fg-html "$DIFF" >"$T/d.html"
	fg-html --negate=hues "$DIFF" >"$T/h.html"
	# h is new in the target: green without the option
	new=$(awk '$(NF-1) == 0 { n = split($1, a, ";"); print a[n] }' "$DIFF")
	for p in d h; do
		FG_QUERY='?m=bottomup' browser fills "$T/$p.html"
		got fill >"$T/$p.fills"
	done
	[ -s "$T/d.fills" ]
	[ "$(cut -d' ' -f1 "$T/d.fills")" = "$(cut -d' ' -f1 "$T/h.fills")" ]
	# "name #rrggbb": a new frame's green (h's, and its callers' in
	# bottom-up) becomes a blue of the scale, the others swap red and blue
	paste -d' ' "$T/d.fills" "$T/h.fills" | while read -r name a _ b; do
		if [ "${a:3:2}" \> "${a:1:2}" ] && [ "${a:3:2}" \> "${a:5:2}" ]; then
			[ "${b:5:2}" \> "${b:1:2}" ]; [ "${b:1:2}" = "${b:3:2}" ]
		else
			[ "$b" = "#${a:5:2}${a:3:2}${a:1:2}" ]
		fi
	done
	# and the new frame was green
	read -r _ g < <(grep -m1 "^$new " "$T/d.fills")
	[ "${g:3:2}" \> "${g:1:2}" ]
}

@test "fg-html: an image's options (--minwidth, --total, --no-more) are usage errors" {
	for o in --minwidth=1 --total=10 --no-more; do
		run fg-html $o "$J"
		status_is 2
		[ "${lines[0]}" = "fg-html: ${o%%=*} applies to an image, not to a page" ]
		[ "${lines[1]}" = "Try 'fg-html --help' for more information." ]
		# fg-svg takes them
		fg-svg $o "$J" >/dev/null
	done
}

@test "fg-html: several inputs are several views, named after their files" {
	need_pagedata
	cp "$J" "$BATS_TEST_TMPDIR/cpu.folded"
	printf 'main;alloc 7\n' >"$BATS_TEST_TMPDIR/allocs.folded"
	fg-html "$BATS_TEST_TMPDIR/cpu.folded" "$BATS_TEST_TMPDIR/allocs.folded" >"$BATS_TEST_TMPDIR/p.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" '[v["name"] for v in V]')" = \
		"$(printf '%s\n' "$BATS_TEST_TMPDIR/cpu.folded" "$BATS_TEST_TMPDIR/allocs.folded")" ]
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'V[1]["w"][0]')" = 7 ]
	# standard input is a view too
	printf 'x 1\n' | fg-html - "$BATS_TEST_TMPDIR/allocs.folded" >"$BATS_TEST_TMPDIR/q.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/q.html" 'V[0]["name"]')" = '<stdin>' ]
}

@test "fg-html --split-root: one view per root frame" {
	need_pagedata
	printf 'thread 1;main;a 3\nthread 2;main;b 2\nthread 1;c 1\n' | fg-html --split-root >"$BATS_TEST_TMPDIR/p.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" '[v["name"] for v in V]')" = "$(printf 'thread 1\nthread 2')" ]
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" '[v["w"][0] for v in V]')" = "$(printf '4\n2')" ]
	[ "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'names(V[1])')" = "$(printf 'thread 2\nmain\nb')" ]
	# with files, views are FILE: ROOT
	printf 't1;a 1\nt2;b 1\n' >"$BATS_TEST_TMPDIR/x.folded"
	fg-html --split-root "$BATS_TEST_TMPDIR/x.folded" "$BATS_TEST_TMPDIR/x.folded" >"$BATS_TEST_TMPDIR/q.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/q.html" 'len(V)')" = 4 ]
	[ "$(fgdata "$BATS_TEST_TMPDIR/q.html" 'V[3]["name"]')" = "$BATS_TEST_TMPDIR/x.folded: t2" ]
	# a differential split view keeps its own elided stacks
	printf 't1;a 1 0\nt1;b 1 1\nt2;c 2 2\n' | fg-html --split-root >"$BATS_TEST_TMPDIR/d.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/d.html" '[names(v["e"]) if "e" in v else "-" for v in V]')" = \
		"$(printf "%s\n" "['t1', 'a']" -)" ]
	# a root whose stacks all vanished is a view of its elided stacks alone
	printf 't1;a 1 1\nt3;d 4 0\n' | fg-html --split-root >"$BATS_TEST_TMPDIR/d.html"
	[ "$(fgdata "$BATS_TEST_TMPDIR/d.html" '[(r["name"], r["n"]) for r in D["views"]]')" = \
		"$(printf "%s\n" "('t1', 2)" "('t3', 0)")" ]
	[ "$(fgdata "$BATS_TEST_TMPDIR/d.html" 'D["views"][1]["e"]["total"]')" = 4 ]
}

@test "fg-html: --title, --subtitle, --countname, --inverted, --sort, sizes" {
	need_pagedata
	fg-html -t 'My <run>' --subtitle 'sub "x"' --countname allocations -i --sort=width \
		-w 800 -H 600 "$J" >"$BATS_TEST_TMPDIR/p.html"
	p=$BATS_TEST_TMPDIR/p.html
	[ "$(fgdata "$p" 'D["title"]')" = 'My <run>' ]
	grep -q '<title>My &lt;run&gt;</title>' "$p"
	[ "$(fgdata "$p" 'D["subtitle"]')" = 'sub "x"' ]
	[ "$(fgdata "$p" 'D["countname"]')" = allocations ]
	[ "$(fgdata "$p" '(D["inverted"], D["sortwidth"], D["width"], D["height"])')" = '(1, 1, 800, 600)' ]
	[ "$(fgdata "$p" 'D["unit"]')" = count ]
	fg-html "$J" >"$p"
	[ "$(fgdata "$p" '(D["title"], D["inverted"], D["sortwidth"], D["width"], D["height"])')" = \
		"('Flame Graph', 0, 0, 0, 0)" ]
	fg-html -i "$J" >"$p"
	[ "$(fgdata "$p" 'D["title"]')" = 'Icicle Graph' ]
	FG_WIDTH=900 FG_HEIGHT=500 fg-html "$J" >"$p"
	[ "$(fgdata "$p" '(D["width"], D["height"])')" = '(900, 500)' ]
	FG_WIDTH=900 fg-html -w 700 "$J" >"$p"
	[ "$(fgdata "$p" 'D["width"]')" = 700 ]
	fg-html --sort=name "$J" >"$p"
	[ "$(fgdata "$p" 'D["sortwidth"]')" = 0 ]
	run fg-html --sort=size "$J"
	status_is 2
	[ "${lines[0]}" = "fg-html: bad sort: 'size' (name or width)" ]
	run fg-html -w 10 "$J"
	status_is 2
	run env FG_HEIGHT=abc fg-html "$J"
	status_is 2
}

@test "fg-html: hostile names and options stay data" {
	need_pagedata
	fg-html -t '</script><script>alert(3)</script>' --subtitle '<!-- ]]>' "$H" >"$BATS_TEST_TMPDIR/p.html"
	p=$BATS_TEST_TMPDIR/p.html
	# exactly the page's own two scripts, and no markup from a name
	[ "$(grep -o '<script' "$p" | wc -l)" -eq 2 ]
	[ "$(grep -o '</script' "$p" | wc -l)" -eq 2 ]
	! grep -q '<img' "$p" || false
	! grep -q '<!--' "$p" || false
	! grep -q ']]>' "$p" || false
	# no raw control bytes, no raw U+2028 / U+2029, and valid UTF-8
	! LC_ALL=C grep -q "$(printf '[\001-\010\013\014\016-\037\177]')" "$p" || false
	! grep -q "$(printf '\342\200\250')" "$p" || false
	! grep -q "$(printf '\342\200\251')" "$p" || false
	iconv -f UTF-8 -t UTF-8 "$p" >/dev/null
	# and every name comes back as it was (invalid bytes as U+FFFD)
	[ "$(fgdata "$p" '"<script>alert(1)</script>" in D["names"]')" = True ]
	[ "$(fgdata "$p" '"</script><img src=x onerror=alert(2)>" in D["names"]')" = True ]
	[ "$(fgdata "$p" 'D["title"]')" = '</script><script>alert(3)</script>' ]
	printf 'a\342\200\250b 1\n' | fg-html >"$p"
	[ "$(fgdata "$p" 'D["names"][1] == "a\u2028b"')" = True ]
	# bytes of no character, each the text \xHH in the page's names
	# (U+FFFD in its names field): a lone continuation byte, a sequence
	# cut short, an overlong form, a surrogate; an astral character and
	# the controls kept
	printf 'x\200y;p\342\202;\300\257;\355\240\200;\360\237\230\200\t\033 1\n' | fg-html >"$p"
	[ "$(fgdata "$p" 'D["names"][1:6] == ["x\\x80y", "p\\xE2\\x82", "\\xC0\\xAF", "\\xED\\xA0\\x80", "\U0001f600\t\x1b"]')" = True ]
	! grep -q "$(printf '\033')" "$p" || false
}

@test "fg-html: a depth of 70,000 names (ranks past 2^15, places past 16 bits) comes back whole" {
	need_pagedata
	awk 'BEGIN { for (i = 0; i < 70000; i++) printf "m;f%d;g%d %d\n", i, i % 7, i % 5 + 1 }' >"$BATS_TEST_TMPDIR/in.folded"
	fg-html "$BATS_TEST_TMPDIR/in.folded" >"$BATS_TEST_TMPDIR/p.html"
	fgdata "$BATS_TEST_TMPDIR/p.html" 'folded(V[0])' | sort >"$BATS_TEST_TMPDIR/got"
	sort "$BATS_TEST_TMPDIR/in.folded" | diff - "$BATS_TEST_TMPDIR/got"
}

@test "fg-html: empty input is an error and writes nothing" {
	run bash -c 'printf "" | fg-html 2>&1 >/dev/null; echo "rc=$?"'
	[ "${lines[0]}" = "fg-html: <stdin>: no samples in the input" ]
	[ "${lines[1]}" = rc=1 ]
	[ -z "$(printf '' | fg-html 2>/dev/null)" ]
	: >"$BATS_TEST_TMPDIR/empty.folded"
	run bash -c "fg-html '$J' '$BATS_TEST_TMPDIR/empty.folded' 2>&1 >'$BATS_TEST_TMPDIR/out'"
	status_is 1
	[ "$output" = "fg-html: $BATS_TEST_TMPDIR/empty.folded: no samples in the input" ]
	[ ! -s "$BATS_TEST_TMPDIR/out" ]
}

# label_check PAGE: every colour of the page's data has a label colour,
# black or white, the one of higher WCAG 2 contrast with it, at least
# 4.5:1; the search colour too.  Prints how many colours it checked.
label_check() {
	python3 - "$1" <<'EOF'
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
D = json.loads(re.search(r'id="fg-data">\n(.*?)</script>', page, re.S).group(1))
def lum(h):
    def lin(c):
        c = int(c, 16) / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = lin(h[1:3]), lin(h[3:5]), lin(h[5:7])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
def ratio(a, b):
    x, y = sorted([lum(a), lum(b)])
    return (y + 0.05) / (x + 0.05)
assert len(D["labels"]) == len(D["colors"])
pairs = list(zip(D["colors"], D["labels"])) + [(D["match"], D["matchlabel"])]
for fill, lab in pairs:
    best = max(["#000000", "#ffffff"], key=lambda t: ratio(fill, t))
    assert lab == best, (fill, lab)
    assert ratio(fill, lab) >= 4.5, (fill, lab, ratio(fill, lab))
print(len(pairs))
EOF
}

@test "fg-html: labels black or white by their fill, at least 4.5:1 on every colour" {
	need_pagedata
	printf 'main;shrinking_function 10 1\nmain;growing_function 1 10\nmain;gone 3 0\nmain;new 0 4\n' \
		>"$BATS_TEST_TMPDIR/d.folded"
	for args in "" "-c julia" "-c blue" "-c purple" "--hash -c mem" "-c category"; do
		# shellcheck disable=SC2086
		fg-html $args "$J" >"$BATS_TEST_TMPDIR/p.html"
		[ "$(label_check "$BATS_TEST_TMPDIR/p.html")" -gt 2 ]
	done
	fg-html "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/d.html"
	label_check "$BATS_TEST_TMPDIR/d.html"
	# the full blue of "shrank" takes white labels, the full red of "grew" black
	p=$BATS_TEST_TMPDIR/d.html
	[ "$(fgdata "$p" "color(V[0], 'shrinking_function')")" = "$(fgdata "$p" "dict(D['legend'])['shrank']")" ]
	[ "$(fgdata "$p" "D['labels'][V[0]['c'][names(V[0]).index('shrinking_function')]]")" = '#ffffff' ]
	[ "$(fgdata "$p" "D['labels'][V[0]['c'][names(V[0]).index('growing_function')]]")" = '#000000' ]
}

@test "fg-html: the unit header of each input in its views; --countname wins" {
	need_pagedata
	printf '# fg: unit=bytes\n# fg: countname=size\nmain;alloc 3072\nmain;free 1024\n' >"$BATS_TEST_TMPDIR/b.folded"
	printf '# other comment\n# fg: unit=nanoseconds\nmain;run 1500000\n' >"$BATS_TEST_TMPDIR/t.folded"
	printf 'main;x 1\n' >"$BATS_TEST_TMPDIR/n.folded"
	p=$BATS_TEST_TMPDIR/p.html
	fg-html "$BATS_TEST_TMPDIR/b.folded" "$BATS_TEST_TMPDIR/t.folded" "$BATS_TEST_TMPDIR/n.folded" >"$p"
	[ "$(fgdata "$p" '[v.get("unit") for v in V]')" = "$(printf 'bytes\nnanoseconds\nNone')" ]
	[ "$(fgdata "$p" '[v.get("countname") for v in V]')" = "$(printf 'size\nNone\nNone')" ]
	# views without a header take the page's: plain counts of samples
	[ "$(fgdata "$p" '[D["unit"], D["countname"]]')" = "$(printf 'count\nsamples')" ]
	# header lines are not stacks
	[ "$(fgdata "$p" '[v["w"][0] for v in V]')" = "$(printf '4096\n1500000\n1')" ]
	# the command line's --countname wins over the header's; the unit stays
	fg-html --countname objects "$BATS_TEST_TMPDIR/b.folded" >"$p"
	[ "$(fgdata "$p" '[V[0].get("unit"), V[0].get("countname"), D["countname"]]')" = \
		"$(printf 'bytes\nNone\nobjects')" ]
	# a unit fg does not know is left out: plain counts
	printf '# fg: unit=widgets\na 1\n' | fg-html >"$p"
	[ "$(fgdata "$p" '"unit" in D["views"][0]')" = False ]
	# every view of an input split by root carries its header; a later line wins
	printf '# fg: unit=bytes\n# fg: unit=seconds\nt1;a 1\nt2;b 2\n' | fg-html --split-root >"$p"
	[ "$(fgdata "$p" '[v.get("unit") for v in V]')" = "$(printf 'seconds\nseconds')" ]
	# a count name is data: escaped, it closes no element
	printf '# fg: countname=</script><b>x"y\na 1\n' | fg-html >"$p"
	! grep -q '</script><b>' "$p" || false
	[ "$(fgdata "$p" 'V[0]["countname"]')" = '</script><b>x"y' ]
	# pprof-fold's header reaches the page
	pprof-fold "$DATA/pprof/go-cpu.pb.gz" | fg-html >"$p"
	[ "$(fgdata "$p" '[V[0]["unit"], V[0]["countname"]]')" = "$(printf 'nanoseconds\ncpu')" ]
}

@test "fg-html: the differential percentage's terms are in the data (fg-folded(5))" {
	need_pagedata
	# the change is over the total drawn: the target's, with --negate the baseline's
	p=$BATS_TEST_TMPDIR/p.html
	fg-html "$DIFF" >"$p"
	[ "$(fgdata "$p" '[D["negate"], V[0]["total"], V[0]["w"][0]]')" = \
		"$(awk '{ t += $NF } END { print 0; print t; print t }' "$DIFF")" ]
	fg-html --negate "$DIFF" >"$p"
	[ "$(fgdata "$p" '[D["negate"], V[0]["total"], V[0]["w"][0]]')" = \
		"$(awk '{ t += $(NF-1) } END { print 1; print t; print t }' "$DIFF")" ]
	# not differential: no negation to tell
	fg-html --negate "$J" >"$p"
	[ "$(fgdata "$p" 'D["negate"]')" = 0 ]
}

@test "fg-html: bad input names file and line, writes nothing" {
	printf 'a;b 1\nbad line\n' >"$BATS_TEST_TMPDIR/bad.folded"
	run bash -c "fg-html '$J' '$BATS_TEST_TMPDIR/bad.folded' 2>&1 >'$BATS_TEST_TMPDIR/out'"
	status_is 1
	[[ "$output" == "fg-html: $BATS_TEST_TMPDIR/bad.folded:2: "* ]]
	[ ! -s "$BATS_TEST_TMPDIR/out" ]
	run fg-html "$BATS_TEST_TMPDIR/missing.folded"
	status_is 1
}

@test "fg-html: usage, --help and --version" {
	run fg-html --bogus
	status_is 2
	[ "$output" = "fg-html: unrecognized option '--bogus'
Try 'fg-html --help' for more information." ]
	run fg-html --sort=height
	status_is 2
	[[ "$output" == "fg-html: bad sort: 'height'"* ]]
	run fg-html --help
	status_is 0
	[[ "$output" == *"--split-root"* ]]
	[[ "$output" == *"--sort=name|width"* ]]
	[ "${lines[${#lines[@]} - 1]}" = "Each FILE is a view of its own (fg-svg adds them up into one graph)." ]
	run fg-html --version
	[[ "$output" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "fg-html in Chromium: hover shows name, file:line, count and shares" {
	fg-html "$J" >"$BATS_TEST_TMPDIR/p.html"
	f='mapslices at abstractarray.jl:2857'
	browser hover "$BATS_TEST_TMPDIR/p.html" "$f"
	n=$(awk -v f="$f" 'index($0, ";" f ";") || index($0, ";" f " ") { t += $NF } END { print t }' "$J")
	total=$(awk '{ t += $NF } END { print t }' "$J")
	[ "$(got tip | sed -n 1p)" = "name:$f" ]
	[ "$(got tip | sed -n 2p)" = "file:abstractarray.jl:2857" ]
	[ "$(got tip | sed -n 3p)" = "count:$n samples — $(pct "$n" "$total") of all" ]
	[ "$(got tipshown)" = true ]
}

@test "fg-html in Chromium: click zooms with a breadcrumb and the URL; Esc resets" {
	fg-html "$J" >"$BATS_TEST_TMPDIR/p.html"
	f='mapslices at abstractarray.jl:2857'
	browser zoom "$BATS_TEST_TMPDIR/p.html" "$f"
	[ "$(got crumbs)" = "all › eval at boot.jl:330 › profile_test at REPL[1]:5 › $f" ]
	[[ "$(got url)" == "?z="[0-9]* ]]
	# the zoomed frame fills the canvas, and is 100% of itself
	[ "$(got zoomedwidth)" = "$(got canvaswidth)" ]
	[[ "$(got tipcount)" == *", 100.00% of $f" ]]
	[ "$(got afteresc)" = all ]
	[ -z "$(got urlafter)" ]
}

@test "fg-html in Chromium: search from the URL, Matched share of the view, case toggle" {
	fg-html "$J" >"$BATS_TEST_TMPDIR/p.html"
	FG_QUERY='?s=sort%21' browser search "$BATS_TEST_TMPDIR/p.html" 'RAND'
	# the share of samples with a frame matching, counted once a stack
	total=$(awk '{ t += $NF } END { print t }' "$J")
	m=$(awk '/sort!/ { t += $NF } END { print t }' "$J")
	[ "$(got matched)" = "Matched: $(pct "$m" "$total") of all" ]
	[ "$(got field)" = 'sort!' ]
	[ "$(got typed)" = "Matched: 0.00% of all" ]
	[ "$(got url)" = '?s=RAND' ]
	r=$(awk 'tolower($0) ~ /rand/ { t += $NF } END { print t }' "$J")
	[ "$(got icase)" = "Matched: $(pct "$r" "$total") of all" ]
	[ "$(got ctrli)" = "$(got typed)" ]
	# Ctrl-F goes to the field; Escape, unzoomed, clears the search; F3 finds
	[ "$(got ctrlf)" = search ]
	[ -z "$(got afteresc)" ]
	[ "$(got f3)" = search ]
}

@test "fg-html in Chromium: a search that matches one function offers its sandwich, a button on screen" {
	printf 'main;a;b;a;b;c 10\nmain;a;b;a;d 5\nmain;x;a;y 3\nother;a;b 2\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	FG_QUERY='?s=%5Ec%24' browser onematch "$BATS_TEST_TMPDIR/p.html"
	[ "$(got onematch)" = "Sandwich of c" ]
	[ "$(got clicked)" = "sandwich c" ]
	# two functions match: no button
	FG_QUERY='?s=%5E%5Bcd%5D%24' browser onematch "$BATS_TEST_TMPDIR/p.html"
	[ -z "$(got onematch)" ]
}

@test "fg-html in Chromium: zoom and search from the URL give the share of all and the zoomed frame's, labelled" {
	printf 'main;a;x 3\nmain;a;y 1\nmain;b;x 4\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	# frames in order: all main a x y b x; z=2 is a (4 samples, 3 through x)
	FG_QUERY='?z=2&s=%5Ex%24' browser search "$BATS_TEST_TMPDIR/p.html"
	[ "$(got zoom)" = 2 ]
	[ "$(got matched)" = "Matched: $(pct 7 8) of all, $(pct 3 4) zoomed" ]
	# zoomed under a match, every sample passes through it
	FG_QUERY='?z=3&s=%5Ea%24' browser search "$BATS_TEST_TMPDIR/p.html"
	[ "$(got matched)" = "Matched: $(pct 4 8) of all, 100.00% zoomed" ]
	# fg's root "all" is no frame of the input: it never matches (as in fg-svg)
	FG_QUERY='?s=%5Eall%24' browser search "$BATS_TEST_TMPDIR/p.html"
	[ "$(got matched)" = "Matched: $(pct 0 8) of all" ]
}

@test "fg-html in Chromium: highlighted frames are drawn in the search colour" {
	fg-html "$J" >"$BATS_TEST_TMPDIR/p.html"
	FG_QUERY='?s=%5Esort' browser search "$BATS_TEST_TMPDIR/p.html"
	[ "$(got highlighted)" -gt 0 ]
	FG_QUERY='?s=nothing-matches-this' browser search "$BATS_TEST_TMPDIR/p.html"
	[ "$(got highlighted)" -eq 0 ]
}

@test "fg-html in Chromium: the view selector switches views" {
	cp "$J" "$BATS_TEST_TMPDIR/cpu.folded"
	printf 'main;alloc 7\n' >"$BATS_TEST_TMPDIR/allocs.folded"
	fg-html "$BATS_TEST_TMPDIR/cpu.folded" "$BATS_TEST_TMPDIR/allocs.folded" >"$BATS_TEST_TMPDIR/p.html"
	browser views "$BATS_TEST_TMPDIR/p.html" 1
	[ "$(got view)" = "$(printf '%s\n' "$BATS_TEST_TMPDIR/cpu.folded" "$BATS_TEST_TMPDIR/allocs.folded")" ]
	[ "$(got current)" = "$BATS_TEST_TMPDIR/allocs.folded" ]
	[ "$(got root)" = 7 ]
	[ "$(got url)" = '?v=1' ]
}

@test "fg-html in Chromium: a differential frame's tooltip gives its baseline and change" {
	fg-html "$DIFF" >"$BATS_TEST_TMPDIR/p.html"
	browser hover "$BATS_TEST_TMPDIR/p.html" f
	read -r base target < <(awk '$1 == "main;f" { print $2, $3 }' "$DIFF")
	total=$(awk '{ t += $NF } END { print t }' "$DIFF")
	d=$((target - base))
	[ "$(got tip | grep '^delta:')" = "delta:baseline $base samples; change +$d samples (+$(pct "$d" "$total"))" ]
}

@test "fg-html in Chromium: the Elided view is announced with its count and opens" {
	fg-html "$DIFF" >"$BATS_TEST_TMPDIR/p.html"
	browser elided "$BATS_TEST_TMPDIR/p.html"
	n=$(awk '$NF == 0 && $(NF-1) > 0' "$DIFF" | wc -l)
	base=$(awk '$NF == 0 { t += $(NF-1) } END { print t }' "$DIFF")
	[ "$(got visible)" = true ]
	[[ "$(got banner)" == "Elided: $n stack"*" vanished from the target ($base samples in the baseline"* ]]
	[ "$(got elided)" = true ]
	[ "$(got root)" = "$base" ]
	[ "$(got url)" = '?e=1' ]
	# a split view whose stacks all vanished opens on its elided stacks
	printf 't1;a 1 1\nt3;d 4 0\n' | fg-html --split-root >"$BATS_TEST_TMPDIR/s.html"
	FG_QUERY='?v=1' browser elided "$BATS_TEST_TMPDIR/s.html"
	[ "$(got banner)" = "Elided: all 1 stack of this view vanished from the target (4 samples in the baseline)" ]
	[ "$(got visible)" = true ]
}

@test "fg-html in Chromium: sort by width moves the widest callee first; mode toggles" {
	printf 'main;a 1\nmain;b 5\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	browser sort "$BATS_TEST_TMPDIR/p.html" b
	[ "$(got before)" -gt 0 ]
	[ "$(got after)" -eq 0 ]
	[ "$(got url)" = '?o=width' ]
	[ "$(got inverted)" = true ]
}

@test "fg-html in Chromium: hostile names and titles run no script and fetch nothing" {
	fg-html -t '</script><script>alert(3)</script><img src=x>' "$H" >"$BATS_TEST_TMPDIR/p.html"
	browser load "$BATS_TEST_TMPDIR/p.html"
	[ "$(got scripts)" = 2 ]
	[ "$(got injected)" = 0 ]
	[ "$(got h1)" = '</script><script>alert(3)</script><img src=x>' ]
	# the hostile frames are there, as text
	FG_QUERY='?s=onerror' browser search "$BATS_TEST_TMPDIR/p.html"
	[[ "$(got matched)" == "Matched: "[1-9]* ]]
	awk '{ n = $NF; $NF = ""; print $0 n, n + 1 }' "$H" | fg-html >"$BATS_TEST_TMPDIR/d.html"
	browser load "$BATS_TEST_TMPDIR/d.html"
	[ "$(got injected)" = 0 ]
}

@test "fg-html in Chromium: a 5000-deep stack scrolls; the canvas stays the box's size" {
	awk 'BEGIN { s = "root"; for (i = 0; i < 5000; i++) s = s ";f" i; print s " 3"; print "root;g 1" }' |
		fg-html -H 400 >"$BATS_TEST_TMPDIR/p.html"
	browser deep "$BATS_TEST_TMPDIR/p.html" f4999
	[ "$(got before)" = false ]
	[ "$(got tipname)" = f4999 ]
	# the canvas is the box, not the 80000 px graph
	[ "$(got canvasheight)" -le 1600 ]
}

@test "fg-html in Chromium: --width, --height, subtitle, legend" {
	fg-html -w 640 -H 300 --subtitle 'run 7' --colors julia "$J" >"$BATS_TEST_TMPDIR/p.html"
	browser load "$BATS_TEST_TMPDIR/p.html"
	[ "$(got canvas)" = 640pxx300px ]
	[ "$(got subtitle)" = 'run 7' ]
	[ "$(got legend)" = 'runtime dispatchgarbage collectioncompilation' ]
}

@test "fg-html in Chromium: counts in the unit of the input's header, in human form" {
	# 3072 B = 3 KiB; 1500000 ns = 1.5 ms; each of 4096 B, 2000000 ns
	printf 'main;alloc 3072\nmain;free 1024\n' | fg-html >"$BATS_TEST_TMPDIR/c.html"
	browser hover "$BATS_TEST_TMPDIR/c.html" alloc
	[ "$(got tip | grep '^count:')" = "count:3,072 samples — 75.00% of all" ]
	printf '# fg: unit=bytes\nmain;alloc 3072\nmain;free 1024\n' >"$BATS_TEST_TMPDIR/b.folded"
	printf '# fg: unit=nanoseconds\nmain;alloc 1500000\nmain;free 500000\n' >"$BATS_TEST_TMPDIR/t.folded"
	fg-html "$BATS_TEST_TMPDIR/b.folded" "$BATS_TEST_TMPDIR/t.folded" >"$BATS_TEST_TMPDIR/p.html"
	browser hover "$BATS_TEST_TMPDIR/p.html" alloc
	[ "$(got tip | grep '^count:')" = "count:3 KiB — 75.00% of all" ]
	# the second view, in its own unit
	FG_QUERY='?v=1' browser hover "$BATS_TEST_TMPDIR/p.html" alloc
	[ "$(got tip | grep '^count:')" = "count:1.5 ms — 75.00% of all" ]
	# the header's count name, and --countname over it
	printf '# fg: countname=allocations\nmain;alloc 3\nmain;free 1\n' >"$BATS_TEST_TMPDIR/a.folded"
	fg-html "$BATS_TEST_TMPDIR/a.folded" >"$BATS_TEST_TMPDIR/a.html"
	browser hover "$BATS_TEST_TMPDIR/a.html" alloc
	[ "$(got tip | grep '^count:')" = "count:3 allocations — 75.00% of all" ]
	fg-html --countname objects "$BATS_TEST_TMPDIR/a.folded" >"$BATS_TEST_TMPDIR/a.html"
	browser hover "$BATS_TEST_TMPDIR/a.html" alloc
	[ "$(got tip | grep '^count:')" = "count:3 objects — 75.00% of all" ]
}

@test "fg-html in Chromium: labels drawn white on the blue of shrank, black on the red of grew" {
	printf 'main;shrinking_function 10 1\nmain;growing_function 1 10\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	browser label "$BATS_TEST_TMPDIR/p.html" shrinking_function
	[ "$(got fill)" = '#0000ff' ]
	[ "$(got white)" -gt 10 ]
	[ "$(got black)" -eq 0 ]
	browser label "$BATS_TEST_TMPDIR/p.html" growing_function
	[ "$(got fill)" = '#ff0000' ]
	[ "$(got black)" -gt 10 ]
	[ "$(got white)" -eq 0 ]
	# a match is drawn in the search colour, its label in the colour fg chose for it
	need_pagedata
	m=$(fgdata "$BATS_TEST_TMPDIR/p.html" 'D["matchlabel"]')
	FG_QUERY='?s=shrinking' browser label "$BATS_TEST_TMPDIR/p.html" shrinking_function
	[ "$(got fill)" = "$(fgdata "$BATS_TEST_TMPDIR/p.html" 'D["match"]')" ]
	if [ "$m" = '#000000' ]; then [ "$(got black)" -gt 10 ]; else [ "$(got white)" -gt 10 ]; fi
}

@test "fg-html in Chromium: --negate's tooltip gives the target and the change over the baseline total" {
	fg-html --negate "$DIFF" >"$BATS_TEST_TMPDIR/p.html"
	browser hover "$BATS_TEST_TMPDIR/p.html" f
	read -r base target < <(awk '$1 == "main;f" { print $2, $3 }' "$DIFF")
	total=$(awk '{ t += $(NF-1) } END { print t }' "$DIFF")
	d=$((base - target))
	[ "$d" -lt 0 ]
	[ "$(got tip | grep '^delta:')" = "delta:target $target samples; change $d samples ($(pct "$d" "$total"))" ]
	# the stacks elided are those without a baseline, weighed in the target
	n=$(awk '$(NF-1) == 0 && $NF > 0' "$DIFF" | wc -l)
	t=$(awk '$(NF-1) == 0 { t += $NF } END { print t }' "$DIFF")
	all=$(awk '{ t += $NF } END { print t }' "$DIFF")
	browser elided "$BATS_TEST_TMPDIR/p.html"
	# (with the baseline drawn, they did not vanish: they are new)
	[ "$(got banner)" = "Elided: $n stack only in the target, absent from the baseline drawn ($t samples in the target, $(pct "$t" "$all") of it) Show the Elided view" ]
	# saved as the file has it, the baseline first; each side named for its total
	printf 'main;a;b 10\nmain;a;c 5\nmain;gone;x 7\nmain;gone2 3\n' >"$BATS_TEST_TMPDIR/a.folded"
	printf 'main;a;b 12\nmain;a;c 2\nmain;new 4\n' >"$BATS_TEST_TMPDIR/b.folded"
	fg-diff "$BATS_TEST_TMPDIR/a.folded" "$BATS_TEST_TMPDIR/b.folded" >"$BATS_TEST_TMPDIR/d.folded"
	fg-html --negate "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/n.html"
	same_as_cli "$BATS_TEST_TMPDIR/n.html" "" "$BATS_TEST_TMPDIR/d.folded" cat
	browser load "$BATS_TEST_TMPDIR/n.html"
	[ "$(got compare)" = "$BATS_TEST_TMPDIR/a.folded → $BATS_TEST_TMPDIR/b.folded — totals differ: baseline 25 samples, target 18 samples (-28.00%), in every frame's colour; fg-diff -n scales the baseline to the target's total" ]
	# the table's other columns are the target's
	FG_QUERY='?m=table' browser table "$BATS_TEST_TMPDIR/n.html" diff
	[ "$(got headings)" = "Self ▼|Self %|Total|Total %|Target self|Δ self|Δ self %|Target total|Δ total|Δ total %|Flags|Function" ]
	[ "$(got row | grep -P '\tb$' | cut -f1,3)" = "$(printf '10\t12')" ]
}

@test "fg-html in Chromium: after a deep view, a shallow view and an Elided view open on their graphs" {
	# section 9 (a): the deep view's scroll offset left the next one blank
	awk 'BEGIN { s = "root"; for (i = 0; i < 300; i++) s = s ";f" i; print s " 3"; print "root;g 1" }' >"$BATS_TEST_TMPDIR/cpu.folded"
	printf 'main;alloc 7\n' >"$BATS_TEST_TMPDIR/allocs.folded"
	fg-html "$BATS_TEST_TMPDIR/cpu.folded" "$BATS_TEST_TMPDIR/allocs.folded" >"$BATS_TEST_TMPDIR/p.html"
	browser views "$BATS_TEST_TMPDIR/p.html" 1
	# all, main and alloc drawn where fg.rect puts them
	[ "$(got painted)" = "3 of 3" ]
	[ "$(got scrolltop)" = 0 ]
	# a deep diff whose vanished stacks are shallow
	awk '{ print $1, 3, 5 } END { print "gone;x 4 0" }' "$BATS_TEST_TMPDIR/cpu.folded" | fg-html >"$BATS_TEST_TMPDIR/d.html"
	browser elided "$BATS_TEST_TMPDIR/d.html"
	[ "$(got elided)" = true ]
	[ "$(got painted)" = "3 of 3" ]
}

@test "fg-html in Chromium: a differential frame that did not change has a visible edge" {
	# section 9 (b): white on white, only the label floated
	printf 'main;same 5 5\nmain;grew 1 9\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	browser edge "$BATS_TEST_TMPDIR/p.html" same
	[ "$(got fill)" = '#ffffff' ]
	[ "$(got edge)" -lt 200 ]
}

@test "fg-html in Chromium: a differential page says what it compares, and when the totals differ" {
	# section 9 (c), from fg-diff's header
	printf 'main;a 3\n' >"$BATS_TEST_TMPDIR/before.folded"
	printf 'main;a 5\nmain;b 1\n' >"$BATS_TEST_TMPDIR/after.folded"
	fg-diff "$BATS_TEST_TMPDIR/before.folded" "$BATS_TEST_TMPDIR/after.folded" | fg-html >"$BATS_TEST_TMPDIR/p.html"
	browser load "$BATS_TEST_TMPDIR/p.html"
	[ "$(got compare)" = "$BATS_TEST_TMPDIR/before.folded → $BATS_TEST_TMPDIR/after.folded — totals differ: baseline 3 samples, target 6 samples (+100.00%), in every frame's colour; fg-diff -n scales the baseline to the target's total" ]
	# scaled with -n: the totals agree, no warning
	fg-diff -n "$BATS_TEST_TMPDIR/before.folded" "$BATS_TEST_TMPDIR/after.folded" | fg-html >"$BATS_TEST_TMPDIR/n.html"
	browser load "$BATS_TEST_TMPDIR/n.html"
	[ "$(got compare)" = "$BATS_TEST_TMPDIR/before.folded → $BATS_TEST_TMPDIR/after.folded" ]
	# and where truncating each line would lose 1 in 10 (3.33 three times)
	printf 'main;a 1\nmain;b 1\nmain;c 1\n' >"$BATS_TEST_TMPDIR/before.folded"
	printf 'main;a 4\nmain;b 3\nmain;c 3\n' >"$BATS_TEST_TMPDIR/after.folded"
	fg-diff -n "$BATS_TEST_TMPDIR/before.folded" "$BATS_TEST_TMPDIR/after.folded" | fg-html >"$BATS_TEST_TMPDIR/n.html"
	browser load "$BATS_TEST_TMPDIR/n.html"
	[ "$(got compare)" = "$BATS_TEST_TMPDIR/before.folded → $BATS_TEST_TMPDIR/after.folded" ]
	# without the header, the two columns by their roles; one-count pages say nothing
	fg-html "$DIFF" >"$BATS_TEST_TMPDIR/h.html"
	browser load "$BATS_TEST_TMPDIR/h.html"
	[[ "$(got compare)" == "baseline → target"* ]]
	fg-html "$J" >"$BATS_TEST_TMPDIR/j.html"
	browser load "$BATS_TEST_TMPDIR/j.html"
	[ -z "$(got compare)" ]
}

@test "fg-html in Chromium: the Sort button shows the order in use; the title follows the mode" {
	# section 9 (d)
	printf 'main;a 1\nmain;b 5\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	browser buttons "$BATS_TEST_TMPDIR/p.html"
	[ "$(got open)" = "Flame Graph|Flame Graph|Sorted by name" ]
	[ "$(got sorted)" = "Flame Graph|Flame Graph|Sorted by width" ]
	[ "$(got moded)" = "Icicle Graph|Icicle Graph|Sorted by width" ]
	[ "$(got url)" = "?o=width&d=icicle" ]
	# the direction stays in the URL in another mode, and opens again; older links too
	FG_QUERY='?d=icicle' browser keys "$BATS_TEST_TMPDIR/p.html" b
	[ "$(got direction)" = "true ?d=icicle&m=bottomup" ]
	FG_QUERY='?d=icicle&m=bottomup' browser buttons "$BATS_TEST_TMPDIR/p.html"
	[ "$(got inverted)" = true ]
	FG_QUERY='?m=icicle' browser buttons "$BATS_TEST_TMPDIR/p.html"
	[ "$(got inverted)" = true ]
	# a title of one's own stays
	printf 'main;a 1\n' | fg-html -t Mine --sort=width >"$BATS_TEST_TMPDIR/t.html"
	browser buttons "$BATS_TEST_TMPDIR/t.html"
	[ "$(got open)" = "Mine|Mine|Sorted by width" ]
	[ "$(got moded)" = "Mine|Mine|Sorted by name" ]
}

@test "fg-html --source-url: a placeholder it does not know is refused, with the ones it knows" {
	for t in 'vscode://file/{pth}:{line}' 'https://x/{path}#L{LINE}' 'file:///{path}/{}'; do
		run fg-html --source-url "$t" "$DATA/folded/julia.folded"
		status_is 2
		ph=$(grep -o '{[A-Za-z]*}' <<<"$t" | grep -v '^{\(path\|file\|line\)}$' | head -1)
		[ "${lines[0]}" = "fg-html: bad source URL: '$ph' is no placeholder ({path}, {file} or {line})" ]
	done
	# braces of the URL's own are no placeholders
	run fg-html --source-url 'https://x/{path}?q={a,b}&l={line}' "$DATA/folded/julia.folded"
	status_is 0
}
