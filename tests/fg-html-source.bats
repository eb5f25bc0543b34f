#!/usr/bin/env bats
# fg-html --source-dir: the source files frames name, embedded in the
# page (lib/draw/htmlsrc.c), and the page's source pane: each line's
# flat and cum worked out by the page (lib/draw/html/lines.js, under
# node through tests/page.cjs) as fg-top --list --format tsv gives
# them; in headless Chromium (tests/browser/source.cjs) the pane of a
# hovered frame, its file at the frame's line, hostile text inert.

BROWSER_CASES=source
load helper
load html

setup() {
	command -v node >/dev/null || skip "needs node"
	T=$BATS_TEST_TMPDIR
}

# listed PAGE INPUT NAME...: the page's rows of each function NAME
# (page.cjs's listed) are fg-top --list NAME --format tsv's of INPUT
listed() {
	local page=$1 in=$2 f
	shift 2
	for f in "$@"; do
		fg-top --list "$f" --format tsv "$in" | tail -n +2 >"$T/cli"
		page_run "$page" "listed(baseview(), '$f')" >"$T/js"
		[ -s "$T/cli" ] || { echo "fg-top lists no line of $f" >&2; return 1; }
		diff "$T/cli" "$T/js" || { echo "of $f" >&2; return 1; }
	done
}

# sources PAGE: the page's "sources" record, one file a line:
# "PATH<TAB>embedded BYTES" or "PATH<TAB>WHY"
sources() {
	python3 - "$1" <<'PY'
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
D = json.loads(re.search(r'id="fg-data">\n(.*?)</script>', page, re.S).group(1))
S = D.get("sources")
if S is None:
    print("none")
    sys.exit(0)
for p, t, w in S["files"]:
    print(p + "\t" + ("embedded %d" % len(t.encode("utf-8")) if t is not None else w))
print("embedded=%d left=%d max=%d share=%g" % (S["embedded"], S["left"], S["max"], S["share"]))
PY
}

# a tree of sources, one hostile, and a profile naming them (and files
# it must not read)
tree() {
	mkdir -p "$T/src/sub" "$T/out"
	printf 'int main(void)\n{\n\twork(); /* </script><script>window.pwned=1</script><b>x</b> \342\200\250 \001 */\n\treturn 0;\n}\n' >"$T/src/main.c"
	printf 'void work(void)\n{\n\tfor (;;)\n\t\t;\n}\n' >"$T/src/sub/work.c"
	printf 'a\0b\n' >"$T/src/nul.c"
	printf 'ok\n\377\376\n' >"$T/src/latin.c"
	printf 'TOP-SECRET-TEXT\n' >"$T/out/secret.c"
	printf 'rare\n' >"$T/src/rare.c"
	ln -s "$T/out/secret.c" "$T/src/link.c"
	{
		echo "main at main.c:3;work at sub/work.c:3 7000"
		echo "main at main.c:3;work at sub/work.c:4 2000"
		echo "main at main.c:4 500"
		echo "main at main.c:3;nul at nul.c:1 300"
		echo "main at main.c:3;latin at latin.c:2 300"
		echo "main at main.c:3;climb at ../out/secret.c:1 100"
		echo "main at main.c:3;lnk at link.c:1 100"
		echo "main at main.c:3;abs at $T/out/secret.c:1 100"
		echo "main at main.c:3;gone at nothere.c:1 100"
		echo "main at main.c:3;rare at rare.c:1 1"
	} >"$T/in.folded"
}

@test "fg-html page: each line's flat and cum as fg-top --list gives them, on a real Go profile" {
	pprof-fold --lines --full-path "$DATA/golist/cpu.pb.gz" >"$T/go.folded"
	fg-html "$T/go.folded" >"$T/p.html"
	mapfile -t fns < <(awk '/^ROUTINE / { print $3 }' "$DATA/golist/pprof-list.out" | sort -u)
	[ "${#fns[@]}" -ge 3 ]
	listed "$T/p.html" "$T/go.folded" "${fns[@]}"
}

