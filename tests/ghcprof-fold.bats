#!/usr/bin/env bats
# ghcprof-fold: GHC's profiling reports (.prof, text and JSON) to folded stacks
#
# Fixtures ($DATA/ghc, see its README): reports recorded here with GHC
# 9.0.2 (+RTS -p, -P, -pj), inferno's test reports and its stacks of
# them, speedscope's JSON report and its snapshot's stacks.

load helper

G=$DATA/ghc

# inferno NAME: inferno's stacks, its zero counts left out, sorted
inferno() {
	gzip -dc "$G/inferno-$1.txt.gz" | tr -d '\r' | grep -v ' 0$' | fg-merge
}

@test "ghcprof-fold: inferno's stacks and counts by %time, ticks and bytes" {
	gzip -dc "$G/ticks.prof.gz" >"$BATS_TEST_TMPDIR/ticks.prof"
	for f in ticks utf8; do
		p=$G/$f.prof
		[ -f "$p" ] || p=$BATS_TEST_TMPDIR/$f.prof
		diff <(ghcprof-fold --no-header --time "$p") <(inferno "$f")
		diff <(ghcprof-fold --no-header --ticks "$p") <(inferno "${f}_ticks")
		diff <(ghcprof-fold --no-header --bytes "$p") <(inferno "${f}_bytes")
	done
	# names by their characters: the columns of the Chinese names line up
	run ghcprof-fold --no-header "$G/utf8.prof"
	[ "${lines[1]}" = "MAIN.MAIN;Lib.你好世界 19317" ]
}

@test "ghcprof-fold: a JSON report (+RTS -pj) folds to speedscope's stacks of it" {
	diff <(ghcprof-fold --no-header "$G/simple.prof.gz") "$G/simple-ticks.folded"
	run ghcprof-fold "$G/simple.prof.gz"
	[ "${lines[0]}" = "# fg: countname=ticks" ]
}

# jsonfold FILE FIELD: the JSON report folded by Python from its tree
jsonfold() {
	python3 - "$1" "$2" <<-'EOT'
	import gzip, json, sys
	d = json.load(gzip.open(sys.argv[1], "rt", encoding="utf-8"))
	names = {c["id"]: c["module"] + "." + c["label"] for c in d["cost_centres"]}
	out = {}
	def walk(n, path):
	    path = path + [names[n["id"]]]
	    if n[sys.argv[2]]:
	        k = ";".join(path)
	        out[k] = out.get(k, 0) + n[sys.argv[2]]
	    for c in n["children"]:
	        walk(c, path)
	sys.setrecursionlimit(100000)
	walk(d["profile"], [])
	for k, v in out.items():
	    print(k, v)
	EOT
}

@test "ghcprof-fold: JSON reports by ticks and bytes, as Python reads their tree" {
	command -v python3 >/dev/null || skip "needs python3"
	for f in simple fib-pj; do
		diff <(ghcprof-fold --no-header "$G/$f.prof.gz") <(jsonfold "$G/$f.prof.gz" ticks | fg-merge)
		diff <(ghcprof-fold --no-header --bytes "$G/$f.prof.gz") <(jsonfold "$G/$f.prof.gz" alloc | fg-merge)
	done
	run ghcprof-fold --bytes "$G/fib-pj.prof.gz"
	[ "${lines[0]}" = "# fg: unit=bytes" ]
	[ "${lines[1]}" = "# fg: countname=bytes allocated" ]
}

@test "ghcprof-fold: GHC 9's own reports: ticks where they are, else %time; the program's cost centres" {
	run ghcprof-fold "$G/fib-P.prof"
	status_is 0
	[ "${lines[0]}" = "# fg: countname=ticks" ]
	grep -Fxq 'MAIN.MAIN;Main.CAF;Main.main;Main.main.m;Main.wordFreq;Main.wordFreq.\ 172' <<<"$output"
	grep -Fxq 'MAIN.MAIN;Main.CAF;Main.main;Main.fib 8' <<<"$output"
	# the ticks add up to the report's total
	[ "$(grep -v '^#' <<<"$output" | awk '{ t += $NF } END { print t }')" = 782 ]
	run ghcprof-fold "$G/fib-p.prof"
	[ "${lines[0]}" = "# fg: countname=tenths of a percent of time" ]
	[ "$(grep -v '^#' <<<"$output" | awk '{ t += $NF } END { print t }')" = 1000 ]
	run ghcprof-fold --bytes "$G/fib-P.prof"
	[ "$(grep -v '^#' <<<"$output" | awk '{ t += $NF } END { print t }')" = 559872824 ]
	# the same run's three reports name the same cost centres
	diff <(ghcprof-fold --no-header "$G/fib-p.prof" | cut -d' ' -f1) \
	    <(ghcprof-fold --no-header --time "$G/fib-P.prof" | cut -d' ' -f1)
}

