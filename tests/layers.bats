#!/usr/bin/env bats
# The library's floors (HACKING.md, scripts/check-layers).

load helper

@test "no library floor includes a higher one" {
	run "$FG_ROOT/scripts/check-layers" "$FG_ROOT"
	status_is 0
}

@test "check-layers finds an upward include, a bare include and a stray file" {
	cd "$BATS_TEST_TMPDIR"
	mkdir -p lib/base lib/draw
	printf '#include "draw/x.h"\n#include "base/y.h"\n' > lib/base/y.c
	printf '#include "util.h"\n' > lib/draw/x.c
	: > lib/stray.c
	run "$FG_ROOT/scripts/check-layers" "$PWD"
	status_is 1
	[[ $output == *"lib/base/y.c: base includes draw/x.h, a higher floor"* ]]
	[[ $output == *'lib/draw/x.c: #include "util.h" does not name its floor'* ]]
	[[ $output == *"lib/stray.c: outside every floor"* ]]
	[[ $output != *"base/y.h"*higher* ]]
}

@test "check-layers finds a cmd/ file over 450 lines, and not one of 450" {
	cd "$BATS_TEST_TMPDIR"
	mkdir -p cmd lib/base
	seq 451 > cmd/long.c
	seq 450 > cmd/short.c
	run "$FG_ROOT/scripts/check-layers" "$PWD"
	status_is 1
	[[ $output == *"cmd/long.c: 451 lines, over 450"* ]]
	[[ $output != *short.c* ]]
	rm cmd/long.c
	run "$FG_ROOT/scripts/check-layers" "$PWD"
	status_is 0
}
