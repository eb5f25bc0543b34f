#!/usr/bin/env bats
# --no-header: the folders and filters leave out the "# fg:" lines, so
# that the first line is a stack (what the Firefox Profiler needs to
# take folded stacks); every other line is as without it.

load helper

PP=""
setup() {
	PP=$DATA/pprof/alloc-profile.pb.gz
	printf '# fg: unit=bytes\n# fg: countname=size\n# a note\nmain;f 10\nmain;g 5\n' >"$BATS_TEST_TMPDIR/h"
	printf '# fg: unit=bytes\n# fg: countname=size\nmain;f 4\nmain;h 1\n' >"$BATS_TEST_TMPDIR/h2"
}

# same PROG ARGS...: PROG --no-header ARGS prints PROG ARGS's lines less
# the "# fg:" ones, and there were some
same() {
	"$@" >"$BATS_TEST_TMPDIR/with"
	grep -q '^# fg:' "$BATS_TEST_TMPDIR/with"
	"$1" --no-header "${@:2}" >"$BATS_TEST_TMPDIR/without"
	grep -v '^# fg:' "$BATS_TEST_TMPDIR/with" | cmp - "$BATS_TEST_TMPDIR/without"
}

@test "no-header: pprof-fold's first line is a stack" {
	same pprof-fold --sample-index size "$PP"
	head -1 "$BATS_TEST_TMPDIR/without" | grep -q ' [0-9][0-9]*$'
	same pprof-fold "$DATA/pprof/go-heap.pb.gz"
}

@test "no-header: fg-prune, fg-filter, fg-merge and fg-diff leave out the header, other comments pass" {
	same fg-prune g "$BATS_TEST_TMPDIR/h"
	grep -qx '# a note' "$BATS_TEST_TMPDIR/without"
	same fg-filter f "$BATS_TEST_TMPDIR/h"
	grep -qx '# a note' "$BATS_TEST_TMPDIR/without"
	same fg-merge "$BATS_TEST_TMPDIR/h" "$BATS_TEST_TMPDIR/h2"
	same fg-merge --sorted "$BATS_TEST_TMPDIR/h" "$BATS_TEST_TMPDIR/h2"
	same fg-diff "$BATS_TEST_TMPDIR/h" "$BATS_TEST_TMPDIR/h2"
	head -1 "$BATS_TEST_TMPDIR/without" | grep -q '^main;'
}

@test "no-header: perf-fold leaves out its unit header; jlprof-fold its order header (it writes none else)" {
	gzip -dc "$DATA/perf/perf-dd-stacks-01.txt.gz" >"$BATS_TEST_TMPDIR/p"
	same perf-fold "$BATS_TEST_TMPDIR/p"
	same perf-fold --time-order "$BATS_TEST_TMPDIR/p"
	head -1 "$BATS_TEST_TMPDIR/without" | grep -q ' [0-9][0-9]*$'
	jlprof-fold --no-header "$DATA/jlprof/profile_ttfp.jlprof" | cmp - <(jlprof-fold "$DATA/jlprof/profile_ttfp.jlprof")
	same jlprof-fold --time-order "$DATA/jlprof/profile_ttfp.jlprof"
}

@test "no-header: every folder of the table of formats takes it, on its sample" {
	local name folder rest
	while IFS=$'\t' read -r name folder rest; do
		[ "$folder" = - ] && continue
		"$folder" "$DATA/formats/$name" | grep -v '^# fg:' >"$BATS_TEST_TMPDIR/want"
		"$folder" --no-header "$DATA/formats/$name" | cmp - "$BATS_TEST_TMPDIR/want" ||
		    { echo "$folder --no-header $name" >&2; return 1; }
	done < <(fg-fold --list)
}
