#!/usr/bin/env bats
# The README's examples run as written: every indented command in "The
# programs" section, from a scratch folder that sees the repository's
# tests/ (so files they write land there, not in the repository).

load helper

@test "readme: every example in The programs runs and prints something" {
	cd "$BATS_TEST_TMPDIR"
	ln -s "$FG_ROOT/tests" tests
	sed -n '/^## The programs/,/^## /p' "$FG_ROOT/README.md" |
		sed -n 's/^    //p' >examples
	[ -s examples ]
	n=0
	while IFS= read -r cmd; do
		n=$((n + 1))
		rc=0
		out=$(bash -o pipefail -c "$cmd" 2>&1 </dev/null) || rc=$?
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
