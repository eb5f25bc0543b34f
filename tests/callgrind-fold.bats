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

# --- callgrind_annotate as the reference (cxx and plain: see $C/README) ---

# annrows REPORT: callgrind_annotate's function rows, "NAME<TAB>COST<TAB>CALLED"
# (CALLED 1 when --tree=caller shows callers; the file and object left out)
annrows() {
	awk '
		/ file:function$/ { on = 1; next }
		!on { next }
		/^ *$/ { called = 0; next }
		/^ *[0-9,]+ / {
			v = $1; gsub(/,/, "", v)
			sub(/^ *[0-9,]+ +(\([ 0-9.]+%\) +)?/, "")
			if (sub(/^< +/, "")) { called = 1; next }
			sub(/^\* +/, "")
			sub(/ \[(\/[^]]*|\?\?\?)\]$/, ""); sub(/^[^:]*:/, ""); gsub(/;/, ":")
			print $0 "\t" v "\t" called
		}' "$1"
}
# annself REPORT: "NAME<TAB>SELF", a name's rows (one a file it has code
# in, inlined code's included) added up
annself() {
	annrows "$1" | awk -F'\t' '{ s[$1] += $2 } END { for (k in s) print k "\t" s[k] }' | sort
}
# annincl REPORT: "NAME<TAB>INCLUSIVE": of its row with callers (its
# inlined code's rows are within it), or of all its rows for a root; not
# for callgrind's recursions (NAME'2, whose calls of itself its inclusive
# cost counts again) nor a name of two called functions of two files
annincl() {
	annrows "$1" | awk -F'\t' '$1 !~ /\047[0-9]+$/ { a[$1] += $2; if ($3) { c[$1] += $2; n[$1]++ } }
		END { for (k in a) if (!(k in n)) print k "\t" a[k]; else if (n[k] == 1) print k "\t" c[k] }' | sort
}
# mine FOLDED: "NAME<TAB>SELF<TAB>TOTAL<TAB>STACKS": its stacks' self and
# total (of the stacks that hold it) and how many of them hold it
mine() {
	awk '!/^#/ { w = $NF; sub(/ [0-9]+$/, ""); n = split($0, a, ";"); self[a[n]] += w; delete seen
		for (i = 1; i <= n; i++) if (!seen[a[i]]++) { tot[a[i]] += w; st[a[i]]++ } }
		END { for (k in tot) print k "\t" self[k] + 0 "\t" tot[k] "\t" st[k] }' "$1" | sort
}
# off: the rows "NAME MINE THEIRS STACKS" whose two costs differ by more
# than the rounding of the stacks that hold NAME (each stack's count is a
# rounded step of a running total: less than 1 off)
off() {
	awk -F'\t' '{ d = $2 - $3; if (d < 0) d = -d; if (d > $4 + 0) print }'
}

