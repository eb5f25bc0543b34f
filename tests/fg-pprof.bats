#!/usr/bin/env bats
# fg-pprof: folded stacks to a gzipped pprof profile (profile.proto)
#
# What it writes is read back by pprof-fold and, where Go is installed,
# by `go tool pprof -raw`; the stacks expected are worked out from the
# input by the rules of fg-pprof(1): annotations other than _[i] left
# out, Julia's " [inlined]" made _[i], equal stacks added up.

load helper

setup() {
	F=$BATS_TEST_TMPDIR/in.folded
	annotated >"$F"
}

# back FILE: fg-pprof FILE read back by pprof-fold, frames with lines
back() {
	fg-pprof "$@" | pprof-fold --lines --full-path | grep -v '^# ' | LC_ALL=C sort
}

# rawlines FILE: the folded stacks `go tool pprof -raw` describes, a
# line "NAME FILE:LINE s=N" made "NAME at FILE:LINE" ("NAME" without a
# file); a location's lines are innermost first, the last its caller.
rawlines() {
	go tool pprof -raw "$1" 2>/dev/null | awk '
	function frame(s,   k) {
		sub(/ s=[0-9]+$/, "", s)
		k = match(s, / [^ ]*:-?[0-9]+$/)
		if (substr(s, k + 1, 1) == ":")
			return substr(s, 1, k - 1)
		return substr(s, 1, k - 1) " at " substr(s, k + 1)
	}
	/^Samples:/ { mode = "s"; getline; next }
	/^Locations/ { mode = "l"; next }
	/^Mappings/ { mode = "m"; next }
	mode == "s" && /^ *[0-9]+: / {
		ns++
		val[ns] = $1 + 0
		ids[ns] = substr($0, index($0, ":") + 1)
		next
	}
	mode == "l" && /^ +[0-9]+: 0x/ {
		id = $1; sub(":", "", id)
		s = $0; sub(/^ +[0-9]+: 0x[0-9a-f]+ (M=[0-9]+ )?/, "", s)
		n[id] = 1; name[id, 1] = frame(s)
		next
	}
	mode == "l" && /^ +[^ ]/ { s = $0; sub(/^ +/, "", s); n[id]++; name[id, n[id]] = frame(s) }
	END {
		for (s = 1; s <= ns; s++) {
			k = split(ids[s], loc, " ")
			line = ""
			for (i = k; i >= 1; i--)
				for (j = n[loc[i]]; j >= 1; j--)
					line = line (line == "" ? "" : ";") name[loc[i], j] (j < n[loc[i]] ? "_[i]" : "")
			sum[line] += val[s]
		}
		for (l in sum) print l, sum[l]
	}' | LC_ALL=C sort
}

@test "fg-pprof: a gzip file pprof-fold reads back to the same stacks and counts" {
	fg-pprof "$F" >"$BATS_TEST_TMPDIR/p.pb.gz"
	gzip -t "$BATS_TEST_TMPDIR/p.pb.gz"
	diff <(expected pprof "$F") <(back "$F")
	# standard input, and the same bytes every time
	runsh "fg-pprof <$F | cmp - $BATS_TEST_TMPDIR/p.pb.gz"
	status_is 0
	# a line number is up to 18 digits (pprof's int64); text after the
	# last ':' that is not one stays in the file
	printf 'f at a.c:123456789012345678;g at b:c:1234567890123456789;h at d:x 1\n' |
		fg-pprof | pprof-fold --lines --full-path >"$BATS_TEST_TMPDIR/out"
	[ "$(grep -v '^#' "$BATS_TEST_TMPDIR/out")" = "f at a.c:123456789012345678;g at b:c:1234567890123456789;h at d:x 1" ]
	# a frame with a file and no line comes back without one (line 0,
	# which pprof reads as none known, is not written as ":0")
	printf 'main at app.js;f at x.js:3;g at y.js 2\n' | fg-pprof | pprof-fold --lines >"$BATS_TEST_TMPDIR/out"
	[ "$(grep -v '^#' "$BATS_TEST_TMPDIR/out")" = "main at app.js;f at x.js:3;g at y.js 2" ]
}

