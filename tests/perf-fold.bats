#!/usr/bin/env bats
# perf-fold: perf script text to folded stacks, as stackcollapse-perf.pl

load helper

P=""
setup() {
	P=$DATA/perf
}

# perf-fold's stacks: these tests read them without the "# fg:" header,
# which the tests of the unit header check (command perf-fold)
perf-fold() {
	command perf-fold --no-header "$@"
}

# perf-fold OPT on capture NAME equals the reference output, order aside,
# but for one departure: perf-fold writes no frame that ends in blanks
# (fg-folded(5)), where stackcollapse-perf.pl may ("write0;  3", a leaf
# that is one blank, in the Java captures).
same_as_reference() {
	local opt=$1 name=$2
	gzip -dc "$P/$name.txt.gz" | perf-fold --"$opt" 2>/dev/null | LC_ALL=C sort >"$BATS_TEST_TMPDIR/ours"
	gzip -dc "$P/$name-collapsed-$opt.txt.gz" | sed -E 's/[ \t]+;/;/g; s/[ \t]+( [0-9]+)$/\1/' |
	    LC_ALL=C sort >"$BATS_TEST_TMPDIR/theirs"
	if ! cmp -s "$BATS_TEST_TMPDIR/ours" "$BATS_TEST_TMPDIR/theirs"; then
		echo "perf-fold --$opt $name differs:" >&2
		diff "$BATS_TEST_TMPDIR/theirs" "$BATS_TEST_TMPDIR/ours" | head -5 >&2
		return 1
	fi
}

@test "perf-fold: every reference capture and option set equals stackcollapse-perf.pl" {
	n=0
	for f in "$P"/perf-*-[0-9]*.txt.gz "$P"/perf-rust-*.txt.gz; do
		name=$(basename "$f" .txt.gz)
		case "$name" in *-collapsed-*) continue ;; esac
		for opt in pid tid kernel jit all addrs; do
			same_as_reference "$opt" "$name"
			n=$((n + 1))
		done
	done
	[ "$n" -eq 78 ]
}

@test "perf-fold: output is one sorted line per stack" {
	gzip -dc "$P/perf-numa-stacks-01.txt.gz" | perf-fold >"$BATS_TEST_TMPDIR/out"
	LC_ALL=C sort -c "$BATS_TEST_TMPDIR/out"
	[ "$(cut -d' ' -f1 "$BATS_TEST_TMPDIR/out" | sort | uniq -d | wc -l)" -eq 0 ]
}

@test "perf-fold: process name, frames root first, offsets stripped, kernel annotated" {
	printf 'app 123 1.5: 1 cycles:\n\t  ffff81 do_sys+0x1f ([kernel.kallsyms])\n\t  4005d0 main+0x10 (/usr/bin/app)\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;main;do_sys 1" ]
	run perf-fold --kernel "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;main;do_sys_[k] 1" ]
	run perf-fold --all --pid --tid "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app-?/123;main;do_sys_[k] 1" ]
}

@test "perf-fold: [unknown] takes the module's name; --addrs keeps the address" {
	printf 'app 1/2 1.0: cycles:\n\t  7f00 [unknown] (/lib/libc.so.6)\n\t  7f01 [unknown] ([unknown])\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;[unknown];[libc.so.6] 1" ]
	run perf-fold --addrs "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;[unknown <7f01>];[libc.so.6 <7f00>] 1" ]
}

@test "perf-fold: JIT frames from /tmp/perf-PID.map get _[j] with --jit" {
	printf 'java 5 1.0: cycles:\n\t  7f Ljava/io/Foo;::bar (/tmp/perf-5.map)\n\t  7e LBar;::baz (/tmp/perf-5.map)\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold --jit "$BATS_TEST_TMPDIR/in"
	[ "$output" = "java;LBar:::baz_[j];java/io/Foo:::bar_[j] 1" ]
	run perf-fold "$BATS_TEST_TMPDIR/in"
	[ "$output" = "java;LBar:::baz;java/io/Foo:::bar 1" ]
}

@test "perf-fold: the period weights samples; --samples counts each once" {
	printf 'app 1 1.0: 250 cycles:\n\t  1 f (/a)\n\napp 1 2.0: 750 cycles:\n\t  1 f (/a)\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;f 1000" ]
	run perf-fold --period "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;f 1000" ]
	run perf-fold --samples "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;f 2" ]
}

@test "perf-fold: several events: the first is kept, with a warning; --event-filter chooses" {
	gzip -dc "$P/perf-cycles-instructions-01.txt.gz" >"$BATS_TEST_TMPDIR/in"
	run bash -c "perf-fold $BATS_TEST_TMPDIR/in 2>&1 >/dev/null"
	[[ "$output" == *"several event types: keeping only 'instructions'"* ]]
	perf-fold --event-filter cycles "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/cyc" 2>"$BATS_TEST_TMPDIR/err"
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
	perf-fold "$BATS_TEST_TMPDIR/in" 2>/dev/null >"$BATS_TEST_TMPDIR/ins"
	! cmp -s "$BATS_TEST_TMPDIR/cyc" "$BATS_TEST_TMPDIR/ins" || false
	[ -s "$BATS_TEST_TMPDIR/cyc" ]
}

@test "perf-fold --lines: the source line after each frame makes it NAME at FILE:LINE" {
	printf 'a.out 1 1.0: 1 cycles:\n\t  408ebb f+0x8b (/x/a.out)\n  uniform.h:300\n\t  4069f5 main+0x935 (/x/a.out)\n  file.cpp:137\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold --lines "$BATS_TEST_TMPDIR/in"
	[ "$output" = "a.out;main at file.cpp:137;f at uniform.h:300 1" ]
	# --srcline, its older name, is the same option
	run perf-fold --srcline "$BATS_TEST_TMPDIR/in"
	[ "$output" = "a.out;main at file.cpp:137;f at uniform.h:300 1" ]
}

@test "perf-fold --lines: a frame and its source lines split across reads keep together, inline chains too" {
	# the pause makes the frame and its source lines arrive in two reads
	{
		printf 'app 1 1.0: cycles:\n\t  1 alpha->beta (/x)\n'
		sleep 0.3
		printf '  f.c:1\n  g.c:2\n\t  2 main (/x)\n  m.c:3\n\n'
	} | perf-fold --lines >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "app;main at m.c:3;alpha at f.c:1;beta at g.c:2_[i] 1" ]
}

