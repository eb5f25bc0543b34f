#!/usr/bin/env bats
# Hostile frame names through every renderer: markup, quotes, control
# bytes and invalid UTF-8 must neither break the document nor inject
# anything into it.

load helper

setup() {
	H=$DATA/hostile/names.folded
}

# A program of the suite is built, or a helper tool is installed.
have() {
	case "$1" in
	fg-*) [ -x "$FG_BIN/$1" ] ;;
	*) command -v "$1" >/dev/null 2>&1 ;;
	esac
}

# Fails when a hostile name became markup: a tag of its own, or an
# attribute (their text may stay, escaped, as character data).
no_injection() {
	! grep -q '<script>alert' "$1" || false
	! grep -q '<img' "$1" || false
}

@test "hostile: fg-svg writes well-formed XML with every name escaped" {
	have fg-svg || skip "fg-svg not built"
	fg-svg "$H" >"$BATS_TEST_TMPDIR/out.svg"
	no_injection "$BATS_TEST_TMPDIR/out.svg"
	# control bytes are not allowed in XML 1.0 at all
	! LC_ALL=C grep -q "$(printf '[\001-\010\013\014\016-\037]')" "$BATS_TEST_TMPDIR/out.svg" || false
	have xmllint || skip "needs xmllint for the XML check"
	xmllint --noout "$BATS_TEST_TMPDIR/out.svg"
}

@test "hostile: fg-svg differential input too" {
	have fg-svg || skip "fg-svg not built"
	awk '{n=$NF; $NF=""; print $0 n, n+1}' "$H" | fg-svg >"$BATS_TEST_TMPDIR/out.svg"
	no_injection "$BATS_TEST_TMPDIR/out.svg"
	have xmllint || skip "needs xmllint for the XML check"
	xmllint --noout "$BATS_TEST_TMPDIR/out.svg"
}

@test "hostile: fg-vega JSON parses and --html cannot be broken out of" {
	have fg-vega || skip "fg-vega not built"
	fg-vega "$H" >"$BATS_TEST_TMPDIR/out.json"
	fg-vega --vega "$H" >"$BATS_TEST_TMPDIR/out.vg.json"
	fg-vega --html "$H" >"$BATS_TEST_TMPDIR/out.html"
	no_injection "$BATS_TEST_TMPDIR/out.html"
	# exactly the script tags the page itself opens and closes
	[ "$(grep -o '</script' "$BATS_TEST_TMPDIR/out.html" | wc -l)" -eq "$(grep -o '<script' "$BATS_TEST_TMPDIR/out.html" | wc -l)" ]
	have python3 || skip "needs python3 for the JSON check"
	python3 -c 'import json,sys; [json.load(open(f)) for f in sys.argv[1:]]' \
		"$BATS_TEST_TMPDIR/out.json" "$BATS_TEST_TMPDIR/out.vg.json"
}

@test "hostile: fg-png and fg-pdf draw them without trouble" {
	have fg-png || skip "fg-png not built"
	fg-png "$H" >"$BATS_TEST_TMPDIR/out.png"
	[ "$(head -c 8 "$BATS_TEST_TMPDIR/out.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
	have fg-pdf || skip "fg-pdf not built"
	fg-pdf "$H" >"$BATS_TEST_TMPDIR/out.pdf"
	[ "$(head -c 5 "$BATS_TEST_TMPDIR/out.pdf")" = "%PDF-" ]
	! grep -q '<script' "$BATS_TEST_TMPDIR/out.pdf" || false
}

@test "hostile: fg-top --format json parses" {
	have fg-top || skip "fg-top not built"
	fg-top --format json "$H" >"$BATS_TEST_TMPDIR/out.json"
	have python3 || skip "needs python3 for the JSON check"
	python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$BATS_TEST_TMPDIR/out.json"
}

@test "hostile: /dev/zero is refused at once, not read to the end of a line that never ends" {
	# a NUL was reported only at its line's newline: /dev/zero grew
	# the line buffer to 7-14 GB; 200 MB of address space is plenty now
	# (ASan reserves more address space than that: a time limit then)
	lim="ulimit -v 200000;"
	case "$FG_BIN" in *-san*) lim="timeout 20" ;; esac
	for p in fg-merge fg-prune fg-top fg-svg perf-fold; do
		have "$p" || continue
		args=
		[ "$p" = fg-prune ] && args=x
		runsh "$lim $p $args /dev/zero 2>&1"
		status_is 1
		[ "$output" = "$p: /dev/zero:1: NUL byte in input" ]
	done
	runsh "$lim fg-merge < <({ printf 'a 1\nb 2\n'; cat /dev/zero; }) 2>&1"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:3: NUL byte in input" ]
}

