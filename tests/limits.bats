#!/usr/bin/env bats
# Resource bounds: stacks of any depth, lines of any length, and memory
# that runs out with a clean message instead of a crash.
#
# A stack N frames deep must not cost N levels of recursion.  make check
# runs this file with N = 10000 under a 128 KiB stack limit, which a
# recursive walk of 10000 frames overflows; make check-limits runs it
# again with FG_DEPTH=100000 under the default stack (about 8 MiB).
# Every fixture is written in time linear in N.

load helper

n=${FG_DEPTH:-10000}

# Run a command line with the small stack when N is the small depth.
runlim() {
	if [ -z "${FG_DEPTH:-}" ]; then
		run bash -c "ulimit -s 128; $1"
	else
		run bash -c "$1"
	fi
}

sanitized() {
	case "$FG_BIN" in *-san*) return 0 ;; esac
	return 1
}

@test "limits: a deep stack through fg-merge, fg-prune and fg-filter" {
	deep "$n" >"$BATS_TEST_TMPDIR/in"
	runlim "fg-merge $BATS_TEST_TMPDIR/in | wc -l"
	status_is 0
	[ "$output" -eq 2 ]
	runlim "fg-prune --recursion $BATS_TEST_TMPDIR/in | fg-prune -d $((n - 1)) | awk -F';' '{print NF}' | head -1"
	[ "$output" = $((n - 1)) ]
	runlim "fg-filter f$((n - 1)) $BATS_TEST_TMPDIR/in | awk -F';' '{print NF}'"
	[ "$output" = "$(printf '1\n%d' "$n")" ]
	runlim "fg-filter -r f$((n - 10)) $BATS_TEST_TMPDIR/in"
	[ "$output" = "$(seq -s ';' -f 'f%g' $((n - 10)) $((n - 1))) 3" ]
}

@test "limits: a line too long for memory is a clean 'out of memory' error" {
	sanitized && skip "ASan reserves more address space than ulimit -v allows"
	runsh "(ulimit -v 300000; head -c 1000000000 /dev/zero | tr '\\0' x | fg-merge) 2>&1"
	status_is 1
	[ "$output" = "fg-merge: out of memory" ]
}

@test "limits: a deep stack through fg-svg, fg-vega, fg-png and fg-pdf" {
	deep "$n" >"$BATS_TEST_TMPDIR/in"
	runlim "fg-svg --minwidth 0 $BATS_TEST_TMPDIR/in >$BATS_TEST_TMPDIR/out.svg"
	status_is 0
	# every frame is drawn, one rect each, under the "all" root
	[ "$(svg_lines "$BATS_TEST_TMPDIR/out.svg" | sed -n '/<g id="frames">/,/<\/g>/p' | grep -c '^<rect')" -eq $((n + 2)) ]
	if command -v xmllint >/dev/null; then
		xmllint --noout --huge "$BATS_TEST_TMPDIR/out.svg"
	fi
	runlim "fg-vega $BATS_TEST_TMPDIR/in | grep -c '^{\"d\":'"
	status_is 0
	[ "$output" -eq $((n + 2)) ]
	# too large a canvas (over 1 GiB) at 160 px a frame: said so cleanly
	runlim "fg-png -H 160 $BATS_TEST_TMPDIR/in"
	status_is 1
	[[ "$output" =~ ^"fg-png: image of 1200x"([0-9]+)" pixels is too large"$ ]]
	[ "${BASH_REMATCH[1]}" -gt $((160 * (n + 1))) ]
	runlim "fg-png --pixels $BATS_TEST_TMPDIR/in >$BATS_TEST_TMPDIR/out.png"
	status_is 0
	[ "$(head -c 4 "$BATS_TEST_TMPDIR/out.png" | tail -c 3)" = PNG ]
	[ "$(od -An -tu1 -j 20 -N 4 "$BATS_TEST_TMPDIR/out.png" | awk '{print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4}')" -eq $((n + 1)) ]
	runlim "fg-pdf $BATS_TEST_TMPDIR/in >$BATS_TEST_TMPDIR/out.pdf"
	status_is 0
	[ "$(tail -c 6 "$BATS_TEST_TMPDIR/out.pdf")" = '%%EOF' ] || [ "$(tail -n 1 "$BATS_TEST_TMPDIR/out.pdf")" = '%%EOF' ]
}

