/* main.js: the page's start, called by the wrapper the build writes
 * around these files (the Makefile's HTMLJS, scripts/embed.c); the
 * screen made again from the state (refresh), the modes switched; and
 * the hook for scripts and tests, window.fg. */

/* Read the data, build the page, show what the URL asks for. */
async function start() {
	var data = JSON.parse(document.getElementById("fg-data").textContent);
	if (!caninflate()) {
		var m = document.createElement("p");
		m.textContent = "This flame graph needs a browser that inflates data itself " +
			"(DecompressionStream: Chrome 80, Firefox 113, Safari 16.4 or later).";
		document.body.insertBefore(m, document.body.firstChild);
		throw new Error("fg-html: no DecompressionStream");
	}
	await loadmodel(data);
	state.inverted = !!DATA.inverted;
	state.sortwidth = !!DATA.sortwidth;
	initpaint();
	ui();
	loadstate(location.search);
	if (state.theme) document.documentElement.classList.add(state.theme);
	themecolors();
	if (el.view) el.view.value = state.v;
	refresh();
	search(state.term);
	window.fg = hook();
	document.body.setAttribute("data-ready", "1");
}

/* The screen made again from the state: the view, the bars, the graph
 * or the table. */
function refresh() {
	if (curmode().fn && !sandwichof(current()).callees) {
		state.notice = "No frame is \u201c" + state.fn + "\u201d here: the graph is shown.";
		state.mode = "";
	}
	var m = curmode();
	state.shown = view();
	state.selected = -1;
	state.callview = m.fn ? sandwichof(current()).callers : null;
	chips();
	if (state.z >= state.shown.n) state.z = 0;
	compare();
	banner();
	sandinfo();
	el.empty.textContent = state.shown.w[0] === 0 && state.tx.length ? "No samples left after the transforms." : "";
	/* what the page says of the state: once, until the next refresh */
	el.notice.textContent = [state.notice, bignote()].filter(Boolean).join(" ");
	state.notice = "";
	el.box.style.display = el.crumbs.style.display = m.canvas ? "" : "none";
	el.table.style.display = m.canvas ? "none" : "block";
	if (m.show) m.show(state.shown);
	/* the search, its place and the pointer's card, of the view now shown */
	researched();
	resize();
	rehover();
	save();
}
/* Switch to mode m (a MODES id; "" the graph), or back to the graph from it. */
function mode(m) {
	state.mode = state.mode === m ? "" : m;
	state.z = 0;
	refresh();
}

/* For scripts and tests: the state, the current view, a frame's box,
 * one by name, the view saved as folded, and the page's actions. */
function hook() {
	return {
		state: state,
		find: function (name) {
			var v = state.shown;
			for (var i = 0; i < v.n; i++) if (NAMES[v.f[i]] === name) return i;
			return -1;
		},
		rect: function (i) {
			var b = rect(mainpane(), i), r = el.canvas.getBoundingClientRect();
			return b && { x: b.x + r.left, y: b.y + r.top, w: b.w, h: b.h };
		},
		zoom: zoom,
		mode: mode,
		sandwich: sandwich,
		view: function () { return state.shown; },
		folded: foldedtext,
		sel: function () { return state.selected; },
		callers: function () { return state.callview; },
		names: NAMES
	};
}