@test "perf-fold --lines: a frame without a source line keeps its own name, and the next frame its line" {
	# issue 49's reproducer: nosrc took caller's stack line as its source
	printf 'prog 1 1.0: 1 cpu-clock:\n\t1 leaf+0x1 (/bin/prog)\n  leaf.c:10\n\t2 nosrc+0x2 (/bin/prog)\n\t3 caller+0x3 (/bin/prog)\n  caller.c:20\n\n' |
	    perf-fold --lines >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "prog;caller at caller.c:20;nosrc;leaf at leaf.c:10 1" ]
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
	# the last frame of a sample without a source line, at the end of the file
	printf 'prog 1 1.0: 1 cpu-clock:\n\t1 leaf+0x1 (/bin/prog)\n  leaf.c:10\n\t3 main+0x3 (/bin/prog)' | perf-fold --lines >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "prog;main;leaf at leaf.c:10 1" ]
}

@test "perf-fold --lines: where perf knows no line (MODULE[ADDRESS], ??:0, :0) the frame has none" {
	printf 'app 1 1.0: 1 cycles:\n\t  ffffffff8226e079 _raw_spin_unlock+0x19 ([kernel.kallsyms])\n  [kernel.kallsyms][ffffffff8226e079]\n\t  3fbfb msort+0x29b (/lib/libc.so.6)\n  libc.so.6[3fbfb]\n\t  11 g+0x1 (/x/app)\n  ??:0\n\t  10 h+0x1 (/x/app)\n  :0\n\t  12 main+0x3 (/x/app)\n  app.c:0\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold --lines --kernel "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 0 ]
	# line 0: the file alone, as pprof-fold names it
	[ "$output" = "app;main at app.c;h;g;msort;_raw_spin_unlock_[k] 1" ]
}

@test "perf-fold --lines: frames perf marks (inlined) are annotated _[i] after their line" {
	# perf prints an inlined frame without its module, and marks it on
	# its source line, or without one, in the module's place
	printf 'app 1 1.0: 1 cycles:\n\t  132c inl\n  prog.c:12 (inlined)\n\t  132c mid+0x2c (/x/app)\n  prog.c:40\n\t  200 helper (inlined)\n\t  200 main+0x5 (/x/app)\n  prog.c:58\n\n' >"$BATS_TEST_TMPDIR/in"
	perf-fold --lines "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "app;main at prog.c:58;helper_[i];mid at prog.c:40;inl at prog.c:12_[i] 1" ]
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
	# a line without a module that no "(inlined)" source line follows is
	# no frame: said with its own line number
	printf 'app 1 1.0: 1 cycles:\n\t  132c nomodule\n  prog.c:12\n\t  1 main+0x2c (/x/app)\n  prog.c:40\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold --lines "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "perf-fold: $BATS_TEST_TMPDIR/in:2: cannot read this line: \\x09  132c nomodule" ]
	[ "${lines[1]}" = "app;main at prog.c:40 1" ]
	run perf-fold --lines --strict "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
}

@test "perf-fold --lines: a source line with no frame before it cannot be read" {
	printf 'app 1 1.0: 1 cycles:\n  lost.c:1\n\t  1 f+0x1 (/x/app)\n  f.c:2\n  again.c:3\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold --lines "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "perf-fold: $BATS_TEST_TMPDIR/in:2: cannot read this line:   lost.c:1" ]
	[ "${lines[1]}" = "perf-fold: $BATS_TEST_TMPDIR/in:5: cannot read this line:   again.c:3" ]
	[ "${lines[2]}" = "app;f at f.c:2 1" ]
	run perf-fold --lines --strict "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[[ "$output" == *"stopping: --strict and 2 unreadable lines"* ]]
}

@test "perf-fold: without --lines, perf script -F+srcline's source lines are unreadable, said so, never frames" {
	printf 'app 1 1.0: 1 cycles:\n\t  132c inl (inlined)\n  prog.c:12 (inlined)\n\t  1 main+0x2c (/x/app)\n  prog.c:40\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "${lines[0]}" = "perf-fold: $BATS_TEST_TMPDIR/in:3: cannot read this line (a source line: --lines reads them):   prog.c:12 (inlined)" ]
	[ "${lines[1]}" = "perf-fold: $BATS_TEST_TMPDIR/in:5: cannot read this line (a source line: --lines reads them):   prog.c:40" ]
	[ "${lines[2]}" = "app;main;inl 1" ]
	run perf-fold --strict "$BATS_TEST_TMPDIR/in"
	status_is 1
}

@test "perf-fold --lines: a recording without -g, its frame on the event line, its source line below" {
	printf 'app 1 1.0: 1 cycles: 11eb leaf+0x2b (/x/app)\n  app.c:16\napp 1 1.1: 1 cycles: 11ec leaf+0x2c (/x/app)\napp 1 1.2: 1 cycles: 11ed leaf+0x2d (/x/app)\n  app.c:17\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold --lines "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'app;leaf 1\napp;leaf at app.c:16 1\napp;leaf at app.c:17 1')" ]
	# and in the order sampled
	run perf-fold --lines --time-order "$BATS_TEST_TMPDIR/in"
	[ "$output" = "$(printf 'app;leaf at app.c:16 1\napp;leaf 1\napp;leaf at app.c:17 1')" ]
}

@test "perf-fold --lines: --skip-after names the function, a ';' in a file name becomes ':'" {
	printf 'app 1 1.0: 1 cycles:\n\t  1 leaf+0x1 (/x/app)\n  a;b.c:3\n\t  2 handler+0x2 (/x/app)\n  h.c:9\n\t  3 main+0x3 (/x/app)\n  m.c:1\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold --lines --skip-after handler "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;handler at h.c:9;leaf at a:b.c:3 1" ]
}

