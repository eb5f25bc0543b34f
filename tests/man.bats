#!/usr/bin/env bats
# Every man page renders without a warning, and every program's --help
# lists only options its page documents.

load helper

@test "man: every page renders with groff -ww and no warnings" {
	command -v groff >/dev/null || skip "needs groff"
	for page in "$FG_ROOT"/man/*.[157]; do
		# as troff sets it, and as man(1) sets it on an 80-column terminal
		out=$(groff -ww -z -man "$page" 2>&1; groff -ww -z -Tutf8 -rLL=78n -man "$page" 2>&1)
		if [ -n "$out" ]; then
			echo "$page: $out" >&2
			return 1
		fi
	done
}

@test "man: every program has a page and every page a program" {
	for prog in "$FG_ROOT"/cmd/*.c; do
		name=$(basename "$prog" .c)
		[ -f "$FG_ROOT/man/$name.1" ] || { echo "no man/$name.1" >&2; return 1; }
	done
	for page in "$FG_ROOT"/man/*.1; do
		name=$(basename "$page" .1)
		[ -f "$FG_ROOT/cmd/$name.c" ] || { echo "no cmd/$name.c" >&2; return 1; }
	done
}

@test "man: each long option of --help is in the program's page" {
	for prog in "$FG_ROOT"/cmd/*.c; do
		name=$(basename "$prog" .c)
		page="$FG_ROOT/man/$name.1"
		[ -f "$page" ] || continue
		# the page as text, with groff's escapes for - undone
		text=$(sed 's/\\-/-/g; s/\\f[BIRP]//g' "$page")
		for opt in $("$name" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
			case "$text" in
			*"$opt"*) ;;
			*) echo "$name: $opt is in --help, not in man/$name.1" >&2; return 1 ;;
			esac
		done
	done
}

@test "man: each option in a page's OPTIONS is in the program's --help" {
	for prog in "$FG_ROOT"/cmd/*.c; do
		name=$(basename "$prog" .c)
		page="$FG_ROOT/man/$name.1"
		[ -f "$page" ] || continue
		help=$("$name" --help)
		# the tag line after each .TP of the OPTIONS section
		for opt in $(sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$page" | awk '/^\.TP/ { getline; print }' |
			sed 's/\\-/-/g; s/\\f[BIRP]//g' | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
			case "$help" in
			*"$opt"*) ;;
			*) echo "$name: $opt is in man/$name.1, not in --help" >&2; return 1 ;;
			esac
		done
	done
}

@test "man: fg(7) has an entry for every program" {
	for c in "$FG_ROOT"/cmd/*.c; do
		p=$(basename "$c" .c)
		grep -q "^\.BR* $p (1)" "$FG_ROOT/man/fg.7" || grep -q "^\.BR $p (1) \",\"" "$FG_ROOT/man/fg.7" ||
		    grep -q "^\.BR [a-z-]* (1) \", \" $p (1)" "$FG_ROOT/man/fg.7" ||
		    { echo "no entry for $p in man/fg.7" >&2; return 1; }
	done
}
