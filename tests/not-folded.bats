#!/usr/bin/env bats
# The readers of folded stacks, given another format's file, say which
# format it looks like and which program reads it (lib/folded/formats.c),
# where they used to say "count missing" or "NUL byte in input".

load helper

progs=(fg-merge "fg-prune x" "fg-filter a" fg-svg fg-vega fg-png fg-pdf fg-html fg-top fg-jlprof)

# says FILE MESSAGE [all]: fg-merge and fg-top (with "all", every
# program) refuse FILE with "FILE: MESSAGE", exit 1, nothing on
# standard output; fg-svg from standard input too
says() {
	local p list=(fg-merge fg-top)
	[ "${3-}" = all ] && list=("${progs[@]}")
	for p in "${list[@]}"; do
		run bash -c "$p '$1' 2>/dev/null"
		status_is 1
		[ -z "$output" ] || { echo "$p: stdout: $output" >&2; return 1; }
		run $p "$1"
		[ "$output" = "${p%% *}: $1: $2" ] || { echo "$p: $output" >&2; return 1; }
	done
	runsh "fg-svg <'$1'"
	[ "$output" = "fg-svg: <stdin>: $2" ]
}

@test "not folded: V8 profiles, traces and speedscope files name their folder" {
	says "$DATA/cpuprofile/node-main.cpuprofile" \
	    "not folded stacks but a V8 CPU profile (.cpuprofile): read it with cpuprofile-fold (or fg-fold)" all
	says "$DATA/cpuprofile/old-head.cpuprofile" \
	    "not folded stacks but a V8 CPU profile (.cpuprofile): read it with cpuprofile-fold (or fg-fold)"
	says "$DATA/cpuprofile/chrome-trace.json" \
	    "not folded stacks but a Chrome trace (Trace Event Format): read it with cpuprofile-fold (or fg-fold)"
	says "$DATA/cpuprofile/small-trace.json" \
	    "not folded stacks but a Chrome trace (Trace Event Format): read it with cpuprofile-fold (or fg-fold)"
	says "$DATA/speedscope/threads.speedscope.json" \
	    "not folded stacks but a speedscope file: read it with speedscope-fold (or fg-fold)"
	printf '{"a": 1}\n' >"$BATS_TEST_TMPDIR/other.json"
	says "$BATS_TEST_TMPDIR/other.json" \
	    "not folded stacks but JSON of no profile format fg reads"
}

@test "not folded: .jlprof, pprof (raw and gzipped) and binary files" {
	says "$DATA/jlprof/profile_ttfp.jlprof" \
	    "not folded stacks but a Julia profile (.jlprof): read it with jlprof-fold (or fg-fold)" all
	says "$DATA/pprof/go-cpu.pb.gz" \
	    "not folded stacks but gzip-compressed data: read it with fg-fold (or pprof-fold for a pprof profile)"
	gzip -dc "$DATA/pprof/go-cpu.pb.gz" >"$BATS_TEST_TMPDIR/go-cpu.pb"
	says "$BATS_TEST_TMPDIR/go-cpu.pb" \
	    "not folded stacks but a pprof profile (profile.proto): read it with pprof-fold (or fg-fold)"
	printf 'PERFILE2\0\0\0\0' >"$BATS_TEST_TMPDIR/perf.data"
	says "$BATS_TEST_TMPDIR/perf.data" \
	    "not folded stacks but a binary perf.data file: run 'perf script' first and fold its output"
	printf '\x89PNG\r\n\x1a\n\0\0' >"$BATS_TEST_TMPDIR/x.png"
	says "$BATS_TEST_TMPDIR/x.png" "not folded stacks but a PNG image"
}