@test "perf-fold --lines: a real recording's stacks are perf script's frames, one for one, each with its line" {
	# lines-c.c.txt built cc -O2 -g -fno-omit-frame-pointer, perf record -g
	# (tests/data/perf/README.md); the frames of each sample as perf
	# printed them, read by awk: a tab-led line, and the next line's
	# FILE:LINE when it has one, " (inlined)" after it an inlined frame
	local f
	# (FILE alone for a line 0; none for "??:0", ":0" or MODULE[ADDRESS])
	for f in lines-c-srcline lines-c-dwarf-srcline dwarf-rust-srcline; do
		gzip -dc "$P/$f.txt.gz" >"$BATS_TEST_TMPDIR/in"
		awk '
		function flush() { if (n) { s = comm; for (i = n; i >= 1; i--) s = s ";" f[i]; c[s] += w } n = 0 }
		/^\t/ { sub(/^\t */, ""); sub(/^[0-9a-f]+ /, ""); sub(/ \(.*\)$/, ""); sub(/\+0x[0-9a-f]+$/, ""); f[++n] = $0; src++; next }
		/^  [^ ]/ { inl = sub(/ \(inlined\)$/, ""); ninl += inl; sub(/^  /, "")
			if ($0 ~ /:[0-9]+$/ && $0 !~ /^(\?\?)?:/) { sub(/:0$/, ""); f[n] = f[n] " at " $0; at++ }
			if (inl) f[n] = f[n] "_[i]"
			next }
		/^$/ { flush(); next }
		{ flush(); comm = $1; w = $(NF-1) }
		END { flush(); for (s in c) print s, c[s]; print src, at, ninl >"/dev/stderr" }' "$BATS_TEST_TMPDIR/in" 2>"$BATS_TEST_TMPDIR/$f.counts" |
		    LC_ALL=C sort >"$BATS_TEST_TMPDIR/theirs"
		perf-fold --lines "$BATS_TEST_TMPDIR/in" 2>"$BATS_TEST_TMPDIR/err" | LC_ALL=C sort >"$BATS_TEST_TMPDIR/ours"
		[ ! -s "$BATS_TEST_TMPDIR/err" ]
		diff "$BATS_TEST_TMPDIR/theirs" "$BATS_TEST_TMPDIR/ours"
	done
	# captures worth the name: with frame pointers 829 frames, 797 of them
	# with a line; under --call-graph dwarf, 4528 inlined frames
	read -r frames at inl <"$BATS_TEST_TMPDIR/lines-c-srcline.counts"
	[ "$frames" -gt 800 ]
	[ "$at" -gt 700 ]
	[ "$at" -lt "$frames" ]
	read -r frames at inl <"$BATS_TEST_TMPDIR/lines-c-dwarf-srcline.counts"
	[ "$inl" -gt 4000 ]
	[ "$frames" -gt "$at" ]
	# and a Rust program's: generic names, 5015 inlined frames
	read -r frames at inl <"$BATS_TEST_TMPDIR/dwarf-rust-srcline.counts"
	[ "$inl" -gt 5000 ]
	gzip -dc "$P/lines-c-srcline.txt.gz" | perf-fold --lines | LC_ALL=C sort >"$BATS_TEST_TMPDIR/ours"
	# without their lines, the stacks of the same recording's perf script
	gzip -dc "$P/lines-c.txt.gz" | perf-fold | LC_ALL=C sort >"$BATS_TEST_TMPDIR/plain"
	sed 's/ at [^;]*\(;\| [0-9]*$\)/\1/g' "$BATS_TEST_TMPDIR/ours" | fg-merge --no-header | LC_ALL=C sort >"$BATS_TEST_TMPDIR/stripped"
	diff "$BATS_TEST_TMPDIR/plain" "$BATS_TEST_TMPDIR/stripped"
}

@test "perf-fold --lines: a large file read in two threads gives the stacks of its parts" {
	local i
	# three copies of the dwarf recording (400 KB each): past 1 MiB
	for i in 1 2 3; do gzip -dc "$P/lines-c-dwarf-srcline.txt.gz"; done >"$BATS_TEST_TMPDIR/big"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/big")" -gt 1048576 ]
	perf-fold --lines "$BATS_TEST_TMPDIR/big" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err"
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
	diff "$BATS_TEST_TMPDIR/out" <(gzip -dc "$P/lines-c-dwarf-srcline.txt.gz" | perf-fold --lines | awk '{ $NF = sprintf("%.0f", 3 * $NF) } 1')
}

@test "perf-fold --lines: each line's share of its function's own samples is perf annotate's, to its rounding" {
	# lines-c-annotate.txt: FUNC FILE:LINE PERCENT, perf annotate --stdio -l's
	# summary of each function's source lines (README.md)
	gzip -dc "$P/lines-c-srcline.txt.gz" | perf-fold --lines --samples >"$BATS_TEST_TMPDIR/lines"
	fg-top --by frame -n 0 --format tsv "$BATS_TEST_TMPDIR/lines" |
	    awk -F'\t' 'NR > 1 && (i = index($6, " at ")) { print substr($6, 1, i - 1), substr($6, i + 4), $1 }' >"$BATS_TEST_TMPDIR/self"
	[ "$(wc -l <"$P/lines-c-annotate.txt")" -ge 7 ]
	awk 'NR == FNR { own[$1] += $3; n[$1 " " $2] = $3; next }
		{ if (!(($1 " " $2) in n)) { print "no line", $0; bad++; next }
		  p = 100 * n[$1 " " $2] / own[$1]; d = p - $3
		  if (d > 0.005 || d < -0.005) { print $0, "ours", p; bad++ } }
		END { exit bad }' "$BATS_TEST_TMPDIR/self" "$P/lines-c-annotate.txt"
}

@test "perf-fold --lines: NAME@FILE patterns and fg-diff --strip-lines read its frames" {
	gzip -dc "$P/lines-c-srcline.txt.gz" | perf-fold --lines >"$BATS_TEST_TMPDIR/lines"
	# cmp@lines-c.c would need a file of that name: the recording's is prog.c
	fg-filter --only --no-header 'cmp@prog.c' "$BATS_TEST_TMPDIR/lines" >"$BATS_TEST_TMPDIR/cmp"
	[ -s "$BATS_TEST_TMPDIR/cmp" ]
	! grep -v ';cmp at prog.c:' "$BATS_TEST_TMPDIR/cmp" || false
	run fg-filter --only --no-header 'cmp@other.c' "$BATS_TEST_TMPDIR/lines"
	[ "$status" -eq 1 ]
	[ "$output" = "fg-filter: no stack matches" ]
	# every line moved (a new build): --strip-lines matches each frame still
	sed -E 's/ at ([^;:]*):[0-9]+/ at \1:1/g' "$BATS_TEST_TMPDIR/lines" >"$BATS_TEST_TMPDIR/moved"
	fg-diff --no-header --strip-lines "$BATS_TEST_TMPDIR/lines" "$BATS_TEST_TMPDIR/moved" >"$BATS_TEST_TMPDIR/diff"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/diff")" -gt 10 ]
	awk '$(NF-1) != $NF { bad++ } END { exit bad }' "$BATS_TEST_TMPDIR/diff"
	fg-diff --no-header "$BATS_TEST_TMPDIR/lines" "$BATS_TEST_TMPDIR/moved" >"$BATS_TEST_TMPDIR/diff"
	awk '$(NF-1) == 0 { added++ } END { exit !added }' "$BATS_TEST_TMPDIR/diff"
}

