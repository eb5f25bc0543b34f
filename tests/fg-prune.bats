#!/usr/bin/env bats
# fg-prune: drop matching frames and their callees; samples stay with the caller

load helper

@test "fg-prune NAME: cuts at the frame, samples stay with the caller" {
	runsh "fg-prune 'sort!' $DATA/folded/julia.folded | fg-merge"
	status_is 0
	[ "$output" = "$(printf '%s\n' \
		'eval at boot.jl:330;profile_test at REPL[1]:3 1' \
		'eval at boot.jl:330;profile_test at REPL[1]:3;rand at random.jl:277;rand! at random.jl:267 12' \
		'eval at boot.jl:330;profile_test at REPL[1]:5;mapslices at abstractarray.jl:2857 34' \
		'eval at boot.jl:330;profile_test at REPL[1]:5;mapslices at abstractarray.jl:2857;_mapslices at abstractarray.jl:2870 [inlined]_[d] 3' \
		'eval at boot.jl:330;profile_test at REPL[1]:5;mapslices at abstractarray.jl:2872;setindex! at subarray.jl:312 6' \
		'eval at boot.jl:330;profile_test at REPL[1]:7 2' \
		'eval at boot.jl:330;profile_test at REPL[1]:7;maximum at reduce.jl:652;mapreduce at reduce.jl:289 8')" ]
}

@test "fg-prune NAME@FILE: the file must be FILE or end in /FILE or \\FILE" {
	runsh "fg-prune 'sort!@sort.jl' $DATA/folded/julia.folded | grep -c 'sort!'"
	[ "$output" = 1 ]	# sort! at mysort.jl:3 stays
	runsh "printf 'a;f at /x/base/sort.jl:3;g 2\na;f at /x/mysort.jl:3 1\n' | fg-prune f@sort.jl"
	[ "$output" = "$(printf 'a 2\na;f at /x/mysort.jl:3 1')" ]
	# or in \FILE: a path written on Windows (--full-path)
	printf '%s\n' 'a;f at C:\x\sort.jl:3;g 2' 'a;f at C:\x\mysort.jl:3 1' >"$BATS_TEST_TMPDIR/w.folded"
	run fg-prune f@sort.jl "$BATS_TEST_TMPDIR/w.folded"
	[ "$output" = "$(printf '%s\n' 'a 2' 'a;f at C:\x\mysort.jl:3 1')" ]
}

@test "fg-prune: a NAME matches the function, not a substring or the file" {
	runsh "printf 'a;sort!x;b 1\na;b at sort!.jl:1 2\nsort!;c 3\nz;sort!_[k];y 4\n' | fg-prune 'sort!' 2>&1"
	[ "$output" = "$(printf 'a;sort!x;b 1\na;b at sort!.jl:1 2\nz 4\nfg-prune: 3 samples dropped: their root frame matched')" ]
}

@test "fg-prune -e: a regular expression anywhere in the label" {
	run bash -c "fg-prune -e '^map(slices|reduce) ' $DATA/folded/julia.folded | grep -c map"
	[ "$output" = 0 ]
	runsh "printf 'a;xfoo;b 1\na;foox;b 2\n' | fg-prune -e 'foo\$'"
	[ "$output" = "$(printf 'a 1\na;foox;b 2')" ]
}

@test "fg-prune -F: a fixed substring, several patterns at once" {
	runsh "printf 'a;b.c;d 1\na;bxc;d 2\na;e;f 3\n' | fg-prune -F b.c -F f"
	[ "$output" = "$(printf 'a 1\na;bxc;d 2\na;e 3')" ]
}

@test "fg-prune -n: names as options leave the operands to files" {
	run fg-prune -n rand -n maximum "$DATA/folded/julia.folded"
	status_is 0
	[[ "$output" != *"rand at"* ]]
	[[ "$output" != *"maximum at"* ]]
	[ "$(echo "$output" | wc -l)" -eq 8 ]
}

@test "fg-prune: a pattern that matches nothing changes nothing but order" {
	fg-prune no_such_function "$DATA/folded/many.folded" | fg-merge >"$BATS_TEST_TMPDIR/a"
	fg-merge "$DATA/folded/many.folded" | cmp - "$BATS_TEST_TMPDIR/a"
}

