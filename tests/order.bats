#!/usr/bin/env bats
# "# fg: order=time" (fg-folded(5)): the folders that know the order of
# the samples write it with --time-order, the filters that re-sort drop
# it and the streaming ones pass it, and the renderers draw such input
# as a flame chart: each run where it came

load helper

T=""
setup() {
	T=$BATS_TEST_TMPDIR
	printf '# fg: order=time\nA;B 1\nA 1\nA;C 1\n' >"$T/t.folded"
}

@test "order: jlprof-fold and perf-fold --time-order write it first; summed stacks have none" {
	jlprof-fold --time-order "$DATA/jlprof/profile_ttfp.jlprof" >"$T/j"
	[ "$(head -1 "$T/j")" = '# fg: order=time' ]
	[ "$(grep -c '^#' "$T/j")" -eq 1 ]
	jlprof-fold --time-order --no-header "$DATA/jlprof/profile_ttfp.jlprof" | cmp - <(sed 1d "$T/j")
	! jlprof-fold "$DATA/jlprof/profile_ttfp.jlprof" | grep -q '^# fg: order=' || false
	gzip -dc "$DATA/perf/perf-dd-stacks-01.txt.gz" >"$T/p"
	perf-fold --time-order "$T/p" >"$T/pf"
	grep -qx '# fg: order=time' "$T/pf"
	# the header before the first stack
	[ "$(grep -n -m1 -v '^#' "$T/pf" | cut -d: -f1)" -gt "$(grep -n -x '# fg: order=time' "$T/pf" | cut -d: -f1)" ]
	! perf-fold "$T/p" | grep -q '^# fg: order=' || false
}

@test "order: fg-merge and fg-diff sort, and drop it; fg-prune and fg-filter stream, and pass it" {
	printf '# fg: order=time\nA;B 2\n' >"$T/u.folded"
	run fg-merge "$T/t.folded" "$T/u.folded"
	status_is 0
	[ "$output" = "$(printf 'A 1\nA;B 3\nA;C 1')" ]
	# one input in time order, the other not: still nothing to say
	printf 'A;B 2\n' >"$T/v.folded"
	run fg-merge "$T/t.folded" "$T/v.folded"
	[ "$output" = "$(printf 'A 1\nA;B 3\nA;C 1')" ]
	run fg-diff "$T/t.folded" "$T/u.folded"
	status_is 0
	! grep -q 'order' <<<"$output" || false
	[ "$(fg-prune C "$T/t.folded")" = "$(printf '# fg: order=time\nA;B 1\nA 1\nA 1')" ]
	[ "$(fg-filter --only -e B "$T/t.folded")" = "$(printf '# fg: order=time\nA;B 1')" ]
}

@test "order: fg-svg draws input in time order as a flame chart (its title too); --sort draws a graph" {
	fg-svg "$T/t.folded" | awk -f "$DATA/svg/boxes.awk" >"$T/chart"
	# B first, A's own sample between B and C
	[ "$(awk '$4 == "B" { print $2 } $4 == "C" { print $2 }' "$T/chart")" = "$(printf '10\n796.7')" ]
	fg-svg --flamechart "$T/t.folded" | awk -f "$DATA/svg/boxes.awk" | cmp - "$T/chart"
	fg-svg "$T/t.folded" | grep -q '>Flame Chart</text>'
	fg-svg -t Mine "$T/t.folded" | grep -q '>Mine</text>'
	# sorted: A's own sample first, then B and C
	[ "$(fg-svg --sort=name "$T/t.folded" | awk -f "$DATA/svg/boxes.awk" |
		awk '$4 == "B" { print $2 }')" = 403.3 ]
	fg-svg --sort=name "$T/t.folded" | grep -q '>Flame Graph</text>'
	# the header past the first stack says nothing
	printf 'A;B 1\n# fg: order=time\nA 1\nA;C 1\n' | fg-svg | grep -q '>Flame Graph</text>'
}

@test "order: fg-html's view of input in time order is in time order; --sort makes it a graph" {
	command -v python3 >/dev/null || skip "needs python3"
	fg-html "$T/t.folded" >"$T/p.html"
	grep -q '"time":1' "$T/p.html"
	fg-html --sort=name "$T/t.folded" >"$T/s.html"
	! grep -q '"time":1' "$T/s.html" || false
	grep -v '^#' "$T/t.folded" | fg-html >"$T/g.html"
	! grep -q '"time":1' "$T/g.html" || false
	grep -v '^#' "$T/t.folded" | fg-html --flamechart >"$T/f.html"
	grep -q '"time":1' "$T/f.html"
}