@test "fg-pprof: real profiles (Go, PProf.jl) folded with lines come back the same, header included" {
	local f
	for f in "$DATA"/pprof/*.pb.gz; do
		pprof-fold --lines --full-path "$f" >"$BATS_TEST_TMPDIR/a"
		[ "$(grep -vc '^#' "$BATS_TEST_TMPDIR/a")" -ge 3 ]
		fg-pprof "$BATS_TEST_TMPDIR/a" | pprof-fold --lines --full-path >"$BATS_TEST_TMPDIR/b"
		diff "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	done
}

@test "fg-pprof: go tool pprof -raw reads the same stacks and values" {
	needgo
	fg-pprof "$F" >"$BATS_TEST_TMPDIR/p.pb.gz"
	diff <(expected pprof "$F") <(rawlines "$BATS_TEST_TMPDIR/p.pb.gz")
	fg-pprof "$DATA/folded/julia.folded" >"$BATS_TEST_TMPDIR/j.pb.gz"
	diff <(expected pprof "$DATA/folded/julia.folded") <(rawlines "$BATS_TEST_TMPDIR/j.pb.gz")
}

@test "fg-pprof: one Location per frame, one Function per name and file, inlined frames as Lines" {
	needgo
	fg-pprof "$F" >"$BATS_TEST_TMPDIR/p.pb.gz"
	go tool pprof -raw "$BATS_TEST_TMPDIR/p.pb.gz" 2>/dev/null >"$BATS_TEST_TMPDIR/raw"
	# distinct runs of a frame and the frames inlined into it:
	# main:10 main:12 work(+step+leaf) work other run(+helper) gc idle
	[ "$(grep -cE '^ +[0-9]+: 0x' "$BATS_TEST_TMPDIR/raw")" -eq 8 ]
	# work's Location with step and leaf inlined: leaf first, work last
	grep -A2 -E '^ +[0-9]+: 0x[0-9a-f]+ (M=[0-9]+ )?leaf l.c:5 ' "$BATS_TEST_TMPDIR/raw" >"$BATS_TEST_TMPDIR/loc"
	[ "$(sed -n 2p "$BATS_TEST_TMPDIR/loc" | awk '{ print $1, $2 }')" = "step :0" ]
	[ "$(sed -n 3p "$BATS_TEST_TMPDIR/loc" | awk '{ print $1, $2 }')" = "work w.c:20" ]
	# a frame without a line keeps its file, written with line 0 (pprof's
	# "no line"), read back without one
	printf 'main;f at dir/z.go 2\n' | fg-pprof >"$BATS_TEST_TMPDIR/z.pb.gz"
	[ "$(pprof-fold --lines --full-path "$BATS_TEST_TMPDIR/z.pb.gz" | grep -v '^#')" = "main;f at dir/z.go 2" ]
}

@test "fg-pprof: the sample type follows the unit header" {
	local u
	for u in bytes:space/bytes nanoseconds:cpu/nanoseconds microseconds:cpu/microseconds \
	    seconds:cpu/seconds count:samples/count; do
		printf '# fg: unit=%s\na;b 3\n' "${u%%:*}" | fg-pprof >"$BATS_TEST_TMPDIR/u.pb.gz"
		[ "$(pprof-fold -l "$BATS_TEST_TMPDIR/u.pb.gz")" = "0 ${u#*:} default" ]
	done
	# no header: samples/count; a count name names the type
	printf 'a;b 3\n' | fg-pprof >"$BATS_TEST_TMPDIR/u.pb.gz"
	[ "$(pprof-fold -l "$BATS_TEST_TMPDIR/u.pb.gz")" = "0 samples/count default" ]
	printf '# fg: unit=bytes\n# fg: countname=alloc_space\na;b 3\n' | fg-pprof >"$BATS_TEST_TMPDIR/u.pb.gz"
	[ "$(pprof-fold -l "$BATS_TEST_TMPDIR/u.pb.gz")" = "0 alloc_space/bytes default" ]
	# and so round trips keep the type and unit pprof-fold wrote
	pprof-fold -i alloc_space "$DATA/pprof/go-heap.pb.gz" | fg-pprof >"$BATS_TEST_TMPDIR/h.pb.gz"
	[ "$(pprof-fold -l "$BATS_TEST_TMPDIR/h.pb.gz")" = "0 alloc_space/bytes default" ]
	diff <(pprof-fold -i alloc_space "$DATA/pprof/go-heap.pb.gz") <(pprof-fold "$BATS_TEST_TMPDIR/h.pb.gz")
}

@test "fg-pprof: go tool pprof shows the units it scales (time, bytes)" {
	needgo
	printf '# fg: unit=microseconds\na;b 1500\na;c 2500\n' | fg-pprof >"$BATS_TEST_TMPDIR/t.pb.gz"
	go tool pprof -top "$BATS_TEST_TMPDIR/t.pb.gz" 2>/dev/null >"$BATS_TEST_TMPDIR/top"
	grep -qx 'Type: cpu' "$BATS_TEST_TMPDIR/top"
	grep -q '^ *2.50ms .* c$' "$BATS_TEST_TMPDIR/top"
	printf '# fg: unit=bytes\na;b 3145728\n' | fg-pprof >"$BATS_TEST_TMPDIR/b.pb.gz"
	go tool pprof -top "$BATS_TEST_TMPDIR/b.pb.gz" 2>/dev/null >"$BATS_TEST_TMPDIR/top"
	grep -qx 'Type: space' "$BATS_TEST_TMPDIR/top"
	grep -q '^ *3MB .* b$' "$BATS_TEST_TMPDIR/top"
}

@test "fg-pprof --sample-type TYPE/UNIT sets it; inputs that disagree leave the header out" {
	printf '# fg: unit=bytes\na;b 3\n' | fg-pprof --sample-type alloc/objects >"$BATS_TEST_TMPDIR/u.pb.gz"
	[ "$(pprof-fold -l "$BATS_TEST_TMPDIR/u.pb.gz")" = "0 alloc/objects default" ]
	printf 'a 1\n' | fg-pprof -t 'wall time/ms' >"$BATS_TEST_TMPDIR/u.pb.gz"
	[ "$(pprof-fold -l "$BATS_TEST_TMPDIR/u.pb.gz")" = "0 wall time/ms default" ]
	for bad in x x/ /x ''; do
		run fg-pprof --sample-type "$bad" "$F"
		status_is 2
		[ "$output" = "fg-pprof: --sample-type wants TYPE/UNIT, as space/bytes
Try 'fg-pprof --help' for more information." ]
	done
	printf '# fg: unit=bytes\na 1\n' >"$BATS_TEST_TMPDIR/b.folded"
	printf '# fg: unit=nanoseconds\nb 2\n' >"$BATS_TEST_TMPDIR/n.folded"
	run bash -c "fg-pprof $BATS_TEST_TMPDIR/b.folded $BATS_TEST_TMPDIR/n.folded 2>&1 >$BATS_TEST_TMPDIR/u.pb.gz"
	status_is 0
	[ "$output" = "fg-pprof: inputs disagree on unit: left out" ]
	[ "$(pprof-fold -l "$BATS_TEST_TMPDIR/u.pb.gz")" = "0 samples/count default" ]
	[ "$(pprof-fold "$BATS_TEST_TMPDIR/u.pb.gz" | grep -v '^#' | tr '\n' ' ')" = "a 1 b 2 " ]
}

@test "fg-pprof: two-count input, decimal counts and an int64 overflow are refused, nothing on stdout" {
	printf 'a;b 1 2\n' >"$BATS_TEST_TMPDIR/d.folded"
	run bash -c "fg-pprof $BATS_TEST_TMPDIR/d.folded 2>&1 >$BATS_TEST_TMPDIR/o"
	status_is 1
	[ "$output" = "fg-pprof: $BATS_TEST_TMPDIR/d.folded:1: two counts on a line (a difference): a pprof sample has one value here" ]
	[ ! -s "$BATS_TEST_TMPDIR/o" ]
	printf 'a 1\nb 2.5\n' >"$BATS_TEST_TMPDIR/d.folded"
	run bash -c "fg-pprof $BATS_TEST_TMPDIR/d.folded 2>&1 >$BATS_TEST_TMPDIR/o"
	status_is 1
	[ "$output" = "fg-pprof: $BATS_TEST_TMPDIR/d.folded:2: a decimal count: pprof values are integers" ]
	[ ! -s "$BATS_TEST_TMPDIR/o" ]
	# a whole number written with a point is whole
	printf 'a 2.0\n' | fg-pprof | pprof-fold | grep -qx 'a 2'
	printf 'a 9223372036854775807\nb 5\n' | fg-pprof | pprof-fold | grep -qx 'a 9223372036854775807'
	printf 'a 9223372036854775807\na 1\n' >"$BATS_TEST_TMPDIR/d.folded"
	run bash -c "fg-pprof $BATS_TEST_TMPDIR/d.folded 2>&1 >$BATS_TEST_TMPDIR/o"
	status_is 1
	[ "$output" = "fg-pprof: $BATS_TEST_TMPDIR/d.folded:2: count too large for pprof (over 2^63 - 1)" ]
	[ ! -s "$BATS_TEST_TMPDIR/o" ]
}

@test "fg-pprof: a large profile (deflated in two halves) reads back whole" {
	awk 'BEGIN { for (i = 0; i < 60000; i++) printf "main;f%d at src/file%d.c:%d;g%d 3\n", i % 5000, i, i, i }' >"$BATS_TEST_TMPDIR/big.folded"
	fg-pprof "$BATS_TEST_TMPDIR/big.folded" >"$BATS_TEST_TMPDIR/big.pb.gz"
	gzip -t "$BATS_TEST_TMPDIR/big.pb.gz"
	[ "$(gzip -dc "$BATS_TEST_TMPDIR/big.pb.gz" | wc -c)" -gt 2000000 ]
	diff <(expected pprof "$BATS_TEST_TMPDIR/big.folded") <(back "$BATS_TEST_TMPDIR/big.folded")
}

@test "fg-pprof: no stacks is a profile without samples" {
	: >"$BATS_TEST_TMPDIR/e"
	run bash -c "fg-pprof $BATS_TEST_TMPDIR/e 2>&1 >$BATS_TEST_TMPDIR/e.pb.gz"
	status_is 0
	[ "$output" = "fg-pprof: no stacks: the profile has no samples" ]
	gzip -t "$BATS_TEST_TMPDIR/e.pb.gz"
	[ "$(pprof-fold -l "$BATS_TEST_TMPDIR/e.pb.gz")" = "0 samples/count default" ]
	[ -z "$(pprof-fold "$BATS_TEST_TMPDIR/e.pb.gz" | grep -v '^#')" ]
}

@test "fg-pprof --help and --version" {
	run fg-pprof --help
	status_is 0
	[[ "$output" == "usage: fg-pprof [options] [FILE...] > out.pb.gz"* ]]
	[[ "$output" == *"--sample-type TYPE/UNIT"* ]]
	run fg-pprof --version
	[[ "$output" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
}
