#!/usr/bin/env bats
# Resource bounds: stacks of any depth, lines of any length, and memory
# that runs out with a clean message instead of a crash.

load helper

deep() {
	awk -v n="$1" 'BEGIN{s="f0"; for(i=1;i<n;i++) s=s ";f" i; print s, 3; print "f0;g", 1}'
}

sanitized() {
	case "$FG_BIN" in *-san*) return 0 ;; esac
	return 1
}

@test "limits: a 100k-deep stack through fg-merge, fg-prune and fg-filter" {
	deep 100000 >"$BATS_TEST_TMPDIR/in"
	run fg-merge "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$(echo "$output" | wc -l)" -eq 2 ]
	runsh "fg-prune --recursion $BATS_TEST_TMPDIR/in | fg-prune -d 99999 | awk -F';' '{print NF}' | head -1"
	[ "$output" = 99999 ]
	runsh "fg-filter f99999 $BATS_TEST_TMPDIR/in | awk -F';' '{print NF}'"
	[ "$output" = "$(printf '1\n100000')" ]
	runsh "fg-filter -r f99990 $BATS_TEST_TMPDIR/in"
	[ "$output" = "f99990;f99991;f99992;f99993;f99994;f99995;f99996;f99997;f99998;f99999 3" ]
}

@test "limits: a line too long for memory is a clean 'out of memory' error" {
	sanitized && skip "ASan reserves more address space than ulimit -v allows"
	runsh "(ulimit -v 300000; head -c 1000000000 /dev/zero | tr '\\\\0' x | fg-merge) 2>&1"
	status_is 1
	[ "$output" = "fg-merge: out of memory" ]
}

@test "limits: a 100k-deep stack through fg-svg, fg-vega, fg-png and fg-pdf" {
	deep 100000 >"$BATS_TEST_TMPDIR/in"
	run fg-svg --minwidth 0 "$BATS_TEST_TMPDIR/in"
	status_is 0
	# every frame is drawn, one rect each, under the "all" root
	[ "$(echo "$output" | sed -n '/<g id="frames">/,/<\/g>/p' | grep -c '^<rect')" -eq 100002 ]
	if command -v xmllint >/dev/null; then
		fg-svg "$BATS_TEST_TMPDIR/in" | xmllint --noout --huge -
	fi
	run fg-vega "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$(echo "$output" | grep -c '^{"d":')" -eq 100002 ]
	# too tall for an image at the default frame height: said so cleanly
	run fg-png "$BATS_TEST_TMPDIR/in"
	status_is 1
	[ "$output" = "fg-png: image of 1200x1600086 pixels is too large" ]
	fg-png --pixels "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out.png"
	[ "$(head -c 4 "$BATS_TEST_TMPDIR/out.png" | tail -c 3)" = PNG ]
	[ "$(od -An -tu1 -j 20 -N 4 "$BATS_TEST_TMPDIR/out.png" | awk '{print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4}')" -eq 100001 ]
	fg-pdf "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out.pdf"
	[ "$(tail -c 6 "$BATS_TEST_TMPDIR/out.pdf")" = '%%EOF' ] || [ "$(tail -n 1 "$BATS_TEST_TMPDIR/out.pdf")" = '%%EOF' ]
}

@test "limits: a 100k-deep stack through fg-diff and fg-top" {
	deep 100000 >"$BATS_TEST_TMPDIR/a"
	deep 100000 | sed 's/ 3$/ 5/' >"$BATS_TEST_TMPDIR/b"
	runsh "fg-diff $BATS_TEST_TMPDIR/a $BATS_TEST_TMPDIR/b | awk '{print \$NF, \$(NF-1)}'"
	[ "$output" = "$(printf '5 3\n1 1')" ]
	run fg-top -n 1 --sort total "$BATS_TEST_TMPDIR/a"
	status_is 0
	[ "$(echo "$output" | awk 'NR == 2 {print $3, $NF}')" = "4 f0" ]
	runsh "fg-top --tree --min 0 $BATS_TEST_TMPDIR/a | wc -l"
	[ "$output" -eq 100001 ]
	runsh "fg-diff $BATS_TEST_TMPDIR/a $BATS_TEST_TMPDIR/b | fg-top -n 1 --format tsv | tail -1 | cut -f1"
	[ "$output" = 0 ]
}

@test "limits: a 100k-frame perf sample and a 100k-deep Julia profile fold" {
	awk 'BEGIN { print "prog 1 1.0: 1 cycles:"; for (i = 100000; i >= 1; i--) printf "\t%x f%d (/bin/prog)\n", i, i; print "" }' >"$BATS_TEST_TMPDIR/perf.txt"
	runsh "perf-fold $BATS_TEST_TMPDIR/perf.txt | awk -F';' '{print NF, \$2, \$NF}'"
	status_is 0
	[ "$output" = "100001 f1 f100000 1" ]
	# the sample's words, leaf first, in lines of 50; then its end
	awk 'BEGIN { for (i = 100000; i >= 1; i--) printf "%s%d%s", i % 50 == 0 ? "word " : "", i, i % 50 == 1 ? "\n" : " "
		print "word 0"
		for (i = 1; i <= 100000; i++) print "frame", i, "f" i, "file.jl", i }' |
		mkjlprof >"$BATS_TEST_TMPDIR/deep.jlprof"
	runsh "jlprof-fold $BATS_TEST_TMPDIR/deep.jlprof | awk -F';' '{print NF, \$1, \$NF}'"
	status_is 0
	[ "$output" = "100000 f1 at file.jl:1 f100000 at file.jl:100000 1" ]
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
	runsh "(ulimit -v 300000; head -c 1000000000 /dev/zero | tr '\\\\0' x | fg-svg) 2>&1"
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
	run timeout 8 fg-diff "$BATS_TEST_TMPDIR/in" "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$(echo "$output" | wc -l)" -eq 65536 ]
	run timeout 8 fg-top "$BATS_TEST_TMPDIR/in"
	status_is 0
}
