#!/usr/bin/env bats
# Every fuzzing harness replays its stored corpus, crash inputs kept as
# regression tests included (tests/fuzz/NAME/), without a crash; under
# make check SANITIZE=1 that is with ASan and UBSan watching.

load helper

@test "fuzz: every stored input replays cleanly through its harness" {
	n=0
	for dir in "$FG_ROOT"/tests/fuzz/*/; do
		name=$(basename "$dir")
		harness="$FG_BIN/tools/fuzz-$name"
		[ -x "$harness" ] || { echo "no harness for tests/fuzz/$name" >&2; return 1; }
		for f in "$dir"*; do
			run "$harness" "$f"
			if [ "$status" -ne 0 ]; then
				echo "tests/fuzz/$name/$(basename "$f"): exit $status" >&2
				echo "$output" >&2
				return 1
			fi
			n=$((n + 1))
		done
	done
	[ "$n" -gt 0 ]
}
