#!/usr/bin/env bats
# fg-html's page in Chromium: the table, bottom-up, sandwich,
# transforms, keys, theme and links (the first half is fg-html.bats)

load helper
load html

@test "fg-html in Chromium: the function table (m=table) has fg-top's numbers, row for row" {
	fg-html "$J" >"$BATS_TEST_TMPDIR/p.html"
	FG_QUERY='?m=table' browser table "$BATS_TEST_TMPDIR/p.html"
	[ "$(got h1)" = "Function Table" ]
	[ "$(got headings)" = "Self ▼|Self %|Total|Total %|Flags|Function" ]
	# a heading sorts from the keyboard too (Enter, Space), and keeps the focus
	[ "$(got keysort)" = "ascending focused|descending focused" ]
	fg-top --format tsv -n 0 "$J" | awk -F'\t' 'NR > 1 { print $1 "\t" $3 "\t" $5 "\t" $6 }' | sort >"$BATS_TEST_TMPDIR/want"
	got row | sort >"$BATS_TEST_TMPDIR/got"
	[ -s "$BATS_TEST_TMPDIR/want" ]
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	cp "$BATS_TEST_TMPDIR/b.out" "$BATS_TEST_TMPDIR/bytotal.out"
	# grouped by file, as fg-top --by file
	FG_QUERY='?m=table&tb=file' browser table "$BATS_TEST_TMPDIR/p.html"
	[ "$(got headings)" = "Self ▼|Self %|Total|Total %|Flags|File" ]
	fg-top --by file --format tsv -n 0 "$J" | awk -F'\t' 'NR > 1 { print $1 "\t" $3 "\t" $5 "\t" $6 }' | sort >"$BATS_TEST_TMPDIR/want"
	got row | sort >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	[ "$(got url)" = '?m=table&tb=file' ]
	# (the first table's case again, as it ran)
	mv "$BATS_TEST_TMPDIR/bytotal.out" "$BATS_TEST_TMPDIR/b.out"
	# sorted by total, the widest first; a row opens its sandwich
	[ "$(got firstbytotal)" = "$(fg-top --format tsv -n 1 --sort total "$J" | awk -F'\t' 'NR == 2 { print $6 }')" ]
	[ "$(got clicked)" = "sandwich $(got firstbytotal)" ]
	[[ "$(got url)" == "?m=sandwich&fn="* ]]
	# differential: the baselines and changes of fg-top's columns
	fg-diff "$DATA/diff/base.folded" "$DATA/diff/new.folded" >"$BATS_TEST_TMPDIR/d.folded"
	fg-html "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/d.html"
	FG_QUERY='?m=table' browser table "$BATS_TEST_TMPDIR/d.html" diff
	fg-top --format tsv -n 0 "$BATS_TEST_TMPDIR/d.folded" |
		awk -F'\t' 'NR > 1 { sub(/^\+/, "", $7); print $1 "\t" $3 "\t" $5 "\t" $7 "\t" $9 "\t" $10 }' | sort >"$BATS_TEST_TMPDIR/want"
	got row | sort >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	# recursion counted once a stack; 600 functions show 100 rows, then all
	awk 'BEGIN { print "a;r;r;r 5"; for (i = 0; i < 600; i++) print "main;f" i, i + 1 }' >"$BATS_TEST_TMPDIR/m.folded"
	fg-html "$BATS_TEST_TMPDIR/m.folded" >"$BATS_TEST_TMPDIR/m.html"
	FG_QUERY='?m=table' browser table "$BATS_TEST_TMPDIR/m.html"
	[ "$(got more)" = "Show all 603 rows" ]
	[ "$(got rows)" = 603 ]
	[ "$(got row | grep -P '\tr$')" = "$(printf '5\t5\t\tr')" ]
	# filtered by the search
	FG_QUERY='?m=table&s=%5Ef5' browser table "$BATS_TEST_TMPDIR/m.html"
	[ "$(got rows)" = "$(awk 'BEGIN { for (i = 0; i < 600; i++) print "f" i }' | grep -c '^f5')" ]
}

@test "fg-html in Chromium: bottom-up (m=bottomup) is the graph of the reversed stacks" {
	fg-html --reverse "$J" >"$BATS_TEST_TMPDIR/r.html"
	browser mode "$BATS_TEST_TMPDIR/r.html"
	got frame >"$BATS_TEST_TMPDIR/want"
	fg-html "$J" >"$BATS_TEST_TMPDIR/p.html"
	FG_QUERY='?m=bottomup' browser mode "$BATS_TEST_TMPDIR/p.html"
	[ "$(got h1)" = Bottom-up ]
	[ "$(got url)" = '?m=bottomup' ]
	got frame >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	[ "$(got painted | cut -d' ' -f3)" -gt 0 ]
	# a small page's steps are its own thread's: it makes no worker
	[ "$(got workers)" = 0 ]
	# (differential input too: fg-html-model.bats, without a browser)
}

@test "fg-html in Chromium: the sandwich (m=sandwich&fn=) has fg-filter --reroot's callees and the reversed callers" {
	f='sort! at sort.jl:710'
	fg-html "$J" >"$BATS_TEST_TMPDIR/p.html"
	FG_QUERY='?m=sandwich&fn=sort!%20at%20sort.jl%3A710' \
		browser mode "$BATS_TEST_TMPDIR/p.html"
	[ "$(got h1)" = Sandwich ]
	[ "$(got url)" = '?m=sandwich&fn=sort!%20at%20sort.jl%3A710' ]
	read -r self total < <(fg-top --format tsv -n 0 "$J" | awk -F'\t' -v f="$f" '$6 == f { print $1, $3 }')
	all=$(awk '{ t += $NF } END { print t }' "$J")
	[ "$(got sandinfo)" = "Sandwich of $f: total $total samples ($(pct "$total" "$all")), self $self samples ($(pct "$self" "$all")) — callers above, callees below" ]
	# the callees: fg-filter --reroot's graph, below its "all"
	fg-filter --reroot -e "^sort! at sort\\.jl:710\$" "$J" | fg-html >"$BATS_TEST_TMPDIR/c.html"
	browser mode "$BATS_TEST_TMPDIR/c.html"
	got frame | sed 1d | awk '{ $1 -= 1; print }' >"$BATS_TEST_TMPDIR/want"
	# the callers: each stack cut at the function, reversed
	awk -v f="$f" '{ c = $NF; sub(/ [^ ]*$/, ""); n = split($0, a, ";")
		for (i = 1; i <= n; i++) if (a[i] == f) break
		if (i > n) next; s = a[i]; for (j = i - 1; j >= 1; j--) s = s ";" a[j]; print s, c }' "$J" |
		fg-html >"$BATS_TEST_TMPDIR/u.html"
	browser mode "$BATS_TEST_TMPDIR/u.html"
	got frame | sed 1d | awk '{ $1 -= 1; print }' >"$BATS_TEST_TMPDIR/wantcallers"
	# the sandwich: its callees, and its callers
	FG_QUERY='?m=sandwich&fn=sort!%20at%20sort.jl%3A710' browser mode "$BATS_TEST_TMPDIR/p.html"
	got frame >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	got caller >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/wantcallers" "$BATS_TEST_TMPDIR/got"
	# a function no frame has: the graph
	FG_QUERY='?m=sandwich&fn=nothing' browser mode "$BATS_TEST_TMPDIR/p.html"
	[ "$(got url)" = '' ]
	# a deep function's callers scroll their whole depth, to the root
	awk 'BEGIN { s = "d0"; for (i = 1; i < 1000; i++) s = s ";d" i; print s, 1 }' | fg-html >"$BATS_TEST_TMPDIR/deep.html"
	FG_QUERY='?m=sandwich&fn=d999' browser deepcallers "$BATS_TEST_TMPDIR/deep.html"
	[ "$(got tipname)" = d0 ]
	[ "$(got callersheight)" -lt 2000 ]
	# a caller's card: its share of the function's total, one sample a "sample"
	printf 'main;a;b 1\nmain;x;b 3\n' | fg-html >"$BATS_TEST_TMPDIR/one.html"
	FG_QUERY='?m=sandwich&fn=b' browser callerhover "$BATS_TEST_TMPDIR/one.html"
	[ "$(got tip | grep '^count:')" = "count:1 sample — 25.00% of b's total" ]
	# saved: the callees as fg-filter --reroot writes them, the function's
	# frame and self too (the unit tests, fg-html-model.bats, try more)
	printf 'main;a;b;a;b;c 10\nmain;a;b;a;d 5\nmain;a;a;a;e 7\nmain;x;a;y 3\nother;a;b 2\n' >"$BATS_TEST_TMPDIR/r.folded"
	fg-html "$BATS_TEST_TMPDIR/r.folded" >"$BATS_TEST_TMPDIR/r.html"
	same_as_cli "$BATS_TEST_TMPDIR/r.html" 'm=sandwich&fn=b' "$BATS_TEST_TMPDIR/r.folded" fg-filter --reroot -n b
}


