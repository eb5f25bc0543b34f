/* window.js: a window in time on a view in time order (a chart,
 * chart.js), cut exactly as `fg-filter --window FROM,TO` cuts the
 * folded lines (lib/folded/window.c): FROM and TO fractions of the
 * whole, at most 9 decimals (billionths); on the axis of the summed
 * counts, idle frames and all, an edge at floor(total * fraction), a
 * whole count; a run cut at an edge keeps its part inside [lo, hi).
 * The URL's w=FROM,TO writes them as the command line takes them.
 * No DOM. */

import { chartruns, chartof } from "./chart.js";
import { model } from "./model.js";
import { tellprogress } from "./merge.js";

var BILLION = 1000000000;

/* Fraction f (0 to 1) in billionths, a whole number. */
function billionths(f) { return Math.max(0, Math.min(BILLION, Math.round(f * BILLION))); }

/* The window's edges on an axis of total counts (a whole number): the
 * counts lo and hi at floor(total * f0) and floor(total * f1), as
 * fg-filter's, exact past 2^53 in the product. */
export function winedges(total, f0, f1) {
	var t = BigInt(Math.floor(total)), B = BigInt(BILLION);
	return [Number(t * BigInt(billionths(f0)) / B), Number(t * BigInt(billionths(f1)) / B)];
}

/* The smallest fraction of at most 9 decimals whose edge on an axis of
 * total counts is at count x or past it: x's own where the axis has
 * fewer than a billion counts. */
export function fracof(x, total) {
	if (!(total > 0) || x <= 0) return 0;
	if (x >= total) return 1;
	var t = BigInt(Math.floor(total)), B = BigInt(BILLION), n = BigInt(Math.ceil(x)) * B;
	return Number((n + t - 1n) / t) / BILLION;
}

/* The URL's w=FROM,TO: [f0, f1], fractions of at most 9 decimals with
 * f0 < f1, or null (none, or not a window: the whole). */
export function parsewindow(s) {
	var p = String(s || "").split(","), a, b;
	function frac(x) { return /^([0-9]{1,12}(\.[0-9]{0,9})?|\.[0-9]{1,9})$/.test(x) && +x <= 1 ? billionths(+x) / BILLION : NaN; }
	if (p.length !== 2) return null;
	a = frac(p[0]);
	b = frac(p[1]);
	if (!(a < b) || (a === 0 && b === 1)) return null;
	return [a, b];
}
/* A window as the URL's w= and fg-filter write it: fractions of at
 * most 9 decimals, no trailing zeros. */
export function windowparam(f0, f1) {
	function s(f) { return (billionths(f) / BILLION).toFixed(9).replace(/\.?0+$/, ""); }
	return s(f0) + "," + s(f1);
}

/* The total counts of chart v: its axis, the sum of its runs. */
export function charttotal(v) {
	var t = 0;
	chartruns(v, function (s, w) { t += w; });
	return t;
}

/* Each run of chart v in the window [lo, hi) of its counts, cut to it:
 * fn(names, w, b, start), start its place on the axis (of the part
 * kept), in order.  b is kept only where the run is whole. */
export function windowruns(v, lo, hi, fn) {
	var at = 0;
	chartruns(v, function (s, w, b) {
		var a = at, e = at + w, l = a > lo ? a : lo, h = e < hi ? e : hi;
		at = e;
		if (l < h) fn(s, h - l, l === a && h === e ? b : 0, l);
	});
}

/* Chart v cut to the window of fractions tw ([f0, f1]): a chart of
 * its runs in the window, those cut keeping their part inside; lo and
 * hi, its edges on v's axis, total, v's axis's counts, and src, v. */
export function windowchart(v, tw) {
	var total = charttotal(v), e = winedges(total, tw[0], tw[1]), n = 0, W;
	/* how far, told by the runs' place on the axis (the worker's line) */
	W = chartof(function (put) {
		windowruns(v, e[0], e[1], function (s, w, b, at) {
			if (++n % 4096 === 0) tellprogress((at - e[0]) / (e[1] - e[0]));
			put(s, w, b);
		});
	}, v.name, !!v.b);
	W.lo = e[0];
	W.hi = e[1];
	W.total = total;
	W.src = v;
	return W;
}

/* Whether a run of stack s is idle time: the (idle) frame the folders
 * keep under the root (# fg: idle=frame). */
export function isidle(s) { return s.length === 1 && model.names[s[0]] === "(idle)"; }

/* Chart v (a whole, or a window of one: its src) with its idle runs
 * left out, the gaps closed, the runs on either side joined where
 * their stacks are the same (as cpuprofile-fold closes them): its axis
 * busy time, lo, hi and total on it (the idle before the window taken
 * off), idle the weight left out of it. */
export function closedchart(v) {
	var lo = v.lo || 0, at = 0, before = 0, all = 0, idle = 0, C;
	chartruns(v.src || v, function (s, w) {
		if (isidle(s)) {
			all += w;
			before += Math.max(0, Math.min(w, lo - at));
		}
		at += w;
	});
	C = chartof(function (put) {
		chartruns(v, function (s, w, b) {
			if (isidle(s)) idle += w;
			else put(s, w, b);
		});
	}, v.name, !!v.b);
	C.lo = lo - before;
	C.hi = C.lo + C.w[0];
	C.total = at - all;
	C.idle = idle;
	C.closed = true;
	return C;
}
/* The count on chart v's axis, idle and all, at x of its busy counts
 * (x on its closed axis, closedchart's): past the idle there, or
 * before it (end). */
export function wallof(v, x, end) {
	var at = 0, busy = 0, r = -1;
	chartruns(v, function (s, w) {
		if (r < 0 && !isidle(s) && (end ? x <= busy + w : x < busy + w)) r = at + Math.max(0, x - busy);
		at += w;
		if (!isidle(s)) busy += w;
	});
	return r < 0 ? at : r;
}
