#!/usr/bin/env bats
# fg-merge: sum identical stacks across inputs.  The reader's error
# paths (fg(7), Conventions) are checked here, where they are simplest to see.

load helper

@test "fg-merge: sums repeats and prints one sorted line per stack" {
	runsh "printf 'b;c 2\na;b 5\nb;c 3\na;b 1\n' | fg-merge"
	status_is 0
	[ "$output" = "$(printf 'a;b 6\nb;c 5')" ]
}

@test "fg-merge: a shuffled file merges to the same bytes as the original" {
	fg-merge "$DATA/folded/many.folded" >"$BATS_TEST_TMPDIR/a"
	shuf --random-source="$DATA/folded/many.folded" "$DATA/folded/many.folded" |
		fg-merge >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	# and the sums agree with awk's
	awk '{n=$NF; $NF=""; sub(/ $/,""); s[$0]+=n} END{for(k in s) print k, s[k]}' \
		"$DATA/folded/many.folded" | sort >"$BATS_TEST_TMPDIR/c"
	sort "$BATS_TEST_TMPDIR/a" | cmp - "$BATS_TEST_TMPDIR/c"
}

@test "fg-merge: output is in LC_ALL=C sort order" {
	fg-merge "$DATA/folded/many.folded" >"$BATS_TEST_TMPDIR/a"
	LC_ALL=C sort -c "$BATS_TEST_TMPDIR/a"
}

@test "fg-merge: several files and - for stdin add up" {
	runsh "printf 'a;b 1\n' | fg-merge $DATA/folded/nonewline.folded - $DATA/folded/nonewline.folded"
	status_is 0
	[ "$output" = "$(printf 'a;b 1\nmain;idle 2\nmain;work 4')" ]
}

@test "fg-merge: CRLF line ends and a missing final newline are accepted" {
	run fg-merge "$DATA/folded/crlf.folded" "$DATA/folded/nonewline.folded"
	status_is 0
	[ "$output" = "$(printf 'main;idle 2\nmain;work 4\nmain;work;alloc_[k] 3')" ]
}

@test "fg-merge: two-count lines are summed per column" {
	runsh "cat $DATA/folded/diff.folded $DATA/folded/diff.folded | fg-merge"
	status_is 0
	[ "$output" = "$(printf 'main;f 20 24\nmain;g 10 0\nmain;h 0 14')" ]
}

@test "fg-merge: decimal counts are summed and printed as decimals" {
	run fg-merge "$DATA/folded/decimal.folded"
	status_is 0
	[ "$output" = "$(printf 'main;f 1.75\nmain;g 2')" ]
}

@test "fg-merge: integer sums stay exact past 2^53" {
	runsh "printf 'a 9007199254740993\na 2\n' | fg-merge"
	[ "$output" = "a 9007199254740995" ]
}

# Only a field taken as a count may make the counts decimal: a frame
# that holds a dotted number ("lib 1.2.3") is no count, and integers
# stay exact after it.
@test "fg-merge: a dotted number in a frame leaves the counts integers" {
	runsh "printf 'main;lib 1.2.3 5\nmain 12345678901234567891\nmain;v 1.2.3.4 2\n' | fg-merge"
	status_is 0
	[ "$output" = "$(printf 'main 12345678901234567891\nmain;lib 1.2.3 5\nmain;v 1.2.3.4 2')" ]
	# each input alone, as fg-merge reads them in one run
	printf 'main;lib 1.2.3 5\n' >"$BATS_TEST_TMPDIR/a"
	printf 'main 12345678901234567891\n' >"$BATS_TEST_TMPDIR/b"
	run fg-merge "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	[ "$output" = "$(printf 'main 12345678901234567891\nmain;lib 1.2.3 5')" ]
}

