#!/usr/bin/env bats
# fg-svg --nameattr: flamegraph.pl's and inferno's per-function
# attributes, on inferno's own cases (tests/data/flamegraph/nameattr),
# and what is refused.

load helper

IN=""
setup() {
	IN=$BATS_TEST_TMPDIR/in.folded
	# the frames of inferno's case: main, cksum and noploop, one
	# annotated frame
	printf '%s\n' 'cksum;_start;__libc_start_main;main;cksum 31' 'cksum;cksum 6' \
	    'cksum;main;cksum 19' 'cksum;cksum;sys_read_[k] 1' 'noploop;main 274' 'noploop;[unknown] 2' >"$IN"
}

# inferno's nameattr.txt, with its empty first line (1), an empty pair
# (2), a not allowed attribute (3) or repeated attributes (dup).
attrs() {
	local tab=$'\t' extra=
	[ "$1" = 1 ] && printf '\n'
	[ "$1" = 2 ] && extra=$tab
	[ "$1" = 3 ] && extra="${tab}invalid=font-weight: bold;"
	if [ "$1" = dup ]; then
		printf 'main\tclass=inferno\ttitle=foo\tg_extra=stroke-width="1" stroke="green"\thref=https://github.com/jonhoo/inferno\tclass=inferno2\ttarget=_blank\ta_extra=rel="external" hreflang="en-us"\n'
		printf 'cksum\ttitle=bar\tclass=flames\n'
		printf 'noploop\tid=test\tid=test2\tg_extra=id="test3"\n'
		return
	fi
	printf 'main\tclass=inferno%s\ttitle=foo\tg_extra=stroke-width="1" stroke="green"\thref=https://github.com/jonhoo/inferno\ttarget=_blank\ta_extra=rel="external" hreflang="en-us"\n' "$extra"
	printf 'cksum\ttitle=bar\tclass=flames\thref=https://github.com/jonhoo/inferno\n'
	printf 'noploop\tid=test\n'
}

# The frames of SVG $1, a line each: "[<a ...>]<rect ...><title>...</rect>[</a>]".
frames() {
	sed 's/<rect$/<rect /' "$1" | tr -d '\n' | sed 's/<\/rect>\(<\/a>\)*/&\n/g; s/<\/g>/&\n/g'
}

