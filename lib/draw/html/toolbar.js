/* toolbar.js: the page's head: the title, what a differential view
 * compares, the toolbar (view selector, direction, order, the modes'
 * buttons, search, theme), the elided banner; built here, so the
 * page's HTML holds no text of the data. */

import { sourcepane } from "./source.js";
import { pct, group } from "../viewer.js";
import { model, human } from "./model.js";
import { setlook, state, MODES, settheme, curmode, modeok, setbase, setcside, comparing, setcnoise } from "./state.js";
import { onlyelided, current, viewrec, choosecmp } from "./views.js";
import { pathto } from "./tree.js";
import { inexact, vanishedof, treerows } from "./save.js";
import { save } from "./url.js";
import { el, themecolors, dark, paint } from "./paint.js";
import { graphbox, resize, zoom, crumbs, drawsel, unzoom } from "./canvas.js";
import { minimap, paintmini, minichanged } from "./nav.js";
import { timeaxis } from "./timeaxis.js";
import { searchbar, matched } from "./search.js";
import { callersbox, callers } from "./sandwich.js";
import { txbar } from "./txbar.js";
import { keydown } from "./keys.js";
import { refresh } from "./main.js";

/* A new element tag (id, under parent, with text), kept in el. */
export function mk(tag, id, parent, text) {
	var e = document.createElement(tag);
	if (id) e.id = id;
	if (text != null) e.textContent = text;
	(parent || document.body).appendChild(e);
	return el[id] = e;
}
/* The page's elements, in order: the head, the callers' box, the
 * graph's box, the table, the legend, the details line, the card. */
export function ui() {
	var h = mk("header", "head");
	mk("h1", "title", h, model.data.title);
	mk("div", "subtitle", h, model.data.subtitle || "");
	mk("div", "compare", h);
	toolbar(mk("div", "bar", h));
	if (model.data.views.length > 1) cmpbar(mk("div", "cmpbar", h));
	mk("div", "elided", h);
	txbar(mk("div", "txbar", h));
	mk("nav", "crumbs", h);
	mk("div", "sandinfo", h);
	mk("div", "empty", h).setAttribute("role", "status");
	mk("div", "progress", h).setAttribute("role", "status");
	mk("div", "notice", h).setAttribute("role", "status");
	callersbox();
	minimap();
	timeaxis();
	graphbox();
	mk("div", "table");
	legend(mk("div", "legend"));
	mk("div", "details");
	sourcepane();
	mk("div", "tip");
	document.documentElement.style.setProperty("--graphbg", "linear-gradient(" + model.data.bgtop + "," + model.data.bgbottom + ")");
	window.addEventListener("keydown", keydown);
	window.addEventListener("resize", resize);
}
/* The toolbar: views, direction, order, zoom, the modes, search, theme. */
function toolbar(bar) {
	bar.className = "bar";
	if (model.data.views.length > 1) {
		mk("label", "viewlabel", bar, "View: ");
		var sel = mk("select", "view", bar);
		model.data.views.forEach(function (r, i) {
			var o = document.createElement("option");
			o.value = i;
			o.textContent = r.name;
			sel.appendChild(o);
		});
		sel.onchange = function () { setview(+sel.value, false); };
	}
	mk("button", "mode", bar).onclick = function () { setlook(!state.inverted, state.sortwidth); resize(); save(); };
	mk("button", "sort", bar).onclick = function () { setlook(state.inverted, !state.sortwidth); draw(); save(); };
	mk("button", "reset", bar, "Reset zoom").onclick = function () { zoom(0); };
	MODES.forEach(function (m) {
		if (!m.button) return;
		var b = mk("button", m.btn, bar, m.button);
		b.onclick = m.act;
		b.title = m.tip;
	});
	mk("span", "grow", bar).className = "grow";
	searchbar(bar);
	mk("button", "theme", bar, "\u25d0").onclick = toggletheme;
	el.theme.title = "dark or light theme";
	el.theme.setAttribute("aria-label", "dark or light theme");
	if (window.matchMedia) window.matchMedia("(prefers-color-scheme: dark)").addListener(function () {
		themecolors();
		draw();
	});
}
/* The comparison's controls: the baseline and the target among the
 * views, its toggles (negate, fg-diff -n, --strip-lines), the side
 * shown (x flips), and why two views do not compare. */