# Decimal counts print their integer from 2^53 on, exact: never a number
# past 2^64 that no reader takes back.
@test "fg-merge: a decimal run prints large integers exactly, and reads its output back" {
	runsh "printf 'a 0.5\nb 18446744073709551615\nc 12345678901234567891\n' | fg-merge"
	status_is 0
	[ "$output" = "$(printf 'a 0.5\nb 18446744073709551615\nc 12345678901234567891')" ]
	runsh "printf 'a 0.5\nb 18446744073709551615\n' | fg-merge | fg-merge"
	status_is 0
	[ "$output" = "$(printf 'a 0.5\nb 18446744073709551615')" ]
}

@test "fg-merge: comments pass through, #-frames are frames, blank lines skipped" {
	run fg-merge "$DATA/folded/comments.folded"
	status_is 0
	[ "$output" = "$(printf '# captured on host-a\n#\n#13;#mapslices#123 2\nmain;a 5')" ]
}

@test "fg-merge: frames with spaces keep them; the count is the last field" {
	runsh "printf 'a b;c d 3\na b;c d 4\n' | fg-merge"
	[ "$output" = "a b;c d 7" ]
}

# One blank before the count separates it, as flamegraph.pl and
# difffolded.pl read it: the blanks before that one end the leaf, so a
# leaf "[unknown] " is the frame an inner "[unknown] " is.
@test "fg-merge: a frame may end in a blank, the leaf as any other" {
	runsh "printf 'a;[unknown] ;x 1\na;[unknown]  2\na;[unknown] 4\na;b\t\t3\na;b 1 \n' | fg-merge"
	status_is 0
	[ "$output" = "$(printf 'a;[unknown] 4\na;[unknown]  2\na;[unknown] ;x 1\na;b 1\na;b\t 3')" ]
	# two counts: one blank before each
	runsh "printf 'a;[unknown]  1 2\na;[unknown]  3 4\n' | fg-merge"
	[ "$output" = "a;[unknown]  4 6" ]
	# two blanks between two numbers: the first is the frame's
	runsh "printf 'a 1  2\n' | fg-merge"
	[ "$output" = "a 1  2" ]
	runsh "printf 'a 1  2\n' | fg-svg | grep -c '<title>a 1 '"
	[ "$output" = 1 ]
}

@test "fg-merge: empty input gives empty output" {
	run fg-merge /dev/null
	status_is 0
	[ -z "$output" ]
}

@test "fg-merge: a 2 MiB frame goes through whole" {
	head -c 2097152 /dev/zero | tr '\0' x >"$BATS_TEST_TMPDIR/big"
	{ printf 'root;'; cat "$BATS_TEST_TMPDIR/big"; printf ' 3\nroot 1\n'; } >"$BATS_TEST_TMPDIR/in"
	fg-merge "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/out")" -eq $((2097152 + 5 + 3 + 7)) ]
	[ "$(head -c 7 "$BATS_TEST_TMPDIR/out")" = "$(printf 'root 1\n')" ]
	[ "$(tail -c 4 "$BATS_TEST_TMPDIR/out")" = "x 3" ]
}

@test "fg-merge: | head -1 ends quietly" {
	awk 'BEGIN{for(i=0;i<200000;i++) print "root;frame" i, 1}' >"$BATS_TEST_TMPDIR/in"
	runsh "fg-merge $BATS_TEST_TMPDIR/in 2>$BATS_TEST_TMPDIR/err | head -1"
	status_is 0
	[ "$output" = "root;frame0 1" ]
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
}

@test "fg-merge: a line without a count is an error with file and line" {
	printf 'a;b 1\na;b\n' >"$BATS_TEST_TMPDIR/in"
	run fg-merge "$BATS_TEST_TMPDIR/in"
	status_is 1
	[ "$output" = "fg-merge: $BATS_TEST_TMPDIR/in:2: count missing" ]
}

@test "fg-merge: errors on stdin name <stdin> and print nothing on stdout" {
	runsh "printf 'a 1\nb x\n' | fg-merge 2>/dev/null"
	status_is 1
	[ -z "$output" ]
	runsh "printf 'a 1\nb x\n' | fg-merge 2>&1 >/dev/null"
	[ "$output" = "fg-merge: <stdin>:2: count missing" ]
}

