#!/usr/bin/env bats
# fg-top --list: a function's lines, flat and cum, beside its source.
# Checked against go tool pprof -list on a CPU profile of a Go test
# ($DATA/golist/README.md), and against fg-top --by frame on the
# bundled Julia profile.

load helper

G=""
setup() {
	G=$DATA/golist
}

# pprof_lines: go tool pprof -list's output (-unit=ns) on stdin as
# TSV rows "name file line flat cum", its lines with a cost only
pprof_lines() {
	awk -v OFS='\t' '
		/^ROUTINE / { name = $3; file = $5; next }
		name != "" && $3 ~ /^[0-9]+:/ && ($1 != "." || $2 != ".") {
			line = $3; sub(/:.*/, "", line)
			flat = $1; cum = $2
			if (flat == ".") flat = 0
			if (cum == ".") cum = 0
			sub(/ns$/, "", flat); sub(/ns$/, "", cum)
			print name, file, line, flat, cum
		}' | sort
}

# our_lines: fg-top --list's TSV for every function pprof's listing
# on stdin names, in the same rows
our_lines() {
	local fns=() f
	mapfile -t fns < <(awk '/^ROUTINE / { print $3 }' | sort -u)
	[ "${#fns[@]}" -gt 0 ] || return 1
	pprof-fold --lines --full-path "$G/cpu.pb.gz" >"$BATS_TEST_TMPDIR/go.folded"
	for f in "${fns[@]}"; do
		fg-top --list "$f" --format tsv "$BATS_TEST_TMPDIR/go.folded" | tail -n +2
	done | sort
}

# lineno: the line numbers of listing lines on stdin, "..." for a gap
lineno() {
	awk '/^ *\.\.\.$/ { print "..."; next } { print substr($0, 23, 6) + 0 }'
}

@test "fg-top --list: flat and cum per line as go tool pprof -list gave them (stored)" {
	our_lines <"$G/pprof-list.out" >"$BATS_TEST_TMPDIR/ours"
	pprof_lines <"$G/pprof-list.out" >"$BATS_TEST_TMPDIR/theirs"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/theirs")" -ge 12 ]
	diff "$BATS_TEST_TMPDIR/theirs" "$BATS_TEST_TMPDIR/ours"
}

@test "fg-top --list: flat and cum per line as go tool pprof -list gives them (live)" {
	needgo
	(cd "$DATA" && go tool pprof -unit=ns -list 'golist\.' golist/cpu.pb.gz) \
	    2>/dev/null >"$BATS_TEST_TMPDIR/live"
	grep -q '^ROUTINE .* golist.fib in golist/lines.go' "$BATS_TEST_TMPDIR/live"
	our_lines <"$BATS_TEST_TMPDIR/live" >"$BATS_TEST_TMPDIR/ours"
	pprof_lines <"$BATS_TEST_TMPDIR/live" >"$BATS_TEST_TMPDIR/theirs"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/theirs")" -ge 12 ]
	diff "$BATS_TEST_TMPDIR/theirs" "$BATS_TEST_TMPDIR/ours"
}

@test "fg-top --list: the source beside the numbers, in the profile's unit, tabs expanded" {
	runsh "pprof-fold --lines '$G/cpu.pb.gz' | fg-top --list golist.fill --source-dir '$G'"
	status_is 0
	[ "${lines[0]}" = "Total: 930 ms" ]
	[ "${lines[1]}" = "ROUTINE ======================== golist.fill in lines.go" ]
	[ "${lines[2]}" = "    100 ms     140 ms (flat, cum) 15.05% of Total" ]
	# the costly lines 26 and 27, three lines around them
	want=$(sed -n '23,30p' "$G/lines.go" | expand)
	got=$(printf '%s\n' "${lines[@]:3}" | sed 's/^.\{29\}//')
	[ "$got" = "$want" ]
	[[ "${lines[6]}" == "     90 ms      90 ms     26:        for i := range xs {" ]]
	[[ "${lines[3]}" == "         .          .     23:}" ]]
}

