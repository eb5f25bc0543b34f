#!/usr/bin/env bats
# fg-html's time modules without a browser (tests/page.cjs): the window
# in time (window.js) against fg-filter --window, the axis's ticks
# (axis.js), the heat map (heat.js) against the same filter, on a real
# recording and on one written to have a stall every 250 ms

load helper

setup() {
	command -v node >/dev/null || skip "needs node"
	PH=$DATA/cpuprofile/node-phases.cpuprofile
}

# page PAGE EXPR...: each EXPR's value in the page's modules (page.cjs)
page() {
	page_run "$@"
}
# the stacks of fg-filter --window ARG on FILE, headers left out
cliwin() {
	fg-filter --window "$1" "$2" | grep -v '^#'
}
# pagewin PAGE F0 F1: the runs of the page's time view in the window of
# fractions F0, F1, as folded lines, in order
pagewin() {
	page "$1" 'at("").chart' "(function () { var v = state.shown, e = winedges(charttotal(v), $2, $3), o = [];
		windowruns(v, e[0], e[1], function (s, w) { o.push(s.map(labelof).join(';') + ' ' + w); });
		return o; })()" | tail -n +2
}

@test "page window: the runs of a window are fg-filter --window's lines, on a real recording, idle closed and kept" {
	cpuprofile-fold --time-order -t "$PH" >"$BATS_TEST_TMPDIR/c.folded"
	cpuprofile-fold --time-order -t --idle "$PH" >"$BATS_TEST_TMPDIR/i.folded"
	grep -qx '# fg: idle=frame' "$BATS_TEST_TMPDIR/i.folded"
	grep -q '^(idle) ' "$BATS_TEST_TMPDIR/i.folded"
	for f in c i; do
		fg-html "$BATS_TEST_TMPDIR/$f.folded" >"$BATS_TEST_TMPDIR/$f.html"
		for w in 0.25,0.5 0,0.1 0.333333333,0.777777777 0.9,1 0.000001,0.000002; do
			cliwin "$w" "$BATS_TEST_TMPDIR/$f.folded" >"$BATS_TEST_TMPDIR/cli"
			pagewin "$BATS_TEST_TMPDIR/$f.html" "${w%,*}" "${w#*,}" >"$BATS_TEST_TMPDIR/pg"
			[ -s "$BATS_TEST_TMPDIR/cli" ]
			diff "$BATS_TEST_TMPDIR/cli" "$BATS_TEST_TMPDIR/pg"
		done
	done
	# the axis counts the idle frames: the same fractions cut elsewhere with them
	[ "$(cliwin 0.5,0.6 "$BATS_TEST_TMPDIR/i.folded")" != "$(cliwin 0.5,0.6 "$BATS_TEST_TMPDIR/c.folded")" ]
}

