#!/usr/bin/env bats
# fg-html's time mode in Chromium (tests/browser/time.cjs): the time
# axis on a real recording of phases, and the window in time a drag
# across it chooses, against fg-filter --window and the tools after it

BROWSER_CASES=time
load helper
load html

PH=$DATA/cpuprofile/node-phases.cpuprofile

# the time (in us) at page pixel X by the axis's ticks (got tick lines
# "PX LABEL", their pixels from the axis's left AX): the line through
# the first two
tickat() {
	got "${2}tick" | awk -v x="$1" -v ax="$3" '
		function us(v, u) { gsub(",", "", v); return v * (u == "s" ? 1e6 : u == "ms" ? 1e3 : u == "ns" ? 1e-3 : 1) }
		NF == 3 { n++; p[n] = $1; t[n] = us($2, $3) } NF == 1 && $1 == 0 { n++; p[n] = $1; t[n] = 0 }
		END { print t[1] + (x - ax - p[1]) * (t[2] - t[1]) / (p[2] - p[1]), t[2] - t[1] }'
}

@test "fg-html in Chromium: the time axis's ticks follow the zoom, phase B starts under its time; the card gives start and length" {
	cpuprofile-fold --time-order -t "$PH" >"$BATS_TEST_TMPDIR/c.folded"
	fg-html -w 1000 "$BATS_TEST_TMPDIR/c.folded" >"$BATS_TEST_TMPDIR/c.html"
	# phase B's first run, from the file: where it starts, in us
	start=$(awk '!/^#/ { if ($0 ~ /phaseB/) { print at; exit } at += $NF }' "$BATS_TEST_TMPDIR/c.folded")
	[ "$start" -gt 300000 ]
	browser axis "$BATS_TEST_TMPDIR/c.html" -300 'phaseB at phases.js:12'
	[ "$(got axis)" = 1000x20 ]
	[ "$(got tick | head -3 | tr '\n' '|')" = "0.0 0|109.6 0.1 s|219.2 0.2 s|" ]
	[ "$(got note)" = "x: busy time from the start, idle closed by the folder (197.6 ms left out)" ]
	# zoomed: a finer step, in ms
	[ "$(got zaxis)" = 1000x20 ]
	got ztick | sed -n 2p | grep -q ' ms$'
	for z in "" z; do
		read -r x _ < <(got "${z}box")
		read -r t step < <(tickat "$x" "$z" "$(got axisx)")
		# the frame's left edge under its time, to a tenth of a step
		awk -v t="$t" -v s="$start" -v step="$step" 'BEGIN { d = t - s; exit !(d * d < step * step / 100) }' ||
			{ echo "${z:-whole}: phase B at $t us by the ticks, $start in the file, step $step"; false; }
	done
	# its step is at least 10 times finer zoomed, the wheel's e^-0.6
	[ "$(got tick | wc -l)" -ge 9 ]
	[ "$(got ztick | wc -l)" -ge 9 ]
	# the card: where it starts and for how long
	got tip | grep -qx "time:at 312 ms for 300.6 ms"
	got details | grep -q "at 312 ms for 300.6 ms"
	# idle kept: the axis says so
	cpuprofile-fold --time-order -t --idle "$PH" | fg-html -w 1000 >"$BATS_TEST_TMPDIR/i.html"
	browser axis "$BATS_TEST_TMPDIR/i.html" 0 'phaseB at phases.js:12'
	got note | grep -q "^x: wall time from the start, idle shown as gaps"
	# counts without time: "samples"
	cpuprofile-fold --time-order "$PH" | fg-html -w 1000 >"$BATS_TEST_TMPDIR/s.html"
	browser axis "$BATS_TEST_TMPDIR/s.html" 0 'phaseB at phases.js:12'
	got note | grep -q "^x: samples in order"
	[ "$(got tick | sed -n 2p)" = "147.5 100" ]
	# a summed profile has no time mode, no axis
	fg-html -w 1000 "$J" >"$BATS_TEST_TMPDIR/g.html"
	browser axis "$BATS_TEST_TMPDIR/g.html" 0 'eval at boot.jl:330'
	[ "$(got axis)" = none ]
}

