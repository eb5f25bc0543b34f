#!/usr/bin/env bats
# callgrind-fold: callgrind's profiles to folded stacks
#
# Fixtures ($DATA/callgrind, see its README): two recordings made with
# valgrind 3.19.0, speedscope's test profiles and the stacks of its
# snapshots.  speedscope's importer is the reference: its snapshots,
# and, where Chromium and speedscope's release are installed, the real
# speedscope opening a recording (tests/browser/speedscope.cjs).

load helper

C=$DATA/callgrind

# snap NAME: speedscope's snapshot stacks, weights as plain numbers
# (its time formatter's µs and ns made nanoseconds), added up, sorted
snap() {
	sed -E 's/ ([0-9.]+)µs$/ \1e3/; s/ ([0-9.]+)ns$/ \1/' "$C/$1.snap" |
		awk '{ v = $NF + 0; $NF = sprintf("%d", v + 0.5) } 1' | fg-merge
}

@test "callgrind-fold --speedscope: speedscope's test profiles fold to its snapshots' stacks" {
	for f in example cfn-reset name-compression subposition-compression; do
		diff <(callgrind-fold --speedscope --no-header "$C/callgrind.$f.log" 2>/dev/null) <(snap "$f")
	done
	# Xdebug's Time_(10ns) in nanoseconds, its first event
	diff <(callgrind-fold --speedscope --no-header "$C/callgrind.multiple-event-types.log") <(snap multiple-event-types)
	run callgrind-fold "$C/callgrind.multiple-event-types.log"
	[ "${lines[0]}" = "# fg: unit=nanoseconds" ]
	[ "${lines[1]}" = "# fg: countname=Time_(10ns)" ]
	# and its second, in bytes, as speedscope prints them (KB of 1024)
	run callgrind-fold --event 'Memory_(bytes)' "$C/callgrind.multiple-event-types.log"
	[ "${lines[0]}" = "# fg: unit=bytes" ]
	diff <(grep -v '^#' <<<"$output" | awk '{ $NF = sprintf("%.2f KB", $NF / 1024) } 1' | sort) \
	    <(sort "$C/multiple-event-types-2.snap")
}

@test "callgrind-fold: a graph whose calls do not add up to its costs is folded, with a warning" {
	# speedscope's cfn-reset profile: alpha's calls cost 40, its own
	# lines 10, its callees' lines 30
	run bash -c "callgrind-fold '$C/callgrind.cfn-reset.log' 2>&1 >/dev/null"
	[ "$output" = "callgrind-fold: $C/callgrind.cfn-reset.log: the stacks add up to 50, the self costs to 40: the calls' inclusive costs do not match the callees' costs" ]
	printf 'events: Ir\nfn=a\n1 5\ncfn=b\ncalls=1 1\n1 3\nfn=b\n1 3\ncfn=a\ncalls=1 1\n1 8\n' >"$BATS_TEST_TMPDIR/cycle"
	run callgrind-fold "$BATS_TEST_TMPDIR/cycle"
	status_is 0
	[ "$output" = "callgrind-fold: $BATS_TEST_TMPDIR/cycle: the stacks add up to 0, the self costs to 8: every function is called by another, no call tree has a root" ]
}

@test "callgrind-fold: a real recording adds up to callgrind's summary" {
	for f in prog-all prog; do
		want=$(gzip -dc "$C/$f.callgrind.gz" | sed -n 's/^summary: \([0-9]*\).*/\1/p')
		run callgrind-fold "$C/$f.callgrind.gz"
		status_is 0
		[ "${lines[0]}" = "# fg: countname=Ir" ]
		[ "$(grep -v '^#' <<<"$output" | awk '{ t += $NF } END { print t }')" = "$want" ]
	done
	# the program's own calls under main (work inlined), a recursion entered once
	grep -q ';main;snprintf;__vsnprintf_internal;' <<<"$output"
	grep -q ';main;fib;fib.2 ' <<<"$output"
	# another event of the nine, with --event
	want=$(gzip -dc "$C/prog-all.callgrind.gz" | sed -n 's/^summary: \([0-9]*\) \([0-9]*\).*/\2/p')
	run callgrind-fold --no-header --event Dr "$C/prog-all.callgrind.gz"
	status_is 0
	[ "$(awk '{ t += $NF } END { print t }' <<<"$output")" = "$want" ]
}