@test "perf-fold --skip-after: the callers of FUNC are dropped" {
	printf 'app 1 1.0: cycles:\n\t  1 leaf (/a)\n\t  2 handler (/a)\n\t  3 dispatch (/a)\n\t  4 main (/a)\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold --skip-after handler "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;handler;leaf 1" ]
	run perf-fold --no-process "$BATS_TEST_TMPDIR/in"
	[ "$output" = "main;dispatch;handler;leaf 1" ]
	run perf-fold --no-process --process "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;main;dispatch;handler;leaf 1" ]
	# FUNC is the name perf printed, not the one guarded from reading
	# as a count
	printf 'app 1 1.0: cycles:\n\t  1 leaf (/a)\n\t  2 worker 12 (/a)\n\t  3 main (/a)\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold --skip-after 'worker 12' "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;worker_12;leaf 1" ]
	run perf-fold --skip-after 'worker_12' "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;main;worker_12;leaf 1" ]
}

@test "perf-fold: a last sample without a blank line is counted" {
	printf 'app 1 1.0: cycles:\n\t  1 f (/a)' | perf-fold >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "app;f 1" ]
}

@test "perf-fold: unreadable lines are reported with their number; --strict fails" {
	printf 'app 1 1.0: cycles:\n\t  1 f (/a)\n\t  ???\n\n' >"$BATS_TEST_TMPDIR/in"
	run bash -c "perf-fold --no-header $BATS_TEST_TMPDIR/in 2>$BATS_TEST_TMPDIR/err"
	status_is 0
	[ "$output" = "app;f 1" ]
	grep -q "perf-fold: $BATS_TEST_TMPDIR/in:3: cannot read this line" "$BATS_TEST_TMPDIR/err"
	run perf-fold --strict "$BATS_TEST_TMPDIR/in"
	status_is 1
	[[ "$output" == *"stopping: --strict and 1 unreadable lines"* ]]
}

@test "perf-fold: many unreadable lines: the first few, then a count" {
	{ printf 'app 1 1.0: cycles:\n\t  1 f (/a)\n'; for i in $(seq 1 20); do echo '  ???'; done; echo; } >"$BATS_TEST_TMPDIR/in"
	run bash -c "perf-fold $BATS_TEST_TMPDIR/in 2>&1 >/dev/null"
	[ "$(echo "$output" | grep -c 'cannot read')" -eq 5 ]
	[[ "$output" == *"20 lines in all could not be read"* ]]
}

@test "perf-fold: input with lines but no sample at all is an error" {
	printf 'hello\nworld\n' >"$BATS_TEST_TMPDIR/hello.txt"
	run perf-fold "$BATS_TEST_TMPDIR/hello.txt"
	status_is 1
	[[ "$output" == *"no samples found: is this 'perf script' output?"* ]]
	# a file of another format is named, and the program that reads it
	run perf-fold "$DATA/folded/julia.folded"
	status_is 1
	[ "$output" = "perf-fold: $DATA/folded/julia.folded: not perf script output but folded stacks, which need no folding" ]
	run perf-fold "$DATA/cpuprofile/node-main.cpuprofile"
	[ "$output" = "perf-fold: $DATA/cpuprofile/node-main.cpuprofile: not perf script output but a V8 CPU profile (.cpuprofile): read it with cpuprofile-fold (or fg-fold)" ]
	# empty input is not (fg(7)): nothing printed, exit 0
	run perf-fold /dev/null
	status_is 0
	[ -z "$output" ]
}

