#!/usr/bin/env bats
# fg-speedscope: folded stacks to a speedscope file
#
# The file is read back with python3's json module into folded stacks
# (frames as NAME at FILE:LINE), checked with node against the
# file-format-schema.json of the npm package speedscope (by
# tests/speedscope-schema.cjs), and opened in the real speedscope
# 1.25.0 in headless Chromium (tests/browser/speedscope.cjs).
# FG_SPEEDSCOPE_NODE_PATH names the node_modules holding speedscope,
# FG_PUPPETEER_NODE_PATH the one holding puppeteer-core.

load helper
BROWSER_CASES=speedscope
load browser

setup() {
	F=$BATS_TEST_TMPDIR/in.folded
	annotated 'main at m.c:12;f at dir/z.go 4' >"$F"
}

# ssfold FILE [PROFILE]: the speedscope file's stacks as folded lines,
# "NAME at FILE:LINE" frames, equal stacks added up; every profile, or
# the one at index PROFILE.  Weights printed as JSON has them.
ssfold() {
	python3 - "$@" <<-'EOT'
	import json, sys
	d = json.load(open(sys.argv[1], encoding="utf-8"))
	fr = d["shared"]["frames"]
	def label(f):
	    s = f["name"]
	    if "file" in f:
	        s += " at " + f["file"] + (":%d" % f["line"] if "line" in f else "")
	    return s
	ps = d["profiles"] if len(sys.argv) < 3 else [d["profiles"][int(sys.argv[2])]]
	sums = {}
	for p in ps:
	    assert len(p["samples"]) == len(p["weights"])
	    for st, w in zip(p["samples"], p["weights"]):
	        k = ";".join(label(fr[i]) for i in st)
	        sums[k] = sums.get(k, 0) + w
	for k in sorted(sums, key=lambda s: s.encode()):
	    print(k, sums[k])
	EOT
}

# field FILE EXPR: a value of the file, as python3 prints d[...]
field() {
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1], encoding="utf-8")); print(eval(sys.argv[2]))' "$1" "$2"
}

needschema() {
	[ -n "${FG_SPEEDSCOPE_NODE_PATH:-}" ] &&
	    [ -f "$FG_SPEEDSCOPE_NODE_PATH/speedscope/dist/release/file-format-schema.json" ] ||
		absent "needs FG_SPEEDSCOPE_NODE_PATH naming a node_modules with speedscope"
	command -v node >/dev/null || absent "needs node"
}

# schema FILE: tests/speedscope-schema.cjs on FILE
schema() {
	node "$FG_ROOT/tests/speedscope-schema.cjs" \
	    "$FG_SPEEDSCOPE_NODE_PATH/speedscope/dist/release/file-format-schema.json" "$1"
}

@test "fg-speedscope: one sampled profile of the same stacks and weights, frames with file and line" {
	needpy
	fg-speedscope "$F" >"$BATS_TEST_TMPDIR/s.json"
	diff <(expected speedscope "$F") <(ssfold "$BATS_TEST_TMPDIR/s.json" | LC_ALL=C sort)
	[ "$(field "$BATS_TEST_TMPDIR/s.json" 'len(d["profiles"])')" = 1 ]
	[ "$(field "$BATS_TEST_TMPDIR/s.json" 'd["profiles"][0]["name"]')" = "$F" ]
	[ "$(field "$BATS_TEST_TMPDIR/s.json" 'd["profiles"][0]["type"]')" = sampled ]
	[ "$(field "$BATS_TEST_TMPDIR/s.json" 'd["profiles"][0]["unit"]')" = none ]
	total=$(awk '{ t += $NF } END { print t }' "$F")
	[ "$(field "$BATS_TEST_TMPDIR/s.json" 'd["profiles"][0]["endValue"] - d["profiles"][0]["startValue"]')" = "$total" ]
	# one frame per name, file and line; a file without a line has none
	[ "$(field "$BATS_TEST_TMPDIR/s.json" 'len(d["shared"]["frames"])')" = 11 ]
	[ "$(field "$BATS_TEST_TMPDIR/s.json" '[f for f in d["shared"]["frames"] if f["name"] == "f"]')" = "[{'name': 'f', 'file': 'dir/z.go'}]" ]
	# stacks in the order they came (speedscope's time order)
	[ "$(field "$BATS_TEST_TMPDIR/s.json" 'd["profiles"][0]["weights"]')" = "[7, 5, 5, 11, 4, 1]" ]
	# standard input is named <stdin>
	fg-speedscope <"$F" >"$BATS_TEST_TMPDIR/t.json"
	[ "$(field "$BATS_TEST_TMPDIR/t.json" 'd["profiles"][0]["name"]')" = "<stdin>" ]
}

