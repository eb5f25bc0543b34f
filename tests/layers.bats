#!/usr/bin/env bats
# The library's floors (HACKING.md, scripts/check-layers).

load helper

@test "no library floor includes a higher one" {
	run "$FG_ROOT/scripts/check-layers" "$FG_ROOT"
	status_is 0
}

@test "check-layers finds an upward include, a bare include, a stray file and a folder that is no floor" {
	cd "$BATS_TEST_TMPDIR"
	mkdir -p lib/base lib/draw
	printf '#include "draw/x.h"\n#include "base/y.h"\n' > lib/base/y.c
	printf '#include "util.h"\n' > lib/draw/x.c
	: > lib/stray.c
	mkdir lib/attic && printf '#include "draw/x.h"\n' > lib/attic/z.c
	run "$FG_ROOT/scripts/check-layers" "$PWD"
	status_is 1
	[[ $output == *"lib/attic/z.c: lib/attic is not a floor (base, stack, folded, draw, report, formats/NAME)"* ]]
	[[ $output != *"attic includes"* ]]
	[[ $output == *"lib/base/y.c: base includes draw/x.h, a higher floor"* ]]
	[[ $output == *'lib/draw/x.c: #include "util.h" does not name its floor'* ]]
	[[ $output == *"lib/stray.c: outside every floor"* ]]
	[[ $output != *"base/y.h"*higher* ]]
}

@test "check-layers keeps the rooms of the top floor apart: draw, report, each format" {
	cd "$BATS_TEST_TMPDIR"
	mkdir -p lib/base lib/folded lib/draw lib/report lib/formats/a lib/formats/b
	printf '#include "formats/b/read.h"\n#include "formats/a/fold.h"\n#include "folded/lines.h"\n' > lib/formats/a/read.c
	printf '#include "report/top.h"\n' > lib/draw/x.c
	printf '#include "formats/a/read.h"\n' > lib/folded/lines.c
	: > lib/formats/stray.c
	run "$FG_ROOT/scripts/check-layers" "$PWD"
	status_is 1
	[[ $output == *"lib/formats/a/read.c: formats/a includes formats/b/read.h, a room beside it"* ]]
	[[ $output == *"lib/draw/x.c: draw includes report/top.h, a room beside it"* ]]
	[[ $output == *"lib/folded/lines.c: folded includes formats/a/read.h, a higher floor"* ]]
	[[ $output == *"lib/formats/stray.c: outside every floor"* ]]
	[[ $output != *"fold.h"* ]]
	[[ $output != *"folded/lines.h"* ]]
}

@test "every export of the library is used by another file (scripts/check-exports)" {
	obj=$FG_ROOT/$(basename "$FG_BIN" | sed 's/^bin/obj/')
	run "$FG_ROOT/scripts/check-exports" "$obj"
	[ "$status" -ne 2 ] || skip "$output"
	status_is 0
}