@test "fg-top --list --context, --list-all: the lines around the costly ones" {
	pprof-fold --lines "$G/cpu.pb.gz" >"$BATS_TEST_TMPDIR/go.folded"
	run fg-top --list golist.fib --context 0 --source-dir "$G" "$BATS_TEST_TMPDIR/go.folded"
	status_is 0
	# lines 7, 9 and 11 cost: each alone, "..." between
	[ "$(printf '%s\n' "${lines[@]:3}" | lineno | tr '\n' ' ')" = "7 ... 9 ... 11 " ]
	run fg-top --list golist.fib --context 0 --list-all --source-dir "$G" "$BATS_TEST_TMPDIR/go.folded"
	[ "$(printf '%s\n' "${lines[@]:3}" | lineno | tr '\n' ' ')" = "7 8 9 10 11 " ]
	run fg-top --list golist.fib --context 1 --source-dir "$G" "$BATS_TEST_TMPDIR/go.folded"
	[ "$(printf '%s\n' "${lines[@]:3}" | lineno | tr '\n' ' ')" = "6 7 8 9 10 11 12 " ]
	run fg-top --list golist.fib --context x "$BATS_TEST_TMPDIR/go.folded"
	status_is 2
}

@test "fg-top --list: without --source-dir the costly lines alone, no text" {
	runsh "pprof-fold --lines '$G/cpu.pb.gz' | fg-top --list golist.fib"
	status_is 0
	[ "${#lines[@]}" -eq 6 ]
	[ "${lines[3]}" = "    110 ms     150 ms      7:" ]
	[ "${lines[5]}" = "     80 ms     560 ms     11:" ]
}

@test "fg-top --list --source-map: a path recorded under another root" {
	pprof-fold --lines --full-path "$G/cpu.pb.gz" >"$BATS_TEST_TMPDIR/go.folded"
	run fg-top --list golist.fib --source-dir "$G" "$BATS_TEST_TMPDIR/go.folded"
	[ "${lines[3]}" = " note: golist/lines.go: not found under the source directories" ]
	run fg-top --list golist.fib --source-dir "$G" --source-map golist/= "$BATS_TEST_TMPDIR/go.folded"
	status_is 0
	[[ "$output" == *"     80 ms     560 ms     11:        return fib(n-1) + fib(n-2)"* ]]
	# the longest FROM wins; an absolute TO is read when it lies under a directory
	run fg-top --list golist.fib --source-dir "$G" --source-map g=nothing/ \
	    --source-map "golist/=$G/" "$BATS_TEST_TMPDIR/go.folded"
	[[ "$output" == *"11:        return fib(n-1) + fib(n-2)"* ]]
	run fg-top --list golist.fib --source-dir "$G" --source-map '=x' "$BATS_TEST_TMPDIR/go.folded"
	status_is 2
	[[ "$output" == *"bad source map: '=x' (FROM=TO)"* ]]
	run fg-top --list golist.fib --source-map a "$BATS_TEST_TMPDIR/go.folded"
	status_is 2
}

@test "fg-top --list: recursion counts a line once per stack; flat is the leaf's" {
	runsh "printf 'main;f at x.c:3;f at x.c:3;f at x.c:5 10\nmain;f at x.c:3 4\nmain;g at x.c:9 1\n' | fg-top --list f --format tsv"
	status_is 0
	[ "$output" = "$(printf 'name\tfile\tline\tflat\tcum\nf\tx.c\t3\t4\t14\nf\tx.c\t5\t10\t10')" ]
	runsh "printf 'main;f at x.c:3;f at x.c:3;f at x.c:5 10\nmain;f at x.c:3 4\n' | fg-top --list f"
	[ "${lines[2]}" = "        14         14 (flat, cum) 100.00% of Total" ]
}

@test "fg-top --list: annotations and [inlined] are no part of a line" {
	runsh "printf 'a;f at x.jl:3_[d] 2\na;f at x.jl:3 [inlined] 3\na;f at x.jl:3 [inlined]_[g];h 5\n' | fg-top --list f --format tsv"
	status_is 0
	[ "$output" = "$(printf 'name\tfile\tline\tflat\tcum\nf\tx.jl\t3\t5\t10')" ]
}

