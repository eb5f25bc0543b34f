#!/usr/bin/env bats
# The error conventions every program shares (fg(7), ERRORS): the
# program's name, the file, the line or byte where it can, what is wrong;
# exit 1 for bad input and failed output, 2 for bad usage.  The messages
# peculiar to one program are tested in that program's file.

load helper

# What a program said, but for the warning of samples that have no frame
# (the bundled Gecko profile has such a sample, gecko-fold says so).
unsaid() {
	printf '%s\n' "$output" | grep -Ev ' ha(s|ve) no frame: left out$' || true
}

# each program, with the arguments it needs before its input file
progs=(fg-merge "fg-prune x" "fg-filter a" fg-svg fg-vega fg-png fg-pdf fg-html fg-top fg-jlprof fg-pprof fg-speedscope fg-gecko)

setup() {
	printf 'a;b 1\na;c\n' >"$BATS_TEST_TMPDIR/bad.folded"
	printf 'a;b 1\n' >"$BATS_TEST_TMPDIR/ok.folded"
}

# every program with a good input file: "PROG ARGS... FILE"
each_with_input() {
	local p
	for p in "${progs[@]}"; do
		echo "$p $BATS_TEST_TMPDIR/ok.folded"
	done
	echo "fg-diff $BATS_TEST_TMPDIR/ok.folded $BATS_TEST_TMPDIR/ok.folded"
	echo "fg-fold $BATS_TEST_TMPDIR/ok.folded"
	echo "fg-fold $DATA/cpuprofile/small.cpuprofile"
	# every folder of the table of formats, with its format's sample
	fg-fold --list | awk -F '\t' -v d="$DATA/formats" '$2 != "-" && !seen[$2]++ { print $2 " " d "/" $1 }'
}

@test "errors: a line without a count names the program, the file and the line" {
	local p
	for p in "${progs[@]}"; do
		run $p "$BATS_TEST_TMPDIR/bad.folded"
		status_is 1
		[ "$output" = "${p%% *}: $BATS_TEST_TMPDIR/bad.folded:2: count missing" ]
	done
	run fg-diff "$BATS_TEST_TMPDIR/ok.folded" "$BATS_TEST_TMPDIR/bad.folded"
	status_is 1
	[ "$output" = "fg-diff: $BATS_TEST_TMPDIR/bad.folded:2: count missing" ]
}

@test "errors: standard input is named <stdin>" {
	local p
	for p in "${progs[@]}"; do
		runsh "$p <$BATS_TEST_TMPDIR/bad.folded"
		status_is 1
		[ "$output" = "${p%% *}: <stdin>:2: count missing" ]
	done
}

# With a standard descriptor closed at start-up, the first file opened
# would take its number: "-" would read that file again, output would
# go into it.  Each program finds the closed one still closed in effect.
@test "errors: a closed standard input is a read error for '-', in every order" {
	local p
	for p in "${progs[@]}"; do
		runsh "$p - <&-"
		status_is 1
		[ "$output" = "${p%% *}: <stdin>: read error: Bad file descriptor" ] || { echo "$p: $output" >&2; return 1; }
	done
	runsh "fg-diff $BATS_TEST_TMPDIR/ok.folded - <&-"
	status_is 1
	[ "$output" = "fg-diff: <stdin>: read error: Bad file descriptor" ]
	runsh "fg-diff - $BATS_TEST_TMPDIR/ok.folded <&-"
	status_is 1
	[ "$output" = "fg-diff: <stdin>: read error: Bad file descriptor" ]
	runsh "fg-merge $BATS_TEST_TMPDIR/ok.folded - <&-"
	status_is 1
	[ "$output" = "fg-merge: <stdin>: read error: Bad file descriptor" ]
}

@test "errors: a closed standard output is a write error, the input file untouched" {
	local cmd
	cp "$BATS_TEST_TMPDIR/ok.folded" "$BATS_TEST_TMPDIR/keep"
	while IFS= read -r cmd; do
		runsh "$cmd >&-"
		status_is 1
		[ "$(unsaid)" = "${cmd%% *}: write error: Bad file descriptor" ] || { echo "$cmd: $output" >&2; return 1; }
	done < <(each_with_input)
	cmp "$BATS_TEST_TMPDIR/ok.folded" "$BATS_TEST_TMPDIR/keep"
}

@test "errors: a binary profile's error gives the byte where it goes wrong" {
	local p
	# text of no format fg knows (another format's file is named: formats.bats)
	printf 'hello, world\n' >"$BATS_TEST_TMPDIR/hello.txt"
	for p in jlprof-fold pprof-fold; do
		run bash -c "$p $BATS_TEST_TMPDIR/hello.txt 2>/dev/null"
		status_is 1
		[ -z "$output" ]
		run $p "$BATS_TEST_TMPDIR/hello.txt"
		status_is 1
		[[ "$output" == "$p: $BATS_TEST_TMPDIR/hello.txt: byte 0: not a "* ]] || { echo "$p: $output" >&2; return 1; }
		runsh "$p <$BATS_TEST_TMPDIR/hello.txt"
		status_is 1
		[[ "$output" == "$p: <stdin>: byte 0: not a "* ]] || { echo "$p: $output" >&2; return 1; }
	done
}