@test "ghcprof-fold: several files add up; reports that count differently are an error" {
	run ghcprof-fold --no-header "$G/fib-P.prof" "$G/fib-P.prof"
	status_is 0
	[ "$(awk '{ t += $NF } END { print t }' <<<"$output")" = 1564 ]
	fails_with "ghcprof-fold: $G/fib-p.prof: it counts %time, $G/fib-P.prof counts ticks: fold them apart, or give --ticks, --bytes or --time" \
	    ghcprof-fold "$G/fib-P.prof" "$G/fib-p.prof"
	run ghcprof-fold --time "$G/fib-P.prof" "$G/fib-p.prof"
	status_is 0
}

@test "ghcprof-fold: cost centre names with blanks, ';' and the SRC column's blanks" {
	cat >"$BATS_TEST_TMPDIR/b.prof" <<-'EOT'
	COST CENTRE  MODULE SRC                 no. entries  %time %alloc   %time %alloc  ticks bytes

	MAIN         MAIN   <built-in>           1       0    0.0    0.0   100.0  100.0      0    10
	 my label    Main   <no location info>   2       1   50.0    0.0    50.0    0.0      5     0
	  a;b        Main   A.hs:1:1-5           3       1   50.0    0.0    50.0    0.0      5     7
	EOT
	run ghcprof-fold --no-header "$BATS_TEST_TMPDIR/b.prof"
	status_is 0
	[ "$output" = 'MAIN.MAIN;Main.my label 5
MAIN.MAIN;Main.my label;Main.a:b 5' ]
	run ghcprof-fold --no-header --bytes "$BATS_TEST_TMPDIR/b.prof"
	[ "$output" = 'MAIN.MAIN 10
MAIN.MAIN;Main.my label;Main.a:b 7' ]
}

@test "ghcprof-fold: bad reports name the file and the line or byte, nothing on stdout" {
	local t=$BATS_TEST_TMPDIR
	printf 'not a report\n' >"$t/x.prof"
	fails_with "ghcprof-fold: $t/x.prof: no call tree (a line 'COST CENTRE MODULE ... no. entries ...'): is this a GHC profiling report (+RTS -p)?" ghcprof-fold "$t/x.prof"
	fails_with "ghcprof-fold: $G/fib-p.prof:17: no ticks column: the report of +RTS -p has none, +RTS -P's has" ghcprof-fold --ticks "$G/fib-p.prof"
	sed '20s/^ CAF /   CAF /' "$G/fib-P.prof" >"$t/skip.prof"
	fails_with "ghcprof-fold: $t/skip.prof:20: indented by 3 after 0: a level skipped" ghcprof-fold "$t/skip.prof"
	sed '21s/100.0  100.0    581/100.0  100.0    5x1/' "$G/fib-P.prof" >"$t/num.prof"
	fails_with "ghcprof-fold: $t/num.prof:21: bad ticks '5x1'" ghcprof-fold "$t/num.prof"
	sed '21s/ 74.3 / 74 /' "$G/fib-P.prof" >"$t/pct.prof"
	fails_with "ghcprof-fold: $t/pct.prof:21: bad %time '74'" ghcprof-fold --time "$t/pct.prof"
	sed '21s/Fib.hs.*//' "$G/fib-P.prof" >"$t/cut.prof"
	fails_with "ghcprof-fold: $t/cut.prof:21: 0 of the 8 numbers of a line" ghcprof-fold "$t/cut.prof"
	printf '{"cost_centres": [{"id": 1, "label": "a", "module": "M"}], "profile": {"id": 1, "children": [{"id": 2, "ticks": 1}]}}' >"$t/j.prof"
	fails_with "ghcprof-fold: $t/j.prof: byte $(grep -bo '{"id": 2' "$t/j.prof" | cut -d: -f1): a profile node names cost centre 2, which cost_centres has not" ghcprof-fold "$t/j.prof"
	printf '{"cost_centres": []}' >"$t/n.prof"
	fails_with "ghcprof-fold: $t/n.prof: byte 0: not a GHC JSON profile (+RTS -pj): no profile" ghcprof-fold "$t/n.prof"
	fails_with "ghcprof-fold: $G/fib-pj.prof.gz: byte 0: a JSON profile has no %time: give --ticks or --bytes" ghcprof-fold --time "$G/fib-pj.prof.gz"
	printf '{"cost_centres": [{"id": 1, "label": "a", "module": "M"}], "profile": {"id": 1, "ticks": 1, "children": [' >"$t/cut.json"
	run ghcprof-fold "$t/cut.json"
	status_is 1
	[[ "$output" == "ghcprof-fold: $t/cut.json: byte "* ]]
}

@test "ghcprof-fold: an empty file is no samples; --max-size bounds a file" {
	: >"$BATS_TEST_TMPDIR/empty"
	run ghcprof-fold "$BATS_TEST_TMPDIR/empty"
	status_is 0
	[ -z "$output" ]
	fails_with "ghcprof-fold: $G/fib-P.prof: input size exceeds 1024 bytes (--max-size)" ghcprof-fold --max-size 1k "$G/fib-P.prof"
	run ghcprof-fold --max-size 0 "$G/fib-P.prof"
	status_is 2
}
