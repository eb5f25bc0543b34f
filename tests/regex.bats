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
