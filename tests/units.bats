#!/usr/bin/env bats
# The unit header (fg-folded(5), "# fg: unit=...") in the renderers:
# fg-svg's titles and tooltip, fg-pdf's link annotations, fg-vega's
# tooltips and the vanished notes show counts in human form with the
# exact count after them; the header's countname replaces "samples",
# --countname wins; without a header nothing changes.  Expected figures
# are worked out in the comments.

load helper

T() { echo "$BATS_TEST_TMPDIR/$1"; }

setup() {
	# 12894208 B / 1024^2 = 12.297 MiB: 12.3 MiB; 1536 B / 1024 = 1.5 KiB;
	# the total 12895744 B = 12.298 MiB: 12.3 MiB.  f's share
	# 12894208 / 12895744 = 99.988%, g's 1536 / 12895744 = 0.012%
	printf '# fg: unit=bytes\n# fg: countname=size\nmain;f 12894208\nmain;g 1536\n' >"$(T bytes.folded)"
	# 410000000 ns = 410 ms, 2500000000 ns = 2.5 s, in all 2.91 s;
	# shares 410 / 2910 = 14.089% and 2500 / 2910 = 85.911%
	printf '# fg: unit=nanoseconds\nmain;a 410000000\nmain;b 2500000000\n' >"$(T ns.folded)"
	# differential: f from 1 KiB to 2.5 KiB (+1.5 KiB), g from 3 KiB to
	# 1.5 KiB (-1.5 KiB); the target's total 4096 B = 4 KiB: f 62.50%,
	# its change +37.50%, g 37.50% and -37.50%
	printf '# fg: unit=bytes\n# fg: countname=size\nmain;f 1024 2560\nmain;g 3072 1536\n' >"$(T diff.folded)"
}

# The frame titles of an SVG, one a line.
titles() {
	grep -o '<title>[^<]*</title>' "$1" | sed 's/<title>\(.*\)<\/title>/\1/'
}

@test "units: fg-svg titles show bytes in binary multiples, the countname and the exact count" {
	fg-svg "$(T bytes.folded)" >"$(T b.svg)"
	titles "$(T b.svg)" >"$(T t)"
	grep -qxF 'all (12.3 MiB size (12,895,744 bytes), 100.00%)' "$(T t)"
	grep -qxF 'f (12.3 MiB size (12,894,208 bytes), 99.99%)' "$(T t)"
	grep -qxF 'g (1.5 KiB size (1,536 bytes), 0.01%)' "$(T t)"
	# the page's data carries the unit and the countname
	grep -q '^cn:"size", u:"bytes", nt:"Function:"};$' "$(T b.svg)"
}

@test "units: fg-svg shows nanoseconds in the largest unit that keeps them at 1 or more" {
	fg-svg "$(T ns.folded)" >"$(T n.svg)"
	titles "$(T n.svg)" >"$(T t)"
	# no countname in the header: nothing between the amount and its count
	grep -qxF 'all (2.91 s (2,910,000,000 nanoseconds), 100.00%)' "$(T t)"
	grep -qxF 'a (410 ms (410,000,000 nanoseconds), 14.09%)' "$(T t)"
	grep -qxF 'b (2.5 s (2,500,000,000 nanoseconds), 85.91%)' "$(T t)"
	grep -q '^cn:"", u:"nanoseconds", nt:' "$(T n.svg)"
}

@test "units: fg-svg differential titles sign the change; the vanished control in human form" {
	fg-svg "$(T diff.folded)" >"$(T d.svg)"
	titles "$(T d.svg)" >"$(T t)"
	grep -qxF 'f (2.5 KiB size (2,560 bytes), 62.50%; +1.5 KiB size (+1,536 bytes), +37.50%)' "$(T t)"
	grep -qxF 'g (1.5 KiB size (1,536 bytes), 37.50%; -1.5 KiB size (-1,536 bytes), -37.50%)' "$(T t)"
	# h vanished with its 2048 B (2 KiB); the control is short
	printf '# fg: unit=bytes\n# fg: countname=size\nmain;f 1 1\nmain;h 2048 0\n' | fg-svg >"$(T v.svg)"
	grep -qF '>Show vanished (2 KiB size)</text>' "$(T v.svg)"
	# --factor scales both forms: 1536 B * 2 = 3 KiB
	fg-svg --factor 2 "$(T bytes.folded)" >"$(T f.svg)"
	titles "$(T f.svg)" | grep -qxF 'g (3 KiB size (3,072 bytes), 0.01%)'
}