@test "callgrind-fold --speedscope: a recording's self and total per function are the real speedscope's" {
	gzip -dc "$C/prog.callgrind.gz" >"$BATS_TEST_TMPDIR/callgrind.out.prog"
	speedscope "$BATS_TEST_TMPDIR/callgrind.out.prog"
	callgrind-fold --speedscope --no-header "$BATS_TEST_TMPDIR/callgrind.out.prog" >"$BATS_TEST_TMPDIR/f"
	# the sandwich's rows: TOTAL SELF NAME FILE, by name (the file's
	# words are the last; names such as "(below main)" have blanks)
	grep '^row=' "$BATS_TEST_TMPDIR/b.out" | sed 's/^row=//; s/ [^ ]*$//' >"$BATS_TEST_TMPDIR/rows"
	diff <(awk '$2 { n = $3; for (i = 4; i <= NF; i++) n = n " " $i; s[n] += $2 } END { for (k in s) print k, s[k] }' "$BATS_TEST_TMPDIR/rows" | sort) \
	    <(awk '{ w = $NF; sub(/ [0-9]+$/, ""); n = split($0, a, ";"); s[a[n]] += w } END { for (k in s) print k, s[k] }' "$BATS_TEST_TMPDIR/f" | sort)
	# totals, of the names one function has ("(below main)" of two files
	# is two functions, one under the other: each counts its total)
	awk '{ n = $3; for (i = 4; i <= NF; i++) n = n " " $i; s[n] = $1; c[n]++ }
	    END { for (k in s) if (c[k] == 1) print k, s[k] }' "$BATS_TEST_TMPDIR/rows" | sort >"$BATS_TEST_TMPDIR/t"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/t")" -gt 25 ]
	awk '{ w = $NF; sub(/ [0-9]+$/, ""); n = split($0, a, ";"); delete seen
	    for (i = 1; i <= n; i++) if (!seen[a[i]]++) s[a[i]] += w } END { for (k in s) print k, s[k] }' \
	    "$BATS_TEST_TMPDIR/f" | sort >"$BATS_TEST_TMPDIR/mine"
	diff "$BATS_TEST_TMPDIR/t" <(grep -Fx -f "$BATS_TEST_TMPDIR/t" "$BATS_TEST_TMPDIR/mine")
}

@test "callgrind-fold: positions, subpositions, names, jumps and comments as the format has them" {
	cat >"$BATS_TEST_TMPDIR/p" <<-'EOT'
	# callgrind format
	version: 1
	positions: instr line
	events: Ir Dr

	ob=(1) /bin/x
	fl=(1) a.c
	fn=(1) main
	0x10 3 5 1
	+2 * 5
	-1 -1 2
	jump=1 +4
	* *
	jcnd=2/1 0x20 *
	+4 4
	cfl=(2) b;c.c
	cfn=(2) w;x
	calls=2 0x40 7
	* * 10 3
	fl=(2)
	fn=(2)
	0x40 7 10 3
	EOT
	run callgrind-fold "$BATS_TEST_TMPDIR/p"
	status_is 0
	[ "$output" = '# fg: countname=Ir
main 12
main;w:x 10' ] || { echo "$output"; return 1; }
	run callgrind-fold --no-header --event Dr "$BATS_TEST_TMPDIR/p"
	[ "$output" = 'main 1
main;w:x 3' ] || { echo "$output"; return 1; }
}

@test "callgrind-fold: several files add up; files that count other events are an error" {
	run callgrind-fold --no-header "$C/callgrind.example.log" "$C/callgrind.name-compression.log"
	status_is 0
	[ "$(awk '{ t += $NF } END { print t }' <<<"$output")" = 1640 ]
	fails_with "callgrind-fold: $C/callgrind.multiple-event-types.log:7: it counts Time_(10ns), the files before it Instructions: fold them apart, or give --event" \
	    callgrind-fold "$C/callgrind.example.log" "$C/callgrind.multiple-event-types.log"
}

@test "callgrind-fold: bad profiles name the file and line, nothing on stdout" {
	local t=$BATS_TEST_TMPDIR
	printf 'events: Ir\nfn=(1)\n' >"$t/a"
	fails_with "callgrind-fold: $t/a:2: name (1) used before it is defined" callgrind-fold "$t/a"
	printf 'events: Ir\nfn=(1) a\nfn=(1) b\n' >"$t/b"
	fails_with "callgrind-fold: $t/b:3: name (1) defined again" callgrind-fold "$t/b"
	printf 'events: Ir\nfn=a\n1 x\n' >"$t/c"
	fails_with "callgrind-fold: $t/c:3: bad cost 'x'" callgrind-fold "$t/c"
	printf 'fn=a\n1 2\n' >"$t/d"
	fails_with "callgrind-fold: $t/d:2: a cost line before the events: line" callgrind-fold "$t/d"
	printf 'events: Ir\nevents: Dr\n' >"$t/e"
	fails_with "callgrind-fold: $t/e:2: a second events: line" callgrind-fold "$t/e"
	fails_with "callgrind-fold: $t/e:1: no event Xy here (--event)" callgrind-fold --event Xy "$t/e"
	printf 'events: Ir\nfn=a\ncfn=b\ncalls=1 2\n' >"$t/f"
	fails_with "callgrind-fold: $t/f:4: a call or jump without its cost line" callgrind-fold "$t/f"
	printf 'events: Ir\nfn=a\nthis is not callgrind\n' >"$t/g"
	fails_with "callgrind-fold: $t/g:3: not a line of a callgrind profile" callgrind-fold "$t/g"
	printf 'events: Ir\nfn=a\n1 2 3\n' >"$t/h"
	fails_with "callgrind-fold: $t/h:3: more costs than the 1 events" callgrind-fold "$t/h"
	printf 'events: Ir\nfn=a\n1 2\n2 -3\n' >"$t/i"
	fails_with "callgrind-fold: $t/i:4: cost '-3' is below 0" callgrind-fold "$t/i"
	printf 'events:\n' >"$t/j"
	fails_with "callgrind-fold: $t/j:1: no events on the events: line" callgrind-fold "$t/j"
}

@test "callgrind-fold: an empty file is no samples; --max-size bounds a file" {
	: >"$BATS_TEST_TMPDIR/empty"
	run callgrind-fold "$BATS_TEST_TMPDIR/empty"
	status_is 0
	[ -z "$output" ]
	fails_with "callgrind-fold: $C/callgrind.example.log: input size exceeds 100 bytes (--max-size)" callgrind-fold --max-size 100 "$C/callgrind.example.log"
}