@test "fg-top --list: NAME@FILE, -e, -F and --name choose the functions; a function by file" {
	in='a;f at one.c:1 1\na;f at two.c:2 2\na;g at one.c:7 4\n'
	runsh "printf '$in' | fg-top --list f@two.c --format tsv | tail -n +2"
	[ "$output" = "$(printf 'f\ttwo.c\t2\t2\t2')" ]
	runsh "printf '$in' | fg-top --list f --format tsv | tail -n +2"
	[ "$output" = "$(printf 'f\tone.c\t1\t1\t1\nf\ttwo.c\t2\t2\t2')" ]
	runsh "printf '$in' | fg-top --list f@two.c --name g --format tsv | tail -n +2 | cut -f1,2"
	[ "$output" = "$(printf 'f\ttwo.c\ng\tone.c')" ]
	runsh "printf '$in' | fg-top --list nothing -e '^g ' --format tsv | tail -n +2 | cut -f1"
	[ "$output" = "g" ]
	runsh "printf '$in' | fg-top --list nothing -F 'one.c' --format tsv | tail -n +2 | cut -f1,2"
	[ "$output" = "$(printf 'f\tone.c\ng\tone.c')" ]
	runsh "printf '$in' | fg-top --list f"
	[ "$(echo "$output" | grep -c '^ROUTINE')" -eq 2 ]
}

@test "fg-top --list --format json: the TSV's numbers, a function an object" {
	printf 'main;f at x.c:3;f at x.c:3;f at x.c:5 10\nmain;f at x.c:3 4\nmain;g 1\nmain;h\tx at "q".c:2 1\n' >"$BATS_TEST_TMPDIR/p.folded"
	run fg-top --list f --list g --name $'h\tx' -f json "$BATS_TEST_TMPDIR/p.folded"
	status_is 0
	[ "${lines[0]}" = '{"total":16,"functions":[' ]
	[ "${lines[1]}" = '{"name":"f","file":"x.c","flat":14,"cum":14,"lines":[{"line":3,"flat":4,"cum":14},{"line":5,"flat":10,"cum":10}]},' ]
	[ "${lines[2]}" = '{"name":"g","file":null,"flat":1,"cum":1,"lines":[]},' ]
	[ "${lines[3]}" = '{"name":"h\u0009x","file":"\"q\".c","flat":1,"cum":1,"lines":[{"line":2,"flat":1,"cum":1}]}' ]
	[ "${lines[4]}" = ']}' ]
	# the same numbers as the TSV's
	[ "$(fg-top --list f -f tsv "$BATS_TEST_TMPDIR/p.folded" | tail -n +2 | cut -f3-)" = "$(printf '3\t4\t14\n5\t10\t10')" ]
	printf 'a;f at x.c:3 5 8\na;f at x.c:3;g 2 1\n' | fg-top --list f -f json >"$BATS_TEST_TMPDIR/d.json"
	grep -q '"lines":\[{"line":3,"flat":8,"cum":9,"flat_delta":3,"cum_delta":2}\]' "$BATS_TEST_TMPDIR/d.json"
	if command -v python3 >/dev/null; then
		python3 -m json.tool "$BATS_TEST_TMPDIR/d.json" >/dev/null
	fi
}

@test "fg-top --list: frames without a line are said" {
	runsh "printf 'a;f 3\na;g at x.jl 2\n' | fg-top --list f --list g"
	status_is 0
	[[ "$output" == *$'ROUTINE ======================== f\n         3          3 (flat, cum) 60.00% of Total\n note: f: no file and line in its frames (written by a folder under --lines)'* ]]
	[[ "$output" == *" note: x.jl: no line numbers in its frames"* ]]
}