@test "hostile: one- and two-count lines never mix, in either order" {
	for p in fg-merge "fg-merge --sorted" fg-svg fg-top "fg-prune x" "fg-filter -v x"; do
		runsh "printf 'a;c 3\na;b 1 2\n' | $p 2>&1 >/dev/null"
		status_is 1
		[ "$output" = "${p%% *}: <stdin>:2: two counts in one-count input (a last frame that ends in a number needs a '# fg: counts=1' header)" ]
		runsh "printf 'a;b 1 2\na;c 3\n' | $p 2>&1 >/dev/null"
		status_is 1
		[ "$output" = "${p%% *}: <stdin>:2: two counts expected (the input began with two-count lines)" ]
	done
	# across files too, whichever comes first
	printf 'a;c 3\n' >"$BATS_TEST_TMPDIR/one"
	printf 'a;b 1 2\n' >"$BATS_TEST_TMPDIR/two"
	run fg-svg "$BATS_TEST_TMPDIR/one" "$BATS_TEST_TMPDIR/two"
	status_is 1
	[ "$output" = "fg-svg: $BATS_TEST_TMPDIR/two:1: two counts in one-count input (a last frame that ends in a number needs a '# fg: counts=1' header)" ]
	run fg-svg "$BATS_TEST_TMPDIR/two" "$BATS_TEST_TMPDIR/one"
	status_is 1
	[ "$output" = "fg-svg: $BATS_TEST_TMPDIR/one:1: two counts expected (the input began with two-count lines)" ]
}

@test "hostile: a '# fg: counts=N' header decides the count columns" {
	# counts=1: a last frame may end in a number
	runsh "printf '# fg: counts=1\nprog;worker 12 1\nprog;worker 7 1\n' | fg-merge"
	status_is 0
	[ "$output" = "$(printf '# fg: counts=1\nprog;worker 12 1\nprog;worker 7 1')" ]
	# the header passes through filters, and the next reader honours it
	runsh "printf '# fg: counts=1\nprog;worker 12;x 1\n' | fg-prune x | fg-merge"
	status_is 0
	[ "$output" = "$(printf '# fg: counts=1\nprog;worker 12 1')" ]
	runsh "printf '# fg: counts=2\na 1\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:2: two counts expected (the header says counts=2)" ]
	runsh "printf 'a 1 2\n# fg: counts=1\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:2: a counts=1 header in 2-count input" ]
	runsh "printf '# fg: counts=3\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:1: bad header '# fg: counts=3': counts is 1 or 2" ]
	# fg-diff compares one-count profiles: a counts=2 header is refused
	printf '# fg: counts=2\na 1 2\n' >"$BATS_TEST_TMPDIR/two"
	run fg-diff "$BATS_TEST_TMPDIR/two" "$BATS_TEST_TMPDIR/two"
	status_is 1
}

@test "hostile: perf-fold writes a symbol that ends in a number so that it reads as one frame" {
	have perf-fold || skip "perf-fold not built"
	printf 'prog 123 1.0: 1 cycles:\n\t1 worker 12 (/bin/prog)\n\t2 main (/bin/prog)\n\n' >"$BATS_TEST_TMPDIR/perf.txt"
	printf 'prog 123 2.0: 1 cycles:\n\t1 worker 7 (/bin/prog)\n\t2 main (/bin/prog)\n\n' >>"$BATS_TEST_TMPDIR/perf.txt"
	runsh "perf-fold --no-header $BATS_TEST_TMPDIR/perf.txt | fg-merge"
	status_is 0
	[ "$output" = "$(printf 'prog;main;worker_12 1\nprog;main;worker_7 1')" ]
	# decimals, and frames inside the stack (pruning makes them leaves)
	printf 'prog 1 3.0: 1 cycles:\n\t1 f 2.5 (/bin/prog)\n\t2 g  3. (/bin/prog)\n\t3 v1.2 (/bin/prog)\n\n' >"$BATS_TEST_TMPDIR/perf.txt"
	run perf-fold --no-header "$BATS_TEST_TMPDIR/perf.txt"
	[ "$output" = "prog;v1.2;g__3.;f_2.5 1" ]
}