@test "fg-prune -d: stacks deeper than N are cut; samples stay at depth N" {
	runsh "printf 'a;b;c;d 1\na;b 2\na 3\n' | fg-prune -d 2"
	[ "$output" = "$(printf 'a;b 1\na;b 2\na 3')" ]
	runsh "printf 'a;b;c;d 1\n' | fg-prune --depth=1"
	[ "$output" = "a 1" ]
}

@test "fg-prune -d 0 and a bad depth are usage errors" {
	run fg-prune -d 0
	status_is 2
	[ "${lines[0]}" = "fg-prune: depth must be at least 1" ]
	run fg-prune -d x
	status_is 2
	[ "${lines[0]}" = "fg-prune: bad depth: 'x'" ]
}

@test "fg-prune --recursion: from a frame to its repeat is folded away" {
	runsh "printf 'A;B;A;C 5\nA;A;A;B 2\nm;r;x;r;x;r;y 1\nA;B;C 4\n' | fg-prune --recursion"
	[ "$output" = "$(printf 'A;C 5\nA;B 2\nm;r;y 1\nA;B;C 4')" ]
}

@test "fg-prune --recursion: frames equal but for a status annotation are one, keeping every status" {
	runsh "printf 'A;B;A_[g] 1\nA_[d];B;A_[g];C 2\nX;Y_[g];Y;Z 3\nf_[k];f 4\nm;n_[i];n 5\n' | fg-prune --recursion"
	status_is 0
	[ "$output" = "$(printf 'A_[g] 1\nA_[dg];C 2\nX;Y_[g];Z 3\nf_[k];f 4\nm;n_[i];n 5')" ]
	runsh "printf 'A;A_[d];A_[g];B 1\nA_[g];A;B 2\n' | fg-prune --recursion=direct"
	[ "$output" = "$(printf 'A_[dg];B 1\nA_[g];B 2')" ]
	# summed, a Julia profile's stacks keep every sample
	jlprof-fold "$DATA/jlprof/profile_ttfp.jlprof" >"$BATS_TEST_TMPDIR/j"
	fg-prune --recursion "$BATS_TEST_TMPDIR/j" | fg-top -n 1 --format json | grep -o '"total":[0-9]*' | head -1 >"$BATS_TEST_TMPDIR/a"
	fg-top -n 1 --format json "$BATS_TEST_TMPDIR/j" | grep -o '"total":[0-9]*' | head -1 | cmp - "$BATS_TEST_TMPDIR/a"
	# no stack keeps two frames that differ only in status, one inside the other
	fg-prune --recursion "$BATS_TEST_TMPDIR/j" | grep -v '^#' | awk '{ sub(/ [0-9]+$/, ""); n = split($0, f, ";")
		for (i = 1; i <= n; i++) { b = f[i]; sub(/_\[(d|g|dg)\]$/, "", b); if (seen[b]++) { print "twice: " b; exit 1 } }
		delete seen }'
}

@test "fg-prune --recursion=direct: only immediate repeats" {
	runsh "printf 'A;B;A;C 5\nA;A;A;B 2\n' | fg-prune --recursion=direct"
	[ "$output" = "$(printf 'A;B;A;C 5\nA;B 2')" ]
	run fg-prune --recursion=sideways
	status_is 2
}

@test "fg-prune --recursion: a stack with thousands of distinct frames" {
	awk 'BEGIN{s="r"; for(i=0;i<5000;i++) s=s ";f" i; print s ";r;end 1"}' >"$BATS_TEST_TMPDIR/in"
	run fg-prune --recursion "$BATS_TEST_TMPDIR/in"
	[ "$output" = "r;end 1" ]
}

@test "fg-prune: prune, recursion and depth combine in that order" {
	runsh "printf 'a;b;a;c;x;d 1\n' | fg-prune --recursion -d 3 -n x"
	[ "$output" = "a;c 1" ]
}

@test "fg-prune: two-count lines keep both counts, comments pass through" {
	runsh "printf '# base new\nmain;f;g 10 12\n' | fg-prune g"
	[ "$output" = "$(printf '# base new\nmain;f 10 12')" ]
}

@test "fg-prune: stdin, - and several files" {
	runsh "printf 'a;b 1\n' | fg-prune b $DATA/folded/nonewline.folded - $DATA/folded/crlf.folded"
	status_is 0
	[ "$output" = "$(printf 'main;work 2\nmain;idle 1\na 1\nmain;work;alloc_[k] 3\nmain;work 2\nmain;idle 1')" ]
}