@test "fg-html in Chromium: a drag across the time axis chooses the window (w=), every mode counts it alone, as fg-filter --window" {
	cpuprofile-fold --time-order -t "$PH" >"$BATS_TEST_TMPDIR/c.folded"
	fg-html -w 1000 "$BATS_TEST_TMPDIR/c.folded" >"$BATS_TEST_TMPDIR/c.html"
	for ab in "0.25 0.5" "0.6 0.95"; do
		browser drag "$BATS_TEST_TMPDIR/c.html" $ab
		w=$(got url | sed -n 's/^?w=\([0-9.]*\)%2C\([0-9.]*\)$/\1,\2/p')
		[ -n "$w" ] || { got url; false; }
		# the window where the drag was: its shares of the whole to a pixel
		awk -v w="$w" -v ab="$ab" 'BEGIN { split(w, x, ","); split(ab, y, " ")
			exit !((x[1] - y[1]) ^ 2 < 1e-6 && (x[2] - y[2]) ^ 2 < 1e-6) }'
		fg-filter --window "$w" "$BATS_TEST_TMPDIR/c.folded" >"$BATS_TEST_TMPDIR/w.folded"
		# the time mode's Save: the filter's output, byte for byte
		got timesaved | cmp - "$BATS_TEST_TMPDIR/w.folded"
		# the axis spans the window, from its start
		lo=$(page_run "$BATS_TEST_TMPDIR/c.html" "winedges(912478, ${w%,*}, ${w#*,}).join(' ')")
		[ "$(got wspan)" = "$lo 912478" ]
		# the graph: the window summed; the table: fg-top's rows of it
		[ "$(got mode)" = " ?w=${w/,/%2C}&m=graph" ]
		got graphsaved | cmp - <(fg-merge "$BATS_TEST_TMPDIR/w.folded")
		fg-top --format tsv -n 0 "$BATS_TEST_TMPDIR/w.folded" |
			awk -F'\t' 'NR > 1 { print $1 "\t" $3 "\t" $5 "\t" $6 }' | sort >"$BATS_TEST_TMPDIR/want"
		got row | sort | cmp - "$BATS_TEST_TMPDIR/want"
		# a double click on the axis: the whole again
		[ "$(got whole)" = "" ]
	done
	# a link opens the window: the same file saved
	FG_QUERY="?w=$w" browser drag "$BATS_TEST_TMPDIR/c.html" 0 0
	[ "$(got wspan)" = "$(got span)" ]
	got span | grep -q " 912478$"
	[ "$(got span)" = "$lo 912478" ]
}

# a recording of 4 s in ms, a stall (idle) of 20 ms every 250 ms
stalls() {
	printf '# fg: unit=milliseconds\n# fg: order=time\n# fg: idle=frame\n'
	for i in $(seq 16); do
		printf 'main;work%d 230\n(idle) 20\n' $((i % 3))
	done
}