@test "perf-fold: NUL bytes, missing files, usage" {
	runsh "printf 'app 1 1.0: cycles:\n\0\n' | perf-fold"
	status_is 1
	[[ "$output" == *"perf-fold: <stdin>:2: NUL byte in input"* ]]
	run perf-fold "$BATS_TEST_TMPDIR/nope"
	status_is 1
	run perf-fold --inline x
	status_is 2
	[[ "$output" == *"not supported"* ]]
	run perf-fold --bogus
	status_is 2
	run perf-fold --help
	status_is 0
	[[ "$output" == *"--skip-after"* ]]
	run perf-fold --version
	[[ "$output" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "perf-fold: several files and stdin add up" {
	printf 'app 1 1.0: cycles:\n\t  1 f (/a)\n\n' >"$BATS_TEST_TMPDIR/in"
	runsh "cat $BATS_TEST_TMPDIR/in | perf-fold --no-header $BATS_TEST_TMPDIR/in - $BATS_TEST_TMPDIR/in"
	[ "$output" = "app;f 3" ]
}

@test "perf-fold: a period past 2^64 - 1 is an error with its line, not wrapped" {
	printf 'app 1 1.0: 18446744073709551615 cycles:\n\t  1 f (/a)\n\n' >"$BATS_TEST_TMPDIR/max"
	run perf-fold "$BATS_TEST_TMPDIR/max"
	status_is 0
	[ "$output" = "app;f 18446744073709551615" ]
	printf 'app 1 1.0: 1 cycles:\n\t  1 f (/a)\n\napp 1 1.0: 99999999999999999999999 cycles:\n\t  1 f (/a)\n\n' \
	    >"$BATS_TEST_TMPDIR/big"
	run perf-fold "$BATS_TEST_TMPDIR/big"
	status_is 1
	[ "$output" = "perf-fold: $BATS_TEST_TMPDIR/big:4: period overflows" ]
}

@test "perf-fold: a negative period is an error, not a count of 1" {
	printf 'app 1 1.0: -5 cycles:\n\t  1 f (/a)\n\n' >"$BATS_TEST_TMPDIR/neg"
	run perf-fold "$BATS_TEST_TMPDIR/neg"
	status_is 1
	[ "$output" = "perf-fold: $BATS_TEST_TMPDIR/neg:1: negative period" ]
}

# A file of more than 1 MiB is read in two halves by two threads: what
# it prints and warns must be what reading it in order (from a pipe) gives.
@test "perf-fold: a large file read in two threads, warnings in order" {
	awk 'BEGIN {
		for (i = 0; i < 12000; i++) {
			ev = (i == 9000) ? "instructions" : "cycles"
			printf "app %d/%d [000] 1.%06d: %d %s:\n", 10 + i % 3, 20 + i % 5, i, 100 + i % 9, ev
			printf "\t  4%05x worker::step%d(int)+0x1%x (/usr/bin/app)\n", i, i % 17, i % 255
			if (i == 50 || i == 7000 || i == 11000) print "garbage here"
			printf "\t  4%05x main+0x%x (/usr/bin/app)\n\n", i, i % 99
		}
	}' >"$BATS_TEST_TMPDIR/in"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/in")" -gt 1048576 ]
	perf-fold --tid <"$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/one" 2>"$BATS_TEST_TMPDIR/one.err"
	perf-fold --tid "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/two" 2>"$BATS_TEST_TMPDIR/two.err"
	cmp "$BATS_TEST_TMPDIR/one" "$BATS_TEST_TMPDIR/two"
	sed "s|$BATS_TEST_TMPDIR/in|<stdin>|" "$BATS_TEST_TMPDIR/two.err" | cmp - "$BATS_TEST_TMPDIR/one.err"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/one.err")" -eq 4 ]
	# sample 7000 starts at line 7000 * 4 + 1 (one garbage line before): its third line
	grep -q ':28004: cannot read this line: garbage here' "$BATS_TEST_TMPDIR/one.err"
	# without a second thread, the same: the second half read after the first
	nothreads
	LD_PRELOAD=$NOTHREADS perf-fold --tid "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/three" 2>"$BATS_TEST_TMPDIR/three.err"
	[ -e "$NOTHREADS.called" ]
	cmp "$BATS_TEST_TMPDIR/one" "$BATS_TEST_TMPDIR/three"
	cmp "$BATS_TEST_TMPDIR/two.err" "$BATS_TEST_TMPDIR/three.err"
}

@test "perf-fold: --jit marks frames of perf inject's jitted-PID-N.so too, as inferno does" {
	{
		printf 'python3 1234 100.0: 1 cycles:\n'
		printf '\t  7f10 py::work:/app/x.py (/home/u/.debug/jit/python-jit-x/jitted-1234-7.so)\n'
		printf '\t  7f00 py::main:/app/x.py (/tmp/jitted-1234-1.so)\n'
		printf '\t  55aa _PyEval_EvalFrameDefault (/usr/bin/python3.13)\n\n'
		# not perf inject's: no -N, another name, more after .so
		printf 'python3 1234 101.0: 1 cycles:\n'
		printf '\t  7f20 a (/tmp/jitted-1234.so)\n\t  7f21 b (/tmp/xjitted-1-2.so)\n'
		printf '\t  7f22 c (/tmp/jitted-1-2.so.1)\n\t  7f23 d (/tmp/jitted--2.so)\n\n'
	} >"$BATS_TEST_TMPDIR/in"
	run perf-fold --jit "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "python3;_PyEval_EvalFrameDefault;py::main:/app/x.py_[j];py::work:/app/x.py_[j] 1
python3;d;c;b;a 1" ]
	run perf-fold "$BATS_TEST_TMPDIR/in"
	[ "${lines[0]}" = "python3;_PyEval_EvalFrameDefault;py::main:/app/x.py;py::work:/app/x.py 1" ]
}

@test "perf-fold: perf record without -g, one sample a line, reads as comm;sym (as inferno)" {
	T=$BATS_TEST_TMPDIR
	# perf script's own layout: the command name padded to 16 columns
	{
		printf '           sleep  8993  3212.385287:     250000 cpu-clock:ppp:      7fb48e32989e get_common_indices.constprop.0+0x9e (/usr/lib/ld-linux-x86-64.so.2)\n'
		printf '           sleep  8993  3212.386040:     250000 cpu-clock:ppp:  ffffffff816caf85 may_open+0x25 ([kernel.kallsyms])\n'
		printf 'V8 WorkerThread 25607/25608 [002] 4794564.109216:      34467 cycles:u:  7f00 [unknown] (/tmp/perf-25607.map)\n'
		printf '           sleep  8993  3212.386294:     250000 cpu-clock:ppp:  ffffffff816caf85 may_open+0x25 ([kernel.kallsyms])\n'
	} >"$T/nog.perf"
	run perf-fold --samples "$T/nog.perf"
	status_is 0
	[ "${lines[0]}" = "perf-fold: several event types: keeping only 'cpu-clock:ppp' (see --event-filter)" ]
	[ "${lines[1]}" = "sleep;get_common_indices.constprop.0 1" ]
	[ "${lines[2]}" = "sleep;may_open 2" ]
	[ "${#lines[@]}" -eq 3 ]
	# weighted by period, as with -g
	run perf-fold --event-filter cpu-clock:ppp "$T/nog.perf"
	[ "$output" = "$(printf '%s\n' 'sleep;get_common_indices.constprop.0 250000' 'sleep;may_open 500000')" ]
	run perf-fold --event-filter cycles:u "$T/nog.perf"
	[ "$output" = "V8_WorkerThread;[perf-25607.map] 34467" ]
	run perf-fold --event-filter cpu-clock:ppp --kernel --samples "$T/nog.perf"
	[[ "$output" == *"sleep;may_open_[k] 2"* ]]
}

@test "perf-fold: perf record without -g, a real recording (when perf works here)" {
	command -v perf >/dev/null || skip "perf is not installed"
	T=$BATS_TEST_TMPDIR
	perf record -o "$T/x.data" -- sh -c 'i=0; while [ $i -lt 20000 ]; do i=$((i + 1)); done' \
		>/dev/null 2>&1 || skip "perf record does not work here"
	perf script -i "$T/x.data" >"$T/x.perf" 2>/dev/null || skip "perf script does not work here"
	n=$(grep -c . "$T/x.perf")
	[ "$n" -gt 0 ] || skip "no samples recorded"
	run perf-fold --samples --event-filter "$(sed -n '1s/.*[0-9] \([^ ]*\): .*/\1/p' "$T/x.perf")" "$T/x.perf"
	status_is 0
	# every sample line is one sample: the counts add up to the lines
	[ "$(echo "$output" | awk '{ s += $NF } END { print s }')" -eq "$n" ]
}

@test "perf-fold: stack lines before any event line are said, an error with --strict" {
	T=$BATS_TEST_TMPDIR
	printf '\t7f00 cut_off (/bin/x)\n\t7f01 main (/bin/x)\n\nprog 12 1.0: cycles:\n\t7f02 f (/bin/x)\n' >"$T/cut.perf"
	run perf-fold "$T/cut.perf"
	status_is 0
	[ "${lines[0]}" = "perf-fold: $T/cut.perf:1: a stack line before any event line (is the start of the file cut off?): its sample is dropped" ]
	[ "${lines[1]}" = "prog;f 1" ]
	[ "${#lines[@]}" -eq 2 ]
	run perf-fold --strict "$T/cut.perf"
	status_is 1
	[ "${lines[0]}" = "perf-fold: $T/cut.perf:1: a stack line before any event line (is the start of the file cut off?): its sample is dropped" ]
}

@test "perf-fold: stack lines after a blank line, with no event line, are said, an error with --strict" {
	T=$BATS_TEST_TMPDIR
	printf 'xy 1 [000] 1.0: 1 cycles:\n\t4005d0 main (/x)\n\n\t4005d1 orphan (/x)\n\t4005d2 main (/x)\n\n' >"$T/stray.perf"
	run perf-fold "$T/stray.perf"
	status_is 0
	# said once for the run of two lines, as before the first event line
	[ "${lines[0]}" = "perf-fold: $T/stray.perf:4: a stack line after a blank line, with no event line of its own: its sample is dropped" ]
	[ "${lines[1]}" = "xy;main 1" ]
	[ "${#lines[@]}" -eq 2 ]
	run perf-fold --strict "$T/stray.perf"
	status_is 1
	[ "${lines[0]}" = "perf-fold: $T/stray.perf:4: a stack line after a blank line, with no event line of its own: its sample is dropped" ]
	[ "${lines[1]}" = "perf-fold: stopping: --strict and 2 unreadable lines" ]
	# the stack lines of a sample of another event are no strays
	printf 'xy 1 1.0: 1 cycles:\n\t4005d0 main (/x)\n\nxy 1 2.0: 1 instructions:\n\t4005d1 f (/x)\n\n' >"$T/filtered.perf"
	run perf-fold --event-filter cycles "$T/filtered.perf"
	status_is 0
	[ "$output" = "xy;main 1" ]
}

@test "perf-fold: each run of stray stack lines is said, up to the warnings' cap, then the lines counted" {
	T=$BATS_TEST_TMPDIR
	{
		printf 'xy 1 1.0: 1 cycles:\n\t4005d0 main (/x)\n\n'
		for i in 1 2 3 4 5 6 7; do printf '\t4005d1 orphan (/x)\n\n'; done
	} >"$T/strays.perf"
	run perf-fold "$T/strays.perf"
	status_is 0
	[ "${lines[0]}" = "perf-fold: $T/strays.perf:4: a stack line after a blank line, with no event line of its own: its sample is dropped" ]
	[ "${lines[4]}" = "perf-fold: $T/strays.perf:12: a stack line after a blank line, with no event line of its own: its sample is dropped" ]
	[ "${lines[5]}" = "perf-fold: 7 lines in all could not be read" ]
	[ "${lines[6]}" = "xy;main 1" ]
	[ "${#lines[@]}" -eq 7 ]
}

@test "perf-fold: a second file cut at its start is said as the first would be" {
	T=$BATS_TEST_TMPDIR
	printf 'xy 1 1.0: 1 cycles:\n\t4005d0 main (/x)\n' >"$T/a.perf"
	printf '\t4005d1 cut_off (/x)\n\nxy 1 2.0: 1 cycles:\n\t4005d0 main (/x)\n' >"$T/b.perf"
	run perf-fold "$T/a.perf" "$T/b.perf"
	status_is 0
	[ "${lines[0]}" = "perf-fold: $T/b.perf:1: a stack line before any event line (is the start of the file cut off?): its sample is dropped" ]
	[ "${lines[1]}" = "xy;main 2" ]
	[ "${#lines[@]}" -eq 2 ]
}

# The second half of a file of more than 1 MiB starts after the first
# blank line from its middle on: a stray stack line placed there is the
# helper thread's first line, which is no file's start.
@test "perf-fold: a line of a long run of blanks takes linear time" {
	# each blank of a run was tried as the end of the command name,
	# scanning the rest of the run every time: 4 s for 120 kB of blanks
	T=$BATS_TEST_TMPDIR
	head -c 4000000 /dev/zero | tr '\0' ' ' >"$T/blanks"
	{ printf '#'; cat "$T/blanks"; echo
	  printf 'xy'; cat "$T/blanks"; echo z
	  printf '  ab'; cat "$T/blanks"; echo 1
	  printf 'app 7 1.0: 5 cycles:\n\t  4000 main+0x2 (/a)\n\n'; } >"$T/in"
	run timeout 10 perf-fold "$T/in"
	status_is 0
	[ "${lines[${#lines[@]} - 1]}" = "app;main 5" ]
}

@test "perf-fold: stray stack lines in a large file read in two threads, said as read in order" {
	T=$BATS_TEST_TMPDIR
	samples() {
		awk -v n="$1" 'BEGIN {
			for (i = 0; i < n; i++) {
				printf "app %d [000] 1.%06d: %d cycles:\n", 10 + i % 3, i, 100 + i % 9
				printf "\t  4%05x worker::step%d(int)+0x1%x (/usr/bin/app)\n", i, i % 17, i % 255
				printf "\t  4%05x main+0x%x (/usr/bin/app)\n\n", i, i % 99
				if (i == 50) printf "\t  4000 stray (/usr/bin/app)\n\n"
			}
		}'
	}
	samples 7000 >"$T/a"
	{ printf '\t  4000 stray (/usr/bin/app)\n\n'; samples 6000; } >"$T/b"
	# b padded with a comment line to a's size less 4: a's last blank
	# line ends at the middle of the whole
	pad=$(($(wc -c <"$T/a") - 4 - $(wc -c <"$T/b") - 1))
	[ "$pad" -gt 1 ]
	{ cat "$T/b"; printf '#%*s\n' $((pad - 1)) ''; } >"$T/b2"
	cat "$T/a" "$T/b2" >"$T/in"
	[ "$(wc -c <"$T/in")" -gt 1048576 ]
	perf-fold <"$T/in" >"$T/one" 2>"$T/one.err"
	perf-fold "$T/in" >"$T/two" 2>"$T/two.err"
	cmp "$T/one" "$T/two"
	sed "s|$T/in|<stdin>|" "$T/two.err" | cmp - "$T/one.err"
	[ "$(wc -l <"$T/one.err")" -eq 3 ]
	[ "$(grep -c 'a stack line after a blank line, with no event line of its own' "$T/one.err")" -eq 3 ]
	# the first line of b
	grep -q ":$(($(wc -l <"$T/a") + 1)): a stack line after a blank line" "$T/one.err"
}