@test "fg-top --list: differential input gives each line's change" {
	printf 'a;f at x.c:3 5 8\na;f at x.c:3;g 2 1\na;f at x.c:4 6 2\n' >"$BATS_TEST_TMPDIR/d.folded"
	run fg-top --list f --format tsv "$BATS_TEST_TMPDIR/d.folded"
	status_is 0
	[ "${lines[0]}" = "$(printf 'name\tfile\tline\tflat\tcum\tflat_delta\tcum_delta')" ]
	# each side alone, then the change: derived, not written down
	for side in 1 2; do
		awk -v s=$side '{ n = NF - 2 + s; c = $n; NF -= 2; print $0, c }' \
		    "$BATS_TEST_TMPDIR/d.folded" | fg-top --list f --format tsv | tail -n +2 >"$BATS_TEST_TMPDIR/s$side"
	done
	want=$(paste "$BATS_TEST_TMPDIR/s1" "$BATS_TEST_TMPDIR/s2" | awk -F'\t' -v OFS='\t' '
		{ df = $9 - $4; dc = $10 - $5
		  print $1, $2, $3, $9, $10, (df > 0 ? "+" : "") df, (dc > 0 ? "+" : "") dc }')
	[ "$(printf '%s\n' "${lines[@]:1}")" = "$want" ]
	run fg-top --list f "$BATS_TEST_TMPDIR/d.folded"
	[ "${lines[2]}" = "        10         11         -1         -2 (flat, cum, their change) 100.00% of Total" ]
	[ "${lines[3]}" = "         8          9         +3         +2      3:" ]
}

@test "fg-top --list: a path out of the source directories is not read, and why" {
	mkdir -p "$BATS_TEST_TMPDIR/src/sub" "$BATS_TEST_TMPDIR/out"
	echo 'SECRET TEXT' >"$BATS_TEST_TMPDIR/out/s.c"
	echo 'inside' >"$BATS_TEST_TMPDIR/src/sub/in.c"
	ln -s ../out/s.c "$BATS_TEST_TMPDIR/src/link.c"
	ln -s ../out "$BATS_TEST_TMPDIR/src/dirlink"
	mkdir "$BATS_TEST_TMPDIR/src/adir"
	abs=$BATS_TEST_TMPDIR/out/s.c
	printf 'a;f at ../out/s.c:1 1\na;g at link.c:1 1\na;h at %s:1 1\na;i at dirlink/s.c:1 1\na;j at sub/../sub/in.c:1 1\na;k at %s/src/sub/in.c:1 1\na;l at adir:1 1\n' \
	    "$abs" "$BATS_TEST_TMPDIR" >"$BATS_TEST_TMPDIR/p.folded"
	run fg-top --list f --list g --list h --list i --list j --list k --list l \
	    --source-dir "$BATS_TEST_TMPDIR/src" "$BATS_TEST_TMPDIR/p.folded"
	status_is 0
	[[ "$output" != *SECRET* ]]
	[[ "$output" == *" note: ../out/s.c: '..' leads out of the source directories"* ]]
	[[ "$output" == *" note: link.c: a symbolic link leads out of the source directories"* ]]
	[[ "$output" == *" note: $abs: an absolute path outside the source directories"* ]]
	[[ "$output" == *" note: dirlink/s.c: a symbolic link leads out of the source directories"* ]]
	[[ "$output" == *" note: adir: not a regular file"* ]]
	# a '..' that stays inside, and an absolute path inside, are read
	[ "$(echo "$output" | grep -c '1:inside$')" -eq 2 ]
	# without the directory nothing is read at all
	run fg-top --list g "$BATS_TEST_TMPDIR/p.folded"
	[[ "$output" != *SECRET* && "$output" != *note:* ]]
}

@test "fg-top --list --source-dir, repeated: tried in order, a refusal said over 'not found'" {
	mkdir -p "$BATS_TEST_TMPDIR/one" "$BATS_TEST_TMPDIR/two/in" "$BATS_TEST_TMPDIR/out"
	echo 'text 1' >"$BATS_TEST_TMPDIR/one/both.c"
	echo 'text 2' >"$BATS_TEST_TMPDIR/two/both.c"
	echo 'text only 2' >"$BATS_TEST_TMPDIR/two/two.c"
	echo 'out' >"$BATS_TEST_TMPDIR/out/x.c"
	ln -s ../out/x.c "$BATS_TEST_TMPDIR/two/x.c"
	printf 'a;f at both.c:1 1\na;g at two.c:1 1\na;h at x.c:1 1\n' >"$BATS_TEST_TMPDIR/p.folded"
	run fg-top --list f --list g --list h --source-dir "$BATS_TEST_TMPDIR/one" \
	    --source-dir "$BATS_TEST_TMPDIR/two" "$BATS_TEST_TMPDIR/p.folded"
	status_is 0
	[[ "$output" == *"1:text 1"* && "$output" != *"text 2"* && "$output" == *"1:text only 2"* ]]
	[[ "$output" == *" note: x.c: a symbolic link leads out of the source directories"* ]]
}

@test "fg-top --list: a source directory that is not there is an error" {
	printf 'a;f at x.c:1 1\n' >"$BATS_TEST_TMPDIR/p.folded"
	rejects "fg-top: source directory '$BATS_TEST_TMPDIR/none': No such file or directory" \
	    fg-top --list f --source-dir "$BATS_TEST_TMPDIR/none" "$BATS_TEST_TMPDIR/p.folded"
	rejects "not a directory" fg-top --list f --source-dir "$BATS_TEST_TMPDIR/p.folded" "$BATS_TEST_TMPDIR/p.folded"
}

@test "fg-top --list: a file that is not text is said, not printed" {
	mkdir -p "$BATS_TEST_TMPDIR/src"
	printf 'line one\nNUL\000HERE\n' >"$BATS_TEST_TMPDIR/src/nul.c"
	printf 'line one\nbad \377 byte\n' >"$BATS_TEST_TMPDIR/src/bad.c"
	printf 'a;f at nul.c:1 1\na;g at bad.c:2 1\n' >"$BATS_TEST_TMPDIR/p.folded"
	run fg-top --list f --list g --source-dir "$BATS_TEST_TMPDIR/src" "$BATS_TEST_TMPDIR/p.folded"
	status_is 0
	[[ "$output" == *" note: nul.c: not text (a NUL byte on line 2): not shown"* ]]
	[[ "$output" == *" note: bad.c: not text (invalid UTF-8 on line 2): not shown"* ]]
	[[ "$output" != *"line one"* && "$output" != *HERE* && "$output" != *"bad "* ]]
	[[ "$output" == *$'\n         1          1      1:\n'* ]]
}

@test "fg-top --list: source text and names escaped for the terminal" {
	mkdir -p "$BATS_TEST_TMPDIR/src"
	printf 'x = "\033]0;title\007\033[31mred" /* \302\233 */\r\nok\n' >"$BATS_TEST_TMPDIR/src/e.c"
	printf 'a;f\033[2J at e.c:1 1\n' >"$BATS_TEST_TMPDIR/p.folded"
	run fg-top --list $'f\033[2J' --source-dir "$BATS_TEST_TMPDIR/src" "$BATS_TEST_TMPDIR/p.folded"
	status_is 0
	[[ "$output" != *$'\033'* && "$output" != *$'\302\233'* && "$output" != *$'\r'* ]]
	[[ "$output" == *'ROUTINE ======================== f\x1b[2J in e.c'* ]]
	[[ "$output" == *'1:x = "\x1b]0;title\x07\x1b[31mred" /* \xc2\x9b */'* ]]
	[[ "$output" == *'2:ok'* ]]
}

@test "fg-top --list: a line past the file's end is said, its numbers kept" {
	mkdir -p "$BATS_TEST_TMPDIR/src"
	printf 'one\ntwo\n' >"$BATS_TEST_TMPDIR/src/s.c"
	printf 'a;f at s.c:2 1\na;f at s.c:40 3\n' >"$BATS_TEST_TMPDIR/p.folded"
	run fg-top --list f --context 1 --source-dir "$BATS_TEST_TMPDIR/src" "$BATS_TEST_TMPDIR/p.folded"
	status_is 0
	[ "${lines[3]}" = " note: s.c: has 2 lines, the profile names line 40 (another version of it?)" ]
	[ "${lines[5]}" = "         1          1      2:two" ]
	[ "${lines[7]}" = "         3          3     40:" ]
	# the widest context, the farthest line: one span, the file's line once
	printf 'a;f at s.c:999999999999999999 1\na;f at s.c:1 1\n' >"$BATS_TEST_TMPDIR/p.folded"
	for o in --list-all "--context 18446744073709551615"; do
		run fg-top --list f $o --source-dir "$BATS_TEST_TMPDIR/src" "$BATS_TEST_TMPDIR/p.folded"
		status_is 0
		[ "${#lines[@]}" -eq 7 ]
		[ "${lines[4]}" = "         1          1      1:one" ]
		[ "${lines[5]}" = "         .          .      2:two" ]
		[ "${lines[6]}" = "         1          1 999999999999999999:" ]
	done
}

@test "fg-top --list: a Julia profile's lines are fg-top --by frame's rows summed" {
	jlprof-fold "$DATA/jlprof/profile_ttfp.jlprof" >"$BATS_TEST_TMPDIR/j.folded"
	fg-top --list none -e . --format tsv "$BATS_TEST_TMPDIR/j.folded" | tail -n +2 | sort >"$BATS_TEST_TMPDIR/list"
	fg-top --by frame -n 0 --format tsv "$BATS_TEST_TMPDIR/j.folded" | awk -F'\t' -v OFS='\t' '
		NR > 1 {
			name = $6; sub(/ \[inlined\]$/, "", name)
			i = 0
			for (p = 1; (q = index(substr(name, p), " at ")); p += q) i = p + q - 1
			rest = substr(name, i + 4)
			if (!i || !match(rest, /:[0-9]+$/)) next
			k = substr(name, 1, i - 1) OFS substr(rest, 1, RSTART - 1) OFS substr(rest, RSTART + 1)
			flat[k] += $1; cum[k] += $3; nv[k]++
		}
		END { for (k in flat) if (flat[k] || cum[k]) print k, flat[k], cum[k], nv[k] }' |
	    sort >"$BATS_TEST_TMPDIR/frames"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/list")" -gt 900 ]
	[ "$(cut -f1-3 "$BATS_TEST_TMPDIR/list")" = "$(cut -f1-3 "$BATS_TEST_TMPDIR/frames")" ]
	# flat: the self of the line's frames, whatever their annotation
	[ "$(cut -f1-4 "$BATS_TEST_TMPDIR/list")" = "$(cut -f1-4 "$BATS_TEST_TMPDIR/frames")" ]
	# cum: their total where the line has one frame; a line of two
	# frames (f, f_[d]) in one stack counts once, not twice
	paste "$BATS_TEST_TMPDIR/list" "$BATS_TEST_TMPDIR/frames" |
	    awk -F'\t' '$11 == 1 && $5 != $10 { bad++ } $11 > 1 && $5 > $10 { bad++ } $11 > 1 { multi++ }
		END { exit !(bad == 0 && multi > 0) }'
	# and those lines as the stacks count them, once each
	awk '{
		c = $NF; $NF = ""; sub(/ $/, ""); n = split($0, f, ";")
		delete seen
		for (i = 1; i <= n; i++) {
			k = f[i]; sub(/_\[[a-z]+\]$/, "", k); sub(/ \[inlined\]$/, "", k)
			if (!match(k, / at .*:[0-9]+$/) || (k in seen)) continue
			seen[k] = 1; cum[k] += c
		}
	} END { for (k in cum) print k "\t" cum[k] }' "$BATS_TEST_TMPDIR/j.folded" | sort >"$BATS_TEST_TMPDIR/stacks"
	awk -F'\t' '$5 > 0 { print $1 " at " $2 ":" $3 "\t" $5 }' "$BATS_TEST_TMPDIR/list" | sort >"$BATS_TEST_TMPDIR/cum"
	diff "$BATS_TEST_TMPDIR/stacks" "$BATS_TEST_TMPDIR/cum"
}

