#!/usr/bin/env bats
# The unit header of folded stacks (fg-folded(5), "# fg: unit=..."):
# fg-top shows counts in human form, fg-merge and fg-diff keep the
# lines their inputs agree on and warn about the others, filters pass
# them through.  Expected figures are worked out in the comments.

load helper

T() { echo "$BATS_TEST_TMPDIR/$1"; }

@test "unit header: fg-top shows bytes in binary multiples" {
	# 12900000 / 1024^2 = 12.30 MiB; 1536 B = 1.5 KiB; 512 B stays whole;
	# a's total 1536 + 512 = 2048 B = 2 KiB
	printf '# fg: unit=bytes\n# fg: countname=size\na;b 1536\na;c 512\nd 12900000\n' >"$(T b.folded)"
	run fg-top "$(T b.folded)"
	status_is 0
	[ "$(echo "${lines[1]}" | awk '{print $1, $2}')" = "12.3 MiB" ]
	[ "$(echo "${lines[2]}" | awk '{print $1, $2, $NF}')" = "1.5 KiB b" ]
	[ "$(echo "${lines[3]}" | awk '{print $1, $2, $NF}')" = "512 B c" ]
	[ "$(echo "${lines[4]}" | awk '{print $4, $5, $NF}')" = "2 KiB a" ]
}

@test "unit header: fg-top shows times in the largest unit that keeps them at 1 or more" {
	# 2.5e9 ns = 2.5 s; 4.1e8 ns = 410 ms; 999600 ns = 999.6 us, which
	# rounds to 1000 us: 1 ms; 999 ns stays whole
	printf '# fg: unit=nanoseconds\na 410000000\nb 2500000000\nc 999\nd 999600\n' >"$(T t.folded)"
	run fg-top "$(T t.folded)"
	status_is 0
	[ "$(echo "${lines[1]}" | awk '{print $1, $2, $NF}')" = "2.5 s b" ]
	[ "$(echo "${lines[2]}" | awk '{print $1, $2, $NF}')" = "410 ms a" ]
	[ "$(echo "${lines[3]}" | awk '{print $1, $2, $NF}')" = "1 ms d" ]
	[ "$(echo "${lines[4]}" | awk '{print $1, $2, $NF}')" = "999 ns c" ]
	printf '# fg: unit=milliseconds\na 2500\n' | fg-top | grep -q '^2.5 s '
	printf '# fg: unit=seconds\na 7\n' | fg-top | grep -q '^ *7 s '
}

@test "unit header: plain counts, no header, TSV and JSON keep exact numbers" {
	printf '# fg: unit=count\na 25000\n' | fg-top | grep -q '^25000 '
	printf 'a 2500000000\n' | fg-top | grep -q '^2500000000 '
	printf '# fg: unit=nanoseconds\na 2500000000\n' | fg-top --format tsv | grep -q '^2500000000	'
	printf '# fg: unit=nanoseconds\na 2500000000\n' | fg-top --format json | grep -q '"self":2500000000,'
}

@test "unit header: pprof-fold's header reaches fg-top" {
	# go-cpu.pb.gz: 10 ms a sample (period 10000000 ns)
	run bash -c "pprof-fold '$DATA/pprof/go-cpu.pb.gz' | fg-top -n 1"
	status_is 0
	[[ "${lines[1]}" =~ ^\ *[0-9]+\ ms\  ]]
}

@test "unit header: fg-merge keeps what its inputs agree on, once" {
	printf '# fg: unit=bytes\n# fg: countname=size\na 1\n' >"$(T a)"
	printf '# other comment\n# fg: unit=bytes\n# fg: countname=size\na 2\nb 3\n' >"$(T b)"
	run fg-merge "$(T a)" "$(T b)"
	status_is 0
	[ "$output" = "# other comment
# fg: unit=bytes
# fg: countname=size
a 3
b 3" ]
	run fg-merge --sorted "$(T a)" "$(T b)"
	status_is 0
	[ "${lines[1]}" = "# fg: unit=bytes" ]
	[ "${lines[2]}" = "# fg: countname=size" ]
	[ "${#lines[@]}" -eq 5 ]
}

@test "unit header: fg-merge drops a fact the inputs disagree on, with a warning" {
	printf '# fg: unit=bytes\n# fg: countname=size\na 1\n' >"$(T a)"
	printf '# fg: unit=nanoseconds\n# fg: countname=size\na 2\n' >"$(T b)"
	printf 'a 4\n' >"$(T none)"
	run bash -c "fg-merge '$(T a)' '$(T b)' 2>'$(T err)'"
	status_is 0
	[ "$output" = "# fg: countname=size
a 3" ]
	[ "$(cat "$(T err)")" = "fg-merge: inputs disagree on unit: left out" ]
	# an input that says nothing does not agree either
	run bash -c "fg-merge '$(T a)' '$(T none)' 2>'$(T err)'"
	[ "$output" = "a 5" ]
	[ "$(wc -l <"$(T err)")" -eq 2 ]
	# one input stating a fact twice alike is still one input
	cat "$(T a)" "$(T a)" >"$(T aa)"
	run fg-merge "$(T aa)" "$(T a)"
	[ "${lines[0]}" = "# fg: unit=bytes" ]
}

@test "unit header: fg-diff keeps an agreed header and drops a disputed one" {
	printf '# fg: unit=bytes\na 1\n' >"$(T a)"
	printf '# fg: unit=bytes\na 2\n' >"$(T b)"
	printf '# fg: unit=count\na 2\n' >"$(T c)"
	run fg-diff "$(T a)" "$(T b)"
	status_is 0
	# and the operands it compares, after the unit
	[ "$output" = "# fg: unit=bytes
# fg: baseline=$(T a)
# fg: target=$(T b)
a 1 2" ]
	run bash -c "fgdiff '$(T a)' '$(T c)' 2>'$(T err)'"
	status_is 0
	[ "$output" = "a 1 2" ]
	[ "$(cat "$(T err)")" = "fg-diff: inputs disagree on unit: left out" ]
	# the other way through fg-diff (its stacks unsorted)
	printf '# fg: unit=bytes\nb 1\na 1\n' >"$(T d)"
	run fg-diff "$(T d)" "$(T b)"
	[ "${lines[0]}" = "# fg: unit=bytes" ]
}

@test "unit header: filters pass the lines through" {
	printf '# fg: unit=bytes\na;b 1\n' | fg-filter -F b | grep -qx '# fg: unit=bytes'
}