@test "fg-html in Chromium: each transform's saved view equals its CLI filter" {
	printf 'a;b;c 1\na;b;d 2\na;x 3\nb;b;b;c 4\na;b;a;b 5\n' >"$BATS_TEST_TMPDIR/t.folded"
	fg-html "$BATS_TEST_TMPDIR/t.folded" >"$BATS_TEST_TMPDIR/t.html"
	same_as_cli "$BATS_TEST_TMPDIR/t.html" tx=drop:b "$BATS_TEST_TMPDIR/t.folded" fg-prune b
	[ "$(got chips)" = "drop: b" ]
	[ "$(got after)" = "" ]
	# (every kind against its filter: fg-html-model.bats, without a browser)
	fg-html "$J" >"$BATS_TEST_TMPDIR/j.html"
	# in order: the second applies to what the first left
	same_as_cli "$BATS_TEST_TMPDIR/j.html" 'tx=grep:sort&tx=drop:sort!%20at%20sort.jl%3A646' "$J" \
		sh -c 'fg-filter --only -e sort "$1" | fg-prune -e "^sort! at sort\.jl:646$"' _
	[ "$(got chips)" = "only: sort|drop: sort! at sort.jl:646" ]
	[ "$(got after)" = "?tx=grep:sort" ]
	[ "$(got download)" = view.folded ]
	[ "$(got href)" = blob ]
}

@test "fg-html in Chromium: transforms without a CLI filter, the unit header, bottom-up saved reversed" {
	printf '# fg: unit=bytes\na;b;c 1\na;b;d 2\na;x 3\nb;b;b;c 4\n' >"$BATS_TEST_TMPDIR/t.folded"
	fg-html "$BATS_TEST_TMPDIR/t.folded" >"$BATS_TEST_TMPDIR/t.html"
	FG_QUERY='?tx=hide:b' browser saved "$BATS_TEST_TMPDIR/t.html"
	[ "$(got line)" = "$(printf '# fg: unit=bytes\na;c 1\na;d 2\na;x 3\nc 4')" ]
	[ "$(got chips)" = "hide: b" ]
	FG_QUERY='?tx=root:a%3Bb' browser saved "$BATS_TEST_TMPDIR/t.html"
	[ "$(got line | sed 1d)" = "$(printf 'b;c 1\nb;d 2')" ]
	# files: Julia's frames of one file, consecutive, are one frame
	printf 'main at m.jl:1;f at lib.jl:3;g at lib.jl:9;h at m.jl:4 2\n' >"$BATS_TEST_TMPDIR/f.folded"
	fg-html "$BATS_TEST_TMPDIR/f.folded" >"$BATS_TEST_TMPDIR/f.html"
	FG_QUERY='?tx=file:%5Elib' browser saved "$BATS_TEST_TMPDIR/f.html"
	[ "$(got line)" = "main at m.jl:1;lib.jl;h at m.jl:4 2" ]
	# bottom-up writes the reversed stacks; the table's totals follow the transforms
	FG_QUERY='?tx=hide:b&m=bottomup' browser saved "$BATS_TEST_TMPDIR/t.html"
	[ "$(got line | sed 1d | sort)" = "$(printf 'c 4\nc;a 1\nd;a 2\nx;a 3')" ]
	FG_QUERY='?tx=grep:x&m=table' browser table "$BATS_TEST_TMPDIR/t.html"
	[ "$(got row | grep -P '\ta$' | cut -f2)" = 3 ]
	# differential: both columns, the baseline first
	printf 'a;b 1 2\na;c 3 0\n' | fg-html >"$BATS_TEST_TMPDIR/d.html"
	FG_QUERY='?tx=hide:a' browser saved "$BATS_TEST_TMPDIR/d.html"
	[ "$(got line | sort)" = "$(printf 'b 1 2\nc 3 0')" ]
}

@test "fg-html in Chromium: a vanished stack's baseline counts once: saved, transformed, reversed, tabulated" {
	printf 'main;a;b 10\nmain;a;c 5\nmain;gone;x 7\nmain;gone2 3\n' >"$BATS_TEST_TMPDIR/a.folded"
	printf 'main;a;b 12\nmain;a;c 2\nmain;new 4\n' >"$BATS_TEST_TMPDIR/b.folded"
	fg-diff "$BATS_TEST_TMPDIR/a.folded" "$BATS_TEST_TMPDIR/b.folded" >"$BATS_TEST_TMPDIR/d.folded"
	fg-html "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/d.html"
	same_as_cli "$BATS_TEST_TMPDIR/d.html" "" "$BATS_TEST_TMPDIR/d.folded" cat
	same_as_cli "$BATS_TEST_TMPDIR/d.html" tx=drop:a "$BATS_TEST_TMPDIR/d.folded" fg-prune -n a
	same_as_cli "$BATS_TEST_TMPDIR/d.html" tx=drop:gone "$BATS_TEST_TMPDIR/d.folded" fg-prune -n gone
	same_as_cli "$BATS_TEST_TMPDIR/d.html" tx=grep:x "$BATS_TEST_TMPDIR/d.folded" fg-filter --only -e x
	same_as_cli "$BATS_TEST_TMPDIR/d.html" tx=focus:a "$BATS_TEST_TMPDIR/d.folded" fg-filter --reroot -n a
	same_as_cli "$BATS_TEST_TMPDIR/d.html" 'tx=grep:a&tx=rec:' "$BATS_TEST_TMPDIR/d.folded" \
		sh -c 'fg-filter --only -e a "$1" | fg-prune --recursion' _
	# bottom-up: every stack reversed, the vanished ones too
	same_as_cli "$BATS_TEST_TMPDIR/d.html" m=bottomup "$BATS_TEST_TMPDIR/d.folded" \
		awk '/^#/ { print; next } { n = split($1, a, ";"); s = a[n]; for (i = n - 1; i >= 1; i--) s = s ";" a[i]; print s, $2, $3 }'
	# the table: fg-top's rows, the vanished functions too; no baseline self twice
	FG_QUERY='?m=table' browser table "$BATS_TEST_TMPDIR/d.html" diff
	fg-top --format tsv -n 0 "$BATS_TEST_TMPDIR/d.folded" |
		awk -F'\t' 'NR > 1 { sub(/^\+/, "", $7); print $1 "\t" $3 "\t" $5 "\t" $7 "\t" $9 "\t" $10 }' | sort >"$BATS_TEST_TMPDIR/want"
	got row | sort >"$BATS_TEST_TMPDIR/got"
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	[ "$(got bself | awk -F'\t' '{ t += $2 } END { print t }')" = 25 ]
	[ "$(got bself | grep '^main' | cut -f2)" = 0 ]
}