@test "callgrind-fold: real g++ -O2 and cc -O1 recordings add up to their summary, each function's self and inclusive cost callgrind_annotate's" {
	local t=$BATS_TEST_TMPDIR
	for f in cxx plain; do
		gzip -dc "$C/$f.callgrind.gz" >"$t/$f.callgrind"
		# callgrind_annotate's reports: run here when it is installed (and
		# then they must be the ones stored), else those stored beside the
		# recording, made by callgrind_annotate of valgrind 3.19.0
		gzip -dc "$C/$f.annotate-self.txt.gz" >"$t/$f.self"
		gzip -dc "$C/$f.annotate-incl.txt.gz" >"$t/$f.incl"
		if command -v callgrind_annotate >/dev/null; then
			(cd "$t" && callgrind_annotate --threshold=100 --auto=no "$f.callgrind") >"$t/$f.self.live"
			(cd "$t" && callgrind_annotate --threshold=100 --auto=no --inclusive=yes --tree=caller "$f.callgrind") >"$t/$f.incl.live"
			diff <(annrows "$t/$f.self") <(annrows "$t/$f.self.live")
			diff <(annrows "$t/$f.incl") <(annrows "$t/$f.incl.live")
			mv "$t/$f.self.live" "$t/$f.self"
			mv "$t/$f.incl.live" "$t/$f.incl"
		else
			echo "# callgrind_annotate absent: its stored reports" >&3
		fi
		callgrind-fold --no-header "$t/$f.callgrind" >"$t/$f.folded" 2>"$t/$f.err"
		[ ! -s "$t/$f.err" ] || { cat "$t/$f.err"; return 1; }
		# the total: the file's summary: and totals:, annotate's PROGRAM TOTALS
		want=$(sed -n 's/^summary: \([0-9]*\).*/\1/p' "$t/$f.callgrind")
		[ "$want" = "$(sed -n 's/^totals: \([0-9]*\).*/\1/p' "$t/$f.callgrind")" ]
		[ "$want" = "$(sed -n 's/^ *\([0-9,]*\) .* PROGRAM TOTALS$/\1/p' "$t/$f.self" | tr -d ,)" ]
		[ "$(awk '{ t += $NF } END { print t }' "$t/$f.folded")" = "$want" ]
		# self, every function; inclusive, every one annincl gives
		mine "$t/$f.folded" >"$t/$f.mine"
		annself "$t/$f.self" | grep -v '^PROGRAM TOTALS' >"$t/$f.aself"
		annincl "$t/$f.incl" | grep -v '^PROGRAM TOTALS' >"$t/$f.aincl"
		join -t$'\t' -a1 -a2 -e0 -o 0,1.2,2.2,1.4 "$t/$f.mine" "$t/$f.aself" >"$t/$f.selfs"
		join -t$'\t' -a2 -e0 -o 0,1.3,2.2,1.4 "$t/$f.mine" "$t/$f.aincl" >"$t/$f.incls"
		[ "$(wc -l <"$t/$f.selfs")" -gt 200 ]
		[ "$(wc -l <"$t/$f.incls")" -gt 200 ]
		diff /dev/null <(off <"$t/$f.selfs")
		diff /dev/null <(off <"$t/$f.incls")
	done
	# the C++ program's own calls, from main's inlined std::sort (fi=stl_algo.h)
	grep -q ';main;void std::__introsort_loop<' "$t/cxx.folded"
	grep -q ';main;void std::__insertion_sort<' "$t/cxx.folded"
	[ "$(grep -c '^void std::__introsort_loop<' "$t/cxx.folded")" = 0 ]
}