var CMPTOGGLES = [["cneg", "Negate", "the baseline's widths, coloured baseline minus target (fg-html --negate)"],
	["cnorm", "Normalise", "the baseline scaled to the target's total (fg-diff -n)"],
	["cstrip", "Strip lines", "a function whose lines moved compares with itself (fg-diff --strip-lines)"]];
function cmpbar(bar) {
	mk("span", "cmplabel", bar, "Compare: ");
	["cmpb", "cmpt"].forEach(function (id, k) {
		var sel = mk("select", id, bar), o = document.createElement("option");
		sel.title = k ? "the target: the profile after the change" : "the baseline: the profile before the change";
		o.value = "";
		o.textContent = k ? "(target)" : "(baseline)";
		sel.appendChild(o);
		model.data.views.forEach(function (r, i) {
			o = document.createElement("option");
			o.value = i;
			o.textContent = r.name;
			sel.appendChild(o);
		});
		sel.onchange = cmpchosen;
		if (!k) bar.appendChild(document.createTextNode(" \u2192 "));
	});
	CMPTOGGLES.forEach(function (t) {
		var b = mk("button", t[0] + "btn", bar, t[1]);
		b.title = t[2];
		b.onclick = function () {
			var o = { cneg: state.cneg, cnorm: state.cnorm, cstrip: state.cstrip };
			o[t[0]] = !o[t[0]];
			choosecmp(state.cmp, o.cneg, o.cnorm, o.cstrip);
			refresh();
		};
	});
	mk("button", "cnoisebtn", bar, "Noise marks").onclick = function () { setcnoise(!state.cnoise); refresh(); };
	el.cnoisebtn.title = "hatch the frames whose change is within sampling noise (fg-gate's rule: growth > 10%, 99% confidence)";
	mk("button", "flipbtn", bar).onclick = flip;
	mk("span", "cmpwhy", bar).setAttribute("role", "status");
}
/* A baseline and a target chosen: their comparison on screen. */
function cmpchosen() {
	var b = el.cmpb.value, t = el.cmpt.value;
	if (b === "" || t === "") {
		if (state.cmp) { choosecmp(null, state.cneg, state.cnorm, state.cstrip); unzoom(); refresh(); }
		return;
	}
	choosecmp([+b, +t], state.cneg, state.cnorm, state.cstrip);
	setcside("");
	unzoom();
	refresh();
}
/* The controls as the state has them. */
function cmpshow() {
	if (!el.cmpbar) return;
	el.cmpb.value = state.cmp ? state.cmp[0] : "";
	el.cmpt.value = state.cmp ? state.cmp[1] : "";
	CMPTOGGLES.forEach(function (t) {
		el[t[0] + "btn"].className = state[t[0]] ? "on" : "";
		el[t[0] + "btn"].setAttribute("aria-pressed", String(!!state[t[0]]));
		el[t[0] + "btn"].disabled = !state.cmp;
	});
	el.flipbtn.disabled = !state.cmp;
	el.cnoisebtn.disabled = !state.cmp;
	el.cnoisebtn.className = state.cnoise ? "on" : "";
	el.cnoisebtn.setAttribute("aria-pressed", String(state.cnoise));
	el.flipbtn.textContent = "Showing: " + (!state.cmp ? "one view" : state.cside === "b" ? "baseline" :
		state.cside === "t" ? "target" : "difference");
	el.flipbtn.title = "x: flip among the baseline, the target and the difference, keeping the zoom and the search";
	el.cmpwhy.textContent = state.cwhy ? "Not compared: " + state.cwhy + "." : "";
}
/* The side shown flipped: difference, baseline, target, in turn; the
 * zoomed frame's names kept, to zoom on the same frame in the next. */
