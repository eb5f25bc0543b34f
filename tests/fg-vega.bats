#!/usr/bin/env bats
# fg-vega: Vega-Lite and Vega flame graphs

load helper
BROWSER_CASES=vega

J=""
setup() {
	J=$DATA/folded/julia.folded
}

json_ok() {
	command -v python3 >/dev/null || return 0
	python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$1"
}

# Compile and render with the real Vega when its packages are at hand.
renders() {
	command -v node >/dev/null || skip "needs node"
	[ -n "${FG_VEGA_NODE_PATH:-}" ] && [ -d "$FG_VEGA_NODE_PATH/vega" ] ||
		skip "needs FG_VEGA_NODE_PATH naming a node_modules with vega and vega-lite"
	node "$FG_ROOT/tests/vega-render.mjs" "$1" >"$BATS_TEST_TMPDIR/rendered.svg"
	grep -q '<svg' "$BATS_TEST_TMPDIR/rendered.svg"
}

@test "fg-vega: a Vega-Lite v5 spec with one data row per frame" {
	fg-vega "$J" >"$BATS_TEST_TMPDIR/out.json"
	json_ok "$BATS_TEST_TMPDIR/out.json"
	grep -q '"$schema": "https://vega.github.io/schema/vega-lite/v5.json"' "$BATS_TEST_TMPDIR/out.json"
	grep -q '"title": "Profile Results"' "$BATS_TEST_TMPDIR/out.json"
	# 16 frames, as fg-svg draws them
	[ "$(grep -c '^{"d":' "$BATS_TEST_TMPDIR/out.json")" -eq 16 ]
	[ "$(fg-svg "$J" | awk -f "$DATA/svg/boxes.awk" | wc -l)" -eq 16 ]
	# names once each: 15 distinct labels and "all"
	[ "$(grep -c '^{"i":' "$BATS_TEST_TMPDIR/out.json")" -eq 16 ]
	# _mapslices (dispatch) right after mapslices' own samples, at depth 4;
	# a white label ("l":1) on its crimson
	grep -q '^{"d":4,"a":13,"b":16,"i":7,"s":1,"l":1},$' "$BATS_TEST_TMPDIR/out.json"
}

@test "fg-vega: status from annotations, with ProfileVega's legend names" {
	fg-vega "$J" >"$BATS_TEST_TMPDIR/out.json"
	grep -q '"Runtime dispatch"' "$BATS_TEST_TMPDIR/out.json"
	# the _[d] frame has status 1 and its name without the annotation
	grep -q '"n":"_mapslices at abstractarray.jl:2870 \[inlined\]"' "$BATS_TEST_TMPDIR/out.json"
	[ "$(grep -c '"s":1,"l":1}' "$BATS_TEST_TMPDIR/out.json")" -eq 1 ]
}

@test "fg-vega: interaction: hover, pick, and an interval bound to the scales" {
	run fg-vega "$J"
	[[ "$output" == *'"select": {"type": "interval", "encodings": ["x"]}, "bind": "scales"'* ]]
	[[ "$output" == *'"name": "hover"'* ]]
	[[ "$output" == *'"tooltip"'* ]]
}

@test "fg-vega --vega: a Vega v5 spec with zoom and pan signals" {
	fg-vega --vega "$J" >"$BATS_TEST_TMPDIR/out.json"
	json_ok "$BATS_TEST_TMPDIR/out.json"
	grep -q '"$schema": "https://vega.github.io/schema/vega/v5.json"' "$BATS_TEST_TMPDIR/out.json"
	grep -q '"name": "zoom"' "$BATS_TEST_TMPDIR/out.json"
	grep -q '"events": "@frame:click", "update": "\[datum.a, datum.b\]"' "$BATS_TEST_TMPDIR/out.json"
}

@test "fg-vega --html: a page that embeds the spec and cannot be broken out of" {
	printf 'main;</script><script>alert(1)</script> 3\n' | fg-vega --html >"$BATS_TEST_TMPDIR/out.html"
	grep -q 'cdn.jsdelivr.net/npm/vega-embed@6' "$BATS_TEST_TMPDIR/out.html"
	grep -q 'vegaEmbed("#vis", spec' "$BATS_TEST_TMPDIR/out.html"
	[ "$(grep -c '</script>' "$BATS_TEST_TMPDIR/out.html")" -eq 4 ]
	grep -q '\\u003c/script\\u003e' "$BATS_TEST_TMPDIR/out.html"
}