# pprof_named FILE HEXNAME: a pprof profile of one sample (10) in one
# function, named by the bytes HEXNAME (under 128 of them)
pprof_named() {
	hexfile "$1" 0a0408011002 12040801100a 2a06080110032004 2206080122020801 \
	    3200 3201 61 3201 62 32"$(printf '%02x' $((${#2} / 2)))$2" 3204 782e676f
}

# A number then blanks at the end of a frame ("worker 12 ") would read
# back as a count to a reader that strips the blanks before the count;
# the guard covers it.  A filter that makes a new leaf guards it too.
@test "hostile: a frame that ends in a number and blanks stays a frame, from every folder and filter" {
	printf 'prog 123 1.0: 1 cycles:\n\t1 worker 12  (/bin/prog)\n\t2 main (/bin/prog)\n\n' >"$BATS_TEST_TMPDIR/perf.txt"
	printf 'prog 123 2.0: 1 cycles:\n\t1 worker 7\t (/bin/prog)\n\t2 main (/bin/prog)\n\n' >>"$BATS_TEST_TMPDIR/perf.txt"
	run perf-fold --no-header "$BATS_TEST_TMPDIR/perf.txt"
	status_is 0
	[ "$output" = "$(printf 'prog;main;worker_12 1\nprog;main;worker_7 1')" ]
	pprof_named "$BATS_TEST_TMPDIR/w.pb" 776f726b657220313220	# "worker 12 "
	runsh "pprof-fold $BATS_TEST_TMPDIR/w.pb | grep -v '^#'"
	[ "$output" = "worker_12 10" ]
	printf '%s\n' 'legacy 1 2' 'frame 2 "main" m.jl 1' 'frame 1 "worker 12	" "" -1 C' |
	    mkjlprof >"$BATS_TEST_TMPDIR/w.jlprof"
	run jlprof-fold -C "$BATS_TEST_TMPDIR/w.jlprof"
	[ "$output" = "main at m.jl:1;worker_12 1" ]
	# new leaves: fg-prune's cut and --depth, fg-filter's cut prefixes
	runsh "printf 'prog;worker 12;x 1\n' | fg-prune x | fg-top -n 1"
	status_is 0
	[[ ${lines[1]} == *" worker_12" ]]
	runsh "printf 'prog;worker 12;x 1\nprog;worker 12 ;y 2\n' | fg-prune --depth 2 | fg-merge"
	status_is 0
	[ "$output" = "$(printf 'prog;worker_12 1\nprog;worker_12  2')" ]
	runsh "printf 'prog;worker 12;x 1\nprog;worker 12;y 2\n' | fg-filter -e '^y\$' | fg-merge"
	status_is 0
	[ "$output" = "$(printf 'prog;worker 12;y 2\nprog;worker_12 1')" ]
	# a counts=1 header said it already: nothing to guard
	runsh "printf '# fg: counts=1\nprog;worker 12;x 1\n' | fg-prune --depth 2"
	[ "$output" = "$(printf '# fg: counts=1\nprog;worker 12 1')" ]
}