@test "fg-speedscope: valid against speedscope's file-format-schema.json" {
	needschema
	fg-speedscope "$F" "$DATA/folded/julia.folded" >"$BATS_TEST_TMPDIR/s.json"
	run schema "$BATS_TEST_TMPDIR/s.json"
	[ "$output" = "ok 2 26 33 66" ] || { echo "$output"; return 1; }
	fg-speedscope --split-root "$DATA/folded/many.folded" "$DATA/hostile/names.folded" >"$BATS_TEST_TMPDIR/s.json"
	run schema "$BATS_TEST_TMPDIR/s.json"
	[[ "$output" == "ok "* ]] || { echo "$output"; return 1; }
	# the checker finds what is wrong
	sed 's/"weights":\[7,/"weights":[7.5,/' <(fg-speedscope "$F") >"$BATS_TEST_TMPDIR/bad.json"
	run schema "$BATS_TEST_TMPDIR/bad.json"
	status_is 1
	[[ "$output" == *"weight 7.5 not a whole number"* ]]
	sed 's/"unit":"none"/"unit":"ticks"/' <(fg-speedscope "$F") >"$BATS_TEST_TMPDIR/bad.json"
	run schema "$BATS_TEST_TMPDIR/bad.json"
	status_is 1
	[[ "$output" == *"matches none of anyOf"* ]]
}

@test "fg-speedscope: each file a profile in the unit of its header" {
	needpy
	local u
	for u in bytes nanoseconds microseconds milliseconds seconds; do
		printf '# fg: unit=%s\na;b 3\n' $u >"$BATS_TEST_TMPDIR/$u.folded"
	done
	printf '# fg: unit=count\na 1\n' >"$BATS_TEST_TMPDIR/count.folded"
	printf '# fg: unit=widgets\na 1\n' >"$BATS_TEST_TMPDIR/widgets.folded"
	cd "$BATS_TEST_TMPDIR"
	fg-speedscope bytes.folded nanoseconds.folded microseconds.folded milliseconds.folded \
	    seconds.folded count.folded widgets.folded "$F" >s.json
	[ "$(field s.json '" ".join(p["unit"] for p in d["profiles"])')" = \
	    "bytes nanoseconds microseconds milliseconds seconds none none none" ]
	[ "$(field s.json '" ".join(p["name"] for p in d["profiles"])')" = \
	    "bytes.folded nanoseconds.folded microseconds.folded milliseconds.folded seconds.folded count.folded widgets.folded $F" ]
	# the profiles share their frames
	[ "$(field s.json 'd["profiles"][0]["samples"] == d["profiles"][1]["samples"]')" = True ]
	diff <(expected speedscope "$F") <(ssfold s.json 7)
}

@test "fg-speedscope --split-root: a profile per root frame, named after it" {
	needpy
	fg-speedscope --split-root "$F" >"$BATS_TEST_TMPDIR/s.json"
	[ "$(field "$BATS_TEST_TMPDIR/s.json" '"|".join(p["name"] for p in d["profiles"])')" = \
	    "main at m.c:10|main at m.c:12|idle" ]
	diff <(expected speedscope "$F" | grep '^main at m.c:12;') <(ssfold "$BATS_TEST_TMPDIR/s.json" 1)
	diff <(expected speedscope "$F") <(ssfold "$BATS_TEST_TMPDIR/s.json" | LC_ALL=C sort)
	[ "$(field "$BATS_TEST_TMPDIR/s.json" '[p["endValue"] for p in d["profiles"]]')" = "[17, 15, 1]" ]
	# with several files, each file's roots, named FILE: ROOT
	printf 'main at m.c:10;x 2\nother 1\n' >"$BATS_TEST_TMPDIR/b.folded"
	fg-speedscope --split-root "$F" "$BATS_TEST_TMPDIR/b.folded" >"$BATS_TEST_TMPDIR/s.json"
	[ "$(field "$BATS_TEST_TMPDIR/s.json" '"|".join(p["name"] for p in d["profiles"])')" = \
	    "$F: main at m.c:10|$F: main at m.c:12|$F: idle|$BATS_TEST_TMPDIR/b.folded: main at m.c:10|$BATS_TEST_TMPDIR/b.folded: other" ]
}