@test "callgrind-fold: a call without cfi= from inlined code (fi=, fe=) is of the inlined code's file" {
	printf '%s\n' 'events: Ir' 'fl=main.c' 'fn=main' '1 1' 'fi=algo.h' 'cfn=sort' 'calls=1 1' '2 10' \
	    'fe=main.c' '3 1' 'cfn=sort' 'calls=1 1' '4 5' 'fl=algo.h' 'fn=sort' '5 10' 'fl=main.c' 'fn=sort' '6 5' \
	    >"$BATS_TEST_TMPDIR/p"
	run callgrind-fold --no-header "$BATS_TEST_TMPDIR/p"
	status_is 0
	# algo.h's sort under the fi=, main.c's after the fe=: one stack each
	[ "$output" = 'main 2
main;sort 15' ] || { echo "$output"; return 1; }
	# fl= ends the fi=: its cfn= is of fl='s file
	printf '%s\n' 'events: Ir' 'fl=a.c' 'fn=main' '1 1' 'fi=b.h' '2 1' 'fl=a.c' 'fn=g' '3 1' 'cfn=h' 'calls=1 1' '4 2' \
	    'fn=h' '5 2' 'fl=b.h' 'fn=h' '6 7' >"$BATS_TEST_TMPDIR/q"
	run callgrind-fold --no-header "$BATS_TEST_TMPDIR/q"
	[ "$output" = 'g 1
g;h 2
h 7
main 2' ] || { echo "$output"; return 1; }
}

@test "callgrind-fold: a function's call of itself (callgrind's f'2) is not counted twice; --speedscope counts it as speedscope does" {
	# f'2 (every level of the recursion below the first): self 3, g 3;
	# its calls of itself 2, within those
	printf '%s\n' 'events: Ir' 'fn=main' '1 1' 'cfn=f' 'calls=1 1' '1 10' 'fn=f' '1 4' "cfn=f'2" 'calls=1 1' '1 6' \
	    "fn=f'2" '1 3' "cfn=f'2" 'calls=1 1' '1 2' 'cfn=g' 'calls=1 1' '1 3' 'fn=g' '1 3' >"$BATS_TEST_TMPDIR/r"
	run callgrind-fold --no-header "$BATS_TEST_TMPDIR/r"
	status_is 0
	[ "$output" = "main 1
main;f 4
main;f;f'2 3
main;f;f'2;g 3" ] || { echo "$output"; return 1; }
	# speedscope's: f'2's total 8, g's share of its 6 is 6 * 3/8
	run callgrind-fold --speedscope --no-header "$BATS_TEST_TMPDIR/r"
	[ "$output" = "main 1
main;f 4
main;f;f'2 4
main;f;f'2;g 2" ] || { echo "$output"; return 1; }
}

# diamond K L: a call graph K diamonds deep (main calls a1 and b1, which
# both call m1, which calls a2 and b2 ... mK), 2^K ways down, and a chain
# of L functions below mK; each function's self cost 1000 or 2000, the
# inclusive costs exact
diamond() {
	awk -v K="$1" -v L="$2" 'BEGIN {
		print "events: Ir"
		for (j = 1; j <= L; j++) {
			printf "fn=chain_function_%06d\n1 1000\n", j
			if (j < L) printf "cfn=chain_function_%06d\ncalls=1 1\n1 %d\n", j + 1, 1000 * (L - j)
		}
		for (i = K; i >= 1; i--) {
			below = i == K ? 1000 * L : 2 * ta
			s = below % 2000 ? 1000 : 2000
			printf "fn=m%d\n1 %d\n", i, s
			if (i == K)
				printf "cfn=chain_function_000001\ncalls=1 1\n1 %d\n", below
			else
				printf "cfn=a%d\ncalls=1 1\n1 %d\ncfn=b%d\ncalls=1 1\n1 %d\n", i + 1, ta, i + 1, ta
			tm = s + below
			printf "fn=a%d\n1 1000\ncfn=m%d\ncalls=1 1\n1 %d\n", i, i, tm / 2
			printf "fn=b%d\n1 1000\ncfn=m%d\ncalls=1 1\n1 %d\n", i, i, tm / 2
			ta = 1000 + tm / 2
		}
		printf "fn=main\n1 1000\ncfn=a1\ncalls=1 1\n1 %d\ncfn=b1\ncalls=1 1\n1 %d\n", ta, ta
	}'
}

# names FOLDED: the bytes of its stacks' lines, their counts left out
# (what --max-output bounds)
names() {
	grep -v '^#' "$1" | sed 's/ [0-9]*$/ /' | wc -c
}

@test "callgrind-fold: a diamond over a chain unfolds into stacks bounded by the file's size (--max-output), the cut weight on the callers, said" {
	local t=$BATS_TEST_TMPDIR
	# 8 ways down a chain of 600, and of 1200: its stacks' bytes grow as
	# the chain's square (32 MB, 127 MB); the default bound is 100 times
	# the file's size
	for l in 600 1200; do
		diamond 3 $l >"$t/d$l"
		callgrind-fold "$t/d$l" >"$t/o$l" 2>"$t/e$l"
		in=$(wc -c <"$t/d$l")
		grep -Eqx "callgrind-fold: $t/d$l: the stacks reach the bound of $((100 * in)) bytes \(--max-output\): [0-9]+ calls not unfolded, [0-9]+ of the weight \([0-9.]+% of [0-9]+\) counted as their callers' own" "$t/e$l" ||
			{ cat "$t/e$l"; return 1; }
		[ "$(names "$t/o$l")" -le $((100 * in)) ]
		# no weight lost: the stacks add up to the self costs
		[ "$(awk '!/^#/ { t += $NF } END { print t }' "$t/o$l")" = \
		    "$(awk '/^fn=/ { getline; t += $2 } END { print t }' "$t/d$l")" ]
	done
	# twice the file, at most about twice the stacks (not four times)
	awk -v a="$(wc -c <"$t/o600")" -v b="$(wc -c <"$t/o1200")" -v x="$(wc -c <"$t/d600")" -v y="$(wc -c <"$t/d1200")" \
	    'BEGIN { r = (b / a) / (y / x); print r; exit !(r < 1.1) }'
	# --max-output sets the bound; a small graph is not cut by default
	diamond 2 30 >"$t/small"
	run callgrind-fold --no-header "$t/small"
	status_is 0
	[ -z "$(callgrind-fold "$t/small" 2>&1 >/dev/null)" ]
	callgrind-fold --max-output 2k "$t/small" >"$t/o" 2>"$t/e"
	grep -q "the stacks reach the bound of 2048 bytes (--max-output)" "$t/e"
	[ "$(names "$t/o")" -le 2048 ]
	[ "$(awk '!/^#/ { t += $NF } END { print t }' "$t/o")" = "$(awk '{ t += $NF } END { print t }' <<<"$output")" ]
	run callgrind-fold --max-output 0 "$t/small"
	status_is 2
	[ "${lines[0]}" = "callgrind-fold: bad size '0'" ]
}

@test "callgrind-fold: self costs that add up past 2^64 - 1 are an error at the line, not a mismatch" {
	local t=$BATS_TEST_TMPDIR
	printf '%s\n' 'events: Ir' 'fn=main' '1 9223372036854775808' '2 9223372036854775807' '3 1' >"$t/a"
	fails_with "callgrind-fold: $t/a:5: the sum of the costs of Ir overflows (it passes 2^64 - 1 here)" callgrind-fold "$t/a"
	# the largest sums are counts (the unfolding's weights are doubles:
	# near 2^64, to their precision)
	printf '%s\n' 'events: Ir' 'fn=main' '1 9223372036854775808' 'cfn=f' 'calls=1 1' '1 9223372036854775807' \
	    'fn=f' '1 9223372036854775807' >"$t/b"
	run callgrind-fold --no-header "$t/b"
	status_is 0
	[[ "${lines[0]}" = 'main 92233720368547758'[01][0-9] ]] || { echo "$output"; return 1; }
	[[ "${lines[1]}" = 'main;f 92233720368547758'[01][0-9] ]] || { echo "$output"; return 1; }
	# Xdebug's 10 ns, counted in nanoseconds
	printf '%s\n' 'events: Time_(10ns)' 'fn=main' '1 1844674407370955162' >"$t/c"
	fails_with "callgrind-fold: $t/c:3: the sum of the costs of Time_(10ns) overflows (it passes 2^64 - 1 here)" callgrind-fold "$t/c"
}

# --- --lines: each line's own cost, callgrind_annotate --auto=yes's ---

# linerec NAME DIR: recording NAME decompressed into DIR, its scratch
# directory made DIR, its program's source beside it (as recorded)
linerec() {
	local src
	gzip -dc "$C/$1.callgrind.gz" | sed "s#/home/user/demo/#$2/#g" >"$2/$1.callgrind"
	case $1 in prog*) src=prog.c ;; cxx) src=cxx.cc ;; *) src=$1.c ;; esac
	cp "$C/$src.txt" "$2/$src"
}
# linecosts DIR FOLDED: "FILE:LINE COST", the own cost of each line, from
# fg-top --by frame's self column, the files under DIR named as
# callgrind_annotate names them (relative to DIR)
linecosts() {
	fg-top --by frame -n 0 --format tsv "$2" |
	    awk -F'\t' -v dir="$1/" 'NR > 1 && (i = index($6, " at ")) && $6 ~ /:[0-9]+$/ {
		p = substr($6, i + 4); if (index(p, dir) == 1) p = substr(p, length(dir) + 1); s[p] += $1 }
		END { for (k in s) print k, s[k] }' | LC_ALL=C sort
}
# annlines REPORT: "FILE:LINE COST" for each line with a cost of each file
# callgrind_annotate --auto=yes --context=N listed whole (its calls,
# "=> ...", left out)
annlines() {
	awk '/^-- Auto-annotated source: / { file = substr($0, 27); st = 1; next }
		st == 1 && /^Ir/ { st = 2; next }
		st == 2 && /^$/ { st = 3; n = 0; next }
		st == 3 && /^$/ { st = 0; next }
		st == 3 && /^[ 0-9,.()%]+=> / { next }
		st == 3 { n++; if (match($0, /^ *[0-9,]+ /)) { v = substr($0, 1, RLENGTH); gsub(/[ ,]/, "", v); print file ":" n, v } }' "$1" |
	    LC_ALL=C sort
}