# A root frame that begins with "# " would make its line a comment.
@test "hostile: a root frame that begins with '# ' stays a frame, and perf's comments alone are skipped" {
	printf 'p 1 1.0: 1 cycles:\n\t1 # weird (/bin/p)\n\n' >"$BATS_TEST_TMPDIR/perf.txt"
	runsh "perf-fold --no-header --no-process $BATS_TEST_TMPDIR/perf.txt | fg-merge"
	status_is 0
	[ "$output" = "#_weird 1" ]
	pprof_named "$BATS_TEST_TMPDIR/h.pb" 23206d61696e	# "# main"
	runsh "pprof-fold $BATS_TEST_TMPDIR/h.pb | fg-merge"
	[ "$output" = "$(printf '# fg: countname=a (b)\n#_main 10')" ]
	printf '%s\n' 'legacy 1 2' 'frame 2 "# main" m.jl 1' 'frame 1 "f" f.jl 2' |
	    mkjlprof >"$BATS_TEST_TMPDIR/h.jlprof"
	runsh "jlprof-fold $BATS_TEST_TMPDIR/h.jlprof | fg-merge"
	[ "$output" = "#_main at m.jl:1;f at f.jl:2 1" ]
	runsh "printf 'a;# x;b 1\n' | fg-filter --reroot -F '# x' | fg-merge"
	[ "$output" = "#_x;b 1" ]
	# a process may name itself "# evil" or "#x": its samples are kept,
	# perf's own header is not read as samples, even with --strict
	{
		printf '# ========\n# captured on    : Wed Nov 25 10:00:00 2026\n'
		printf '# total memory : 16318520 kB\n# event : name = cycles, , id = { 2435 }, type = 0\n'
		printf '# ========\n#\n'
		printf '# evil 1234 [000] 100.000: 1 cycles:\n\t1 main (/bin/x)\n\n'
		printf '#x 12 100.500: 1 cycles:\n\t1 f (/bin/x)\n\n'
	} >"$BATS_TEST_TMPDIR/perf.txt"
	run perf-fold --strict --no-header "$BATS_TEST_TMPDIR/perf.txt"
	status_is 0
	[ "$output" = "$(printf '#_evil;main 1\n#x;f 1')" ]
}

# A frame "#" alone, as a stack of its own, would make the line "# 3" a
# comment, and its samples would be lost to every reader: every folder
# writes it "#_", wherever it stands, so that it is one frame.
@test "hostile: a frame named '#' alone stays a frame, from every folder" {
	printf '%s' '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":"","lineNumber":-1,"columnNumber":-1},"children":[2]},' \
	    '{"id":2,"callFrame":{"functionName":"#","url":"","lineNumber":-1,"columnNumber":-1},"children":[3]},' \
	    '{"id":3,"callFrame":{"functionName":"f","url":"a.js","lineNumber":0,"columnNumber":0}}],' \
	    '"samples":[2,2,2,3],"timeDeltas":[1,1,1,1]}' >"$BATS_TEST_TMPDIR/h.cpuprofile"
	for cmd in cpuprofile-fold fg-fold; do
		runsh "$cmd $BATS_TEST_TMPDIR/h.cpuprofile | fg-merge"
		status_is 0
		[ "$output" = "$(printf '#_ 3\n#_;f at a.js:1 1')" ] || { echo "$cmd: $output" >&2; return 1; }
	done
	printf '%s' '{"shared":{"frames":[{"name":"#"},{"name":"f"}]},"profiles":[{"type":"sampled",' \
	    '"unit":"none","startValue":0,"endValue":4,"samples":[[0],[0,1]],"weights":[3,1]}]}' \
	    >"$BATS_TEST_TMPDIR/h.speedscope.json"
	runsh "speedscope-fold $BATS_TEST_TMPDIR/h.speedscope.json | fg-merge"
	status_is 0
	[ "$output" = "$(printf '#_ 3\n#_;f 1')" ]
	# and with --by-profile, a profile named "#" is a root of its own
	runsh "sed 's/\"type\"/\"name\":\"#\",&/' $BATS_TEST_TMPDIR/h.speedscope.json | speedscope-fold --by-profile | fg-merge"
	status_is 0
	[ "$output" = "$(printf '#_;#_ 3\n#_;#_;f 1')" ]
	pprof_named "$BATS_TEST_TMPDIR/h.pb" 23	# "#"
	runsh "pprof-fold $BATS_TEST_TMPDIR/h.pb | grep -v '^# fg:'"
	status_is 0
	[ "$output" = "#_ 10" ]
	printf '%s\n' 'legacy 1' 'frame 1 "#" "" -1 C' | mkjlprof >"$BATS_TEST_TMPDIR/h.jlprof"
	run jlprof-fold -C "$BATS_TEST_TMPDIR/h.jlprof"
	status_is 0
	[ "$output" = "#_ 1" ]
	# a process named "#;x" (comm can hold any byte): its root "#" too
	printf 'prog 12 1.0: 1 cycles:\n\t1 # (/bin/p)\n\n' >"$BATS_TEST_TMPDIR/perf.txt"
	printf '#;x 12 2.0: 1 cycles:\n\t1 f (/bin/p)\n\n' >>"$BATS_TEST_TMPDIR/perf.txt"
	runsh "perf-fold --no-header $BATS_TEST_TMPDIR/perf.txt | fg-merge"
	status_is 0
	[ "$output" = "$(printf '#_;x;f 1\nprog;#_ 1')" ]
	runsh "perf-fold --no-header --no-process $BATS_TEST_TMPDIR/perf.txt | fg-merge"
	[ "$output" = "$(printf '#_ 1\nf 1')" ]
	# none of the samples is lost to a reader
	runsh "fg-fold $BATS_TEST_TMPDIR/h.cpuprofile | fg-top -n 1 --format json"
	[[ $output == *'"total":4'* ]]
}