@test "fg-speedscope: weights are exact integers up to 2^53; past that, an error" {
	needpy
	printf 'a 9007199254740990\nb 2\n' | fg-speedscope >"$BATS_TEST_TMPDIR/s.json"
	grep -q '"weights":\[9007199254740990,2\]' "$BATS_TEST_TMPDIR/s.json"
	grep -q '"endValue":9007199254740992,' "$BATS_TEST_TMPDIR/s.json"
	printf 'a 9007199254740990\nb 3\n' >"$BATS_TEST_TMPDIR/big.folded"
	run bash -c "fg-speedscope $BATS_TEST_TMPDIR/big.folded 2>&1 >$BATS_TEST_TMPDIR/o"
	status_is 1
	[ "$output" = "fg-speedscope: $BATS_TEST_TMPDIR/big.folded:2: the weights add up past 2^53, beyond what speedscope's numbers keep exact" ]
	[ ! -s "$BATS_TEST_TMPDIR/o" ]
	# decimal counts stay decimal
	fg-speedscope "$DATA/folded/decimal.folded" >"$BATS_TEST_TMPDIR/d.json"
	diff <(fg-merge "$DATA/folded/decimal.folded" | grep -v '^#' | LC_ALL=C sort) \
	    <(ssfold "$BATS_TEST_TMPDIR/d.json" | awk '{ $NF = $NF + 0 } 1' | LC_ALL=C sort)
}

@test "fg-speedscope: hostile names make valid JSON with the same text" {
	needpy
	printf 'a "quoted" \\ back;tab\there;</script>&<;nl\001ctl 2\n' >"$BATS_TEST_TMPDIR/h.folded"
	fg-speedscope "$BATS_TEST_TMPDIR/h.folded" >"$BATS_TEST_TMPDIR/h.json"
	diff <(fg-merge "$BATS_TEST_TMPDIR/h.folded") <(ssfold "$BATS_TEST_TMPDIR/h.json")
	! grep -q '</script>' "$BATS_TEST_TMPDIR/h.json" || false
	fg-speedscope "$DATA/hostile/names.folded" >"$BATS_TEST_TMPDIR/n.json"
	[ "$(ssfold "$BATS_TEST_TMPDIR/n.json" | awk '{ t += $NF } END { print t }')" = \
	    "$(awk '!/^#/ { t += $NF } END { print t }' "$DATA/hostile/names.folded")" ]
}

@test "fg-speedscope: two-count input is refused, nothing on stdout" {
	printf 'a;b 1 2\n' >"$BATS_TEST_TMPDIR/d.folded"
	run bash -c "fg-speedscope $BATS_TEST_TMPDIR/d.folded 2>&1 >$BATS_TEST_TMPDIR/o"
	status_is 1
	[ "$output" = "fg-speedscope: $BATS_TEST_TMPDIR/d.folded:1: two counts on a line (a difference): a speedscope sample has one weight" ]
	[ ! -s "$BATS_TEST_TMPDIR/o" ]
}

@test "fg-speedscope: no stacks is a profile without samples" {
	needpy
	: >"$BATS_TEST_TMPDIR/e"
	run bash -c "fg-speedscope $BATS_TEST_TMPDIR/e 2>&1 >$BATS_TEST_TMPDIR/e.json"
	status_is 0
	[ "$output" = "fg-speedscope: no stacks: the profile has no samples" ]
	[ "$(field "$BATS_TEST_TMPDIR/e.json" '[(p["samples"], p["weights"], p["endValue"]) for p in d["profiles"]]')" = "[([], [], 0)]" ]
}

@test "fg-speedscope in speedscope 1.25.0 (headless Chromium): opens with no error, the same total" {
	fg-speedscope "$DATA/folded/julia.folded" >"$BATS_TEST_TMPDIR/j.json"
	speedscope "$BATS_TEST_TMPDIR/j.json"
	total=$(awk '{ t += $NF } END { print t }' "$DATA/folded/julia.folded")
	# every sample's weight once, at its leaf: the self times add up to the total
	grep -qx "self=$total" "$BATS_TEST_TMPDIR/b.out"
	# a row per frame; the root frame's total is the whole
	nframes=$(grep -c '^{"name"' "$BATS_TEST_TMPDIR/j.json")
	grep -qx "rows=$nframes" "$BATS_TEST_TMPDIR/b.out"
	grep -qx "row=$total 0 eval boot.jl" "$BATS_TEST_TMPDIR/b.out"
	# a frame's self time is what its stacks ending there weigh
	self=$(awk '$0 ~ /;sort! at sort.jl:710 [0-9]+$/ { t += $NF } END { print t }' "$DATA/folded/julia.folded")
	grep -qx "row=[0-9]* $self sort! sort.jl" "$BATS_TEST_TMPDIR/b.out"
}