@test "limits: a deep stack through fg-diff and fg-top" {
	deep "$n" >"$BATS_TEST_TMPDIR/a"
	sed 's/ 3$/ 5/' "$BATS_TEST_TMPDIR/a" >"$BATS_TEST_TMPDIR/b"
	runlim "fgdiff $BATS_TEST_TMPDIR/a $BATS_TEST_TMPDIR/b | awk '{print \$NF, \$(NF-1)}'"
	[ "$output" = "$(printf '5 3\n1 1')" ]
	runlim "fg-top -n 1 --sort total $BATS_TEST_TMPDIR/a"
	status_is 0
	[ "$(echo "$output" | awk 'NR == 2 {print $3, $NF}')" = "4 f0" ]
	runlim "fg-diff $BATS_TEST_TMPDIR/a $BATS_TEST_TMPDIR/b | fg-top -n 1 --format tsv | tail -1 | cut -f1"
	[ "$output" = 0 ]
}

@test "limits: fg-top --tree on a deep stack, under a small stack" {
	# the tree is indented by depth: its size grows as the square of
	# the depth, so this one stays at 10000 frames and a 128 KiB stack
	deep 10000 >"$BATS_TEST_TMPDIR/a"
	run bash -c "ulimit -s 128; fg-top --tree --min 0 $BATS_TEST_TMPDIR/a | awk 'END { print NR, \$NF }'"
	status_is 0
	[ "$output" = "10001 g" ]
}

@test "limits: a deep stack through fg-pprof and fg-speedscope, and a Location of N inlined Lines" {
	deep "$n" >"$BATS_TEST_TMPDIR/in"
	runlim "fg-pprof $BATS_TEST_TMPDIR/in | pprof-fold | grep -v '^#' | fg-merge $BATS_TEST_TMPDIR/in - | awk '{ print \$NF }'"
	status_is 0
	[ "$output" = "$(printf '6\n2')" ]
	runlim "fg-speedscope $BATS_TEST_TMPDIR/in | grep -o '\"name\":\"f[0-9]*\"' | wc -l"
	status_is 0
	[ "$output" -eq "$n" ]
	# every frame but the root inlined into the one before: one Location
	awk -v n="$n" 'BEGIN { printf "f0"; for (i = 1; i < n; i++) printf ";f%d_[i]", i; print " 3" }' >"$BATS_TEST_TMPDIR/inl"
	runlim "fg-pprof $BATS_TEST_TMPDIR/inl | pprof-fold | grep -v '^#' | fg-merge $BATS_TEST_TMPDIR/inl - | awk '{ print \$NF }'"
	status_is 0
	[ "$output" = 6 ]
}

@test "limits: a deep perf sample and a deep Julia profile fold" {
	awk -v n="$n" 'BEGIN { print "prog 1 1.0: 1 cycles:"; for (i = n; i >= 1; i--) printf "\t%x f%d (/bin/prog)\n", i, i; print "" }' >"$BATS_TEST_TMPDIR/perf.txt"
	runlim "perf-fold --no-header $BATS_TEST_TMPDIR/perf.txt | awk -F';' '{print NF, \$2, \$NF}'"
	status_is 0
	[ "$output" = "$((n + 1)) f1 f$n 1" ]
	# the sample's words, leaf first, in lines of 50; then its end; each
	# frame after its own "entry" line, so mkjlprof finds it at once
	awk -v n="$n" 'BEGIN { for (i = n; i >= 1; i--) printf "%s%d%s", i % 50 == 0 ? "word " : "", i, i % 50 == 1 ? "\n" : " "
		print "word 0"
		for (i = 1; i <= n; i++) { print "entry", i; print "frame", i, "f" i, "file.jl", i } }' |
		mkjlprof >"$BATS_TEST_TMPDIR/deep.jlprof"
	runlim "jlprof-fold $BATS_TEST_TMPDIR/deep.jlprof | awk -F';' '{print NF, \$1, \$NF}'"
	status_is 0
	[ "$output" = "$n f1 at file.jl:1 f$n at file.jl:$n 1" ]
}

