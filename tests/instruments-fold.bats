#!/usr/bin/env bats
# instruments-fold: Instruments' deep copies and `xctrace export` XML to folded stacks
#
# Fixtures ($DATA/instruments, see its README): speedscope's deep
# copies and the stacks of its snapshots; inferno's xctrace export and
# its stacks.  The rest made here.

load helper

I=$DATA/instruments

# snap NAME: speedscope's snapshot stacks in milliseconds, sorted
snap() {
	sed -E 's/ ([0-9.]+)ms$/ \1/' "$I/$1.snap" | awk '{ $NF = $NF + 0 } 1' | fg-merge
}

needxz() {
	command -v xz >/dev/null || skip "needs xz"
}

@test "instruments-fold: an xctrace export folds to inferno's stacks, from a file and a pipe" {
	needxz
	xz -dc "$I/basic.xml.xz" >"$BATS_TEST_TMPDIR/basic.xml"
	diff <(instruments-fold --no-header "$BATS_TEST_TMPDIR/basic.xml") <(fg-merge "$I/basic.inferno.folded")
	diff <(xz -dc "$I/basic.xml.xz" | instruments-fold --no-header) <(fg-merge "$I/basic.inferno.folded")
	run instruments-fold "$BATS_TEST_TMPDIR/basic.xml"
	[ "${lines[0]}" = "# fg: countname=samples" ]
}

