#!/usr/bin/env bats
# pprof-fold: pprof profiles to folded stacks
#
# Fixtures: $DATA/pprof/go-*.pb.gz written by Go's runtime/pprof (see
# $DATA/pprof/README.md), checked against `go tool pprof -raw` where Go
# is installed; PProf.jl's layouts written by mkpprof, whose tables of
# stacks the expected outputs below are read from; small hand-made
# protobufs spelt in hexadecimal, each byte offset counted by hand.

load helper

P=$DATA/pprof

# rawfold FILE COLUMN: the folded stacks `go tool pprof -raw` describes
# for value column COLUMN (0-based): a location's lines are innermost
# first, the last its caller; a sample's locations leaf first.
rawfold() {
	go tool pprof -raw "$1" 2>/dev/null | awk -v col="$2" '
	/^Samples:/ { mode = "s"; getline; next }
	/^Locations/ { mode = "l"; next }
	/^Mappings/ { mode = "m"; next }
	mode == "s" && /^ *-?[0-9]+( +-?[0-9]+)*: / {
		split($0, part, ":")
		split(part[1], v, " ")
		ns++
		val[ns] = v[col + 1]
		ids[ns] = part[2]
		next
	}
	mode == "l" && /^ +[0-9]+: 0x/ {
		id = $1; sub(":", "", id)
		f = 3
		if ($f ~ /^M=/) f++
		n[id] = 1
		name[id, 1] = $f
		next
	}
	mode == "l" && /^ +[^ ]/ { n[id]++; name[id, n[id]] = $1 }
	END {
		for (s = 1; s <= ns; s++) {
			if (val[s] == 0) continue
			k = split(ids[s], loc, " ")
			line = ""
			for (i = k; i >= 1; i--)
				for (j = n[loc[i]]; j >= 1; j--)
					line = line (line == "" ? "" : ";") name[loc[i], j] (j > 1 ? "" : "")  (j < n[loc[i]] ? "_[i]" : "")
			sum[line] += val[s]
		}
		for (l in sum) print l, sum[l]
	}' | sort
}

# ours FILE [OPTION...]: pprof-fold's stacks, header dropped, sorted
ours() {
	pprof-fold "$@" | grep -v '^# ' | sort
}

@test "pprof-fold: Go CPU profile: every stack and total as go tool pprof -raw gives them" {
	needgo
	for col in 0 1; do
		diff <(rawfold "$P/go-cpu.pb.gz" $col) <(ours -i $col "$P/go-cpu.pb.gz")
	done
	# the default is the last column (Go sets no default_sample_type)
	diff <(rawfold "$P/go-cpu.pb.gz" 1) <(ours "$P/go-cpu.pb.gz")
}

@test "pprof-fold: Go heap profile: all four sample types against go tool pprof -raw" {
	needgo
	for col in 0 1 2 3; do
		diff <(rawfold "$P/go-heap.pb.gz" $col) <(ours -i $col "$P/go-heap.pb.gz")
	done
	diff <(rawfold "$P/go-heap.pb.gz" 1) <(ours -i alloc_space "$P/go-heap.pb.gz")
}

@test "pprof-fold: --list gives the sample types go tool pprof -raw lists, with the default" {
	run pprof-fold --list "$P/go-heap.pb.gz"
	status_is 0
	[ "${lines[0]}" = "0 alloc_objects/count" ]
	[ "${lines[1]}" = "1 alloc_space/bytes" ]
	[ "${lines[2]}" = "2 inuse_objects/count" ]
	[ "${lines[3]}" = "3 inuse_space/bytes default" ]
	[ "${#lines[@]}" -eq 4 ]
	if command -v go >/dev/null; then
		types=$(go tool pprof -raw "$P/go-heap.pb.gz" 2>/dev/null | sed -n '/^Samples:/{n;p;q}' | sed 's/\[dflt\]//')
		[ "$types" = "$(pprof-fold --list "$P/go-heap.pb.gz" | awk '{printf "%s%s", (NR > 1 ? " " : ""), $2}')" ]
	fi
	run pprof-fold -l "$P/go-cpu.pb.gz" "$P/go-heap.pb.gz"
	[ "${lines[1]}" = "$P/go-cpu.pb.gz: 1 cpu/nanoseconds default" ]
	[ "${#lines[@]}" -eq 6 ]
}

