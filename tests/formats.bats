#!/usr/bin/env bats
# The table of formats (lib/folded/formats.c), as fg-fold --list prints
# it, is the one list of formats: the man pages and the table-wide tests
# read it, so that a new row without its docs, its folder or its sample
# file (tests/data/formats/NAME) fails here.

load helper

SAMPLES=$DATA/formats

# rows: fg-fold --list, checked, into $BATS_TEST_TMPDIR/rows
rows() {
	fg-fold --list >"$BATS_TEST_TMPDIR/rows"
	[ -s "$BATS_TEST_TMPDIR/rows" ]
}

# entry NAME: the text of NAME's entry in fg-fold(1)'s FORMATS section
entry() {
	awk -v name="$1" '/^\.SH / { in_s = ($2 == "FORMATS") } !in_s { next }
	    /^\.TP/ { getline; on = ($0 == ".B " name); next } on' "$FG_ROOT/man/fg-fold.1"
}

@test "formats: --list prints a row a line, five tab-separated fields, each name once" {
	rows
	awk -F '\t' 'NF != 5 { print "fields: " $0; bad = 1 }
	    $1 == "" || $5 == "" { print "empty: " $0; bad = 1 }
	    $4 != "-" && $4 != "yes" && $4 != "no" { print "gzip: " $0; bad = 1 }
	    ($2 == "-") != ($4 == "-") { print "gzip without a folder: " $0; bad = 1 }
	    seen[$1]++ { print "twice: " $1; bad = 1 } END { exit bad }' "$BATS_TEST_TMPDIR/rows"
	# the last row takes what no other does; folded stacks are a row
	grep -q '^folded	-	fg-merge	' "$BATS_TEST_TMPDIR/rows"
	run fg-fold --list x
	status_is 2
	[ "${lines[0]}" = "fg-fold: --list takes no file and no other option" ]
	run fg-fold --list --time
	status_is 2
}

@test "formats: every folder and writer is a program of fg, with its page and an entry in fg(7)'s Folders" {
	rows
	local p folders
	folders=$(sed -n '/^\.SS Folders/,/^\.SS /p' "$FG_ROOT/man/fg.7")
	for p in $(cut -f2,3 "$BATS_TEST_TMPDIR/rows" | tr '\t' '\n' | sort -u); do
		[ "$p" = - ] || [ "$p" = fg-merge ] && continue
		[ -x "$FG_BIN/$p" ] || { echo "$p: not built" >&2; return 1; }
		[ -f "$FG_ROOT/man/$p.1" ] || { echo "$p: no man/$p.1" >&2; return 1; }
		grep -q "^\.BR $p (1)" <<<"$folders" || { echo "$p: not in fg(7)'s Folders" >&2; return 1; }
	done
}

@test "formats: fg-fold(1)'s FORMATS lists the rows of --list, in order, each with its folder and writer" {
	rows
	diff <(cut -f1 "$BATS_TEST_TMPDIR/rows") \
	    <(sed -n '/^\.SH FORMATS/,/^\.SH /p' "$FG_ROOT/man/fg-fold.1" |
		awk '/^\.TP/ { getline; sub(/^\.B /, ""); print }')
	while IFS=$'\t' read -r name folder writer gz what; do
		text=$(entry "$name")
		for p in "$folder" "$writer"; do
			[ "$p" = - ] || [ "$p" = fg-merge ] && continue
			grep -q "^\.BR $p (1)" <<<"$text" || { echo "fg-fold(1): $name does not name $p" >&2; return 1; }
		done
		# a refused format says so
		if [ "$folder" = - ] && [ "$name" != folded ] && [ "$name" != gzip ]; then
			grep -q refused <<<"$text" || { echo "fg-fold(1): $name is not said refused" >&2; return 1; }
		fi
	done <"$BATS_TEST_TMPDIR/rows"
}

