#!/usr/bin/env bats
# fg-merge --min-share and --min-count: the sum cut to the frames that
# reach a threshold, each checked against a reference written in awk
# (every prefix's total in a table: slow, plain, independent).

load helper

# ref MIN SHARE < FOLDED: the cut as fg-merge(1) says it, LC_ALL=C
# sorted: every stack into its longest prefix whose total reaches
# max(MIN, SHARE% of the total), else "[other]"
ref() {
	awk -v min="$1" -v share="$2" '
	/^#/ || NF == 0 { next }
	{
		n = $NF; s = $0; sub(/[ \t]+[^ \t]*$/, "", s)
		cnt[s] += n; total += n
		k = split(s, f, ";"); p = ""
		for (i = 1; i <= k; i++) { p = (i > 1 ? p ";" : "") f[i]; tot[p] += n }
	}
	END {
		thr = share * total / 100; if (min > thr) thr = min
		for (s in cnt) {
			k = split(s, f, ";"); best = "[other]"; p = ""
			for (i = 1; i <= k; i++) {
				p = (i > 1 ? p ";" : "") f[i]
				if (tot[p] > 0 && tot[p] >= thr) best = p; else break
			}
			out[best] += cnt[s]
		}
		for (b in out) if (out[b] > 0) print b, out[b]
	}' | LC_ALL=C sort
}

# the sum of the last column
total() {
	awk '!/^#/ { s += $NF } END { printf "%d\n", s }' "$@"
}

@test "fg-merge --min-count: each stack into its longest prefix that reaches N, as the reference" {
	for n in 2 50 400 5000 100000; do
		fg-merge --min-count "$n" "$DATA/folded/many.folded" >"$BATS_TEST_TMPDIR/out"
		ref "$n" 0 <"$DATA/folded/many.folded" >"$BATS_TEST_TMPDIR/ref"
		LC_ALL=C sort "$BATS_TEST_TMPDIR/out" | cmp - "$BATS_TEST_TMPDIR/ref"
		# valid output: sorted, one line per stack, the same total
		fg-merge "$BATS_TEST_TMPDIR/out" | cmp - "$BATS_TEST_TMPDIR/out"
		[ "$(total "$BATS_TEST_TMPDIR/out")" = "$(total "$DATA/folded/many.folded")" ]
	done
	# the cut is real: fewer stacks as N grows, all in [other] at last
	[ "$(fg-merge --min-count 400 "$DATA/folded/many.folded" | wc -l)" -lt "$(fg-merge "$DATA/folded/many.folded" | wc -l)" ]
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "[other] $(total "$DATA/folded/many.folded")" ]
}

@test "fg-merge --min-share: the threshold is a share of the total; at most 100/PCT stacks a depth" {
	for pct in 0.5 2 10 50 100; do
		fg-merge --min-share "$pct" "$DATA/folded/many.folded" >"$BATS_TEST_TMPDIR/out"
		ref 0 "$pct" <"$DATA/folded/many.folded" | cmp - <(LC_ALL=C sort "$BATS_TEST_TMPDIR/out")
		[ "$(total "$BATS_TEST_TMPDIR/out")" = "$(total "$DATA/folded/many.folded")" ]
		awk -v pct="$pct" '{ d[split($1, f, ";")]++ } END { for (k in d) if (d[k] > 100 / pct + 1) exit 1 }' \
			"$BATS_TEST_TMPDIR/out"
	done
	# both: a frame must reach both
	fg-merge --min-share 2 --min-count 3000 "$DATA/folded/many.folded" >"$BATS_TEST_TMPDIR/out"
	ref 3000 2 <"$DATA/folded/many.folded" | cmp - <(LC_ALL=C sort "$BATS_TEST_TMPDIR/out")
}

@test "fg-merge --min-count: frames that go on with a byte below ';' (file.jl:1, file.jl:10)" {
	printf 'f at a.jl:1 3\nf at a.jl:10 1\nf at a.jl:1;g 1\nf at a.jl:1;h 2\nf at a.jl:10;g 4\n' >"$BATS_TEST_TMPDIR/in"
	run fg-merge --min-count 2 "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "$(printf 'f at a.jl:1 4\nf at a.jl:10 1\nf at a.jl:10;g 4\nf at a.jl:1;h 2')" ]
	# and the Julia fixture, whose frames all end in :LINE
	for n in 2 5 20; do
		fg-merge --min-count "$n" "$DATA/folded/julia.folded" | LC_ALL=C sort |
			cmp - <(ref "$n" 0 <"$DATA/folded/julia.folded")
	done
}

@test "fg-merge --min-count: [other] sorts in its place and adds to a stack of that name" {
	printf 'Z 1\n[other] 2\na;b 9\nz 1\n[other];x 1\n' >"$BATS_TEST_TMPDIR/in"
	run fg-merge --min-count 5 "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "$(printf '[other] 5\na;b 9')" ]
	printf 'A 1\nb 9\n' | fg-merge --min-count 5 >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "$(printf '[other] 1\nb 9')" ]
	printf '[other] 9\n[other];x 1\nb 1\n' | fg-merge --min-count 5 >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "[other] 11" ]
}

