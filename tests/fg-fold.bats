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

# (one sample of each format, from the table: tests/formats.bats)
@test "fg-fold: more files of the formats fg reads, told by their first bytes" {
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

@test "fg-fold: perf script output without call stacks (perf record without -g) goes to perf-fold" {
	T=$BATS_TEST_TMPDIR
	printf '  dd 29776 666709.782078:   10101010 cpu-clock:      4005d0 main+0x20 (/usr/bin/prog)\n' >"$T/nog.txt"
	same "$T/nog.txt" perf-fold
	run fg-fold "$T/nog.txt"
	status_is 0
	[ "$output" = "$(printf '# fg: unit=nanoseconds\n# fg: countname=cpu-clock\n# fg: samples=1\n# fg: weight2=102030403020100\ndd;main 10101010')" ]
	# perf's own layouts: a padded command name, pid/tid and a cpu, an
	# event with modifiers, a frame of no symbol
	{
		printf '           sleep  8993  3212.385287:     250000 cpu-clock:ppp:      7fb48e32989e get_common_indices.constprop.0+0x9e (/usr/lib/ld-linux-x86-64.so.2)\n'
		printf 'V8 WorkerThread 25607/25608 [002] 4794564.109216:      34467 cpu-clock:ppp:  7f00 [unknown] (/tmp/perf-25607.map)\n'
	} >"$T/nog2.txt"
	same "$T/nog2.txt" perf-fold
	# the line's first: nothing but a name before it
	printf 'x 1 [000] 2.5: 1 cycles: 7f0000 f (/a)\n' >"$T/nog3.txt"
	same "$T/nog3.txt" perf-fold
}

@test "fg-fold: folded lines with colons, times and numbers stay folded" {
	T=$BATS_TEST_TMPDIR
	{
		# a perf event line as a frame, then its count (one or two)
		printf 'sleep 8993 3212.385287: 250000 cpu-clock: 7fb4 f (/lib/x.so) 5\n'
		printf 'a 1 1.0: b: 4005d0 c (d) 1 2\n'
		printf 'python 3.12: main (x.py:3) 7\n'
		printf 'app 12 [000] 1.5: cycles: main 3\n'
		printf 'java;Foo.bar:12;x (y) 2\n'
	} >"$T/f.folded"
	run fg-fold -v "$T/f.folded"
	status_is 0
	[ "${lines[0]}" = "fg-fold: $T/f.folded: folded stacks: passed through" ]
	cmp <(fg-fold "$T/f.folded") "$T/f.folded"
	# comment lines are never perf's here
	printf '# x 1 1.0: c: 4005d0 f (/a)\na;b 1\n' >"$T/g.folded"
	cmp <(fg-fold "$T/g.folded") "$T/g.folded"
}

@test "fg-fold: folded stacks whose first frame opens with { or [ are not JSON" {
	T=$BATS_TEST_TMPDIR
	for l in '{{closure}};main 3' '[0x1f];g 2' '[-1];x 4' '{"a";b 1' '[0 1 2' '{"k";x 1.5'; do
		printf '%s\nmain;f 1\n' "$l" >"$T/f.folded"
		run fg-fold -v "$T/f.folded"
		status_is 0
		[ "${lines[0]}" = "fg-fold: $T/f.folded: folded stacks: passed through" ]
		cmp <(fg-fold "$T/f.folded") "$T/f.folded"
	done
	# JSON whose first line is no folded line is still JSON
	printf '{"a": 1,\n"b": 2}\n' >"$T/j.json"
	run fg-fold "$T/j.json"
	status_is 1
	[[ $output == *"not a profile fg reads: JSON"* ]]
	printf '[\n{"ph": "X"}]\n' >"$T/t.json"
	run fg-fold -v "$T/t.json"
	[[ ${lines[0]} == *"a Chrome trace"*": cpuprofile-fold" ]]
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
	# counts as fg-folded(5) has them: "1.", blanks after, CR LF
	for l in 'a;b 1.' 'a;b 5  ' 'a;b 5	' 'a;b 7
' 'a;b 1 2 '; do
		printf "$l\nc 1\n" >"$BATS_TEST_TMPDIR/l.folded"
		cmp <(fg-fold "$BATS_TEST_TMPDIR/l.folded") "$BATS_TEST_TMPDIR/l.folded"
	done
	# comment lines alone: a folder's header of a profile without samples
	printf '# fg: unit=nanoseconds\n\n# fg: countname=cpu\n' >"$BATS_TEST_TMPDIR/h.folded"
	cmp <(fg-fold "$BATS_TEST_TMPDIR/h.folded") "$BATS_TEST_TMPDIR/h.folded"
}

@test "fg-fold: text that is no profile, or nothing, is not a profile fg knows, naming the closest format" {
	local t=$BATS_TEST_TMPDIR
	printf 'all: fg\n\tcc -o fg fg.c\n' >"$t/Makefile"
	fails_with "fg-fold: $t/Makefile: not a profile fg knows (fg-fold --list shows those it does)" fg-fold "$t/Makefile"
	# nothing: no format to go by
	: >"$t/empty"
	fails_with "fg-fold: $t/empty: not a profile fg knows: it is empty" fg-fold "$t/empty"
	printf '\n  \n\t\n' >"$t/blank"
	fails_with "fg-fold: $t/blank: not a profile fg knows: it is empty" fg-fold "$t/blank"
	runsh "fg-fold </dev/null"
	status_is 1
	[ "$output" = "fg-fold: <stdin>: not a profile fg knows: it is empty" ]
	runsh "printf '' | fg-fold"
	[ "$output" = "fg-fold: <stdin>: not a profile fg knows: it is empty" ]
	# a bomb of blanks fills the first MiB, all fg looks at: not known to be empty
	head -c 3000000 /dev/zero | tr '\0' ' ' | gzip -n >"$t/blanks.gz"
	fails_with "fg-fold: $t/blanks.gz: not a profile fg knows: only blanks in its first MiB, as far as fg looks" fg-fold "$t/blanks.gz"
	runsh "gzip -dc '$t/blanks.gz' | fg-fold"
	status_is 1
	[ "$output" = "fg-fold: <stdin>: not a profile fg knows: only blanks in its first MiB, as far as fg looks" ]
	# one byte short of the first MiB, with nothing after: empty
	runsh "head -c 1048575 /dev/zero | tr '\\0' ' ' | fg-fold"
	[ "$output" = "fg-fold: <stdin>: not a profile fg knows: it is empty" ]
	# folded stacks without their counts: the closest, and the line
	printf '# a header\nmain;f\nmain;g\n' >"$t/nocount"
	fails_with "fg-fold: $t/nocount: not a profile fg knows: the closest is folded stacks, but line 2 does not end in a blank and a count" fg-fold "$t/nocount"
	printf 'a title\nmain;f 3\n' >"$t/title"
	fails_with "fg-fold: $t/title: not a profile fg knows: the closest is folded stacks, but line 1 does not end in a blank and a count" fg-fold "$t/title"
	# perf script with no stack lines (-F without ip,sym)
	printf '# comment\napp 1234 100.000001: cpu-clock:\n\n' >"$t/nostack.perf"
	fails_with "fg-fold: $t/nostack.perf: not a profile fg knows: the closest is perf script output, but no stack line (an address, a symbol, its (dso)) follows the event of line 2" fg-fold "$t/nostack.perf"
	# compressed, the same
	gzip -c "$t/nocount" >"$t/nocount.gz"
	fails_with "fg-fold: $t/nocount.gz: not a profile fg knows: the closest is folded stacks, but line 2 does not end in a blank and a count" fg-fold "$t/nocount.gz"
	# -n says the same, and so does a pipe
	fails_with "fg-fold: $t/Makefile: not a profile fg knows (fg-fold --list shows those it does)" fg-fold -n "$t/Makefile"
	runsh "cat '$t/nocount' | fg-fold"
	[ "$output" = "fg-fold: <stdin>: not a profile fg knows: the closest is folded stacks, but line 2 does not end in a blank and a count" ]
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
	# (each refused format's sample: tests/formats.bats)
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
	run fg-fold - - <"$DATA/formats/folded"
	status_is 2
	[ "${lines[0]}" = "fg-fold: standard input named more than once" ]
	[ "${lines[1]}" = "Try 'fg-fold --help' for more information." ]
	run fg-fold --help
	status_is 0
	[[ "$output" == "usage: fg-fold "* ]]
	# an option fg-fold does not take goes to the folder, which refuses it
	run fg-fold --bogus "$DATA/formats/cpuprofile"
	status_is 2
	[ "$output" = "fg-fold: unrecognized option '--bogus'
Try 'fg-fold --help' for more information.
fg-fold: the options fg-fold does not take went to cpuprofile-fold, the folder of $DATA/formats/cpuprofile: see cpuprofile-fold --help" ]
	# folded stacks have no folder to take one
	run fg-fold --time "$DATA/formats/folded"
	status_is 2
	[ "${lines[0]}" = "fg-fold: --time: folded stacks are copied as they are: no folder takes options for them" ]
}

@test "fg-fold: a folder's own options pass through, before '--' and the files" {
	local c=$DATA/cpuprofile/node-main.cpuprofile
	cmp <(fg-fold --time "$c") <(cpuprofile-fold --time "$c")
	head -1 <(fg-fold --time "$c") | grep -qx '# fg: unit=microseconds'
	cmp <(fg-fold -t --by-thread "$c" -v 2>/dev/null) <(cpuprofile-fold -t --by-thread "$c")
	cmp <(fg-fold --sample-index=cpu "$DATA/pprof/go-cpu.pb.gz") <(pprof-fold -i cpu "$DATA/pprof/go-cpu.pb.gz")
	cmp <(fg-fold -isamples "$DATA/pprof/go-cpu.pb.gz") <(pprof-fold -i samples "$DATA/pprof/go-cpu.pb.gz")
	cmp <(fg-fold --pid "$DATA/formats/perf") <(perf-fold --pid "$DATA/formats/perf")
	# through standard input too
	cmp <(fg-fold --time <"$c") <(cpuprofile-fold --time "$c")
	# a value apart from its option is taken for a file: where it goes
	run fg-fold --sample-index cpu "$DATA/pprof/go-cpu.pb.gz"
	status_is 1
	[ "$output" = "fg-fold: cpu: No such file or directory (if it is the value of --sample-index, write --sample-index=cpu)" ]
	run fg-fold -i cpu "$DATA/pprof/go-cpu.pb.gz"
	[ "$output" = "fg-fold: cpu: No such file or directory (if it is the value of -i, write -icpu)" ]
	# a missing file after a file, or after --, is a missing file
	run fg-fold --time "$c" none.cpuprofile
	[ "$output" = "fg-fold: none.cpuprofile: No such file or directory" ]
	run fg-fold --time -- none.cpuprofile
	[ "$output" = "fg-fold: none.cpuprofile: No such file or directory" ]
	# files of two formats are refused, options or not
	run fg-fold --time "$c" "$DATA/formats/pprof"
	status_is 1
	[[ "$output" == *"is another format: fold them apart, then fg-merge the stacks" ]]
	# fg-fold's own options are its own, as spelled: -v, -n, --list
	run fg-fold -v --time "$c"
	status_is 0
	[ "${lines[0]}" = "fg-fold: $c: a V8 CPU profile (.cpuprofile): cpuprofile-fold" ]
}

@test "fg-fold: a file named as an option is a file, after '--' (to fg-fold and to its folder)" {
	cd "$BATS_TEST_TMPDIR"
	# perf script output named --no-process: folded as perf-fold folds it
	cp "$DATA/formats/perf" ./--no-process
	run fg-fold -- --no-process
	status_is 0
	[ "$output" = "$(perf-fold -- --no-process)" ]
	[[ "$(grep -v '^#' <<<"$output" | head -1)" == "app;"* ]]
	# a V8 profile named --help or -t: folded, not the folder's usage
	cp "$DATA/formats/cpuprofile" ./--help
	cp "$DATA/formats/cpuprofile" ./-t
	cmp <(fg-fold -- --help) <(cpuprofile-fold "$DATA/formats/cpuprofile")
	cmp <(fg-fold -- -t) <(cpuprofile-fold "$DATA/formats/cpuprofile")
	cmp <(fg-fold --time -- -t) <(cpuprofile-fold --time "$DATA/formats/cpuprofile")
	# and ./ before the name, as ever
	cmp <(fg-fold ./--help) <(cpuprofile-fold "$DATA/formats/cpuprofile")
}

@test "fg-fold -n: each file's format, folder, compression and name, one a line; nothing folded" {
	run fg-fold -n "$DATA/formats/cpuprofile" "$DATA/formats/pprof" "$DATA/pprof/go-cpu.pb.gz" \
	    "$DATA/formats/folded" "$DATA/formats/gzip"
	status_is 0
	[ "$output" = "cpuprofile	cpuprofile-fold	-	$DATA/formats/cpuprofile
pprof	pprof-fold	-	$DATA/formats/pprof
pprof	pprof-fold	gzip	$DATA/pprof/go-cpu.pb.gz
folded	-	-	$DATA/formats/folded
perf	perf-fold	gzip	$DATA/formats/gzip" ]
	run fg-fold --dry-run - <"$DATA/formats/jlprof"
	[ "$output" = "jlprof	jlprof-fold	-	-" ]
	# what fg-fold refuses, -n refuses
	run fg-fold -n "$DATA/formats/png"
	status_is 1
	[ "$output" = "fg-fold: $DATA/formats/png: not a profile fg reads: a PNG image" ]
}

@test "fg-fold: call trees and tables of other tools go to their folders" {
	same "$DATA/vtune/vtune.csv" vtune-fold
	same "$DATA/vsprof/CallTreeSummary.csv" vsprof-fold
	same "$DATA/ghc/fib-p.prof" ghcprof-fold
	same "$DATA/ghc/fib-pj.prof.gz" ghcprof-fold
	same "$DATA/ghc/utf8.prof" ghcprof-fold
	same "$DATA/callgrind/prog.callgrind.gz" callgrind-fold
	same "$DATA/callgrind/callgrind.multiple-event-types.log" callgrind-fold
	same "$DATA/instruments/time-16.0.txt" instruments-fold
	same "$DATA/instruments/allocations-7.3.1.txt" instruments-fold
	if command -v xz >/dev/null; then
		xz -dc "$DATA/instruments/basic.xml.xz" >"$BATS_TEST_TMPDIR/basic.xml"
		same "$BATS_TEST_TMPDIR/basic.xml" instruments-fold
	fi
	# a folded line that begins as their headers do stays folded stacks
	printf 'Function Stack,CPU Time:Self 3\nLevel,Function Name,Number of Calls,x 2\n' >"$BATS_TEST_TMPDIR/f.folded"
	run fg-fold -v "$BATS_TEST_TMPDIR/f.folded"
	[[ "${lines[0]}" == *": folded stacks: passed through" ]]
	tac "$BATS_TEST_TMPDIR/f.folded" >"$BATS_TEST_TMPDIR/g.folded"
	run fg-fold -v "$BATS_TEST_TMPDIR/g.folded"
	[[ "${lines[0]}" == *": folded stacks: passed through" ]]
}

@test "fg-fold --lines: the option goes to the folder, whose frames are then NAME at FILE:LINE" {
	gzip -dc "$DATA/perf/lines-c-srcline.txt.gz" >"$BATS_TEST_TMPDIR/p.txt"
	diff <(fg-fold --lines "$BATS_TEST_TMPDIR/p.txt") <(perf-fold --lines "$BATS_TEST_TMPDIR/p.txt")
	grep -q ';cmp at prog.c:27 ' <(fg-fold --lines "$BATS_TEST_TMPDIR/p.txt")
	diff <(fg-fold --lines "$DATA/callgrind/prog.callgrind.gz") <(callgrind-fold --lines "$DATA/callgrind/prog.callgrind.gz")
}