@test "fg-merge: a negative count is an error" {
	runsh "printf 'a -5\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:1: negative count '-5'" ]
}

@test "fg-merge: a count that overflows 64 bits is an error" {
	runsh "printf 'a 18446744073709551616\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:1: count overflows '18446744073709551616'" ]
}

@test "fg-merge: a sum that overflows is an error" {
	runsh "printf 'a 18446744073709551615\na 1\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:2: sum of counts overflows" ]
}

@test "fg-merge: a NUL byte is an error" {
	runsh "printf 'a 1\nb\0c 2\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:2: NUL byte in input" ]
}

@test "fg-merge: a line with a count but no stack is an error" {
	runsh "printf '  7\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:1: stack missing" ]
	# a lone number: the stack is what is missing
	runsh "printf '7\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:1: stack missing" ]
	runsh "printf 'ab\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:1: count missing" ]
	runsh "printf 'a 1 2\n 7 8\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:2: stack missing" ]
}

@test "fg-merge: one-count lines after two-count lines are an error" {
	runsh "printf 'a 1 2\nb 3\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:2: two counts expected (the input began with two-count lines)" ]
}

@test "fg-merge: a bad count is an error" {
	runsh "printf 'a 12x\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:1: bad count '12x'" ]
	runsh "printf 'a b\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:1: count missing" ]
	runsh "printf 'a 1.2.3\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:1: bad count '1.2.3'" ]
}

@test "fg-merge: an unreadable file is an error" {
	run fg-merge "$BATS_TEST_TMPDIR/missing"
	status_is 1
	[ "$output" = "fg-merge: $BATS_TEST_TMPDIR/missing: No such file or directory" ]
}

@test "fg-merge: a bad option is a usage error, exit 2" {
	run fg-merge --bogus
	status_is 2
	[[ "$output" == *"Try 'fg-merge --help'"* ]]
}

