/* sandwich.js: the sandwich of a function (m=sandwich&fn=): its line of
 * totals, and its callers' box above the graph, which holds its
 * callees (views.js builds both). */

import { pct } from "../viewer.js";
import { labelof, human, shown } from "./model.js";
import { setfn, setmode, state, curmode } from "./state.js";
import { noise } from "./tabulate.js";
import { current, sandwichof } from "./views.js";
import { frameat } from "./layout.js";
import { el, pen, paintpane } from "./paint.js";
import { mk } from "./toolbar.js";
import { unzoom } from "./canvas.js";
import { unhover, describe, tipline, showtip, change } from "./hover.js";
import { refresh } from "./main.js";

/* The sandwich of the frames labelled fn (annotation and all), or with
 * by "function" of function fn, if a frame has it; none named: the
 * page says why. */
export function sandwich(fn, by) {
	if (fn == null || fn === "") {
		el.notice.textContent = "The sandwich is of the frame under the pointer, the keyboard's or the " +
			"zoomed one: hover over a frame, or select or zoom to one, first.";
		return;
	}
	setfn(fn, by || "");
	setmode("sandwich");
	unzoom();
	refresh();
}
/* the label of the hovered frame, else of the selected or the zoomed one */
export function focusname() {
	var v = state.shown, s = state.selected;
	if (state.hovercaller >= 0) return labelof(state.callview.f[state.hovercaller]);
	if (state.hover >= 0) return labelof(v.f[state.hover]);
	if (s > 0 || (s === 0 && !v.rooted)) return labelof(v.f[s]);
	return state.z > 0 || !v.rooted ? labelof(v.f[state.z]) : null;
}

/* The sandwich's function: its self and total. */
export function sandinfo() {
	var c = el.sandinfo, v = state.shown, b, all, self;
	c.textContent = "";
	if (!curmode().fn) return;
	b = current();
	all = b.w[0];
	self = noise(sandwichof(b).self, all);
	c.textContent = "Sandwich of " + (state.by ? state.by + " " : "") + shown(state.fn) + ": total " + human(v.w[0]) + " (" +
		pct(v.w[0], all) + "), self " + human(self) + " (" + pct(self, all) + ")" +
		/* differential: the other column's total and the change, as fg-top's base, delta and delta% */
		(v.b ? "; " + change(v, 0, all) : "") +
		" \u2014 callers above, callees below";
}

/* The callers' box, above the graph's: a canvas in a sheet it scrolls. */
export function callersbox() {
	var cb = mk("div", "callersbox");
	mk("canvas", "callers", mk("div", "callsheet", cb)).addEventListener("mousemove", hovercallers);
	cb.addEventListener("scroll", callscrolled);
	el.callers.addEventListener("mouseleave", unhover);
	el.callers.addEventListener("click", function (e) {
		var i = callersat(e);
		if (i > 0) sandwich(labelof(state.callview.f[i]));
	});
}
/* The sandwich's callers above its callees: fn's row at the bottom,
 * opened there; a deep one scrolls its whole depth, as the graph does:
 * the sheet as tall as the callers, the canvas the box's height, moved
 * along and painted again as it scrolls. */
export function callers() {
	var c = el.callers, box = el.callersbox, cv = state.callview, bh;
	var full = cv ? (cv.maxdepth + 1) * pen.frameh + 2 : 0;
	box.style.display = cv ? "block" : "none";
	if (!cv) return;
	box.style.width = state.width + "px";
	el.callsheet.style.height = full + "px";
	c.style.height = "0";
	bh = Math.min(full, box.clientHeight || full);
	c.width = Math.round(state.width * state.dpr);
	c.height = Math.round(bh * state.dpr);
	c.style.width = state.width + "px";
	c.style.height = bh + "px";
	box.scrollTop = full;
	state.callpane = { v: cv, z: 0, path: [0], inv: false, width: state.width, height: full, boxheight: bh,
		scrolltop: box.scrollTop, fh: pen.frameh, bywidth: state.sortwidth, x0: 0, x1: 1 };
	paintcallers();
}
function paintcallers() {
	el.callers.style.top = state.callpane.scrolltop + "px";
	paintpane(state.callpane, el.callers.getContext("2d"));
}
/* the callers' box scrolled: their canvas moved along, painted again */
function callscrolled() {
	var P = state.callpane;
	if (!P || P.scrolltop === el.callersbox.scrollTop) return;
	P.scrolltop = el.callersbox.scrollTop;
	paintcallers();
	unhover();
}
/* the callers' frame under the pointer of event e, or -1 */
function callersat(e) {
	var r = el.callers.getBoundingClientRect();
	return state.callpane ? frameat(state.callpane, e.clientX - r.left, e.clientY - r.top) : -1;
}
/* a frame of the sandwich's callers: its card, no zoom (a click opens
 * its own sandwich) */
function hovercallers(e) {
	var i = callersat(e);
	if (i < 0) { unhover(); return; }
	el.callers.style.cursor = "pointer";
	state.hovercaller = i;
	el.tip.textContent = "";
	describe(state.callview, i).forEach(function (l) { tipline(el.tip, l[0], l[1]); });
	showtip(e);
}
