/* tree.js: what a view's arrays (model.js) say of its tree, worked out
 * when asked: a frame's callees and where each lies along the width,
 * its own samples, the path from the root to it, every frame's caller.
 * A view keeps no start, own samples or caller a frame: a profile of
 * millions of frames draws a few thousand of them.  No DOM. */

import { model } from "./model.js";

/* Call fn(c, x) for each callee c of frame i of view v, in the order
 * drawn, x its start in samples when frame i starts at x0: a flame
 * chart's in input order, each after its gap; else the frame's own
 * samples first, then its callees in the order written (by name), or
 * widest first (bywidth; a tie by that order). */
export function eachkid(v, i, x0, bywidth, fn) {
	var end = v.end, w = v.w, e = end[i], c, x = x0, list, k;
	if (v.gap) {
		for (c = i + 1; c < e; c = end[c]) {
			x += v.gap[c];
			fn(c, x);
			x += w[c];
		}
		return;
	}
	x += ownof1(v, i);
	if (!bywidth || e === i + 1 || end[i + 1] === e) {
		for (c = i + 1; c < e; c = end[c]) { fn(c, x); x += w[c]; }
		return;
	}
	list = [];
	for (c = i + 1; c < e; c = end[c]) list.push(c);
	list.sort(function (a, b) { return w[b] - w[a] || a - b; });
	for (k = 0; k < list.length; k++) { fn(list[k], x); x += w[list[k]]; }
}
/* Frame i's own samples in view v, kept for a frame of many callees
 * (a painter comes back to it). */
function ownof1(v, i) {
	var m = v.own, s, c, k = 0;
	if (m && m.has(i)) return m.get(i);
	s = v.w[i];
	for (c = i + 1; c < v.end[i]; c = v.end[c], k++) s -= v.w[c];
	if (k >= 16) (v.own || (v.own = new Map())).set(i, s);
	return s;
}
/* Frame i's own samples in view v (of the baseline with b). */
export function selfat(v, i, b) {
	var a = b ? v.b : v.w, s = a[i], c;
	for (c = i + 1; c < v.end[i]; c = v.end[c]) s -= a[c];
	return s;
}
/* Every frame's own samples in view v (of the baseline with b), a new array. */
export function selfof(v, b) {
	var a = b ? v.b : v.w, s = new Float64Array(a), end = v.end, i, c;
	for (i = 0; i < v.n; i++)
		for (c = i + 1; c < end[i]; c = end[c]) s[i] -= a[c];
	return s;
}
/* Every frame's caller in view v (-1: none), a new array. */
export function parentof(v) {
	var par = new Int32Array(v.n), end = v.end, i, c;
	par.fill(-1);
	for (i = 0; i < v.n; i++)
		for (c = i + 1; c < end[i]; c = end[c]) par[c] = i;
	return par;
}
/* The frames from view v's root down to frame i, i last. */
export function pathto(v, i) {
	var out = [0], a = 0, c;
	while (a !== i) {
		for (c = a + 1; c < v.end[a] && v.end[c] <= i; c = v.end[c]) ;
		if (c >= v.end[a] || c > i) break;
		out.push(a = c);
	}
	return out;
}
/* The callers of the frames on path p (pathto's), as matchedtext reads
 * them: parent[p[k]], the root's -1. */
export function pathparents(p) {
	var par = {};
	for (var k = 0; k < p.length; k++) par[p[k]] = k ? p[k - 1] : -1;
	return par;
}
/* Frame i's caller in view v (-1: the root). */
export function parentat(v, i) {
	var p = pathto(v, i);
	return p.length > 1 ? p[p.length - 2] : -1;
}
/* Whether each name is of a frame of view v, the root's aside: flags
 * by name id, made once a view. */
export function namesin(v) {
	if (v.names && v.names.length === model.names.length) return v.names;
	var has = v.names = new Uint8Array(model.names.length), f = v.f, i;
	for (i = v.rooted ? 1 : 0; i < v.n; i++) has[f[i]] = 1;
	return has;
}