@test "formats: every row has its sample in tests/data/formats, and fg-fold tells it by its first bytes" {
	rows
	while IFS=$'\t' read -r name folder writer gz what; do
		[ -f "$SAMPLES/$name" ] || { echo "no tests/data/formats/$name" >&2; return 1; }
		run fg-fold -v "$SAMPLES/$name"
		case $name in
		gzip) [[ "${lines[0]}" == "fg-fold: $SAMPLES/$name: "*", gzip-compressed: "* ]] ;;
		text) [[ "$output" == "fg-fold: $SAMPLES/$name: not a profile fg knows"* ]] ;;
		folded) [ "${lines[0]}" = "fg-fold: $SAMPLES/$name: $what: passed through" ] ;;
		*)
			if [ "$folder" = - ]; then
				status_is 1
				[ "$output" = "fg-fold: $SAMPLES/$name: not a profile fg reads: $what" ]
			else
				status_is 0
				[ "${lines[0]}" = "fg-fold: $SAMPLES/$name: $what: $folder" ]
			fi
			;;
		esac || { echo "$name: $output" >&2; return 1; }
	done <"$BATS_TEST_TMPDIR/rows"
}

@test "formats: fg-fold's output on each sample is its folder's, byte for byte; folded stacks are copied" {
	rows
	while IFS=$'\t' read -r name folder writer gz what; do
		[ "$folder" = - ] && continue
		cmp <(fg-fold "$SAMPLES/$name") <("$folder" "$SAMPLES/$name") ||
		    { echo "$name: not as $folder folds it" >&2; return 1; }
	done <"$BATS_TEST_TMPDIR/rows"
	cmp <(fg-fold "$SAMPLES/folded") "$SAMPLES/folded"
	cmp <(fg-fold "$SAMPLES/gzip") <(gzip -dc "$SAMPLES/gzip" | perf-fold)
}

@test "formats: a reader of folded stacks given a sample of another format names it, and its folder" {
	rows
	while IFS=$'\t' read -r name folder writer gz what; do
		case $name in folded | gzip | binary | text) continue ;; esac
		want="fg-merge: $SAMPLES/$name: not folded stacks but $what"
		[ "$folder" = - ] || want="$want: read it with $folder (or fg-fold)"
		fails_with "$want" fg-merge "$SAMPLES/$name" || { echo "$name" >&2; return 1; }
	done <"$BATS_TEST_TMPDIR/rows"
}

# each folder says so at its first fault (format_hint: the JSON folders
# through folder_each's error_hint)

@test "formats: each folder given a sample of another format names it, and its folder (format_hint)" {
	local folders name folder writer gz what f
	rows
	folders=$(cut -f2 "$BATS_TEST_TMPDIR/rows" | grep -v '^-$' | sort -u)
	while IFS=$'\t' read -r name folder writer gz what; do
		case $name in binary | text) continue ;; esac
		for f in $folders; do
			[ "$f" = "$folder" ] && continue
			# what a folder that reads gzip finds inside: the sample's own format
			[ "$name" = gzip ] && "$f" --help | grep -q -- --max-size && continue
			fails_quietly "$f" "$SAMPLES/$name" || { echo "$f $name" >&2; return 1; }
			case $name in
			# JSON (XML) of no format: named, or, to a folder of JSON
			# (XML), its own message, which says what the document lacks
			json | xml) [[ "$output" == "$f: $SAMPLES/$name: byte "*": "* ]] && continue
			    want="not * but $what" ;;
			folded) want="not * but folded stacks, which need no folding" ;;
			gzip) want="not * but gzip-compressed data: read it with fg-fold*" ;;
			*) want="not * but $what" && [ "$folder" = - ] || want="$want: read it with $folder (or fg-fold)" ;;
			esac
			[[ "$output" == "$f: $SAMPLES/$name: "$want ]] || { echo "$f $name: $output" >&2; return 1; }
		done
	done <"$BATS_TEST_TMPDIR/rows"
}

@test "formats: every folder's options end at --: a file named as an option is folded as a file" {
	local name folder rest
	rows
	cd "$BATS_TEST_TMPDIR"
	while IFS=$'\t' read -r name folder rest; do
		[ "$folder" = - ] && continue
		for f in --help -t --no-process -h; do
			cp "$SAMPLES/$name" ./"$f"
			"$folder" -- "$f" >want
			[ -s want ] || { echo "$folder -- $f: no output" >&2; return 1; }
			cmp want <("$folder" "$SAMPLES/$name")
			# fg-fold passes -- before its files (issue 41, item 3)
			fg-fold -- "$f" | cmp - want || { echo "fg-fold -- $f ($name)" >&2; return 1; }
			rm ./"$f"
		done
	done <"$BATS_TEST_TMPDIR/rows"
}