# The folders of text stack dumps: a frame "#" alone, one that begins
# "# " or ends in a number, one with a ';', in each of their formats,
# come out as frames that every reader of folded stacks takes as such.
@test "hostile: the text dumps' folders guard '#', '# x', 'worker 12' and ';' wherever they stand" {
	local want='#_;#_x;worker_12;a:b 2'
	hostile_text() {
		printf "$2" >"$BATS_TEST_TMPDIR/in.txt"
		runsh "$1 $BATS_TEST_TMPDIR/in.txt | fg-merge"
		status_is 0
		[ "$output" = "$want" ] || { echo "$1: $output" >&2; return 1; }
	}
	hostile_text dtrace-fold 'h\n\n  a;b\n  worker 12\n  # x\n  #\n  2\n'
	hostile_text bpftrace-fold '@[\n    a;b+1\n    worker 12\n    # x\n    #\n]: 2\n'
	hostile_text gdb-fold '#0  0x1 in a;b ()\n#1  0x2 in worker 12 ()\n#2  # x ()\n#3  # ()\n\n#0  0x1 in a;b ()\n#1  0x2 in worker 12 ()\n#2  # x ()\n#3  # ()\n'
	hostile_text jstack-fold '"#" #1 runnable\n   java.lang.Thread.State: RUNNABLE\n\tat a;b(X.java:1)\n\tat worker 12(X.java:2)\n\tat # x(X.java:3)\n\n"#" #1 runnable\n   java.lang.Thread.State: RUNNABLE\n\tat a;b(X.java:1)\n\tat worker 12(X.java:2)\n\tat # x(X.java:3)\n\n'
	hostile_text sample-fold 'Call graph:\n    2 #\n    + 2 # x\n    +   2 worker 12\n    +     2 a;b\nTotal number in stack\n'
	want='#_;a:b 2'
	hostile_text pmc-fold '100.0%%  [2]  a;b\n 100.0%%  [2]   #\n'
}

# stackcollapse-perf.pl cuts C++ names at '(' and may leave a frame that
# ends in a blank ("h ", "[unknown] "): perf-fold writes it without, in
# every place, so that a leaf is the frame it is inside a stack.
@test "hostile: a folded frame never ends in a blank, and fg-svg draws one box for it" {
	printf 'prog 1 2.0: 1 cycles:\n\t1 f (int) (/bin/p)\n\t2 h (long) (/bin/p)\n\t3 main (/bin/p)\n\n' >"$BATS_TEST_TMPDIR/perf.txt"
	printf 'prog 1 3.0: 1 cycles:\n\t2 h (long) (/bin/p)\n\t3 main (/bin/p)\n\n' >>"$BATS_TEST_TMPDIR/perf.txt"
	run perf-fold --no-header "$BATS_TEST_TMPDIR/perf.txt"
	status_is 0
	[ "$output" = "$(printf 'prog;main;h 1\nprog;main;h;f 1')" ]
	pprof_named "$BATS_TEST_TMPDIR/u.pb" 5b756e6b6e6f776e5d20	# "[unknown] "
	runsh "pprof-fold $BATS_TEST_TMPDIR/u.pb | grep -v '^#'"
	[ "$output" = "[unknown] 10" ]
	# as stackcollapse-perf.pl writes it: one box "[unknown] ", as in
	# flamegraph.pl
	runsh "printf 'a;[unknown] ;x 1\na;[unknown]  2\n' | fg-svg | grep -c '<title>\[unknown\]  (3 samples'"
	[ "$output" = 1 ]
	# and the filters write such a line back as it was
	printf 'a;[unknown] ;x 1\na;[unknown]  2\n' >"$BATS_TEST_TMPDIR/u.folded"
	for cmd in "fg-prune zz" "fg-filter --only -F unknown" "fg-filter -F unknown" fg-merge; do
		runsh "$cmd $BATS_TEST_TMPDIR/u.folded | LC_ALL=C sort"
		[ "$output" = "$(printf 'a;[unknown]  2\na;[unknown] ;x 1')" ] || { echo "$cmd: $output" >&2; return 1; }
	done
	run fgdiff "$BATS_TEST_TMPDIR/u.folded" "$BATS_TEST_TMPDIR/u.folded"
	[ "$output" = "$(printf 'a;[unknown]  2 2\na;[unknown] ;x 1 1')" ]
}

