#!/usr/bin/env bats
# fg-gecko: folded stacks to the Firefox Profiler's processed profile,
# read back by gecko-fold to the same stacks, and its structure checked
# against the format's documented types (tests/gecko-schema.cjs, which
# the profiler's own output passes too), and loaded by the Firefox
# Profiler's own code (tests/gecko-profiler.cjs, FG_FIREFOX_PROFILER_NODE_PATH).

load helper

needjs() {
	command -v node >/dev/null || skip "needs node"
}

# schema FILE: tests/gecko-schema.cjs on FILE
schema() {
	node "$FG_ROOT/tests/gecko-schema.cjs" "$1"
}

# field FILE EXPR: a value of the profile, by a JavaScript expression of p
field() {
	node -e 'const p = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(JSON.stringify(eval(process.argv[2])))' "$1" "$2"
}

@test "fg-gecko: gecko-fold reads it back to the same stacks and counts (--full-path), base names without" {
	fg-gecko "$DATA/folded/julia.folded" >"$BATS_TEST_TMPDIR/j.json"
	diff <(gecko-fold --no-header --full-path "$BATS_TEST_TMPDIR/j.json") <(fg-merge --no-header "$DATA/folded/julia.folded")
	printf 'main at /src/a.c:10;f at b.c:3;g 5\nmain at /src/a.c:10;h_[k] 2\nx [inlined];y at z.jl 4\n' >"$BATS_TEST_TMPDIR/in"
	fg-gecko "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/t.json"
	diff <(gecko-fold --no-header --full-path "$BATS_TEST_TMPDIR/t.json") <(fg-merge --no-header "$BATS_TEST_TMPDIR/in")
	gecko-fold --no-header "$BATS_TEST_TMPDIR/t.json" | grep -qx 'main at a.c:10;f at b.c:3;g 5'
}

@test "fg-gecko: files and lines are the funcs' sources and lines; other labels whole names" {
	needjs
	printf 'main at /src/a.c:10;f at b.c:3;g 5\nmain at /src/a.c:10;h_[k] 2\n' >"$BATS_TEST_TMPDIR/in"
	fg-gecko "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/t.json"
	f='p.shared.funcTable'
	[ "$(field "$BATS_TEST_TMPDIR/t.json" "$f.name.map((n) => p.shared.stringArray[n])")" = '["main","f","g","h_[k]"]' ]
	[ "$(field "$BATS_TEST_TMPDIR/t.json" "$f.lineNumber")" = '[10,3,null,null]' ]
	[ "$(field "$BATS_TEST_TMPDIR/t.json" "$f.source.map((s) => s === null ? null : p.shared.stringArray[p.shared.sources.filename[s]])")" = '["/src/a.c","b.c",null,null]' ]
}

@test "fg-gecko: valid against the processed format's types, as the profiler's own output is" {
	needjs
	zcat "$DATA/gecko/firefox-page.processed.json.gz" >"$BATS_TEST_TMPDIR/ff.json"
	run schema "$BATS_TEST_TMPDIR/ff.json"
	status_is 0
	fg-gecko "$DATA/folded/julia.folded" >"$BATS_TEST_TMPDIR/j.json"
	run schema "$BATS_TEST_TMPDIR/j.json"
	status_is 0
	total=$(grep -v '^#' "$DATA/folded/julia.folded" | awk '{ s += $NF } END { print s }')
	[ "${output##* }" = "$total" ]
	# the checker catches a stack pointing forward
	sed 's/"prefixOffset":\[0,1/"prefixOffset":[0,9/' "$BATS_TEST_TMPDIR/j.json" >"$BATS_TEST_TMPDIR/bad.json"
	run schema "$BATS_TEST_TMPDIR/bad.json"
	status_is 1
	[[ "$output" == *"prefixOffset[1]: 9 not back to an earlier stack"* ]]
}

