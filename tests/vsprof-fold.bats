#!/usr/bin/env bats
# vsprof-fold: Visual Studio's CallTreeSummary CSV to folded stacks
#
# Fixtures ($DATA/vsprof, see its README): inferno's test report and
# inferno-collapse-vsprof's stacks of it; the rest made here.

load helper

V=$DATA/vsprof

# dups FILE: the stacks that name the same function twice under one
# caller in the report (its paths of Level and name met more than once)
dups() {
	tr -d '\r' <"$1" | awk -F'"' 'NR > 1 && NF > 1 {
		split($1, l, ","); d = l[1] + 0; path[d] = $2; s = path[1]
		for (i = 2; i <= d; i++) s = s ";" path[i]
		if (d > 0 && seen[s]++ == 1) print s
	}'
}

# stacks FILE...: folded lines less those whose stack is in dups
nodups() {
	grep -v -F -f <(dups "$V/CallTreeSummary.csv" | sed 's/$/ /') "$@"
}

@test "vsprof-fold: inferno's stacks and counts, but a function met twice under one caller adds up" {
	vsprof-fold --no-header "$V/CallTreeSummary.csv" >"$BATS_TEST_TMPDIR/out"
	gzip -dc "$V/vsprof-default.txt.gz" | tr -d '\r' | fg-merge >"$BATS_TEST_TMPDIR/want"
	# five stacks of the report are written twice (List`1..ctor() for
	# two types, ...): inferno keeps the last count, vsprof-fold the sum
	[ "$(dups "$V/CallTreeSummary.csv" | wc -l)" = 5 ]
	diff <(nodups "$BATS_TEST_TMPDIR/out") <(nodups "$BATS_TEST_TMPDIR/want")
	[ "$(wc -l <"$BATS_TEST_TMPDIR/out")" = "$(wc -l <"$BATS_TEST_TMPDIR/want")" ]
}

@test "vsprof-fold: inferno's rules on a small report: calls less the last callee's, level 0 replaced" {
	# A (10 calls) calls B (4), which calls C (3) and D (1); then A's
	# sibling E (2).  D is written with 1; popping to E writes B with
	# 4 - 1 = 3 and A with 10 - 3 = 7; C's 3 is written when D replaces
	# it.  The level-0 module is the first level-1 line's to replace.
	printf 'Level,Function Name,Number of Calls,Elapsed Inclusive Time %%,Module Name,\n' >"$BATS_TEST_TMPDIR/s.csv"
	printf '0,"app.exe",0,100.00,"",\n1,"A()",10,9.0,"app.exe",\n2,"B(int32)",4,1.0,"app.exe",\n' >>"$BATS_TEST_TMPDIR/s.csv"
	printf '3,"C()",3,1.0,"x.dll",\n3,"D()",1,1.0,"x.dll",\n1,"E()",2,1.0,"app.exe",\n' >>"$BATS_TEST_TMPDIR/s.csv"
	run vsprof-fold "$BATS_TEST_TMPDIR/s.csv"
	status_is 0
	[ "$output" = '# fg: countname=calls
A() 7
A();B(int32) 3
A();B(int32);C() 3
A();B(int32);D() 1
E() 2' ] || { echo "$output"; return 1; }
}

@test "vsprof-fold: a callee met twice adds up; thousands separators of any locale" {
	printf 'Level,Function Name,Number of Calls\n1,"A()",5000,\n2,"f()","1.234",\n2,"f()","1 000",\n' >"$BATS_TEST_TMPDIR/d.csv"
	run vsprof-fold --no-header "$BATS_TEST_TMPDIR/d.csv"
	status_is 0
	[ "$output" = 'A();f() 2234' ] || { echo "$output"; return 1; }
}

@test "vsprof-fold: names with ';' and line breaks, blank lines, CRLF, a byte order mark" {
	printf '\xef\xbb\xbfLevel,Function Name,Number of Calls\r\n\r\n1,"a;b(""x"")\nc",3\r\n' >"$BATS_TEST_TMPDIR/n.csv"
	run vsprof-fold --no-header "$BATS_TEST_TMPDIR/n.csv"
	status_is 0
	[ "$output" = 'a:b("x") c 3' ]
}

@test "vsprof-fold: bad lines name the file and line, nothing on stdout" {
	local t=$BATS_TEST_TMPDIR h='Level,Function Name,Number of Calls'
	printf 'This is not a correct header\n' >"$t/h.csv"
	fails_with "vsprof-fold: $t/h.csv:1: not the header of a CallTreeSummary report (Level,Function Name,Number of Calls,...)" vsprof-fold "$t/h.csv"
	printf '%s\n0,"m",0\nx,"f",1\n' "$h" >"$t/l.csv"
	fails_with "vsprof-fold: $t/l.csv:3: bad level 'x'" vsprof-fold "$t/l.csv"
	printf '%s\n0,"m",0\n1,"f(int32)\n' "$h" >"$t/q.csv"
	fails_with "vsprof-fold: $t/q.csv:3: a quoted field is not closed" vsprof-fold "$t/q.csv"
	for n in '"4,718.25"' '"2893824x"' '"28,93824"' '"2,89"' '-3' ''; do
		printf '%s\n1,"f",%s,\n' "$h" "$n" >"$t/n.csv"
		v=${n#\"}
		fails_with "vsprof-fold: $t/n.csv:2: bad number of calls '${v%\"}'" vsprof-fold "$t/n.csv"
	done
	printf '%s\n0\n' "$h" >"$t/f.csv"
	fails_with "vsprof-fold: $t/f.csv:2: no function name" vsprof-fold "$t/f.csv"
	printf '%s\n1,"a",1\n3,"b",1\n' "$h" >"$t/s.csv"
	fails_with "vsprof-fold: $t/s.csv:3: level 3 after level 1: a level skipped" vsprof-fold "$t/s.csv"
}

@test "vsprof-fold: an empty file is no samples, a header alone too" {
	: >"$BATS_TEST_TMPDIR/empty"
	run vsprof-fold "$BATS_TEST_TMPDIR/empty"
	status_is 0
	[ -z "$output" ]
	printf 'Level,Function Name,Number of Calls\n' >"$BATS_TEST_TMPDIR/h.csv"
	run vsprof-fold "$BATS_TEST_TMPDIR/h.csv"
	status_is 0
	[ -z "$output" ]
}