# The JSON folders label frames themselves (stack/label): a name that
# ends in blanks, or in a line end made one, ends in none, so that a
# leaf "c  " is the frame "c" is and "c   1" no line of its own.
@test "hostile: a JSON folder's frame never ends in a blank" {
	printf '%s' '{"shared":{"frames":[{"name":"a;b\nc  "},{"name":"c"},{"name":"d\t\r\n"}]},' \
	    '"profiles":[{"type":"sampled","unit":"none","startValue":0,"endValue":3,' \
	    '"samples":[[0],[1],[2,0]],"weights":[1,2,4]}]}' >"$BATS_TEST_TMPDIR/b.speedscope.json"
	run speedscope-fold "$BATS_TEST_TMPDIR/b.speedscope.json"
	status_is 0
	[ "$output" = "$(printf 'a:b c 1\nc 2\nd;a:b c 4')" ]
	printf '%s' '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":"","lineNumber":-1,"columnNumber":-1},"children":[2]},' \
	    '{"id":2,"callFrame":{"functionName":"f \n ","url":"","lineNumber":-1,"columnNumber":-1}}],' \
	    '"samples":[2,2],"timeDeltas":[1,1]}' >"$BATS_TEST_TMPDIR/b.cpuprofile"
	run cpuprofile-fold "$BATS_TEST_TMPDIR/b.cpuprofile"
	status_is 0
	[ "$output" = "f 2" ]
}

# The V8 log's and Safari's frames are named by the log and the page:
# a code object or a function named "#", "a;b<newline>c  " or "f 12"
# is one frame, never a comment, a line end or a count.
@test "hostile: v8log-fold's and safari-fold's frames: '#', ';', line ends, blanks, numbers" {
	printf '%s' '{"code": [{"name": "#", "type": "CODE", "kind": "Other"},' \
	    '{"name": "a;b\nc  ", "type": "CODE"}, {"name": "f 12", "type": "CODE"},' \
	    '{"name": "\r# x :1:1", "type": "JS"}],' \
	    '"ticks": [{"tm": 1, "vm": 0, "s": [1, 0, 0, 0]}, {"tm": 2, "vm": 0, "s": [2, 0]},' \
	    '{"tm": 3, "vm": 0, "s": [3, 0]}]}' >"$BATS_TEST_TMPDIR/h.v8log.json"
	runsh "v8log-fold $BATS_TEST_TMPDIR/h.v8log.json | fg-merge"
	status_is 0
	[ "$output" = "$(printf ' # x 1\n#_;a:b c 1\nf_12 1')" ] || { echo "$output" >&2; return 1; }
	printf '%s' '{"recording": {"sampleStackTraces": [{"stackFrames": [{"name": "a;b\nc  ", "url": ""},' \
	    '{"name": "#", "url": ""}]}, {"stackFrames": [{"name": "f 12", "url": ""}]}]}}' \
	    >"$BATS_TEST_TMPDIR/h.json"
	runsh "safari-fold $BATS_TEST_TMPDIR/h.json | fg-merge"
	status_is 0
	[ "$output" = "$(printf '#_;a:b c 1\nf_12 1')" ] || { echo "$output" >&2; return 1; }
}

@test "hostile: a BOM, a lone number, CRs and escape sequences in messages" {
	runsh "printf '\357\273\277a;b 1\n' | fg-merge"
	status_is 0
	[ "$output" = "a;b 1" ]
	runsh "printf '5\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:1: stack missing" ]
	runsh "printf 'a 1\r\r\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:1: bad count '1\\x0d'" ]
	runsh "printf 'a 1\033]0:owned\007\n' | fg-merge"
	status_is 1
	[ "$output" = "fg-merge: <stdin>:1: bad count '1\\x1b]0:owned\\x07'" ]
}