@test "fg-html in Chromium: the search's transforms follow its case toggle" {
	printf 'main;B 3\nmain;b 2\nmain;c 1\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	FG_QUERY='?s=B&i=1' browser txmenu "$BATS_TEST_TMPDIR/p.html" grep
	[ "$(got url)" = '?s=B&i=1&tx=grepi:B' ]
	[ "$(got chips)" = 'only (any case): B×' ]
	[ "$(got line | sort)" = "$(printf 'main;B 3\nmain;b 2')" ]
	FG_QUERY='?s=B' browser txmenu "$BATS_TEST_TMPDIR/p.html" grep
	[ "$(got url)" = '?s=B&tx=grep:B' ]
	[ "$(got line)" = 'main;B 3' ]
	# files, as the search's case too
	printf 'main at m.jl:1;f at Lib.jl:3;g at lib.jl:9 2\n' | fg-html >"$BATS_TEST_TMPDIR/f.html"
	FG_QUERY='?s=%5Elib&i=1' browser txmenu "$BATS_TEST_TMPDIR/f.html" file
	[ "$(got url)" = '?s=%5Elib&i=1&tx=filei:%5Elib' ]
	[ "$(got line)" = 'main at m.jl:1;Lib.jl;lib.jl 2' ]
	# an invalid regex changes nothing, and its chip says so, as the search box does
	for tx in 'grep:(' 'file:(' 'grepi:('; do
		FG_QUERY="?tx=$tx" browser saved "$BATS_TEST_TMPDIR/p.html"
		[[ "$(got chipmsg)" == ' invalid regular expression (invalid regular expression: '* ]]
		[ "$(got line | sort)" = "$(printf 'main;B 3\nmain;b 2\nmain;c 1')" ]
	done
	FG_QUERY='?tx=grep:B' browser saved "$BATS_TEST_TMPDIR/p.html"
	[ -z "$(got chipmsg)" ]
	[ -z "$(got empty)" ]
	# nothing left: the page says so, where the graph would be blank
	FG_QUERY='?tx=grep:zzz' browser saved "$BATS_TEST_TMPDIR/p.html"
	[ "$(got empty)" = "No samples left after the transforms." ]
}

@test "fg-html in Chromium: Enter, Shift+Enter, n and N step through the matches; an invalid regex says so" {
	printf 'main;a;x 3\nmain;b 5\nmain;a;y 1\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	# frames in order: all main a x y b; the matches x y b are 3, 4, 5
	FG_QUERY='?s=%5E(x%7Cy%7Cb)%24' browser steps "$BATS_TEST_TMPDIR/p.html"
	[ "$(got enter1)" = "1 of 3 z=3" ]
	[ "$(got enter2)" = "2 of 3 z=4" ]
	[ "$(got shiftenter)" = "1 of 3 z=3" ]
	[ "$(got n)" = "2 of 3 z=4" ]
	[ "$(got N)" = "1 of 3 z=3" ]
	# Esc resets the zoom, and the match's place goes with it
	[ "$(got esc)" = " z=0" ]
	[ "$(got message)" = "invalid regular expression" ]
	[ "$(got bad)" = bad ]
}

@test "fg-html in Chromium: keys move, zoom, switch modes; focus is visible" {
	printf 'main;a;x 3\nmain;b 5\nmain;a;y 1\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	# each line: the selected frame, the zoomed one, the mode, the focus
	browser keys "$BATS_TEST_TMPDIR/p.html" "ArrowUp ArrowUp ArrowLeft ArrowUp Enter Backspace ArrowDown t t b b /"
	[ "$(got ArrowUp | sed -n 1p)" = "main all graph canvas" ]
	# away from the root: the widest callee; then its sibling
	[ "$(got ArrowUp | sed -n 2p)" = "b all graph canvas" ]
	[ "$(got ArrowLeft)" = "a all graph canvas" ]
	[ "$(got ArrowUp | sed -n 3p)" = "x all graph canvas" ]
	[ "$(got Enter)" = "x x graph canvas" ]
	[ "$(got Backspace)" = "x a graph canvas" ]
	[ "$(got ArrowDown)" = "a a graph canvas" ]
	[ "$(got t | sed -n 1p)" = "- all table -" ]
	[ "$(got t | sed -n 2p)" = "- all graph -" ]
	[ "$(got b | sed -n 1p)" = "- all bottomup -" ]
	[ "$(grep '^/=' "$BATS_TEST_TMPDIR/b.out" | cut -c3-)" = "- all graph search" ]
	# s: the sandwich of the selected frame
	browser keys "$BATS_TEST_TMPDIR/p.html" "ArrowUp ArrowUp s"
	[ "$(got s)" = "- b sandwich canvas" ]
	browser focus "$BATS_TEST_TMPDIR/p.html"
	[ "$(got outline)" = "solid 2px" ]
	# the breadcrumb's links are reached by Tab and followed by Enter
	FG_QUERY='?z=3' browser crumbkey "$BATS_TEST_TMPDIR/p.html"
	[ "$(got crumbtabs)" = "0 0 0 0" ]
	[ "$(got crumbzoom)" = 0 ]
}

@test "fg-html in Chromium: a dark theme by the system's preference and a toggle, text at 4.5:1 or more in both" {
	fg-diff "$DATA/diff/base.folded" "$DATA/diff/new.folded" | fg-html >"$BATS_TEST_TMPDIR/p.html"
	for q in '' '?m=table' '?m=sandwich&fn=f2%20at%20REPL%5B3%5D%3A2'; do
		FG_QUERY=$q browser contrast "$BATS_TEST_TMPDIR/p.html"
		[ "$(got loaded | cut -d' ' -f3-)" = "rgb(255, 255, 255)" ]
		[ "$(got toggled | cut -d' ' -f3-)" = "rgb(24, 24, 27)" ]
		awk -v a="$(got loaded | cut -d' ' -f1)" -v b="$(got toggled | cut -d' ' -f1)" 'BEGIN { exit !(a >= 4.5 && b >= 4.5) }'
		FG_DARK=1 FG_QUERY=$q browser contrast "$BATS_TEST_TMPDIR/p.html"
		[ "$(got loaded | cut -d' ' -f3-)" = "rgb(24, 24, 27)" ]
		[ "$(got toggled | cut -d' ' -f3-)" = "rgb(255, 255, 255)" ]
		awk -v a="$(got loaded | cut -d' ' -f1)" -v b="$(got toggled | cut -d' ' -f1)" 'BEGIN { exit !(a >= 4.5 && b >= 4.5) }'
	done
	[ "$(got url)" = '?m=sandwich&fn=f2%20at%20REPL%5B3%5D%3A2&th=light' ]
	# an unchanged frame keeps its edge in the dark
	FG_DARK=1 browser edge "$BATS_TEST_TMPDIR/p.html" 'f2 at REPL[3]:1'
	[ "$(got fill)" = '#ffffff' ]
	[ "$(got edge)" -lt 200 ]
}