@test "fg-merge --min-share: --sorted, a large file in two halves and standard input agree" {
	split -n l/3 "$DATA/folded/many.folded" "$BATS_TEST_TMPDIR/part."
	for p in "$BATS_TEST_TMPDIR"/part.*; do fg-merge "$p" >"$p.sorted"; done
	fg-merge --min-share 1 "$DATA/folded/many.folded" >"$BATS_TEST_TMPDIR/a"
	fg-merge --sorted --min-share 1 "$BATS_TEST_TMPDIR"/part.*.sorted | cmp - "$BATS_TEST_TMPDIR/a"
	# one input a pipe: the merged stacks are copied, not kept where they lie
	cat "$BATS_TEST_TMPDIR"/part.aa.sorted |
		fg-merge --sorted --min-share 1 - "$BATS_TEST_TMPDIR"/part.a[bc].sorted | cmp - "$BATS_TEST_TMPDIR/a"
	fg-merge --min-share 1 <"$DATA/folded/many.folded" | cmp - "$BATS_TEST_TMPDIR/a"
	# more than 1 MiB: read in two halves
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do cat "$DATA/folded/many.folded"; done >"$BATS_TEST_TMPDIR/big"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/big")" -gt 1048576 ]
	fg-merge --min-share 1 "$BATS_TEST_TMPDIR/big" >"$BATS_TEST_TMPDIR/b"
	ref 0 1 <"$BATS_TEST_TMPDIR/big" | cmp - <(LC_ALL=C sort "$BATS_TEST_TMPDIR/b")
	fg-merge --min-share 1 <"$BATS_TEST_TMPDIR/big" | cmp - "$BATS_TEST_TMPDIR/b"
}

@test "fg-merge --min-count: headers and comments pass, two-count and decimal lines are cut" {
	printf '# fg: unit=bytes\n# note\na;b 6\na;c 1\nd 1\n' | fg-merge --min-count 5 >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "$(printf '# note\n# fg: unit=bytes\n[other] 1\na 1\na;b 6')" ]
	# two counts: kept when either column reaches
	printf 'a;b 6 0\na;c 0 6\na;d 1 1\ne 1 2\n' | fg-merge --min-count 5 >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "$(printf '[other] 1 2\na 1 1\na;b 6 0\na;c 0 6')" ]
	printf 'a;b 2.5\na;c 0.25\nd 0.5\n' | fg-merge --min-count 2.6 >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "$(printf '[other] 0.5\na 2.75')" ]
}

@test "fg-merge --min-share: empty input, and input of zero counts, give nothing" {
	run fg-merge --min-share 1 /dev/null
	status_is 0
	[ -z "$output" ]
	run fg-merge --sorted --min-count 1 /dev/null
	status_is 0
	[ -z "$output" ]
	runsh "printf 'a;b 0\n' | fg-merge --min-count 1"
	status_is 0
	[ -z "$output" ]
}

@test "fg-merge --min-count: a 20000-frame stack is walked without recursion" {
	awk 'BEGIN { s = "f0"; for (i = 1; i < 20000; i++) s = s ";f" i; print s, 3; print "f0;g", 1 }' >"$BATS_TEST_TMPDIR/in"
	run fg-merge --min-count 2 "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$(echo "$output" | wc -l)" -eq 2 ]
	[ "$(echo "$output" | sed -n 1p)" = "f0 1" ]
	[ "$(echo "$output" | sed -n 2p | awk '{ print split($1, f, ";"), $2 }')" = "20000 3" ]
}

@test "fg-merge --min-share, --min-count: bad thresholds are usage errors" {
	for a in "--min-share 0" "--min-share 100.5" "--min-share -1" "--min-share inf" "--min-count 0" "--min-count -3" "--min-count nan"; do
		run fg-merge $a /dev/null
		status_is 2
		[[ "${lines[0]}" == "fg-merge: ${a% *}: '${a#* }' is not a number above 0"* ]] || [[ "${lines[0]}" == "fg-merge: bad ${a% *}: '${a#* }'" ]]
		[ "${lines[1]}" = "Try 'fg-merge --help' for more information." ]
	done
	run fg-merge --min-share abc /dev/null
	status_is 2
	[ "${lines[0]}" = "fg-merge: bad --min-share: 'abc'" ]
	run fg-merge --min-count
	status_is 2
}

@test "fg-merge --min-count: a total that overflows is an error, nothing on standard output" {
	runsh "printf 'a 18446744073709551615\nb 1\n' | fg-merge --min-count 1 >$BATS_TEST_TMPDIR/out"
	status_is 1
	[ "$output" = "fg-merge: the total of the counts overflows" ]
	[ ! -s "$BATS_TEST_TMPDIR/out" ]
	# without the cut the same input is fine
	printf 'a 18446744073709551615\nb 1\n' | fg-merge >/dev/null
}
