#!/usr/bin/env bats
# A named FIFO is read once: the programs that split a large regular file
# in two look at the path's type before they open it, so a FIFO's data is
# never taken by a look and its writer is never waited for twice.

load helper

# Run CMD over a FIFO fed FILE, 10 times; each run must end (a hang is
# cut at 5 s) with the output of CMD over FILE itself.
fifo_runs() {
	local file=$1; shift
	"$@" "$file" >"$BATS_TEST_TMPDIR/want"
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	for i in 1 2 3 4 5 6 7 8 9 10; do
		cat "$file" >"$BATS_TEST_TMPDIR/fifo" &
		run timeout 5 "$@" "$BATS_TEST_TMPDIR/fifo"
		kill %% 2>/dev/null || true
		wait 2>/dev/null || true
		[ "$status" -eq 0 ] || { echo "run $i: status $status"; return 1; }
		[ "$output" = "$(cat "$BATS_TEST_TMPDIR/want")" ] || { echo "run $i: output differs"; return 1; }
	done
}

@test "fifo: dtrace-fold reads a FIFO once, ten runs in ten" {
	fifo_runs "$DATA/dtrace/flamegraph-bug.txt" dtrace-fold
}

@test "fifo: sample-fold reads a FIFO once, ten runs in ten" {
	fifo_runs "$DATA/sample/sample.txt" sample-fold
}

@test "fifo: perf-fold reads a FIFO once, ten runs in ten" {
	gzip -dc "$DATA/perf/perf-dd-stacks-01.txt.gz" >"$BATS_TEST_TMPDIR/p.txt"
	fifo_runs "$BATS_TEST_TMPDIR/p.txt" perf-fold
}

@test "fifo: fg-merge reads a FIFO once, ten runs in ten" {
	fifo_runs "$DATA/folded/julia.folded" fg-merge
}