@test "hostile: fg-diff says what is wrong once when both inputs are bad" {
	printf 'a x\n' >"$BATS_TEST_TMPDIR/bad1"
	printf 'b\n' >"$BATS_TEST_TMPDIR/bad2"
	printf 'a 1\n' >"$BATS_TEST_TMPDIR/good"
	run fg-diff "$BATS_TEST_TMPDIR/bad1" "$BATS_TEST_TMPDIR/bad2"
	status_is 1
	[ "$output" = "fg-diff: $BATS_TEST_TMPDIR/bad1:1: count missing" ]
	run fg-diff "$BATS_TEST_TMPDIR/good" "$BATS_TEST_TMPDIR/bad2"
	status_is 1
	[ "$output" = "fg-diff: $BATS_TEST_TMPDIR/bad2:1: count missing" ]
}

@test "hostile: fg-filter prints nothing, comments included, when no stack matches" {
	runsh "printf '# unit\na;b 1\n# more\n' | fg-filter zzz"
	status_is 1
	[ "$output" = "fg-filter: no stack matches" ]
	for m in --only --reroot; do
		runsh "printf '# unit\na;b 1\n' | fg-filter $m zzz 2>/dev/null"
		status_is 1
		[ -z "$output" ]
	done
	runsh "printf '# unit\na;b 1\n' | fg-filter -v b 2>/dev/null"
	status_is 1
	[ -z "$output" ]
	# when something matches, the comments come in their places
	runsh "printf '# unit\na;c 1\n# more\nb 2\n' | fg-filter --only b"
	[ "$output" = "$(printf '# unit\n# more\nb 2')" ]
}

@test "hostile: regexes see one frame in fg-filter and fg-diff --wildcard too" {
	runsh "printf 'main;x;y;z 5\n' | fg-filter --only -e 'x[[:space:]]y'"
	status_is 1
	runsh "printf 'main;x;y;z 5\n' | fg-filter --only -e 'x.y'"
	status_is 1
	runsh "printf 'main;x y;z 5\n' | fg-filter --only -e 'x[[:space:]]y'"
	[ "$output" = "main;x y;z 5" ]
	# two sibling frames that a wildcard matches pair up; one that spans
	# two frames must not make b;c and q;c siblings to pair
	printf 'a;b;c 1\n' >"$BATS_TEST_TMPDIR/base"
	printf 'a;q;c 2\n' >"$BATS_TEST_TMPDIR/new"
	run fgdiff --no-wildcard --wildcard 'b.c|q.c' "$BATS_TEST_TMPDIR/base" "$BATS_TEST_TMPDIR/new"
	status_is 0
	[ "$output" = "$(printf 'a;b;c 1 0\na;q;c 0 2')" ]
}

# Run a command line (bash -c) keeping only its standard error, and
# fail if that holds a control byte other than the newlines between
# messages, or lacks the escaped ESC (\x1b) the input put there.
stderr_escaped() {
	bash -c "$1" 2>"$BATS_TEST_TMPDIR/err" >/dev/null || true
	if LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$BATS_TEST_TMPDIR/err"; then
		echo "raw control bytes on stderr from: $1" >&2
		od -c "$BATS_TEST_TMPDIR/err" | head >&2
		return 1
	fi
	grep -qF '\x1b' "$BATS_TEST_TMPDIR/err" || { echo "no \\x1b from: $1" >&2; cat "$BATS_TEST_TMPDIR/err" >&2; return 1; }
}

