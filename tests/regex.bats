#!/usr/bin/env bats
# The regex dialect of -e, --wildcard and --filter-regex (POSIX ERE as
# glibc reads it, lib/base/regex.c), and its time: linear in a frame's
# length whatever the pattern.  tests/fuzz/regex.c compares the matcher
# with the C library's on many more.

load helper

# Which of the frames (one per argument) does -e $1 match?  One
# single-frame stack per frame, kept by fg-filter --only if it matches.
matches() {
	local re=$1
	shift
	printf '%s 1\n' "$@" >"$BATS_TEST_TMPDIR/in"
	fg-filter --only -e "$re" "$BATS_TEST_TMPDIR/in" | sed 's/ 1$//' | tr '\n' ' '
}

# check RE FRAME... -- EXPECTED...: exactly EXPECTED (in order) match
check() {
	local re=$1 frames=() want=()
	shift
	while [ "$1" != -- ]; do frames+=("$1"); shift; done
	shift
	want=("$@")
	got=$(matches "$re" "${frames[@]}")
	exp=$(printf '%s ' "${want[@]}")
	if [ "$got" != "$exp" ]; then
		echo "-e '$re': matched [$got], expected [$exp]" >&2
		return 1
	fi
}

@test "regex: anchors hold at the frame's ends, not at the ';' between frames" {
	check '^ma' main xmain mai -- main mai
	check 'in$' main mainx -- main
	printf 'a;b 1\nab 1\n' >"$BATS_TEST_TMPDIR/in"
	run fg-filter --only -e 'a;b' "$BATS_TEST_TMPDIR/in"
	status_is 1
	run fg-filter --only -e '^b' "$BATS_TEST_TMPDIR/in"
	[ "$output" = "a;b 1" ]
	run fg-filter --only -e 'a$' "$BATS_TEST_TMPDIR/in"
	[ "$output" = "a;b 1" ]
}

@test "regex: classes, bracket ranges, negation, ']' and '-' as members" {
	check '^[[:alpha:]]+$' abc ab1 _x -- abc
	check '[[:digit:]]' a1 ab -- a1
	check '^[[:upper:]][[:lower:]]*$' Foo foo FOO -- Foo
	check '[[:space:]]' 'a b' ab -- 'a b'
	check '^[a-c]+$' abc abd -- abc
	check '^[^a-c]+$' xyz xaz -- xyz
	check '[]x]' 'a]' ax ab -- 'a]' ax
	check '[^]x]' ']x' ']a' -- ']a'
	check '^[a-]+$' 'a-a' ab -- 'a-a'
	check '[[.-.]]' 'a-b' ab -- 'a-b'
	check '[[=e=]]' 'e' f -- e
	check '\w\W\w' 'a.b' abc -- 'a.b'
	check '\s' 'a b' ab -- 'a b'
}

@test "regex: alternation, grouping, ?, *, + and {m,n}" {
	check '^(ab|cd)+$' abcd abab abc cd -- abcd abab cd
	check '^ab?c$' ac abc abbc -- ac abc
	check '^ab*c$' ac abbbc adc -- ac abbbc
	check '^ab+c$' ac abc abbc -- abc abbc
	check '^a{2}$' a aa aaa -- aa
	check '^a{2,}$' a aa aaaa -- aa aaaa
	check '^a{,2}b$' b ab aab aaab -- b ab aab
	check '^a{1,2}b$' b ab aab aaab -- ab aab
	check '^(a|)b$' b ab -- b ab
	check '^x(y{0})z$' xz xyz -- xz
	check 'a|^b' xa bx xb -- xa bx
	check 'x\b' 'x y' xy -- 'x y'
	check '\<y' 'x y' xy -- 'x y'
	check 'x)' 'x)' x -- 'x)'
	check '.' a -- a
}

@test "regex: bad patterns are usage errors, as regcomp would say" {
	for re in '(' 'a{1' 'a{2,1}' '*a' 'a|*b' '[z-a]' '[[:foo:]]' '[a' 'x\' 'a{99999}' '(a)\1'; do
		run fg-filter -e "$re" /dev/null
		status_is 2
		[[ "${lines[0]}" == "fg-filter: bad regular expression '$re': "* ]]
		[ "${lines[1]}" = "Try 'fg-filter --help' for more information." ]
	done
	run fg-filter -e '(a)\1' /dev/null
	[[ "$output" == *"back-references are not supported"* ]]
}