@test "pprof-fold: the unit header follows the chosen sample type" {
	run pprof-fold "$P/go-cpu.pb.gz"
	[ "${lines[0]}" = "# fg: unit=nanoseconds" ]
	[ "${lines[1]}" = "# fg: countname=cpu" ]
	run pprof-fold --sample-index samples "$P/go-cpu.pb.gz"
	[ "${lines[0]}" = "# fg: unit=count" ]
	[ "${lines[1]}" = "# fg: countname=samples" ]
	run pprof-fold -i 1 "$P/go-heap.pb.gz"
	[ "${lines[0]}" = "# fg: unit=bytes" ]
	[ "${lines[1]}" = "# fg: countname=alloc_space" ]
}

@test "pprof-fold: raw protobuf, gzip and standard input give the same stacks" {
	gzip -dc "$P/go-heap.pb.gz" >"$BATS_TEST_TMPDIR/raw.pb"
	pprof-fold "$P/go-heap.pb.gz" >"$BATS_TEST_TMPDIR/a"
	pprof-fold "$BATS_TEST_TMPDIR/raw.pb" >"$BATS_TEST_TMPDIR/b"
	pprof-fold - <"$P/go-heap.pb.gz" >"$BATS_TEST_TMPDIR/c"
	pprof-fold <"$BATS_TEST_TMPDIR/raw.pb" >"$BATS_TEST_TMPDIR/d"
	[ -s "$BATS_TEST_TMPDIR/a" ]
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/c"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/d"
}

@test "pprof-fold: a stream of several gzip members, stored and compressed, is one profile" {
	gzip -dc "$P/go-heap.pb.gz" >"$BATS_TEST_TMPDIR/raw.pb"
	{ head -c 1000 "$BATS_TEST_TMPDIR/raw.pb" | gzip -1 -n
	  tail -c +1001 "$BATS_TEST_TMPDIR/raw.pb" | head -c 5000 | gzip -9 -n
	  tail -c +6001 "$BATS_TEST_TMPDIR/raw.pb" | gzip -n; } >"$BATS_TEST_TMPDIR/multi.gz"
	# random bytes: gzip keeps them in stored blocks
	head -c 70000 /dev/urandom >"$BATS_TEST_TMPDIR/rnd"
	{ printf '\x7a\xf0\xa2\x04'; cat "$BATS_TEST_TMPDIR/rnd"; } | gzip -n >"$BATS_TEST_TMPDIR/stored.gz"
	cat "$BATS_TEST_TMPDIR/stored.gz" >>"$BATS_TEST_TMPDIR/multi.gz"
	diff <(pprof-fold "$BATS_TEST_TMPDIR/raw.pb") <(pprof-fold "$BATS_TEST_TMPDIR/multi.gz")
}

