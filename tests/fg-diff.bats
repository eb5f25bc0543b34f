#!/usr/bin/env bats
# fg-diff: two profiles to "STACK BASE TARGET" lines

load helper

D=""
setup() {
	D=$DATA/diff
}

@test "fg-diff: the numbers of difffolded.pl, in sorted order (sorted inputs)" {
	fgdiff "$D/dtrace-a.folded" "$D/dtrace-c.folded" >"$BATS_TEST_TMPDIR/out"
	LC_ALL=C sort -c "$BATS_TEST_TMPDIR/out"
	LC_ALL=C sort "$BATS_TEST_TMPDIR/out" | cmp - "$D/difffolded-plain.out"
}

@test "fg-diff: unsorted input gives the same answer (matched in memory)" {
	fgdiff "$D/dtrace-a-shuffled.folded" "$D/dtrace-c.folded" >"$BATS_TEST_TMPDIR/out"
	fgdiff "$D/dtrace-a.folded" "$D/dtrace-c.folded" | cmp - "$BATS_TEST_TMPDIR/out"
}

@test "fg-diff: standard input and process substitution" {
	run bash -c "fgdiff - $D/dtrace-c.folded <$D/dtrace-a.folded | LC_ALL=C sort | cmp - $D/difffolded-plain.out"
	status_is 0
	run bash -c "fgdiff <(cat $D/dtrace-a.folded) <(cat $D/dtrace-c.folded) | LC_ALL=C sort | cmp - $D/difffolded-plain.out"
	status_is 0
}

# difffolded.pl -n truncates each line: its baseline sums to 74,676 for
# a target of 74,840.  fg-diff gives the units lost to the lines with the
# largest remainders: each line difffolded.pl's count or one more.
@test "fg-diff -n: the baseline scaled to the target's total, in whole numbers that add up to it" {
	fgdiff -n "$D/dtrace-a.folded" "$D/dtrace-c.folded" | LC_ALL=C sort >"$BATS_TEST_TMPDIR/n"
	fgdiff --normalize "$D/dtrace-a-shuffled.folded" "$D/dtrace-c.folded" | LC_ALL=C sort |
	    cmp - "$BATS_TEST_TMPDIR/n"
	run awk 'function stack(l) { sub(/ [^ ]+ [^ ]+$/, "", l); return l }
	    NR == FNR { s[FNR] = stack($0); b[FNR] = $(NF - 1); t[FNR] = $NF; n = FNR; next }
	    stack($0) != s[FNR] || $NF != t[FNR] || $(NF - 1) - b[FNR] > 1 || $(NF - 1) < b[FNR] { bad++ }
	    { ours += $(NF - 1); theirs += b[FNR]; target += $NF }
	    END { print FNR == n, bad + 0, theirs, ours, target }' "$D/difffolded-n.out" "$BATS_TEST_TMPDIR/n"
	[ "$output" = "1 0 74676 74840 74840" ]
}

# Three lines of 3 scaled to 10: 3.33 each, truncated to 9 in all; the
# unit lost goes to the largest remainder, the first line on a tie.
@test "fg-diff -n: the units truncation lost go to the largest remainders" {
	printf 'a 3\nb 3\nc 3\n' >"$BATS_TEST_TMPDIR/base"
	printf 'a 4\nb 2\nc 1\nd 3\n' >"$BATS_TEST_TMPDIR/new"
	run fgdiff -n "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "$output" = "$(printf 'a 4 4\nb 3 2\nc 3 1\nd 0 3')" ]
	# 5, 2 and 1 scaled to 13: 8.125, 3.25 and 1.625; c's .625 is the largest
	printf 'a 5\nb 2\nc 1\n' >"$BATS_TEST_TMPDIR/base"
	printf 'a 13\n' >"$BATS_TEST_TMPDIR/new"
	run fgdiff -n "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "$output" = "$(printf 'a 8 13\nb 3 0\nc 2 0')" ]
	# the same through the frame-by-frame join, its lines once joined
	printf 'main;f at a.jl:1 5\nmain;f at a.jl:2 2\nmain;g 1\n' >"$BATS_TEST_TMPDIR/base"
	printf 'main;f at a.jl:3 6\nmain;g 7\n' >"$BATS_TEST_TMPDIR/new"
	run fgdiff -n --strip-lines "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "$output" = "$(printf 'main;f at a.jl:3 11 6\nmain;g 2 7')" ]
}

