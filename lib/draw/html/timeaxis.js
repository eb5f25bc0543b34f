/* timeaxis.js: the time mode's axis, a strip under the minimap: the
 * ticks of the part of the axis the canvas shows (axis.js), from the
 * profile's start, and what x is (wall time, the idle shown as gaps,
 * or busy time, the idle closed: by the folder, or here, idle=0, a
 * button and the key i, where the view keeps it as frames; the window
 * in time); a drag across it chooses a window in time (w=,
 * window.js) that every mode then counts, a double click gives the
 * whole back.  Above the minimap, asked for (hm=1), the heat map
 * (heat.js, FlameScope's): a column a second of the whole, a row 20 ms
 * from the top, a cell as red as its busy counts, the window outlined;
 * a drag across its cells chooses the window from the first's start
 * to the last's end. */

import { model, human } from "./model.js";
import { state, curmode, settimewin, setzoom, setheat, setidle } from "./state.js";
import { ticks } from "./axis.js";
import { fracof, charttotal, wallof, isidle } from "./window.js";
import { chartruns } from "./chart.js";
import { heatmap, persecond, cellspan } from "./heat.js";
import { baseview, timebase, idleframes } from "./views.js";
import { xat } from "./layout.js";
import { el, pen, dark } from "./paint.js";
import { mk } from "./toolbar.js";
import { save } from "./url.js";
import { refresh } from "./main.js";

var AXISH = 20, CELLH = 4;

/* The strip and its words, the heat map before the minimap, its button. */
export function timeaxis() {
	var n = mk("div", "axisnote"), b;
	el.mini.parentNode.insertBefore(mk("canvas", "axiscv"), n);
	mk("span", "axiswords", n);
	b = mk("button", "heatbtn", n, "Heat map");
	b.onclick = function () {
		setheat(!state.heat);
		save();
		sizeaxis();
	};
	mk("button", "idlebtn", n).onclick = idletoggle;
	el.mini.parentNode.insertBefore(mk("canvas", "heat"), el.mini);
	n.style.display = el.axiscv.style.display = el.heat.style.display = "none";
	drag(el.axiscv, function (e, r) { return e.clientX - r.left; }, function (p0, p1) {
		var R = axisrange(), k = (R.b - R.a) / state.width, a = Math.floor(R.a + Math.min(p0, p1) * k),
			b = Math.ceil(R.a + Math.max(p0, p1) * k), W = baseview().src || baseview();
		/* on a closed axis, busy time: its places on the whole's */
		if (Math.abs(p1 - p0) >= 3) return R.closed ? [wallof(W, a, false), wallof(W, b, true)] : [a, b];
	});
	drag(el.heat, function (e, r) {
		var H = mapof(), c = Math.floor((e.clientX - r.left) / state.heatcw), w = Math.floor((e.clientY - r.top) / CELLH);
		return Math.max(0, Math.min(H.cols - 1, c)) * H.rows + Math.max(0, Math.min(H.rows - 1, w));
	}, function (k0, k1) { return cellspan(mapof(), k0, k1); });
	el.axiscv.ondblclick = function () {
		if (state.busy || !state.tw) return;
		settimewin(null);
		setzoom(0);
		save();
		refresh();
	};
}
/* A drag on canvas c: at(event, its box) a place, painted as it goes;
 * span(from, to) the counts chosen, or none: the window set to them. */
function drag(c, at, span) {
	c.onmousedown = function (e) {
		var r = c.getBoundingClientRect(), d;
		if (e.button !== 0 || state.busy) return;
		e.preventDefault();
		d = state.adrag = { c: c, p0: at(e, r), p1: at(e, r) };
		function move(e) {
			d.p1 = at(e, r);
			sizeaxis();
		}
		window.addEventListener("mousemove", move);
		window.addEventListener("mouseup", function up() {
			var s = span(d.p0, d.p1), t = walltotal();
			window.removeEventListener("mousemove", move);
			window.removeEventListener("mouseup", up);
			state.adrag = null;
			if (!s || !(s[0] < s[1])) return sizeaxis();
			settimewin([fracof(s[0], t), fracof(s[1], t)]);
			setzoom(0);
			save();
			refresh();
		});
	};
}
function hasaxis() { return !!curmode().time && curmode().canvas && !!state.shown && !!state.shown.chart; }
/* The whole view's heat map, made once a view; none without seconds. */
function mapof() {
	var v = baseview().src || baseview(), per = persecond(model.unit);
	return per && v.chart ? v.heat || (v.heat = heatmap(v, per)) : null;
}

/* The idle frames shown or closed (the button, the key i, idle=), the
 * zoom let go; none where the view keeps none. */
export function idletoggle() {
	if (!hasaxis() || state.busy || !idleframes()) return;
	setidle(!state.idle);
	setzoom(0);
	save();
	refresh();
}
/* The whole axis's counts, idle and all (the window's fractions'). */
function walltotal() {
	var B = baseview();
	return B.total || B.axistotal || (B.axistotal = charttotal(B));
}
/* The whole axis's counts (busy ones where the idle is closed), the
 * window's edges on it, and the counts the canvas shows, [a, b). */
