/* heatview.js: the time mode's heat map (heat.js, FlameScope's view),
 * above the minimap when asked for (the Heat map button beside the
 * axis's words, hm=1): a column a second of the whole profile, a row
 * 20 ms within it, from the top, each cell as red as its busy counts
 * (white: none); the window in time outlined.  A drag from a cell to
 * another chooses the window from the first's start to the last's end,
 * in time order, as the axis's drag does. */

import { model, human } from "./model.js";
import { state, settimewin, setzoom, setheat } from "./state.js";
import { heatmap, persecond, cellspan } from "./heat.js";
import { fracof } from "./window.js";
import { wholeview, baseview } from "./views.js";
import { el, pen } from "./paint.js";
import { mk } from "./toolbar.js";
import { save } from "./url.js";
import { refresh } from "./main.js";

/* a cell's height, and its width at most */
var CELLH = 4, CELLW = 24;

/* The map's canvas, before the minimap, and its button in parent. */
export function heatview(parent) {
	var b = mk("button", "heatbtn", parent, "Heat map");
	b.type = "button";
	b.title = "a column a second, a row 20 ms: where the profile was busy (hm=1)";
	b.addEventListener("click", function () {
		if (state.busy) return;
		setheat(!state.heat);
		save();
		sizeheat();
	});
	var c = mk("canvas", "heat");
	c.style.display = "none";
	el.mini.parentNode.insertBefore(c, el.mini);
	c.addEventListener("mousedown", heatstart);
}
/* The whole view's map, made once a view. */
function mapof() {
	var v = wholeview(), per = persecond(model.unit);
	if (!per || !v.chart) return null;
	if (!v.heat) v.heat = heatmap(v, per);
	return v.heat;
}
/* Whether the map can show (a time axis: seconds), the button says. */
export function sizeheat(on) {
	var c = el.heat, H, w, h;
	if (!c) return;
	H = on === false ? null : mapof();
	el.heatbtn.style.display = on === false ? "none" : "";
	el.heatbtn.disabled = !H;
	if (!H) el.heatbtn.title = "the counts are no time: no seconds to map";
	el.heatbtn.setAttribute("aria-pressed", state.heat && H ? "true" : "false");
	c.style.display = state.heat && H ? "" : "none";
	if (!state.heat || !H) return;
	state.heatcw = Math.max(1, Math.min(CELLW, Math.floor(state.width / H.cols)));
	w = H.cols * state.heatcw;
	h = H.rows * CELLH;
	c.width = Math.round(w * state.dpr);
	c.height = Math.round(h * state.dpr);
	c.style.width = w + "px";
	c.style.height = h + "px";
	paintheat();
}
export function paintheat() {
	var c = el.heat, H = state.heat && mapof(), g, k, x, cw, B, lo, hi, a, e, q;
	if (!H || c.style.display === "none") return;
	cw = state.heatcw;
	g = c.getContext("2d");
	g.setTransform(state.dpr, 0, 0, state.dpr, 0, 0);
	g.clearRect(0, 0, H.cols * cw, H.rows * CELLH);
	for (k = 0; k < H.cell.length; k++) {
		q = H.max > 0 ? H.cell[k] / H.max : 0;
		g.fillStyle = q ? "rgb(255," + Math.round(235 * (1 - q)) + "," + Math.round(220 * (1 - q)) + ")" : "#fff";
		g.fillRect(Math.floor(k / H.rows) * cw, (k % H.rows) * CELLH, cw - (cw > 3 ? 1 : 0), CELLH - 1);
	}
	/* the window's cells outlined, and the drag's */
	B = baseview();
	lo = state.hdrag ? Math.min(state.hdrag.k0, state.hdrag.k1) : B.lo != null ? Math.floor(B.lo * H.rows / H.per) : -1;
	hi = state.hdrag ? Math.max(state.hdrag.k0, state.hdrag.k1) : B.hi != null ? Math.ceil(B.hi * H.rows / H.per) - 1 : -1;
	g.strokeStyle = pen.focus;
	g.lineWidth = 1;
	for (k = lo; k >= 0 && k <= hi; k++) {
		x = Math.floor(k / H.rows) * cw;
		a = (k % H.rows) * CELLH;
		e = CELLH;
		g.strokeRect(x + 0.5, a + 0.5, cw - 1, e - 1);
	}
	c.title = "a column a second (" + H.cols + "), a row " + human(H.per / H.rows) + "; the reddest cell " +
		human(H.max) + " busy";
}
/* The cell at a point of the map, or -1. */
function cellat(e) {
	var H = mapof(), r = el.heat.getBoundingClientRect(), col = Math.floor((e.clientX - r.left) / state.heatcw);
	var row = Math.floor((e.clientY - r.top) / CELLH);
	if (!H) return -1;
	col = Math.max(0, Math.min(H.cols - 1, col));
	row = Math.max(0, Math.min(H.rows - 1, row));
	return col * H.rows + row;
}
function heatstart(e) {
	var k = cellat(e);
	if (e.button !== 0 || state.busy || k < 0) return;
	e.preventDefault();
	state.hdrag = { k0: k, k1: k };
	window.addEventListener("mousemove", heatmove);
	window.addEventListener("mouseup", heatend);
	paintheat();
}
function heatmove(e) {
	state.hdrag.k1 = cellat(e);
	paintheat();
}
function heatend() {
	var d = state.hdrag, H = mapof(), s;
	window.removeEventListener("mousemove", heatmove);
	window.removeEventListener("mouseup", heatend);
	state.hdrag = null;
	if (!d || !H) return;
	s = cellspan(H, d.k0, d.k1);
	if (!(s[0] < s[1])) { paintheat(); return; }
	settimewin([fracof(s[0], H.total), fracof(s[1], H.total)]);
	setzoom(0);
	save();
	refresh();
}