@test "messages that quote input show its control bytes as \\xHH" {
	T=$BATS_TEST_TMPDIR
	esc=$(printf '\033')
	# the renderers' unknown unit
	printf '# fg: unit=%s]0;title%s\nmain 1\n' "$esc" "$(printf '\007')" >"$T/unit.folded"
	for r in fg-svg fg-png fg-pdf; do
		stderr_escaped "$r '$T/unit.folded'"
	done
	# perf-fold: a line it cannot read, several event types
	printf 'prog 123 1.0: 1 cycles: \n\tgarb%s[31mage\n' "$esc" >"$T/bad.perf"
	stderr_escaped "perf-fold '$T/bad.perf'"
	printf 'prog 1 1.0: 1 cyc%s[1mles:\n\t1 f (m)\n\nprog 1 1.0: 1 other:\n\t1 f (m)\n' "$esc" >"$T/two.perf"
	stderr_escaped "perf-fold '$T/two.perf'"
	# perf-fold on binary data: every byte value, 16 times over
	for i in $(seq 16); do printf "$(printf '\\%03o' $(seq 1 255))"; done >"$T/bytes"
	stderr_escaped "perf-fold '$T/bytes'"
	# pprof-fold: sample types that differ, a sample type asked for
	hexfile "$T/a.pb" 0a0408011002 3200 32091b5d303b7807637075 3205636f756e74
	hexfile "$T/b.pb" 0a0408011002 3200 3203637075 3205636f756e74
	stderr_escaped "pprof-fold '$T/b.pb' '$T/a.pb'"
	stderr_escaped "pprof-fold -i 'x$esc' '$T/a.pb'"
	# fg-jlprof's warning about a name Julia cuts at '#'
	printf 'main;f%s[31m#x 1\n' "$esc" >"$T/hash.folded"
	stderr_escaped "fg-jlprof '$T/hash.folded'"
}

# The folders of other tools' reports: a name "#", "# x", one that ends
# in a number and blanks, one with ';', each made one frame.
@test "hostile: the report folders' frames stay frames (#, '# x', 'w 12 ', ';')" {
	local t=$BATS_TEST_TMPDIR want
	want=$(printf '#_;#_x;w_12 2\n#_;#_x;w_12;a:b 3')
	printf 'Function Stack,CPU Time:Self,Module\n#,0,\n "# x",0,\n  "w 12 ",0.002,\n   a;b,0.003,\n' >"$t/v.csv"
	run vtune-fold --no-header "$t/v.csv"
	[ "$output" = "$want" ] || { echo "vtune: $output" >&2; return 1; }
	printf 'Level,Function Name,Number of Calls\n1,"#",0\n2,"# x",0\n3,"w 12 ",5\n4,"a;b",3\n' >"$t/s.csv"
	run vsprof-fold --no-header "$t/s.csv"
	# (at the end of a report inferno writes its last stack only)
	[ "$output" = '#_;#_x;w_12;a:b 3' ] || { echo "vsprof: $output" >&2; return 1; }
	printf 'Weight\tSelf Weight\tSymbol Name\n5 ms\t0 ms\t#\n5 ms\t0 ms\t # x\n5 ms\t2 ms\t  w 12 \n3 ms\t3 ms\t   a;b\n' >"$t/d.txt"
	run instruments-fold --no-header "$t/d.txt"
	[ "$output" = "$want" ] || { echo "instruments: $output" >&2; return 1; }
	printf '<trace-query-result><node><row><backtrace id="1"><frame id="2" name="a;b"/><frame id="3" name="w 12 "/><frame id="4" name="# x"/><frame id="5" name="#"/></backtrace></row></node></trace-query-result>' >"$t/x.xml"
	run instruments-fold --no-header "$t/x.xml"
	[ "$output" = '#_;#_x;w_12;a:b 1' ] || { echo "xctrace: $output" >&2; return 1; }
	printf 'events: Ir\nfn=#\n1 0\ncfn=# x\ncalls=1 1\n1 5\nfn=# x\n1 0\ncfn=w 12 \ncalls=1 1\n1 5\nfn=w 12 \n1 2\ncfn=a;b\ncalls=1 1\n1 3\nfn=a;b\n1 3\n' >"$t/c.out"
	run callgrind-fold --no-header "$t/c.out"
	[ "$output" = "$want" ] || { echo "callgrind: $output" >&2; return 1; }
	printf 'COST CENTRE MODULE no. entries %%time %%alloc %%time %%alloc ticks bytes\n\n#           M       1       0    0.0    0.0   100.0  100.0      0    0\n a;b        M       2       1    0.0    0.0   100.0  100.0      3    0\n' >"$t/g.prof"
	run ghcprof-fold --no-header "$t/g.prof"
	[ "$output" = 'M.#;M.a:b 3' ] || { echo "ghc: $output" >&2; return 1; }
}