@test "not folded: perf script output names perf-fold, after perf's header comments too" {
	local f
	# dd's first line is an event line; vertx's output begins with
	# perf script --header's comment lines
	for f in perf-dd-stacks-01 perf-vertx-stacks-01 perf-java-stacks-01; do
		gzip -dc "$DATA/perf/$f.txt.gz" >"$BATS_TEST_TMPDIR/$f.txt"
		says "$BATS_TEST_TMPDIR/$f.txt" \
		    "not folded stacks but perf script output: read it with perf-fold (or fg-fold)"
	done
	says "$BATS_TEST_TMPDIR/perf-dd-stacks-01.txt" \
	    "not folded stacks but perf script output: read it with perf-fold (or fg-fold)" all
	# with CR LF line ends
	sed 's/$/\r/' "$BATS_TEST_TMPDIR/perf-vertx-stacks-01.txt" >"$BATS_TEST_TMPDIR/crlf.txt"
	says "$BATS_TEST_TMPDIR/crlf.txt" \
	    "not folded stacks but perf script output: read it with perf-fold (or fg-fold)"
	# perf record without -g: a frame on each event line
	printf '  dd 29776 666709.782078:   10101010 cpu-clock:      4005d0 main+0x20 (/usr/bin/prog)\n' >"$BATS_TEST_TMPDIR/nog.txt"
	says "$BATS_TEST_TMPDIR/nog.txt" \
	    "not folded stacks but perf script output: read it with perf-fold (or fg-fold)"
	# perf-fold's own errors at a first line name no program
	printf 'app 1 1.0: -5 cycles:\n\t  7f00 f (/a)\n\n' >"$BATS_TEST_TMPDIR/neg.perf"
	run perf-fold "$BATS_TEST_TMPDIR/neg.perf"
	status_is 1
	[ "$output" = "perf-fold: $BATS_TEST_TMPDIR/neg.perf:1: negative period" ]
}

@test "not folded: a bad line after folded comment lines keeps its own message" {
	# a folded header, then a bad line: no other format's bytes
	printf '# counts: samples\n#\nmain\n' >"$BATS_TEST_TMPDIR/f"
	run fg-svg "$BATS_TEST_TMPDIR/f"
	[ "$output" = "fg-svg: $BATS_TEST_TMPDIR/f:3: count missing" ]
	# a frame that begins with '#' is no comment: the bad line is not the first
	printf '#a;b 1\nx\n\t  7f00 f (/a)\n' >"$BATS_TEST_TMPDIR/f"
	run fg-svg "$BATS_TEST_TMPDIR/f"
	[ "$output" = "fg-svg: $BATS_TEST_TMPDIR/f:2: count missing" ]
	# a good folded line, then perf's: the line's message
	printf 'a;b 1\nxy 1 1.0: 1 cycles:\n\t  7f00 f (/a)\n' >"$BATS_TEST_TMPDIR/f"
	run fg-svg "$BATS_TEST_TMPDIR/f"
	[ "$output" = "fg-svg: $BATS_TEST_TMPDIR/f:2: count missing" ]
}

@test "not folded: a bad folded first line keeps its own message" {
	# frames that begin like JSON, and bytes of no known format
	printf '[unknown];a\n' >"$BATS_TEST_TMPDIR/f"
	run fg-svg "$BATS_TEST_TMPDIR/f"
	[ "$output" = "fg-svg: $BATS_TEST_TMPDIR/f:1: count missing" ]
	printf '{a};b 1 2 x\n' >"$BATS_TEST_TMPDIR/f"
	run fg-merge "$BATS_TEST_TMPDIR/f"
	[[ "$output" == "fg-merge: $BATS_TEST_TMPDIR/f:1: "* ]]
	printf 'a;b\0 1\n' >"$BATS_TEST_TMPDIR/f"
	run fg-svg "$BATS_TEST_TMPDIR/f"
	[ "$output" = "fg-svg: $BATS_TEST_TMPDIR/f:1: NUL byte in input" ]
	# and a good first line then another format's bytes: the line's message
	printf 'a;b 1\n{"nodes": []}\n' >"$BATS_TEST_TMPDIR/f"
	run fg-svg "$BATS_TEST_TMPDIR/f"
	[ "$output" = "fg-svg: $BATS_TEST_TMPDIR/f:2: count missing" ]
}