@test "fg-html page: lines as fg-top --list on Julia's frames, recursion, inlined frames, annotations, a flame chart, decimal counts" {
	fg-html "$J" >"$T/p.html"
	listed "$T/p.html" "$J" 'sort!' mapslices profile_test _mapslices
	printf '%s\n' 'main at m.c:1;f at a.c:10;f at a.c:10;f at a.c:11 5' \
		'main at m.c:1;f at a.c:10;g at b.c:3;f at a.c:12 7' 'main at m.c:2;f at a.c:10 2' \
		'main at m.c:2;f at a.c:11 [inlined];f at a.c:13 4' 'f at a.c:10_[i];h 1' \
		'main at m.c:1;f at a.c:10;f at a.c:10;f at a.c:11 3' >"$T/rec.folded"
	fg-html "$T/rec.folded" >"$T/p.html"
	listed "$T/p.html" "$T/rec.folded" f g main
	fg-html --flamechart "$T/rec.folded" >"$T/p.html"
	listed "$T/p.html" "$T/rec.folded" f g main
	sed 's/ \([0-9]*\)$/ \1.25/' "$T/rec.folded" >"$T/dec.folded"
	fg-html "$T/dec.folded" >"$T/p.html"
	listed "$T/p.html" "$T/dec.folded" f g main
}

@test "fg-html page: a differential's lines and their change as fg-top --list's, vanished stacks counted, --negate too" {
	printf '%s\n' 'main at m.c:1;f at a.c:10;f at a.c:10;f at a.c:11 5 3' \
		'main at m.c:1;f at a.c:10;g at b.c:3;f at a.c:12 7 0' 'main at m.c:1;f at a.c:10;g at b.c:3 2 0' \
		'main at m.c:2;f at a.c:10 2 9' 'main at m.c:2;f at a.c:11 [inlined];f at a.c:13 0 4' \
		'main at m.c:3;q at z.c:1;f at a.c:14 6 0' 'f at a.c:10_[i];h 1 1' >"$T/d.folded"
	fg-html "$T/d.folded" >"$T/p.html"
	listed "$T/p.html" "$T/d.folded" f g main q
	# the rows have changes, vanished lines among them
	page_run "$T/p.html" "listed(baseview(), 'f')" | grep -qx $'f\ta.c\t14\t0\t0\t-6\t-6'
	fg-html --negate "$T/d.folded" >"$T/p.html"
	listed "$T/p.html" "$T/d.folded" f g main q
}

@test "fg-html --source-dir: the files frames name embedded as they are; those that lead out, are not there or not text refused, and why" {
	tree
	fg-html --source-dir "$T/src" "$T/in.folded" >"$T/p.html"
	sources "$T/p.html" >"$T/s"
	cat "$T/s"
	grep -qx "main.c	embedded $(wc -c <"$T/src/main.c")" "$T/s"
	grep -qx "sub/work.c	embedded $(wc -c <"$T/src/sub/work.c")" "$T/s"
	grep -qx "nul.c	not text (a NUL byte on line 1): not embedded" "$T/s"
	grep -qx "latin.c	not text (invalid UTF-8 on line 2): not embedded" "$T/s"
	grep -qx "../out/secret.c	'..' leads out of the source directories" "$T/s"
	grep -qx "link.c	a symbolic link leads out of the source directories" "$T/s"
	grep -qx "$T/out/secret.c	an absolute path outside the source directories" "$T/s"
	grep -qx "nothere.c	not found under the source directories" "$T/s"
	# the file's text comes back exact from the page's JSON
	python3 - "$T/p.html" "$T/src/main.c" <<'PY'
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
D = json.loads(re.search(r'id="fg-data">\n(.*?)</script>', page, re.S).group(1))
t = dict((p, t) for p, t, w in D["sources"]["files"])
assert t["main.c"] == open(sys.argv[2], encoding="utf-8").read()
PY
	# nothing of it can end the data or make markup: one </script> a
	# script element, no line separator, no control character raw
	[ "$(grep -o '</script>' "$T/p.html" | wc -l)" -eq 2 ]
	! grep -q $'\342\200\250' "$T/p.html" || false
	! grep -q $'\001' "$T/p.html" || false
	! grep -q 'TOP-SECRET-TEXT' "$T/p.html" || false
	# a page without it has no sources
	fg-html "$T/in.folded" >"$T/q.html"
	[ "$(sources "$T/q.html")" = none ]
}

