/* state.js: the page's one record of state, and the list of its modes.
 *
 * state holds what the reader chose, which the URL keeps (url.js), and
 * what the screen shows of it: the view drawn, the search's matches,
 * the hovered and selected frames, the canvas's size. */
var state = {
	/* chosen, in the URL: the view (v), its elided stacks, the zoomed
	 * frame (z), the mode (a MODES id) and the sandwich's frame (a
	 * label, or by "function" a function), the search and its case,
	 * the direction and order, the transforms ([kind, arg]...), the
	 * theme ("" the system's), the table's rows ("" a frame's label,
	 * "function", "file": tby) */
	v: 0, elided: false, z: 0, mode: "", fn: "", by: "", term: "", icase: false,
	inverted: false, sortwidth: false, tx: [], theme: "", tby: "",
	/* the table's sort (a column, descending) and whether it shows all rows */
	tsort: 0, tdesc: true, tall: false,
	/* on screen: the view drawn (view()), the sandwich's callers and
	 * their pane, the search's expression and its matches (a flag a
	 * name id, null: no search), the hovered frame of the graph and of
	 * the callers, the keyboard's frame (-1: none), the saved view's
	 * blob: URL, what the page says of the state (notice), the pointer
	 * over the graph (the last mousemove there, or null) */
	shown: null, callview: null, callpane: null, re: null, match: null,
	hover: -1, hovercaller: -1, selected: -1, saved: null, notice: "", pointer: null,
	/* the graph's size in CSS pixels, the part of it the box shows
	 * (boxheight, scrolltop down), the device's pixel ratio, and a
	 * repaint asked for */
	width: 0, height: 0, boxheight: 0, scrolltop: 0, dpr: 1, pending: false
};

/* The modes, in the order of their buttons.  id: the URL's m= ("" the
 * graph); btn, button, tip and key: its button's id, words and tip,
 * and its key; title():
 * the page's title in it; view(b): what it draws of view b, the input
 * through the transforms (the table draws none, canvas false, and
 * show(v) fills its element instead); ontop:
 * the root on top whatever the direction; fn: of one function
 * (state.fn, the URL's fn=: its panes' shares are of that function's
 * total, its saved stacks start at it, its callers are drawn above);
 * sorts: the Sort button applies; act(): what its button and key do. */
var MODES = [
	{ id: "", canvas: true, sorts: function () { return !DATA.chart; },
		title: function () { return DATA.chart ? "Flame Chart" : state.inverted ? "Icicle Graph" : "Flame Graph"; },
		view: function (b) { return b; } },
	{ id: "bottomup", btn: "bottomup", button: "Bottom-up", key: "b", tip: "stacks reversed, merged at the leaves (b)",
		canvas: true, sorts: yes, title: function () { return "Bottom-up"; },
		view: function (b) { return bottomupof(b); },
		act: function () { mode("bottomup"); } },
	{ id: "table", btn: "tablebtn", button: "Table", key: "t", tip: "one row a function: self and total (t)",
		canvas: false, sorts: yes, title: function () { return "Function Table"; },
		view: function (b) { return b; }, show: function (v) { table(v); }, act: function () { mode("table"); } },
	{ id: "sandwich", btn: "sandbtn", button: "Sandwich", key: "s",
		tip: "the callers and callees of the hovered or zoomed function (s)", canvas: true,
		ontop: true, fn: true, sorts: yes, title: function () { return "Sandwich"; },
		view: function (b) { return sandwichof(b).callees; },
		act: function () { sandwich(focusname()); } }
];
function yes() { return true; }
/* The mode of id m, or undefined. */
function modeof(m) {
	for (var k = 0; k < MODES.length; k++) if (MODES[k].id === m) return MODES[k];
	return undefined;
}
/* The mode on screen. */
function curmode() { return modeof(state.mode); }
/* The root on top: asked for, or the mode's (the sandwich's callees). */
function rootontop() { return !!curmode().ontop || state.inverted; }
