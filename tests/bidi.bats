#!/usr/bin/env bats
# Bidirectional controls in names (issue 51, finding 6): U+202A-U+202E
# and U+2066-U+2069 make a renderer draw what follows them in another
# order, so that "evil<U+202E>gnp.exe" reads "evilexe.png".  Every
# output a person reads shows each as its escape, \u202e, and never as
# itself (fg(7), "Names as shown").

load helper

# A profile whose names hold each of the nine controls and an ESC.
bidi_profile() {
	printf 'main;evil\xe2\x80\xaegnp.exe 5\n'
	printf 'main;iso\xe2\x81\xa6late;leaf\xe2\x81\xa9 3\n'
	printf 'main;e\xe2\x80\xaam\xe2\x80\xabb\xe2\x80\xaco\xe2\x80\xadd 2\n'
	printf 'main;f\xe2\x81\xa7s\xe2\x81\xa8i 1\n'
	printf 'main;\x1b[31mred 1\n'
}

# no_raw FILE: not one of the nine controls' bytes in FILE
no_raw() {
	! LC_ALL=C grep -q $'\xe2\x80[\xaa-\xae]\|\xe2\x81[\xa6-\xa9]' "$1" || false
}

@test "bidi: fg-top shows the controls as escapes, in text, TSV and JSON" {
	bidi_profile >"$BATS_TEST_TMPDIR/p.folded"
	for f in text tsv; do
		fg-top --format $f "$BATS_TEST_TMPDIR/p.folded" >"$BATS_TEST_TMPDIR/out"
		no_raw "$BATS_TEST_TMPDIR/out"
		grep -qF 'evil\u202egnp.exe' "$BATS_TEST_TMPDIR/out"
		grep -qF 'iso\u2066late' "$BATS_TEST_TMPDIR/out"
		grep -qF 'leaf\u2069' "$BATS_TEST_TMPDIR/out"
		grep -qF 'e\u202am\u202bb\u202co\u202dd' "$BATS_TEST_TMPDIR/out"
		grep -qF 'f\u2067s\u2068i' "$BATS_TEST_TMPDIR/out"
		# C0 controls as before
		grep -qF '\x1b[31mred' "$BATS_TEST_TMPDIR/out"
	done
	# JSON escapes the character itself: a reader gets the name back
	fg-top --format json "$BATS_TEST_TMPDIR/p.folded" >"$BATS_TEST_TMPDIR/out"
	no_raw "$BATS_TEST_TMPDIR/out"
	grep -qF '"name":"evil\u202egnp.exe"' "$BATS_TEST_TMPDIR/out"
	if command -v node >/dev/null; then
		name=$(node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).rows;
			process.stdout.write(r.find((x) => x.name.startsWith("evil")).name)' "$BATS_TEST_TMPDIR/out")
		[ "$name" = "$(printf 'evil\xe2\x80\xaegnp.exe')" ]
	fi
	# --tree and --callers write names the same way
	fg-top --tree "$BATS_TEST_TMPDIR/p.folded" >"$BATS_TEST_TMPDIR/out"
	no_raw "$BATS_TEST_TMPDIR/out"
	grep -qF 'evil\u202egnp.exe' "$BATS_TEST_TMPDIR/out"
	fg-top --callees main "$BATS_TEST_TMPDIR/p.folded" >"$BATS_TEST_TMPDIR/out"
	no_raw "$BATS_TEST_TMPDIR/out"
	grep -qF 'evil\u202egnp.exe' "$BATS_TEST_TMPDIR/out"
}

@test "bidi: fg-top's patterns match a name's bytes, the control itself" {
	bidi_profile >"$BATS_TEST_TMPDIR/p.folded"
	# the name as the profile holds it, typed with the control
	run fg-top --callers "$(printf 'evil\xe2\x80\xaegnp.exe')" "$BATS_TEST_TMPDIR/p.folded"
	status_is 0
	[[ "$output" == *main* ]]
	run fg-top --callers nothing -e 'evil.*gnp' "$BATS_TEST_TMPDIR/p.folded"
	status_is 0
	[[ "$output" == *main* ]]
}