@test "fg-html --flamechart: time order, adjacent stacks merged; the other modes sum it" {
	printf 'a;b 1\na;b 2\na;c 2\na;b 3\n' >"$BATS_TEST_TMPDIR/t.folded"
	run fg-html --flamechart --sort=width "$BATS_TEST_TMPDIR/t.folded"
	status_is 2
	[ "${lines[0]}" = "fg-html: --sort=width and --flamechart exclude each other" ]
	fg-html --flamechart "$BATS_TEST_TMPDIR/t.folded" >"$BATS_TEST_TMPDIR/p.html"
	browser mode "$BATS_TEST_TMPDIR/p.html"
	[ "$(got h1)" = "Flame Chart" ]
	# the first two lines are one run; b comes back after c
	[ "$(got frame)" = "$(printf '0 all 8\n1 a 8\n2 b 3\n2 c 2\n2 b 3')" ]
	[ "$(got painted)" = "5 of 5" ]
	FG_QUERY='?m=table' browser table "$BATS_TEST_TMPDIR/p.html"
	[ "$(got row | grep -P '\tb$')" = "$(printf '6\t6\t\tb')" ]
	FG_QUERY='?m=bottomup' browser mode "$BATS_TEST_TMPDIR/p.html"
	[ "$(got frame)" = "$(printf '0 all 8\n1 b 6\n2 a 6\n1 c 2\n2 a 2')" ]
}

@test "fg-html --nameattr: each name's title and href in the page data, escaped; hrefs off the list dropped" {
	need_pagedata
	T=$BATS_TEST_TMPDIR
	printf 'main;f 3\nmain;g 2\nmain;h 1\n' >"$T/in.folded"
	title='<F> "one" & </script>'
	href='https://example.org/f?a=1&b=<2>'
	printf 'f\ttitle=%s\thref=%s\ttarget=_self\tclass=hot\ng\thref=javascript:alert(1)\ttitle=gee\nh\thref=relative.html\nmain\tclass=x\n' \
		"$title" "$href" >"$T/na.txt"
	fg-html --nameattr "$T/na.txt" "$T/in.folded" >"$T/p.html" 2>"$T/err"
	nid() { fgdata "$T/p.html" "D['names'].index('$1')"; }
	[ "$(fgdata "$T/p.html" "D['nameattr']['$(nid f)']['title']")" = "$title" ]
	[ "$(fgdata "$T/p.html" "D['nameattr']['$(nid f)']['href']")" = "$href" ]
	# a title without a link, and no link that runs script or leaves the list
	[ "$(fgdata "$T/p.html" "D['nameattr']['$(nid g)']['href']")" = None ]
	[ "$(fgdata "$T/p.html" "D['nameattr']['$(nid g)']['title']")" = gee ]
	[ "$(fgdata "$T/p.html" "sorted(D['nameattr'])")" = "$(printf '%s\n' "$(nid f)" "$(nid g)" | sort)" ]
	grep -q "na.txt:2: href runs script" "$T/err"
	grep -qx "fg-html: --nameattr: href 'relative.html' of 'h' is of no scheme a page links to (http:, https:, file:, vscode: or an editor's): ignored" "$T/err"
	# nothing of it is markup, and the page keeps its policy
	! grep -q '<F>\|</script>"\|<2>' "$T/p.html" || false
	grep -q "Content-Security-Policy\" content=\"default-src 'none'" "$T/p.html"
	# without the option, no key; a file that cannot be read is an error
	fg-html "$T/in.folded" >"$T/q.html"
	[ "$(fgdata "$T/q.html" '"nameattr" in D')" = False ]
	run fg-html --nameattr "$T/none.txt" "$T/in.folded"
	status_is 1
	[[ "$output" == "fg-html: $T/none.txt: "* ]]
	[ -z "$(fg-html --nameattr "$T/none.txt" "$T/in.folded" 2>/dev/null)" ]
}