@test "fg-vega: two-count input: change scale, new frames, title" {
	fg-diff "$DATA/diff/base.folded" "$DATA/diff/new.folded" | fg-vega >"$BATS_TEST_TMPDIR/out.json"
	json_ok "$BATS_TEST_TMPDIR/out.json"
	grep -q '"title": "Diff Profile Results"' "$BATS_TEST_TMPDIR/out.json"
	grep -q '"range": \["#528fe0", "#d0d0d0", "#d73027"\]' "$BATS_TEST_TMPDIR/out.json"
	grep -q '"value": "#3cb371"' "$BATS_TEST_TMPDIR/out.json"
	# the new loop: baseline 0, new; the halved loop: change -100
	grep -q '"o":0,"v":80,"w":1' "$BATS_TEST_TMPDIR/out.json"
	grep -q '"o":200,"v":-100,"w":0' "$BATS_TEST_TMPDIR/out.json"
}

@test "fg-vega --negate, --delta=self, --min-delta" {
	printf 'main;p;c 10 20\nmain;q 100 101\n' >"$BATS_TEST_TMPDIR/in"
	run fg-vega --negate "$BATS_TEST_TMPDIR/in"
	[[ "$output" == *'"o":20,"v":-10'* ]]
	run fg-vega --delta=self "$BATS_TEST_TMPDIR/in"
	[[ "$output" == *'"a":0,"b":20,"i":2,"s":0,"o":10,"v":0,'* ]]
	run fg-vega --delta=total "$BATS_TEST_TMPDIR/in"
	[[ "$output" == *'"a":0,"b":20,"i":2,"s":0,"o":10,"v":10,'* ]]
	run fg-vega --min-delta 5 "$BATS_TEST_TMPDIR/in"
	[[ "$output" == *'"o":100,"v":0,'* ]]
	run fg-vega --delta=bad "$BATS_TEST_TMPDIR/in"
	status_is 2
}

