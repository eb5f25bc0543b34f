#!/usr/bin/env bats
# The progress line of a long run (fg(7)): on a terminal only, erased at
# the end and before any message, kept off by -q.  FG_PROGRESS_AFTER=0
# shows it at once, where a real run waits two seconds.
# tests/tools/ttyerr.py gives the program a pty as standard error and
# prints what it wrote there, control characters escaped.

load helper

setup() {
	needpy
	gzip -dc "$DATA/svg/perf.folded.gz" >"$BATS_TEST_TMPDIR/big.folded"
	size=$(wc -c <"$BATS_TEST_TMPDIR/big.folded")
}

# onterm PROG [ARG...]: what PROG writes on a terminal as standard error
onterm() {
	FG_PROGRESS_AFTER=0 python3 "$FG_ROOT/tests/tools/ttyerr.py" "$@" >"$BATS_TEST_TMPDIR/term" 2>/dev/null </dev/null ||
	    true
	tail -1 "$BATS_TEST_TMPDIR/term"
}

@test "progress: every kind of reader shows the bytes read of the total, then erases the line" {
	local c
	for c in "fg-svg $BATS_TEST_TMPDIR/big.folded" "fg-merge $BATS_TEST_TMPDIR/big.folded" \
	    "fg-top $BATS_TEST_TMPDIR/big.folded" "fg-html $BATS_TEST_TMPDIR/big.folded" \
	    "jlprof-fold $DATA/jlprof/profile_ttfp.jlprof" "pprof-fold $DATA/pprof/go-cpu.pb.gz" \
	    "cpuprofile-fold $DATA/cpuprofile/node-main.cpuprofile"; do
		out=$(onterm $c)
		# "\rPROG: reading N of TOTAL (P%), RATE/s\e[K" ... "\r\e[K" last
		[[ $out == '\r'"${c%% *}: reading "*' of '*'%), '*'/s\x1b[K'* ]] || { echo "$c: $out" >&2; return 1; }
		[[ $out == *'\r\x1b[K' ]] || { echo "$c: not erased: $out" >&2; return 1; }
	done
	# the total is the file's size: 631 KiB of 631 KiB at the end
	out=$(onterm fg-merge "$BATS_TEST_TMPDIR/big.folded")
	kib=$(( (size + 512) / 1024 ))
	[[ $out == *"$kib KiB of $kib KiB (100%)"* ]]
	# a pipe has no size known: the bytes and the rate alone
	out=$(onterm sh -c "cat $BATS_TEST_TMPDIR/big.folded | fg-merge")
	[[ $out == *'fg-merge: reading '*' KiB, '*'/s\x1b[K'* ]]
	[[ $out != *' of '* ]]
}

@test "progress: -q, --quiet, standard error not a terminal, or a short run: no line" {
	for q in -q --quiet; do
		out=$(onterm fg-svg "$q" "$BATS_TEST_TMPDIR/big.folded")
		[ -z "$out" ]
	done
	FG_PROGRESS_AFTER=0 fg-svg "$BATS_TEST_TMPDIR/big.folded" 2>"$BATS_TEST_TMPDIR/err" >/dev/null
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
	# a run under two seconds, as this one is, shows none
	python3 "$FG_ROOT/tests/tools/ttyerr.py" fg-merge "$BATS_TEST_TMPDIR/big.folded" >"$BATS_TEST_TMPDIR/term"
	[ -z "$(tail -1 "$BATS_TEST_TMPDIR/term")" ]
}

@test "progress: a message erases the line first" {
	{ cat "$BATS_TEST_TMPDIR/big.folded"; echo 'main;f x'; } >"$BATS_TEST_TMPDIR/bad.folded"
	out=$(onterm fg-svg "$BATS_TEST_TMPDIR/bad.folded")
	n=$(wc -l <"$BATS_TEST_TMPDIR/bad.folded")
	[[ $out == '\rfg-svg: reading '*'\r\x1b[Kfg-svg: '"$BATS_TEST_TMPDIR/bad.folded:$n: "* ]]
}

@test "progress: every program takes -q and --quiet, and says so in --help" {
	for p in "$FG_BIN"/*; do
		[ -x "$p" ] && [ -f "$p" ] || continue
		"$p" --help | grep -q -- '-q, --quiet' || { echo "$p: no -q in --help" >&2; return 1; }
	done
	printf 'a;b 1\n' | fg-merge -q | grep -qx 'a;b 1'
	printf 'a;b 1\n' | fg-top --quiet -n 1 >/dev/null
}