# perf script samples with these leaves, in this order, under main
perf_seq() {
	local i=0 leaf
	for leaf in "$@"; do
		i=$((i + 1))
		printf 'app 7 1.%03d: %d cycles:\n\t  40%02x %s+0x1 (/a)\n\t  4000 main+0x2 (/a)\n\n' \
			"$i" "$i" "$i" "$leaf"
	done
}

@test "perf-fold --time-order: perf script's order, adjacent runs merged, later repeats kept" {
	perf_seq b b a b c c >"$BATS_TEST_TMPDIR/in"
	run perf-fold --time-order --samples "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "app;main;b 2
app;main;a 1
app;main;b 1
app;main;c 2" ]
	# periods (1..6) are summed within a run
	run perf-fold --time-order "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;main;b 3
app;main;a 3
app;main;b 4
app;main;c 11" ]
	# without it: sorted and summed
	run perf-fold --samples "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;main;a 1
app;main;b 3
app;main;c 2" ]
}

@test "perf-fold --time-order: summed, it equals the default output on every capture and option set" {
	n=0
	for f in "$P"/perf-*-[0-9]*.txt.gz "$P"/perf-rust-*.txt.gz; do
		case "$f" in *-collapsed-*) continue ;; esac
		gzip -dc "$f" >"$BATS_TEST_TMPDIR/in"
		for opt in --tid --all --samples --addrs; do
			perf-fold $opt "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/sum" 2>/dev/null
			perf-fold --time-order $opt "$BATS_TEST_TMPDIR/in" 2>/dev/null >"$BATS_TEST_TMPDIR/time"
			fg-merge "$BATS_TEST_TMPDIR/time" | cmp - "$BATS_TEST_TMPDIR/sum"
			# no two adjacent lines hold the same stack
			[ "$(sed 's/ [^ ]*$//' "$BATS_TEST_TMPDIR/time" | uniq -d | wc -l)" -eq 0 ]
			n=$((n + 1))
		done
	done
	[ "$n" -eq 52 ]
}