@test "fg-vega --negate=hues: the target's boxes, the change's colours swapped, no green" {
	fg-diff "$DATA/diff/base.folded" "$DATA/diff/new.folded" >"$BATS_TEST_TMPDIR/d"
	fg-vega "$BATS_TEST_TMPDIR/d" >"$BATS_TEST_TMPDIR/plain.json"
	fg-vega --negate=hues "$BATS_TEST_TMPDIR/d" >"$BATS_TEST_TMPDIR/hues.json"
	json_ok "$BATS_TEST_TMPDIR/hues.json"
	# the same boxes, changes and baselines: only w and l may differ
	boxes() { grep -o '"d":[0-9]*,"a":[^,]*,"b":[^,]*,"i":[0-9]*,"s":[0-9]*,"o":[^,]*,"v":[^,]*' "$1"; }
	[ "$(boxes "$BATS_TEST_TMPDIR/hues.json")" = "$(boxes "$BATS_TEST_TMPDIR/plain.json")" ]
	grep -q '"w":1' "$BATS_TEST_TMPDIR/plain.json"
	! grep -q '"w":1' "$BATS_TEST_TMPDIR/hues.json" || false
	# the scale's domain runs the other way
	dom() { tr -d ' \n' <"$1" | grep -o '"domain":\[[^]]*\],"range":\["#528fe0"'; }
	p=$(dom "$BATS_TEST_TMPDIR/plain.json") h=$(dom "$BATS_TEST_TMPDIR/hues.json")
	[[ $p =~ ^\"domain\":\[-([0-9.]+),0,([0-9.]+)\] ]]
	[ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]
	[ "$h" = "${p/\[-${BASH_REMATCH[1]},0,${BASH_REMATCH[1]}/[${BASH_REMATCH[1]},0,-${BASH_REMATCH[1]}}" ]
	[ "$h" != "$p" ]
	run fg-vega --negate=x "$BATS_TEST_TMPDIR/d"
	status_is 2
	[ "${lines[0]}" = "fg-vega: bad negate: 'x' (hues)" ]
	# in the real Vega: green in the plain picture only
	renders "$BATS_TEST_TMPDIR/plain.json"
	grep -q 'fill="#3cb371"' "$BATS_TEST_TMPDIR/rendered.svg"
	renders "$BATS_TEST_TMPDIR/hues.json"
	! grep -q 'fill="#3cb371"' "$BATS_TEST_TMPDIR/rendered.svg" || false
}

@test "fg-vega: --width, --height, FG_WIDTH, FG_HEIGHT, --title, --inverted, --minwidth" {
	run fg-vega --width 640 --height 300 --title 'T "q"' -i "$J"
	[[ "$output" == *'"width": 640,'* ]]
	[[ "$output" == *'"height": 300,'* ]]
	[[ "$output" == *'"title": "T \"q\""'* ]]
	[[ "$output" == *'"reverse": true'* ]]
	FG_WIDTH=500 FG_HEIGHT=90 run fg-vega "$J"
	[[ "$output" == *'"width": 500,'* ]]
	[[ "$output" == *'"height": 90,'* ]]
	run fg-vega "$J"
	[[ "$output" == *'"height": 120,'* ]]
	{ echo "main;big 1000"; for i in $(seq 1 50); do echo "main;small$i 1"; done; } >"$BATS_TEST_TMPDIR/in"
	run fg-vega --minwidth 1% "$BATS_TEST_TMPDIR/in"
	[[ "$output" == *'"n":"+50 more"'* ]]
	[ "$(echo "$output" | grep -c '^{"d":')" -eq 4 ]
	run fg-vega --width 1 "$J"
	status_is 2
}

@test "fg-vega: JSON escaping of hostile names; deterministic output" {
	fg-vega "$DATA/hostile/names.folded" >"$BATS_TEST_TMPDIR/a.json"
	fg-vega "$DATA/hostile/names.folded" >"$BATS_TEST_TMPDIR/b.json"
	cmp "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json"
	json_ok "$BATS_TEST_TMPDIR/a.json"
	grep -q 'ctl\\u0001\\u0002\\u001b\[31m\\u007fx' "$BATS_TEST_TMPDIR/a.json"
	grep -q 'bad\\ufffd\\ufffdutf8' "$BATS_TEST_TMPDIR/a.json"
}

@test "fg-vega: the specs render in the real Vega and Vega-Lite" {
	fg-vega "$J" >"$BATS_TEST_TMPDIR/vl.json"
	renders "$BATS_TEST_TMPDIR/vl.json"
	fg-vega --vega "$J" >"$BATS_TEST_TMPDIR/vg.json"
	renders "$BATS_TEST_TMPDIR/vg.json"
	fg-diff "$DATA/diff/base.folded" "$DATA/diff/new.folded" | fg-vega --vega -i >"$BATS_TEST_TMPDIR/d.json"
	renders "$BATS_TEST_TMPDIR/d.json"
	grep -q 'sort! at sort.jl:710' "$BATS_TEST_TMPDIR/rendered.svg"
}

@test "fg-vega --sort=width: callees widest first, from the caller's left edge" {
	# main's callees: a 1 and b 5; by name a starts at 0, by width b does
	runsh "printf 'main;a 1\nmain;b 5\n' | fg-vega --sort=width | grep -c '\"d\":2,\"a\":0,\"b\":5,'"
	[ "$output" = 1 ]
	runsh "printf 'main;a 1\nmain;b 5\n' | fg-vega | grep -c '\"d\":2,\"a\":0,\"b\":1,'"
	[ "$output" = 1 ]
	run fg-vega --sort=bogus /dev/null
	status_is 2
}

@test "fg-vega: errors" {
	run fg-vega /dev/null
	status_is 1
	[ "$output" = "fg-vega: no samples in the input" ]
	runsh "printf 'a\n' | fg-vega"
	status_is 1
	run fg-vega --bogus
	status_is 2
	run fg-vega --help
	status_is 0
	[[ "$output" == *"--html"* ]]
	# the default the code and the man page give
	[[ "$output" == *"narrower than this (0.1 px)"* ]]
	[[ "$output" == *"--sort=name|width"* ]]
	run fg-vega --version
	[[ "$output" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "fg-vega --html: the Vega libraries at exact versions, each with its SRI hash" {
	printf 'main;a 1\n' | fg-vega --html >"$BATS_TEST_TMPDIR/out.html"
	grep '<script src=' "$BATS_TEST_TMPDIR/out.html" >"$BATS_TEST_TMPDIR/tags"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/tags")" -eq 3 ]
	# pkg@X.Y.Z/file, a sha384 integrity and crossorigin on each
	while read -r tag; do
		[[ "$tag" =~ ^'<script src="https://cdn.jsdelivr.net/npm/'(vega|vega-lite|vega-embed)@[0-9]+\.[0-9]+\.[0-9]+/build/[a-z-]+\.min\.js'" integrity="sha384-'[A-Za-z0-9+/]{64}'" crossorigin="anonymous"></script>'$ ]]
	done <"$BATS_TEST_TMPDIR/tags"
	# the hashes are those of the npm packages' files (when npm reaches
	# its registry: jsDelivr serves those files as they are); each
	# package, of its exact version, packed once into the checkers'
	# cache (npm takes a second a package even from its own)
	command -v npm >/dev/null || skip "npm is not installed"
	cd "$BATS_TEST_TMPDIR"
	sed 's|.*/npm/\([^/]*\)/\([^"]*\)" integrity="\([^"]*\)".*|\1 \2 \3|' tags >want
	packs=${XDG_CACHE_HOME:-$HOME/.cache}/fg-ci/vega-packs
	while read -r pkg file sri; do
		tgz=$packs/$pkg.tgz
		if [ ! -s "$tgz" ]; then
			got=$(timeout 30 npm pack --silent --fetch-retries=0 --fetch-timeout=10000 "$pkg" 2>/dev/null) ||
				skip "npm pack $pkg failed (offline?): hashes not checked"
			mkdir -p "$packs" && mv "$got" "$tgz.$$" && mv "$tgz.$$" "$tgz"
		fi
		mkdir -p "x-$pkg" && tar -xzf "$tgz" -C "x-$pkg"
		[ "sha384-$(openssl dgst -sha384 -binary "x-$pkg/package/$file" | base64 -w0)" = "$sri" ]
	done <want
}

# scene SPEC: the marks the real Vega draws of SPEC (vega-render.mjs
# --scene: compiled, parsed and run, with no warning), to
# $BATS_TEST_TMPDIR/scene
scene() {
	command -v node >/dev/null || skip "needs node"
	[ -n "${FG_VEGA_NODE_PATH:-}" ] && [ -d "$FG_VEGA_NODE_PATH/vega" ] ||
		skip "needs FG_VEGA_NODE_PATH naming a node_modules with vega and vega-lite"
	node "$FG_ROOT/tests/vega-render.mjs" "$1" --scene >"$BATS_TEST_TMPDIR/scene"
}

# The labels drawn in the plot of the scene, its rows and its root:
# "plot=WxH labels=N minrow=PX root=Y,H", from scene's lines
scene_summary() {
	node -e '
	const lines = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse);
	const { width, height } = lines[0];
	const rects = lines.filter((l) => l.m === "rect"), texts = lines.filter((l) => l.m === "text");
	const row = new Map(rects.map((r) => [r.d, r.h]));
	const shown = texts.filter((t) => t.o > 0 && t.y >= 0 && t.y <= height);
	const root = rects.find((r) => r.d === 0);
	const minrow = Math.min(...shown.map((t) => row.get(t.d)));
	console.log(`plot=${width}x${height} labels=${shown.length} minrow=${shown.length ? minrow : "none"} ` +
	    `root=${Math.round(root.y * 100) / 100},${Math.round(root.h * 100) / 100}`);
	' "$BATS_TEST_TMPDIR/scene"
}

@test "fg-vega: labels only on rows tall enough; the first view 600 px at most, the root in it" {
	jlprof-fold "$DATA/jlprof/profile_ttfp.jlprof" >"$BATS_TEST_TMPDIR/deep.folded"
	levels=$(($(awk -F';' '{ if (NF > m) m = NF } END { print m }' "$BATS_TEST_TMPDIR/deep.folded") + 1))
	[ "$levels" -gt 200 ]
	# the default: 20 px a level up to 600 px, the first 30 levels from the root
	fg-vega "$BATS_TEST_TMPDIR/deep.folded" >"$BATS_TEST_TMPDIR/vl.json"
	grep -q '"height": 600,' "$BATS_TEST_TMPDIR/vl.json"
	grep -q '"y": {"field": "d", "type": "quantitative", "axis": null, "scale": {"domain": \[0, 30\]' "$BATS_TEST_TMPDIR/vl.json"
	grep -q '"name": "levels", "select": {"type": "interval", "encodings": \["y"\]' "$BATS_TEST_TMPDIR/vl.json"
	# given a height, every level in it
	fg-vega -H 600 "$BATS_TEST_TMPDIR/deep.folded" >"$BATS_TEST_TMPDIR/h600.json"
	grep -q "\"domain\": \[0, $levels\]" "$BATS_TEST_TMPDIR/h600.json"
	# the Vega spec and the inverted graph drawn from a chain as deep and
	# a side frame at each level (the real profile's 17k frames take
	# seconds a render)
	awk -v n="$((levels - 2))" 'BEGIN { for (i = 0; i < n; i++) { c = c (i ? ";" : "") "level" i; print c ";side" i, 1 }
	    print c, 10 * n }' >"$BATS_TEST_TMPDIR/chain.folded"
	fg-vega --vega "$BATS_TEST_TMPDIR/chain.folded" >"$BATS_TEST_TMPDIR/vg.json"
	grep -q '"name": "ydom", "value": \[0, 30\]' "$BATS_TEST_TMPDIR/vg.json"
	fg-vega --vega -H 600 "$BATS_TEST_TMPDIR/chain.folded" >"$BATS_TEST_TMPDIR/vg600.json"
	grep -q "\"name\": \"ydom\", \"value\": \[0, $levels\]" "$BATS_TEST_TMPDIR/vg600.json"
	# a shallow graph keeps 20 px a level, all in view
	run fg-vega "$J"
	[[ "$output" == *'"height": 120,'* ]]
	[[ "$output" == *'"domain": [0, 6]'* ]]
	# drawn by the real Vega: rows of 20 px, the root's at the bottom
	# (the top inverted) of the plot, labels on them
	scene "$BATS_TEST_TMPDIR/vl.json"
	run scene_summary
	[[ "$output" =~ ^plot=1200x600\ labels=([0-9]+)\ minrow=(20|19\.9[0-9]*)\ root=580,20$ ]]
	[ "${BASH_REMATCH[1]}" -ge 30 ]
	scene "$BATS_TEST_TMPDIR/vg.json"
	run scene_summary
	[[ "$output" =~ ^plot=1200x600\ labels=30\ minrow=(20|19\.9[0-9]*)\ root=580,20$ ]]
	fg-vega -i "$BATS_TEST_TMPDIR/chain.folded" >"$BATS_TEST_TMPDIR/inv.json"
	scene "$BATS_TEST_TMPDIR/inv.json"
	run scene_summary
	[[ "$output" =~ ^plot=1200x600\ labels=[1-9][0-9]*\ minrow=(20|19\.9[0-9]*)\ root=0,20$ ]]
	# all levels in 600 px: rows 2.5 px tall, and no label on them
	rowh=$(awk "BEGIN { printf \"%.2f\", 600 / $levels }")
	for f in h600 vg600; do
		scene "$BATS_TEST_TMPDIR/$f.json"
		run scene_summary
		[ "$output" = "plot=1200x600 labels=0 minrow=none root=$(awk "BEGIN { print 600 - $rowh }"),$rowh" ]
	done
}

# fakebuilds DIR: builds of vega, vega-lite and vega-embed in DIR that
# hold what would end or hide a script element's end, at sizes about
# SHA-256's block boundaries (55, 64 and 120 bytes)
fakebuilds() {
	mkdir -p "$1/vega/build" "$1/vega-lite/build" "$1/vega-embed/build"
	printf 'var a = "</script><script>alert(1)</script>";/*xx*/' >"$1/vega/build/vega.min.js"
	printf 'var b = "<!--<script>";var c = "</SCRIPT >" + "<";/*x*/' >"$1/vega-lite/build/vega-lite.min.js"
	printf 'var d = /<\\/script/.source + "</sCrIpT" + "<!-" + "-" + "</scrip";/*xxxxxxxxxxxxxxxxxxxxxxxx*/' \
	    >"$1/vega-embed/build/vega-embed.min.js"
}

@test "fg-vega --html --vega-dir: the builds inlined, escaped, each script hashed in the page's policy" {
	fakebuilds "$BATS_TEST_TMPDIR/nm"
	wc -c "$BATS_TEST_TMPDIR"/nm/*/build/*.js
	fg-vega --html --vega-dir "$BATS_TEST_TMPDIR/nm" "$DATA/hostile/names.folded" >"$BATS_TEST_TMPDIR/out.html"
	! grep -q 'cdn.jsdelivr.net\|<script src=' "$BATS_TEST_TMPDIR/out.html" || false
	# 3 builds, the spec's data block and the page's script: nothing in
	# a build or a name ends an element early
	[ "$(grep -o '</script>' "$BATS_TEST_TMPDIR/out.html" | wc -l)" -eq 5 ]
	[ "$(grep -io '</script' "$BATS_TEST_TMPDIR/out.html" | wc -l)" -eq 5 ]
	! grep -q '<!--<' "$BATS_TEST_TMPDIR/out.html" || false
	# each script's text: the build with \x3C for those '<', which means
	# the same in JavaScript
	node -e '
	const fs = require("fs"), crypto = require("crypto");
	const page = fs.readFileSync(process.argv[1], "utf8");
	const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
	if (scripts.length !== 4) throw new Error("scripts: " + scripts.length);
	const names = ["vega/build/vega.min.js", "vega-lite/build/vega-lite.min.js", "vega-embed/build/vega-embed.min.js"];
	names.forEach((n, i) => {
		const src = fs.readFileSync(process.argv[2] + "/" + n, "utf8");
		if (scripts[i] === src || scripts[i].replace(/\\x3C/g, "<") !== src) throw new Error("not escaped: " + n);
		const run = (s) => { const g = {}; new Function("g", s.replace(/var (\w+)/g, "g.$1")) (g); return JSON.stringify(g); };
		if (run(scripts[i]) !== run(src)) throw new Error("not the same code: " + n);
	});
	// the policy: no remote script, the hash of each script and no other
	const csp = page.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)[1];
	const want = scripts.map((s) => "\x27sha256-" + crypto.createHash("sha256").update(s).digest("base64") + "\x27");
	if (csp !== "default-src \x27none\x27; script-src " + want.join(" ") +
	    "; style-src \x27unsafe-inline\x27; img-src data: blob:") throw new Error("policy: " + csp);
	' "$BATS_TEST_TMPDIR/out.html" "$BATS_TEST_TMPDIR/nm"
	# the spec in a JSON data block, the page's script with vega-embed's
	# expression interpreter (no code made at run time)
	grep -q '^<script type="application/json" id="fgspec">{$' "$BATS_TEST_TMPDIR/out.html"
	grep -q 'var fgopt = {actions: true, ast: true}' "$BATS_TEST_TMPDIR/out.html"
	# a folder without the builds: a message and nothing written
	rm "$BATS_TEST_TMPDIR/nm/vega-embed/build/vega-embed.min.js"
	fails_quietly fg-vega --html --vega-dir "$BATS_TEST_TMPDIR/nm" "$J"
	status_is 1
	[[ "$output" == "fg-vega: --vega-dir $BATS_TEST_TMPDIR/nm: no vega-embed/build/vega-embed.min.js (No such file or directory): "* ]]
	run fg-vega --vega-dir "$BATS_TEST_TMPDIR/nm" "$J"
	status_is 2
	[ "${lines[0]}" = "fg-vega: --vega-dir is for --html" ]
}

@test "fg-vega --html --vega-dir: the page draws in Chromium with every request refused, a drag reaches the deep levels" {
	needbrowser
	[ -n "${FG_VEGA_NODE_PATH:-}" ] && [ -f "$FG_VEGA_NODE_PATH/vega-embed/build/vega-embed.min.js" ] ||
		absent "needs FG_VEGA_NODE_PATH naming a node_modules with vega, vega-lite and vega-embed"
	# 61 levels, a side frame at each
	awk 'BEGIN { for (i = 0; i < 60; i++) { c = c (i ? ";" : "") "level" i; print c ";side" i, 1 } print c, 40 }' \
	    >"$BATS_TEST_TMPDIR/deep.folded"
	fg-vega --html --vega-dir "$FG_VEGA_NODE_PATH" "$BATS_TEST_TMPDIR/deep.folded" >"$BATS_TEST_TMPDIR/page.html"
	run browser_run offline "$BATS_TEST_TMPDIR/page.html"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "errors=none" ]
	[ "${lines[1]}" = "requests=none" ]
	[ "${lines[2]}" = "drawn=1" ]
	[ "${lines[3]}" = "height=600" ]
	[ "${lines[4]}" = "ydom=0,30" ]
	# the chain's 30 labels in view (the side frames too narrow), on 20 px rows
	[ "${lines[5]}" = "labels=30" ]
	[[ "${lines[6]}" =~ ^minrow=(20|19\.9[0-9]*)$ ]]
	# dragged down 200 px: 10 levels of 20 px deeper
	[ "${lines[7]}" = "ydrag=10,40" ]
}

# The README's Python recipe (the fg-vega section's python block), in a
# notebook run by Jupyter's own tools
@test "fg-vega: the README's Jupyter recipe, run by jupyter-nbconvert: the spec under Vega-Lite's mime type" {
	command -v jupyter-nbconvert >/dev/null ||
		absent "needs Jupyter's tools (apt-get install jupyter-nbconvert python3-nbformat python3-ipykernel)"
	sed -n '/^### fg-vega/,/^### /p' "$FG_ROOT/README.md" | sed -n '/^```python$/,/^```$/p' | sed '1d;$d' >"$BATS_TEST_TMPDIR/recipe.py"
	grep -q 'fg-vega' "$BATS_TEST_TMPDIR/recipe.py"
	cd "$BATS_TEST_TMPDIR"
	cp "$J" prof.folded
	# the same recipe with --vega, under Vega's mime type
	sed 's/\["fg-vega", /["fg-vega", "--vega", /; s/vnd\.vegalite\.v5+json/vnd.vega.v5+json/' recipe.py >recipe-vega.py
	! cmp -s recipe.py recipe-vega.py || false
	node -e '
	const fs = require("fs");
	const cell = (f) => ({ cell_type: "code", metadata: {}, execution_count: null, outputs: [],
	    source: fs.readFileSync(f, "utf8") });
	fs.writeFileSync("nb.ipynb", JSON.stringify({ nbformat: 4, nbformat_minor: 5,
	    metadata: { kernelspec: { name: "python3", display_name: "Python 3", language: "python" } },
	    cells: [cell("recipe.py"), cell("recipe-vega.py")] }));
	'
	timeout 120 jupyter-nbconvert --to notebook --execute --ExecutePreprocessor.timeout=60 \
	    --output out.ipynb nb.ipynb 2>err || { cat err; false; }
	fg-vega prof.folded >vl.json
	fg-vega --vega prof.folded >vg.json
	node -e '
	const fs = require("fs");
	const nb = JSON.parse(fs.readFileSync("out.ipynb", "utf8"));
	// the same value, whatever the order of the keys (nbformat sorts them)
	const canon = (v) => Array.isArray(v) ? "[" + v.map(canon).join(",") + "]" :
	    v && typeof v === "object" ? "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}" :
	    JSON.stringify(v);
	const want = [["application/vnd.vegalite.v5+json", "vl.json"], ["application/vnd.vega.v5+json", "vg.json"]];
	want.forEach(([mime, file], i) => {
		const outs = nb.cells[i].outputs;
		if (outs.length !== 1 || outs[0].output_type !== "display_data")
			throw new Error("cell " + i + ": " + JSON.stringify(outs).slice(0, 500));
		const data = outs[0].data;
		if (JSON.stringify(Object.keys(data)) !== JSON.stringify([mime])) throw new Error("mime types: " + Object.keys(data));
		const spec = JSON.parse(fs.readFileSync(file, "utf8"));
		if (canon(data[mime]) !== canon(spec)) throw new Error(mime + ": not the spec of " + file);
		if (!/vega(-lite)?\/v5\.json$/.test(data[mime].$schema)) throw new Error("schema " + data[mime].$schema);
	});
	'
}