@test "fg-gecko: one thread per input, and per root with --split-root" {
	printf 'a;b 1\nc;d 2\n' >"$BATS_TEST_TMPDIR/x.folded"
	printf 'a;e 4\n' >"$BATS_TEST_TMPDIR/y.folded"
	fg-gecko "$BATS_TEST_TMPDIR/x.folded" "$BATS_TEST_TMPDIR/y.folded" >"$BATS_TEST_TMPDIR/t.json"
	run gecko-fold --list "$BATS_TEST_TMPDIR/t.json"
	[ "${#lines[@]}" = 2 ]
	[[ "${lines[0]}" == *"x.folded"* ]]; [[ "${lines[1]}" == *"y.folded"* ]]
	fg-gecko --split-root "$BATS_TEST_TMPDIR/x.folded" "$BATS_TEST_TMPDIR/y.folded" >"$BATS_TEST_TMPDIR/s.json"
	run gecko-fold --list "$BATS_TEST_TMPDIR/s.json"
	[ "${#lines[@]}" = 3 ]
	[[ "${lines[0]}" == *"x.folded: a"* ]]; [[ "${lines[1]}" == *"x.folded: c"* ]]; [[ "${lines[2]}" == *"y.folded: a"* ]]
	run gecko-fold --no-header --thread 1 "$BATS_TEST_TMPDIR/s.json"
	[ "$output" = "c;d 2" ]
}

@test "fg-gecko: the unit is the samples' weight type, read back by gecko-fold" {
	needjs
	for u in bytes:bytes milliseconds:tracing-ms nanoseconds:tracing-ms; do
		printf '# fg: unit=%s\na;b 3000\n' "${u%%:*}" | fg-gecko >"$BATS_TEST_TMPDIR/u.json"
		[ "$(field "$BATS_TEST_TMPDIR/u.json" 'p.threads[0].samples.weightType')" = "\"${u#*:}\"" ]
	done
	printf '# fg: unit=nanoseconds\na;b 3000\n' | fg-gecko | gecko-fold >"$BATS_TEST_TMPDIR/out"
	printf '# fg: unit=milliseconds\na;b 0.003\n' | diff - "$BATS_TEST_TMPDIR/out"
	printf '# fg: unit=bytes\na;b 3000000000000\n' | fg-gecko | gecko-fold | grep -qx 'a;b 3000000000000'
	printf 'a;b 3\n' | fg-gecko >"$BATS_TEST_TMPDIR/u.json"
	[ "$(field "$BATS_TEST_TMPDIR/u.json" 'p.threads[0].samples.weightType')" = '"samples"' ]
	run bash -c "printf '# fg: unit=furlongs\na;b 3\n' | fg-gecko 2>&1 >/dev/null"
	[ "$output" = "fg-gecko: <stdin>: unit 'furlongs' is none the Firefox Profiler has: written as samples" ]
}

@test "fg-gecko: input in time order keeps its order, each sample at the sum of the weights before it" {
	needjs
	printf '# fg: unit=milliseconds\n# fg: order=time\na;b 3\na;c 2.5\na;b 1\n' | fg-gecko >"$BATS_TEST_TMPDIR/o.json"
	s='p.threads[0].samples'
	[ "$(field "$BATS_TEST_TMPDIR/o.json" "$s.stack.map((k) => p.shared.stringArray[p.shared.funcTable.name[p.shared.frameTable.func[p.shared.stackTable.frame[k]]]])")" = '["b","c","b"]' ]
	[ "$(field "$BATS_TEST_TMPDIR/o.json" "$s.time")" = '[0,3,5.5]' ]
	[ "$(field "$BATS_TEST_TMPDIR/o.json" "$s.weight")" = '[3,2.5,1]' ]
	# the stack table is a tree: b's stack written once, under a's
	[ "$(field "$BATS_TEST_TMPDIR/o.json" 'p.shared.stackTable')" = '{"frame":[0,1,2],"prefixOffset":[0,1,2],"length":3}' ]
}

@test "fg-gecko: hostile names make valid JSON with the same text" {
	printf '"q\\\\ \x01x at <a>.c:1;\xc3\xa9 1\n' >"$BATS_TEST_TMPDIR/in"
	fg-gecko "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/h.json"
	if command -v node >/dev/null; then run schema "$BATS_TEST_TMPDIR/h.json"; status_is 0; fi
	diff <(gecko-fold --no-header --full-path "$BATS_TEST_TMPDIR/h.json") <(fg-merge --no-header "$BATS_TEST_TMPDIR/in" | tr '\001' ' ')
}