@test "callgrind-fold --lines: each line's own cost is the stored callgrind_annotate --auto=yes's, the stacks add up to the summary" {
	local t=$BATS_TEST_TMPDIR f
	for f in prog prog-all cxx plain; do
		linerec $f "$t"
		callgrind-fold --lines --full-path "$t/$f.callgrind" >"$t/$f.folded" 2>"$t/$f.err"
		[ ! -s "$t/$f.err" ] || { cat "$t/$f.err"; return 1; }
		want=$(sed -n 's/^summary: \([0-9]*\).*/\1/p' "$t/$f.callgrind")
		[ "$(awk '!/^#/ { t += $NF } END { print t }' "$t/$f.folded")" = "$want" ]
		linecosts "$t" "$t/$f.folded" >"$t/$f.ours"
		# every line annotated, with its cost (annotate lists only the
		# files it finds: the program's own, and for cxx the C++ headers)
		join -a1 -e none -o 0,1.2,2.2 "$C/$f.annotate-lines.txt" "$t/$f.ours" >"$t/$f.both"
		[ "$(wc -l <"$t/$f.both")" -ge 18 ]
		diff /dev/null <(awk '$2 != $3' "$t/$f.both")
		# and no line of the program's own source that annotate has not
		diff <(grep -v / "$C/$f.annotate-lines.txt") <(grep -v / "$t/$f.ours")
	done
	# inlined header code (fi=) on the header's lines
	grep -q '^/usr/include/c++/12/bits/stl_algo.h:[0-9]* ' "$t/cxx.ours"
	# the frames: base names without --full-path
	callgrind-fold --lines --no-header "$t/prog.callgrind" >"$t/base"
	grep -q ';main;fib at prog.c:9 ' "$t/base"
	grep -q ';cmp at prog.c:17 ' "$t/base"
}