@test "instruments-fold: --time weighs each sample by its weight, in nanoseconds" {
	needxz
	xz -dc "$I/basic.xml.xz" >"$BATS_TEST_TMPDIR/basic.xml"
	# every weight of this run is 1 ms
	[ "$(grep -o '<weight id="[0-9]*" fmt="[^"]*">[0-9]*<' "$BATS_TEST_TMPDIR/basic.xml" | sed 's/.*>\([0-9]*\)</\1/' | sort -u)" = 1000000 ]
	run instruments-fold --time "$BATS_TEST_TMPDIR/basic.xml"
	status_is 0
	[ "${lines[0]}" = "# fg: unit=nanoseconds" ]
	diff <(grep -v '^#' <<<"$output") <(fg-merge "$I/basic.inferno.folded" | awk '{ $NF = sprintf("%.0f", $NF * 1000000) } 1')
}

@test "instruments-fold: references, weights, sentinels, entities and Rust names in an export" {
	cat >"$BATS_TEST_TMPDIR/x.xml" <<-'EOT'
	<?xml version="1.0"?>
	<!-- made for this test -->
	<trace-query-result>
	<node xpath='//x'><schema name="time-profile"/>
	<row><weight id="1" fmt="2 ms">2000000</weight><backtrace id="2"><frame id="3" name="leaf&amp;&#x3b;1" addr="0x1"><binary id="4" name="b"/></frame><frame id="5" name="my::main::h0123456789abcdef" addr="0x2"/><frame id="6" name="start"/></backtrace></row>
	<row><weight ref="1"/><backtrace ref="2"/></row>
	<row><weight id="7">3</weight><backtrace id="8"><frame id="9" name="other"/><frame ref="5"/><frame ref="6"/></backtrace></row>
	<row><weight ref="7"/><sentinel/></row>
	</node>
	<node><row><weight ref="1"/><backtrace ref="8"/></row></node>
	</trace-query-result>
	EOT
	run instruments-fold "$BATS_TEST_TMPDIR/x.xml"
	status_is 0
	[ "$output" = '# fg: countname=samples
start;my::main;leaf&:1 2
start;my::main;other 2' ] || { echo "$output"; return 1; }
	run instruments-fold --no-header -t "$BATS_TEST_TMPDIR/x.xml"
	[ "$output" = 'start;my::main;leaf&:1 4000000
start;my::main;other 2000003' ] || { echo "$output"; return 1; }
}

@test "instruments-fold: a bad export names the byte where it goes wrong, nothing on stdout" {
	local t=$BATS_TEST_TMPDIR p='<trace-query-result><node><row>'
	# bad XML AT WHAT: an error at the first AT in XML (the end for "")
	bad() {
		local off=${#1}
		[ -z "$2" ] || off=$(printf '%s' "$1" | grep -bo -F -- "$2" | head -1 | cut -d: -f1)
		printf '%s' "$1" >"$t/b.xml"
		fails_with "instruments-fold: $t/b.xml: byte $off: $3" instruments-fold "$t/b.xml"
	}
	bad "$p<backtrace ref=\"4\"/></row></node></trace-query-result>" '<backtrace' 'ref="4" names no backtrace before it'
	bad "$p<backtrace id=\"4\"><frame id=\"4\" name=\"a\"/></backtrace></row></node></trace-query-result>" '<frame' 'id="4" given twice'
	bad "$p<backtrace id=\"4\"><frame id=\"5\"/></backtrace></row></node></trace-query-result>" '<frame' 'a frame without a name'
	bad "$p<backtrace id=\"4\"><frame ref=\"4\"/></backtrace></row></node></trace-query-result>" '<frame' 'ref="4" names no frame before it'
	bad "$p<backtrace id=\"x\"/></row></node></trace-query-result>" '<backtrace' 'bad id "x"'
	# XML 1.0 has no ESC, nor U+FFFE, as a reference or as a byte
	bad "$p<backtrace id=\"4\"><frame id=\"5\" name=\"a&#x1b;b\"/></backtrace></row></node></trace-query-result>" '&#x1b;' 'a character reference to a character XML does not allow'
	bad "$p<backtrace id=\"4\"><frame id=\"5\" name=\"a&#27;b\"/></backtrace></row></node></trace-query-result>" '&#27;' 'a character reference to a character XML does not allow'
	bad "$p<backtrace id=\"4\"><frame id=\"5\" name=\"a&#xFFFE;b\"/></backtrace></row></node></trace-query-result>" '&#xFFFE;' 'a character reference to a character XML does not allow'
	bad "$p<backtrace id=\"4\"><frame id=\"5\" name=\"a"$'\x1b'"b\"/></backtrace></row></node></trace-query-result>" $'\x1b' 'a control byte XML does not allow'
	bad "$p<backtrace id=\"4\"/></row></node>" '' 'the document ends inside <trace-query-result>'
	bad "$p</node></trace-query-result>" '</node>' '</node> closes <row>'
	bad '<?xml version="1.0"?><svg/>' '<svg' 'the root element is <svg>, not <trace-query-result>: is this `xctrace export` output?'
	bad '<trace-query-result a="1" a="2"/>' 'a="2"' 'an attribute given twice'
	bad '<trace-query-result>&bogus;</trace-query-result>' '&' 'an entity XML does not define'
	bad '<trace-query-result/>x' 'x' 'text after the root element'
	bad '<trace-query-result/><x/>' '<x/>' 'a second root element'
	bad '<!DOCTYPE x [<!ENTITY a "b">]><trace-query-result/>' '<!DOCTYPE' 'a DOCTYPE with an internal subset (entity definitions) is not read'
	printf '<trace-query-result><node><row><weight id="1">x</weight></row></node></trace-query-result>' >"$t/w.xml"
	fails_with "instruments-fold: $t/w.xml: byte 46: bad weight \"x\"" instruments-fold --time "$t/w.xml"
	printf '<trace-query-result>\0</trace-query-result>' >"$t/n.xml"
	fails_with "instruments-fold: $t/n.xml: byte 20: NUL byte" instruments-fold "$t/n.xml"
}

@test "instruments-fold: a deep copy with a self column folds to speedscope's stacks" {
	diff <(instruments-fold --no-header "$I/time-7.3.1.txt") <(snap time-7.3.1)
	run instruments-fold "$I/time-7.3.1.txt"
	[ "${lines[0]}" = "# fg: unit=milliseconds" ]
	# Instruments 16: the same but for delta(), whose self column says
	# 846.00 ms where speedscope, reading "2.45 s" as 2 s, finds 395
	grep -q $'^2.45 s .*\t846.00 ms\t     delta()$' "$I/time-16.0.txt"
	diff <(instruments-fold --no-header "$I/time-16.0.txt") \
	    <(snap time-16.0 | sed 's/^start;main;delta() 395$/start;main;delta() 846/')
}

@test "instruments-fold: cycles and bytes: speedscope's stacks, counted as the columns say" {
	# every stack is one of speedscope's, and they add up to the self column
	run instruments-fold --no-header "$I/cycles-13.4.txt"
	status_is 0
	diff <(sed 's/ [0-9]*$//' <<<"$output") <(sed 's/ [^ ]*$//' "$I/cycles-13.4.snap" | sort | grep -Fx -f <(sed 's/ [0-9]*$//' <<<"$output"))
	want=$(cut -f2 "$I/cycles-13.4.txt" | awk -F' ' '$2 == "Mc" { t += $1 * 1e6 } $2 == "Gc" { t += $1 * 1e9 } $2 == "Kc" { t += $1 * 1e3 } $2 == "cycles" { t += $1 } END { printf "%.0f", t }')
	[ "$(awk '{ t += $NF } END { printf "%.0f", t }' <<<"$output")" = "$want" ]
	run instruments-fold "$I/cycles-13.4.txt"
	[ "${lines[0]}" = "# fg: countname=cycles" ]
	# no self column: a function's bytes less its callees', from the
	# decimals written (429.93 MB), where speedscope truncates them
	run instruments-fold "$I/allocations-7.3.1.txt"
	[ "${lines[0]}" = "# fg: unit=bytes" ]
	grep -Fxq 'start;main;delta();alpha();leakMemory();malloc;malloc_zone_malloc 76913050' <<<"$output"
	[ "$(echo '73.35 * 1048576' | bc | cut -d. -f1)" = 76913049 ]
}

@test "instruments-fold: deep copy errors name the file and line" {
	local t=$BATS_TEST_TMPDIR
	printf 'a\tb\n' >"$t/h.txt"
	fails_with "instruments-fold: $t/h.txt:1: not the header of an Instruments deep copy (Weight, Running Time or Bytes Used, Self..., Symbol Name)" instruments-fold "$t/h.txt"
	printf 'Weight\tSelf Weight\tSymbol Name\n1 ms\t1 ms\ta\n1 ms\t1 ms\t  b\n' >"$t/s.txt"
	fails_with "instruments-fold: $t/s.txt:3: depth 2 after depth 0: a level skipped" instruments-fold "$t/s.txt"
	printf 'Weight\tSelf Weight\tSymbol Name\n1 ms\t1 parsecs\ta\n' >"$t/w.txt"
	fails_with "instruments-fold: $t/w.txt:2: bad self weight" instruments-fold "$t/w.txt"
	printf 'Weight\tSelf Weight\tSymbol Name\n1 ms\t1 ms\ta\n1 Mc\t1 Mc\t b\n' >"$t/k.txt"
	fails_with "instruments-fold: $t/k.txt:3: a weight in cycles after weights in time" instruments-fold "$t/k.txt"
	fails_with "instruments-fold: $I/cycles-13.4.txt:12: a weight in cycles after weights in time in $I/time-7.3.1.txt" instruments-fold "$I/time-7.3.1.txt" "$I/cycles-13.4.txt"
	printf '<trace-query-result/>' >"$t/e.xml"
	fails_with "instruments-fold: $I/time-7.3.1.txt: $t/e.xml is an xctrace export, $I/time-7.3.1.txt a deep copy: fold them apart" instruments-fold "$t/e.xml" "$I/time-7.3.1.txt"
}

@test "instruments-fold: weights in every unit, blank symbols skipped, several files add up" {
	printf 'Running Time\tSelf\tSymbol Name\n1.5 min\t500 ns\tm\n\t\t \n1 h\t2.25 µs\t f\n' >"$BATS_TEST_TMPDIR/u.txt"
	run instruments-fold --no-header "$BATS_TEST_TMPDIR/u.txt" "$BATS_TEST_TMPDIR/u.txt"
	status_is 0
	[ "$output" = 'm 0.001
m;f 0.0045' ] || { echo "$output"; return 1; }
	printf 'Bytes Used\tSymbol Name\n1 GB\tm\n512.5 KB\t g\n' >"$BATS_TEST_TMPDIR/b.txt"
	run instruments-fold --no-header "$BATS_TEST_TMPDIR/b.txt"
	[ "$output" = 'm 1073217024
m;g 524800' ] || { echo "$output"; return 1; }
	# 1 GB less 512.5 KB
	[ "$output" = "m $((1073741824 - 524800))
m;g 524800" ]
}

@test "instruments-fold: an empty file is no samples" {
	: >"$BATS_TEST_TMPDIR/empty"
	run instruments-fold "$BATS_TEST_TMPDIR/empty"
	status_is 0
	[ -z "$output" ]
	run instruments-fold <"$BATS_TEST_TMPDIR/empty"
	status_is 0
	[ -z "$output" ]
}

@test "instruments-fold --lines: an export's frames with a <source> are NAME at FILE:LINE, for their references too" {
	needxz
	local t=$BATS_TEST_TMPDIR
	xz -dc "$I/basic.xml.xz" >"$t/basic.xml"
	instruments-fold --lines --no-header "$t/basic.xml" >"$t/lines"
	grep -q ';std::sys_common::backtrace::__rust_begin_short_backtrace at backtrace.rs:140;' "$t/lines"
	# the same stacks as inferno's, frame for frame, but for the lines
	diff <(sed 's/ at [^;]*\(;\| [0-9]*$\)/\1/g' "$t/lines" | fg-merge --no-header) <(fg-merge "$I/basic.inferno.folded")
	run instruments-fold --lines --full-path --no-header "$t/basic.xml"
	[[ "$output" == *" at /rustc/a266f11990d9544ee408e213e1eec8cc9eb032b7/library/std/src/rt.rs:166;"* ]]
	# a frame without a source keeps its name; a path by reference
	printf '%s' '<?xml version="1.0"?><trace-query-result><node><row><backtrace id="1">' \
	    '<frame id="2" name="leaf" addr="0x1"><source line="7"><path id="3">/src/a.rs</path></source></frame>' \
	    '<frame id="4" name="mid" addr="0x2"><source line="9"><path ref="3"/></source></frame>' \
	    '<frame id="5" name="main" addr="0x3"/></backtrace></row>' \
	    '<row><backtrace id="6"><frame ref="4"/><frame ref="5"/></backtrace></row></node></trace-query-result>' >"$t/x.xml"
	run instruments-fold --lines --no-header "$t/x.xml"
	status_is 0
	[ "$output" = 'main;mid at a.rs:9 1
main;mid at a.rs:9;leaf at a.rs:7 1' ] || { echo "$output"; return 1; }
	sed 's/line="7"/line="x"/' "$t/x.xml" >"$t/y.xml"
	run instruments-fold --lines "$t/y.xml"
	status_is 1
	[[ "$output" == "instruments-fold: $t/y.xml: byte "*': bad line "x"' ]] || { echo "$output"; return 1; }
	run instruments-fold --full-path "$t/x.xml"
	status_is 2
	[ "${lines[0]}" = "instruments-fold: --full-path needs --lines" ]
}