export function axisrange() {
	var v = state.shown, z = state.z, B = timebase(), lo = B.lo || 0, zs = lo + (z ? xat(v, 0, z, false) : 0);
	return { total: B.closed ? B.total : walltotal(), lo: lo, hi: B.hi, closed: B.closed,
		a: zs + state.x0 * v.w[z], b: zs + state.x1 * v.w[z] };
}
/* The idle weight of chart v, counted once. */
function idleof(v) {
	if (v.idlew == null) {
		v.idlew = 0;
		chartruns(v, function (s, w) { if (isidle(s)) v.idlew += w; });
	}
	return v.idlew;
}

/* A canvas of w by h CSS pixels, its context. */
function sized(c, w, h) {
	c.width = Math.round(w * state.dpr);
	c.height = Math.round(h * state.dpr);
	c.style.width = w + "px";
	c.style.height = h + "px";
	var g = c.getContext("2d");
	g.setTransform(state.dpr, 0, 0, state.dpr, 0, 0);
	return g;
}
/* The strip, its words and the heat map, sized and painted. */
export function sizeaxis() {
	var on = hasaxis(), H = on && mapof(), d = state.adrag, g, R, T, idle, s, k, q, cw, lo, hi;
	if (!el.axiscv) return;
	el.axiscv.style.display = el.axisnote.style.display = on ? "" : "none";
	el.heat.style.display = H && state.heat ? "" : "none";
	if (!on || state.busy) return;
	el.heatbtn.disabled = !H;
	R = axisrange();
	T = ticks(R.a, R.b, state.width);
	g = sized(el.axiscv, state.width, AXISH);
	g.font = "11px Verdana, sans-serif";
	g.textBaseline = "top";
	g.fillStyle = dark() ? "#ddd" : "#333";
	T.ticks.forEach(function (t) {
		g.fillRect(Math.round(t.px), 0, 1, 6);
		if (t.px < state.width - 40) g.fillText(t.label, t.px + 3, 6);
	});
	g.fillStyle = "rgba(26,95,208,0.3)";
	if (d && d.c === el.axiscv) g.fillRect(Math.min(d.p0, d.p1), 0, Math.abs(d.p1 - d.p0), AXISH);
	/* what x is: wall time, the idle shown as gaps; busy time, it closed */
	idle = model.data.views[state.v].idle || "";
	s = T.name === "time" ? (idle === "frame" && !R.closed ? "wall " : idle ? "busy " : "") + "time from the start" : model.cname + " in order";
	if (R.closed) s += ", idle closed (" + human(timebase().idle) + " left out)";
	else if (idle === "frame") s += ", idle shown as gaps (" + human(idleof(baseview())) + ")";
	else if (idle) s += ", idle closed by the folder" + (idle.length > 7 ? " (" + human(+idle.slice(7)) + " left out)" : "");
	el.axiswords.textContent = "x: " + s + (state.tw ? "; window " + human(R.lo) + " to " + human(R.hi) + " of " +
		human(R.total) : "");
	el.idlebtn.style.display = idle === "frame" ? "" : "none";
	el.idlebtn.textContent = R.closed ? "Show idle" : "Close idle";
	el.idlebtn.title = (R.closed ? "the idle time as gaps, x wall time" : "the idle time left out, x busy time") + " (i)";
	if (!H || !state.heat) return;
	/* the heat map: white to red; the window's cells outlined, or the drag's */
	cw = state.heatcw = Math.max(1, Math.min(24, Math.floor(state.width / H.cols)));
	g = sized(el.heat, H.cols * cw, H.rows * CELLH);
	for (k = 0; k < H.cell.length; k++) {
		q = H.max > 0 ? 1 - H.cell[k] / H.max : 1;
		g.fillStyle = "rgb(255," + Math.round(255 * q) + "," + Math.round(255 * q) + ")";
		g.fillRect(Math.floor(k / H.rows) * cw, k % H.rows * CELLH, cw - 1, CELLH - 1);
	}
	d = d && d.c === el.heat ? d : null;
	lo = d ? Math.min(d.p0, d.p1) : state.tw ? Math.floor(baseview().lo * H.rows / H.per) : 0;
	hi = d ? Math.max(d.p0, d.p1) : state.tw ? Math.ceil(baseview().hi * H.rows / H.per) - 1 : -1;
	g.strokeStyle = pen.focus;
	for (k = lo; k <= hi; k++) g.strokeRect(Math.floor(k / H.rows) * cw + 0.5, k % H.rows * CELLH + 0.5, cw - 1, CELLH - 1);
}

/* For scripts and tests (window.fg.axis): the counts the strip spans,
 * [a, b), of the whole axis's, and its ticks [pixel, label]; null when
 * it does not show. */
export function axisinfo() {
	if (!hasaxis() || state.busy) return null;
	var R = axisrange();
	return [R.a, R.b, R.total, ticks(R.a, R.b, state.width).ticks];
}
