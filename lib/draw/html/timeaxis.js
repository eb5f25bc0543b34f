/* timeaxis.js: the time mode's axis, a strip under the minimap: the
 * ticks of the part of the axis the canvas shows (axis.js), in the
 * input's unit, from the profile's start, the window in time too; what
 * was done with the idle time said beside it.  A drag across it
 * chooses a window in time (w=, window.js) that every mode then
 * counts; a double click gives the whole back. */

import { model, human } from "./model.js";
import { state, curmode, settimewin, setzoom } from "./state.js";
import { ticks } from "./axis.js";
import { fracof, charttotal } from "./window.js";
import { baseview } from "./views.js";
import { xat } from "./layout.js";
import { el, pen, dark } from "./paint.js";
import { mk } from "./toolbar.js";
import { save } from "./url.js";
import { refresh } from "./main.js";
import { heatview, sizeheat } from "./heatview.js";

var AXISH = 20;

/* The strip, its canvas, and the line that says what x is. */
export function timeaxis() {
	var a = mk("div", "axis");
	a.style.display = "none";
	mk("canvas", "axiscv", a);
	mk("div", "axisnote");
	el.axisnote.style.display = "none";
	mk("span", "axiswords", el.axisnote);
	heatview(el.axisnote);
	el.axiscv.addEventListener("mousedown", axisstart);
	el.axiscv.addEventListener("dblclick", function () {
		if (state.busy || !state.tw) return;
		settimewin(null);
		setzoom(0);
		refresh();
	});
}
function hasaxis() { return !!curmode().time && curmode().canvas && !!state.shown && !!state.shown.chart; }

/* The whole axis's counts, the window's start on it, and the counts
 * the canvas shows, [a, b). */
export function axisrange() {
	var v = state.shown, z = state.z, B = baseview(), lo = B.lo || 0, zs = z ? xat(v, 0, z, false) : 0;
	var total = B.total != null ? B.total : (B.axistotal != null ? B.axistotal : (B.axistotal = charttotal(B)));
	return { total: total, lo: lo, a: lo + zs + state.x0 * v.w[z], b: lo + zs + state.x1 * v.w[z] };
}

/* The strip sized to the canvas and painted. */
export function sizeaxis() {
	var on = hasaxis(), c = el.axiscv, w, h;
	if (!c) return;
	el.axis.style.display = el.axisnote.style.display = on ? "" : "none";
	sizeheat(on);
	if (!on) return;
	w = Math.round(state.width * state.dpr);
	h = Math.round(AXISH * state.dpr);
	if (c.width !== w) c.width = w;
	if (c.height !== h) c.height = h;
	c.style.width = state.width + "px";
	c.style.height = AXISH + "px";
	el.axis.style.width = state.width + "px";
	el.axis.style.height = AXISH + "px";
	paintaxis();
}
/* The ticks of what the canvas shows, a drag's range over them. */
export function paintaxis() {
	var c = el.axiscv, g, R, T, fg = dark() ? "#ddd" : "#333";
	if (!c || !hasaxis() || state.busy) return;
	R = axisrange();
	T = ticks(R.a, R.b, state.width);
	g = c.getContext("2d");
	g.setTransform(state.dpr, 0, 0, state.dpr, 0, 0);
	g.clearRect(0, 0, state.width, AXISH);
	g.font = "11px Verdana, sans-serif";
	g.textBaseline = "top";
	g.fillStyle = g.strokeStyle = fg;
	g.lineWidth = 1;
	T.ticks.forEach(function (t) {
		var x = Math.round(t.px) + 0.5;
		g.beginPath();
		g.moveTo(x, 0);
		g.lineTo(x, 6);
		g.stroke();
		if (t.px + 3 < state.width - 20) g.fillText(t.label, x + 3, 6);
	});
	if (state.adrag) {
		g.fillStyle = "rgba(26, 95, 208, 0.3)";
		g.fillRect(Math.min(state.adrag.p0, state.adrag.p1), 0, Math.abs(state.adrag.p1 - state.adrag.p0), AXISH);
		g.strokeStyle = pen.focus;
	}
	el.axiswords.textContent = axisnote(R, T);
}
/* What x is: the axis's unit and the idle time; the window. */
function axisnote(R, T) {
	var r = model.data.views[state.v], idle = r.idle || "", s;
	s = "x: " + (T.name === "time" ? "time from the profile's start" : model.cname + " in order");
	if (/^closed/.test(idle))
		s += ", idle time closed (" + (idle.split(" ")[1] ? human(+idle.split(" ")[1]) + " of it " : "") +
			"left out: the gaps joined)";
	else if (idle === "frame") s += ", idle time shown as (idle) frames";
	if (state.tw) s += "; window " + human(R.lo) + " to " + human(baseview().hi) + " of " + human(R.total) +
		" (w=; double-click the axis for the whole)";
	else s += "; drag across the axis to choose a window";
	return s;
}

/* A drag across the strip: the window in time from where it began to
 * where it ends, every mode then counting it alone. */
function axisstart(e) {
	var r = el.axiscv.getBoundingClientRect(), p = e.clientX - r.left;
	if (e.button !== 0 || state.busy) return;
	e.preventDefault();
	state.adrag = { p0: p, p1: p, left: r.left };
	window.addEventListener("mousemove", axismove);
	window.addEventListener("mouseup", axisend);
}
function axismove(e) {
	var d = state.adrag;
	d.p1 = Math.max(0, Math.min(state.width, e.clientX - d.left));
	paintaxis();
}
function axisend() {
	var d = state.adrag, R = axisrange(), a, b;
	window.removeEventListener("mousemove", axismove);
	window.removeEventListener("mouseup", axisend);
	state.adrag = null;
	if (!d || Math.abs(d.p1 - d.p0) < 3) { paintaxis(); return; }
	a = R.a + Math.min(d.p0, d.p1) / state.width * (R.b - R.a);
	b = R.a + Math.max(d.p0, d.p1) / state.width * (R.b - R.a);
	a = fracof(Math.floor(a), R.total);
	b = fracof(Math.ceil(b), R.total);
	if (!(a < b)) { paintaxis(); return; }
	settimewin([a, b]);
	setzoom(0);
	save();
	refresh();
}

/* For scripts and tests (window.fg.axis): whether the axis shows, its
 * box on the page, the counts it spans, its ticks ([pixel, label]) and
 * what it says; null when it does not show. */
export function axisinfo() {
	var R, b;
	if (!hasaxis() || state.busy) return null;
	R = axisrange();
	b = el.axiscv.getBoundingClientRect();
	return { x: b.left, y: b.top, w: b.width, h: b.height, a: R.a, b: R.b, lo: R.lo, total: R.total,
		ticks: ticks(R.a, R.b, state.width).ticks.map(function (t) { return [t.px, t.label]; }),
		note: el.axiswords.textContent, heat: state.heat && el.heat.style.display !== "none" ?
			el.heat.getBoundingClientRect().toJSON() : null };
}