@test "fg-diff --normalize=exact keeps the decimals" {
	printf 'a 1\nb 2\n' >"$BATS_TEST_TMPDIR/base"
	printf 'a 4\nb 3\n' >"$BATS_TEST_TMPDIR/new"
	run fgdiff --normalize=exact "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "$output" = "$(printf 'a 2.33333333333333 4\nb 4.66666666666667 3')" ]
	run fgdiff -n "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "$output" = "$(printf 'a 2 4\nb 5 3')" ]
	run fg-diff --normalize=other "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	status_is 2
}

@test "fg-diff -s: hex addresses are stripped before matching, as difffolded.pl -s" {
	fgdiff -s "$D/dtrace-a.folded" "$D/dtrace-c.folded" | LC_ALL=C sort | cmp - "$D/difffolded-s.out"
	printf 'f;0x1234 5\n' >"$BATS_TEST_TMPDIR/base"
	printf 'f;0xabcd 7\n' >"$BATS_TEST_TMPDIR/new"
	run fgdiff --strip-hex "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "$output" = "f;0x... 5 7" ]
}

@test "fg-diff: two header lines name the operands; the other programs read past them" {
	printf 'main;a 5\n' >"$BATS_TEST_TMPDIR/base"
	printf 'main;a 7\n' >"$BATS_TEST_TMPDIR/new"
	run fg-diff "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "$output" = "$(printf '# fg: baseline=%s\n# fg: target=%s\nmain;a 5 7' "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new")" ]
	# standard input by its name; a name cannot break the line
	cp "$BATS_TEST_TMPDIR/new" "$BATS_TEST_TMPDIR/new
x"
	runsh "fg-diff - '$BATS_TEST_TMPDIR/new
x' <'$BATS_TEST_TMPDIR/base'"
	[ "$output" = "$(printf '# fg: baseline=<stdin>\n# fg: target=%s?x\nmain;a 5 7' "$BATS_TEST_TMPDIR/new")" ]
	# filters pass them through; renderers and fg-top take the stacks alone
	fg-diff "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new" >"$BATS_TEST_TMPDIR/d"
	[ "$(fg-prune -n nothing "$BATS_TEST_TMPDIR/d" | head -2 | cut -d= -f1)" = "$(printf '# fg: baseline\n# fg: target')" ]
	[ "$(fg-top --format tsv -n 0 "$BATS_TEST_TMPDIR/d" | awk -F'\t' '$NF == "main" { print $3 }')" = 7 ]
	fg-svg "$BATS_TEST_TMPDIR/d" | grep -q 'main'
}

@test "fg-diff: new and vanished stacks get a zero on the other side" {
	printf 'main;old 5\nmain;both 1\n' >"$BATS_TEST_TMPDIR/base"
	printf 'main;new 7\nmain;both 2\n' >"$BATS_TEST_TMPDIR/new"
	run fgdiff "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "$output" = "$(printf 'main;both 1 2\nmain;new 0 7\nmain;old 5 0')" ]
}

@test "fg-diff: renamed REPL functions line up (ProfileVega's demonstration)" {
	run fgdiff "$D/base.folded" "$D/new.folded"
	status_is 0
	[ "$output" = "$(printf '%s\n' \
		'eval at boot.jl:360;f2 at REPL[3]:1 5 5' \
		'eval at boot.jl:360;f2 at REPL[3]:2;sum at reduce.jl:532 100 200' \
		'eval at boot.jl:360;f2 at REPL[3]:4;maximum at reduce.jl:652 0 80' \
		'eval at boot.jl:360;f2 at REPL[3]:8 20 10' \
		'eval at boot.jl:360;f2 at REPL[3]:8;sort! at sort.jl:710 200 100')" ]
}

@test "fg-diff --no-wildcard: REPL frames are only equal when their names are" {
	run fgdiff --no-wildcard "$D/base.folded" "$D/new.folded"
	[ "$(echo "$output" | wc -l)" -eq 9 ]
	[[ "$output" == *"f1 at REPL[2]:2;sum at reduce.jl:532 100 0"* ]]
}