@test "nameattr: inferno's cases give its attributes, on every frame of the function" {
	local f="$BATS_TEST_TMPDIR/attrs" main cksum
	main='<a xlink:href="https://github.com/jonhoo/inferno" target="_blank" rel="external" hreflang="en-us"><rect x=* class="inferno" stroke-width="1" stroke="green"><title>foo</title></rect></a>'
	cksum='<a xlink:href="https://github.com/jonhoo/inferno" target="_top"><rect x=* class="flames"><title>bar</title></rect></a>'
	for v in 0 1 2; do
		attrs $v >"$f"
		fg-svg --nameattr "$f" "$IN" >"$BATS_TEST_TMPDIR/out.svg" 2>"$BATS_TEST_TMPDIR/err"
		[ ! -s "$BATS_TEST_TMPDIR/err" ]
		# main is 3 frames, cksum 4 (with the one under main), noploop 1
		[ "$(frames "$BATS_TEST_TMPDIR/out.svg" | grep -c '<title>foo</title>')" = 3 ]
		[ "$(frames "$BATS_TEST_TMPDIR/out.svg" | grep -c '<title>bar</title>')" = 4 ]
		frames "$BATS_TEST_TMPDIR/out.svg" | grep '<title>foo<' | sed 's/^.*\(<a [^>]*><rect \).*\( class=\)/\1x=*\2/' |
		    while read -r l; do [ "$l" = "$main" ] || { echo "main: $l"; exit 1; }; done
		frames "$BATS_TEST_TMPDIR/out.svg" | grep '<title>bar<' | sed 's/^.*\(<a [^>]*><rect \).*\( class=\)/\1x=*\2/' |
		    while read -r l; do [ "$l" = "$cksum" ] || { echo "cksum: $l"; exit 1; }; done
		[ "$(frames "$BATS_TEST_TMPDIR/out.svg" | grep -c '" id="test"><title>noploop (276 ')" = 1 ]
		# a frame named in no line has none, and the SVG is XML
		frames "$BATS_TEST_TMPDIR/out.svg" | grep '<title>_start (' | grep -vq 'class=\|<a '
		if command -v xmllint >/dev/null; then xmllint --noout "$BATS_TEST_TMPDIR/out.svg"; fi
	done
	# the frame's name is the whole name, annotation included
	printf 'sys_read_[k]\tclass=kern\n' >"$f"
	fg-svg --nameattr "$f" "$IN" >"$BATS_TEST_TMPDIR/out.svg"
	frames "$BATS_TEST_TMPDIR/out.svg" | grep -q 'class="kern"><title>sys_read ('
}

@test "nameattr: a not allowed attribute and repeated ones are warned about, the last one kept" {
	local f="$BATS_TEST_TMPDIR/attrs"
	attrs 3 >"$f"
	run fg-svg --nameattr "$f" "$IN"
	status_is 0
	[ "$(printf '%s\n' "$output" | grep '^fg-svg:')" = "fg-svg: $f:1: attribute not allowed: 'invalid' (ignored)" ]
	[[ "$output" != *'font-weight: bold'* ]]
	attrs dup >"$f"
	fg-svg --nameattr "$f" "$IN" 2>"$BATS_TEST_TMPDIR/err" >"$BATS_TEST_TMPDIR/svg"
	frames "$BATS_TEST_TMPDIR/svg" >"$BATS_TEST_TMPDIR/out.svg"
	# inferno's three warnings: class once, id twice
	[ "$(grep -c 'an earlier value of' "$BATS_TEST_TMPDIR/err")" = 3 ]
	grep -q "^fg-svg: $f:3: an earlier value of 'id' (ignored)$" "$BATS_TEST_TMPDIR/err"
	[ "$(grep -c 'class="inferno2" stroke-width="1" stroke="green"><title>foo<' "$BATS_TEST_TMPDIR/out.svg")" = 3 ]
	[ "$(grep -c '<rect x=[^>]* class="flames"><title>bar<' "$BATS_TEST_TMPDIR/out.svg")" = 4 ]
	[ "$(grep -c ' id="test3"><title>noploop (' "$BATS_TEST_TMPDIR/out.svg")" = 1 ]
	! grep -q 'id="test"\|id="test2"' "$BATS_TEST_TMPDIR/out.svg" || false
}

@test "nameattr: values are escaped, script URLs and event handlers refused" {
	local f="$BATS_TEST_TMPDIR/attrs"
	printf 'main\thref=https://x/?a=1&b="2"<\tclass=a"b><c\ttitle=<script>&\n' >"$f"
	printf 'cksum\thref= \001JaVa\rScript:alert(1)\n' >>"$f"
	printf '_start\thref=vscode://file/a.c:3\n' >>"$f"
	printf 'noploop\thref=data:text/html,x\tg_extra=onclick="alert(1)" data-src=ok style=x\n' >>"$f"
	fg-svg --nameattr "$f" "$IN" 2>"$BATS_TEST_TMPDIR/err" >"$BATS_TEST_TMPDIR/out.svg"
	output=$(cat "$BATS_TEST_TMPDIR/out.svg")
	[[ "$output" == *'<a xlink:href="https://x/?a=1&amp;b=&quot;2&quot;&lt;" target="_top">'* ]]
	[[ "$output" == *'class="a&quot;b&gt;&lt;c"><title>&lt;script>&amp;</title>'* ]]
	[[ "$output" != *'alert(1)'* ]]
	# a scheme that runs no script is kept (an editor's link)
	[[ "$output" == *'<a xlink:href="vscode://file/a.c:3" target="_top">'* ]]
	[[ "$output" != *onclick* ]]
	[[ "$output" != *'style='* ]]
	[[ "$output" != *'data:text'* ]]
	[[ "$output" == *' data-src="ok"><title>noploop ('* ]]
	output=$(cat "$BATS_TEST_TMPDIR/err")
	[[ "$output" == *"fg-svg: $f:2: href runs script: '\\x01JaVa\\x0dScript:alert(1)' (ignored)"* ]]
	[[ "$output" == *"fg-svg: $f:4: href runs script: 'data:text/html,x' (ignored)"* ]]
	[[ "$output" == *"fg-svg: $f:4: attribute not allowed: 'onclick' (ignored)"* ]]
	[[ "$output" == *"fg-svg: $f:4: attribute not allowed: 'style' (ignored)"* ]]
}

@test "nameattr: titles become the tooltips, and zoom and hover still find the frames" {
	local f="$BATS_TEST_TMPDIR/attrs"
	attrs 0 >"$f"
	fg-svg --nameattr "$f" "$IN" >"$BATS_TEST_TMPDIR/out.svg"
	# the script cannot read counts from a title that --nameattr gave
	grep -q 'var D = {n:\[' "$BATS_TEST_TMPDIR/out.svg"
	grep -q ', ut:1, nt:' "$BATS_TEST_TMPDIR/out.svg"
	printf 'noploop\tid=test\n' >"$f"
	fg-svg --nameattr "$f" "$IN" | grep -q 'var D = {dom:1'
}

@test "nameattr: a line without a tab is an error; a missing file too" {
	local f="$BATS_TEST_TMPDIR/attrs"
	printf 'main\tclass=a\nmain class=b\n' >"$f"
	run fg-svg --nameattr "$f" "$IN"
	status_is 1
	[ "$output" = "fg-svg: $f:2: no tab after the name (FUNC<tab>NAME=VALUE...)" ]
	run fg-svg --nameattr "$BATS_TEST_TMPDIR/nosuch" "$IN"
	status_is 1
	[ "$output" = "fg-svg: $BATS_TEST_TMPDIR/nosuch: No such file or directory" ]
}

@test "nameattr: two lines of one function add up" {
	local f="$BATS_TEST_TMPDIR/attrs"
	printf 'main\tclass=a\nmain\tid=b\n' >"$f"
	fg-svg --nameattr "$f" "$IN" >"$BATS_TEST_TMPDIR/out.svg"
	[ "$(frames "$BATS_TEST_TMPDIR/out.svg" | grep -c 'class="a" id="b"><title>main (')" = 3 ]
}

@test "nameattr: an id of fg-svg's own elements is refused (it would hide them from the script)" {
	local f="$BATS_TEST_TMPDIR/attrs"
	printf 'main\tid=tip\tclass=x\ncksum\tid=details\nnoploop\tid=mine\n' >"$f"
	fg-svg --nameattr "$f" "$IN" 2>"$BATS_TEST_TMPDIR/err" >"$BATS_TEST_TMPDIR/out.svg"
	[ "$(cat "$BATS_TEST_TMPDIR/err")" = "fg-svg: $f: id 'tip' is fg-svg's own (ignored)
fg-svg: $f: id 'details' is fg-svg's own (ignored)" ]
	[ "$(grep -c 'id="tip"' "$BATS_TEST_TMPDIR/out.svg")" = 1 ]
	[ "$(grep -c 'id="details"' "$BATS_TEST_TMPDIR/out.svg")" = 1 ]
	frames "$BATS_TEST_TMPDIR/out.svg" | grep -q 'class="x"><title>main ('
	frames "$BATS_TEST_TMPDIR/out.svg" | grep -q ' id="mine"><title>noploop ('
}