@test "fg-gecko: two-count input is refused, nothing on stdout; no stacks a profile without samples" {
	printf 'a;b 1 2\n' >"$BATS_TEST_TMPDIR/d"
	run bash -c "fg-gecko $BATS_TEST_TMPDIR/d 2>&1 >$BATS_TEST_TMPDIR/out"
	status_is 1
	[[ "$output" == "fg-gecko: $BATS_TEST_TMPDIR/d:1: two counts on a line"* ]]
	[ ! -s "$BATS_TEST_TMPDIR/out" ]
	: >"$BATS_TEST_TMPDIR/e"
	run bash -c "fg-gecko $BATS_TEST_TMPDIR/e 2>&1 >$BATS_TEST_TMPDIR/out"
	status_is 0
	[ "$output" = "fg-gecko: no stacks: the profile has no samples" ]
	grep -q '"samples":{"stack":\[\],' "$BATS_TEST_TMPDIR/out"
}

@test "fg-gecko --help and --version" {
	run fg-gecko --help
	status_is 0
	[[ "$output" == "usage: fg-gecko "* ]]
	run fg-gecko --version
	status_is 0
	run fg-gecko --bogus
	status_is 2
}

# The Firefox Profiler's own code: its loading path and call tree, as
# its command-line client (@firefox-devtools/profiler-cli, fetched by
# scripts/fetch-checkers) bundles them, through tests/gecko-profiler.cjs.
needprofiler() {
	needjs
	[ -n "${FG_FIREFOX_PROFILER_NODE_PATH:-}" ] &&
	    [ -f "$FG_FIREFOX_PROFILER_NODE_PATH/@firefox-devtools/profiler-cli/dist/profiler-cli.js" ] ||
		absent "needs FG_FIREFOX_PROFILER_NODE_PATH naming a node_modules with @firefox-devtools/profiler-cli"
}

# profiler FILE: what the profiler's call tree shows of FILE
profiler() {
	node "$FG_ROOT/tests/gecko-profiler.cjs" "$1"
}

# names FILE: FILE's stacks with each label NAME at FILE[:LINE] its NAME
# (an annotated label kept whole), as the profiler's call tree names the
# funcs, merged
names() {
	grep -v '^#' "$1" | awk '{ c = $NF; sub(/ [^ ]+$/, ""); n = split($0, f, ";"); s = ""
		for (i = 1; i <= n; i++) { if (f[i] !~ /_\[.\]$/) sub(/ at [^ ]+$/, "", f[i]); s = s (i > 1 ? ";" : "") f[i] }
		print s, c }' | fg-merge --no-header
}

@test "fg-gecko: the Firefox Profiler's own code loads it, its call tree the input's stacks and total" {
	needprofiler
	fg-gecko "$DATA/folded/julia.folded" >"$BATS_TEST_TMPDIR/j.json"
	profiler "$BATS_TEST_TMPDIR/j.json" >"$BATS_TEST_TMPDIR/out"
	total=$(grep -v '^#' "$DATA/folded/julia.folded" | awk '{ s += $NF } END { print s }')
	n=$(grep -vc '^#' "$DATA/folded/julia.folded")
	grep -qx "# thread $DATA/folded/julia.folded weightType=samples samples=$n total=$total range=0..$total" "$BATS_TEST_TMPDIR/out"
	diff <(grep -v '^#' "$BATS_TEST_TMPDIR/out" | fg-merge --no-header) <(names "$DATA/folded/julia.folded")
	# hostile names, the same text; a thread per root
	printf '"q\\\\ \x01x at <a>.c:1;\xc3\xa9 1\nm at a.c:3;<b>&amp 2\n' >"$BATS_TEST_TMPDIR/h.folded"
	fg-gecko --split-root "$BATS_TEST_TMPDIR/h.folded" >"$BATS_TEST_TMPDIR/h.json"
	profiler "$BATS_TEST_TMPDIR/h.json" >"$BATS_TEST_TMPDIR/out"
	[ "$(grep -c '^# thread' "$BATS_TEST_TMPDIR/out")" = 2 ]
	grep -qxF "$(printf '# thread "q\\\\ \001x at <a>.c:1 weightType=samples samples=1 total=1 range=0..2')" "$BATS_TEST_TMPDIR/out"
	grep -qxF '# thread m at a.c:3 weightType=samples samples=1 total=2 range=0..2' "$BATS_TEST_TMPDIR/out"
	diff <(grep -v '^#' "$BATS_TEST_TMPDIR/out" | fg-merge --no-header) <(names "$BATS_TEST_TMPDIR/h.folded")
}

