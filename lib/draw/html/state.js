/* state.js: the page's one record of state, and the list of its modes.
 *
 * state holds what the reader chose, which the URL keeps (url.js), and
 * what the screen shows of it: the view drawn, the search's matches,
 * the hovered and selected frames, the canvas's size. */

import { timeordered } from "./model.js";

export var state = {
	/* chosen, in the URL: the view (v), its elided stacks, the zoomed
	 * frame (z), the mode (a MODES id) and the sandwich's frame (a
	 * label, or by "function" a function), the search and its case,
	 * the direction and order, the transforms ([kind, arg]...), the
	 * theme ("" the system's), the table's rows ("" a frame's label,
	 * "function", "file": tby) */
	v: 0, elided: false, z: 0, mode: "", fn: "", by: "", term: "", icase: false,
	inverted: false, sortwidth: false, tx: [], theme: "", tby: "",
	/* the comparison (cmp: [baseline, target], views' numbers, or
	 * null), its toggles (cneg: the baseline drawn, coloured baseline
	 * minus target; cnorm: fg-diff -n; cstrip: --strip-lines; cnoise:
 * the changes within noise hatched, noise.js), the side
	 * shown ("": the difference, "b", "t"; state.v then that view), why
	 * it cannot be (cwhy), and the zoomed frame's names kept across a
	 * flip (zkeep, and the window on it, zwin) */
	cmp: null, cneg: false, cnorm: false, cstrip: false, cnoise: true, cside: "", cwhy: "", zkeep: null, zwin: null,
	/* the window on the zoomed frame: its width from x0 to x1 (shares)
	 * across the canvas, the wheel's and a drag's (nav.js); a repaint
	 * and a save of it asked for, a drag under way (of the graph, of
	 * the minimap) or just done, the minimap's picture on its canvas
	 * and the last made (nav.js's minipic), one made while idle under
	 * way (minidue), and whether the graph's minimap is kept (shown
	 * since its first zoom) */
	x0: 0, x1: 1, winpaint: false,
	/* the window in time (w=), fractions of the whole axis [f0, f1] of
	 * a view in time order, null: the whole (window.js) */
	tw: null, winsave: 0, drag: null, dragged: false, mdrag: null,
	minifor: null, minipic: null, minidue: null, minikept: false,
	/* a drag across the time axis under way (timeaxis.js) */
	adrag: null,
	/* the heat map shown (hm=1), its cells' width, a drag on it (timeaxis.js) */
	heat: false, heatcw: 1, hdrag: null,
	/* the time mode's idle frames shown, as gaps (idle=0: closed) */
	idle: true,
	/* the table's sort (a column, descending) and whether it shows all rows */
	tsort: 0, tdesc: true, tall: false,
	/* on screen: the view drawn (view()), the sandwich's callers and
	 * their pane, the search's expression and its matches (a flag a
	 * name id, null: no search), the hovered frame of the graph and of
	 * the callers, the keyboard's frame (-1: none), the saved view's
	 * blob: URL, the path to the zoomed frame (canvas.js's zpath), what
	 * the page says of the state (notice: why the mode asked for is not
	 * shown...), the pointer over the graph (the last mousemove there,
	 * or null) */
	shown: null, callview: null, callpane: null, re: null, match: null,
	hover: -1, hovercaller: -1, selected: -1, saved: null, zpath: null, notice: "", pointer: null,
	/* the work under way: each refresh's number (the last one shows),
	 * whether the worker has a view lent (busy), the jobs in a row
	 * (queue, a promise), and whether views.js throws what it needs
	 * rather than do it (lazy) */
	gen: 0, busy: false, queue: null, lazy: false,
	/* the table's rows counted ahead, while the page is idle, and the
	 * views let go of while on screen (views.js) */
	ahead: null, gone: [],
	/* the graph's size in CSS pixels, the part of it the box shows
	 * (boxheight, scrolltop down), the device's pixel ratio, and a
	 * repaint asked for */
	width: 0, height: 0, boxheight: 0, scrolltop: 0, dpr: 1, pending: false
};

/* The modes, in the order of their buttons.  id: the URL's m= ("" the
 * graph); btn, button, tip and key: its button's id, words and tip,
 * and its key; title():
 * the page's title in it; view: what it draws of view b, the input
 * through the transforms: b itself (""), or one of views.js's FORMS
 * of it ("bottomup", "callees": the sandwich's; the table draws none, canvas false, and
 * show(v) fills its element instead, with its rows, rowsof(v)); ontop:
 * the root on top whatever the direction; fn: of one function
 * (state.fn, the URL's fn=: its panes' shares are of that function's
 * total, its saved stacks start at it, its callers are drawn above);
 * sorts: the Sort button applies; keeps: what of the view it draws is
 * kept while memory is short (views.js's prune); act(): what its button
 * and key do;
 * pairs(q): the URL's keys of its own, added to q (url.js); time: its
 * view is in time order (chart.js; views.js's current()); ok(): whether
 * it can show the view on screen (no: why not, on the page). */
