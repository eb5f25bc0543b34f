# Shared set-up for every bats file: the programs under test come first
# on PATH (FG_BIN, set by make check; bin/ by default), fixtures are in
# $DATA, scratch files go in $BATS_TEST_TMPDIR.

# FG_ROOT, the folder above the tests': cut from BATS_TEST_DIRNAME when bats
# gives it absolute, not ending in "." or ".." (a subshell a test saved)
case $BATS_TEST_DIRNAME in
/*/*[!.]) FG_ROOT=${BATS_TEST_DIRNAME%/*} ;;
*) FG_ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd) ;;
esac
FG_BIN=${FG_BIN:-$FG_ROOT/bin}
PATH=$FG_BIN:$FG_BIN/tools:$PATH
DATA=$BATS_TEST_DIRNAME/data
export LC_ALL=C

# python3 is the interpreter itself, not a version manager's shim
# (scripts/pydir), found once a file when bats first reads it (the tests
# inherit FG_PYDIR), or once a run by scripts/run-tests
if [ -z "${FG_PYDIR+set}" ]; then
	FG_PYDIR=
	[ ! -d "${BATS_FILE_TMPDIR:-}" ] || FG_PYDIR=$("$FG_ROOT/scripts/pydir" "$BATS_FILE_TMPDIR/python3")
	export FG_PYDIR
fi
[ -z "$FG_PYDIR" ] || PATH=$FG_PYDIR:$PATH

# Fail with the output shown when the last `run` did not exit with $1.
status_is() {
	if [ "$status" -ne "$1" ]; then
		echo "expected exit status $1, got $status; output:" >&2
		echo "$output" >&2
		return 1
	fi
}

# An SVG of fg-svg's with each frame's rect on a line of its own,
# "<rect x=... </rect>" (fg-svg breaks its lines after "<rect").
svg_lines() {
	awk '{ if (open) $0 = "<rect " $0; open = sub(/<rect$/, "") } 1' "$@"
}

# Run a command line through bash -c (for pipes and redirections).
runsh() {
	run bash -c "$1"
}

# needpy [MODULE]: skip the test unless python3 is at hand, with MODULE
# when one is named (zlib: the readers of PNG and PDF streams in
# $DATA/png and $DATA/svg), found once a file
needpy() {
	command -v python3 >/dev/null || skip "needs python3"
	[ $# -eq 0 ] || [ -e "$BATS_FILE_TMPDIR/python3-has-$1" ] ||
		{ python3 -c "import $1" 2>/dev/null && : >"$BATS_FILE_TMPDIR/python3-has-$1"; } ||
		skip "needs python3 with $1"
}

# deep N: a stack N frames deep (f0;f1;...), and a short one beside it
deep() {
	awk -v n="$1" 'BEGIN { printf "f0"; for (i = 1; i < n; i++) printf ";f%d", i; print " 3"; print "f0;g 1" }'
}

# expected FORMAT FILE: the stacks of FILE (annotated folded stacks) that
# fg's writer of FORMAT keeps, added up and sorted.  pprof: annotations
# other than _[i] left out, Julia's " [inlined]" made _[i], a line 0
# (pprof's "no line") left out; speedscope: every annotation and
# " [inlined]" left out.
expected() {
	local s
	case $1 in
	pprof) s='s/_\[(k|j|w|d|g|dg)\](;| [0-9])/\2/g; s/ \[inlined\](;| [0-9])/_[i]\1/g; s/( at [^;]*):0(;| [0-9])/\1\2/g' ;;
	speedscope) s='s/_\[(k|j|i|w|d|g|dg)\](;| [0-9])/\2/g; s/ \[inlined\](;| [0-9])/\1/g' ;;
	*) echo "expected: no writer $1" >&2; return 2 ;;
	esac
	sed -E "$s" "$2" | fg-merge | grep -v '^# ' | LC_ALL=C sort
}

# annotated [LINE...]: folded stacks for the writers of other formats
# (fg-pprof, fg-speedscope): inlining both ways, annotations, files with
# and without lines, stacks that meet once stripped; the LINEs given,
# then a frame made of its name alone last
annotated() {
	cat <<-'EOT'
	main at m.c:10;work at w.c:20;step_[i];leaf at l.c:5_[i] 7
	main at m.c:10;work at w.c:20;other at o.c:1_[k] 3
	main at m.c:10;work at w.c:20;other at o.c:1 2
	main at m.c:10;run at r.jl:4;helper at h.jl:8 [inlined]_[d];gc_[g] 5
	main at m.c:12;work at w.c:20 11
	EOT
	[ $# -eq 0 ] || printf '%s\n' "$@"
	echo 'idle 1'
}

# absent MESSAGE: skip the test for want of a tool it checks with;
# under CI=true, where every such tool is installed, fail instead, so
# that a failed install does not pass for a skipped test.
absent() {
	if [ "${CI:-}" = true ]; then
		echo "CI=true but $1" >&2
		return 1
	fi
	skip "$1"
}

# What the browser tests (tests/browser/, through puppeteer-core) lack,
# or nothing: FG_PUPPETEER_NODE_PATH naming a node_modules that holds
# puppeteer-core, node, and Chromium.
browser_missing() {
	if [ -z "${FG_PUPPETEER_NODE_PATH:-}" ] || [ ! -d "$FG_PUPPETEER_NODE_PATH/puppeteer-core" ]; then
		echo "needs FG_PUPPETEER_NODE_PATH naming a node_modules with puppeteer-core"
	elif ! command -v node >/dev/null; then
		echo "needs node"
	elif [ -z "${FG_CHROMIUM:-}" ] && ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
		echo "needs chromium (or FG_CHROMIUM)"
	fi
}
# Skip the test (fail it under CI=true: absent) unless the browser
# tests have what they need.
needbrowser() {
	local why
	why=$(browser_missing)
	[ -z "$why" ] || absent "$why"
}

# browser_run CASE FILE [ARG...]: a case of tests/browser/$BROWSER_CASES.cjs
# (html, fg-html's page, by default), FG_QUERY the file's query, FG_DARK=1
# a system that prefers dark: by the file's server (tests/browser.bash)
# when it runs those cases, else by a node and a browser of its own; its
# lines on standard output, and its status.
browser_run() {
	local cases=${BROWSER_CASES:-html}
	if [ -z "${FG_BROWSER_PORT:-}" ] || [ "${FG_BROWSER_CASES:-}" != "$cases" ]; then
		FG_DARK=${FG_DARK:-} timeout 180 node "$FG_ROOT/tests/browser/$cases.cjs" "$@"
		return
	fi
	exec 5<>"/dev/tcp/127.0.0.1/$FG_BROWSER_PORT" || return 1
	printf '%s\0' "$#" "${FG_QUERY:-}" "${FG_DARK:-}" "$@" >&5
	timeout 180 cat <&5 >"$BATS_TEST_TMPDIR/b.raw"
	exec 5<&-
	grep -v '^status=' "$BATS_TEST_TMPDIR/b.raw"
	grep -qx 'status=0' "$BATS_TEST_TMPDIR/b.raw"
}

# page_run PAGE EXPR...: node tests/page.cjs PAGE EXPR... (each EXPR's
# value in the page's script, its status too), by one node a bats file
# (page.cjs --serve: byserver), else (--alone) by a node of its own.
page_run() {
	if [ "$1" = --alone ]; then
		node "$FG_ROOT/tests/page.cjs" "$@"
		return
	fi
	byserver page node "$FG_ROOT/tests/page.cjs" -- "$@"
}
# byserver NAME CMD... -- ARG...: CMD ARG... by the bats file's server
# NAME (CMD --serve: served), else (no BATS_FILE_TMPDIR, no server) by
# a run of its own
byserver() {
	local name=$1 cmd=()
	shift
	while [ "$1" != -- ]; do cmd+=("$1"); shift; done
	shift
	if [ -n "${BATS_FILE_TMPDIR:-}" ] && serve_connect "$name" "${cmd[@]}"; then
		served "$name" "$@"
	else
		"${cmd[@]}" "$@"
	fi
}
# served NAME ARG...: ARG... sent to the file's server NAME, connected
# on fd 6 (serve_connect): a request of NUL-terminated fields (their
# number, the directory, a file for its standard output and one for
# its standard error, ARG...), answered with the status; its outputs
# as this call's, and its status.  Calls may overlap (a pipe's two
# ends): each has its own files.
served() {
	local name=$1 o st
	shift
	o=${BATS_TEST_TMPDIR:-$BATS_FILE_TMPDIR}/$name.$BASHPID
	printf '%s\0' $(($# + 3)) "$PWD" "$o.out" "$o.err" "$@" >&6
	IFS= read -r -t 180 st <&6 || st=
	exec 6<&-
	[ -n "$st" ] || { echo "served: no answer from the $name server" >&2; return 1; }
	cat "$o.out"
	[ ! -s "$o.err" ] || cat "$o.err" >&2
	rm -f "$o.out" "$o.err"
	return "$st"
}
# serve_connect NAME CMD...: fd 6 a connection to the bats file's
# server NAME, started if need be (by one call at a time: NAME.lock) as
# CMD --serve $BATS_FILE_TMPDIR, which prints its loopback port and
# ends with that directory (or at serve_stop); its port and pid in
# $BATS_FILE_TMPDIR/NAME.*
serve_connect() {
	local name=$1 d=$BATS_FILE_TMPDIR
	shift
	serve_open "$name" && return
	{
		flock 7
		serve_open "$name" && return
		"$@" --serve "$d" >"$d/$name.port" 2>/dev/null 3>&- 7>&- </dev/null &
		echo $! >"$d/$name.pid"
		for _ in $(seq 200); do
			serve_open "$name" && return
			sleep 0.05
		done
		return 1
	} 7>"$d/$name.lock"
}
serve_open() {
	local port
	read -r port 2>/dev/null <"$BATS_FILE_TMPDIR/$1.port" && [ -n "$port" ] &&
		{ exec 6<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null
}
# Stop the bats file's servers: each process of a $BATS_FILE_TMPDIR/*.pid
# (teardown_file).
serve_stop() {
	local p
	for p in "$BATS_FILE_TMPDIR"/*.pid; do
		[ ! -s "$p" ] || kill "$(cat "$p")" 2>/dev/null || true
	done
}

# Skip the test unless Go is at hand (the reference pprof tools): make
# check does not need it; under CI=true, where it is installed, its
# absence fails the test (absent).
needgo() {
	command -v go >/dev/null || absent "Go is not installed (apt-get install golang-go)"
}

# fails_quietly PROG [ARG...]: PROG exits 1 with nothing on standard
# output; $output (and $lines) is then what it says on standard error,
# and $status its status, as run sets them.  PROG runs once.
fails_quietly() {
	local out=$BATS_TEST_TMPDIR/quiet.out err=$BATS_TEST_TMPDIR/quiet.err
	status=0
	"$@" >"$out" 2>"$err" || status=$?
	output= lines=()
	IFS= read -rd '' output <"$err" || true
	while [[ $output == *$'\n' ]]; do output=${output%$'\n'}; done
	[ -z "$output" ] || mapfile -t lines <<<"$output"
	status_is 1 || return 1
	[ ! -s "$out" ] || { echo "on standard output: $(head -c 2000 "$out")" >&2; return 1; }
}

# fails_with MESSAGE PROG [ARG...]: PROG exits 1 with nothing on
# standard output, and says exactly MESSAGE
fails_with() {
	local want=$1
	shift
	fails_quietly "$@" || return 1
	[ "$output" = "$want" ] || { echo "got: $output" >&2; return 1; }
}

# folds PROG INPUT WANT [OPTION...]: the text INPUT (printf's format
# string) in $BATS_TEST_TMPDIR/in, which PROG OPTION... folds with exit
# 0 into the lines WANT (one string, "\n" between lines)
folds() {
	local prog=$1 input=$2 want=$3
	shift 3
	printf -- "$input" >"$BATS_TEST_TMPDIR/in"
	run "$prog" "$@" "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$output" = "$(printf -- "$want")" ] || { echo "$prog $*: got: $output" >&2; return 1; }
}

# rejects MESSAGE PROG [ARG...]: the same, its message holding MESSAGE
rejects() {
	local want=$1
	shift
	fails_quietly "$@" || return 1
	[[ $output == *"$want"* ]] || { echo "no '$want' in: $output" >&2; return 1; }
}

# hexfile FILE HEX...: write the bytes spelt in hexadecimal
hexfile() {
	local f=$1
	shift
	printf '%s' "$@" | sed 's/../\\x&/g' | xargs -0 printf >"$f"
}

# fg-diff's stacks: what it writes without the two header lines naming
# the baseline and the target (tests/fg-diff.bats checks those), its
# exit status kept.
fgdiff() {
	local rc=0
	fg-diff "$@" >"$BATS_TEST_TMPDIR/fgdiff.out" || rc=$?
	sed '/^# fg: \(baseline\|target\|samples\)=/d' "$BATS_TEST_TMPDIR/fgdiff.out"
	return "$rc"
}
export -f fgdiff

# A pthread_create that fails, for the path without a helper thread
# (base/par.h: par_finish runs the helper's part itself): $NOTHREADS is
# the library to preload, and $NOTHREADS.called appears once a program
# has asked for a thread, so that a test knows that path ran.  Skips
# without a C compiler, and under ASan (whose runtime must come first).
nothreads() {
	command -v cc >/dev/null || skip "needs a C compiler for the pthread_create shim"
	case $FG_BIN in *-san*) skip "a preloaded library and ASan do not mix" ;; esac
	NOTHREADS=$BATS_TEST_TMPDIR/nothreads.so
	cat >"$BATS_TEST_TMPDIR/nothreads.c" <<-EOC
	#include <errno.h>
	#include <fcntl.h>
	#include <pthread.h>
	#include <unistd.h>
	int
	pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*f)(void *), void *p)
	{
		(void)t; (void)a; (void)f; (void)p;
		close(open("$NOTHREADS.called", O_WRONLY | O_CREAT, 0600));
		return EAGAIN;
	}
	EOC
	cc -shared -fPIC -o "$NOTHREADS" "$BATS_TEST_TMPDIR/nothreads.c"
}

# maxsize_bomb PROG EXT: a JSON folder's --max-size against 20 MB of
# blanks, compressed to 20 kB as FILE.EXT.gz (stopped as it inflates)
# and not (refused before it is read), from a file and from a pipe;
# within the bound, the blanks are read and found to hold no value.
maxsize_bomb() {
	local p=$1 z=$BATS_TEST_TMPDIR/bomb.$2.gz big=$BATS_TEST_TMPDIR/big.$2
	head -c 20000000 /dev/zero | tr '\0' ' ' | gzip -n >"$z"
	fails_with "$p: $z: decompressed size exceeds 1048576 bytes (--max-size)" "$p" --max-size 1M "$z"
	runsh "$p --max-size 1M <'$z'"
	status_is 1
	[ "$output" = "$p: <stdin>: decompressed size exceeds 1048576 bytes (--max-size)" ]
	gzip -dc "$z" >"$big"
	fails_with "$p: $big: input size exceeds 1048576 bytes (--max-size)" "$p" --max-size 1M "$big"
	runsh "cat '$big' | $p --max-size 1M"
	status_is 1
	[ "$output" = "$p: <stdin>: input size exceeds 1048576 bytes (--max-size)" ]
	run "$p" --max-size 30M "$z"
	status_is 1
	[ "$output" = "$p: $z: byte 20000000: no JSON value" ]
}

# speedscope FILE: FILE opened in speedscope's release build in headless
# Chromium (tests/browser/speedscope.cjs: in the file's one browser when
# it loads tests/browser.bash with BROWSER_CASES=speedscope), with no
# error, no dialog and no request beyond the loopback server; its report
# in b.out
speedscope() {
	[ -n "${FG_SPEEDSCOPE_NODE_PATH:-}" ] && [ -f "$FG_SPEEDSCOPE_NODE_PATH/speedscope/dist/release/index.html" ] ||
		absent "needs FG_SPEEDSCOPE_NODE_PATH naming a node_modules with speedscope"
	needbrowser || return 1
	BROWSER_CASES=speedscope browser_run sandwich "$1" "$FG_SPEEDSCOPE_NODE_PATH/speedscope/dist/release" \
		>"$BATS_TEST_TMPDIR/b.out" || { cat "$BATS_TEST_TMPDIR/b.out"; return 1; }
	cat "$BATS_TEST_TMPDIR/b.out"
	grep -qx 'errors=none' "$BATS_TEST_TMPDIR/b.out"
	grep -qx 'dialogs=none' "$BATS_TEST_TMPDIR/b.out"
	grep -qx 'requests=none' "$BATS_TEST_TMPDIR/b.out"
}

# gate_is_top DIFF [NAME...]: fg-gate's before, after and change of each
# function of fg-diff's output DIFF (every function: --min-share 0%) are
# fg-top's totals by function on the same, over each side's total (every
# stack's, some beside the functions at the root), to 1e-9; each NAME is
# among them.  Prints the number of functions compared.
gate_is_top() {
	local d=$1
	shift
	fg-top --by function -n 0 --format json "$d" >"$BATS_TEST_TMPDIR/top.json"
	fg-gate -f json --min-share 0% "$d" >"$BATS_TEST_TMPDIR/gate.json" || [ $? -eq 3 ]
	node -e '
		const fs = require("fs");
		const [tf, gf, df, ...want] = process.argv.slice(1);
		const top = JSON.parse(fs.readFileSync(tf, "utf8"));
		const gate = JSON.parse(fs.readFileSync(gf, "utf8"));
		let base = 0, target = 0, n = 0;
		for (const l of fs.readFileSync(df, "utf8").split("\n")) {
			const m = /^[^#].* (\d+) (\d+)$/.exec(l);
			if (m) base += Number(m[1]), target += Number(m[2]);
		}
		for (const r of top.rows) {
			const g = gate.results.find((x) => x.function === r.name);
			if (!g) { console.error("not gated: " + r.name); process.exit(1); }
			const b = r.base / base, t = r.target / target;
			if (Math.abs(g.before - b) > 1e-9 || Math.abs(g.after - t) > 1e-9) {
				console.error(r.name, g.before, b, g.after, t); process.exit(1);
			}
			if (b > 0 && Math.abs(g.change - (t / b - 1)) > 1e-9) { console.error(r.name, g.change, t / b - 1); process.exit(1); }
			n++;
		}
		for (const w of want)
			if (!gate.results.some((x) => x.function === w)) { console.error("no " + w); process.exit(1); }
		console.log(n);
	' "$BATS_TEST_TMPDIR/top.json" "$BATS_TEST_TMPDIR/gate.json" "$d" "$@"
}
