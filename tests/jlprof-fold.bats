#!/usr/bin/env bats
# jlprof-fold: Julia .jlprof profiles to folded stacks

load helper

REAL=$DATA/jlprof/profile_ttfp.jlprof

@test "jlprof-fold: the real profile folds to 1,699 stacks and 4,342 samples" {
	run jlprof-fold "$REAL"
	status_is 0
	[ "$(printf '%s\n' "$output" | wc -l)" -eq 1699 ]
	[ "$(printf '%s\n' "$output" | awk '{ s += $NF } END { print s }')" -eq 4342 ]
	[ -z "$(printf '%s\n' "$output" | grep -v '^eval at boot.jl:330_\[d\]')" ]
}