@test "fg-html in Chromium: the heat map (hm=1) shows a stall every 250 ms; a drag down a column is that second's window" {
	stalls >"$BATS_TEST_TMPDIR/st.folded"
	fg-html -w 1000 "$BATS_TEST_TMPDIR/st.folded" >"$BATS_TEST_TMPDIR/st.html"
	FG_QUERY='?hm=1' browser heat "$BATS_TEST_TMPDIR/st.html" 2
	# 4 columns of 50 rows, 4 px each
	[ "$(got heat)" = "96x200 24" ]
	# the rows the stalls fill (480-500 ms, 980-1000 ms) white, those
	# half stalled (220-260 ms, 720-760 ms) paler than the busy ones
	got cell >"$BATS_TEST_TMPDIR/cells"
	[ "$(sed -n '25p;50p' "$BATS_TEST_TMPDIR/cells" | sort -u)" = 255,255,255 ]
	[ "$(sed -n '1p;11p;14p;24p;26p;36p;39p;49p' "$BATS_TEST_TMPDIR/cells" | sort -u)" = 255,0,0 ]
	[ "$(sed -n '12p;13p;37p;38p' "$BATS_TEST_TMPDIR/cells" | sort -u | wc -l)" = 1 ]
	[ "$(sed -n 12p "$BATS_TEST_TMPDIR/cells")" != 255,0,0 ]
	[ "$(sed -n 12p "$BATS_TEST_TMPDIR/cells")" != 255,255,255 ]
	[ "$(sort "$BATS_TEST_TMPDIR/cells" | uniq -c | awk '{ print $1 }' | sort -n | tr '\n' ' ')" = "2 4 44 " ]
	# the third column, top to bottom: the window of its second, the
	# filter's 2s,3s
	[ "$(got url)" = '?w=0.5%2C0.75&hm=1' ]
	got timesaved | cmp - <(fg-filter --window 2s,3s "$BATS_TEST_TMPDIR/st.folded")
	# a profile of no time has no seconds: the button is off
	printf '# fg: order=time\na 1\nb 2\n' | fg-html >"$BATS_TEST_TMPDIR/n.html"
	FG_QUERY='?hm=1' browser heat "$BATS_TEST_TMPDIR/n.html" 0
	[ "$(got heat)" = none ]
}

# ssidle FILE: the idle runs of a .cpuprofile by speedscope's importer's
# rules (a run of consecutive samples of one node starts at its time,
# never before the run before it, and ends where the next starts):
# "START LENGTH" in us from the first run's start, each run of (idle)
# samples that lasts
ssidle() {
	node -e '
	const p = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
	const fn = new Map(p.nodes.map((n) => [n.id, n.callFrame.functionName]));
	const runs = [];
	let t = 0, from = -Infinity;
	p.samples.forEach((id, i) => {
		t += p.timeDeltas[i];
		if (runs.length && runs[runs.length - 1].id === id) return;
		from = Math.max(from, t);
		runs.push({ id, t: from });
	});
	const end = Math.max(from, t);
	runs.forEach((r, i) => {
		const stop = i + 1 < runs.length ? runs[i + 1].t : end;
		if (fn.get(r.id) === "(idle)" && stop > r.t) console.log((r.t - runs[0].t) + " " + (stop - r.t));
	});' "$1"
}