@test "regex: an escaped letter that is no operator is refused (glibc reads \d as d)" {
	for re in '\d' 'x\d+' '\D' '\n' '\t' '\x41' '[0-9]\z'; do
		run fg-filter -e "$re" /dev/null
		status_is 2
		[ "${lines[0]}" = "fg-filter: bad regular expression '$re': an escaped letter other than \w \W \s \S \b \B is no operator (a digit is [0-9])" ]
	done
	# escaped punctuation and digits are themselves
	check '\.\*\[\0' 'a.*[0' 'a.*[1' -- 'a.*[0'
}

@test "regex: \\b and '|' after any number of nodes (the parser's array grows under them)" {
	# each a adds a node: one of these lengths has \b's nodes, or a
	# branch, made just as the node array must grow
	local a=
	for i in $(seq 70); do
		a=${a}a
		[ "$(matches "${a}x\\b" "${a}x y")" = "${a}x y " ] || { echo "\\b after $i" >&2; return 1; }
		[ "$(matches "(${a}|z)x" "${a}x")" = "${a}x " ] || { echo "| after $i" >&2; return 1; }
	done
}

# A frame of n bytes: x repeated, no y (the worst case of x+y for a
# backtracking or quadratic matcher).
xframe() {
	head -c "$1" /dev/zero | tr '\0' x
	echo ';leaf 1'
}

@test "regex: matching is linear in the frame's length, whatever the pattern" {
	# glibc's regexec took 6.9 s at 80 KB and about four times that here
	xframe 160000 >"$BATS_TEST_TMPDIR/in"
	for prog in "fg-filter --only" "fg-prune" "fg-top"; do
		run timeout 20 $prog -e 'x+y' "$BATS_TEST_TMPDIR/in"
		[ "$status" -ne 124 ]
	done
	run timeout 20 fg-filter --only -e 'x+y' "$BATS_TEST_TMPDIR/in"
	status_is 1
	run timeout 20 fg-filter --only -e '(x|xx)+$' "$BATS_TEST_TMPDIR/in"
	status_is 0
	run timeout 20 fg-diff --wildcard 'x+y' "$BATS_TEST_TMPDIR/in" "$BATS_TEST_TMPDIR/in"
	[ "$status" -ne 124 ]
}

# The one bound on a pattern's cost (lib/base/regex.h, RX_MAXINST): a
# program of more than 65536 instructions, {M,N} making N copies of
# what it repeats, is refused, in the same words by each program that
# takes a pattern.
toobig="too big: over 65536 instructions, each {M,N} counting N copies of what it repeats"
# and RE2's bound on repetition (RX_MAXREP): 1000 copies of an atom
toomany="too big: over 1000 copies, each {M,N} making N, nested ones multiplied"

# x1000 K: K copies of x{1000}, 1000 instructions each
x1000() {
	awk -v k="$1" 'BEGIN { while (k-- > 0) printf "x{1000}" }'
}

# refused PROG ARGS...: the usage error of a regex too big, on stderr
# (toomany=... refused: of too many copies)
refused() {
	local prog=$1 want=${why:-$toobig}
	run "$@"
	status_is 2
	[[ "${lines[0]}" == "$prog: bad regular expression '"*"': $want" ]] || { echo "$output" >&2; return 1; }
	[ "${lines[1]}" = "Try '$prog --help' for more information." ]
	[ "${#lines[@]}" -eq 2 ]
}

@test "regex: a program over 65536 instructions is refused, by every program that takes a pattern" {
	# issue 41: 16 characters that took 6 s on a 16 KB frame, hours on 1 MB
	big="$(x1000 66)"
	printf 'x;y 1\n' >"$BATS_TEST_TMPDIR/in"
	refused fg-filter -e "$big" "$BATS_TEST_TMPDIR/in"
	[ "${lines[0]}" = "fg-filter: bad regular expression '${big:0:60}...': $toobig" ]
	refused fg-prune -e "$big" "$BATS_TEST_TMPDIR/in"
	refused fg-top -e "$big" "$BATS_TEST_TMPDIR/in"
	refused fg-diff --wildcard "$big" "$BATS_TEST_TMPDIR/in" "$BATS_TEST_TMPDIR/in"
	refused jlprof-fold --filter-regex "$big" /dev/null
	# nested bounds multiply, {,N} as {0,N}
	why=$toomany refused fg-prune -e '((((a{1,50}){1,50}){1,50}){1,50})' /dev/null
	why=$toomany refused fg-prune -e '((((a{,50}){,50}){,50}){,50})' /dev/null
}

