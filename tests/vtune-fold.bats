#!/usr/bin/env bats
# vtune-fold: Intel VTune's top-down CSV report to folded stacks
#
# Fixtures ($DATA/vtune, see its README): inferno's test report and
# inferno-collapse-vtune's stacks of it; the rest made here.

load helper

V=$DATA/vtune

# inferno_stacks NAME: inferno's stacks, sorted as fg sorts them
inferno_stacks() {
	gzip -dc "$V/$1.txt.gz" | tr -d '\r' | fg-merge
}

@test "vtune-fold: inferno's stacks and counts, with modules and without" {
	diff <(vtune-fold --no-header "$V/vtune.csv") <(inferno_stacks vtune-default)
	diff <(vtune-fold --no-header --no-modules "$V/vtune.csv") <(inferno_stacks vtune-no-modules)
}

@test "vtune-fold: the unit header, and --no-header" {
	run vtune-fold "$V/vtune.csv"
	status_is 0
	[ "${lines[0]}" = "# fg: unit=milliseconds" ]
	[ "${lines[1]}" = "# fg: countname=CPU time" ]
	n=$(inferno_stacks vtune-default | wc -l)
	[ "${#lines[@]}" = $((n + 2)) ]
	run vtune-fold --no-header "$V/vtune.csv"
	[[ "${lines[0]}" != "#"* ]]
	[ "${#lines[@]}" = "$n" ]
}

@test "vtune-fold: seconds rounded to milliseconds half away from zero; zero self time writes nothing" {
	printf 'Function Stack,CPU Time:Self,Module\nTotal,0.0,[Unknown]\n a,0.0005,m\n b,0.0004999,m\n c,1.2345,m\n  d,3,x\n' >"$BATS_TEST_TMPDIR/r.csv"
	run vtune-fold --no-header "$BATS_TEST_TMPDIR/r.csv"
	status_is 0
	[ "$output" = '[Unknown]`Total;m`a 1
[Unknown]`Total;m`c 1235
[Unknown]`Total;m`c;x`d 3000' ]
}

@test "vtune-fold: columns by name, quoted fields (RFC 4180), notes before the header, a byte order mark" {
	# VTune's notes, then a header with the columns after the first in
	# another order and one more; a name with a comma, a doubled quote, a
	# line break and a ';'
	printf '\xef\xbb\xbfwar:Column filter is ON.\n\nFunction Stack,Module,Extra,CPU Time:Self\r\n' >"$BATS_TEST_TMPDIR/q.csv"
	printf 'main,app,x,0.001\r\n' >>"$BATS_TEST_TMPDIR/q.csv"
	printf ' "f<a,b>",lib,"a, b",0.002\n' >>"$BATS_TEST_TMPDIR/q.csv"
	printf ' "g\nh;i","my ""lib""",,0.003\n' >>"$BATS_TEST_TMPDIR/q.csv"
	printf '  k,,,0.004\n   \n' >>"$BATS_TEST_TMPDIR/q.csv"
	run vtune-fold --no-header "$BATS_TEST_TMPDIR/q.csv"
	status_is 0
	[ "$output" = 'app`main 1
app`main;lib`f<a,b> 2
app`main;my "lib"`g h:i 3
app`main;my "lib"`g h:i;k 4' ] || { echo "$output"; return 1; }
}

@test "vtune-fold: several files and standard input add up" {
	run vtune-fold --no-header "$V/vtune.csv" - <"$V/vtune.csv"
	status_is 0
	diff <(echo "$output") <(inferno_stacks vtune-default | awk '{ $NF = 2 * $NF } 1')
}

@test "vtune-fold: bad lines name the file and line, nothing on stdout" {
	local t=$BATS_TEST_TMPDIR
	sed '7s/.*/     BAD STACK LINE/' "$V/vtune.csv" >"$t/bad.csv"
	fails_with "vtune-fold: $t/bad.csv:7: no CPU Time:Self (field 2) on this line" vtune-fold "$t/bad.csv"
	sed '2s/0.0/INVALID TIME/' "$V/vtune.csv" >"$t/time.csv"
	fails_with "vtune-fold: $t/time.csv:2: bad CPU Time:Self 'INVALID TIME'" vtune-fold "$t/time.csv"
	for v in -1 1e3 1.2.3 . inf; do
		printf 'Function Stack,CPU Time:Self,Module\nTotal,%s,m\n' "$v" >"$t/v.csv"
		fails_with "vtune-fold: $t/v.csv:2: bad CPU Time:Self '$v'" vtune-fold "$t/v.csv"
	done
	sed '7s/^/ /' "$V/vtune.csv" >"$t/skip.csv"
	fails_with "vtune-fold: $t/skip.csv:7: depth 6 after depth 4: a level skipped" vtune-fold "$t/skip.csv"
	printf 'Function Stack,Module\n' >"$t/nocol.csv"
	fails_with "vtune-fold: $t/nocol.csv:1: no 'CPU Time:Self' column in the header" vtune-fold "$t/nocol.csv"
	printf 'Function Stack,CPU Time:Self\n"open,1\n' >"$t/open.csv"
	fails_with "vtune-fold: $t/open.csv:2: a quoted field is not closed" vtune-fold "$t/open.csv"
	printf 'Function Stack,CPU Time:Self\n"a"b,1\n' >"$t/after.csv"
	fails_with "vtune-fold: $t/after.csv:2: text after a closing quote in field 1" vtune-fold "$t/after.csv"
}

@test "vtune-fold: no header is the wrong format; an empty file is no samples" {
	local t=$BATS_TEST_TMPDIR
	printf 'war:Column filter is ON.\n' >"$t/notes.csv"
	fails_with "vtune-fold: $t/notes.csv: no 'Function Stack,CPU Time:Self,...' header line: is this VTune's top-down CSV report (vtune -report top-down -format csv)?" vtune-fold "$t/notes.csv"
	printf 'a;b 3\n' >"$t/x.folded"
	run vtune-fold "$t/x.folded"
	status_is 1
	: >"$t/empty"
	run vtune-fold "$t/empty"
	status_is 0
	[ -z "$output" ]
	printf 'Function Stack,CPU Time:Self,Module\n' >"$t/head.csv"
	run vtune-fold "$t/head.csv"
	status_is 0
	[ -z "$output" ]
}

@test "vtune-fold: stacks in the suite's sorted order (a name that begins another, a child's own line)" {
	printf 'Function Stack,CPU Time:Self,Module\nb,0.001,\n x,0.001,\nb::x,0.001,\n y,0.001,\nb2,0.001,\nb.z,0.001,\n q,0.001,\na,0.001,\n' >"$BATS_TEST_TMPDIR/o.csv"
	run vtune-fold --no-header "$BATS_TEST_TMPDIR/o.csv"
	status_is 0
	diff <(echo "$output") <(echo "$output" | fg-merge)
	[ "${lines[1]}" = 'b 1' ]
	[ "${lines[2]}" = 'b.z 1' ]
}
