/* colors.js: a view's colours, as indexes into the page's table
 * (model.colors, each with its label's colour in model.labels): a
 * differential view's by its own changes, each name's first in a
 * view, and a colour added to the table when first looked up.  No DOM. */

import { model } from "./model.js";

/* Colours of a differential view, by its own changes (fg's scale: red
 * grew, blue shrank, green new). */
export function diffcolors(v) {
	var i, d, m = 0, memo = new Int32Array(512).fill(-1), nw = -1;
	for (i = 1; i < v.n; i++) if (Math.abs(v.w[i] - v.b[i]) > m) m = Math.abs(v.w[i] - v.b[i]);
	for (i = 0; i < v.n; i++) {
		d = v.w[i] - v.b[i];
		/* --negate=hues: red and blue swapped, no green (fg's frame_rgb) */
		if (model.data.hues) d = -d;
		else if (v.b[i] === 0 && v.w[i] > 0 && i) { v.col[i] = nw < 0 ? nw = colorindex(NEW) : nw; continue; }
		v.col[i] = shade(d, m, memo);
	}
}
/* The index of delta(d, m)'s colour, memo (512 of -1 at first) keeping
 * each shade's, by its sign and channel value. */
function shade(d, m, memo) {
	var k = m <= 0 || d === 0 ? 511 : (d > 0 ? 256 : 0) + (210 * (m - Math.min(Math.abs(d), m)) / m | 0);
	return memo[k] >= 0 ? memo[k] : (memo[k] = colorindex(delta(d, m)));
}
/* new frames' colour (color.c's color_new), and the key of a
 * differential view's colours (legend.c's): with neg, of the baseline
 * drawn, coloured baseline minus target */
var NEW = "#3cb371";
export function difflegend(neg) {
	return neg ? [["larger in the baseline", "#ff0000"], ["larger in the target", "#0000ff"], ["only in the baseline", NEW]] :
		[["grew", "#ff0000"], ["shrank", "#0000ff"], ["new", NEW]];
}
/* The key of an elided view's colours (elidedcolors): every frame a
 * stack the column drawn lacks, the deeper the more it held of the
 * other: the baseline's (with neg, the target's: the baseline drawn);
 * hues (--negate=hues): red, not blue. */
export function elidedlegend(neg, hues) {
	return [[neg ? "only in the target" : "only in the baseline", hues ? "#ff0000" : "#0000ff"]];
}
/* The colours of elided view v (its widths the baseline's, the target
 * none), as fg-html colours fg-diff's vanished stacks (html.c): each
 * frame's change, all its width lost, on the scale of the whole. */
export function elidedcolors(v) {
	var c = v.col = new Uint32Array(v.n), m = v.w[0], memo = new Int32Array(512).fill(-1), i;
	for (i = 0; i < v.n; i++) c[i] = shade(model.data.hues ? v.w[i] : -v.w[i], m, memo);
}
/* the colour of each name's first frame in view v (-1: none) */
export function namecolors(v) {
	if (v.namecol && v.namecol.length === model.names.length) return v.namecol;
	var c = v.namecol = new Int32Array(model.names.length).fill(-1), i;
	for (i = v.n - 1; i >= 0; i--) c[v.f[i]] = v.col[i];
	return c;
}
/* the page's colours' indexes by #rrggbb, once a colour is looked up */
var CIDX = null;
function hex(r, g, b) {
	return "#" + [r, g, b].map(function (x) { return (x | 0).toString(16).padStart(2, "0"); }).join("");
}
/* color_delta of lib/draw/color.c */
function delta(d, m) {
	if (m <= 0 || d === 0) return "#ffffff";
	if (d > m) d = m;
	if (d < -m) d = -m;
	if (d > 0) return hex(255, 210 * (m - d) / m, 210 * (m - d) / m);
	return hex(210 * (m + d) / m, 210 * (m + d) / m, 255);
}
/* The page's index of colour c (#rrggbb), with a label colour of the
 * higher contrast on it (color_label's rule). */
function colorindex(c) {
	if (!CIDX) {
		CIDX = {};
		model.colors.forEach(function (x, k) { CIDX[x] = k; });
	}
	if (CIDX[c] !== undefined) return CIDX[c];
	CIDX[c] = model.colors.length;
	model.colors.push(c);
	var l = luminance(c);
	model.labels.push((l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000000" : "#ffffff");
	return CIDX[c];
}
function luminance(c) {
	var k, x, l = [0, 0, 0];
	for (k = 0; k < 3; k++) {
		x = parseInt(c.substr(1 + 2 * k, 2), 16) / 255;
		l[k] = x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
	}
	return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}