@test "regex: over 1000 copies of an atom is refused, nested bounds multiplied, as RE2 does (issue 51)" {
	# x{100}{100}{6}y took fg-prune 3.4 s on 100k names, [ab]*a[ab]{10000}c
	# 2.15 s on a 200 KB frame, x{16000} the page 2.5 s on 20 names of 5 KB
	printf 'x;y 1\n' >"$BATS_TEST_TMPDIR/in"
	for re in 'p{100}{100}{6}y' '[ab]*a[ab]{10000}c' 'x{16000}' 'x{100}{100}{100}' 'x{1001}' \
	    'x{1001,}' 'x{0,1001}' '(x{100}){11}' '(a(b{2}){501})' '((){600}){2}'; do
		why=$toomany refused fg-filter -e "$re" "$BATS_TEST_TMPDIR/in"
		[ "${lines[0]}" = "fg-filter: bad regular expression '$re': $toomany" ]
		why=$toomany refused fg-prune -e "$re" "$BATS_TEST_TMPDIR/in"
		why=$toomany refused fg-top -e "$re" "$BATS_TEST_TMPDIR/in"
	done
	# 1000 is allowed, so are *, + and ? around it, and bounds side by side
	for re in 'x{1000}' 'x{0,1000}' '(x{100}){10}' '(x{1000})*' '((x{1000})+)?' 'x{1000}y{1000}' '(x{10}|y{100}){10}'; do
		run fg-filter -e "$re" "$BATS_TEST_TMPDIR/in"
		[ "$status" -ne 2 ] || { echo "$re: $output" >&2; return 1; }
	done
	# glibc's own bound (RE_DUP_MAX) keeps glibc's message
	run fg-filter -e 'x{40000}' "$BATS_TEST_TMPDIR/in"
	status_is 2
	[[ "${lines[0]}" == *": regular expression too big" ]]
}

@test "regex: a name's cost does not grow with the pattern's literal (issue 51: 100k names, x{100}{100}{6}y)" {
	# rx_search went through the whole literal for its first distinct
	# bytes, once a name: 60,001 bytes a name.  A ratio in one run: the
	# 60,000-byte literal (1000 instructions each x{1000}) against a
	# 1-byte one, on the same 200k names
	awk 'BEGIN { for (i = 0; i < 200000; i++) printf "main;n%dpabcdefghij 1\n", i }' >"$BATS_TEST_TMPDIR/in"
	long="$(x1000 60)y"
	t() { local s; s=$(date +%s%N); fg-prune -e "$1" "$BATS_TEST_TMPDIR/in" >/dev/null; echo $(($(date +%s%N) - s)); }
	short=$(t 'y') big=$(t "$long")
	echo "y: $short ns, x{1000}*60 y: $big ns" >&2
	# before: 30 times as long and more
	[ "$big" -lt $((4 * short + 200000000)) ]
}

@test "regex: the bound is 65536 instructions exactly" {
	# x{1000} is 1000 instructions, and each x one more
	printf 'x 1\n' >"$BATS_TEST_TMPDIR/in"
	run fg-filter -e "$(x1000 65)x{536}" "$BATS_TEST_TMPDIR/in"
	status_is 1	# accepted; the frame is too short to match
	[ "$output" = "fg-filter: no stack matches" ]
	refused fg-filter -e "$(x1000 65)x{537}" "$BATS_TEST_TMPDIR/in"
	# '|', '*' and each optional copy count too
	run fg-filter -e "$(awk 'BEGIN { for (k = 0; k < 16; k++) printf "(x|y){1000}"; printf "(x|y){383}" }')" \
	    "$BATS_TEST_TMPDIR/in"	# 4 x 16383
	status_is 1
	refused fg-filter -e "$(awk 'BEGIN { for (k = 0; k < 16; k++) printf "(x|y){1000}"; printf "(x|y){384}z" }')" \
	    "$BATS_TEST_TMPDIR/in"
	refused fg-filter -e "$(awk 'BEGIN { for (k = 0; k < 33; k++) printf "x{0,1000}" }')" "$BATS_TEST_TMPDIR/in"
	# ordinary bounds pass, and so does (|bco){,1000} (glibc's regcomp
	# took 1.4 GB to compile (|bco){,3333}): fg's program of it is 6000
	for re in 'x{,1000}' '(ab){1,50}c{2}' 'x{1,1000}' '(|bco){,1000}'; do
		run fg-filter -e "$re" "$BATS_TEST_TMPDIR/in"
		[ "$status" -ne 2 ] || { echo "$re: $output" >&2; return 1; }
	done
}