@test "bidi: fg-gate's text and messages show the escape" {
	bidi_profile >"$BATS_TEST_TMPDIR/a.folded"
	printf 'main;evil\xe2\x80\xaegnp.exe 50\n' >>"$BATS_TEST_TMPDIR/a.folded"
	run fg-gate --budget "$(printf 'evil\xe2\x80\xaegnp.exe=1%%')" "$BATS_TEST_TMPDIR/a.folded" "$BATS_TEST_TMPDIR/a.folded"
	[ "$status" -eq 3 ]
	echo "$output" >"$BATS_TEST_TMPDIR/out"
	no_raw "$BATS_TEST_TMPDIR/out"
	grep -qF 'evil\u202egnp.exe: total share' "$BATS_TEST_TMPDIR/out"
	# the formats for CI, each as its reader shows it
	for f in markdown junit github json; do
		run fg-gate --format $f --budget "$(printf 'evil\xe2\x80\xaegnp.exe=1%%')" \
		    "$BATS_TEST_TMPDIR/a.folded" "$BATS_TEST_TMPDIR/a.folded"
		[ "$status" -eq 3 ]
		echo "$output" >"$BATS_TEST_TMPDIR/out.$f"
		no_raw "$BATS_TEST_TMPDIR/out.$f"
	done
	# Markdown's backslash escaped, so that it renders \u202e
	grep -qF 'evil\\u202egnp\.exe' "$BATS_TEST_TMPDIR/out.markdown"
	grep -qF 'message="evil\u202egnp.exe: ' "$BATS_TEST_TMPDIR/out.junit"
	grep -qF 'evil\u202egnp.exe' "$BATS_TEST_TMPDIR/out.github"
	grep -qF '"evil\u202egnp.exe"' "$BATS_TEST_TMPDIR/out.json"
	# a rule that names nothing, in the warning
	run fg-gate --budget "$(printf 'no\xe2\x80\xaeone=1%%')" "$BATS_TEST_TMPDIR/a.folded" "$BATS_TEST_TMPDIR/a.folded"
	echo "$output" >"$BATS_TEST_TMPDIR/out"
	no_raw "$BATS_TEST_TMPDIR/out"
	grep -qF "'fail share > 1% total of no\u202eone' names nothing" "$BATS_TEST_TMPDIR/out"
}

@test "bidi: fg-svg's labels, titles and script data show the escape" {
	bidi_profile >"$BATS_TEST_TMPDIR/p.folded"
	# titles alone, and with the script's data (a unit)
	fg-svg "$BATS_TEST_TMPDIR/p.folded" >"$BATS_TEST_TMPDIR/a.svg"
	{ echo '# fg: unit=nanoseconds'; cat "$BATS_TEST_TMPDIR/p.folded"; } |
		fg-svg >"$BATS_TEST_TMPDIR/b.svg"
	for f in a b; do
		no_raw "$BATS_TEST_TMPDIR/$f.svg"
		# the label and the title
		grep -qF '>evil\u202egnp.exe</text>' "$BATS_TEST_TMPDIR/$f.svg"
		grep -qF '<title>evil\u202egnp.exe (' "$BATS_TEST_TMPDIR/$f.svg"
		grep -qF '<title>e\u202am\u202bb\u202co\u202dd (' "$BATS_TEST_TMPDIR/$f.svg"
	done
	# the script's names are the text shown: the escape's backslash escaped
	grep -qF '"evil\\u202egnp.exe"' "$BATS_TEST_TMPDIR/b.svg"
	grep -qF '"f\\u2067s\\u2068i"' "$BATS_TEST_TMPDIR/b.svg"
	command -v xmllint >/dev/null && xmllint --noout "$BATS_TEST_TMPDIR/b.svg"
	true
}

@test "bidi: fg-pdf's labels and link texts show the escape" {
	command -v qpdf >/dev/null || skip "needs qpdf"
	bidi_profile | fg-pdf >"$BATS_TEST_TMPDIR/p.pdf"
	qpdf --qdf --object-streams=disable "$BATS_TEST_TMPDIR/p.pdf" "$BATS_TEST_TMPDIR/q.pdf"
	no_raw "$BATS_TEST_TMPDIR/q.pdf"
	# a label: a PDF string, its backslash escaped
	grep -aqF '(evil\\u202egnp.exe)' "$BATS_TEST_TMPDIR/q.pdf"
	# a link's text in UTF-16: "\u202e" as six characters, no U+202E
	grep -aiq '/Contents <FEFF006500760069006C005C007500320030003200650067006E0070' "$BATS_TEST_TMPDIR/q.pdf"
	! grep -aiq '/Contents <FEFF\([0-9A-F]\{4\}\)*202E' "$BATS_TEST_TMPDIR/q.pdf" || false
	if command -v pdftotext >/dev/null; then
		pdftotext "$BATS_TEST_TMPDIR/p.pdf" "$BATS_TEST_TMPDIR/p.txt"
		no_raw "$BATS_TEST_TMPDIR/p.txt"
		grep -qF 'evil\u202egnp.exe' "$BATS_TEST_TMPDIR/p.txt"
	fi
}
