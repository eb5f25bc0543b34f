#!/usr/bin/env bats
# The --palette file of fg-svg, fg-png and fg-pdf: kept whole, names with
# "->", CRLF lines

load helper

P=""
setup() {
	P=$BATS_TEST_TMPDIR/palette.map
}

@test "palette: a name holding '->' is saved and read back" {
	printf 'main;a->b 3\nmain;c 1\n' >"$BATS_TEST_TMPDIR/in"
	fg-svg --palette "$P" "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/1.svg"
	grep -q '^a->b->rgb([0-9]*,[0-9]*,[0-9]*)$' "$P"
	cp "$P" "$BATS_TEST_TMPDIR/saved"
	# read back: the second run accepts the file and draws the same colours
	run fg-svg --palette "$P" "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/1.svg")" ]
	cmp "$P" "$BATS_TEST_TMPDIR/saved"
	# the colour read is the name's, not a cut at the first arrow
	printf 'a->b->rgb(1,2,3)\n' >"$P"
	fg-svg --palette "$P" "$BATS_TEST_TMPDIR/in" | grep -q 'fill="#010203"'
	grep -qx 'a->b->rgb(1,2,3)' "$P"
	! grep -q '^a->' <(grep -v '^a->b->' "$P") || false
}

@test "palette: CRLF lines are read" {
	printf 'main->rgb(1,2,3)\r\nwork->rgb(4,5,6)\r\n' >"$P"
	run fg-svg --palette "$P" <(printf 'main;work 3\n')
	status_is 0
	[[ "$output" == *'fill="#010203"'* ]]
	[[ "$output" == *'fill="#040506"'* ]]
	grep -qx 'main->rgb(1,2,3)' "$P"
	# a stray CR elsewhere is still an error
	printf 'main->rgb(1,2,3)\r \n' >"$P"
	run fg-png --palette "$P" <(printf 'main;work 3\n')
	status_is 1
	[[ "$output" == *"palette.map:1: not a palette line"* ]]
}

@test "palette: a write error leaves the old file whole (temporary file, renamed)" {
	# 1500 entries, more than a 1 KiB file size limit lets through
	awk 'BEGIN { for (i = 0; i < 1500; i++) printf "frame%04d->rgb(1,2,3)\n", i }' >"$P"
	cp "$P" "$BATS_TEST_TMPDIR/before"
	run bash -c "trap '' XFSZ; ulimit -f 1; printf 'main;new 3\n' | fg-pdf --palette '$P' >/dev/null"
	status_is 1
	[[ "$output" == *"write error; the palette file is unchanged"* ]]
	cmp "$P" "$BATS_TEST_TMPDIR/before"
	# no temporary file is left beside it
	[ "$(ls "$BATS_TEST_TMPDIR" | grep -c '^palette\.map')" -eq 1 ]
	# without the limit the new names are added and the old ones kept
	printf 'main;new 3\n' | fg-pdf --palette "$P" >/dev/null
	[ "$(wc -l <"$P")" -eq 1503 ]
	grep -q '^new->rgb(' "$P"
}

@test "palette: the file keeps its mode" {
	printf 'main->rgb(1,2,3)\n' >"$P"
	chmod 640 "$P"
	printf 'main;x 1\n' | fg-svg --palette "$P" >/dev/null
	[ "$(stat -c %a "$P")" = 640 ]
}

@test "palette: --cp is --palette palette.map in the current directory, as flamegraph.pl's" {
	# lines of FlameGraph's palette-map case (inferno's copy of it), the
	# root's empty name first
	mkdir "$BATS_TEST_TMPDIR/cwd"
	printf '%s\n' '->rgb(255,230,55)' 'Interpreter_[j]->rgb(237,180,35)' \
	    'JavaThread::run->rgb(243,120,41)' >"$BATS_TEST_TMPDIR/cwd/palette.map"
	printf 'java;JavaThread::run;Interpreter_[j] 4\njava;JavaThread::run;SpinPause 1\n' >"$BATS_TEST_TMPDIR/in"
	cp "$BATS_TEST_TMPDIR/cwd/palette.map" "$P"
	(cd "$BATS_TEST_TMPDIR/cwd" && fg-svg --hash --cp "$BATS_TEST_TMPDIR/in") >"$BATS_TEST_TMPDIR/cp.svg"
	svg_lines "$BATS_TEST_TMPDIR/cp.svg" | grep -q 'fill="#ffe637"[^>]*><title>all ('
	svg_lines "$BATS_TEST_TMPDIR/cp.svg" | grep -q 'fill="#edb423"[^>]*><title>Interpreter ('
	svg_lines "$BATS_TEST_TMPDIR/cp.svg" | grep -q 'fill="#f37829"[^>]*><title>JavaThread::run ('
	# new names are added, and the map is the one --palette writes
	grep -q '^SpinPause->rgb(' "$BATS_TEST_TMPDIR/cwd/palette.map"
	fg-svg --hash --palette "$P" "$BATS_TEST_TMPDIR/in" | cmp - "$BATS_TEST_TMPDIR/cp.svg"
	cmp "$P" "$BATS_TEST_TMPDIR/cwd/palette.map"
}

@test "--palette: a symbolic link's target is updated, the link stays" {
	T=$BATS_TEST_TMPDIR
	printf 'main;a 1\nmain;b 2\n' >"$T/in"
	: >"$T/real.map"
	ln -s real.map "$T/link.map"
	for r in fg-svg fg-png fg-pdf fg-html; do
		run $r --palette "$T/link.map" "$T/in"
		status_is 0
		[ -L "$T/link.map" ]
		[ "$(readlink "$T/link.map")" = real.map ]
		grep -q '^a->rgb(' "$T/real.map"
	done
	# a link to a file not there yet makes that file
	mkdir "$T/sub"
	ln -s sub/new.map "$T/dangling.map"
	run fg-svg --palette "$T/dangling.map" "$T/in"
	status_is 0
	[ -L "$T/dangling.map" ]
	grep -q '^b->rgb(' "$T/sub/new.map"
}

@test "--palette: a special file is read, never replaced, and said so" {
	T=$BATS_TEST_TMPDIR
	printf 'main;a 1\n' >"$T/in"
	mkfifo "$T/fifo"
	printf 'a->rgb(1,2,3)\n' >"$T/fifo" &
	run fg-svg --palette "$T/fifo" "$T/in"
	wait
	status_is 0
	[ -p "$T/fifo" ]
	[ "${lines[0]}" = "fg-svg: $T/fifo: not a regular file: the palette is read from it, not written to it" ]
	# its colour was used
	[[ "$output" == *'fill="#010203"'* ]]
}

@test "--palette: a place it cannot be written is an error before the picture" {
	T=$BATS_TEST_TMPDIR
	printf 'main;a 1\n' >"$T/in"
	run bash -c 'fg-svg --palette "$1" "$2" 2>/dev/null' _ "$T/none/x.map" "$T/in"
	status_is 1
	[ -z "$output" ]
	run fg-svg --palette "$T/none/x.map" "$T/in"
	[ "$output" = "fg-svg: $T/none: the palette cannot be written there: No such file or directory" ]
}