@test "fg-html --nameattr in Chromium: the title in the card, the href by Ctrl-click and beside the breadcrumb" {
	T=$BATS_TEST_TMPDIR
	printf 'main at m.jl:1;f at a.jl:3 3\nmain at m.jl:1;g at b.jl:4 2\n' >"$T/in.folded"
	printf 'f at a.jl:3\ttitle=the <f>\thref=https://example.org/f\ng at b.jl:4\ttitle=gee\thref=data:text/html,x\n' >"$T/na.txt"
	fg-html --source-url 'vscode://file/{path}:{line}' --nameattr "$T/na.txt" "$T/in.folded" >"$T/p.html" 2>/dev/null
	browser hover "$T/p.html" 'f at a.jl:3'
	got tip | grep -qx 'title:the <f>'
	got tip | grep -qx 'source:Ctrl/⌘-click: https://example.org/f'
	# the href wins over --source-url's link
	browser source "$T/p.html" 'f at a.jl:3'
	[ "$(got card)" = https://example.org/f ]
	[ "$(got opened)" = https://example.org/f ]
	[ "$(got zoom)" = 0 ]
	[ "$(got crumb)" = https://example.org/f ]
	# a data: href is dropped: the source link stays
	browser source "$T/p.html" 'g at b.jl:4'
	[ "$(got card)" = vscode://file/b.jl:4 ]
	browser hover "$T/p.html" 'g at b.jl:4'
	got tip | grep -qx 'title:gee'
}

@test "fg-html --source-url: a frame's file and line as a link in its card, by Ctrl-click and beside the breadcrumb" {
	fg-html --source-url 'vscode://file/{path}:{line}' "$J" >"$BATS_TEST_TMPDIR/p.html"
	browser source "$BATS_TEST_TMPDIR/p.html" 'mapslices at abstractarray.jl:2857'
	[ "$(got card)" = 'vscode://file/abstractarray.jl:2857' ]
	[ "$(got opened)" = 'vscode://file/abstractarray.jl:2857' ]
	# Ctrl-click opens, it does not zoom; a click zooms
	[ "$(got zoom)" = 0 ]
	[ "$(got crumb)" = 'vscode://file/abstractarray.jl:2857' ]
	# {path} as written, {file} its base name; a space, # and ? escaped
	printf 'main at src/a b#c?.jl:12;f at /x/y.jl:3 2\nmain at src/a b#c?.jl:12 1\n' |
		fg-html --source-url 'https://example.org/R/blob/0/{path}#L{line}?f={file}' >"$BATS_TEST_TMPDIR/s.html"
	browser source "$BATS_TEST_TMPDIR/s.html" 'main at src/a b#c?.jl:12'
	[ "$(got card)" = 'https://example.org/R/blob/0/src/a%20b%23c%3F.jl#L12?f=a%20b%23c%3F.jl' ]
	# V8's file: URLs: {path} is their path, decoded; node: and other
	# schemes, no path and no link
	printf 'main at file:///srv/my%%20app/app.js:20;f at node:internal/timers:512 2
main at file:///srv/my%%20app/app.js:20;g at https://x.org/a.js:3 1
' |
		fg-html --source-url 'vscode://file/{path}:{line}?f={file}' >"$BATS_TEST_TMPDIR/v.html"
	browser source "$BATS_TEST_TMPDIR/v.html" 'main at file:///srv/my%20app/app.js:20'
	[ "$(got card)" = 'vscode://file//srv/my%20app/app.js:20?f=app.js' ]
	browser source "$BATS_TEST_TMPDIR/v.html" 'f at node:internal/timers:512'
	[ -z "$(got card)" ]
	[ -z "$(got opened)" ]
	# frames without a file have none; without the option, no frame has one
	printf 'main;f 2\n' | fg-html --source-url 'file:///{path}' >"$BATS_TEST_TMPDIR/n.html"
	browser source "$BATS_TEST_TMPDIR/n.html" f
	[ -z "$(got card)" ]
	[ -z "$(got opened)" ]
	fg-html "$J" >"$BATS_TEST_TMPDIR/o.html"
	browser source "$BATS_TEST_TMPDIR/o.html" 'mapslices at abstractarray.jl:2857'
	[ -z "$(got card)" ]
	# only the web's, files' and editors' schemes
	for t in 'javascript:alert(1)//{path}' 'JavaScript:x' 'data:text/html,{path}' '{path}' 'vbscript:x'; do
		run fg-html --source-url "$t" "$J"
		status_is 2
		[ "${lines[0]}" = "fg-html: bad source URL: '$t' (http:, https:, file:, vscode: or an editor's scheme)" ]
	done
}

@test "fg-html: the benchmark's smallest corpus opens, and every mode draws (no time asserted)" {
	in=$(BENCH_DIR=$BATS_FILE_TMPDIR FG_BIN=$FG_BIN "$FG_ROOT/scripts/bench-html" --corpus 30k)
	[ "$(wc -l <"$in")" -eq 30000 ]
	fg-html "$in" >"$BATS_TEST_TMPDIR/p.html"
	browser allmodes "$BATS_TEST_TMPDIR/p.html"
	for m in graph bottomup sandwich rec; do
		[ "$(got "$m" | cut -d' ' -f1)" -gt 1 ]
		[ "$(got "$m" | awk '{ print $1 == $3 }')" = 1 ]
	done
	[ "$(got table | cut -d' ' -f1)" -eq 100 ]
	[ "$(got modetable)" = table ]
	[ "$(got modebottomup)" = bottomup ]
	[ "$(got modesandwich)" = sandwich ]
}

@test "fg-html in Chromium: a transform by the worker has fg-top's rows; undone, the view it made gives its memory back" {
	in=$(BENCH_DIR=$BATS_FILE_TMPDIR FG_BIN=$FG_BIN "$FG_ROOT/scripts/bench-html" --corpus 12k)
	fg-html "$in" >"$BATS_TEST_TMPDIR/p.html"
	browser letgo "$BATS_TEST_TMPDIR/p.html"
	# the worker made when the transform needed it, not as the page opened
	[ "$(got workers | head -1)" = 0 ]
	[ "$(got workers | tail -1)" = 1 ]
	[ "$(got worker)" = true ]
	[ "$(got kept)" -gt 150000 ]
	fg-prune --recursion "$in" | fg-top --format tsv -n 0 | awk -F'\t' 'NR > 1 { print $1 "\t" $3 "\t" $5 "\t" $6 }' | sort >"$BATS_TEST_TMPDIR/want"
	got row | sort >"$BATS_TEST_TMPDIR/got"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -gt 100 ]
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
	[ "$(got gone)" = "0 0 0" ]
	[ "$(got graph | awk '{ print ($1 > 1 && $1 == $3) }')" = 1 ]
}

@test "fg-html in Chromium: a link in a heavy mode opens as a click makes it: by the worker (its progress line), the same view" {
	in=$(BENCH_DIR=$BATS_FILE_TMPDIR FG_BIN=$FG_BIN "$FG_ROOT/scripts/bench-html" --corpus 12k)
	fg-html "$in" >"$BATS_TEST_TMPDIR/p.html"
	# each view past the page thread's bound (150,000 frames): the worker's
	while IFS='|' read -r act url mode words; do
		browser linkopen "$BATS_TEST_TMPDIR/p.html" "$act"
		[ "$(got url)" = "$url" ]
		[ "$(got mode)" = "$mode" ]
		[ "$(got progress)" = "$words" ]
		[ "$(got clicked | cut -d' ' -f1)" -gt 150000 ]
		[ "$(got linked)" = "$(got clicked)" ]
	done <<-'EOF'
	mode:bottomup|?m=bottomup|bottomup|Reversing the stacks…
	sandwich|?m=sandwich&fn=main|sandwich|Building the sandwich…
	tx:rec:|?tx=rec:|graph|Transforming…
	EOF
}

# fnv: the length and FNV-1a hash of standard input's text, as html.cjs's
# linkopen gives a view's saved text
fnv() {
	node -e 'const t = require("fs").readFileSync(0, "utf8"); let h = 0x811c9dc5;
		for (let i = 0; i < t.length; i++) h = Math.imul(h ^ t.charCodeAt(i), 16777619);
		console.log(t.length + " " + (h >>> 0).toString(16));'
}

@test "fg-html in Chromium: a window link (w=) of a large view in time order is cut by the worker, as a drag is: its progress line, fg-filter --window's lines" {
	in=$(BENCH_DIR=$BATS_FILE_TMPDIR FG_BIN=$FG_BIN "$FG_ROOT/scripts/bench-html" --corpus 30k)
	{ echo '# fg: order=time'; cat "$in"; } >"$BATS_TEST_TMPDIR/t.folded"
	fg-html "$BATS_TEST_TMPDIR/t.folded" >"$BATS_TEST_TMPDIR/t.html"
	browser linkopen "$BATS_TEST_TMPDIR/t.html" drag
	w=$(got url | sed -n 's/^?w=\([0-9.]*\)%2C\([0-9.]*\)$/\1,\2/p')
	[ -n "$w" ]
	[ "$(got mode)" = time ]
	# the whole past the page thread's bound (150,000 frames): the worker's
	[ "$(grep -o '"n":[0-9]*' "$BATS_TEST_TMPDIR/t.html" | head -1 | cut -d: -f2)" -gt 150000 ]
	[ "$(got progress)" = "Cutting the window in time…" ]
	[ "$(got linked)" = "$(got clicked)" ]
	# Save writes the filter's output, byte for byte
	[ "$(got linked | cut -d' ' -f2-)" = "$(fg-filter --window "$w" "$BATS_TEST_TMPDIR/t.folded" | fnv)" ]
}

@test "fg-html in Chromium: the time mode draws each run where it came; m=time of a profile in no time order says why" {
	# B's run first, A's own sample, then C's: the tiny case of issue 37
	printf '# fg: order=time\nA;B 1\nA 1\nA;C 1\n' | fg-html -w 300 >"$BATS_TEST_TMPDIR/t.html"
	browser time "$BATS_TEST_TMPDIR/t.html"
	[ "$(got h1)" = "Flame Chart" ]
	[ "$(got url)" = "" ]
	[ -z "$(got notice)" ]
	[ "$(got timebtn)" = "enabled on" ]
	[ "$(got box)" = "$(printf 'all 0 300\nA 0 300\nB 0 100\nC 200 100')" ]
	[ "$(got painted)" = "4 of 4" ]
	# c: the graph (its stacks summed: B and C side by side), then back
	[ "$(got afterc)" = "graph ?m=graph" ]
	[ "$(got againc)" = "time " ]
	# a page of no time order: the graph, and why, the button off
	printf 'A;B 1\nA 1\nA;C 1\n' | fg-html -w 300 >"$BATS_TEST_TMPDIR/g.html"
	FG_QUERY='?m=time' browser time "$BATS_TEST_TMPDIR/g.html"
	[ "$(got h1)" = "Flame Graph" ]
	[ "$(got url)" = "" ]
	[[ "$(got notice)" == "no time order in this profile: fold it with --time-order"* ]]
	[ "$(got timebtn)" = "disabled off" ]
	[ "$(got box | sed -n 3,4p)" = "$(printf 'B 100 100\nC 200 100')" ]
}

# win URL: the window x=A,B of a URL's query, "A B"
win() {
	sed -n 's/.*[?&]x=\([^&]*\).*/\1/p' <<<"$1" | sed 's/%2C/ /'
}
# near "A B" "C D": the two windows agree to 1e-6
near() {
	awk -v a="$1" -v b="$2" 'BEGIN { split(a, x, " "); split(b, y, " ")
		d = x[1] - y[1]; e = x[2] - y[2]; exit !(d * d < 1e-12 && e * e < 1e-12) }'
}

@test "fg-html in Chromium: the wheel zooms about the pointer, a drag pans, the minimap moves the window; the URL keeps it" {
	jlprof-fold --time-order "$DATA/jlprof/profile_ttfp.jlprof" | fg-html -w 1000 >"$BATS_TEST_TMPDIR/t.html"
	browser nav "$BATS_TEST_TMPDIR/t.html" -300 'eval at boot.jl:330'
	[ -z "$(got loaded)" ]
	[ "$(got box)" = "0 1000" ]
	# a wheel's 300 in: the window e^-0.6 as wide, about the pointer at 3/4,
	# the frames under it the same, row by row
	k=$(awk 'BEGIN { print exp(-0.6) }')
	near "$(win "$(got wheel)")" "$(awk -v k="$k" 'BEGIN { print 0.75 * (1 - k), 0.75 * (1 - k) + k }')"
	[ "$(got after)" = "$(got before)" ]
	[ "$(got before | tr ';' '\n' | wc -l)" -gt 5 ]
	# a drag 100 px left: the window 100 px of it right; no zoom
	near "$(win "$(got drag)")" "$(awk -v k="$k" 'BEGIN { a = 0.75 * (1 - k) + 0.1 * k; print a, a + k }')"
	[ "$(got zoomed)" = 0 ]
	# the minimap, the time mode's: its middle is in the window, a drag
	# of 60 px moves the window as much, up to the end
	[ "$(got minimap)" = 1000x40 ]
	[ "$(got minipress)" = "$(got drag)" ]
	near "$(win "$(got minidrag)")" "$(awk -v k="$k" 'BEGIN { print 1 - k, 1 }')"
	# a link reopens the window: a frame's box where the window puts it
	read -r d x w name < <(page_run "$BATS_TEST_TMPDIR/t.html" 'boxes(at(""))' |
		awk -v t="$(page_run "$BATS_TEST_TMPDIR/t.html" 'at("").w[0]')" \
		'$1 > 2 && $2 > t / 4 && $2 + $3 < t / 2 && $3 > t / 50 { print; exit }')
	total=$(page_run "$BATS_TEST_TMPDIR/t.html" 'at("").w[0]')
	FG_QUERY='?x=0.25,0.5' browser nav "$BATS_TEST_TMPDIR/t.html" 0 "$name"
	[ "$(got loaded)" = '?x=0.25%2C0.5' ]
	[ "$(got box)" = "$(awk -v x="$x" -v w="$w" -v t="$total" 'BEGIN {
		s = 1000 / (t / 4); printf "%d %d", int((x - t / 4) * s + 0.5), int(w * s + 0.5) }')" ]
	# in the graph too, its minimap once zoomed (of the whole view: the
	# root zoomed, the same moves)
	fg-html -w 1000 "$J" >"$BATS_TEST_TMPDIR/g.html"
	browser nav "$BATS_TEST_TMPDIR/g.html" -300 'eval at boot.jl:330'
	near "$(win "$(got wheel)")" "$(awk -v k="$k" 'BEGIN { print 0.75 * (1 - k), 0.75 * (1 - k) + k }')"
	[ "$(got after)" = "$(got before)" ]
	[ "$(got minimap)" = 1000x40 ]
	near "$(win "$(got minidrag)")" "$(awk -v k="$k" 'BEGIN { print 1 - k, 1 }')"
	# Escape gives the whole back
	FG_QUERY='?x=0.25,0.5' browser keys "$BATS_TEST_TMPDIR/g.html" Escape
	[ "$(got direction)" = "false " ]
}

@test "fg-html in Chromium: a catastrophic s= no longer freezes the page; \\d and a lookahead are refused as fg-filter refuses them" {
	# 40 a's and a b: a backtracking RegExp takes 2^40 steps on (a+)+$
	# (issue 41: 10.9 s at 28 characters, twice that for each more)
	a=$(head -c 40 /dev/zero | tr '\0' a)
	printf 'main;%sb 3\nmain;%s 2\n' "$a" "$a" | fg-html >"$BATS_TEST_TMPDIR/p.html"
	# the search s=$1: its field $2, the title of its message $3 (none:
	# no message), $4 frames highlighted
	searched() {
		FG_QUERY="?s=$1" browser search "$BATS_TEST_TMPDIR/p.html"
		[ "$(got field)" = "$2" ]
		[ "$(got msg)" = "${3:+invalid regular expression}" ]
		[ "$(got msgtitle)" = "$3" ]
		[ "$(got highlighted)" = "$4" ]
	}
	searched '(a%2B)%2B%24' '(a+)+$' '' 1
	[ "$(got matched)" = "Matched: 40.00% of all" ]
	# the grep: transform runs the same matcher, as fg-filter --only -e
	FG_QUERY='?tx=grep:(a%2B)%2B%24' browser saved "$BATS_TEST_TMPDIR/p.html"
	[ "$(got line)" = "main;$a 2" ]
	[ "$(got line)" = "$(printf 'main;%sb 3\nmain;%s 2\n' "$a" "$a" | fg-filter --only -e '(a+)+$')" ]
	# what JavaScript's RegExp takes and fg's dialect refuses: the
	# search box says so in fg-filter's words, and so does a chip
	for q in '%5Cd' 'a(%3F%3Db)'; do
		re=$(printf '%b' "${q//%/\\x}")
		want=$(fg-filter -e "$re" /dev/null 2>&1 | sed -n "1s/^fg-filter: bad regular expression '.*': //p")
		[ -n "$want" ]
		searched "$q" "$re" "invalid regular expression: $want" 0
		FG_QUERY="?tx=grep:$q" browser saved "$BATS_TEST_TMPDIR/p.html"
		[ "$(got chipmsg)" = " invalid regular expression (invalid regular expression: $want)" ]
	done
}

@test "fg-html in Chromium: after a transform the search, its place and the card are of the view now shown" {
	printf 'main at m.jl:1;f at lib.jl:3;g at lib.jl:9 2\nmain at m.jl:1;h at lib.jl:4 1\nmain at m.jl:1;k 3\nmain at m.jl:1;r 1\n' >"$BATS_TEST_TMPDIR/s.folded"
	fg-html "$BATS_TEST_TMPDIR/s.folded" >"$BATS_TEST_TMPDIR/s.html"
	# the file names the transform makes match too, as the URL reloaded
	# gives them; the place is gone with its frame; the card is of the
	# frame now under the pointer (zoomed out, a row less deep)
	FG_QUERY='?s=lib' browser stale "$BATS_TEST_TMPDIR/s.html" 'f at lib.jl:3' file
	[ "$(got before)" = "Matched: 42.86% of all, 100.00% zoomed|2 of 3|f at lib.jl:3" ]
	[ "$(got after)" = "Matched: 42.86% of all||$(got under)" ]
	[ "$(got under)" = 'main at m.jl:1' ]
	[ "$(got next)" = "1 of 1" ]
	[ "$(got url)" = '?z=3&s=lib&tx=file:lib' ]
	FG_QUERY='?s=lib&tx=file:lib' browser search "$BATS_TEST_TMPDIR/s.html"
	[ "$(got matched)" = "Matched: 42.86% of all" ]
	# Drop (the zoomed frame, the second match): no card of the dropped
	# frame, but of its caller, now there; its samples stay in the caller
	FG_QUERY='?s=lib' browser stale "$BATS_TEST_TMPDIR/s.html" 'g at lib.jl:9' drop
	[ "$(got before)" = "Matched: 42.86% of all, 100.00% zoomed|2 of 3|g at lib.jl:9" ]
	[ "$(got after)" = "Matched: 42.86% of all||f at lib.jl:3" ]
	[ "$(got under)" = 'f at lib.jl:3' ]
	[ "$(got next)" = "1 of 2" ]
	[ "$(got url)" = '?z=2&s=lib&tx=drop:g%20at%20lib.jl%3A9' ]
}

@test "fg-html in Chromium: s with nothing to show says why; the keyboard's frame has its card; an unknown m= is said" {
	printf 'main;a;x 3\nmain;b 5\nmain;a;y 1\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	browser keys "$BATS_TEST_TMPDIR/p.html" "s"
	[ "$(got s)" = "all all graph canvas" ]
	[[ "$(got notice)" == "The sandwich is of the frame under the pointer, the keyboard's or the zoomed one: "* ]]
	browser keys "$BATS_TEST_TMPDIR/p.html" "ArrowUp ArrowUp"
	[ "$(got details)" = "b  │  5 samples — 55.56% of all  │  s: the sandwich of b" ]
	[ "$(got tipshown)" = true ]
	[ -z "$(got notice)" ]
	FG_QUERY='?m=nonsense' browser mode "$BATS_TEST_TMPDIR/p.html"
	[ "$(got notice)" = "No mode “nonsense” (m=): the graph is shown; the modes are graph, time, bottomup, table, sandwich." ]
	[ "$(got h1)" = "Flame Graph" ]
	FG_QUERY='?m=sandwich' browser mode "$BATS_TEST_TMPDIR/p.html"
	[ "$(got notice)" = "m=sandwich names no frame (fn=): the graph is shown." ]
	FG_QUERY='?m=sandwich&fn=nothing' browser mode "$BATS_TEST_TMPDIR/p.html"
	[ "$(got notice)" = "No frame is “nothing” here: the graph is shown." ]
	FG_QUERY='?m=table' browser mode "$BATS_TEST_TMPDIR/p.html"
	[ -z "$(got notice)" ]
}

@test "fg-html in Chromium: a row of an annotated frame opens the sandwich of its frames; grouped by function, of the function's" {
	printf 'A_[g] 5\nA 3\nm;A_[g] 1\nm;B 1\n' | fg-html >"$BATS_TEST_TMPDIR/p.html"
	FG_QUERY='?m=table' browser table "$BATS_TEST_TMPDIR/p.html"
	[ "$(got firstbytotal)" = A ]
	[ "$(got row | grep -P '\tg\tA$')" = "$(printf '6\t6\tg\tA')" ]
	[ "$(got clicked)" = "sandwich A_[g]" ]
	[ "$(got url)" = '?m=sandwich&fn=A_%5Bg%5D' ]
	FG_QUERY='?m=sandwich&fn=A_%5Bg%5D' browser mode "$BATS_TEST_TMPDIR/p.html"
	[ "$(got sandinfo)" = "Sandwich of A_[g]: total 6 samples (60.00%), self 6 samples (60.00%) — callers above, callees below" ]
	FG_QUERY='?m=table&tb=function' browser table "$BATS_TEST_TMPDIR/p.html"
	[ "$(got row | grep -P '\tA$')" = "$(printf '9\t9\tg\tA')" ]
	[ "$(got clicked)" = "sandwich A" ]
	[ "$(got url)" = '?m=sandwich&fn=A&by=function' ]
	FG_QUERY='?m=sandwich&fn=A&by=function' browser mode "$BATS_TEST_TMPDIR/p.html"
	[ "$(got sandinfo)" = "Sandwich of function A: total 9 samples (90.00%), self 9 samples (90.00%) — callers above, callees below" ]
}

@test "fg-html in Chromium: a differential page's vanished banner follows the transforms" {
	printf 'm;a;b;a 10 0\nm;a 5 2\nm;a;b 0 3\nm;c;c 4 0\nm;c 1 0\nm;d 2 2\n' >"$BATS_TEST_TMPDIR/d.folded"
	fg-html "$BATS_TEST_TMPDIR/d.folded" >"$BATS_TEST_TMPDIR/d.html"
	browser elided "$BATS_TEST_TMPDIR/d.html"
	[[ "$(got banner)" == "Elided: 3 stacks vanished from the target (15 samples in the baseline, 68.18% of it) "* ]]
	# after Collapse recursion, the command line's: one stack of 5, of 22
	fg-prune --recursion "$BATS_TEST_TMPDIR/d.folded" | fg-merge | awk '$NF == 0' >"$BATS_TEST_TMPDIR/v"
	[ "$(cat "$BATS_TEST_TMPDIR/v")" = "m;c 5 0" ]
	FG_QUERY='?tx=rec:' browser elided "$BATS_TEST_TMPDIR/d.html"
	[[ "$(got banner)" == "Elided: 1 stack vanished from the target (5 samples in the baseline, 22.73% of it) "* ]]
}

@test "fg-html in Chromium: siblings in fg-svg's order (a leaf b before b2, a b with callees after), built or merged, and saved so" {
	T=$BATS_TEST_TMPDIR
	# the names drawn, a depth at a time, left to right; fg-svg's likewise
	drawn() { got box | sort -k1,1n -k2,2n | cut -d' ' -f3-; }
	svgorder() { fg-svg "$1" | awk -f "$DATA/svg/boxes.awk" | sort -k1,1nr -k2,2n | cut -d' ' -f4-; }
	# input, and a's callees in fg-svg's order
	for t in 'a;b 1\na;b2 1\n=b b2' 'a;b;c 1\na;b2 1\n=b2 b' 'a;b2 1\na;b!;c 1\na;b 1\na;b;c 1\n=b b! b2'; do
		printf "${t%=*}" >"$T/in.folded"
		svgorder "$T/in.folded" >"$T/want"
		[ "$(awk 'NR > 2 && $0 != "c"' "$T/want" | tr '\n' ' ')" = "${t#*=} " ]
		# fg-html's own tree, flame and icicle
		fg-html "$T/in.folded" >"$T/p.html"
		browser boxes "$T/p.html"
		drawn | diff "$T/want" -
		FG_QUERY='?d=icicle' browser boxes "$T/p.html"
		drawn | diff "$T/want" -
		# the page's own merge (a transform), and its Save
		sed 's/^a;/a;x;/' "$T/in.folded" >"$T/x.folded"
		fg-html "$T/x.folded" >"$T/x.html"
		FG_QUERY='?tx=hide:x' browser boxes "$T/x.html"
		drawn | diff "$T/want" -
		FG_QUERY='?tx=hide:x' browser saved "$T/x.html"
		got line | diff <(fg-merge "$T/in.folded") -
	done
}

@test "fg-html in Chromium: names not UTF-8 are said to be shown and saved with \\xHH, and saved apart" {
	printf 'm;a\377 1\nm;a\376 2\nm;a\357\277\275 3\n' | fg-html >"$BATS_TEST_TMPDIR/u.html"
	browser mode "$BATS_TEST_TMPDIR/u.html"
	[ "$(got notice)" = '2 names have bytes that are not UTF-8: shown, searched and saved with each as the text \xHH.' ]
	browser saved "$BATS_TEST_TMPDIR/u.html"
	[ "$(got line)" = "$(printf 'm;a\\xFE 2\nm;a\\xFF 1\nm;a\357\277\275 3')" ]
}

@test "fg-html in Chromium: counts past 2^53 are said to be rounded; a decimal self at the rounding error is none" {
	printf 'a;b 9007199254740993\na;c 1\n' | fg-html >"$BATS_TEST_TMPDIR/big.html"
	browser mode "$BATS_TEST_TMPDIR/big.html"
	# the unpacking's line gone once the page is built
	[ "$(got unpacking)" = false ]
	[[ "$(got notice)" == "Counts past 2^53: the page's numbers are rounded"* ]]
	# and the view saved keeps them exact: fg-merge reads it back as it was
	browser saved "$BATS_TEST_TMPDIR/big.html"
	[ "$(got line)" = "$(printf 'a;b 9007199254740993\na;c 1')" ]
	printf 'a;b 18446744073709551615\n' | fg-html >"$BATS_TEST_TMPDIR/max.html"
	browser saved "$BATS_TEST_TMPDIR/max.html"
	[ "$(got line)" = 'a;b 18446744073709551615' ]
	got line | fg-merge >/dev/null
	printf 'a;b 0.1\na;c 0.2\n' | fg-html >"$BATS_TEST_TMPDIR/d.html"
	browser mode "$BATS_TEST_TMPDIR/d.html"
	[ -z "$(got notice)" ]
	FG_QUERY='?m=table' browser table "$BATS_TEST_TMPDIR/d.html"
	[ "$(got row | grep -P '\ta$')" = "$(printf '0\t0.3\t\ta')" ]
	browser saved "$BATS_TEST_TMPDIR/d.html"
	[ "$(got line)" = "$(printf 'a;b 0.1\na;c 0.2')" ]
}

@test "fg-html in Chromium: a link's transforms are bounded (the first 64 applied, the rest said), and those that change nothing cost nothing" {
	# a name each for 2,000 hides that each change something
	awk 'BEGIN { for (k = 0; k < 2000; k++) print "main;n" k ";leaf " 1 + k % 7 }' |
		fg-html >"$BATS_TEST_TMPDIR/b.html"
	all=$(awk 'BEGIN { for (k = 0; k < 2000; k++) printf "%stx=hide:n%d", k ? "&" : "?", k }')
	first=$(awk 'BEGIN { for (k = 0; k < 64; k++) printf "%stx=hide:n%d", k ? "&" : "?", k }')
	FG_QUERY=$first browser mode "$BATS_TEST_TMPDIR/b.html"
	[ -z "$(got notice)" ]
	[ "$(got url)" = "$first" ]
	got frame >"$BATS_TEST_TMPDIR/first"
	# the 64 hidden: their samples under main's leaf, the rest as they were
	[ "$(grep -c ' n[0-9]* ' "$BATS_TEST_TMPDIR/first")" = 1936 ]
	FG_QUERY=$all browser mode "$BATS_TEST_TMPDIR/b.html"
	[ "$(got notice)" = "The link holds 2000 transforms: the first 64 are applied, 1936 dropped (at most 64 in a link)." ]
	[ "$(got url)" = "$first" ]
	got frame | diff "$BATS_TEST_TMPDIR/first" -
	# 2,000 that change nothing (names no frame has, grep and rec each
	# twice in a row): dropped before any is run, the page's
	# thread no busier than with none (a ratio, not a clock)
	awk 'BEGIN { srand(5); for (k = 0; k < 20000; k++) { s = "main"; for (j = 0; j < 1 + k % 9; j++) s = s ";f" int(rand() * 50); print s, 1 } }' |
		fg-html >"$BATS_TEST_TMPDIR/w.html"
	# (a hide or drop of an absent name only before a rec or file,
	# which may make names)
	noop=$(awk 'BEGIN { printf "?"; for (k = 0; k < 1996; k++) printf "tx=%s:absent%d&", k % 2 ? "hide" : "drop", int(k / 3)
		printf "tx=rec:&tx=rec:&tx=grep:f&tx=grep:f" }')
	FG_QUERY=$noop browser mode "$BATS_TEST_TMPDIR/w.html"
	[ "$(got url)" = "?tx=rec:&tx=grep:f" ]
	[ -z "$(got notice)" ]
	browser opencost "$BATS_TEST_TMPDIR/w.html" "$noop"
	[ "$(got tx)" = 2 ]
	# (before: 24,014 ms against 519; a margin for a loaded machine;
	# $2 + 0, for sub() leaves a string, which awk compares as one)
	got opencost | awk '{ sub("none=", "", $1); sub("with=", "", $2); if (!($2 + 0 < 4 * $1 + 300)) { print "with " $2 " ms, none " $1 " ms" >"/dev/stderr"; exit 1 } }'
}

@test "fg-html in Chromium: bidi controls in names are shown as \\uXXXX in the card, the table and the search, and saved as they are" {
	# U+202E (right-to-left override) and U+2066 (left-to-right isolate)
	printf 'main;evil\342\200\256cod.exe 3\nmain;iso\342\201\246x 2\nmain;plain 1\n' >"$BATS_TEST_TMPDIR/b.folded"
	fg-html "$BATS_TEST_TMPDIR/b.folded" >"$BATS_TEST_TMPDIR/b.html"
	browser hover "$BATS_TEST_TMPDIR/b.html" "$(printf 'evil\342\200\256cod.exe')"
	[ "$(got tip | grep '^name:')" = 'name:evil\u202Ecod.exe' ]
	FG_QUERY='?m=table' browser table "$BATS_TEST_TMPDIR/b.html"
	got row | grep -qxF "$(printf '3\t3\t\tevil\\u202Ecod.exe')"
	got row | grep -qxF "$(printf '2\t2\t\tiso\\u2066x')"
	! got row | grep -q "$(printf '\342\200\256\|\342\201\246')" || false
	# the search finds what is shown: the escape's text
	FG_QUERY='?s=u202E' browser search "$BATS_TEST_TMPDIR/b.html"
	[[ "$(got matched)" == *"50.00%"* ]]
	# saved, the names are the input's bytes
	browser saved "$BATS_TEST_TMPDIR/b.html"
	got line | diff "$BATS_TEST_TMPDIR/b.folded" -
}