@test "units: fg-svg's script shows each frame's title as its tooltip (node)" {
	command -v node >/dev/null || skip "needs node"
	for f in bytes ns diff; do
		fg-svg "$(T $f.folded)" >"$(T $f.svg)"
		# the same for a graph without a unit: the script's own text
		grep -v '^# fg:' "$(T $f.folded)" | fg-svg >"$(T plain-$f.svg)"
	done
	cat >"$(T tips.js)" <<'JS'
// Run fg-svg's script on stub frames whose titles are the SVG's; print
// each frame's tooltip (info) and title, and exit 1 where they differ.
const fs = require('fs'), vm = require('vm');
const svg = fs.readFileSync(process.argv[2], 'utf8');
const script = svg.split('<![CDATA[')[1].split(']]>')[0];
const titles = [...svg.matchAll(/<title>([^<]*)<\/title>/g)].map(m => m[1]);
const ctx = {};
vm.createContext(ctx);
vm.runInContext(script, ctx);
ctx.rects = titles.map(t => ({ firstElementChild: { textContent: t } }));
vm.runInContext('view = { F: D.f, rects: rects, total: D.total }; views.push(view);', ctx);
let bad = 0;
for (let i = 0; i < titles.length; i++) {
	const tip = vm.runInContext('info(' + i + ')', ctx);
	if (tip !== titles[i]) { console.log('differ: ' + tip + ' | ' + titles[i]); bad = 1; }
}
console.log(titles.length + ' frames, D.u=' + vm.runInContext('D.u', ctx));
process.exit(bad);
JS
	for f in bytes ns diff; do
		run node "$(T tips.js)" "$(T $f.svg)"
		status_is 0
		[[ "$output" == *"frames, D.u="[bn]* ]]
		# without a unit the script writes its own text, equal to the titles
		run node "$(T tips.js)" "$(T plain-$f.svg)"
		status_is 0
		[[ "$output" == *"frames, D.u=undefined" ]]
	done
}

@test "units: fg-pdf's link annotations and vanished footnote in human form" {
	needpy zlib
	fg-pdf "$(T bytes.folded)" | python3 "$DATA/png/pdfparts.py" /dev/stdin >"$(T parts)"
	grep -qxF 'annot: f (12.3 MiB size (12,894,208 bytes), 99.99%)' "$(T parts)"
	grep -qxF 'annot: all (12.3 MiB size (12,895,744 bytes), 100.00%)' "$(T parts)"
	fg-pdf "$(T ns.folded)" | python3 "$DATA/png/pdfparts.py" /dev/stdin >"$(T parts)"
	grep -qxF 'annot: a (410 ms (410,000,000 nanoseconds), 14.09%)' "$(T parts)"
	fg-pdf "$(T diff.folded)" | python3 "$DATA/png/pdfparts.py" /dev/stdin >"$(T parts)"
	grep -qxF 'annot: g (1.5 KiB size (1,536 bytes), 37.50%; -1.5 KiB size (-1,536 bytes), -37.50%)' "$(T parts)"
	grep -qxF 'annot: f (2.5 KiB size (2,560 bytes), 62.50%; +1.5 KiB size (+1,536 bytes), +37.50%)' "$(T parts)"
	printf '# fg: unit=bytes\nmain;f 1 1\nmain;h 2048 0\n' | fg-pdf | python3 "$DATA/png/pdfparts.py" /dev/stdin >"$(T parts)"
	grep -q '(2 KiB \\(2,048 bytes\\) vanished \\(target 0\\), not drawn) Tj$' "$(T parts)"
}