export function flip() {
	var next = { "": "b", b: "t", t: "" }[state.cside], v = state.shown;
	if (!state.cmp || state.busy) return;
	state.zkeep = state.z && v ? pathto(v, state.z).slice(v.rooted ? 1 : 0).map(function (i) { return v.f[i]; }) : null;
	state.zwin = [state.x0, state.x1];
	setcside(next);
	setbase(next === "t" ? state.cmp[1] : next === "b" ? state.cmp[0] : state.v, false);
	if (el.view) el.view.value = state.v;
	refresh();
}
/* The theme toggled: dark if it was light, light if dark. */
function toggletheme() {
	var c = document.documentElement.classList, d = dark();
	c.remove("dark", "light");
	c.add(d ? "light" : "dark");
	settheme(d ? "light" : "dark");
	themecolors();
	draw();
	callers();
	save();
}
/* The key to the colours, when they mean something. */
function legend(e) {
	e.textContent = "";
	model.legend.forEach(function (l) {
		var sp = document.createElement("span"), sw = document.createElement("i");
		sw.style.background = l[1];
		sp.appendChild(sw);
		sp.appendChild(document.createTextNode(l[0]));
		e.appendChild(sp);
	});
}

/* The toolbar as the state has it, the graph painted (not while the
 * worker has the view). */
export function draw() {
	el.mode.textContent = state.inverted ? "Flame graph" : "Icicle graph";
	el.mode.title = state.inverted ? "root at the bottom" : "root on top";
	el.sort.textContent = state.sortwidth ? "Sorted by width" : "Sorted by name";
	el.sort.title = state.sortwidth ? "callees widest first; click to sort by name" :
		"callees by name; click to sort by width";
	el.sort.className = state.sortwidth ? "on" : "";
	/* a flame chart keeps the input's order: time along the width */
	el.sort.style.display = curmode().sorts() ? "" : "none";
	title();
	MODES.forEach(function (m) {
		if (!m.button) return;
		var b = el[m.btn];
		b.className = state.mode === m.id ? "on" : "";
		b.disabled = !modeok(m);
		b.title = modeok(m) ? m.tip : m.no;
	});
	el["case"].className = state.icase ? "on" : "";
	state.hover = -1;
	if (state.busy) return;
	if (minichanged()) return resize();
	paint();
	paintmini();
	crumbs();
	matched();
	drawsel();
}
/* The progress line: what the worker is at (op, a step of views.js's
 * OPS) and how far (x, a share), or nothing (op null). */
var WORK = { tx: "Transforming", txs: "Transforming", bottomup: "Reversing the stacks", sandwich: "Building the sandwich",
	rows: "Counting the functions", compare: "Comparing the two views", merged: "Summing the flame chart",
	window: "Cutting the window in time", elided: "Gathering the vanished stacks" };
export function progress(op, x) {
	var p = el.progress;
	if (!p) return;
	p.textContent = op ? (WORK[op] || "Working") + "\u2026" + (x > 0 ? " " + Math.round(100 * Math.min(x, 1)) + "%" : "") : "";
}

/* The line that says how far the profile's unpacking is (before the
 * page is built: its own), shown once it takes longer than a frame;
 * tell(x) the share done, done() takes it away. */
export function unpacking() {
	var p = document.createElement("p"), x = 0, t;
	function say() { p.textContent = "Unpacking the profile\u2026 " + Math.round(100 * x) + "%"; }
	p.id = "unpacking";
	p.setAttribute("role", "status");
	t = setTimeout(function () {
		say();
		document.body.insertBefore(p, document.body.firstChild);
	}, 16);
	return {
		tell: function (s) { x = s; if (p.parentNode) say(); },
		done: function () { clearTimeout(t); p.remove(); }
	};
}

/* Element e does fn when clicked, and when focused (Tab reaches it)
 * and Enter or Space is pressed, as a button does. */
export function activate(e, fn) {
	e.tabIndex = 0;
	e.onclick = fn;
	e.onkeydown = function (ev) {
		if (ev.key !== "Enter" && ev.key !== " ") return;
		ev.preventDefault();
		fn();
	};
}