@test "fg-html --source-dir: only the files of frames above --source-share are opened, no other file of the tree" {
	command -v strace >/dev/null || skip "needs strace"
	strace -o /dev/null true 2>/dev/null || skip "strace cannot trace here (no ptrace)"
	tree
	for i in $(seq 200); do echo "unnamed $i" >"$T/src/u$i.c"; done
	# (LeakSanitizer cannot run under ptrace: the sanitizer suite's build)
	# (-y names each call's directory: a file is opened a component at
	# a time, each from the directory before, srcfile.c's open_walk)
	ASAN_OPTIONS=detect_leaks=0 strace -f -y -e trace=openat -o "$T/trace" fg-html --source-dir "$T/src" "$T/in.folded" >"$T/p.html"
	sed -n 's/.*openat([0-9]*<\([^>]*\)>, "\([^"]*\)".*/\1\/\2/p; s/.*openat(AT_FDCWD, "\([^"]*\)".*/\1/p' "$T/trace" |
		grep "^$T/src/" | grep -v "\.folded$" | sort -u | while read -r f; do [ -d "$f" ] || echo "$f"; done >"$T/opened"
	cat "$T/opened"
	# rare.c has 1 of 10500 samples, under 0.1%: not opened, not listed
	printf '%s\n' "$T/src/latin.c" "$T/src/main.c" "$T/src/nul.c" "$T/src/sub/work.c" >"$T/want"
	diff "$T/want" "$T/opened"
	# no link followed on the way: every component opened from the one
	# before with O_NOFOLLOW (a directory swapped for a link after
	# realpath looked fails, instead of leading out of the tree)
	grep -q "openat([0-9]*<$T/src/sub>, \"work.c\", [^)]*O_NOFOLLOW" "$T/trace"
	grep -q "openat([0-9]*<$T>, \"src\", [^)]*O_NOFOLLOW[^)]*O_DIRECTORY" "$T/trace"
	! sources "$T/p.html" | grep -q rare.c || false
	# with a share of 0 it is
	fg-html --source-dir "$T/src" --source-share 0 "$T/in.folded" >"$T/p.html"
	sources "$T/p.html" | grep -qx "rare.c	embedded 5"
}

@test "fg-html --source-max: files past the bound left out, said on the page and on stderr; --source-map" {
	tree
	# main.c, the costliest, is one byte past the bound: work.c fits
	max=$(($(wc -c <"$T/src/main.c") - 1)) w=$(wc -c <"$T/src/sub/work.c")
	run fg-html --source-dir "$T/src" --source-max "$max" "$T/in.folded"
	status_is 0
	echo "$output" | grep -qx "fg-html: --source-max: 1 source file not embedded, the bound of $max bytes reached ($w embedded)"
	fg-html --source-dir "$T/src" --source-max "$max" "$T/in.folded" 2>/dev/null >"$T/p.html"
	sources "$T/p.html" >"$T/s"
	grep -qx "main.c	not embedded: the page's sources reached --source-max's bound of $max bytes" "$T/s"
	grep -qx "sub/work.c	embedded $w" "$T/s"
	grep -qx "embedded=$w left=1 max=$max share=0.1" "$T/s"
	browser pane "$T/p.html" "main at main.c:4"
	[ "$(got note)" = "main.c: not embedded: the page's sources reached --source-max's bound of $max bytes" ]
	[[ "$(got sources)" == *", 1 left out: the bound of --source-max, $max bytes, reached;"* ]]
	# a profile recorded under another root
	sed 's| at | at /build/ci/|g' "$T/in.folded" >"$T/ci.folded"
	fg-html --source-dir "$T/src" --source-map /build/ci="$T/src" "$T/ci.folded" >"$T/p.html"
	sources "$T/p.html" | grep -qx "/build/ci/sub/work.c	embedded $w"
}

@test "fg-html --source-dir: usage errors" {
	run fg-html --source-map a=b /dev/null
	status_is 2
	[[ $output == *"--source-map, --source-share and --source-max go with --source-dir"* ]]
	run fg-html --source-dir "$BATS_TEST_TMPDIR/none" /dev/null
	status_is 1
	[[ $output == *"none"* ]]
	run fg-html --source-dir . --source-share 200 /dev/null
	status_is 2
	run fg-html --source-dir . --source-max lots /dev/null
	status_is 2
	[[ $output == *"bad source size"* ]]
}

