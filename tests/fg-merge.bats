#!/usr/bin/env bats
# fg-merge: sum identical stacks across inputs

load helper

@test "fg-merge: sums repeats and prints one sorted line per stack" {
	runsh "printf 'b;c 2\na;b 5\nb;c 3\na;b 1\n' | fg-merge"
	status_is 0
	[ "$output" = "$(printf 'a;b 6\nb;c 5')" ]
}