@test "page window: w= takes the fractions fg-filter --window takes, and a count's fraction gives that count back" {
	cpuprofile-fold --time-order -t "$PH" >"$BATS_TEST_TMPDIR/c.folded"
	for w in 0.25,0.5 .25,.5 0.,0.5 1.000000000,1 0.5,0.25 0,1.5 0.1234567891,0.5 1,1 a,b 0.2,0.3,0.4 \
		0.2 000000000000.5,1 0000000000000.5,1 ' 0.1,0.2' 0.1,0.2s 0,1; do
		run fg-filter --window "$w" "$BATS_TEST_TMPDIR/c.folded"
		cli=$([ "$status" -eq 0 ] && echo ok || echo no)
		[ "$w" != 0,1.5 ] || [ "$cli" = no ]
		pg=$(node -e '
			const { load } = require(process.argv[1]);
			load([process.argv[2]]).then((m) => {
				const w = m.parsewindow(process.argv[3]);
				console.log(w ? "ok " + m.windowparam(w[0], w[1]) : "no");
			});' "$FG_ROOT/tests/modules.cjs" "$FG_ROOT/lib/draw/html/window.js" "$w")
		# the page takes a window where the filter takes one (0,1 is
		# the whole: none); it writes it as the filter reads it, the
		# same edges
		[ "${pg%% *}" = "$cli" ] || { [ "$w" = 0,1 ] && [ "$pg" = no ]; } ||
			{ echo "$w: fg-filter $cli, page $pg"; false; }
		if [ "$pg" != no ]; then
			[ "$(cliwin "${pg#ok }" "$BATS_TEST_TMPDIR/c.folded")" = "$(cliwin "$w" "$BATS_TEST_TMPDIR/c.folded")" ]
		fi
	done
	fg-html "$BATS_TEST_TMPDIR/c.folded" >"$BATS_TEST_TMPDIR/c.html"
	total=$(awk '!/^#/ { s += $NF } END { print s }' "$BATS_TEST_TMPDIR/c.folded")
	# counts picked on the axis (a drag's, a heat map's cells) as w=: the
	# filter cuts exactly there
	for x in 1,2 1000,250000 309377,611954 0,912477 912477,912478; do
		a=${x%,*} b=${x#*,}
		w=$(page "$BATS_TEST_TMPDIR/c.html" "windowparam(fracof($a, $total), fracof($b, $total))")
		kept=$(cliwin "$w" "$BATS_TEST_TMPDIR/c.folded" | awk '{ s += $NF } END { print s }')
		[ "$kept" = $((b - a)) ]
		[ "$(page "$BATS_TEST_TMPDIR/c.html" "winedges($total, fracof($a, $total), fracof($b, $total)).join()")" = "$a,$b" ]
	done
}

@test "page axis: ticks of 1, 2 or 5 in the input's unit that follow the zoom, labelled with their times" {
	cpuprofile-fold --time-order -t "$PH" >"$BATS_TEST_TMPDIR/c.folded"
	fg-html "$BATS_TEST_TMPDIR/c.folded" >"$BATS_TEST_TMPDIR/c.html"
	# the whole (912,478 us) on 1,200 pixels: a tick each 100 ms
	run page "$BATS_TEST_TMPDIR/c.html" 'at(""); ticks(0, 912478, 1200).ticks.map(function (t) { return t.label; }).join(" ")'
	[ "$output" = "0 0.1 s 0.2 s 0.3 s 0.4 s 0.5 s 0.6 s 0.7 s 0.8 s 0.9 s" ]
	# zoomed in, on phase B's start (311,954 us), 10x and 1000x
	run page "$BATS_TEST_TMPDIR/c.html" 'at(""); ticks(300000, 391248, 1200).ticks.map(function (t) { return t.label; }).join(" ")'
	[ "$output" = "300 ms 310 ms 320 ms 330 ms 340 ms 350 ms 360 ms 370 ms 380 ms 390 ms" ]
	run page "$BATS_TEST_TMPDIR/c.html" 'at(""); ticks(311900, 312000, 1200).ticks.map(function (t) { return t.label; }).join(" ")'
	[ "$output" = "311,900 µs 311,910 µs 311,920 µs 311,930 µs 311,940 µs 311,950 µs 311,960 µs 311,970 µs 311,980 µs 311,990 µs 312,000 µs" ]
	# at every zoom: the ticks at least MINPX apart, at most 2.5 times
	# that, on their step's multiples, their labels their times (to the
	# label's digits), the unit the one of the step
	page "$BATS_TEST_TMPDIR/c.html" 'at(""); (function () {
		var bad = [], spans = [912478, 91247, 9124, 912, 91, 9, 1], a, s, T, k, t, v, m, unit;
		var ns = { "ns": 1, "\u00b5s": 1e3, "ms": 1e6, "s": 1e9 };
		for (k = 0; k < spans.length; k++) for (a = 0; a + spans[k] <= 912478; a += 123457) {
			T = ticks(a, a + spans[k], 1000);
			s = T.step * 1000 / spans[k];
			if (s < MINPX * 0.999 || s > MINPX * 2.5 * 1.001) bad.push("step " + T.step + " at " + spans[k]);
			if (T.ticks.length < 2 && spans[k] > 1) bad.push("ticks " + T.ticks.length);
			T.ticks.forEach(function (t) {
				m = /^([0-9,.]+) (ns|\u00b5s|ms|s)$/.exec(t.label);
				if (!m && t.label !== "0") return bad.push("label " + t.label);
				v = m ? +m[1].replace(/,/g, "") * ns[m[2]] / 1e3 : 0;
				if (Math.abs(v - t.x) > T.step / 10 + 1e-6) bad.push(t.label + " at " + t.x);
				if (Math.abs(t.x / T.step - Math.round(t.x / T.step)) > 1e-6) bad.push("off step " + t.x);
				if (t.x < a - 1e-6 || t.x > a + spans[k] + 1e-6) bad.push("outside " + t.x);
			});
		}
		return bad.length ? bad : "ok";
	})()' >"$BATS_TEST_TMPDIR/out"
	[ "$(cat "$BATS_TEST_TMPDIR/out")" = ok ] || { cat "$BATS_TEST_TMPDIR/out"; false; }
	# counts without time: "samples", whole counts, no step under one
	cpuprofile-fold --time-order "$PH" >"$BATS_TEST_TMPDIR/s.folded"
	fg-html "$BATS_TEST_TMPDIR/s.folded" >"$BATS_TEST_TMPDIR/s.html"
	run page "$BATS_TEST_TMPDIR/s.html" 'at(""); var T = ticks(0, 678, 700); T.name + ": " + T.ticks.map(function (t) { return t.label; }).join(" ")'
	[ "$output" = "samples: 0 100 200 300 400 500 600" ]
	run page "$BATS_TEST_TMPDIR/s.html" 'at(""); ticks(10, 12, 1000).step'
	[ "$output" = 1 ]
	# a frame's place in words
	run page "$BATS_TEST_TMPDIR/c.html" 'at(""); spanwords(311954, 300607) + " / " + spanwords(0, 5)'
	[ "$output" = "at 312 ms for 300.6 ms / at 0 for 5 µs" ]
}

# cli_rows <FOLDED: fg-top's rows as page.cjs's rows() gives them, sorted
cli_rows() {
	fg-top --format tsv -n 0 | awk -F'\t' 'NR > 1 { print $1 "\t" $3 "\t" $5 "\t" $6 }' | sort
}

# a recording of 4 s in ms, a stall (idle) of 20 ms every 250 ms
stalls() {
	printf '# fg: unit=milliseconds\n# fg: order=time\n# fg: idle=frame\n'
	for i in $(seq 16); do
		printf 'main;work%d 230\n(idle) 20\n' $((i % 3))
	done
}

@test "page heat map: a column a second, a row 20 ms; the stalls show; a cell's counts are fg-filter --window's" {
	stalls >"$BATS_TEST_TMPDIR/st.folded"
	fg-html "$BATS_TEST_TMPDIR/st.folded" >"$BATS_TEST_TMPDIR/st.html"
	run page "$BATS_TEST_TMPDIR/st.html" 'at(""); var H = heatmap(state.shown, persecond(model.unit)); [H.cols, H.rows, H.total, H.max].join()'
	[ "$output" = "4,50,4000,20" ]
	# the rows of the stalls' ends (480-500 ms, 980-1000 ms) empty in
	# every column, those of their starts half full, the rest full
	run page "$BATS_TEST_TMPDIR/st.html" 'at(""); var H = heatmap(state.shown, 1000), o = [];
		for (var r = 0; r < 50; r++) { var row = []; for (var c = 0; c < 4; c++) row.push(H.cell[c * 50 + r]); o.push(row.join(" ")); } o'
	[ "${lines[24]}" = "0 0 0 0" ]
	[ "${lines[49]}" = "0 0 0 0" ]
	[ "${lines[11]}" = "10 10 10 10" ]
	[ "${lines[12]}" = "10 10 10 10" ]
	[ "${lines[0]}" = "20 20 20 20" ]
	[ "$(printf '%s\n' "${lines[@]}" | grep -c '^20 20 20 20$')" = 44 ]
	# each cell of the second column: the busy counts fg-filter keeps of its window
	for r in $(seq 0 49); do
		lo=$((1000 + r * 20))
		want=$(fg-filter --window "${lo}ms,$((lo + 20))ms" "$BATS_TEST_TMPDIR/st.folded" |
			awk '!/^#/ && !/^\(idle\) / { s += $NF } END { print s + 0 }')
		got=$(echo "${lines[r]}" | cut -d' ' -f2)
		[ "$got" = "$want" ] || { echo "row $r: $got, fg-filter $want"; false; }
	done
	# a column's range of cells: that second's window, as the filter's in time
	w=$(page "$BATS_TEST_TMPDIR/st.html" 'at(""); var H = heatmap(state.shown, 1000), s = cellspan(H, 149, 100); windowparam(fracof(s[0], H.total), fracof(s[1], H.total))')
	[ "$w" = 0.5,0.75 ]
	diff <(cliwin 2s,3s "$BATS_TEST_TMPDIR/st.folded") <(cliwin "$w" "$BATS_TEST_TMPDIR/st.folded")
	diff <(cliwin 2s,3s "$BATS_TEST_TMPDIR/st.folded") <(pagewin "$BATS_TEST_TMPDIR/st.html" 0.5 0.75)
}

@test "page heat map: on a real recording, the cells hold every busy count once, the idle none" {
	cpuprofile-fold --time-order -t --idle "$PH" >"$BATS_TEST_TMPDIR/i.folded"
	fg-html "$BATS_TEST_TMPDIR/i.folded" >"$BATS_TEST_TMPDIR/i.html"
	busy=$(awk '!/^#/ && !/^\(idle\) / { s += $NF } END { print s }' "$BATS_TEST_TMPDIR/i.folded")
	idle=$(awk '/^\(idle\) / { s += $NF } END { print s }' "$BATS_TEST_TMPDIR/i.folded")
	[ "$idle" -gt 100000 ]
	run page "$BATS_TEST_TMPDIR/i.html" 'at(""); var H = heatmap(state.shown, persecond(model.unit)), s = 0;
		for (var k = 0; k < H.cell.length; k++) { if (H.cell[k] > H.per / H.rows + 1e-6) s = NaN; s += H.cell[k]; } [H.cols, Math.round(s)].join()'
	[ "$output" = "2,$busy" ]
	# a cell's counts the filter's, for cells of both columns
	for k in 0 7 30 49 50 61 99; do
		lo=$((k * 20000)) hi=$((k * 20000 + 20000))
		want=$(fg-filter --window "${lo}us,${hi}us" "$BATS_TEST_TMPDIR/i.folded" 2>/dev/null |
			awk '!/^#/ && !/^\(idle\) / { s += $NF } END { print s + 0 }')
		got=$(page "$BATS_TEST_TMPDIR/i.html" "at(''); heatmap(state.shown, 1e6).cell[$k]")
		[ "$got" = "$want" ] || { echo "cell $k: $got, fg-filter $want"; false; }
	done
	# no time, no seconds
	run page "$BATS_TEST_TMPDIR/i.html" 'persecond("count")'
	[ "$output" = 0 ]
}

@test "page data: a view says what its folder did with the idle time (# fg: idle=), escaped" {
	cpuprofile-fold --time-order -t "$PH" | fg-html >"$BATS_TEST_TMPDIR/c.html"
	run page "$BATS_TEST_TMPDIR/c.html" 'model.data.views[0].idle'
	[ "$output" = "closed 197608" ]
	cpuprofile-fold --time-order -t --idle "$PH" | fg-html >"$BATS_TEST_TMPDIR/i.html"
	run page "$BATS_TEST_TMPDIR/i.html" 'model.data.views[0].idle'
	[ "$output" = frame ]
	printf '# fg: order=time\n# fg: idle=closed 5 "</script>\na 1\n' | fg-html >"$BATS_TEST_TMPDIR/h.html"
	run page "$BATS_TEST_TMPDIR/h.html" 'model.data.views[0].idle'
	[ "$output" = 'closed 5 "</script>' ]
	[ "$(grep -c '</script>' "$BATS_TEST_TMPDIR/h.html")" = "$(printf '# fg: order=time\na 1\n' | fg-html | grep -c '</script>')" ]
	# summed, none
	printf 'a 1\n' | fg-html >"$BATS_TEST_TMPDIR/s.html"
	run page "$BATS_TEST_TMPDIR/s.html" 'String(model.data.views[0].idle)'
	[ "$output" = undefined ]
}

@test "page window: with w=, every mode counts the window's samples alone, as fg-filter --window then the CLI's tools" {
	cpuprofile-fold --time-order -t "$PH" >"$BATS_TEST_TMPDIR/c.folded"
	fg-html "$BATS_TEST_TMPDIR/c.folded" >"$BATS_TEST_TMPDIR/c.html"
	H=$BATS_TEST_TMPDIR/c.html
	for w in 0.25,0.5 0.01,0.35 0.6,0.999; do
		fg-filter --window "$w" "$BATS_TEST_TMPDIR/c.folded" >"$BATS_TEST_TMPDIR/w.folded"
		W=$BATS_TEST_TMPDIR/w.folded
		# the time mode: Save writes the filter's output, byte for byte
		page "$H" "at('?w=$w'); saved()" | cmp - "$W"
		# the graph, summed; bottom-up; the table's rows; a transform; the sandwich
		page "$H" "at('?w=$w&m=graph'); saved()" | cmp - <(fg-merge "$W")
		page "$H" "at('?w=$w&m=graph'); state.shown.w[0]" | cmp - <(awk '!/^#/ { s += $NF } END { print s }' "$W")
		page "$H" "rows(at('?w=$w&m=table'))" | sort | cmp - <(cli_rows <"$W")
		page "$H" "at('?w=$w&m=graph&tx=drop:spin%20at%20phases.js%3A2'); saved()" |
			cmp - <(fg-prune -e '^spin at phases\.js:2$' "$W" | fg-merge)
		page "$H" "at('?w=$w&m=sandwich&fn=spin%20at%20phases.js%3A2'); saved()" |
			cmp - <(fg-filter --reroot -e '^spin at phases\.js:2$' "$W" | fg-merge)
		page "$H" "at('?w=$w'); statepairs().map(String).join(' ')" | grep -qx "w,$w"
	done
	# no window: the whole, and no w=
	page "$H" "at('?w=0,1'); statepairs().length" | grep -qx 0
	page "$H" "at('?w=0.5,0.25&m=graph'); saved()" | cmp - <(fg-filter --window 0,1 "$BATS_TEST_TMPDIR/c.folded" | fg-merge)
	# a summed view has no time: w= is no key of its own there
	printf 'a;b 1\n' | fg-html >"$BATS_TEST_TMPDIR/s.html"
	page "$BATS_TEST_TMPDIR/s.html" "at('?w=0.25,0.5'); [statepairs().length, state.shown.w[0]].join()" | grep -qx 0,1
}

# the sum of FILE's folded lines' counts that are (idle) ones (idle) or
# not (busy)
sumof() {
	awk -v k="$1" '/^#/ { next } { n = $NF; i = substr($0, 1, length($0) - length(n) - 1) == "(idle)" }
		(k == "idle") == i { s += n } END { print s + 0 }' "$2"
}

@test "page idle closed (idle=0): in a window, the busy runs of fg-filter --window's, the axis busy time from the profile's start, a busy count put back where it is" {
	cpuprofile-fold --time-order -t --idle "$PH" >"$BATS_TEST_TMPDIR/i.folded"
	H=$BATS_TEST_TMPDIR/i.html
	fg-html "$BATS_TEST_TMPDIR/i.folded" >"$H"
	for w in 0,1 0.25,0.5 0.28,0.72 0.6,0.999; do
		fg-filter --window "$w" "$BATS_TEST_TMPDIR/i.folded" >"$BATS_TEST_TMPDIR/w.folded"
		before=0
		[ "${w%,*}" = 0 ] || { fg-filter --window "0,${w%,*}" "$BATS_TEST_TMPDIR/i.folded" >"$BATS_TEST_TMPDIR/b.folded"
			before=$(sumof busy "$BATS_TEST_TMPDIR/b.folded"); }
		busy=$(sumof busy "$BATS_TEST_TMPDIR/w.folded")
		idle=$(sumof idle "$BATS_TEST_TMPDIR/w.folded")
		# the axis: from the busy time before the window, its busy time long
		[ "$(page "$H" "at('?w=$w&idle=0'); var t = timebase(); [t.closed, t.lo, t.hi - t.lo, t.idle, t.total].join(' ')")" = \
			"true $before $busy $idle $(sumof busy "$BATS_TEST_TMPDIR/i.folded")" ]
		# Save: the window's runs without the idle, those it parted joined
		page "$H" "at('?w=$w&idle=0'); saved()" >"$BATS_TEST_TMPDIR/saved"
		grep -qx "# fg: idle=closed $idle" "$BATS_TEST_TMPDIR/saved"
		grep -v '^#' "$BATS_TEST_TMPDIR/saved" | cmp - <(awk '/^#/ { next } { n = $NF; s = substr($0, 1, length($0) - length(n) - 1) }
			s == "(idle)" { next } s == prev { c += n; next } { if (k++) print prev " " c; prev = s; c = n }
			END { print prev " " c }' "$BATS_TEST_TMPDIR/w.folded")
		# the other modes keep the idle: the graph sums the window, (idle) and all
		page "$H" "at('?w=$w&idle=0&m=graph'); saved()" | cmp - <(fg-merge "$BATS_TEST_TMPDIR/w.folded")
		page "$H" "at('?w=$w&idle=0'); statepairs().map(String).join(' ')" | grep -q "idle,0"
	done
	# a busy count on the closed axis, put on the whole's (a drag's
	# edges): as many busy counts before it, past the idle there or
	# before it
	page "$H" "at(''); var v = timebase(), out = [];
		[0, 1, 329491, 329492, 329493, 500000, 930015, 930016].forEach(function (x) { [false, true].forEach(function (e) {
			var p = wallof(v, x, e), b = 0, last = 0, next = -1;
			windowruns(v, 0, p, function (s, w) { last = isidle(s); if (!last) b += w; });
			windowruns(v, p, Infinity, function (s) { if (next < 0) next = isidle(s) ? 1 : 0; });
			out.push(b === x && (e ? !last : next !== 1) ? 'ok' : x + ' ' + e + ': at ' + p + ', ' + b + ' busy before'); }); });
		out.join(' ')" | grep -qx 'ok\( ok\)*'
	# no idle frames: idle=0 changes nothing, and the URL keeps no key
	cpuprofile-fold --time-order -t "$PH" | fg-html >"$BATS_TEST_TMPDIR/c.html"
	[ "$(page "$BATS_TEST_TMPDIR/c.html" "at('?idle=0'); [!!timebase().closed, statepairs().length].join()")" = false,0 ]
}
