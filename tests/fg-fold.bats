#!/usr/bin/env bats
# fg-fold: each file's first bytes choose its folder, whose output
# (with its default options) is fg-fold's, byte for byte.

load helper

# same FILE FOLDER: fg-fold FILE writes what FOLDER FILE writes, and -v
# names FOLDER
same() {
	diff <(fg-fold "$1") <($2 "$1") || { echo "$1 is not folded as $2 folds it" >&2; return 1; }
	run bash -c "fg-fold -v '$1' 2>&1 >/dev/null"
	[[ "$output" == "fg-fold: $1: "*": $2" ]] || { echo "-v: $output" >&2; return 1; }
}

@test "fg-fold: every format fg reads, told by its first bytes" {
	same "$DATA/jlprof/profile_ttfp.jlprof" jlprof-fold
	same "$DATA/pprof/go-cpu.pb.gz" pprof-fold
	same "$DATA/pprof/alloc-profile.pb.gz" pprof-fold
	gzip -dc "$DATA/pprof/go-cpu.pb.gz" >"$BATS_TEST_TMPDIR/go-cpu.pb"
	same "$BATS_TEST_TMPDIR/go-cpu.pb" pprof-fold
	for f in perf-java-stacks-02 perf-vertx-stacks-01 perf-iperf-stacks-pidtid-01; do
		gzip -dc "$DATA/perf/$f.txt.gz" >"$BATS_TEST_TMPDIR/$f.txt"
		same "$BATS_TEST_TMPDIR/$f.txt" perf-fold
	done
	same "$DATA/cpuprofile/node-main.cpuprofile" cpuprofile-fold
	same "$DATA/cpuprofile/old-head.cpuprofile" cpuprofile-fold
	same "$DATA/cpuprofile/chrome-trace.json" cpuprofile-fold
	same "$DATA/cpuprofile/small-trace.json" cpuprofile-fold
	same "$DATA/speedscope/node-main.speedscope.json" speedscope-fold
	run fg-fold -v "$DATA/cpuprofile/chrome-trace.json"
	[[ "${lines[0]}" == "fg-fold: $DATA/cpuprofile/chrome-trace.json: a Chrome trace (Trace Event Format): cpuprofile-fold" ]]
}

@test "fg-fold: folded stacks pass through as they are" {
	printf '# fg: unit=bytes\nb;a 2\na 1\n' >"$BATS_TEST_TMPDIR/f.folded"
	run fg-fold -v "$BATS_TEST_TMPDIR/f.folded"
	status_is 0
	[ "$output" = "fg-fold: $BATS_TEST_TMPDIR/f.folded: folded stacks: passed through
# fg: unit=bytes
b;a 2
a 1" ]
	gzip -dc "$DATA/perf/perf-vertx-stacks-01-collapsed-all.txt.gz" >"$BATS_TEST_TMPDIR/c.folded"
	cmp <(fg-fold "$BATS_TEST_TMPDIR/c.folded") "$BATS_TEST_TMPDIR/c.folded"
	# an empty file is an empty profile
	: >"$BATS_TEST_TMPDIR/empty"
	run fg-fold "$BATS_TEST_TMPDIR/empty"
	status_is 0
	[ -z "$output" ]
}

@test "fg-fold: gzip-compressed text, pipes and standard input" {
	# perf script and folded stacks, compressed: decompressed for their folder
	diff <(fg-fold "$DATA/perf/perf-vertx-stacks-01.txt.gz") <(gzip -dc "$DATA/perf/perf-vertx-stacks-01.txt.gz" | perf-fold)
	diff <(fg-fold "$DATA/perf/perf-vertx-stacks-01-collapsed-all.txt.gz") <(gzip -dc "$DATA/perf/perf-vertx-stacks-01-collapsed-all.txt.gz")
	gzip -c "$DATA/cpuprofile/node-worker.cpuprofile" >"$BATS_TEST_TMPDIR/w.cpuprofile.gz"
	same "$BATS_TEST_TMPDIR/w.cpuprofile.gz" cpuprofile-fold
	# a pipe, standard input redirected from a file, and a named pipe
	diff <(cat "$DATA/jlprof/profile_ttfp.jlprof" | fg-fold) <(jlprof-fold "$DATA/jlprof/profile_ttfp.jlprof")
	diff <(fg-fold - <"$DATA/pprof/go-cpu.pb.gz") <(pprof-fold "$DATA/pprof/go-cpu.pb.gz")
	diff <(fg-fold <(cat "$DATA/speedscope/small-trace.speedscope.json")) \
	    <(speedscope-fold "$DATA/speedscope/small-trace.speedscope.json")
	# several files of one format are folded together
	diff <(fg-fold "$DATA/cpuprofile/node-main.cpuprofile" "$DATA/cpuprofile/node-worker.cpuprofile") \
	    <(cpuprofile-fold "$DATA/cpuprofile/node-main.cpuprofile" "$DATA/cpuprofile/node-worker.cpuprofile")
}

# refused FILE MESSAGE: fg-fold says "FILE: MESSAGE", exit 1, nothing on stdout
refused() {
	fails_with "fg-fold: $1: $2" fg-fold "$1"
}

@test "fg-fold: files of no format fg reads are named" {
	local t=$BATS_TEST_TMPDIR
	printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR' >"$t/x.png"
	refused "$t/x.png" "not a profile fg reads: a PNG image"
	printf 'PERFILE2\0\0\0\0' >"$t/perf.data"
	refused "$t/perf.data" "not a profile fg reads: a binary perf.data file: run 'perf script' first and fold its output"
	printf '{"version": 1, "items": []}' >"$t/x.json"
	refused "$t/x.json" "not a profile fg reads: JSON that is neither a .cpuprofile, a trace nor a speedscope file"
	printf '\0\1\2\3\377' >"$t/bin"
	refused "$t/bin" "not a profile fg reads: binary data"
	printf '%%PDF-1.4\n' >"$t/x.pdf"
	refused "$t/x.pdf" "not a profile fg reads: a PDF document"
	# an endless device or pipe is refused by its first bytes
	run timeout 10 fg-fold /dev/zero
	[ "$output" = "fg-fold: /dev/zero: not a profile fg reads: binary data" ]
	runsh "timeout 10 fg-fold </dev/zero"
	[ "$output" = "fg-fold: <stdin>: not a profile fg reads: binary data" ]
	# formats mixed on one command line
	run fg-fold "$DATA/jlprof/profile_ttfp.jlprof" "$DATA/cpuprofile/small.cpuprofile"
	status_is 1
	[ "$output" = "fg-fold: $DATA/cpuprofile/small.cpuprofile: a V8 CPU profile (.cpuprofile), but $DATA/jlprof/profile_ttfp.jlprof is another format: fold them apart, then fg-merge the stacks" ]
	# the folder's own errors, under fg-fold's name
	printf '{"nodes": [{"id": 1, "callFrame": {}}], "samples": [2]}' >"$t/bad.cpuprofile"
	run fg-fold "$t/bad.cpuprofile"
	status_is 1
	[ "$output" = "fg-fold: $t/bad.cpuprofile: byte $(grep -bo '2]' "$t/bad.cpuprofile" | cut -d: -f1): sample 2 names no node" ]
}

@test "fg-fold: usage errors exit 2" {
	run fg-fold --bogus
	status_is 2
	[ "${lines[1]}" = "Try 'fg-fold --help' for more information." ]
	run fg-fold - - </dev/null
	status_is 2
	run fg-fold --help
	status_is 0
	[[ "$output" == "usage: fg-fold "* ]]
}