@test "perf-fold --time-order: other options apply to each sample; fg-svg --flamechart draws runs as samples" {
	{
		printf 'app 7/8 1.0: 1 cycles:\n\t  1 f (/a)\n\t  2 g ([kernel.kallsyms])\n\n'
		printf 'app 7/9 2.0: 1 cycles:\n\t  1 f (/a)\n\t  2 g ([kernel.kallsyms])\n\n'
		printf 'app 7/9 3.0: 1 instructions:\n\t  1 h (/a)\n\n'
		printf 'app 7/9 4.0: 1 cycles:\n\t  1 f (/a)\n\t  2 g ([kernel.kallsyms])\n\n'
	} >"$BATS_TEST_TMPDIR/in"
	# the other event's sample is left out (with a warning): the run goes on
	[ "$(perf-fold --time-order --no-process "$BATS_TEST_TMPDIR/in" 2>/dev/null)" = "g;f 3" ]
	[ "$(perf-fold --time-order --tid --kernel "$BATS_TEST_TMPDIR/in" 2>/dev/null)" = "app-7/8;g_[k];f 1
app-7/9;g_[k];f 2" ]
	run perf-fold --time-order --event-filter instructions "$BATS_TEST_TMPDIR/in"
	[ "$output" = "app;h 1" ]
	# one line per sample and one per run draw the same flame chart
	perf_seq b b a b c c >"$BATS_TEST_TMPDIR/seq"
	perf-fold --time-order --samples "$BATS_TEST_TMPDIR/seq" | fg-svg --flamechart >"$BATS_TEST_TMPDIR/runs.svg"
	perf-fold --time-order --samples "$BATS_TEST_TMPDIR/seq" |
		awk '{ n = $NF; sub(/ [0-9]+$/, ""); for (i = 0; i < n; i++) print $0, 1 }' |
		fg-svg --flamechart >"$BATS_TEST_TMPDIR/each.svg"
	cmp "$BATS_TEST_TMPDIR/runs.svg" "$BATS_TEST_TMPDIR/each.svg"
}

# With --time-order a file large enough for two threads is read in order.
@test "perf-fold --time-order: a large file keeps its order" {
	awk 'BEGIN {
		for (i = 0; i < 12000; i++) {
			printf "app 10/20 [000] 1.%06d: 1 cycles:\n", i
			printf "\t  4%05x step%d+0x1%x (/usr/bin/app)\n", i, int(i / 7) % 5, i % 255
			printf "\t  4%05x main+0x%x (/usr/bin/app)\n\n", i, i % 99
		}
	}' >"$BATS_TEST_TMPDIR/in"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/in")" -gt 1048576 ]
	perf-fold --time-order "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out"
	perf-fold --time-order <"$BATS_TEST_TMPDIR/in" | cmp - "$BATS_TEST_TMPDIR/out"
	# runs of 7 samples, step0 to step4 and again
	[ "$(wc -l <"$BATS_TEST_TMPDIR/out")" -eq 1715 ]
	[ "$(sed -n 1p "$BATS_TEST_TMPDIR/out")" = "app;main;step0 7" ]
	[ "$(sed -n 6p "$BATS_TEST_TMPDIR/out")" = "app;main;step0 7" ]
	[ "$(sed -n 1711p "$BATS_TEST_TMPDIR/out")" = "app;main;step0 7" ]
}