@test "units: fg-vega carries the human amounts and shows them under the countname" {
	needpy zlib
	fg-vega "$(T bytes.folded)" >"$(T v.json)"
	fg-vega --vega "$(T diff.folded)" >"$(T vd.json)"
	fg-vega --countname "it's" "$(T diff.folded)" >"$(T vq.json)"
	fg-vega --vega --countname "it's" "$(T ns.folded)" >"$(T vv.json)"
	run python3 - "$(T v.json)" "$(T vd.json)" "$(T vq.json)" "$(T vv.json)" <<'PY'
import json, sys
lite, vega, quoted, vq = (json.load(open(f)) for f in sys.argv[1:])
names = {n['i']: n['n'] for n in lite['datasets']['names']}
h = {names[f['i']]: f['h'] for f in lite['datasets']['frames']}
# the value has no countname: the tooltip's title is the countname
assert h['f'] == '12.3 MiB (12,894,208 bytes)', h
assert h['g'] == '1.5 KiB (1,536 bytes)', h
tip = lite['layer'][0]['encoding']['tooltip']
assert tip[1] == {'field': 'h', 'title': 'size'}, tip
assert lite['layer'][1]['encoding']['tooltip'] == tip
# Vega: the baseline and the change in human form too
names = {n['i']: n['n'] for n in vega['data'][0]['values']}
fr = {names[f['i']]: f for f in vega['data'][1]['values']}
assert (fr['f']['h'], fr['f']['ho'], fr['f']['hd']) == \
    ('2.5 KiB (2,560 bytes)', '1 KiB (1,024 bytes)', '+1.5 KiB (+1,536 bytes)'), fr['f']
assert fr['g']['hd'] == '-1.5 KiB (-1,536 bytes)', fr['g']
sig = vega['marks'][0]['encode']['enter']['tooltip']['signal']
assert "'size': datum.h," in sig and "'baseline': datum.ho, 'change': datum.hd," in sig, sig
# --countname wins, escaped for the expression
tip = quoted['layer'][0]['encoding']['tooltip']
assert [t['field'] for t in tip] == ['n', 'h', 'p', 'ho', 'hd', 'dp'] and tip[1]['title'] == "it's", tip
sig = vq['marks'][0]['encode']['enter']['tooltip']['signal']
assert "'it\\'s': datum.h," in sig, sig
PY
	echo "$output"
	status_is 0
	# no countname in the header: the unit's name titles the amount
	fg-vega "$(T ns.folded)" | grep -qF '{"field":"h","title":"nanoseconds"}'
	fg-vega "$(T ns.folded)" | grep -qF '"h":"410 ms (410,000,000 nanoseconds)"'
	# the subtitle of vanished stacks
	printf '# fg: unit=bytes\nmain;f 1 1\nmain;h 2048 0\n' | fg-vega |
		grep -qF '"subtitle": "2 KiB (2,048 bytes) vanished (target 0), not drawn"'
}

@test "units: fg-png's footnote is the human note, as wide as its characters" {
	needpy zlib
	# 1536 B vanished: "1.5 KiB size (1,536 bytes) vanished (target 0),
	# not drawn" in place of "1536 samples vanished (target 0), not
	# drawn"; both start with "1", right-aligned, 6 pixels a character
	printf 'main;f 1024 0\nmain;g 100 400\nmain;h;i 512 0\nmain;h;j 5 5\n' >"$(T plain)"
	{ printf '# fg: unit=bytes\n# fg: countname=size\n'; cat "$(T plain)"; } >"$(T unit)"
	fg-png "$(T plain)" >"$(T p.png)"
	fg-png "$(T unit)" >"$(T u.png)"
	fg-png --countname allocated "$(T unit)" >"$(T c.png)"
	a='1536 samples vanished (target 0), not drawn'
	b='1.5 KiB size (1,536 bytes) vanished (target 0), not drawn'
	c='1.5 KiB allocated (1,536 bytes) vanished (target 0), not drawn'
	run python3 - "$DATA/png/pngpix.py" "$(T p.png)" "$(T u.png)" "$(T c.png)" <<'PY'
import sys
src = open(sys.argv[1]).read().split('\nw, h, rows = decode')[0]
ns = {}
exec(src, ns)
def left(path):
    w, h, px = ns['decode'](path)
    # the leftmost black pixel of the bottom band right of the legend
    return min(x for y in range(h - 34, h) for x in range(int(w / 2 + 130), w)
               if px[y][3 * x:3 * x + 3] == bytearray(3))
print(left(sys.argv[2]) - left(sys.argv[3]), left(sys.argv[2]) - left(sys.argv[4]))
PY
	status_is 0
	[ "$output" = "$(( (${#b} - ${#a}) * 6 )) $(( (${#c} - ${#a}) * 6 ))" ]
	# nothing else of a PNG shows a count: one-count input is the same picture
	grep -v '^#' "$(T bytes.folded)" | fg-png >"$(T a.png)"
	fg-png "$(T bytes.folded)" | cmp - "$(T a.png)"
}

