#!/usr/bin/env bats
# The README's examples run as written after its quick start: every
# indented command in "The programs" and "Coming from Node, Chrome,
# py-spy, speedscope" sections, from a scratch folder laid
# out as a fresh clone (tests/ and bin/ of this build), with none of
# fg's programs on PATH: the examples call them in bin/.

load helper

# PATH without the programs under test (helper.bash put them first)
plainpath() {
	local d out=
	local IFS=:
	for d in $PATH; do
		case $d in "$FG_BIN" | "$FG_BIN/tools") continue ;; esac
		out=${out:+$out:}$d
	done
	echo "$out"
}

# the quick start's commands, comments left out
quickstart() {
	sed -n '/^## Quick start/,/^## /p' "$FG_ROOT/README.md" |
		sed -n 's/^    //p' | sed 's/ *#.*//'
}

@test "readme: the quick start is two commands, the demo and the tests" {
	run quickstart
	[ "$output" = "make demo
make check" ]
}

@test "readme: every example in The programs and Coming from Node runs as written, nothing of fg on PATH" {
	cd "$BATS_TEST_TMPDIR"
	ln -s "$FG_ROOT/tests" tests
	ln -s "$FG_BIN" bin
	sed -n '/^## The programs/,/^## /p; /^## Coming from Node/,/^## /p' "$FG_ROOT/README.md" |
		sed -n 's/^    //p' >examples
	[ -s examples ]
	n=0
	while IFS= read -r cmd; do
		n=$((n + 1))
		rc=0
		out=$(env PATH="$(plainpath)" bash -o pipefail -c "$cmd" 2>&1 </dev/null) || rc=$?
		# 141: an early stage ended by SIGPIPE from "| head", as it should
		if [ "$rc" -ne 0 ] && [ "$rc" -ne 141 ]; then
			echo "README example failed: $cmd" >&2
			echo "$out" >&2
			return 1
		fi
		# an example that writes a file prints nothing; it must have written it
		if [ -z "$out" ]; then
			f=$(echo "$cmd" | sed -n 's/.*> *\([^ ]*\)$/\1/p')
			[ -n "$f" ] && [ -s "$f" ] || { echo "no output: $cmd" >&2; return 1; }
		fi
	done <examples
	[ "$n" -ge 3 ]
}