@test "pprof-fold: several files are added up" {
	pprof-fold "$P/go-cpu.pb.gz" | awk '/^# / { print; next } { $NF *= 2; print }' >"$BATS_TEST_TMPDIR/want"
	pprof-fold "$P/go-cpu.pb.gz" - "$P/go-cpu.pb.gz" </dev/null 2>/dev/null || true
	pprof-fold "$P/go-cpu.pb.gz" "$P/go-cpu.pb.gz" >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

@test "pprof-fold: files that count different things are not added up" {
	run pprof-fold "$P/go-cpu.pb.gz" "$P/go-heap.pb.gz"
	status_is 1
	[ -z "$output" ] || [[ "$output" != *"cpu;"* ]]
	[[ "$output" == *"go-heap.pb.gz: sample type inuse_space/bytes differs from cpu/nanoseconds of"* ]]
}

@test "pprof-fold: PProf.jl allocation profile: Alloc frames, default allocs, --sample-index size" {
	mkpprof allocs | gzip -n >"$BATS_TEST_TMPDIR/a.pb.gz"
	run pprof-fold "$BATS_TEST_TMPDIR/a.pb.gz"
	status_is 0
	[ "${lines[0]}" = "# fg: unit=count" ]
	[ "${lines[1]}" = "# fg: countname=allocs" ]
	[ "${lines[2]}" = "main();Vector{Int64}(::UndefInitializer, ::Int64);Alloc: Vector{Int64} 2" ]
	[ "${lines[3]}" = "main();jl_apply_generic_[d];foo(::Int64);Alloc: Base.RefValue{Int64} 1" ]
	[ "${lines[4]}" = "main();print_to_string(::String, ::Vararg{Any});Alloc: String 3" ]
	[ "${#lines[@]}" -eq 5 ]
	run pprof-fold --sample-index size "$BATS_TEST_TMPDIR/a.pb.gz"
	[ "${lines[0]}" = "# fg: unit=bytes" ]
	[ "${lines[1]}" = "# fg: countname=size" ]
	[ "${lines[2]}" = "main();Vector{Int64}(::UndefInitializer, ::Int64);Alloc: Vector{Int64} 16000" ]
	[ "${lines[3]}" = "main();jl_apply_generic_[d];foo(::Int64);Alloc: Base.RefValue{Int64} 16" ]
	[ "${lines[4]}" = "main();print_to_string(::String, ::Vararg{Any});Alloc: String 192" ]
}

@test "pprof-fold: --no-alloc-type, --lines and --full-path on PProf.jl's layout" {
	mkpprof allocs >"$BATS_TEST_TMPDIR/a.pb"
	run pprof-fold --no-alloc-type "$BATS_TEST_TMPDIR/a.pb"
	[ "${lines[2]}" = "main();Vector{Int64}(::UndefInitializer, ::Int64) 2" ]
	[ "${lines[4]}" = "main();print_to_string(::String, ::Vararg{Any}) 3" ]
	run pprof-fold --lines "$BATS_TEST_TMPDIR/a.pb"
	[ "${lines[3]}" = "main() at alloc.jl:4;Vector{Int64}(::UndefInitializer, ::Int64) at boot.jl:477;Alloc: Vector{Int64} 2" ]
	[ "${lines[4]}" = "main() at alloc.jl:5;jl_apply_generic at gf.c:2940_[d];foo(::Int64) at alloc.jl:9;Alloc: Base.RefValue{Int64} 1" ]
	run pprof-fold --lines --full-path --no-alloc-type "$BATS_TEST_TMPDIR/a.pb"
	[ "${lines[2]}" = "main() at /home/u/alloc.jl:3;print_to_string(::String, ::Vararg{Any}) at /opt/julia/share/julia/base/strings/io.jl:140 3" ]
}

@test "pprof-fold: --lines cuts a file written on Windows at its last backslash too" {
	# one sample (10) of f at C:\src\x.go:12
	hexfile "$BATS_TEST_TMPDIR/w.pb" 0a0408011002 12040801100a 2a06080110032004 \
	    2208080122040801100c 3200 3201 61 3201 62 3201 66 320b 433a5c7372635c782e676f
	run pprof-fold --no-header --lines "$BATS_TEST_TMPDIR/w.pb"
	status_is 0
	[ "$output" = "f at x.go:12 10" ]
	run pprof-fold --no-header --lines --full-path "$BATS_TEST_TMPDIR/w.pb"
	[ "$output" = 'f at C:\src\x.go:12 10' ]
}

@test "pprof-fold: --by-label and --tag on PProf.jl's string and numeric labels" {
	mkpprof allocs >"$BATS_TEST_TMPDIR/a.pb"
	run pprof-fold --by-label type --no-alloc-type "$BATS_TEST_TMPDIR/a.pb"
	[ "${lines[2]}" = "type=Base.RefValue{Int64};main();jl_apply_generic_[d];foo(::Int64) 1" ]
	[ "${lines[3]}" = "type=String;main();print_to_string(::String, ::Vararg{Any}) 3" ]
	[ "${lines[4]}" = "type=Vector{Int64};main();Vector{Int64}(::UndefInitializer, ::Int64) 2" ]
	run pprof-fold --by-label nolabel "$BATS_TEST_TMPDIR/a.pb"
	[ "${lines[2]}" = "nolabel=(none);main();Vector{Int64}(::UndefInitializer, ::Int64);Alloc: Vector{Int64} 2" ]
	run pprof-fold --tag type=String -i size "$BATS_TEST_TMPDIR/a.pb"
	[ "${lines[2]}" = "main();print_to_string(::String, ::Vararg{Any});Alloc: String 192" ]
	[ "${#lines[@]}" -eq 3 ]
	# one key twice: either value; two keys: both
	run pprof-fold --tag type=String --tag 'type=Vector{Int64}' "$BATS_TEST_TMPDIR/a.pb"
	[ "${#lines[@]}" -eq 4 ]
	run pprof-fold --tag type=String --tag bytes=8000 "$BATS_TEST_TMPDIR/a.pb"
	[ "${lines[0]}" = "pprof-fold: $BATS_TEST_TMPDIR/a.pb: no sample matches --tag type=String --tag bytes=8000" ]
	[ "${#lines[@]}" -eq 3 ]
	run pprof-fold --tag bytes=8000 --by-label bytes "$BATS_TEST_TMPDIR/a.pb"
	[ "${lines[2]}" = "bytes=8000;main();Vector{Int64}(::UndefInitializer, ::Int64);Alloc: Vector{Int64} 2" ]
	[ "${#lines[@]}" -eq 3 ]
}

@test "pprof-fold: --tag that leaves out every sample of a profile is said, exit 0" {
	T=$BATS_TEST_TMPDIR
	runsh "pprof-fold --tag a=b '$P/go-heap.pb.gz' 2>'$T/err'"
	status_is 0
	[ "$output" = "# fg: unit=bytes
# fg: countname=inuse_space" ]
	[ "$(cat "$T/err")" = "pprof-fold: $P/go-heap.pb.gz: no sample matches --tag a=b" ]
	# said of the file whose samples all go, not of the one some stay in
	mkpprof cpu >"$T/c.pb"
	mkpprof cpu >"$T/d.pb"
	runsh "pprof-fold --tag threadid=2 '$T/c.pb' 2>&1 >/dev/null"
	[ -z "$output" ]
	runsh "pprof-fold --tag threadid=7 '$T/c.pb' '$T/d.pb' 2>&1 >/dev/null"
	[ "$output" = "pprof-fold: $T/c.pb: no sample matches --tag threadid=7
pprof-fold: $T/d.pb: no sample matches --tag threadid=7" ]
	# --list folds nothing: nothing to say
	runsh "pprof-fold --list --tag a=b '$P/go-heap.pb.gz' 2>&1 >/dev/null"
	[ -z "$output" ]
}

@test "pprof-fold: PProf.jl CPU layout: inlined lines, dispatch and GC marks, threads" {
	mkpprof cpu >"$BATS_TEST_TMPDIR/c.pb"
	run pprof-fold "$BATS_TEST_TMPDIR/c.pb"
	status_is 0
	[ "${lines[1]}" = "# fg: countname=events" ]
	[ "${lines[2]}" = "Main.main;Main.leaf 3" ]
	[ "${lines[3]}" = "Main.main;Main.work;Base.sum_[i];Base.add_sum_[i] 5" ]
	[ "${lines[4]}" = "Main.main;jl_apply_generic_[d];Main.leaf 2" ]
	[ "${lines[5]}" = "Main.main;jl_gc_collect_[g] 1" ]
	run pprof-fold --by-label threadid --tag threadid=2 --lines "$BATS_TEST_TMPDIR/c.pb"
	[ "${lines[2]}" = "threadid=2;Main.main at cpu.jl:2;Main.leaf at cpu.jl:12 3" ]
	[ "${lines[3]}" = "threadid=2;Main.main at cpu.jl:2;jl_gc_collect at gc.c:3100_[g] 1" ]
	[ "${#lines[@]}" -eq 4 ]
	run pprof-fold -i stack_depth "$BATS_TEST_TMPDIR/c.pb"
	[ "${lines[3]}" = "Main.main;Main.work;Base.sum_[i];Base.add_sum_[i] 10" ]
}

@test "pprof-fold: Julia marks only in Julia profiles" {
	# a Go profile whose function is called jl_gc_x keeps its name
	hexfile "$BATS_TEST_TMPDIR/g.pb" 0a0408011002 12040801100a \
	    2a06080110032004 2206080122020801 \
	    3200 3201 61 3201 62 3207 6a6c5f67635f78 3204 782e676f
	run pprof-fold "$BATS_TEST_TMPDIR/g.pb"
	status_is 0
	# a unit fg does not know goes into the count's name
	[ "${lines[0]}" = "# fg: countname=a (b)" ]
	[ "${lines[1]}" = "jl_gc_x 10" ]
}

@test "pprof-fold: a location without lines: its mapping, and --addresses" {
	hexfile "$BATS_TEST_TMPDIR/m.pb" 0a0408011002 120408011005 1a0408012803 \
	    22070801100118b424 3200 320773616d706c6573 3205636f756e74 \
	    320e2f6c69622f6c6962632e736f2e36
	run pprof-fold "$BATS_TEST_TMPDIR/m.pb"
	status_is 0
	[ "${lines[2]}" = "[libc.so.6] 5" ]
	run pprof-fold --addresses "$BATS_TEST_TMPDIR/m.pb"
	[ "${lines[2]}" = "[libc.so.6] 0x1234 5" ]
}

@test "pprof-fold: samples whose value is 0 are left out" {
	run pprof-fold -i inuse_space "$P/go-heap.pb.gz"
	status_is 0
	! printf '%s\n' "${lines[@]}" | grep -q ' 0$' || false
	n=$(gzip -dc "$P/go-heap.pb.gz" | pprof-fold -i alloc_space | grep -vc '^#')
	[ "${#lines[@]}" -lt $((n + 2)) ]
}

# bad FILE MESSAGE [OPTION...]: refused with MESSAGE, exit 1, nothing on stdout
bad() {
	local f=$1 msg=$2
	shift 2
	run bash -c 'pprof-fold "$@" 2>/dev/null' _ "$@" "$f"
	[ -z "$output" ]
	run pprof-fold "$@" "$f"
	status_is 1
	if [ "$output" != "$msg" ]; then
		echo "expected: $msg" >&2
		echo "got:      $output" >&2
		return 1
	fi
}

@test "pprof-fold: bad input: truncated gzip stream, bad CRC-32, bad ISIZE" {
	T=$BATS_TEST_TMPDIR
	head -c 2000 "$P/go-heap.pb.gz" >"$T/t.gz"
	bad "$T/t.gz" "pprof-fold: $T/t.gz: byte 2000: gzip: truncated stream"
	size=$(wc -c <"$P/go-heap.pb.gz")
	cp "$P/go-heap.pb.gz" "$T/crc.gz"
	b=$(od -An -tu1 -j $((size - 8)) -N1 "$T/crc.gz" | tr -d ' ')
	printf "\\x$(printf %02x $((b ^ 255)))" | dd of="$T/crc.gz" bs=1 seek=$((size - 8)) conv=notrunc 2>/dev/null
	bad "$T/crc.gz" "pprof-fold: $T/crc.gz: byte $((size - 8)): gzip: CRC-32 does not match the data"
	cp "$P/go-heap.pb.gz" "$T/isize.gz"
	b=$(od -An -tu1 -j $((size - 4)) -N1 "$T/isize.gz" | tr -d ' ')
	printf "\\x$(printf %02x $((b ^ 1)))" | dd of="$T/isize.gz" bs=1 seek=$((size - 4)) conv=notrunc 2>/dev/null
	bad "$T/isize.gz" "pprof-fold: $T/isize.gz: byte $((size - 4)): gzip: ISIZE does not match the data's length"
	# garbage after the last member
	{ cat "$P/go-heap.pb.gz"; printf 'xy'; } >"$T/trail.gz"
	bad "$T/trail.gz" "pprof-fold: $T/trail.gz: byte $size: gzip: not a gzip member"
}

@test "pprof-fold: bad input: truncated protobuf, a length past its message" {
	T=$BATS_TEST_TMPDIR
	# a sample_type of 4 bytes of which 3 are there
	hexfile "$T/a.pb" 0a04080010
	bad "$T/a.pb" "pprof-fold: $T/a.pb: byte 0: truncated field: its length runs past the end of the data"
	# a sample whose length varint stops in the middle (byte 7)
	hexfile "$T/b.pb" 0a040800100012 84
	bad "$T/b.pb" "pprof-fold: $T/b.pb: byte 6: truncated varint"
	# a sample of 5 bytes holding location ids of 10: the length is byte 3
	hexfile "$T/c.pb" 12050a0a010203
	bad "$T/c.pb" "pprof-fold: $T/c.pb: byte 3: length 10 runs past its message (3 bytes left)"
	# the Go profile cut short, compressed again
	gzip -dc "$P/go-heap.pb.gz" | head -c 3000 | gzip -n >"$T/d.gz"
	run pprof-fold "$T/d.gz"
	status_is 1
	[[ "$output" =~ ^"pprof-fold: $T/d.gz: byte "[0-9]+": truncated" ]]
}

@test "pprof-fold: bad input: indexes that name no string, location or function" {
	T=$BATS_TEST_TMPDIR
	# sample_type (bytes 2-5) names string 5 of a table of one
	hexfile "$T/s.pb" 0a0408051000 3200
	bad "$T/s.pb" "pprof-fold: $T/s.pb: byte 2: sample type names string 5 of a table of 1"
	# the sample at byte 8 names location 7
	hexfile "$T/l.pb" 0a0408001000 120408071001 3200
	bad "$T/l.pb" "pprof-fold: $T/l.pb: byte 8: sample names location 7, which is not in the profile"
	# the location at byte 8 has a line of function 9
	hexfile "$T/f.pb" 0a0408001000 2206080122020809 3200
	bad "$T/f.pb" "pprof-fold: $T/f.pb: byte 8: location names function 9, which is not in the profile"
	# a function (byte 8) whose name is string 3 of 1
	hexfile "$T/n.pb" 0a0408001000 2a0408011003 3200
	bad "$T/n.pb" "pprof-fold: $T/n.pb: byte 8: function name names string 3 of a table of 1"
}

@test "pprof-fold: bad input: text, an empty file, negative values, uneven samples" {
	T=$BATS_TEST_TMPDIR
	bad "$FG_ROOT/README.md" "pprof-fold: $FG_ROOT/README.md: byte 0: not a pprof profile (it is text)"
	printf 'x y\n' >"$T/short.txt"
	bad "$T/short.txt" "pprof-fold: $T/short.txt: byte 0: not a pprof profile (it is text)"
	# a file of another format is named, and the program that reads it
	printf 'x 1\n' >"$T/short.folded"
	bad "$T/short.folded" "pprof-fold: $T/short.folded: not a pprof profile (profile.proto) but folded stacks, which need no folding"
	bad "$DATA/jlprof/profile_ttfp.jlprof" "pprof-fold: $DATA/jlprof/profile_ttfp.jlprof: not a pprof profile (profile.proto) but a Julia profile (.jlprof): read it with jlprof-fold (or fg-fold)"
	gzip -c "$DATA/cpuprofile/small.cpuprofile" >"$T/c.gz"
	bad "$T/c.gz" "pprof-fold: $T/c.gz: not a pprof profile (profile.proto) but a V8 CPU profile (.cpuprofile): read it with cpuprofile-fold (or fg-fold)"
	: >"$T/empty"
	bad "$T/empty" "pprof-fold: $T/empty: empty file"
	bad "$T/absent" "pprof-fold: $T/absent: No such file or directory"
	: | gzip -n >"$T/empty.gz"
	bad "$T/empty.gz" "pprof-fold: $T/empty.gz: empty file"
	# value -1 (ten-byte varint) in the sample at byte 8
	hexfile "$T/neg.pb" 0a0408011000 120b10ffffffffffffffffff01 3200 320176
	bad "$T/neg.pb" "pprof-fold: $T/neg.pb: byte 8: negative value of sample type v (a difference of two profiles?)"
	# the second sample (byte 12) has two values, the first one
	hexfile "$T/uneven.pb" 0a0408001000 12021001 120410011002 3200
	bad "$T/uneven.pb" "pprof-fold: $T/uneven.pb: byte 12: sample has 2 values where the first had 1"
	# a protobuf with no sample type at all
	hexfile "$T/none.pb" 3200 3200 3200
	run pprof-fold "$T/none.pb"
	status_is 1
	[ "$output" = "pprof-fold: $T/none.pb: byte 0: not a pprof profile (no sample types)" ]
}

@test "pprof-fold: a decompression bomb stops at --max-size, streaming" {
	T=$BATS_TEST_TMPDIR
	bad "$P/go-heap.pb.gz" "pprof-fold: $P/go-heap.pb.gz: decompressed size exceeds 10000 bytes (--max-size)" --max-size 10000
	# 20 MB of an unknown field, passed over without being held
	{ printf '\x7a\x80\xda\xc4\x09'; head -c 20000000 /dev/zero; } | gzip -n >"$T/bomb.gz"
	bad "$T/bomb.gz" "pprof-fold: $T/bomb.gz: decompressed size exceeds 1048576 bytes (--max-size)" --max-size 1M
	run pprof-fold --max-size 30M "$T/bomb.gz"
	status_is 1
	[ "$output" = "pprof-fold: $T/bomb.gz: byte 0: not a pprof profile (no sample types)" ]
}

@test "pprof-fold: --sample-index that names no sample type" {
	bad "$P/go-cpu.pb.gz" "pprof-fold: $P/go-cpu.pb.gz: no sample type alloc_space (pprof-fold --list shows them)" -i alloc_space
	bad "$P/go-cpu.pb.gz" "pprof-fold: $P/go-cpu.pb.gz: --sample-index 2: the profile has 2 sample types" --sample-index 2
}

@test "pprof-fold: usage errors exit 2; --help and --version" {
	run pprof-fold --bogus
	status_is 2
	[ "$output" = "pprof-fold: unrecognized option '--bogus'
Try 'pprof-fold --help' for more information." ]
	run pprof-fold --tag novalue "$P/go-cpu.pb.gz"
	status_is 2
	[ "${lines[0]}" = "pprof-fold: --tag wants KEY=VALUE" ]
	run pprof-fold --max-size 12Q "$P/go-cpu.pb.gz"
	status_is 2
	[ "${lines[0]}" = "pprof-fold: bad size '12Q'" ]
	run pprof-fold --sample-index '' "$P/go-cpu.pb.gz"
	status_is 2
	[ "${lines[0]}" = "pprof-fold: an empty --sample-index" ]
	run pprof-fold --by-label '' "$P/go-cpu.pb.gz"
	status_is 2
	[ "$output" = "pprof-fold: an empty --by-label
Try 'pprof-fold --help' for more information." ]
	run pprof-fold --help
	status_is 0
	[[ "${lines[0]}" == "usage: pprof-fold "* ]]
	run pprof-fold --version
	status_is 0
	[[ "$output" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "pprof-fold: memory follows the tables, not the samples" {
	# a million samples of one stack, each written out: 46 MB of stream
	mkpprof repeat 1000000 | gzip -1 -n >"$BATS_TEST_TMPDIR/r.gz"
	[ "$(gzip -dc "$BATS_TEST_TMPDIR/r.gz" | wc -c)" -gt 40000000 ]
	run pprof-fold "$BATS_TEST_TMPDIR/r.gz"
	status_is 0
	[ "${#lines[@]}" -eq 3 ]
	[[ "${lines[2]}" == "f1;f2;f3;"*";f40 1000000" ]]
	[ -x /usr/bin/time ] && /usr/bin/time -f %M true 2>/dev/null ||
		skip "GNU time is not installed: the peak memory is not checked"
	/usr/bin/time -o "$BATS_TEST_TMPDIR/rss" -f %M pprof-fold "$BATS_TEST_TMPDIR/r.gz" >/dev/null
	# the buffers (1 MiB in, 1 MiB out) and the program: well under 16 MiB
	[ "$(cat "$BATS_TEST_TMPDIR/rss")" -lt 16384 ]
}

@test "pprof-fold: --max-size bounds an uncompressed file too" {
	T=$BATS_TEST_TMPDIR
	# 20 MB of an unknown field, not compressed
	{ printf '\x7a\x80\xda\xc4\x09'; head -c 20000000 /dev/zero; } >"$T/big.pb"
	bad "$T/big.pb" "pprof-fold: $T/big.pb: input size exceeds 1048576 bytes (--max-size)" --max-size 1M
}

@test "pprof-fold: --max-size bounds the memory the tables take" {
	T=$BATS_TEST_TMPDIR
	# 200000 empty strings: 400 kB of input, a table of 200000 entries
	head -c 200000 /dev/zero | tr '\0' '\062' | sed 's/\x32/\x32\x00/g' >"$T/empty.pb"
	[ "$(wc -c <"$T/empty.pb")" -eq 400000 ]
	run pprof-fold --max-size 1M "$T/empty.pb"
	status_is 1
	[[ "$output" == "pprof-fold: $T/empty.pb: byte "*": the profile's tables would take more than 1048576 bytes of memory (--max-size)" ]]
	# a field declared longer than the memory left is refused before it
	# is buffered, compressed or not
	{ printf '\x32\xc0\xcf\x24'; head -c 600000 /dev/zero; } >"$T/field.pb"
	bad "$T/field.pb" "pprof-fold: $T/field.pb: byte 0: field 6 (string_table) of 600000 bytes would take more than 1048576 bytes of memory (--max-size)" --max-size 1M
	gzip -n <"$T/field.pb" >"$T/field.pb.gz"
	bad "$T/field.pb.gz" "pprof-fold: $T/field.pb.gz: byte 0: field 6 (string_table) of 600000 bytes would take more than 1048576 bytes of memory (--max-size)" --max-size 1M
}

@test "pprof-fold: a varint whose tenth byte carries bits past 2^64 is refused" {
	T=$BATS_TEST_TMPDIR
	# 2^64 + 0x32 (string_table, length-delimited) would read as 0x32
	hexfile "$T/wrap.pb" b2808080808080808002 00
	bad "$T/wrap.pb" "pprof-fold: $T/wrap.pb: byte 0: varint past 2^64"
	# 2^63 + 0x32 is a number too large for a tag, said so
	hexfile "$T/big.pb" b2808080808080808001 00
	run pprof-fold "$T/big.pb"
	status_is 1
	[[ "$output" == *"bad field number"* ]]
}

@test "pprof-fold: --max-size wants a decimal size of one byte or more" {
	for v in ' 10' '+10' 0 0x10 12Q -1 ''; do
		run pprof-fold --max-size "$v" "$P/go-cpu.pb.gz"
		status_is 2
		[ "${lines[0]}" = "pprof-fold: bad size '$v'" ]
	done
	for v in 99999999999999999999 16777216T; do
		run pprof-fold --max-size "$v" "$P/go-cpu.pb.gz"
		status_is 2
		[ "${lines[0]}" = "pprof-fold: size: '$v' is out of range (at most 18446744073709551615 bytes)" ]
	done
	run pprof-fold --max-size 1M --list "$P/go-cpu.pb.gz"
	status_is 0
}