@test "fg-pprof's profile opens in speedscope 1.25.0 too, with the same total" {
	fg-pprof "$DATA/folded/julia.folded" >"$BATS_TEST_TMPDIR/j.pb.gz"
	speedscope "$BATS_TEST_TMPDIR/j.pb.gz"
	total=$(awk '{ t += $NF } END { print t }' "$DATA/folded/julia.folded")
	grep -qx "self=$total" "$BATS_TEST_TMPDIR/b.out"
	# speedscope's pprof import keys frames by function and file
	grep -qx "row=$total 0 eval boot.jl" "$BATS_TEST_TMPDIR/b.out"
}

@test "fg-speedscope --help and --version" {
	run fg-speedscope --help
	status_is 0
	[[ "$output" == "usage: fg-speedscope [options] [FILE...] > out.speedscope.json"* ]]
	[[ "$output" == *"--split-root"* ]]
	run fg-speedscope --version
	[[ "$output" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
}

# ssorder FILE: an evented profile's stacks in their order, one line
# for each time between two events while a frame is open ("STACK
# DURATION"), lines of the same stack one after the other joined
ssorder() {
	python3 - "$1" <<-'EOT'
	import json, sys
	d = json.load(open(sys.argv[1], encoding="utf-8"))
	fr = d["shared"]["frames"]
	out, st, last = [], [], None
	for e in d["profiles"][0]["events"]:
	    if last is not None and st and e["at"] > last:
	        k = ";".join(fr[i]["name"] for i in st)
	        if out and out[-1][0] == k:
	            out[-1][1] += e["at"] - last
	        else:
	            out.append([k, e["at"] - last])
	    last = e["at"]
	    if e["type"] == "O":
	        st.append(e["frame"])
	    else:
	        st.pop()
	for k, w in out:
	    print(k, w)
	EOT
}

@test "fg-speedscope: input in time order is an evented profile in that order, valid for speedscope" {
	needpy
	printf '# fg: unit=milliseconds\n# fg: order=time\nA;B 1\nA 1\nA;C 2\nD 1\nA;B;E 1\nA;B 3\n' >"$BATS_TEST_TMPDIR/t"
	fg-speedscope "$BATS_TEST_TMPDIR/t" >"$BATS_TEST_TMPDIR/t.json"
	[ "$(field "$BATS_TEST_TMPDIR/t.json" '[(p["type"], p["unit"], p["endValue"]) for p in d["profiles"]]')" = "[('evented', 'milliseconds', 9)]" ]
	diff <(ssorder "$BATS_TEST_TMPDIR/t.json") <(grep -v '^#' "$BATS_TEST_TMPDIR/t")
	# read back in time order by speedscope-fold, the same lines
	diff <(speedscope-fold --time-order "$BATS_TEST_TMPDIR/t.json") "$BATS_TEST_TMPDIR/t"
	# input without the header stays a sampled profile
	grep -v order= "$BATS_TEST_TMPDIR/t" | fg-speedscope >"$BATS_TEST_TMPDIR/s.json"
	[ "$(field "$BATS_TEST_TMPDIR/s.json" 'd["profiles"][0]["type"]')" = sampled ]
	needschema
	run schema "$BATS_TEST_TMPDIR/t.json"
	status_is 0
	[ "$output" = "ok 1 5 9" ]
}

@test "fg-speedscope: a time-ordered V8 profile opens in speedscope 1.25.0 with the same self times" {
	cpuprofile-fold --time-order "$DATA/cpuprofile/node-main.cpuprofile" | grep -v '^# fg: unit' >"$BATS_TEST_TMPDIR/v"
	fg-speedscope "$BATS_TEST_TMPDIR/v" >"$BATS_TEST_TMPDIR/v.json"
	grep -q '"type":"evented"' "$BATS_TEST_TMPDIR/v.json"
	speedscope "$BATS_TEST_TMPDIR/v.json"
	total=$(awk '!/^#/ { t += $NF } END { print t }' "$BATS_TEST_TMPDIR/v")
	grep -qx "self=$total" "$BATS_TEST_TMPDIR/b.out"
	# a frame's self time is what its stacks ending there weigh
	self=$(awk '$0 ~ /;fib at prof.js:5 [0-9]+$/ { t += $NF } END { print t }' "$BATS_TEST_TMPDIR/v")
	grep -q "^row=[0-9]* $self fib prof.js" "$BATS_TEST_TMPDIR/b.out"
}

# same_totals FILE FRAME...: each FRAME's total in speedscope's sandwich of
# FILE (a V8 profile, b.out) is what cpuprofile-fold --time-order -t
# --idle's lines that hold it weigh ((program) on the stack as
# speedscope has it), written as speedscope writes microseconds, in
# milliseconds with two decimals; FRAME is a frame's text up to " at "
# or "_"
same_totals() {
	local f ms name file=$1
	shift
	speedscope "$file"
	cpuprofile-fold --time-order -t --idle "$file" >"$BATS_TEST_TMPDIR/t"
	for f in "$@"; do
		ms=$(awk -v f=";$f" '!/^#/ && index(";" $0, f) { s += $NF } END { printf "%.2fms", s / 1000 }' "$BATS_TEST_TMPDIR/t")
		name=${f% at }
		name=${name%_}
		grep -qxF "cells=$ms $name" <(sed -n 's/^\(cells=[^ ]*\) [^ ]* /\1 /p' "$BATS_TEST_TMPDIR/b.out") ||
			{ echo "$name: $ms, not speedscope's" >&2; return 1; }
	done
}

@test "cpuprofile-fold --time-order: a phase's runs add up to speedscope 1.25.0's total of it, collections on top" {
	P=$DATA/cpuprofile/node-phases.cpuprofile
	same_totals "$P" "phaseA at " "phaseB at " "makeA at " "(garbage collector)_" "(program)"
	# under the root, the collections were no phase's
	ms=$(cpuprofile-fold --time-order -t --idle --gc root "$P" |
	    awk '!/^#/ && /;phaseA at / { s += $NF } END { printf "%.2fms", s / 1000 }')
	! grep -q "^cells=$ms .* phaseA$" "$BATS_TEST_TMPDIR/b.out" || false
	# and on Chromium's trace, its chunks joined
	same_totals "$DATA/cpuprofile/chrome-trace.json" "work at " "draw at " "fib at " "(garbage collector)_"
}

@test "cpuprofile-fold leaves out Chrome's native dummy.js frame, as speedscope 1.25.0 does" {
	# its f is under (root) and the dummy, its g under (root)
	run cpuprofile-fold "$DATA/cpuprofile/root-dummy.cpuprofile"
	status_is 0
	[[ "$output" == *"
f at a.js:2 2
g at a.js:5 1" ]]
	speedscope "$DATA/cpuprofile/root-dummy.cpuprofile"
	# two rows, f's and g's, no dummy (their times are microseconds,
	# which the table writes with their unit)
	grep -qx "rows=2" "$BATS_TEST_TMPDIR/b.out"
	grep -q "^row=.* f a.js$" "$BATS_TEST_TMPDIR/b.out"
	grep -q "^row=.* g a.js$" "$BATS_TEST_TMPDIR/b.out"
}

@test "fg-speedscope: names of invalid UTF-8 are written with U+FFFD, and it says so" {
	printf 'm;a\377 1\nm;a\376 2\nm;a\357\277\275 3\nm;b 4\n' >"$BATS_TEST_TMPDIR/u.folded"
	run bash -c "fg-speedscope $BATS_TEST_TMPDIR/u.folded 2>&1 >$BATS_TEST_TMPDIR/u.json"
	status_is 0
	[ "$output" = "fg-speedscope: 2 frame names are not valid UTF-8: their bad bytes written as U+FFFD" ]
	# three frames of one name, each kept apart
	[ "$(grep -c '"name":"a\\ufffd"\|"name":"a'$'\357\277\275''"' "$BATS_TEST_TMPDIR/u.json")" = 3 ]
	printf 'm;a\377 1\n' | fg-speedscope 2>&1 >/dev/null | grep -qx 'fg-speedscope: 1 frame name is not valid UTF-8: its bad bytes written as U+FFFD'
	# valid names: nothing said
	[ -z "$(printf 'm;a\357\277\275 3\n' | fg-speedscope 2>&1 >/dev/null)" ]
}

@test "fg-speedscope: a stack counted 0 is kept, weight 0, and no word said" {
	printf 'a;b 0\na;c 2\n' >"$BATS_TEST_TMPDIR/z"
	run bash -c 'fg-speedscope "$1" 2>&1 >"$2"' _ "$BATS_TEST_TMPDIR/z" "$BATS_TEST_TMPDIR/z.json"
	status_is 0
	[ -z "$output" ]
	[ "$(ssfold "$BATS_TEST_TMPDIR/z.json")" = "$(printf 'a;b 0\na;c 2')" ]
}