@test "units: --countname wins over the header's in every renderer" {
	needpy zlib
	fg-svg --countname allocated "$(T bytes.folded)" >"$(T c.svg)"
	titles "$(T c.svg)" | grep -qxF 'f (12.3 MiB allocated (12,894,208 bytes), 99.99%)'
	grep -q 'cn:"allocated"' "$(T c.svg)"
	fg-pdf --countname allocated "$(T bytes.folded)" | python3 "$DATA/png/pdfparts.py" /dev/stdin |
		grep -qxF 'annot: f (12.3 MiB allocated (12,894,208 bytes), 99.99%)'
	fg-vega --countname allocated "$(T bytes.folded)" | grep -qF '{"field":"h","title":"allocated"}'
	# a countname without a unit replaces "samples" and the counts stay plain
	printf '# fg: countname=alloc_objects\nmain;f 12345\n' >"$(T cn.folded)"
	fg-svg "$(T cn.folded)" >"$(T cn.svg)"
	titles "$(T cn.svg)" | grep -qxF 'f (12,345 alloc_objects, 100.00%)'
	! grep -q 'u:"' "$(T cn.svg)" || false
	fg-svg --countname calls "$(T cn.folded)" | grep -qF '<title>f (12,345 calls, 100.00%)</title>'
	fg-pdf "$(T cn.folded)" | python3 "$DATA/png/pdfparts.py" /dev/stdin |
		grep -qxF 'annot: f (12345 alloc_objects, 100.00%)'
	fg-vega "$(T cn.folded)" | grep -qF '{"field":"c","title":"alloc_objects"}'
	fg-vega --vega "$(T cn.folded)" | grep -qF "'alloc_objects': datum.c,"
}

@test "units: without a header, with other comments or unit=count, nothing changes" {
	printf 'main;f 12894208\nmain;g 1536\n' >"$(T plain)"
	printf '# a comment\n# fg: unit=count\nmain;f 12894208\n# fg: other=1\nmain;g 1536\n' >"$(T count)"
	printf 'main;f 1024 2560\nmain;g 3072 1536\nmain;h 5 0\n' >"$(T dplain)"
	{ printf '# fg: unit=count\n'; cat "$(T dplain)"; } >"$(T dcount)"
	for prog in fg-svg fg-png fg-pdf fg-vega "fg-vega --vega" "fg-vega --html"; do
		$prog "$(T plain)" >"$(T a)"
		$prog "$(T count)" >"$(T b)"
		cmp "$(T a)" "$(T b)"
		$prog "$(T dplain)" >"$(T a)"
		$prog "$(T dcount)" >"$(T b)"
		cmp "$(T a)" "$(T b)"
	done
	# and the plain text says samples
	fg-svg "$(T plain)" | grep -qF '<title>g (1,536 samples, 0.01%)</title>'
	! fg-svg "$(T plain)" | grep -q 'u:"' || false
}

@test "units: several inputs keep the facts they agree on; an unknown unit is warned about" {
	printf '# fg: unit=nanoseconds\nmain;c 90000000\n' >"$(T ns2.folded)"
	# agreed: 410 ms + 2.5 s + 90 ms = 3 s
	run fg-svg "$(T ns.folded)" "$(T ns2.folded)"
	status_is 0
	[[ "$output" == *'<title>all (3 s (3,000,000,000 nanoseconds), 100.00%)</title>'* ]]
	# disagreeing: plain counts, a warning for each fact; f's share
	# 12894208 / (410000000 + 2500000000 + 12894208 + 1536) = 0.441%
	run bash -c "fg-svg '$(T ns.folded)' '$(T bytes.folded)' 2>'$(T err)'"
	status_is 0
	[[ "$output" == *'<title>f (12,894,208 samples, 0.44%)</title>'* ]]
	[ "$(cat "$(T err)")" = "fg-svg: inputs disagree on unit: left out
fg-svg: inputs disagree on countname: left out" ]
	# an input without the header disagrees too
	grep -v '^#' "$(T ns2.folded)" >"$(T none)"
	run bash -c "fg-pdf '$(T ns.folded)' '$(T none)' 2>'$(T err)' >/dev/null"
	status_is 0
	[ "$(cat "$(T err)")" = "fg-pdf: inputs disagree on unit: left out" ]
	# a unit fg does not know: a warning, and the counts as they are
	printf '# fg: unit=furlongs\nmain;f 12345\n' >"$(T fur)"
	run bash -c "fg-vega '$(T fur)' 2>'$(T err)'"
	status_is 0
	[ "$(cat "$(T err)")" = "fg-vega: unknown unit 'furlongs': counts shown as they are" ]
	[ "$output" = "$(printf 'main;f 12345\n' | fg-vega)" ]
}

@test "units: pprof-fold's header reaches fg-svg" {
	# go-cpu.pb.gz: nanoseconds of CPU, 10 ms a sample
	run bash -c "pprof-fold '$DATA/pprof/go-cpu.pb.gz' | fg-svg"
	status_is 0
	[[ "$output" == *'u:"nanoseconds"'* ]]
	[[ "$output" =~ \<title\>all\ \([0-9.]+\ m?s\ cpu\ \([0-9,]+\ nanoseconds\),\ 100.00%\)\</title\> ]]
}
