#!/usr/bin/env bats
# The README's examples run as written after its quick start: every
# indented command in "The programs" section, from a scratch folder laid
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

# run_examples MIN: run each line of ./examples as the README's reader
# would, from a scratch folder laid out as a fresh clone; at least MIN
run_examples() {
	local min=$1
	n=0
	while IFS= read -r cmd; do
		n=$((n + 1))
		rc=0
		out=$(env PATH="$(plainpath)" bash -o pipefail -c "$cmd" 2>err </dev/null) || rc=$?
		out=$out$(cat err)
		# nothing said on stderr: a warning ("no samples") is a broken example
		if [ -s err ] && [ "$rc" -eq 0 ]; then
			echo "README example warned: $cmd" >&2
			cat err >&2
			return 1
		fi
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
	[ "$n" -ge "$min" ]
	# make clean removes every file the examples wrote
	rm -f examples err tests bin
	written=$(ls)
	[ -n "$written" ]
	clean=" $(make -s -n -C "$FG_ROOT" clean | tr '\n' ' ') "
	for f in $written; do
		[[ "$clean" == *" $f "* ]] || { echo "make clean leaves $f" >&2; return 1; }
	done
}

@test "readme: every example in The programs and Handing a profile runs as written, nothing of fg on PATH" {
	cd "$BATS_TEST_TMPDIR"
	ln -s "$FG_ROOT/tests" tests
	ln -s "$FG_BIN" bin
	awk '/^## / { on = $0 == "## The programs" || $0 == "## Handing a profile to pprof and speedscope" }
	    on' "$FG_ROOT/README.md" | sed -n 's/^    //p' >examples
	grep -q fg-speedscope examples
	run_examples 3
}

@test "readme: the fg commands of Coming from ... run as written" {
	cd "$BATS_TEST_TMPDIR"
	ln -s "$FG_ROOT/tests" tests
	ln -s "$FG_BIN" bin
	# indented lines that start with bin/ (the peers' are not fg's)
	sed -n '/^## Coming from/,/^## [^C]/p' "$FG_ROOT/README.md" |
		sed -n 's/^ *\(bin\/.*\)$/\1/p' >examples
	run_examples 7
}