/* The view selector's choice: view i (keep: its zoom and elided state). */
function setview(i, keep) {
	/* of a comparison: its side, or another view and no comparison */
	if (state.cmp && state.cmp.indexOf(i) < 0) choosecmp(null, state.cneg, state.cnorm, state.cstrip);
	if (state.cmp) setcside(i === state.cmp[0] ? "b" : "t");
	setbase(i, state.elided);
	if (!keep) { unzoom(); setbase(i, false); }
	if (el.view) el.view.value = i;
	refresh();
}
/* The title: --title's, or the mode's. */
function title() {
	if (!model.data.deftitle) return;
	var t = curmode().title();
	el.title.textContent = t;
	document.title = t;
}

/* What a differential view compares (fg-diff's header), and a warning
 * when the two totals differ by more than 1%: without fg-diff -n, a
 * longer run colours every frame as grown. */
export function compare() {
	var r = viewrec(), c = el.compare, b, t, d;
	c.textContent = "";
	cmpshow();
	legend(el.legend);
	if (!model.diff) return;
	c.appendChild(document.createTextNode((r.baseline || "baseline") + " \u2192 " +
		(r.target || "target")));
	/* the view's total is the column drawn's (--negate: the baseline's) */
	b = model.negate ? r.total : r.btotal || 0;
	t = model.negate ? r.btotal || 0 : r.total;
	d = t - b;
	if (Math.abs(d) <= 0.01 * Math.max(b, t)) return;
	var w = document.createElement("span");
	w.className = "warn";
	w.textContent = "totals differ: baseline " + human(b) + ", target " + human(t) + " (" +
		(d > 0 ? "+" : "") + pct(d, b) + "), in every frame's colour; " +
		(comparing() ? "Normalise scales" : "fg-diff -n scales") + " the baseline to the target's total";
	c.appendChild(document.createTextNode(" \u2014 "));
	c.appendChild(w);
}

/* Counts past 2^53: the page says that it rounds them (save.js). */
export function bignote() {
	var r = inexact(viewrec()), k = Object.keys(model.data.badnames || {}).length;
	return [r ? "Counts past 2^53: the page's numbers are rounded to about 16 digits " +
		"(a saved view, but a flame chart's in time order, and fg-top keep them exact)." : "",
		k ? group(k) + " name" + (k === 1 ? " has bytes" : "s have bytes") + " that are not UTF-8: " +
		"shown, searched and saved with each as the text \\xHH." : ""].filter(Boolean).join(" ");
}
/* n stacks, in words */
function stackword(n) { return group(n) + " stack" + (n === 1 ? "" : "s"); }
/* What the elided stacks are: of none in the column drawn, so only in
 * the other (vanished from the target; with --negate, the baseline
 * drawn, those new in the target). */
function elidedword() {
	return model.negate ? "only in the target, absent from the baseline drawn" : "vanished from the target";
}
/* The elided banner: shown whenever the view has stacks that vanished,
 * of the view through the transforms (the stacks saved that have no
 * samples of the drawn column, as the command line makes them). */
export function banner() {
	var r = viewrec(), b = el.elided, v;
	b.textContent = "";
	b.className = "";
	if (!r.e) return;
	b.className = state.elided ? "show viewing" : "show";
	if (state.tx.length && !state.elided && (comparing() || !onlyelided(state.v))) {
		v = current();
		r = { e: v.vanished || (v.vanished = vanishedof(treerows(v, false))) };
		r.btotal = r.e.btotal;
	}
	if (!comparing() && onlyelided(state.v)) {
		b.textContent = "Elided: all " + stackword(r.e.stacks) + " of this view " + (model.negate ? "are " : "") + elidedword() +
			" (" + human(r.e.total) + " in the " + model.other + ")";
		return;
	}
	b.appendChild(document.createTextNode("Elided: " + stackword(r.e.stacks) + " " + elidedword() + " (" + human(r.e.total) +
		" in the " + model.other + ", " + pct(r.e.total, r.btotal) + " of it) "));
	var btn = document.createElement("button");
	btn.id = "elidedbtn";
	btn.textContent = state.elided ? "Back to the graph" : "Show the Elided view";
	btn.onclick = function () { setbase(state.v, !state.elided); unzoom(); refresh(); };
	b.appendChild(btn);
}
