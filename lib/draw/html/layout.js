/* layout.js: where frames lie on a pane: their row, the frame at a
 * point, a frame's box.  Nothing is laid out ahead: a frame's place is
 * its callers' (tree.js's eachkid), found on the way down from the
 * zoomed frame.  No DOM.
 *
 * A pane: view v zoomed on frame z (path: the frames from the root to
 * z), drawn width x height with the root on top (inv) or at the bottom,
 * rows fh pixels high, of which the canvas shows boxheight pixels,
 * scrolltop down; callees widest first (bywidth) or by name; of z's
 * width the window from x0 to x1 (shares, 0 and 1 all of it) across
 * the pane.  The main pane is the page's canvas (canvas.js); the
 * sandwich adds its callers'. */

import { eachkid } from "./tree.js";
import { state } from "./state.js";

/* the top of row d on the canvas */
export function rowy(P, d) { return (P.inv ? d * P.fh : P.height - (d + 1) * P.fh) - P.scrolltop; }
/* whether the rows from d on, away from the root, are all off the box */
export function rowsgone(P, d) {
	var y = rowy(P, d);
	return P.inv ? y >= P.boxheight : y + P.fh <= 0;
}

/* The frame drawn at canvas point (px, py), or -1. */
export function frameat(P, px, py) {
	var v = P.v, z = P.z, sy = py + P.scrolltop, d = P.inv ? Math.floor(sy / P.fh) : Math.floor((P.height - sy) / P.fh);
	var sc = P.width / ((P.x1 - P.x0) * v.w[z]), xs = px / sc + P.x0 * v.w[z], i = z, x = 0, hit, hx;
	if (d < 0 || d > v.maxdepth || px < 0 || px >= P.width) return -1;
	if (d <= v.depth[z]) return P.path[d];
	function find(c, cx) {
		if (hit < 0 && xs >= cx && xs < cx + v.w[c]) { hit = c; hx = cx; }
	}
	while (v.depth[i] < d) {
		hit = -1;
		eachkid(v, i, x, P.bywidth, find);
		if (hit < 0) return -1;
		i = hit;
		x = hx;
	}
	return v.w[i] * sc >= 0.5 ? i : -1;
}
/* Where frame i of the subtree of frame z starts, in samples from z's
 * start. */
export function xat(v, z, i, bywidth) {
	var a = z, x = 0, c, at;
	function find(k, kx) { if (k === c) at = kx; }
	while (a !== i) {
		for (c = a + 1; v.end[c] <= i; c = v.end[c]) ;
		eachkid(v, a, x, bywidth, find);
		x = at;
		a = c;
	}
	return x;
}
/* The box of frame i on the canvas (its part in the window), or null
 * when it is not drawn. */
export function rect(P, i) {
	var v = P.v, z = P.z, sc = P.width / ((P.x1 - P.x0) * v.w[z]), pw, x, y = rowy(P, v.depth[i]);
	if (i < 0 || i >= v.n || y >= P.boxheight || y + P.fh <= 0) return null;
	if (v.depth[i] <= v.depth[z])
		return P.path[v.depth[i]] === i ? { x: 0, y: y, w: P.width, h: P.fh - 1 } : null;
	if (i < z || i >= v.end[z] || (pw = v.w[i] * sc) < 0.5) return null;
	x = (xat(v, z, i, P.bywidth) - P.x0 * v.w[z]) * sc;
	if (x >= P.width || x + pw <= 0) return null;
	if (x < 0) { pw += x; x = 0; }
	return { x: x, y: y, w: Math.min(pw, P.width - x), h: P.fh - 1 };
}

/* The window on the zoomed frame (nav.js moves it, the URL keeps it):
 * its arithmetic. */
/* the narrowest window, of the zoomed frame's width */
var MINSPAN = 1e-9;

/* The window from x0 to x1 zoomed by k (under 1: in) about share fx of
 * it (the pointer's place), within the whole: [x0, x1]. */
export function zoomwin(x0, x1, fx, k) {
	var at = x0 + fx * (x1 - x0), span = Math.min(1, Math.max(MINSPAN, (x1 - x0) * k)), a = at - fx * span;
	a = Math.max(0, Math.min(1 - span, a));
	return [a, a + span];
}
/* The window from x0 to x1 moved by dx (a share of the whole), within it. */
export function panwin(x0, x1, dx) {
	var span = x1 - x0, a = Math.max(0, Math.min(1 - span, x0 + dx));
	return [a, a + span];
}
/* The window of the URL's x=X0,X1, or the whole. */
export function parsewin(s) {
	var p = String(s || "").split(","), a = +p[0], b = +p[1];
	if (p.length !== 2 || !isFinite(a) || !isFinite(b) || a < 0 || b > 1 || b - a < MINSPAN) return [0, 1];
	return [a, b];
}
/* The window as the URL writes it, or null: the whole. */
export function winparam() {
	if (state.x0 <= 0 && state.x1 >= 1) return null;
	return +state.x0.toPrecision(9) + "," + +state.x1.toPrecision(9);
}