export var MODES = [
	{ id: "", canvas: true, sorts: yes,
		title: function () { return state.inverted ? "Icicle Graph" : "Flame Graph"; },
		view: "" },
	{ id: "time", btn: "timebtn", button: "Time", key: "c", time: true,
		tip: "the stacks in the order they came, each where it happened: a flame chart (c)",
		canvas: true, sorts: no, title: function () { return "Flame Chart"; },
		view: "", act: function () { SCREEN.mode("time"); },
		/* only a view in time order has one */
		ok: function () { return timeordered(state.v) && !comparing(); },
		no: "no time order in this profile: fold it with --time-order (its \u201c# fg: order=time\u201d header), " +
			"or make the page with fg-html --flamechart" },
	{ id: "bottomup", btn: "bottomup", button: "Bottom-up", key: "b", tip: "stacks reversed, merged at the leaves (b)",
		canvas: true, sorts: yes, keeps: "bottomup", title: function () { return "Bottom-up"; },
		view: "bottomup",
		act: function () { SCREEN.mode("bottomup"); } },
	{ id: "table", btn: "tablebtn", button: "Table", key: "t", tip: "one row a function: self and total (t)",
		canvas: false, rows: true, sorts: yes, title: function () { return "Function Table"; },
		view: "", show: function (v) { SCREEN.table(v); }, act: function () { SCREEN.mode("table"); },
		pairs: function (q) { if (state.tby) q.push(["tb", state.tby]); } },
	{ id: "sandwich", btn: "sandbtn", button: "Sandwich", key: "s",
		tip: "the callers and callees of the hovered, selected or zoomed frame (s)", canvas: true,
		ontop: true, fn: true, sorts: yes, keeps: "sand", title: function () { return "Sandwich"; },
		view: "callees",
		act: function () { SCREEN.sandwich(); },
		pairs: function (q) { q.push(["fn", state.fn]); if (state.by) q.push(["by", state.by]); } }
];
/* What the modes' buttons and keys do, and how the table fills its
 * element: the screen's (main.js's mode, table.js's table, the
 * sandwich of the frame in focus), given once as the page starts
 * (setscreen), so that this file calls no screen code of its own. */
var SCREEN = { mode: null, table: null, sandwich: null };
export function setscreen(s) {
	SCREEN.mode = s.mode;
	SCREEN.table = s.table;
	SCREEN.sandwich = s.sandwich;
}
/* The setters of what the reader chose, which the URL keeps (url.js):
 * the only writers of those fields.  The view (v) and its elided
 * stacks; the zoomed frame (z), the whole of it; the window on it; the
 * mode (a MODES id); the sandwich's frame and its by; the search and
 * its case; the direction and order; the theme; the table's rows; the
 * transforms: a list, one added, one taken away (k; -1: the last). */
export function setbase(v, elided) {
	state.v = v;
	state.elided = elided;
}
export function setzoom(z) {
	state.z = z;
	state.x0 = 0;
	state.x1 = 1;
}
export function setwindow(x0, x1) {
	state.x0 = x0;
	state.x1 = x1;
}
/* The window in time: [f0, f1] (fractions of the whole) or null. */
export function settimewin(tw) { state.tw = tw; }
/* The heat map shown or not. */
export function setheat(on) { state.heat = on; }
/* The idle time shown in the time mode, or closed. */
export function setidle(on) { state.idle = on; }
export function setmode(m) { state.mode = m; }
/* The comparison: views b and t (c null: none), its toggles; the side
 * shown ("", "b", "t"). */
export function setcmp(c, neg, norm, strip) {
	state.cmp = c;
	state.cneg = neg;
	state.cnorm = norm;
	state.cstrip = strip;
	if (!c) state.cside = "";
}
export function setcside(s) { state.cside = state.cmp ? s : ""; }
export function setcnoise(on) { state.cnoise = on; }
/* Whether the comparison is on screen (not one of its sides). */
export function comparing() { return !!state.cmp && !state.cside; }
export function setfn(fn, by) {
	state.fn = fn;
	state.by = by;
}
export function setsearch(term, icase) {
	state.term = term;
	state.icase = icase;
}
export function setlook(inverted, sortwidth) {
	state.inverted = inverted;
	state.sortwidth = sortwidth;
}
export function settheme(t) { state.theme = t; }
export function settableby(by) { state.tby = by; }
export function settx(tx) { state.tx = tx; }
export function pushtx(kind, arg) { state.tx.push([kind, arg]); }
export function droptx(k) { state.tx.splice(k < 0 ? state.tx.length - 1 : k, 1); }
function yes() { return true; }
function no() { return false; }
/* Whether mode m can show the view on screen (its ok()). */
export function modeok(m) { return !m.ok || m.ok(); }
/* The mode a view opens in without m= in the URL: the time mode for a
 * view in time order, else the graph. */
export function defaultmode() { return timeordered(state.v) && !comparing() ? "time" : ""; }
/* The mode of id m, or undefined. */
export function modeof(m) {
	for (var k = 0; k < MODES.length; k++) if (MODES[k].id === m) return MODES[k];
	return undefined;
}
/* The mode on screen. */
export function curmode() { return modeof(state.mode); }
/* The root on top: asked for, or the mode's (the sandwich's callees). */
export function rootontop() { return !!curmode().ontop || state.inverted; }