@test "fg-diff --wildcard: a pattern of one's own" {
	printf 'main;worker-1;job 5\n' >"$BATS_TEST_TMPDIR/base"
	printf 'main;worker-7;job 9\n' >"$BATS_TEST_TMPDIR/new"
	run fgdiff --wildcard '^worker-[0-9]+$' "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "$output" = "main;worker-7;job 5 9" ]
	run fgdiff "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "$(echo "$output" | wc -l)" -eq 2 ]
	run fg-diff --wildcard '(' "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	status_is 2
}

@test "fg-diff --strip-lines: Julia frames match without line numbers, target's label printed" {
	printf 'main at x.jl:1;f at a.jl:12 [inlined]_[d];g at b.jl:3 5\nmain at x.jl:1;h at c.jl:4 2\n' >"$BATS_TEST_TMPDIR/base"
	printf 'main at x.jl:2;f at a.jl:15 [inlined]_[d];g at b.jl:3 8\n' >"$BATS_TEST_TMPDIR/new"
	run fgdiff --strip-lines "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "$output" = "$(printf 'main at x.jl:2;f at a.jl:15 [inlined]_[d];g at b.jl:3 5 8\nmain at x.jl:2;h at c.jl:4 2 0')" ]
}

# One line added at the top of app.js moves every function down one line.
# The function a vanished caller called is the target's frame too, under
# the target's label: one function, one frame (one row in a table).
@test "fg-diff --strip-lines: any NAME at FILE:LINE frame; a function whose lines moved is one frame" {
	printf 'main;handler at app.js:10;parseJsonHeavy at app.js:20 5\nmain;legacy at app.js:30;parseJsonHeavy at app.js:20 3\n' >"$BATS_TEST_TMPDIR/base"
	printf 'main;handler at app.js:11;parseJsonHeavy at app.js:21 7\n' >"$BATS_TEST_TMPDIR/new"
	run fgdiff --strip-lines "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "$output" = "$(printf 'main;handler at app.js:11;parseJsonHeavy at app.js:21 5 7\nmain;legacy at app.js:30;parseJsonHeavy at app.js:21 3 0')" ]
	fg-diff --strip-lines "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new" | fg-top --format tsv >"$BATS_TEST_TMPDIR/top"
	[ "$(grep -c parseJsonHeavy "$BATS_TEST_TMPDIR/top")" = 1 ]
	# without the option, two functions
	run fgdiff "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "${#lines[@]}" = 3 ]
}

@test "fg-diff --simplify: only the widest root of each profile" {
	printf 'main;a 50\nnoise;x 1\n' >"$BATS_TEST_TMPDIR/base"
	printf 'main;a 60\nother;y 2\n' >"$BATS_TEST_TMPDIR/new"
	run fgdiff --simplify "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	[ "$output" = "main;a 50 60" ]
}

@test "fg-diff: output renders: red, blue and new in fg-svg" {
	fg-diff "$D/base.folded" "$D/new.folded" | fg-svg >"$BATS_TEST_TMPDIR/diff.svg"
	grep -q 'fill="#3cb371"' "$BATS_TEST_TMPDIR/diff.svg"
	grep -q 'fill="#0000ff"' "$BATS_TEST_TMPDIR/diff.svg"
	grep -q 'fill="#ff0000"' "$BATS_TEST_TMPDIR/diff.svg"
}

@test "fg-diff: two-count input is an error" {
	run fg-diff "$DATA/folded/diff.folded" "$D/base.folded"
	status_is 1
	[ "$output" = "fg-diff: $DATA/folded/diff.folded:1: two counts on a line: fg-diff compares two one-count profiles" ]
}

@test "fg-diff: bad input, missing file, usage errors" {
	printf 'a 1\nb\n' >"$BATS_TEST_TMPDIR/bad"
	run fg-diff "$BATS_TEST_TMPDIR/bad" "$D/base.folded"
	status_is 1
	[ "$output" = "fg-diff: $BATS_TEST_TMPDIR/bad:2: count missing" ]
	run fg-diff "$BATS_TEST_TMPDIR/nope" "$D/base.folded"
	status_is 1
	[ "$output" = "fg-diff: $BATS_TEST_TMPDIR/nope: No such file or directory" ]
	run fg-diff "$D/base.folded"
	status_is 2
	run fg-diff - -
	status_is 2
	[ "${lines[0]}" = "fg-diff: standard input can be only one of the profiles" ]
	run fg-diff --bogus a b
	status_is 2
	run fg-diff --help
	status_is 0
	[[ "$output" == *"--strip-lines"* ]]
	run fg-diff --version
	[[ "$output" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "fg-diff: no endless wait when children are reaped for it (SIGCHLD ignored)" {
	fg-merge "$D/dtrace-a.folded" >"$BATS_TEST_TMPDIR/a"
	fg-merge "$D/dtrace-c.folded" >"$BATS_TEST_TMPDIR/c"
	run timeout 10 bash -c "trap '' CHLD; exec fg-diff $BATS_TEST_TMPDIR/a $BATS_TEST_TMPDIR/c >/dev/null"
	status_is 0
}

@test "fg-diff -n: counts near 2^64 scale exactly" {
	printf 'a;b 1\nc 2\n' >"$BATS_TEST_TMPDIR/a"
	printf 'a;b 18446744073709551615\n' >"$BATS_TEST_TMPDIR/b"
	# (2^64 - 1) / 3 and twice that, derived by hand
	run fgdiff -n "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	status_is 0
	[ "$output" = "$(printf 'a;b 6148914691236517205 18446744073709551615\nc 12297829382473034410 0')" ]
	printf 'a;b 1\n' >"$BATS_TEST_TMPDIR/a"
	runsh "fgdiff --normalize=exact $BATS_TEST_TMPDIR/a $BATS_TEST_TMPDIR/b | fg-merge"
	status_is 0
	[ "$output" = "a;b 18446744073709551615 18446744073709551615" ]
}

@test "fg-diff: each input is read once" {
	command -v strace >/dev/null || skip "needs strace"
	strace -o /dev/null true 2>/dev/null || skip "strace cannot trace here"
	fg-merge "$D/dtrace-a.folded" >"$BATS_TEST_TMPDIR/a"
	fg-merge "$D/dtrace-c.folded" >"$BATS_TEST_TMPDIR/c"
	for args in "a c" "a $D/dtrace-c.folded" "-s a c"; do
		set -- $args
		ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=open,openat -o "$BATS_TEST_TMPDIR/log" \
		    fg-diff $(for a; do case $a in a|c) echo "$BATS_TEST_TMPDIR/$a";; *) echo "$a";; esac; done) >/dev/null
		[ "$(grep -c "/a\"" "$BATS_TEST_TMPDIR/log")" = 1 ]
	done
}

# What fg-diff A B prints, made by awk and sort: every stack of either
# with the sums of its counts in each, in bytewise order.
join_sums() {
	awk 'FNR == 1 { f++ } { c = $NF; sub(/ [0-9]+$/, ""); s[$0]; n[f, $0] += c }
		END { for (k in s) print k, n[1, k] + 0, n[2, k] + 0 }' "$1" "$2" | LC_ALL=C sort
}

# More than 4096 stacks: the output is merged in segments, half of them
# by a second thread, and must come out whole and in order.
@test "fg-diff: a large diff equals a join of the sums, in order" {
	awk 'BEGIN { srand(3); for (i = 0; i < 30000; i++) print "main;ns::f" int(rand() * 900) ";g" int(rand() * 9), int(rand() * 9) + 1 }' >"$BATS_TEST_TMPDIR/a"
	awk 'BEGIN { srand(4); for (i = 0; i < 30000; i++) print "main;ns::f" int(rand() * 900) + 100 ";g" int(rand() * 9), int(rand() * 9) + 1 }' >"$BATS_TEST_TMPDIR/b"
	join_sums "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" >"$BATS_TEST_TMPDIR/want"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -gt 8000 ]
	fgdiff "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" >"$BATS_TEST_TMPDIR/got"
	cmp "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	# a reader that stops early ends it quietly
	runsh "fg-diff $BATS_TEST_TMPDIR/a $BATS_TEST_TMPDIR/b | head -3 | tail -1"
	status_is 0
	[ "$output" = "$(head -1 "$BATS_TEST_TMPDIR/want")" ]
}

# The merge is cut into segments of even shares of all the runs, one
# thread printing half of them: here each profile's stacks lie in a few
# segments of the other's, and the runs share keys (empty segments).
@test "fg-diff: profiles that do not interleave merge in order, with a second thread or none" {
	awk 'BEGIN { for (i = 0; i < 9000; i++) printf "main;a;f%05d 1\n", i; print "main;b;f00001 2" }' >"$BATS_TEST_TMPDIR/a"
	awk 'BEGIN { for (i = 0; i < 9000; i++) printf "main;b;f%05d 3\n", 8999 - i; print "main;a;f00001 4" }' >"$BATS_TEST_TMPDIR/b"
	join_sums "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" >"$BATS_TEST_TMPDIR/want"
	fgdiff "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" | cmp - "$BATS_TEST_TMPDIR/want"
	fgdiff "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/a" | cmp - <(awk '{ print $0, $NF }' "$BATS_TEST_TMPDIR/a" | LC_ALL=C sort)
	nothreads
	LD_PRELOAD=$NOTHREADS fgdiff "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" | cmp - "$BATS_TEST_TMPDIR/want"
	[ -e "$NOTHREADS.called" ]
}

# Regular files are watched for a change while they are read: they
# read as pipes do all the same.
@test "fg-diff: watched files read as pipes do: CRLF, a BOM, no final newline, a NUL byte" {
	printf '\357\273\277a;b 3\r\nc 2\r\na;b 1' >"$BATS_TEST_TMPDIR/a"
	printf 'c 5\na;b 1\nd 4' >"$BATS_TEST_TMPDIR/b"
	run fgdiff "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	status_is 0
	[ "$output" = "$(printf 'a;b 4 1\nc 2 5\nd 0 4')" ]
	runsh "cat $BATS_TEST_TMPDIR/a | fgdiff - $BATS_TEST_TMPDIR/b"
	[ "$output" = "$(printf 'a;b 4 1\nc 2 5\nd 0 4')" ]
	# sorted files are joined as they come
	printf 'a;b 1\nc 2' >"$BATS_TEST_TMPDIR/a"
	printf 'a;b 3\nb 1\nc 4\n' >"$BATS_TEST_TMPDIR/b"
	run fgdiff "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	[ "$output" = "$(printf 'a;b 1 3\nb 0 1\nc 2 4')" ]
	# standard input from a file is watched too, and left at its end
	# for the next reader of the descriptor
	runsh "{ fg-diff - $BATS_TEST_TMPDIR/b >/dev/null; cat; } <$BATS_TEST_TMPDIR/a"
	status_is 0
	[ "$output" = "" ]
	printf 'a 1\nb\0 2\n' >"$BATS_TEST_TMPDIR/a"
	run fg-diff "$BATS_TEST_TMPDIR/b" "$BATS_TEST_TMPDIR/a"
	status_is 1
	[ "$output" = "fg-diff: $BATS_TEST_TMPDIR/a:2: NUL byte in input" ]
}

# fg-diff with baseline a.folded (made first) and a pipe for target:
# once the baseline is open, its first part read, and fg-diff asleep on
# the pipe, CMD changes the baseline and LINE is written to the target.
# Sets status, err (what fg-diff said) and out (its output).
cut_while_read() {
	mkfifo "$BATS_TEST_TMPDIR/b"
	fg-diff "$BATS_TEST_TMPDIR/a.folded" "$BATS_TEST_TMPDIR/b" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	exec 8>"$BATS_TEST_TMPDIR/b"
	for i in $(seq 500); do
		ls -l "/proc/$pid/fd" 2>/dev/null | grep -q 'a\.folded' &&
		    [ "$(awk '{ print $3 }' "/proc/$pid/stat")" = S ] && break
		sleep 0.01
	done
	ls -l "/proc/$pid/fd" | grep -q 'a\.folded'
	# a change the file's time can tell from the start
	sleep 0.05
	eval "$1"
	echo "$2" >&8
	exec 8>&-
	status=0
	wait "$pid" || status=$?
	err=$(cat "$BATS_TEST_TMPDIR/err")
	out=$(cat "$BATS_TEST_TMPDIR/out")
}

@test "fg-diff: a file cut short while it is read is an error naming it, not a crash" {
	[ -d /proc/self/fd ] || skip "needs /proc/PID/fd to see the file open"
	awk 'BEGIN { for (i = 0; i < 5000; i++) print "main;f" i, 1 }' >"$BATS_TEST_TMPDIR/a.folded"
	cut_while_read 'truncate -s 0 "$BATS_TEST_TMPDIR/a.folded"' 'main;f1 1'
	[ "$status" = 1 ]
	[ "$err" = "fg-diff: $BATS_TEST_TMPDIR/a.folded: the file changed while it was read" ]
	[ "$out" = "" ]
}

# With -s each profile is read on by a thread of its own (the target's a
# helper), or without a helper one after the other: the same lines, and
# the same as a merge join of sorted inputs, which needs no thread.  Only
# the target's last line is decimal, read after the threads start: what
# the helper read decides how -n scales.
@test "fg-diff -s: a second thread or none, the same output and errors" {
	nothreads
	printf 'main;big 99\nmain;small 1\n' >"$BATS_TEST_TMPDIR/a"
	printf 'main;big 9\nmain;small 1\nmain;z 0.5\n' >"$BATS_TEST_TMPDIR/b"
	# 99 * 10.5 / 100 truncated: decimal counts scale in doubles
	printf 'main;big 10 9\nmain;small 0 1\nmain;z 0 0.5\n' >"$BATS_TEST_TMPDIR/want"
	fgdiff -n "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" | cmp - "$BATS_TEST_TMPDIR/want"
	fgdiff -s -n "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" | cmp - "$BATS_TEST_TMPDIR/want"
	[ ! -e "$NOTHREADS.called" ]
	LD_PRELOAD=$NOTHREADS fgdiff -s -n "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" |
	    cmp - "$BATS_TEST_TMPDIR/want"
	[ -e "$NOTHREADS.called" ]
	echo 'main;bad' >>"$BATS_TEST_TMPDIR/b"
	runsh "LD_PRELOAD=$NOTHREADS fg-diff -s $BATS_TEST_TMPDIR/a $BATS_TEST_TMPDIR/b"
	status_is 1
	[ "$output" = "fg-diff: $BATS_TEST_TMPDIR/b:4: count missing" ]
}

# A watched file not yet read to its end is as it was: a bad line in it
# is said as ever, not taken for a change.
@test "fg-diff: a bad line early in a large watched file names its line" {
	{ echo 'main;bad'; awk 'BEGIN { for (i = 0; i < 150000; i++) printf "main;lib;f%06d 1\n", i }'; } >"$BATS_TEST_TMPDIR/a.folded"
	printf 'main 1\n' >"$BATS_TEST_TMPDIR/b.folded"
	run fg-diff "$BATS_TEST_TMPDIR/a.folded" "$BATS_TEST_TMPDIR/b.folded"
	status_is 1
	[ "$output" = "fg-diff: $BATS_TEST_TMPDIR/a.folded:1: count missing" ]
	run fg-merge "$BATS_TEST_TMPDIR/a.folded"
	status_is 1
	[ "$output" = "fg-merge: $BATS_TEST_TMPDIR/a.folded:1: count missing" ]
}

# Cut after it was read whole, a file is still said to have changed:
# what was read is no longer the file.
@test "fg-diff: a file cut short after its bytes were read is said to be" {
	[ -d /proc/self/fd ] || skip "needs /proc/PID/fd to see the file open"
	printf 'a;b 1\nzzz;last 5\n' >"$BATS_TEST_TMPDIR/a.folded"
	cut_while_read 'truncate -s 8 "$BATS_TEST_TMPDIR/a.folded"' 'a;b 1'
	[ "$status" = 1 ]
	[ "$err" = "fg-diff: $BATS_TEST_TMPDIR/a.folded: the file changed while it was read" ]
}

# Rewritten in place with the same size while it is read (its first
# megabyte read, the rest not): no memory error, no stack of two
# versions, but the change said.
@test "fg-diff: a file rewritten in place while it is read is said to have changed" {
	[ -d /proc/self/fd ] || skip "needs /proc/PID/fd to see the file open"
	awk 'BEGIN { for (i = 0; i < 150000; i++) printf "main;lib;f%06d 1\n", i }' >"$BATS_TEST_TMPDIR/a.folded"
	awk 'BEGIN { for (i = 0; i < 150000; i++) printf "root;x;y;z%06d 2\n", i }' >"$BATS_TEST_TMPDIR/new"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/a.folded")" -gt 2000000 ]
	cut_while_read 'dd if="$BATS_TEST_TMPDIR/new" of="$BATS_TEST_TMPDIR/a.folded" conv=notrunc status=none' 'main;lib;f000001 1'
	[ "$status" = 1 ]
	[ "$err" = "fg-diff: $BATS_TEST_TMPDIR/a.folded: the file changed while it was read" ]
	[ "$out" = "" ]
}