@test "fg-html in Chromium: a real recording's idle time shown as gaps where and as long as it was idle; i closes them (idle=0), the axis says which" {
	for P in node-phases node-main; do
		cpuprofile-fold --time-order -t --idle "$DATA/cpuprofile/$P.cpuprofile" >"$BATS_TEST_TMPDIR/i.folded"
		fg-html -w 1000 "$BATS_TEST_TMPDIR/i.folded" >"$BATS_TEST_TMPDIR/i.html"
		FG_SHOT=${FG_SHOT_DIR:+$FG_SHOT_DIR/$P-closed.png} browser gaps "$BATS_TEST_TMPDIR/i.html"
		ssidle "$DATA/cpuprofile/$P.cpuprofile" >"$BATS_TEST_TMPDIR/want"
		[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -ge 2 ]
		[ "$(got gap | wc -l)" = "$(wc -l <"$BATS_TEST_TMPDIR/want")" ]
		# each gap's box, read on the axis (wall time: its span the
		# whole), where the recording's idle run starts and as long, to
		# a pixel
		read -r a b total < <(got span)
		[ "$a $b" = "0 $total" ]
		got gap | paste -d ' ' - "$BATS_TEST_TMPDIR/want" | awk -v ax="$(got axisx)" -v a="$a" -v b="$b" '
			{ us = (b - a) / 1000; s = a + ($1 - ax) * us; d = $2 * us
			  if ((s - $3) ^ 2 > us * us || (d - $4) ^ 2 > us * us) { print "gap " NR ": " s " " d " on the axis, " $3 " " $4 " recorded"; bad = 1 } }
			END { exit bad }'
		idle=$(awk '{ s += $2 } END { print s }' "$BATS_TEST_TMPDIR/want")
		[ "$(got note)" = "x: wall time from the start, idle shown as gaps ($(page_run "$BATS_TEST_TMPDIR/i.html" "at(\"\") && human($idle)"))" ]
		[ "$(got button)" = ":Close idle" ]
		# closed: busy time, what the folder closes by default left out
		[ "$(got closedurl)" = "?idle=0" ]
		[ -z "$(got closedgap)" ]
		closed=$(cpuprofile-fold --time-order -t "$DATA/cpuprofile/$P.cpuprofile" | sed -n 's/^# fg: idle=closed //p')
		[ "$closed" = "$idle" ]
		[ "$(got closedspan)" = "0 $((total - idle)) $((total - idle))" ]
		got closednote | grep -qx "x: busy time from the start, idle closed (.* left out)"
		# Save: the runs without the idle ones, those it parted joined
		got closedsaved | grep -qx "# fg: idle=closed $idle"
		got closedsaved | grep -v '^#' | cmp - <(awk '/^#/ { next } { n = $NF; s = substr($0, 1, length($0) - length(n) - 1) }
			s == "(idle)" { next } s == prev { c += n; next } { if (k++) print prev " " c; prev = s; c = n }
			END { print prev " " c }' "$BATS_TEST_TMPDIR/i.folded")
		# and shown again
		[ "$(got shownurl)" = "" ]
		[ "$(got showngap | wc -l)" = "$(got gap | wc -l)" ]
	done
	# the folder's closing said, no button
	cpuprofile-fold --time-order -t "$DATA/cpuprofile/node-main.cpuprofile" | fg-html -w 1000 >"$BATS_TEST_TMPDIR/c.html"
	browser gaps "$BATS_TEST_TMPDIR/c.html"
	got note | grep -qx "x: busy time from the start, idle closed by the folder (.* left out)"
	[ "$(got button)" = "none:Close idle" ]
	[ "$(got closedurl)" = "" ]
}

@test "fg-html in Chromium: the flame graph's minimap, once zoomed: the window's band where the zoomed frame lies in the whole view, following the wheel and a drag" {
	cpuprofile-fold -t "$PH" | fg-html -w 1000 >"$BATS_TEST_TMPDIR/g.html"
	browser mini "$BATS_TEST_TMPDIR/g.html" 'phaseB at phases.js:12' 40
	# none at the whole view; after Escape kept, the band all of it (the
	# graph moves down once)
	[ "$(got mini)" = none ]
	[ "$(got zmini)" = "" ]
	[ "$(got emini)" = "" ]
	# zoomed: the band over the frame's box in the whole view, to 3 px
	# (the band's edge is 1.5 px inside), and over its part the window
	# shows after the wheel and the drag
	read -r x w < <(got whole)
	near() {
		awk -v a="$1" -v b="$2" -v x="$3" -v y="$4" 'BEGIN { exit !((a - x) ^ 2 <= 9 && (b - y) ^ 2 <= 9) }' ||
			{ echo "band $1 $2, want $3 $4"; false; }
	}
	near $(got zminiband) "$x" "$(awk -v x="$x" -v w="$w" 'BEGIN { print x + w }')"
	read -r x0 x1 < <(got wwin)
	awk -v a="$x0" -v b="$x1" 'BEGIN { exit !(a > 0 && b < 1 && b - a < 0.7) }'
	near $(got wminiband) $(awk -v x="$x" -v w="$w" -v a="$x0" -v b="$x1" 'BEGIN { print x + a * w, x + b * w }')
	# the drag moved the window 40 px of the whole view's
	read -r d0 d1 < <(got dwin)
	awk -v a="$x0" -v b="$d0" -v w="$w" 'BEGIN { d = (b - a) * w - 40; exit !(d * d < 1) }'
	near $(got dminiband) $(awk -v x="$x" -v w="$w" -v a="$d0" -v b="$d1" 'BEGIN { print x + a * w, x + b * w }')
	got url | grep -q "x=$(awk -v a="$d0" 'BEGIN { printf "%.9f", a }')%2C"
	near $(got eminiband) 10 1010
}
