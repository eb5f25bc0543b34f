/* chart.js: flame charts, the time mode's views: a view in input order
 * (a chart: --flamechart, or an input in time order, "# fg: order=time")
 * keeps each run of identical lines where it came, a frame spanning
 * the runs of the stacks under it, its own samples where they happened
 * (its callees' gaps, gap[c]: its own samples just before callee c; the
 * rest after its last callee).  Here: a chart's runs in order, a chart
 * made of runs, a chart's stacks summed as a flame graph (the other
 * modes' view of it).  No DOM. */

import { model } from "./model.js";
import { items, rank, out, put, done, merge } from "./merge.js";
import { TX, calleesof, withvan } from "./transform.js";

/* Each run of chart v in input order: fn(names, w, b), names the
 * frames below v's root (a new array), w and b its samples (b 0 but on
 * differential input). */
export function chartruns(v, fn) {
	var path = [], st = [], top = v.rooted ? 1 : 0, i, c, k, lw, lb, x;
	/* a frame's own samples from xw (and xb) on: before callee c, or
	 * (c at its end) after its last */
	function own(i, c, xw, xb) {
		if (xw > 0 || xb > 0) fn(path.slice(0, v.depth[i] - top + 1), xw, xb);
	}
	st.push([0, 1, 0, 0]);
	if (top) path.length = 0;
	else path[0] = v.f[0];
	while (st.length) {
		x = st[st.length - 1];
		i = x[0];
		c = x[1];
		if (c >= v.end[i]) {
			/* done with i: its own samples after its last callee */
			lw = v.w[i] - x[2];
			lb = v.b ? v.b[i] - x[3] : 0;
			if (i >= top) own(i, c, lw, lb);
			st.pop();
			continue;
		}
		/* callee c of i: i's own samples just before it, then c */
		k = v.gap ? v.gap[c] : 0;
		if (i >= top) own(i, c, k, 0);
		x[2] += k + v.w[c];
		x[3] += v.b ? v.b[c] : 0;
		x[1] = v.end[c];
		path[v.depth[c] - top] = v.f[c];
		st.push([c, c + 1, 0, 0]);
	}
}

/* A chart of the runs fn gives (fn(put): put(names, w, b) a run each,
 * in order), below a root "all", named name, with baselines when two:
 * a run that begins as the run before shares those frames, the others
 * are new. */
export function chartof(fn, name, two) {
	var depth = [], f = [], w = [], b = two ? [] : null, gap = [], end = [];
	var open = [0], prev = [], pend = [0], n = 1, md = 0;
	depth.push(0); f.push(model.allid); w.push(0); gap.push(0); end.push(0);
	if (b) b.push(0);
	function close() {
		var i = open.pop();
		end[i] = n;
		pend.pop();
		if (open.length) {
			w[open[open.length - 1]] += w[i];
			if (b) b[open[open.length - 1]] += b[i];
		}
	}
	fn(function (s, sw, sb) {
		var k = 0, j, i, p;
		if (sw === 0 && (!b || sb === 0)) return;
		while (k < s.length && k < prev.length && s[k] === prev[k] && k + 1 < open.length) k++;
		while (open.length > k + 1) close();
		for (j = k; j < s.length; j++) {
			p = open.length - 1;
			i = n++;
			depth.push(j + 1); f.push(s[j]); w.push(0); gap.push(pend[p]); end.push(0);
			if (b) b.push(0);
			pend[p] = 0;
			open.push(i);
			pend.push(0);
			if (j + 1 > md) md = j + 1;
		}
		i = open[open.length - 1];
		w[i] += sw;
		if (b) b[i] += sb;
		pend[pend.length - 1] += sw;
		prev = s;
	});
	while (open.length) close();
	return { name: name, n: n, rooted: true, maxdepth: md, chart: true,
		depth: (md < 255 ? Uint8Array : md < 65535 ? Uint16Array : Uint32Array).from(depth),
		f: Uint32Array.from(f), w: Float64Array.from(w), b: b ? Float64Array.from(b) : null,
		gap: Float64Array.from(gap), end: Uint32Array.from(end), col: null };
}

/* Chart v through the transforms list, each of its runs' stacks taken
 * as TX's functions take them, in order. */
export function charttx(v, list) {
	var fns = list.map(function (t) { return TX[t[0]](t[1]); });
	return chartof(function (put) {
		chartruns(v, function (s, w, b) {
			for (var k = 0; k < fns.length && s; k++) s = fns[k](s);
			if (s && s.length) put(s, w, b);
		});
	}, v.name, !!v.b);
}

/* Chart v's stacks summed: the flame graph of its input. */
export function merged(v) {
	var I = items(1024), X = calleesof(v), O, w0 = 0, b0 = 0, k;
	rank();
	X.nosrc = !v.col;
	X.kids(I, v.rooted ? 1 : 0, v.n, -1);
	for (k = 0; k < I.n; k++) { w0 += I.w[k]; b0 += I.b[k]; }
	O = out(1 + v.n, v);
	put(O, model.allid, 0, w0, b0, -1);
	O = done(merge(O, v, X, I, 0, 0, 1, true), v, v.name);
	return v.van ? withvan(O, v.van) : O;
}