@test "limits: a .jlprof that claims 2^62 samples is refused before any allocation" {
	{ echo 'ndata 4611686018427387904'; cat "$DATA/jlprof/fg-basic.txt"; } | mkjlprof >"$BATS_TEST_TMPDIR/big.jlprof"
	if sanitized; then
		run jlprof-fold "$BATS_TEST_TMPDIR/big.jlprof"
	else
		runsh "(ulimit -v 200000; jlprof-fold $BATS_TEST_TMPDIR/big.jlprof)"
	fi
	status_is 1
	[[ "$output" == "jlprof-fold: $BATS_TEST_TMPDIR/big.jlprof: byte 13: data length 4611686018427387904 exceeds"* ]]
}

@test "limits: a line too long for memory is a clean error in fg-svg too" {
	sanitized && skip "ASan reserves more address space than ulimit -v allows"
	runsh "(ulimit -v 300000; head -c 1000000000 /dev/zero | tr '\\0' x | fg-svg) 2>&1"
	status_is 1
	[ "$output" = "fg-svg: out of memory" ]
}

# 2^16 one-frame stacks of 256 bytes that all collide under an unkeyed
# multiply-rotate hash of four 8-byte lanes (what hash.h was): flipping
# the top bit of a lane's word in one 32-byte block and the bit its
# rotation moves it to in the next leaves the state unchanged.
colliding() {
	awk 'function blk(flip, hi,   s, i, c) {
		s = ""
		for (i = 0; i < 32; i++) {
			c = 97
			if (hi && flip[i]) c += 128
			else if (!hi && flip[i]) c = xor97[i]
			s = s sprintf("%c", c)
		}
		return s
	}
	BEGIN {
		# lanes a, b, c, d rotate by 31, 29, 27, 33: bit 63 moves to
		# bits 30, 28, 26, 32 (bytes 3, 11, 19, 28 of the next block)
		split("3 11 19 28", nb, " "); split("33 113 101 96", nv, " ")
		for (v = 0; v < 16; v++) {
			delete f1; delete f2; delete xor97
			for (l = 0; l < 4; l++) if (int(v / 2^l) % 2) {
				f1[8 * l + 7] = 1; f2[nb[l + 1]] = 1; xor97[nb[l + 1]] = nv[l + 1]
			}
			seg[v] = blk(f1, 1) blk(f2, 0)
		}
		for (n = 0; n < 65536; n++)
			print seg[n % 16] seg[int(n / 16) % 16] seg[int(n / 256) % 16] seg[int(n / 4096) % 16], 1
	}'
}

@test "limits: names crafted to collide in the hash tables take linear time" {
	colliding >"$BATS_TEST_TMPDIR/in"
	[ "$(sort -u "$BATS_TEST_TMPDIR/in" | wc -l)" -eq 65536 ]
	run timeout 8 fg-merge "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$(echo "$output" | wc -l)" -eq 65536 ]
	run timeout 8 bash -c 'fgdiff "$@"' _ "$BATS_TEST_TMPDIR/in" "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$(echo "$output" | wc -l)" -eq 65536 ]
	run timeout 8 fg-top "$BATS_TEST_TMPDIR/in"
	status_is 0
}

@test "limits: every folder that holds a file whole refuses one over 1 GiB by default" {
	# a regular file's size is checked before it is read: a sparse
	# file one byte over takes no time.  pprof-fold streams its input
	# and bounds its tables (4G); the text folders stream and take none.
	truncate -s 1073741825 "$BATS_TEST_TMPDIR/big"
	local p held=
	for p in "$FG_BIN"/*-fold; do
		p=${p##*/}
		"$p" --help | grep -q -- '--max-size' || continue
		[ "$p" = pprof-fold ] && { "$p" --help | grep -q -- '--max-size SIZE .*(default 4G)'; continue; }
		"$p" --help | grep -q -- '--max-size SIZE .*(default 1G)'
		sed -n '/^\.BI \\-\\-max\\-size/,/^\.TP/p' "$BATS_TEST_DIRNAME/../man/$p.1" | grep -q '^\.BR 1G'
		run "$p" "$BATS_TEST_TMPDIR/big"
		status_is 1
		[ "$output" = "$p: $BATS_TEST_TMPDIR/big: input size exceeds 1073741824 bytes (--max-size)" ]
		held="$held $p"
	done
	# the line formats that used to take 4G are among them
	[[ "$held" == *" callgrind-fold"* && "$held" == *" ghcprof-fold"* ]]
}