@test "check-exports finds an export no other file uses" {
	command -v cc >/dev/null || skip "no C compiler"
	cd "$BATS_TEST_TMPDIR"
	printf 'int lonely(void) { return 1; }\nint shared(void) { return 2; }\n' > a.c
	printf 'int shared(void);\nint user(void) { return shared(); }\n' > u.c
	cc -c a.c u.c
	mkdir -p o/lib/base o/cmd o/tools o/fuzz
	cp a.o o/lib/base/util.o
	for c in "$FG_ROOT"/cmd/*.c "$FG_ROOT"/tests/tools/*.c "$FG_ROOT"/tests/fuzz/*.c; do
		c=${c#"$FG_ROOT"/}
		c=${c#tests/}
		cp u.o "o/${c%.c}.o"
	done
	run "$FG_ROOT/scripts/check-exports" o
	status_is 1
	[[ $output == "lib/base/util.c: lonely is used by no other file: make it static, or remove it" ]]
	rm o/cmd/fg-svg.o
	run "$FG_ROOT/scripts/check-exports" o
	status_is 2
	[[ $output == *"cmd/fg-svg.o is not built"* ]]
}

@test "check-layers keeps the page's floors: no file without DOM imports the screen; a file after what it imports" {
	cd "$BATS_TEST_TMPDIR"
	mkdir -p lib/draw/html
	printf 'HTMLJS = lib/draw/viewer.js $(addprefix lib/draw/html/,model.js \\\n\turl.js paint.js main.js gone.js)\nX = 1\n' >Makefile
	# (each file named in its floor's README, which check-layers reads too)
	printf -- '- `viewer.js`: v.\n' >lib/draw/README.md
	printf -- '- `%s`: f.\n' model.js url.js paint.js main.js >lib/draw/html/README.md
	printf 'export function group() {}\n' >lib/draw/viewer.js
	printf 'import { group } from "../viewer.js";\nimport { winparam,\n\tx } from "./paint.js";\n' >lib/draw/html/url.js
	printf 'import { save } from "./url.js";\nimport { start } from "./main.js";\n' >lib/draw/html/model.js
	printf 'import { y } from "./other.js";\nimport { start } from "./main.js";\n' >lib/draw/html/paint.js
	printf 'import { group } from "../viewer.js";\nimport { draw } from "./paint.js";\n' >lib/draw/html/main.js
	run "$FG_ROOT/scripts/check-layers" "$PWD"
	status_is 1
	[[ $output == *"lib/draw/html/url.js: touches no DOM, imports ./paint.js, a file of the screen's"* ]]
	[[ $output == *"lib/draw/html/model.js: touches no DOM, imports ./main.js, a file of the screen's"* ]]
	[[ $output == *"lib/draw/html/model.js: imports ./url.js, which HTMLJS joins after it"* ]]
	[[ $output == *"lib/draw/html/paint.js: imports ./other.js, not in the Makefile's HTMLJS"* ]]
	[[ $output == *"Makefile: HTMLJS names lib/draw/html/gone.js, which is not there"* ]]
	# the screen's files among themselves, and a file's imports of the
	# files before it, pass
	[[ $output != *main.js:* ]]
	[[ $output != *"paint.js: imports ./main.js"* ]]
	[[ $output != *viewer.js,* ]]
	[ "${#lines[@]}" -eq 5 ]
}

@test "check-layers finds a name declared at the top of two of the page's modules (one scope once joined)" {
	cd "$BATS_TEST_TMPDIR"
	mkdir -p lib/draw/html
	printf 'HTMLJS = lib/draw/viewer.js $(addprefix lib/draw/html/,model.js lines.js)\n' >Makefile
	printf -- '- `viewer.js`: v.\n' >lib/draw/README.md
	printf -- '- `%s`: f.\n' model.js lines.js >lib/draw/html/README.md
	printf 'export function group() {}\n' >lib/draw/viewer.js
	printf 'export function build(d) {\n\tvar inner = 1;\n}\nconst K = 2;\n' >lib/draw/html/model.js
	printf 'function build(d) {}\nvar inner = 3;\nlet group2 = 1;\n' >lib/draw/html/lines.js
	run "$FG_ROOT/scripts/check-layers" "$PWD"
	status_is 1
	[[ $output == *"build: declared at the top of lib/draw/html/lines.js and lib/draw/html/model.js"* ]]
	# a name inside a function is its own
	[[ $output != *inner* && $output != *group* && $output != *K:* ]]
	[ "${#lines[@]}" -eq 1 ]
	sed -i 's/^function build/function build2/' lib/draw/html/lines.js
	run "$FG_ROOT/scripts/check-layers" "$PWD"
	status_is 0
}

@test "check-layers finds a cmd/ file over 450 lines, and not one of 450" {
	cd "$BATS_TEST_TMPDIR"
	mkdir -p cmd lib/base
	seq 451 > cmd/long.c
	seq 450 > cmd/short.c
	run "$FG_ROOT/scripts/check-layers" "$PWD"
	status_is 1
	[[ $output == *"cmd/long.c: 451 lines, over 450"* ]]
	[[ $output != *short.c* ]]
	rm cmd/long.c
	run "$FG_ROOT/scripts/check-layers" "$PWD"
	status_is 0
}

@test "check-layers finds a program, test tool or fuzzing harness that includes a room's own header" {
	cd "$BATS_TEST_TMPDIR"
	mkdir -p cmd tests/tools tests/fuzz lib/formats/a
	printf '/* formats/a/read.h: a read\n *\n * The room'"'"'s own header (read.c, fold.c).\n */\n' > lib/formats/a/read.h
	printf '/* formats/a/fold.h: a folded */\n/* the room'"'"'s own header, said after the head comment */\n' > lib/formats/a/fold.h
	: > lib/formats/a/read.c
	printf -- '- `a/read.c`, `a/read.h`: a\n- `a/fold.h`: a folded\n' > lib/formats/README.md
	printf '#include "formats/a/read.h"\n' > lib/formats/a/fold.c
	printf -- '- `a/fold.c`: a folded\n' >> lib/formats/README.md
	printf '#include "formats/a/fold.h"\n#include "formats/a/read.h"\n' > cmd/a-fold.c
	printf '#include "formats/a/read.h"\n' > tests/tools/mka.c
	printf '#include "formats/a/read.h"\n' > tests/fuzz/a.c
	run "$FG_ROOT/scripts/check-layers" "$PWD"
	status_is 1
	[[ $output == *"cmd/a-fold.c: includes formats/a/read.h, the room's own header"* ]]
	[[ $output == *"tests/tools/mka.c: includes formats/a/read.h, the room's own header"* ]]
	[[ $output == *"tests/fuzz/a.c: includes formats/a/read.h, the room's own header"* ]]
	[ "$(printf '%s\n' "$output" | wc -l)" -eq 3 ]
	sed -i '/read.h/d' cmd/a-fold.c tests/tools/mka.c tests/fuzz/a.c
	run "$FG_ROOT/scripts/check-layers" "$PWD"
	status_is 0
}