@test "errors: a full disk is a write error, exit 1" {
	[ -w /dev/full ] || skip "needs /dev/full"
	local cmd
	while IFS= read -r cmd; do
		runsh "$cmd >/dev/full"
		status_is 1
		[ "$(unsaid)" = "${cmd%% *}: write error: No space left on device" ] || { echo "$cmd: $output" >&2; return 1; }
	done < <(each_with_input)
}

@test "errors: a directory is a read error, a missing file says so, exit 1" {
	local cmd
	while IFS= read -r cmd; do
		runsh "${cmd% *} $BATS_TEST_TMPDIR"
		status_is 1
		[ "$output" = "${cmd%% *}: $BATS_TEST_TMPDIR: read error: Is a directory" ]
		runsh "${cmd% *} $BATS_TEST_TMPDIR/none"
		status_is 1
		[ "$output" = "${cmd%% *}: $BATS_TEST_TMPDIR/none: No such file or directory" ]
	done < <(each_with_input)
}

@test "errors: an unknown option is one line and a pointer to --help, exit 2" {
	local cmd p
	while IFS= read -r cmd; do
		p=${cmd%% *}
		# (fg-fold gives the options it does not take to the folder: fg-fold.bats)
		[ "$p" = fg-fold ] && continue
		# as typed with a directory: the messages name the program alone
		run "$FG_BIN/$p" --no-such-option
		status_is 2
		[ "$output" = "$p: unrecognized option '--no-such-option'
Try '$p --help' for more information." ] || { echo "$p: $output" >&2; return 1; }
		[ -z "$("$p" --no-such-option 2>/dev/null)" ]
		run "$FG_BIN/$p" -Z
		status_is 2
		[ "$output" = "$p: invalid option -- 'Z'
Try '$p --help' for more information." ] || { echo "$p: $output" >&2; return 1; }
	done < <(each_with_input)
}

@test "errors: a bad option value says what is wrong, then the pointer to --help" {
	local cmd p
	for cmd in "fg-svg --minwidth x" "fg-png --width -1" "fg-pdf --colors none" \
	    "fg-vega --delta x" "fg-top --sort x" "fg-prune -d 0" "fg-filter" \
	    "fg-diff -n=x a b" "fg-diff a" "jlprof-fold --layout x" "perf-fold --inline" \
	    "fg-pprof --sample-type x" "pprof-fold --max-size x"; do
		p=${cmd%% *}
		run $cmd </dev/null
		status_is 2
		[ "${#lines[@]}" = 2 ] || { echo "$cmd: $output" >&2; return 1; }
		[[ "${lines[0]}" == "$p: "* ]]
		[ "${lines[1]}" = "Try '$p --help' for more information." ]
	done
}

@test "errors: a keyword option's bad value lists the choices, each in --help and each taken" {
	local cmd p opt list choice
	for cmd in "fg-svg --colors" "fg-svg --negate" "fg-svg --delta" "fg-svg --sort" \
	    "fg-png --sort" "fg-pdf --delta" "fg-vega --sort" "fg-html --negate" "fg-html --sort" \
	    "fg-top --sort" "fg-top --by" "fg-top --format" "fg-diff --normalize" \
	    "fg-prune --recursion" "fg-jlprof --layout" "jlprof-fold --recur" \
	    "jlprof-fold --layout" "jlprof-fold --int-size"; do
		p=${cmd%% *}
		opt=${cmd#* }
		run $p "$opt=no-such" /dev/null /dev/null
		status_is 2
		[ "${#lines[@]}" = 2 ] || { echo "$cmd: $output" >&2; return 1; }
		[[ "${lines[0]}" =~ ^$p:\ bad\ [a-z\ ]+:\ \'no-such\'\ \((.*)\)$ ]] ||
			{ echo "$cmd: ${lines[0]}" >&2; return 1; }
		[ "${lines[1]}" = "Try '$p --help' for more information." ]
		# "a, b or c": each choice is a word of --help, and a value the
		# program takes (an empty input is no usage error)
		list=${BASH_REMATCH[1]}
		list=${list// or /, }
		for choice in ${list//,/}; do
			"$p" --help | grep -qw -- "$choice" || { echo "$cmd: $choice not in --help" >&2; return 1; }
			run $p "$opt=$choice" /dev/null /dev/null
			[ "$status" != 2 ] || { echo "$cmd=$choice: $output" >&2; return 1; }
		done
	done
}

@test "errors: --help and --version go to stdout, exit 0; a write error is reported, exit 1" {
	[ -w /dev/full ] || skip "needs /dev/full"
	local cmd p opt
	while IFS= read -r cmd; do
		p=${cmd%% *}
		for opt in --help --version; do
			run "$p" $opt
			status_is 0
			[ -n "$output" ]
			[ -z "$("$p" $opt 2>&1 >/dev/null)" ]
			runsh "$p $opt >/dev/full"
			status_is 1
			[ "$output" = "$p: write error: No space left on device" ] || { echo "$p $opt: $output" >&2; return 1; }
		done
	done < <(each_with_input)
}

@test "errors: a closed pipe ends a program quietly" {
	local cmd
	gen=$(awk 'BEGIN { for (i = 0; i < 50000; i++) printf "a;b%d 1\n", i }')
	echo "$gen" >"$BATS_TEST_TMPDIR/ok.folded"
	while IFS= read -r cmd; do
		runsh "$cmd | head -c 1 >/dev/null"
		[ -z "$(unsaid)" ] || { echo "$cmd: $output" >&2; return 1; }
	done < <(each_with_input)
}