@test "regex: a 100,000-character literal is refused, its message quoting 60 bytes of it" {
	# issue 41: it took 263 s on a 1 MB frame
	lit=$(head -c 100000 /dev/zero | tr '\0' x)
	refused fg-filter -e "$lit" /dev/null
	[ "${lines[0]}" = "fg-filter: bad regular expression '$(head -c 60 /dev/zero | tr '\0' x)...': $toobig" ]
	# a cut never splits a character: 59 bytes then a 2-byte one
	refused fg-filter -e "$(head -c 59 /dev/zero | tr '\0' x)é$(x1000 66)" /dev/null
	[[ "${lines[0]}" == "fg-filter: bad regular expression '$(head -c 59 /dev/zero | tr '\0' x)...': "* ]]
}

@test "regex: empty groups repeated cost nothing, and their bounds count as any others do" {
	# a program of no instructions: compiled at once, matching anything
	printf 'a 1\n' >"$BATS_TEST_TMPDIR/in"
	run timeout 20 fg-filter --only -e '(((){10}){10}){10}' "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "a 1" ]
	run timeout 20 fg-filter --only -e 'a((()()){1000})*$' "$BATS_TEST_TMPDIR/in"
	[ "$output" = "a 1" ]
	# over 1000 copies, of nothing, is refused as RE2 refuses it
	why=$toomany refused fg-filter --only -e '(((){32767}){32767}){32767}' "$BATS_TEST_TMPDIR/in"
	why=$toomany refused fg-filter --only -e '((){600}){2}' "$BATS_TEST_TMPDIR/in"
}

# frames N X [Y]: one line of N bytes of X followed by Y, as a 1-frame
# stack of count 1
frames() {
	head -c "$1" /dev/zero | tr '\0' "$2"
	echo "${3:-} 1"
}

@test "regex: bounds in the thousands on a 1 MB frame run at once (issue 41's x{16000})" {
	# each of these took 3.7 to 4.6 s on a 1 MB frame, x{16000} 6.2 s
	# where grep -E took 0.31 s; now a literal found by memmem (and
	# x{16000} written as 16 x{1000}, RX_MAXREP's bound)
	frames 1000000 x >"$BATS_TEST_TMPDIR/in"
	x16=$(x1000 16)
	run timeout 20 fg-filter --only -e "${x16}y" -e "${x16}x{999}y" -e "${x16}x{998}y" -e "${x16}x{997}y" \
	    -e "${x16}x{996}y" -e "${x16}x{995}y" -e "${x16}x{994}y" -e "${x16}x{993}y" "$BATS_TEST_TMPDIR/in"
	status_is 1
	run timeout 20 fg-filter --only -e "$x16" "$BATS_TEST_TMPDIR/in"
	status_is 0
	# and as a DFA whose states grow for 16000 bytes, then settle
	xy=$(awk 'BEGIN { for (k = 0; k < 16; k++) printf "[xy]{1000}" }')
	run timeout 20 fg-filter --only -e "$xy\$" -e "${xy//y/z}\$" -e "${xy//y/w}\$" \
	    "$BATS_TEST_TMPDIR/in"
	status_is 0
}

@test "regex: the literal every match holds is only a filter: the rest still matches" {
	check 'x+y' xxy xzy yx -- xxy
	check '(ab){2}c' ababc abc 'ab abc' -- ababc
	check 'a{2,}b' aab ab xaaab -- aab xaaab
	check '^foo' foo xfoo foox -- foo foox
	check 'oo$' foo foox -- foo
	check 'a\Bb' ab 'a b' -- ab
	check 'a\>b|c' ab c -- c
	check 'x{0}y' y x -- y
	check 'x(){3}y' xy x -- xy
	check '()' a -- a
	check 'ab|cd' ab cd ac -- ab cd
	check 'a.c' abc 'a c' ac -- abc 'a c'
}

@test "regex: a DFA that thrashes goes on as an NFA, and finds the same" {
	# a[ab]{20}$ has 2^21 DFA states: the cache thrashes, and the
	# search runs as an NFA, then tries the DFA again; a match iff the
	# 21st byte from the end is an a
	awk 'BEGIN { srand(7); for (i = 0; i < 1000000; i++) printf "%s", rand() < 0.5 ? "a" : "b" }' \
	    >"$BATS_TEST_TMPDIR/ab"
	for last in a b; do
		{ cat "$BATS_TEST_TMPDIR/ab"; printf '%sbbbbbbbbbbbbbbbbbbbb 1\n' "$last"; } >"$BATS_TEST_TMPDIR/in"
		run timeout 20 fg-filter --only -e 'a[ab]{20}$' "$BATS_TEST_TMPDIR/in"
		if [ "$last" = a ]; then status_is 0; else status_is 1; fi
		run timeout 20 fg-filter --only -e 'a[ab]{20}($|c)' "$BATS_TEST_TMPDIR/in"
		if [ "$last" = a ]; then status_is 0; else status_is 1; fi
	done
}
