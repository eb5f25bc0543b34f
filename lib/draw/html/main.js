/* main.js: the page's start, called by the wrapper the build writes
 * around these files (the Makefile's HTMLJS, scripts/embed.c); the
 * screen made again from the state (refresh), the modes switched; and
 * the hook for scripts and tests, window.fg.  In the worker the same
 * script starts the worker's side (worker.js). */

import { caninflate, loadmodel, model } from "./model.js";
import { setscreen, setlook, state, curmode, modeok, setmode, defaultmode, MODES, setzoom, setwindow } from "./state.js";
import { deepest } from "./transform.js";
import { workermain, startworker, hasworker } from "./worker.js";
import { OPS, wireout, ready, prepare, sandwichof, current, view, gone, prune, ahead, buildahead, building } from "./views.js";
import { foldedtext } from "./save.js";
import { rect } from "./layout.js";
import { loadstate, save } from "./url.js";
import { initpaint, themecolors, el } from "./paint.js";
import { unpacking, ui, progress, compare, banner, bignote } from "./toolbar.js";
import { unzoom, resize, mainpane, zoom } from "./canvas.js";
import { rehover } from "./hover.js";
import { miniahead } from "./nav.js";
import { searchfor, researched, onematch } from "./search.js";
import { table } from "./table.js";
import { sandwich, focusname, sandinfo } from "./sandwich.js";
import { chips } from "./txbar.js";
import { axisinfo } from "./timeaxis.js";
import { noisy } from "./noise.js";

/* Read the data, build the page, show what the URL asks for. */
async function start() {
	if (typeof document === "undefined") {
		workermain(OPS, wireout);
		return;
	}
	setscreen({ mode: mode, table: table, sandwich: function () { sandwich(focusname()); } });
	/* the page's own script, while it runs: the worker's */
	var src = document.currentScript ? document.currentScript.textContent : "";
	var holder = document.getElementById("fg-data"), data = JSON.parse(holder.textContent);
	/* read: its text (a profile's megabytes) is let go */
	holder.textContent = "";
	if (!caninflate()) {
		var m = document.createElement("p");
		m.textContent = "This flame graph needs a browser that inflates data itself " +
			"(DecompressionStream: Chrome 80, Firefox 113, Safari 16.4 or later).";
		document.body.insertBefore(m, document.body.firstChild);
		throw new Error("fg-html: no DecompressionStream");
	}
	var unpack = unpacking();
	await loadmodel(data, unpack.tell);
	unpack.done();
	setlook(!!model.data.inverted, !!model.data.sortwidth);
	initpaint();
	ui();
	loadstate(location.search);
	if (state.theme) document.documentElement.classList.add(state.theme);
	themecolors();
	if (el.view) el.view.value = state.v;
	state.queue = Promise.resolve();
	window.fg = hook();
	searchfor(state.term);
	/* before the first view: what a link asks for (a mode, transforms,
	 * a comparison) the worker does as it does a click's (without it,
	 * ready() does it at once, in the page's thread) */
	if (src && typeof Worker === "function") startworker(src, progress);
	refresh();
	await state.queue;
	document.body.setAttribute("data-ready", "1");
	/* the graph on the screen: a mark in the page's timeline, from its
	 * navigation (scripts/bench-html's open) */
	requestAnimationFrame(function () { setTimeout(function () { performance.mark("fg-painted"); }, 0); });
}

/* The screen made again from the state: the view, the bars, the graph
 * or the table; after the worker has done what it needs (the page's
 * thread free meanwhile, a newer state's refresh after it). */
export function refresh() {
	var gen = ++state.gen, m = curmode();
	/* a mode that cannot show this view says why, and the graph shows */
	if (!modeok(m)) {
		state.notice = m.no;
		setmode("");
	}
	if (!state.busy && ready()) {
		show();
		return;
	}
	state.busy = true;
	state.queue = state.queue.then(prepare).then(function () {
		if (gen !== state.gen) return;
		state.busy = false;
		show();
	}, function (err) {
		state.busy = false;
		progress(null);
		el.empty.textContent = "This view could not be made: " + err.message;
	});
}
/* The screen as the state has it, every view it needs at hand. */
function show() {
	if (curmode().fn && !sandwichof(current()).callees) {
		state.notice = "No frame is \u201c" + state.fn + "\u201d here: the graph is shown.";
		setmode("");
	}
	var m = curmode();
	state.shown = view();
	state.selected = -1;
	/* a comparison's side flipped: the same frame zoomed, by its names */
	if (state.zkeep) {
		var z = deepest(state.shown, state.zkeep, 0), w = state.zwin;
		state.zkeep = null;
		if (z.frame > 0) {
			setzoom(z.frame);
			setwindow(w[0], w[1]);
		}
	}
	state.callview = m.fn ? sandwichof(current()).callers : null;
	chips();
	if (state.z >= state.shown.n) unzoom();
	compare();
	banner();
	sandinfo();
	/* the search, its place and the pointer's card, of the view now shown */
	researched();
	onematch();
	el.empty.textContent = state.shown.w[0] === 0 && state.tx.length ? "No samples left after the transforms." : "";
	el.notice.textContent = [state.notice, bignote()].filter(Boolean).join(" ");
	el.box.style.display = el.crumbs.style.display = m.canvas ? "" : "none";
	/* a canvas hidden keeps no focus */
	if (!m.canvas && document.activeElement === el.canvas) el.canvas.blur();
	el.table.style.display = m.canvas ? "none" : "block";
	if (m.show) m.show(state.shown);
	resize();
	rehover();
	save();
	gone();
	prune(current(), 0);
	ahead();
	miniahead();
	buildahead();
}
/* Switch to mode m (a MODES id; "" the graph), or back to the graph
 * from it (a view in time order: to its time mode). */
function mode(m) {
	state.notice = "";
	setmode(state.mode === m ? (m === defaultmode() ? "" : defaultmode()) : m);
	unzoom();
	refresh();
}

/* For scripts and tests: the state, the current view, a frame's box,
 * one by name, the view saved as folded, whether work is under way,
 * and the page's actions. */
function hook() {
	return {
		state: state,
		find: function (name) {
			var v = state.shown;
			for (var i = 0; v && i < v.n; i++) if (model.names[v.f[i]] === name) return i;
			return -1;
		},
		rect: function (i) {
			if (state.busy || !curmode().canvas) return null;
			var b = rect(mainpane(), i), r = el.canvas.getBoundingClientRect();
			return b && { x: b.x + r.left, y: b.y + r.top, w: b.w, h: b.h };
		},
		zoom: zoom,
		mode: mode,
		sandwich: sandwich,
		view: function () { return state.shown; },
		/* the colour index of frame i of view v (the one shown) */
		color: function (i, v) { v = v || state.shown; return v.col ? v.col[i] : model.namecolor[v.f[i]]; },
		/* whether frame i of view v (the one shown) is drawn as within noise */
		noisy: function (i, v) { return noisy(v || state.shown, i); },
		folded: foldedtext,
		busy: function () { return state.busy; },
		/* a promise, kept when the work under way is done and shown */
		idle: function () {
			return state.queue.then(function () { return state.ahead && state.ahead.promise; })
				.then(function () { return state.minidue; }).then(function () { return building(); }).then(function () {});
		},
		worker: hasworker,
		/* the time axis: its box, span, ticks and words (timeaxis.js) */
		axis: axisinfo,
		sel: function () { return state.selected; },
		callers: function () { return state.callview; },
		modes: function () { return MODES.map(function (m) { return m.id; }); },
		/* the page's data (its frames' fields let go once read) */
		data: model.data,
		names: model.names
	};
}