# pane PAGE NAME: the source pane's lines as tests/browser/source.cjs
# prints them for frame NAME hovered, into $T/b.out
@test "fg-html page: the pane of a hovered frame shows its file at the frame's line with fg-top --list's numbers; hostile text inert" {
	tree
	fg-html --source-dir "$T/src" "$T/in.folded" >"$T/p.html"
	browser pane "$T/p.html" "work at sub/work.c:3" "$T/work.png"
	[ "$(got shown)" = true ]
	[ "$(got cur)" = $'3\t\tfor (;;)' ]
	[ "$(got curvisible)" = true ]
	[ -s "$T/work.png" ]
	# the numbers: fg-top --list's, beside each line's text
	fg-top --list work --format tsv "$T/in.folded" | tail -n +2 | cut -f3- >"$T/cli"
	got row | cut -f1-3 >"$T/pane"
	diff "$T/cli" "$T/pane"
	[ "$(got row | sed -n 2p | cut -f4-)" = $'\t\t;' ]
	browser pane "$T/p.html" "main at main.c:3"
	fg-top --list main --format tsv "$T/in.folded" | tail -n +2 | cut -f3- >"$T/cli"
	got row | cut -f1-3 >"$T/pane"
	diff "$T/cli" "$T/pane"
	# the hostile line: its text, shown as text, no script run, no element made
	[ "$(got cur)" = $'3\t\twork(); /* </script><script>window.pwned=1</script><b>x</b> \\u2028 \\x01 */' ]
	[ "$(got pwned)" = undefined ]
	[ "$(got elements)" = "button div span table td th tr" ]
	# the refused files named with why
	[[ "$(got refused)" == *"link.c: a symbolic link leads out of the source directories"* ]]
	[[ "$(got sources)" == "Sources: 2 files embedded"*", 6 refused;"* ]]
	browser pane "$T/p.html" "lnk at link.c:1"
	[ "$(got note)" = "link.c: a symbolic link leads out of the source directories" ]
	[ "$(got row)" = $'1\t100\t100\t' ]
}

@test "fg-html page: without embedded sources the pane lists the function's lines; on a differential page their change" {
	tree
	fg-html "$T/in.folded" >"$T/p.html"
	browser pane "$T/p.html" "work at sub/work.c:4"
	[ "$(got note)" = "No source embedded: fg-html --source-dir DIR embeds it." ]
	fg-top --list work --format tsv "$T/in.folded" | tail -n +2 | cut -f3- >"$T/cli"
	got row | cut -f1-3 >"$T/pane"
	diff "$T/cli" "$T/pane"
	[ "$(got cur | cut -f1)" = 4 ]
	[ "$(got sources)" = none ]
	# differential: each line's change
	awk '{ n = $NF; $NF = ""; print $0 n, (/work at sub\/work.c:3/ ? n * 2 : n) }' "$T/in.folded" >"$T/d.folded"
	fg-html --source-dir "$T/src" "$T/d.folded" >"$T/p.html"
	browser pane "$T/p.html" "work at sub/work.c:3" "$T/diff.png"
	fg-top --list work --format tsv "$T/d.folded" | tail -n +2 | cut -f3- >"$T/cli"
	got row | cut -f1-5 >"$T/pane"
	diff "$T/cli" "$T/pane"
	got row | head -1 | grep -q $'^3\t14000\t14000\t+7000\t+7000\t'
	# the pane follows the pointer
	browser follow "$T/p.html" "work at sub/work.c:4" "main at main.c:4"
	[ "$(got cur)" = "$(printf '4\n4')" ]
	[[ "$(got where | tail -1)" == "main.c — main:"* ]]
}

@test "fg-html page: on a comparison (--compare) the pane's changes are fg-top --list's of fg-diff's output" {
	tree
	awk '{ n = $NF; $NF = ""; print $0 (/work at sub\/work.c:4/ ? n * 3 : n) }' "$T/in.folded" >"$T/new.folded"
	fg-html --compare --source-dir "$T/src" "$T/in.folded" "$T/new.folded" >"$T/p.html"
	browser pane "$T/p.html" "work at sub/work.c:4"
	fg-diff "$T/in.folded" "$T/new.folded" >"$T/d.folded"
	fg-top --list work --format tsv "$T/d.folded" | tail -n +2 | cut -f3- >"$T/cli"
	got row | cut -f1-5 >"$T/pane"
	diff "$T/cli" "$T/pane"
	grep -q $'^4\t6000\t6000\t+4000\t+4000$' "$T/cli"
}