@test "fg-top --list: a Julia function's head is fg-top --by function's row" {
	jlprof-fold "$DATA/jlprof/profile_ttfp.jlprof" >"$BATS_TEST_TMPDIR/j.folded"
	row=$(fg-top --by function -n 0 --format tsv "$BATS_TEST_TMPDIR/j.folded" | awk -F'\t' '$6 == "typeinf_ext"')
	run fg-top --list typeinf_ext "$BATS_TEST_TMPDIR/j.folded"
	status_is 0
	[ "$(echo "$output" | grep -c '^ROUTINE')" -eq 1 ]
	read -r flat cum _ <<<"${lines[2]}"
	[ "$flat" = "$(echo "$row" | cut -f1)" ]
	[ "$cum" = "$(echo "$row" | cut -f3)" ]
}

@test "fg-top --list: errors and usage" {
	printf 'a;f at x.c:1 1\n' >"$BATS_TEST_TMPDIR/p.folded"
	fails_with "fg-top: no frame matches 'g'" fg-top --list g "$BATS_TEST_TMPDIR/p.folded"
	fails_with "fg-top: no frame matches 'g' or the other patterns" fg-top --list g -e zzz "$BATS_TEST_TMPDIR/p.folded"
	: >"$BATS_TEST_TMPDIR/empty"
	fails_with "fg-top: no samples in the input" fg-top --list f "$BATS_TEST_TMPDIR/empty"
	for o in "--tree" "--callers f" "-n 3" "--sort name" "--by file" "--min 5"; do
		run fg-top --list f $o "$BATS_TEST_TMPDIR/p.folded"
		status_is 2
		[[ "$output" == *"Try 'fg-top --help'"* ]]
	done
	for o in "--source-dir ." "--source-map a=b" "--context 2" "--list-all"; do
		run fg-top $o "$BATS_TEST_TMPDIR/p.folded"
		status_is 2
		[[ "$output" == *"go with --list"* ]]
	done
	run fg-top --help
	[[ "$output" == *"--list PATTERN"* && "$output" == *"--source-map FROM=TO"* ]]
}