@test "fg-prune: | head -1 ends quietly" {
	awk 'BEGIN{for(i=0;i<200000;i++) print "root;frame" i, 1}' >"$BATS_TEST_TMPDIR/in"
	runsh "fg-prune zzz $BATS_TEST_TMPDIR/in 2>$BATS_TEST_TMPDIR/err | head -1"
	[ "$output" = "root;frame0 1" ]
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
}

@test "fg-prune: bad input is reported with file and line" {
	runsh "printf 'a 1\nb\n' | fg-prune x"
	status_is 1
	[[ "$output" == *"fg-prune: <stdin>:2: count missing" ]]
}

@test "fg-prune: a bad regex, no pattern and a bad option are usage errors" {
	run fg-prune -e '('
	status_is 2
	[[ "$output" == "fg-prune: bad regular expression '('"* ]]
	run fg-prune
	status_is 2
	[ "${lines[0]}" = "fg-prune: no pattern given" ]
	run fg-prune --bogus
	status_is 2
	[[ "$output" == *"Try 'fg-prune --help'"* ]]
}

@test "fg-prune: --help and --version" {
	run fg-prune --help
	status_is 0
	for o in --name --regex --fixed --depth --recursion; do [[ "$output" == *"$o"* ]]; done
	run fg-prune --version
	[[ "$output" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "fg-prune: empty input gives empty output; a 2 MiB frame passes whole" {
	run fg-prune x /dev/null
	status_is 0
	[ -z "$output" ]
	{ printf 'root;'; head -c 2097152 /dev/zero | tr '\0' y; printf ';x;z 3\n'; } >"$BATS_TEST_TMPDIR/in"
	fg-prune x "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/out")" -eq $((5 + 2097152 + 3)) ]
}

@test "fg-prune -e: a regex sees one frame, never the ';' between two" {
	# [[:space:]], [^q]* and $ would reach across frames if the
	# stack were matched whole (with ';' as a line break)
	printf 'main;x;y;z 5\n' >"$BATS_TEST_TMPDIR/in"
	for re in 'x[[:space:]]y' 'x[^q]*y' 'x.y' '^main.x' 'x$.^y'; do
		run fg-prune -e "$re" "$BATS_TEST_TMPDIR/in"
		status_is 0
		[ "$output" = "main;x;y;z 5" ]
	done
	# anchors hold at the ends of each frame
	run fg-prune -e '^y$' "$BATS_TEST_TMPDIR/in"
	[ "$output" = "main;x 5" ]
	printf 'main;x y;z 5\n' | fg-prune -e 'x[[:space:]]y' >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = "main 5" ]
}

@test "fg-prune -e: a frame repeated over many stacks is matched once" {
	# a{2,}b costs glibc time quadratic in a 4000-byte frame (about
	# 0.05 s); 300 stacks through it took 16 s when every line was
	# matched anew
	awk 'BEGIN{a=sprintf("%4000s",""); gsub(/ /,"a",a); for(i=0;i<300;i++) print "main;" a ";f" i, 1}' \
	    >"$BATS_TEST_TMPDIR/in"
	run timeout 5 fg-prune -e 'a{2,}b' "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$(echo "$output" | wc -l)" -eq 300 ]
	run timeout 5 fg-prune -e 'a{2,}' "$BATS_TEST_TMPDIR/in"
	[ "$output" = "$(for i in $(seq 300); do echo 'main 1'; done)" ]
}

@test "fg-prune --recursion: linear in the stack's depth (a 1 MB line that repeats itself)" {
	# 60000 distinct frames, then a;b 60000 times: each a cuts the path
	# back to the first a, with 60000 frames still kept before it
	{
		seq -f 'f%g' 1 60000 | tr '\n' ';'
		yes 'a;b' | head -60000 | tr '\n' ';'
		echo 'leaf 1'
	} >"$BATS_TEST_TMPDIR/in"
	run timeout 20 fg-prune --recursion "$BATS_TEST_TMPDIR/in"
	status_is 0
	# what is left: the distinct frames, a, b and the leaf
	[ "$output" = "$(seq -f 'f%g' 1 60000 | tr '\n' ';')a;b;leaf 1" ]
}