@test "perf-fold --pid: PID 0 is swapper-0 as inferno writes it (stackcollapse-perf.pl: swapper-?), one number is PID ?" {
	printf 'swapper 0/0 [000] 1.000: 1 cpu-clock:\n\t ffffffff81 poll_idle ([kernel.kallsyms])\n\nbash 12/13 [000] 1.001: 1 cpu-clock:\n\t ffffffff81 f ([kernel.kallsyms])\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold --pid --no-header "$BATS_TEST_TMPDIR/in"
	[ "$output" = "bash-12;f 1
swapper-0;poll_idle 1" ]
	run perf-fold --tid --no-header "$BATS_TEST_TMPDIR/in"
	[ "$output" = "bash-12/13;f 1
swapper-0/0;poll_idle 1" ]
	# a TID alone: the PID is not known
	printf 'swapper     0 [005] 1.000:       cycles: \n\t af2bfe poll_idle (/vmlinux)\n\n' | perf-fold --pid --no-header >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "swapper-?;poll_idle 1" ]
}

@test "perf-fold: a ( inside a generic's angle brackets is kept, as inferno keeps it (issue 50)" {
	printf 'app 1 1.0: 1 cpu-clock:\n\t4005d0 std::panic::catch_unwind::<&dyn core::ops::function::Fn<(), Output = i32> + core::marker::Sync, i32>+0x20 (/a)\n\t4005d1 std::ostream::operator<< <char>(std::ostream&) (/a)\n\t4005d2 f<int>(int) (/a)\n\t4005d3 g<(int)>::h(long) (/a)\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 0 ]
	# the arguments after the brackets still go; unclosed brackets
	# (operator<<) cut at the first ( as before
	[ "$output" = "app;g<(int)>::h;f<int>;std::ostream::operator<< <char>;std::panic::catch_unwind::<&dyn core::ops::function::Fn<(), Output = i32> + core::marker::Sync, i32> 1" ]
}

@test "perf-fold: a one-character comm before a 5-digit pid is the comm, as inferno reads it" {
	# stackcollapse-perf.pl's regex wants two characters of comm and
	# takes "w 19587  4974.461210:" whole as the root
	printf 'w 19587  4974.461210: 250000 cpu-clock:\n\t4005d0 main+0x20 (/usr/bin/prog)\n\n' >"$BATS_TEST_TMPDIR/in"
	run perf-fold "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 0 ]
	[ "$output" = "w;main 250000" ]
	run perf-fold --tid "$BATS_TEST_TMPDIR/in"
	[ "$output" = "w-?/19587;main 250000" ]
}

@test "perf-fold: the unit header says what the counts are: cpu-clock nanoseconds, another event by name, or samples" {
	# cpu-clock and task-clock periods are nanoseconds
	gzip -dc "$P/perf-dd-stacks-01.txt.gz" | command perf-fold >"$BATS_TEST_TMPDIR/out"
	[ "$(sed -n 1,2p "$BATS_TEST_TMPDIR/out")" = "# fg: unit=nanoseconds
# fg: countname=cpu-clock" ]
	# and the samples behind the periods (fg-gate sizes its noise with them)
	[ "$(grep -c '^#' "$BATS_TEST_TMPDIR/out")" -eq 4 ]
	grep -qx '# fg: samples=[0-9]*' "$BATS_TEST_TMPDIR/out"
	# and their periods squared, summed (fg-gate's Kish number), exact
	[ "$(sed -n 's/^# fg: weight2=//p' "$BATS_TEST_TMPDIR/out")" = "$(gzip -dc "$P/perf-dd-stacks-01.txt.gz" |
	    awk '/ cpu-clock/ { for (i = 1; i <= NF; i++) if ($i ~ /^cpu-clock/) s += $(i - 1) * $(i - 1) }
	        END { printf "%.0f\n", s }')" ]
	# so fg-top says milliseconds: 111,111,110 ns in all
	run fg-top -n 1 "$BATS_TEST_TMPDIR/out"
	[[ ${lines[1]} == *" ms "* ]]
	printf 'app 1/1 1.0: 250000 task-clock:u:\n\t 4005d0 main (/a)\n\n' | command perf-fold >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "# fg: unit=nanoseconds
# fg: countname=task-clock
# fg: samples=1
# fg: weight2=62500000000
app;main 250000" ]
	# perf's modifiers are not part of what is counted (issue 50)
	printf 'app 1/1 1.0: 250000 cpu-clock:ppp:\n\t 4005d0 main (/a)\n\n' | command perf-fold >"$BATS_TEST_TMPDIR/out"
	[ "$(sed -n 2p "$BATS_TEST_TMPDIR/out")" = "# fg: countname=cpu-clock" ]
	# another event's periods: counted in its name, no unit
	printf 'app 1/1 1.0: 3000 cycles:u:\n\t 4005d0 main (/a)\n\n' | command perf-fold >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "# fg: countname=cycles
# fg: samples=1
# fg: weight2=9000000
app;main 3000" ]
	# --samples, or no period in the input: samples
	printf 'app 1/1 1.0: 3000 cycles:\n\t 4005d0 main (/a)\n\n' | command perf-fold --samples >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "# fg: countname=samples
app;main 1" ]
	gzip -dc "$P/perf-cycles-instructions-01.txt.gz" | command perf-fold 2>/dev/null | head -1 >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "# fg: countname=samples" ]
	# --time-order: the header, its order too, comes before the first stack
	gzip -dc "$P/perf-dd-stacks-01.txt.gz" | command perf-fold --time-order | sed -n 2,4p >"$BATS_TEST_TMPDIR/out"
	[ "$(sed -n 1p "$BATS_TEST_TMPDIR/out")" = "# fg: countname=cpu-clock" ]
	[ "$(sed -n 2p "$BATS_TEST_TMPDIR/out")" = "# fg: order=time" ]
	[[ $(sed -n 3p "$BATS_TEST_TMPDIR/out") != "#"* ]]
	# --no-header leaves it out; no samples, no header
	gzip -dc "$P/perf-dd-stacks-01.txt.gz" | command perf-fold --no-header | grep -c '^#' | grep -qx 0
	run command perf-fold </dev/null
	status_is 0
	[ -z "$output" ]
}
