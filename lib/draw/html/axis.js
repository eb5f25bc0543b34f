/* axis.js: the time axis of a view in time order: its ticks, a step
 * of 1, 2 or 5 times a power of ten in the input's unit (ns, us, ms,
 * s, as the labels say; "samples", counts, where the input has no
 * time) that follows the zoom, at least MINPX pixels apart; a point's
 * and a span's words.  No DOM. */

import { model, human, TIME } from "./model.js";
import { group } from "../viewer.js";

var UNITS = [[1, "ns"], [1e3, "\u00b5s"], [1e6, "ms"], [1e9, "s"]];
/* the least room between two ticks, in pixels */
export var MINPX = 80;

/* The step of 1, 2 or 5 times a power of ten at least min. */
export function nicestep(min) {
	var p = Math.pow(10, Math.floor(Math.log10(min))), k;
	for (k = 0; k < 3; k++) {
		var s = [1, 2, 5][k] * p;
		if (s >= min * (1 - 1e-12)) return s;
	}
	return 10 * p;
}

/* The ticks of the axis from count a to count b drawn px pixels wide,
 * in the model's unit: { step: in counts,
 * name: the axis's unit in words, ticks: [{ x: a count, px: its pixel,
 * label }] }, a tick at each multiple of step from a to b.  A count is
 * no finer than one: a step of counts at least 1. */
export function ticks(a, b, px) {
	var ns = TIME[model.unit], span = b - a, out = [], k, x, step, lab;
	if (!(span > 0) || !(px > 0)) return { step: 0, name: "", ticks: out };
	step = nicestep(span * (ns || 1) * MINPX / px);
	lab = ns ? timefmt(step) : group;
	step = ns ? step / ns : Math.max(1, step);
	for (k = Math.ceil(a / step - 1e-9); (x = k * step) <= b + step * 1e-9; k++)
		out.push({ x: x, px: (x - a) / span * px, label: lab(ns ? x * ns : x) });
	return { step: step, name: ns ? "time" : model.cname, ticks: out };
}

/* The labels of ticks step nanoseconds apart: in the largest unit of
 * which the step is a tenth or more, with the one decimal it needs. */
function timefmt(step) {
	var k = UNITS.length - 1;
	while (k > 0 && step < UNITS[k][0] / 10 * (1 - 1e-12)) k--;
	var d = step >= UNITS[k][0] * (1 - 1e-12) ? 0 : 1;
	return function (t) {
		var v = t / UNITS[k][0];
		return t ? (d ? v.toFixed(1) : group(Math.round(v))) + " " + UNITS[k][1] : "0";
	};
}

/* A frame's place on the axis in words: "at START for DURATION", start
 * and width in counts. */
export function spanwords(start, w) {
	return "at " + (start ? human(start) : "0") + " for " + human(w);
}