@test "callgrind-fold --lines, then fg-top --list: each line's flat cost is callgrind_annotate's, the functions' add up to the summary" {
	local t=$BATS_TEST_TMPDIR f
	for f in prog cxx; do
		linerec $f "$t"
		callgrind-fold --lines --full-path "$t/$f.callgrind" >"$t/$f.folded"
		# every function's lines, flat summed per file and line
		fg-top --list . -e . --format tsv "$t/$f.folded" |
		    awk -F'\t' -v dir="$t/" 'NR > 1 { p = $2; if (index(p, dir) == 1) p = substr(p, length(dir) + 1); s[p ":" $3] += $4 }
			END { for (k in s) print k, s[k] }' | LC_ALL=C sort >"$t/$f.list"
		# the program's own lines: annotate's, as stored
		diff <(grep -v / "$C/$f.annotate-lines.txt") <(grep -v / "$t/$f.list")
		# the function heads' flat add up to the summary (every cost is
		# on a line, or on a function's head without one)
		want=$(sed -n 's/^summary: \([0-9]*\).*/\1/p' "$t/$f.callgrind")
		fg-top --list . -e . --format json "$t/$f.folded" >"$t/$f.json"
		[ "$(node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
			console.log(r.total, r.functions.reduce((a, f) => a + f.flat, 0))' "$t/$f.json")" = "$want $want" ]
	done
}

@test "callgrind-fold --lines: each line's own cost is callgrind_annotate --auto=yes's, run here" {
	command -v callgrind_annotate >/dev/null || absent "callgrind_annotate (valgrind) is not installed"
	local t=$BATS_TEST_TMPDIR f
	for f in prog prog-all cxx plain; do
		linerec $f "$t"
		(cd "$t" && callgrind_annotate --auto=yes --context=100000 --threshold=100 "$f.callgrind") >"$t/$f.ann"
		annlines "$t/$f.ann" >"$t/$f.theirs"
		callgrind-fold --lines --full-path "$t/$f.callgrind" >"$t/$f.folded"
		linecosts "$t" "$t/$f.folded" >"$t/$f.ours"
		[ "$(grep -vc / "$t/$f.theirs")" -ge 10 ]
		# the program's own lines: exactly annotate's, and the stored ones
		diff <(grep -v / "$t/$f.theirs") <(grep -v / "$t/$f.ours")
		diff <(grep -v / "$t/$f.theirs") <(grep -v / "$C/$f.annotate-lines.txt")
		# every other file it found (headers), each line's cost ours
		diff /dev/null <(join -a1 -e none -o 0,1.2,2.2 "$t/$f.theirs" "$t/$f.ours" | awk '$2 != $3')
	done
}

@test "callgrind-fold --lines: positions (instr line, line), subposition compression, fi=/fe=, a call's line" {
	cat >"$BATS_TEST_TMPDIR/p" <<-'EOT'
	events: Ir
	positions: instr line
	fl=(1) /src/a.c
	fn=(1) main
	0x10 3 5
	+2 * 2
	+1 +2 4
	-1 -1 1
	jump=1 +4 +9
	* * 
	fi=(2) /src/inc.h
	+1 40 7
	fe=(1)
	+1 3 1
	cfl=(1)
	cfn=(2) g
	calls=1 0x40 7
	* * 10
	fn=(2)
	0x40 7 6
	+1 +1 4
	EOT
	run callgrind-fold --lines --no-header "$BATS_TEST_TMPDIR/p"
	status_is 0
	# main's own: line 3 (5 + 2, and 1 after the fe=), 5 (4), 4 (1),
	# inc.h:40 (7); a call's cost is its callee's lines', not the caller's
	[ "$output" = 'main at a.c:3 8
main at a.c:4 1
main at a.c:5 4
main at inc.h:40 7
main;g at a.c:7 6
main;g at a.c:8 4' ] || { echo "$output"; return 1; }
	run callgrind-fold --lines --full-path --no-header "$BATS_TEST_TMPDIR/p"
	[ "${lines[3]}" = 'main at /src/inc.h:40 7' ]
	# positions: line alone (callgrind's default), +N, -N and *
	printf '%s\n' 'events: Ir' 'fl=x.c' 'fn=f' '10 1' '+2 2' '* 3' '-5 4' >"$BATS_TEST_TMPDIR/q"
	run callgrind-fold --lines --no-header "$BATS_TEST_TMPDIR/q"
	[ "$output" = 'f at x.c:10 1
f at x.c:12 5
f at x.c:7 4' ] || { echo "$output"; return 1; }
	# no line among the positions, an unknown file ("???"), line 0: the
	# file alone, or the name alone
	printf '%s\n' 'events: Ir' 'positions: instr' 'fl=x.c' 'fn=f' '0x10 1' 'fl=???' 'fn=h' '0x20 2' >"$BATS_TEST_TMPDIR/r"
	run callgrind-fold --lines --no-header "$BATS_TEST_TMPDIR/r"
	[ "$output" = 'f at x.c 1
h 2' ] || { echo "$output"; return 1; }
	# without --lines, the same stacks, their lines summed
	run callgrind-fold --no-header "$BATS_TEST_TMPDIR/p"
	[ "$output" = 'main 20
main;g 10' ] || { echo "$output"; return 1; }
}

@test "callgrind-fold --lines: bad line positions name the file and line; --full-path needs --lines" {
	local t=$BATS_TEST_TMPDIR
	printf 'events: Ir\nfn=a\n3 1\n-4 1\n' >"$t/a"
	fails_with "callgrind-fold: $t/a:4: line '-4' is below 0" callgrind-fold --lines "$t/a"
	printf 'events: Ir\nfn=a\n3000000000 1\n' >"$t/b"
	fails_with "callgrind-fold: $t/b:3: line '3000000000' is past 2^31 - 1" callgrind-fold --lines "$t/b"
	printf 'events: Ir\npositions: instr line\nfn=a\n0x10 0x20 1\n' >"$t/c"
	fails_with "callgrind-fold: $t/c:4: bad line '0x20'" callgrind-fold --lines "$t/c"
	run callgrind-fold --full-path "$t/a"
	status_is 2
	[ "${lines[0]}" = "callgrind-fold: --full-path needs --lines" ]
}

@test "callgrind-fold --lines: the lines' stacks count against --max-output; past it a stack's own cost stays unsplit, said" {
	local t=$BATS_TEST_TMPDIR
	gzip -dc "$C/prog.callgrind.gz" >"$t/p"
	callgrind-fold --lines --max-output 20k "$t/p" >"$t/o" 2>"$t/e"
	[ "$(names "$t/o")" -le 20480 ]
	grep -Eq "the own costs of [0-9]+ stacks not split among their lines \(the frame without a line\)" "$t/e"
	# no weight lost
	[ "$(awk '!/^#/ { t += $NF } END { print t }' "$t/o")" = "$(sed -n 's/^summary: \([0-9]*\).*/\1/p' "$t/p")" ]
	# the default bound, 100 times the file, holds every line
	callgrind-fold --lines "$t/p" >/dev/null 2>"$t/e"
	[ ! -s "$t/e" ]
}