@test "fg-merge: --help prints usage to stdout; --version prints the version" {
	run fg-merge --help
	status_is 0
	[[ "$output" == "usage: fg-merge"* ]]
	[[ "$output" == *"--sorted"* ]]
	run fg-merge --version
	status_is 0
	[[ "$output" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "fg-merge --sorted: merges sorted files like the in-memory merge" {
	split -n l/3 "$DATA/folded/many.folded" "$BATS_TEST_TMPDIR/part."
	for p in "$BATS_TEST_TMPDIR"/part.*; do fg-merge "$p" >"$p.sorted"; done
	fg-merge --sorted "$BATS_TEST_TMPDIR"/part.*.sorted >"$BATS_TEST_TMPDIR/a"
	fg-merge "$DATA/folded/many.folded" >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}

@test "fg-merge -s: repeats inside one sorted file are summed too" {
	printf 'a 5\nmain 1\n' >"$BATS_TEST_TMPDIR/in"
	runsh "printf 'a 1\na 2\nb 1\n' | fg-merge -s - $BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "$(printf 'a 8\nb 1\nmain 1')" ]
}

@test "fg-merge --sorted: unsorted input is an error, not a wrong sum" {
	runsh "printf 'b 1\na 2\n' | fg-merge --sorted"
	status_is 1
	[[ "$output" == *"fg-merge: <stdin>:2: input not sorted"* ]]
}

@test "fg-merge --sorted: two-count lines" {
	runsh "fg-merge --sorted $DATA/folded/diff.folded $DATA/folded/diff.folded"
	status_is 0
	[ "$output" = "$(printf 'main;f 20 24\nmain;g 10 0\nmain;h 0 14')" ]
}

@test "fg-merge --sorted: fifty inputs at once" {
	split -n l/50 "$DATA/folded/many.folded" "$BATS_TEST_TMPDIR/p."
	for p in "$BATS_TEST_TMPDIR"/p.*; do fg-merge "$p" >"$p.s"; done
	fg-merge --sorted "$BATS_TEST_TMPDIR"/p.*.s >"$BATS_TEST_TMPDIR/a"
	fg-merge "$DATA/folded/many.folded" | cmp - "$BATS_TEST_TMPDIR/a"
}

@test "fg-merge --sorted: an input without data lines is closed and freed" {
	command -v valgrind >/dev/null || skip "needs valgrind"
	case $FG_BIN in *-san*) skip "valgrind and ASan do not mix (the sanitized run has LeakSanitizer)" ;; esac
	printf '# only a comment\n' >"$BATS_TEST_TMPDIR/empty"
	runsh "printf 'a 1\n' | valgrind -q --leak-check=full --errors-for-leak-kinds=definite \
	    --error-exitcode=9 fg-merge --sorted $BATS_TEST_TMPDIR/empty - 2>&1"
	status_is 0
	[ "$output" = "$(printf '# only a comment\na 1')" ]
}

# A file of more than 1 MiB is read in two halves by two threads.
big() {
	awk 'BEGIN { print "# first"; for (i = 0; i < 40000; i++) { print "main;some::namespace::f" i % 997 ";g" i % 13, i % 7 + 1; if (i == 30000) print "# second" } }'
}

@test "fg-merge: a large file read in two threads adds up as one" {
	big >"$BATS_TEST_TMPDIR/in"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/in")" -gt 1048576 ]
	runsh "fg-merge <$BATS_TEST_TMPDIR/in >$BATS_TEST_TMPDIR/one"
	status_is 0
	runsh "fg-merge $BATS_TEST_TMPDIR/in | cmp - $BATS_TEST_TMPDIR/one"
	status_is 0
	[ "$(sed -n 2p "$BATS_TEST_TMPDIR/one")" = "# second" ]
}

@test "fg-merge: errors in a large file name the line a reading in order finds first" {
	big | awk 'NR == 35000 { print "main;bad" } NR == 100 { print "main;also bad" } { print }' >"$BATS_TEST_TMPDIR/in"
	run fg-merge "$BATS_TEST_TMPDIR/in"
	status_is 1
	[ "$output" = "fg-merge: $BATS_TEST_TMPDIR/in:100: count missing" ]
	big | awk 'NR == 35000 { print "main;bad" } { print }' >"$BATS_TEST_TMPDIR/in"
	run fg-merge "$BATS_TEST_TMPDIR/in"
	status_is 1
	[ "$output" = "fg-merge: $BATS_TEST_TMPDIR/in:35000: count missing" ]
}

# Without a helper thread the main thread reads the second half after
# the first: the same sums, and an error on the line a thread names.
@test "fg-merge: a large file without a second thread: the same output, errors on the same line" {
	nothreads
	big >"$BATS_TEST_TMPDIR/in"
	fg-merge "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/two"
	LD_PRELOAD=$NOTHREADS fg-merge "$BATS_TEST_TMPDIR/in" | cmp - "$BATS_TEST_TMPDIR/two"
	[ -e "$NOTHREADS.called" ]
	big | awk 'NR == 35000 { print "main;bad" } { print }' >"$BATS_TEST_TMPDIR/in"
	runsh "LD_PRELOAD=$NOTHREADS fg-merge $BATS_TEST_TMPDIR/in"
	status_is 1
	[ "$output" = "fg-merge: $BATS_TEST_TMPDIR/in:35000: count missing" ]
}

# The halves of a large file are read apart, each watched for a change:
# they read as a pipe does all the same.
@test "fg-merge: a large watched file: CRLF, no final newline, a NUL byte, as from a pipe" {
	big | sed 's/$/\r/' | head -c -2 >"$BATS_TEST_TMPDIR/in"
	[ "$(tail -c 1 "$BATS_TEST_TMPDIR/in")" != "" ]
	runsh "fg-merge <$BATS_TEST_TMPDIR/in >$BATS_TEST_TMPDIR/one"
	status_is 0
	runsh "fg-merge $BATS_TEST_TMPDIR/in | cmp - $BATS_TEST_TMPDIR/one"
	status_is 0
	big | awk 'NR == 38000 { print "main;x@ 1" } { print }' | tr @ '\0' >"$BATS_TEST_TMPDIR/in"
	run fg-merge "$BATS_TEST_TMPDIR/in"
	status_is 1
	[ "$output" = "fg-merge: $BATS_TEST_TMPDIR/in:38000: NUL byte in input" ]
}

@test "fg-merge: a large file's counts header holds for its second half too" {
	{ echo '# fg: counts=1'; big | sed 1d; echo 'main;worker 12 3'; } >"$BATS_TEST_TMPDIR/in"
	runsh "fg-merge <$BATS_TEST_TMPDIR/in >$BATS_TEST_TMPDIR/one"
	status_is 0
	grep -qx 'main;worker 12 3' "$BATS_TEST_TMPDIR/one"
	runsh "fg-merge $BATS_TEST_TMPDIR/in | cmp - $BATS_TEST_TMPDIR/one"
	status_is 0
}

@test "fg-merge --files-from: the files a list names, after the operands, each an input of its own" {
	local t=$BATS_TEST_TMPDIR d i
	printf '# fg: unit=bytes\na;b 1\n' >"$t/1.folded"
	printf '# fg: unit=bytes\na;b 2\na;c 1\n' >"$t/2.folded"
	printf '# fg: unit=bytes\nz 5\n' >"$t/3.folded"
	printf '%s\n\n%s\n' "$t/2.folded" "$t/3.folded" >"$t/list"
	cmp <(fg-merge --files-from "$t/list" "$t/1.folded") <(fg-merge "$t/1.folded" "$t/2.folded" "$t/3.folded")
	cmp <(fg-merge --files-from - <"$t/list") <(fg-merge "$t/2.folded" "$t/3.folded")
	cmp <(fg-merge -s --files-from "$t/list") <(fg-merge -s "$t/2.folded" "$t/3.folded")
	# more and longer names than xargs puts on one command line: one run
	d=$t/$(printf 'd%.0s' {1..200})/$(printf 'e%.0s' {1..90})
	mkdir -p "$d"
	for ((i = 0; i < 600; i++)); do
		printf 'main;f%d %d\nmain %d\n' $((i % 37)) $((i + 1)) 1 >"$d/$(printf 'p%04d' "$i").folded"
	done
	ls "$d"/*.folded >"$t/long"
	[ "$(head -1 "$t/long" | wc -c)" -gt 300 ]
	[ "$(wc -c <"$t/long")" -gt 131072 ]
	cmp <(fg-merge --files-from "$t/long") <(cat "$d"/*.folded | fg-merge)
	# an empty list and no operand: no input, nothing printed
	: >"$t/empty"
	run fg-merge --files-from "$t/empty"
	status_is 0
	[ -z "$output" ]
	# a list from standard input cannot name it; a name of no file is one
	run bash -c "printf '%s\n-\n' '$t/1.folded' | fg-merge --files-from -"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:2: standard input is the list of files: it cannot be one of them" ]
	printf '%s\n' "$t/none" >"$t/bad"
	run fg-merge --files-from "$t/bad"
	status_is 1
	[ "$output" = "fg-merge: $t/none: No such file or directory" ]
	run fg-merge --files-from "$t/nolist"
	status_is 1
	[ "$output" = "fg-merge: $t/nolist: No such file or directory" ]
}

@test "fg-merge: a decimal count far below 1 keeps 15 significant digits, and reads back the same" {
	printf 'a 0.000000000000001234\nb 0.00000000000000000002\nc 0.5\n' >"$BATS_TEST_TMPDIR/in"
	run fg-merge "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "a 0.000000000000001234
b 0.00000000000000000002
c 0.5" ]
	fg-merge "$BATS_TEST_TMPDIR/in" | fg-merge >"$BATS_TEST_TMPDIR/again"
	[ "$(cat "$BATS_TEST_TMPDIR/again")" = "$output" ]
}