@test "fg-gecko: the Firefox Profiler's own code on perf-fold --lines of a real Rust recording: the same stacks" {
	needprofiler
	zcat "$DATA/perf/dwarf-rust-srcline.txt.gz" | perf-fold --lines >"$BATS_TEST_TMPDIR/r.folded"
	fg-gecko "$BATS_TEST_TMPDIR/r.folded" >"$BATS_TEST_TMPDIR/r.json"
	profiler "$BATS_TEST_TMPDIR/r.json" >"$BATS_TEST_TMPDIR/out"
	n=$(grep -vc '^#' "$BATS_TEST_TMPDIR/r.folded")
	grep -qF "# thread $BATS_TEST_TMPDIR/r.folded weightType=tracing-ms samples=$n total=336.336" "$BATS_TEST_TMPDIR/out"
	grep -q '_\[i\];' "$BATS_TEST_TMPDIR/out"
	diff <(grep -v '^#' "$BATS_TEST_TMPDIR/out" | sed 's/ [^ ]*$//' | sort -u) \
	    <(names "$BATS_TEST_TMPDIR/r.folded" | sed 's/ [^ ]*$//' | sort -u)
}

@test "fg-gecko: the Firefox Profiler's own code takes each unit's weight type and total" {
	needprofiler
	printf '# fg: unit=bytes\na;b 3000\na;c 5\n' | fg-gecko >"$BATS_TEST_TMPDIR/b.json"
	run profiler "$BATS_TEST_TMPDIR/b.json"
	status_is 0
	[ "${lines[0]}" = '# thread <stdin> weightType=bytes samples=2 total=3005 range=0..3005' ]
	printf '# fg: unit=nanoseconds\na;b 3000\na;c 5\n' | fg-gecko >"$BATS_TEST_TMPDIR/n.json"
	run profiler "$BATS_TEST_TMPDIR/n.json"
	status_is 0
	[ "${lines[0]}" = '# thread <stdin> weightType=tracing-ms samples=2 total=0.003005 range=0..0.003005' ]
	[ "${lines[1]}" = 'a;b 0.003' ]
	printf '# fg: unit=milliseconds\n# fg: order=time\na;b 3\na;c 2.5\na;b 1\n' | fg-gecko >"$BATS_TEST_TMPDIR/m.json"
	run profiler "$BATS_TEST_TMPDIR/m.json"
	status_is 0
	[ "$output" = "$(printf '# thread <stdin> weightType=tracing-ms samples=3 total=6.5 range=0..6.5\na;b 4\na;c 2.5')" ]
}

@test "fg-gecko: without stacks, a profile the Firefox Profiler's code loads, its range [0, 1] ms" {
	# without profilingEndTime the profiler's range is [Infinity, -Infinity]
	needjs
	: | fg-gecko 2>/dev/null >"$BATS_TEST_TMPDIR/e.json"
	[ "$(field "$BATS_TEST_TMPDIR/e.json" '[p.meta.profilingStartTime, p.meta.profilingEndTime]')" = '[0,1]' ]
	printf 'a 2\nb 3\n' | fg-gecko >"$BATS_TEST_TMPDIR/t.json"
	[ "$(field "$BATS_TEST_TMPDIR/t.json" '[p.meta.profilingStartTime, p.meta.profilingEndTime]')" = '[0,5]' ]
	needprofiler
	run profiler "$BATS_TEST_TMPDIR/e.json"
	status_is 0
	[ "$output" = '# thread <stdin> weightType=samples samples=0 total=0 range=0..1' ]
}

@test "fg-gecko: the Firefox Profiler checker fails on a profile the profiler refuses" {
	needprofiler
	fg-gecko "$DATA/folded/julia.folded" | sed 's/"preprocessedProfileVersion":70/"preprocessedProfileVersion":9999/' >"$BATS_TEST_TMPDIR/bad.json"
	run profiler "$BATS_TEST_TMPDIR/bad.json"
	status_is 1
	[[ "$output" == "gecko-profiler.cjs: $BATS_TEST_TMPDIR/bad.json: Error: Profile load failed: This profile is version 9999,"* ]]
}