@test "the library holds no process-wide state (scripts/check-state)" {
	obj=$FG_ROOT/$(basename "$FG_BIN" | sed 's/^bin/obj/')
	run "$FG_ROOT/scripts/check-state" "$obj"
	[ "$status" -ne 2 ] || skip "$output"
	status_is 0
}

@test "check-state finds a writable static, in a function too, and passes constants and the listed" {
	command -v cc >/dev/null || skip "no C compiler"
	cd "$BATS_TEST_TMPDIR"
	mkdir -p o
	printf 'static const int table[3] = { 1, 2, 3 };\nstatic const char *const names[] = { "a" };\nint flag;\nint f(int i) { static int calls; calls++; return table[i] + *names[0] + calls; }\nint g(void) { flag = 1; return flag; }\n' >a.c
	printf 'const char *argv0 = "x";\n' >e.c
	cc -c a.c e.c
	# the object of every library source: e.o, but util.o
	objs=() dirs=()
	for c in "$FG_ROOT"/lib/*/*.c "$FG_ROOT"/lib/formats/*/*.c; do
		c=${c#"$FG_ROOT"/}
		dirs+=("o/${c%/*}")
		objs+=("o/${c%.c}.o")
	done
	mkdir -p "${dirs[@]}"
	tee "${objs[@]}" <e.o >/dev/null
	cp a.o o/lib/base/util.o
	cp e.o o/lib/base/err.o
	run "$FG_ROOT/scripts/check-state" o
	status_is 1
	[[ $output == *"lib/base/util.c: flag is writable state"* ]]
	[[ $output == *"lib/base/util.c: calls is writable state"* ]]
	[[ $output != *": table "* && $output != *": names "* ]]
	[[ $output != *"lib/base/err.c"* ]]
	[[ $output == *"lib/base/hash.c: argv0 is writable state"* ]]
	rm o/lib/base/util.o
	run "$FG_ROOT/scripts/check-state" o
	status_is 2
}

@test "each floor's README names every file of lib/, and check-layers finds one missing or gone" {
	# the real tree: every .c, .h, .js and .css has its line
	run "$FG_ROOT/scripts/check-layers" "$FG_ROOT"
	status_is 0
	[ -e "$FG_ROOT/lib/base/README.md" ]; [ -e "$FG_ROOT/lib/draw/html/README.md" ]
	cd "$BATS_TEST_TMPDIR"
	mkdir -p lib/base lib/draw/html lib/formats/a lib/stack
	: > lib/base/x.c; : > lib/base/x.h; : > lib/base/y.c
	: > lib/draw/html/p.js; : > lib/draw/html/q.js; : > lib/draw/d.css
	: > lib/formats/a/read.c; : > lib/formats/a/read.h; : > lib/stack/s.c
	printf '# base\n\n- `x.c`, `x.h`: x\n- `gone.h`: was here\nnot a list: `y.c`\n' > lib/base/README.md
	printf -- '- `p.js`: p\n' > lib/draw/html/README.md
	printf -- '- `d.css`: d\n- `html/q.js`: not its README\n' > lib/draw/README.md
	printf -- '- `a/read.c`, `a/read.h`: a\n' > lib/formats/README.md
	run "$FG_ROOT/scripts/check-layers" "$PWD"
	status_is 1
	[[ $output == *"lib/base/y.c: no line in lib/base/README.md"* ]]
	[[ $output == *"lib/draw/html/q.js: no line in lib/draw/html/README.md"* ]]
	[[ $output == *"lib/base/README.md: names gone.h, which is not there"* ]]
	[[ $output == *"lib/stack/s.c: no README.md in its folder or above it"* ]]
	[[ $output != *"x.c"* && $output != *"x.h"* && $output != *"p.js"* ]]
	[[ $output != *"d.css"* && $output != *"read.c"* && $output != *"read.h"* ]]
	[[ $output != *"names html/q.js"* ]]
	[ "$(printf '%s\n' "$output" | wc -l)" -eq 4 ]
}

@test "tests: no negated check is a no-op (bash exempts \`! cmd\` from set -e)" {
	# a line that is only "! cmd" fails nothing unless it is a test's
	# last; "|| false" (or a chain that ends in a real command) makes it
	# count. Fails on each such line, with its place.
	run grep -nE '^[[:space:]]*! ' "$FG_ROOT"/tests/*.bats
	bad=$(printf '%s\n' "$output" | grep -vE '(\|\| false|&&)$' | grep -v '^$' || true)
	[ -z "$bad" ] || { printf '%s\n' "$bad"; false; }
	# nor "[ a ] && [ b ]" on a line of its own, whose first test fails
	# nothing (the last of a && list is the one set -e sees)
	run grep -nE '^[[:space:]]*\[\[? .*\]\]? && \[\[? .*\]\]?[[:space:]]*$' "$FG_ROOT"/tests/*.bats
	[ -z "$output" ] || { printf '%s\n' "$output"; false; }
	# the check sees what it looks for
	printf '@test x {\n\t! false\n\ttrue\n}\n' >"$BATS_TEST_TMPDIR/t.bats"
	run grep -nE '^[[:space:]]*! ' "$BATS_TEST_TMPDIR/t.bats"
	[ "$(printf '%s\n' "$output" | grep -cvE '(\|\| false|&&)$')" -eq 1 ]
}

@test "shape: every folder's main is at most 70 lines, every function in lib/ at most 100" {
	# a folder's cmd/ file parses options and wires the room (HACKING)
	for f in "$FG_ROOT"/cmd/*-fold.c; do
		[ "$(basename "$f")" = fg-fold.c ] && continue
		n=$(wc -l <"$f")
		[ "$n" -le 70 ] || { echo "$f: $n lines" >&2; return 1; }
	done
	# a function from the "{" that opens a line to the "}" that does
	long=$(for f in "$FG_ROOT"/lib/*/*.c "$FG_ROOT"/lib/*/*/*.c; do
		awk -v F="$f" '/^\{/ { s = NR; name = prev } /^\}/ { if (s && NR - s > 100) print F ": " name ": " NR - s; s = 0 } { prev = $0 }' "$f"
	done)
	[ -z "$long" ] || { echo "$long" >&2; return 1; }
	# the count sees a long one
	awk 'BEGIN { print "int\nf(void)\n{"; for (i = 0; i < 101; i++) print "\tx();"; print "}" }' >"$BATS_TEST_TMPDIR/l.c"
	[ -n "$(awk '/^\{/ { s = NR } /^\}/ { if (s && NR - s > 100) print; s = 0 }' "$BATS_TEST_TMPDIR/l.c")" ]
}
