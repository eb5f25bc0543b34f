/* controls.js: the page around the canvas: its DOM, hover, click
 * (zoom), search, the view selector, the elided view, the modes (the
 * graph, bottom-up, the table, the sandwich), the keyboard, and the
 * state in the URL; then the start of the page.  Closes the scope
 * model.js opened. */
/* the view on screen (model.js's view()), the search's expression, the
 * hovered frame (-1 none) */
var shown = null, re = null, hoverframe = -1;
/* the sandwich's callers: their view and pane (the main pane is the callees') */
var callview = null, callpane = null;

/* the DOM, built here so the page's HTML holds no text of the data */
function mk(tag, id, parent, text) {
	var e = document.createElement(tag);
	if (id) e.id = id;
	if (text != null) e.textContent = text;
	(parent || document.body).appendChild(e);
	return el[id] = e;
}
function ui() {
	var h = mk("header", "head"), bar;
	mk("h1", "title", h, DATA.title);
	mk("div", "subtitle", h, DATA.subtitle || "");
	mk("div", "compare", h);
	bar = mk("div", "bar", h);
	bar.className = "bar";
	if (DATA.views.length > 1) {
		mk("label", "viewlabel", bar, "View: ");
		var sel = mk("select", "view", bar);
		DATA.views.forEach(function (r, i) {
			var o = document.createElement("option");
			o.value = i;
			o.textContent = r.name;
			sel.appendChild(o);
		});
		sel.onchange = function () { setview(+sel.value, false); };
	}
	mk("button", "mode", bar).onclick = function () { state.inverted = !state.inverted; resize(); save(); };
	mk("button", "sort", bar).onclick = function () { state.sortwidth = !state.sortwidth; draw(); save(); };
	mk("button", "reset", bar, "Reset zoom").onclick = function () { zoom(0); };
	mk("button", "bottomup", bar, "Bottom-up").onclick = function () { mode("bottomup"); };
	el.bottomup.title = "stacks reversed, merged at the leaves (b)";
	mk("button", "tablebtn", bar, "Table").onclick = function () { mode("table"); };
	el.tablebtn.title = "one row a function: self and total (t)";
	mk("button", "sandbtn", bar, "Sandwich").onclick = function () { sandwich(focusname()); };
	el.sandbtn.title = "the callers and callees of the hovered or zoomed function (s)";
	mk("span", "grow", bar).className = "grow";
	mk("span", "matched", bar);
	mk("span", "matchpos", bar);
	mk("span", "searchmsg", bar).setAttribute("role", "alert");
	mk("button", "onematch", bar).onclick = function () { sandwich(el.onematch.name); };
	var s = mk("input", "search", bar);
	s.type = "search";
	s.placeholder = "Search (regex)";
	s.title = "a regular expression; / or Ctrl-F to type, Enter and Shift+Enter (n, N) step through the matches, Esc to reset";
	s.oninput = function () { search(s.value); };
	mk("button", "case", bar, "Aa").onclick = function () { state.icase = !state.icase; search(state.term); };
	el["case"].title = "ignore case";
	mk("div", "elided", h);
	var tb = mk("div", "txbar", h);
	var menu = mk("select", "txmenu", tb);
	[["", "Transform\u2026"], ["root", "Focus on the zoomed subtree"], ["focus", "Focus on the zoomed function"],
		["hide", "Hide the zoomed function"], ["drop", "Drop the zoomed function"], ["rec", "Collapse recursion"],
		["file", "Collapse files matching the search"], ["grep", "Only stacks matching the search"]].forEach(function (o) {
		var e = document.createElement("option");
		e.value = o[0];
		e.textContent = o[1];
		menu.appendChild(e);
	});
	menu.title = "transform the profile: the graph, table, sandwich and totals follow";
	menu.onchange = function () { addtx(menu.value); menu.value = ""; };
	mk("span", "chips", tb);
	mk("button", "undo", tb, "Undo").onclick = function () { state.tx.pop(); state.z = 0; refresh(); };
	var a = mk("a", "save", tb, "Save view as folded");
	a.setAttribute("download", "view.folded");
	a.href = "#";
	a.onclick = savefolded;
	mk("nav", "crumbs", h);
	mk("div", "sandinfo", h);
	mk("div", "empty", h).setAttribute("role", "status");
	var cb = mk("div", "callersbox");
	mk("canvas", "callers", mk("div", "callsheet", cb)).addEventListener("mousemove", hovercallers);
	cb.addEventListener("scroll", callscrolled);
	el.callers.addEventListener("mouseleave", unhover);
	el.callers.addEventListener("click", function (e) {
		var i = callersat(e);
		if (i > 0) sandwich(NAMES[callview.f[i]]);
	});
	var box = mk("div", "box"), sheet = mk("div", "sheet", box);
	ctx = mk("canvas", "canvas", sheet).getContext("2d");
	hctx = mk("canvas", "hover", sheet).getContext("2d");
	box.addEventListener("scroll", scrolled);
	mk("div", "table");
	mk("div", "legend");
	DATA.legend.forEach(function (l) {
		var sp = document.createElement("span"), sw = document.createElement("i");
		sw.style.background = l[1];
		sp.appendChild(sw);
		sp.appendChild(document.createTextNode(l[0]));
		el.legend.appendChild(sp);
	});
	mk("div", "details");
	mk("div", "tip");
	document.documentElement.style.setProperty("--graphbg", "linear-gradient(" + DATA.bgtop + "," + DATA.bgbottom + ")");
	el.canvas.tabIndex = 0;
	el.canvas.setAttribute("aria-label", "the graph: arrows move, Enter zooms, Backspace zooms out");
	el.canvas.addEventListener("focus", function () { if (selected < 0) select(state.z); });
	mk("button", "theme", el.bar, "\u25d0").onclick = function () {
		var c = document.documentElement.classList, d = dark();
		c.remove("dark", "light");
		c.add(d ? "light" : "dark");
		state.theme = d ? "light" : "dark";
		themecolors();
		draw();
		callers();
		save();
	};
	el.theme.title = "dark or light theme";
	el.theme.setAttribute("aria-label", "dark or light theme");
	if (window.matchMedia) window.matchMedia("(prefers-color-scheme: dark)").addListener(function () {
		themecolors();
		draw();
	});
	el.canvas.addEventListener("mousemove", hover);
	el.canvas.addEventListener("mouseleave", unhover);
	el.canvas.addEventListener("click", click);
	window.addEventListener("keydown", keydown);
	window.addEventListener("resize", resize);
}

/* The elided banner: shown whenever the view has stacks that vanished. */
function banner() {
	var r = DATA.views[state.v], b = el.elided;
	b.textContent = "";
	b.className = "";
	if (!r.e) return;
	b.className = state.elided ? "show viewing" : "show";
	if (onlyelided(state.v)) {
		b.textContent = "Elided: all " + group(r.e.stacks) + " stack" + (r.e.stacks === 1 ? "" : "s") +
			" of this view vanished from the " + DRAWN + " (" + human(r.e.total) + " in the " + OTHER + ")";
		return;
	}
	b.appendChild(document.createTextNode("Elided: " + group(r.e.stacks) + " stack" +
		(r.e.stacks === 1 ? "" : "s") + " vanished from the " + DRAWN + " (" + human(r.e.total) +
		" in the " + OTHER + ", " + pct(r.e.total, r.btotal) + " of it) "));
	var btn = document.createElement("button");
	btn.id = "elidedbtn";
	btn.textContent = state.elided ? "Back to the graph" : "Show the Elided view";
	btn.onclick = function () { state.elided = !state.elided; state.z = 0; refresh(); };
	b.appendChild(btn);
}


function resize() {
	var box = el.box, top, need;
	/* the table hides the canvas: measuring the page would lay the
	 * table out at once, for nothing */
	if (state.mode === "table") { draw(); return; }
	dpr = window.devicePixelRatio || 1;
	graphwidth = DATA.width || Math.max(200, document.documentElement.clientWidth - 20);
	callers();
	top = box.getBoundingClientRect().top;
	need = (shown.maxdepth + 1) * FRAMEH + 2;
	boxheight = DATA.height || Math.min(need, Math.max(150, window.innerHeight - top - 60));
	graphheight = Math.max(boxheight, need);
	box.style.width = graphwidth + "px";
	box.style.height = boxheight + "px";
	el.sheet.style.height = graphheight + "px";
	/* the canvases back at the top first: left where a deeper view had
	 * scrolled them, they would hold the box open below a shallow
	 * graph, and its scroll offset with it (a blank view) */
	[el.canvas, el.hover].forEach(function (c) {
		c.width = Math.round(graphwidth * dpr);
		c.height = Math.round(boxheight * dpr);
		c.style.width = graphwidth + "px";
		c.style.height = boxheight + "px";
		c.style.top = "0";
	});
	box.scrollTop = rootontop() ? 0 : graphheight;
	scrolltop = box.scrollTop;
	draw();
}
/* The sandwich's callers above its callees: fn's row at the bottom,
 * opened there; a deep one scrolls its whole depth, as the graph does:
 * the sheet as tall as the callers, the canvas the box's height, moved
 * along and painted again as it scrolls. */
function callers() {
	var c = el.callers, box = el.callersbox, full = callview ? (callview.maxdepth + 1) * FRAMEH + 2 : 0, bh;
	box.style.display = callview ? "block" : "none";
	if (!callview) return;
	box.style.width = graphwidth + "px";
	el.callsheet.style.height = full + "px";
	c.style.height = "0";
	bh = Math.min(full, box.clientHeight || full);
	c.width = Math.round(graphwidth * dpr);
	c.height = Math.round(bh * dpr);
	c.style.width = graphwidth + "px";
	c.style.height = bh + "px";
	box.scrollTop = full;
	callpane = { v: callview, z: 0, inv: false, width: graphwidth, height: full, boxheight: bh, scrolltop: box.scrollTop };
	paintcallers();
}
function paintcallers() {
	el.callers.style.top = callpane.scrolltop + "px";
	paintpane(callpane, el.callers.getContext("2d"));
}
/* the callers' box scrolled: their canvas moved along, painted again */
function callscrolled() {
	if (!callpane || callpane.scrolltop === el.callersbox.scrollTop) return;
	callpane.scrolltop = el.callersbox.scrollTop;
	paintcallers();
	unhover();
}
function callersat(e) {
	var r = el.callers.getBoundingClientRect();
	return callpane ? frameat(callpane, e.clientX - r.left, e.clientY - r.top) : -1;
}
/* scrolling moves the canvases along and redraws, once a frame */
function scrolled() {
	if (pending) return;
	pending = true;
	requestAnimationFrame(function () {
		pending = false;
		if (scrolltop === el.box.scrollTop) return;
		scrolltop = el.box.scrollTop;
		paint();
		unhover();
	});
}

function draw() {
	paint();
	el.mode.textContent = state.inverted ? "Flame graph" : "Icicle graph";
	el.mode.title = state.inverted ? "root at the bottom" : "root on top";
	el.sort.textContent = state.sortwidth ? "Sorted by width" : "Sorted by name";
	el.sort.title = state.sortwidth ? "callees widest first; click to sort by name" :
		"callees by name; click to sort by width";
	el.sort.className = state.sortwidth ? "on" : "";
	/* a flame chart keeps the input's order: time along the width */
	el.sort.style.display = DATA.chart && state.mode !== "bottomup" && state.mode !== "sandwich" ? "none" : "";
	title();
	["bottomup", "table", "sandwich"].forEach(function (m) {
		el[m === "table" ? "tablebtn" : m === "sandwich" ? "sandbtn" : m].className = state.mode === m ? "on" : "";
	});
	el["case"].className = state.icase ? "on" : "";
	crumbs();
	matched();
	hoverframe = -1;
	drawsel();
}

/* Element e does fn when clicked, and when focused (Tab reaches it)
 * and Enter or Space is pressed, as a button does. */
function activate(e, fn) {
	e.tabIndex = 0;
	e.onclick = fn;
	e.onkeydown = function (ev) {
		if (ev.key !== "Enter" && ev.key !== " ") return;
		ev.preventDefault();
		fn();
	};
}

function crumbs() {
	var c = el.crumbs, path = [], i;
	c.textContent = "";
	for (i = state.z; i >= 0; i = shown.parent[i]) path.unshift(i);
	path.forEach(function (i, k) {
		var a = document.createElement("a");
		a.textContent = NAMES[shown.f[i]];
		activate(a, function () { zoom(i); });
		if (k) c.appendChild(document.createTextNode(" \u203a "));
		c.appendChild(a);
	});
	/* the zoomed frame's source, a link one can click */
	var u = framelink(shown.f[state.z], NAMES[shown.f[state.z]]);
	if (!u) return;
	var l = document.createElement("a");
	l.className = "source";
	l.href = u;
	l.target = "_blank";
	l.rel = "noopener noreferrer";
	l.textContent = "source";
	c.appendChild(document.createTextNode(" "));
	c.appendChild(l);
}

function tipline(parent, cls, text) {
	var d = document.createElement("div"), a;
	d.className = cls;
	if (cls !== "source") {
		d.textContent = text;
	} else {
		a = document.createElement("a");
		a.href = text;
		a.target = "_blank";
		a.rel = "noopener noreferrer";
		a.textContent = text;
		d.appendChild(document.createTextNode("Ctrl/\u2318-click: "));
		d.appendChild(a);
	}
	parent.appendChild(d);
}
/* A differential frame's other count and its change, with fg-folded(5)'s
 * one differential percentage: the change over the total of the view
 * drawn (the target's; with --negate the baseline's, the change being
 * baseline minus target), the denominator of its share "of all". */
function change(v, i) {
	var d = v.w[i] - v.b[i], sign = d > 0 ? "+" : "";
	return OTHER + " " + human(v.b[i]) + "; change " + sign + human(d) +
		" (" + sign + pct(d, v.w[0]) + ")";
}
function describe(v, i) {
	var w = v.w[i], s = fullname(v, i), lines = [], st = status(v.f[i]);
	lines.push(["name", s]);
	if (nameattr(v.f[i]).title) lines.push(["title", nameattr(v.f[i]).title]);
	if (fileline(s)) lines.push(["file", fileline(s)]);
	/* the sandwich's panes: a share of its function's total */
	lines.push(["count", human(w) + " \u2014 " + pct(w, v.w[0]) +
		(state.mode === "sandwich" ? " of " + NAMES[v.f[0]] + "'s total" : " of all") +
		(state.z ? ", " + pct(w, v.w[state.z]) + " of " + NAMES[v.f[state.z]] : "")]);
	if (v.self[i] > 0 && v.self[i] !== w) lines.push(["self", "self " + human(v.self[i])]);
	if (v.b && !state.elided) lines.push(["delta", change(v, i)]);
	if (state.elided) lines.push(["delta", "vanished: in the " + OTHER + " only"]);
	if (st) lines.push(["status", st]);
	if (framelink(v.f[i], s)) lines.push(["source", framelink(v.f[i], s)]);
	if (i > 0 || !v.rooted) lines.push(["hint", "s: the sandwich of " + NAMES[v.f[i]]]);
	return lines;
}

/* The link to the source of a frame "FUNC at FILE:LINE", from
 * --source-url's template ({path}, {file}, {line}), or null: none, or
 * a scheme off the list (html.c's html_url_ok has the same). */
var SCHEMES = /^(https?|file|vscode|vscode-insiders|vscodium|cursor|idea|jetbrains|subl|txmt|mvim|emacs|atom|zed):/i;
function sourceurl(s) {
	var m = DATA.sourceurl && /^(.*):(\d+)$/.exec(fileline(s));
	if (!m) return null;
	function enc(x) { return encodeURI(x).replace(/[#?]/g, function (c) { return encodeURIComponent(c); }); }
	var u = DATA.sourceurl.replace(/\{(path|file|line)\}/g, function (all, k) {
		return k === "line" ? m[2] : enc(k === "path" ? m[1] : m[1].replace(/^.*[\/\\]/, ""));
	});
	return SCHEMES.test(u) ? u : null;
}
/* --nameattr's title and href of name id f ({} when none) */
function nameattr(f) {
	return (DATA.nameattr && DATA.nameattr[f]) || {};
}
/* The link of a frame, name id f, label s: its --nameattr href, else
 * its source link; a scheme off the list is none. */
function framelink(f, s) {
	var h = nameattr(f).href;
	return h && SCHEMES.test(h) ? h : sourceurl(s);
}
function openurl(u) {
	if (u) window.open(u, "_blank", "noopener");
}
function hover(e) {
	var r = el.canvas.getBoundingClientRect(), P = mainpane(), i = frameat(P, e.clientX - r.left, e.clientY - r.top);
	if (i < 0) { unhover(); return; }
	el.canvas.style.cursor = "pointer";
	var tip = el.tip, lines = describe(shown, i), b = rect(P, i);
	if (!b) { unhover(); return; }
	if (i !== hoverframe) {
		drawsel();
		hctx.strokeStyle = HOVER;
		hctx.lineWidth = 1.5;
		hctx.strokeRect(b.x + 0.75, b.y + 0.75, Math.max(b.w - 1.5, 1), b.h - 1.5);
		hoverframe = i;
		tip.textContent = "";
		lines.forEach(function (l) { tipline(tip, l[0], l[1]); });
		el.details.textContent = lines.map(function (l) { return l[1]; }).join("  \u2502  ");
	}
	showtip(e);
}
/* a frame of the sandwich's callers: its card, no zoom (a click opens
 * its own sandwich) */
function hovercallers(e) {
	var i = callersat(e);
	if (i < 0) { unhover(); return; }
	el.callers.style.cursor = "pointer";
	hovercaller = i;
	el.tip.textContent = "";
	describe(callview, i).forEach(function (l) { tipline(el.tip, l[0], l[1]); });
	showtip(e);
}
var hovercaller = -1;
function showtip(e) {
	var tip = el.tip;
	tip.style.display = "block";
	var tw = tip.offsetWidth, th = tip.offsetHeight, x = e.clientX + 14, y = e.clientY + 16;
	if (x + tw > window.innerWidth) x = Math.max(0, e.clientX - tw - 10);
	if (y + th > window.innerHeight) y = Math.max(0, e.clientY - th - 10);
	tip.style.left = x + "px";
	tip.style.top = y + "px";
}
function unhover() {
	el.tip.style.display = "none";
	el.canvas.style.cursor = "";
	el.callers.style.cursor = "";
	el.details.textContent = "";
	hovercaller = -1;
	drawsel();
	hoverframe = -1;
}
function click(e) {
	var r = el.canvas.getBoundingClientRect(), i = frameat(mainpane(), e.clientX - r.left, e.clientY - r.top);
	if (i >= 0 && (e.ctrlKey || e.metaKey)) openurl(framelink(shown.f[i], NAMES[shown.f[i]]));
	else if (i >= 0) zoom(i);
}
function zoom(i) {
	state.z = i;
	/* a match's place, "k of N", is nextmatch's to give again */
	el.matchpos.textContent = "";
	draw();
	save();
	if (!rootontop()) el.box.scrollTop = graphheight;
	scrolled();
}

/* Search: the names that match, their share of the zoomed frame (a
 * match under a match counted once). */
function search(term) {
	state.term = term || "";
	el.search.value = state.term;
	re = null;
	match = null;
	el.search.className = "";
	el.searchmsg.textContent = "";
	el.matchpos.textContent = "";
	if (state.term) {
		var r = searchre(state.term, state.icase);
		if (!(re = r.re)) {
			el.search.className = "bad";
			el.searchmsg.textContent = "invalid regular expression";
			el.searchmsg.title = r.error;
		}
	}
	if (re) {
		match = new Uint8Array(NAMES.length);
		for (var k = 0; k < NAMES.length; k++) match[k] = re.test(NAMES[k]) ? 1 : 0;
	}
	onematch();
	if (state.mode === "table") table(shown);
	draw();
	save();
}
/* A search that matches one function alone offers its sandwich. */
function onematch() {
	var b = el.onematch, one = null, v = current(), seen = {}, k, n = 0;
	b.style.display = "none";
	if (!match) return;
	for (k = 0; k < v.n && n < 2; k++) {
		if (!ismatch(v, k) || seen[NAMES[v.f[k]]]) continue;
		seen[NAMES[v.f[k]]] = 1;
		one = NAMES[v.f[k]];
		n++;
	}
	if (n !== 1) return;
	b.name = one;
	b.textContent = "Sandwich of " + one;
	/* html.css hides it until then: "" would leave it hidden */
	b.style.display = "inline-block";
}
/* the share of the zoomed frame that passes through a match (viewer.js) */
function matched() {
	var v = shown;
	el.matched.textContent = match ? matchedtext(state.z, v.parent, v.end, v.w,
		function (i) { return ismatch(v, i); }) : "";
}

/* The frames of the view that match, in pre-order; step to the next
 * (dir 1) or previous (-1) one after the selected frame, zoomed to,
 * "k of N" beside the box. */
function matches() {
	var v = shown, out = [], i;
	if (!match) return out;
	for (i = 0; i < v.n; i++) if (ismatch(v, i)) out.push(i);
	return out;
}
function nextmatch(dir) {
	var m = matches(), k, at = selected >= 0 ? selected : state.z;
	if (!m.length) { el.matchpos.textContent = match ? "no match" : ""; return; }
	if (dir > 0) { for (k = 0; k < m.length && m[k] <= at; k++) ; if (k === m.length) k = 0; }
	else { for (k = m.length - 1; k >= 0 && m[k] >= at; k--) ; if (k < 0) k = m.length - 1; }
	select(m[k]);
	zoom(m[k]);
	el.matchpos.textContent = (k + 1) + " of " + m.length;
}

/* The keyboard's frame (selected, -1 none): drawn with a dashed edge;
 * arrows move it to the parent, a child, a sibling; Enter zooms to it. */
var selected = -1;
function select(i) {
	selected = i;
	drawsel();
}
function drawsel() {
	var b = selected >= 0 && state.mode !== "table" ? rect(mainpane(), selected) : null;
	hctx.setTransform(dpr, 0, 0, dpr, 0, 0);
	hctx.clearRect(0, 0, graphwidth, boxheight);
	if (!b) return;
	hctx.strokeStyle = FOCUS;
	hctx.lineWidth = 2;
	hctx.setLineDash([4, 2]);
	hctx.strokeRect(b.x + 1, b.y + 1, Math.max(b.w - 2, 1), b.h - 2);
	hctx.setLineDash([]);
}
/* Arrow key k from the selected frame: toward the root, away from it
 * (the widest callee), or the sibling left or right. */
function arrow(k) {
	var v = shown, i = selected >= 0 ? selected : state.z, p = v.parent[i], c, best = -1;
	var up = rootontop() ? "ArrowUp" : "ArrowDown", down = rootontop() ? "ArrowDown" : "ArrowUp";
	layout(v, state.sortwidth);
	if (k === up && p >= 0) best = p;
	if (k === down)
		for (c = i + 1; c < v.end[i]; c = v.end[c]) if (best < 0 || v.w[c] > v.w[best]) best = c;
	if ((k === "ArrowLeft" || k === "ArrowRight") && p >= 0)
		for (c = p + 1; c < v.end[p]; c = v.end[c]) {
			if (c === i || (k === "ArrowLeft") !== (v.x[c] < v.x[i])) continue;
			if (best < 0 || Math.abs(v.x[c] - v.x[i]) < Math.abs(v.x[best] - v.x[i])) best = c;
		}
	if (best >= 0 && rect(mainpane(), best)) select(best);
}
/* The keys of both viewers (viewer.js's keyaction), then the page's own. */
function keydown(e) {
	var inSearch = document.activeElement === el.search, k = e.key, a = keyaction(e, inSearch);
	if (a === "find") {
		e.preventDefault();
		el.search.focus();
		el.search.select();
	} else if (a === "case") {
		e.preventDefault();
		state.icase = !state.icase;
		search(state.term);
	} else if (a === "reset") {
		if (state.z) zoom(0);
		else if (state.term) search("");
		if (inSearch) el.search.blur();
	} else if (inSearch) {
		if (k === "Enter") { e.preventDefault(); nextmatch(e.shiftKey ? -1 : 1); }
	} else if (e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|SELECT|BUTTON|A|TR|TH)$/.test(document.activeElement.tagName)) {
		return;
	} else if (k === "n" || k === "N") {
		nextmatch(k === "n" ? 1 : -1);
	} else if (/^Arrow/.test(k) && state.mode !== "table") {
		e.preventDefault();
		arrow(k);
	} else if (k === "Enter" && selected >= 0 && state.mode !== "table") {
		zoom(selected);
	} else if (k === "Backspace") {
		e.preventDefault();
		if (state.z) zoom(Math.max(shown.parent[state.z], 0));
	} else if (k === "t") {
		mode("table");
	} else if (k === "b") {
		mode("bottomup");
	} else if (k === "s") {
		sandwich(focusname());
	}
}

function setview(i, keep) {
	state.v = i;
	if (!keep) { state.z = 0; state.elided = false; }
	if (el.view) el.view.value = i;
	refresh();
}
/* The title: --title's, or the mode's. */
function title() {
	if (!DATA.deftitle) return;
	var t = state.mode === "bottomup" ? "Bottom-up" : state.mode === "table" ? "Function Table" :
		state.mode === "sandwich" ? "Sandwich" : DATA.chart ? "Flame Chart" : state.inverted ? "Icicle Graph" : "Flame Graph";
	el.title.textContent = t;
	document.title = t;
}

/* What a differential view compares (fg-diff's header), and a warning
 * when the two totals differ by more than 1%: without fg-diff -n, a
 * longer run colours every frame as grown. */
function compare() {
	var r = DATA.views[state.v], c = el.compare, b, t, d;
	c.textContent = "";
	if (!DATA.diff) return;
	c.appendChild(document.createTextNode((r.baseline || "baseline") + " \u2192 " +
		(r.target || "target")));
	/* the view's total is the column drawn's (--negate: the baseline's) */
	b = DATA.negate ? r.total : r.btotal || 0;
	t = DATA.negate ? r.btotal || 0 : r.total;
	d = t - b;
	if (Math.abs(d) <= 0.01 * Math.max(b, t)) return;
	var w = document.createElement("span");
	w.className = "warn";
	w.textContent = "totals differ: baseline " + human(b) + ", target " + human(t) + " (" +
		(d > 0 ? "+" : "") + pct(d, b) + "), in every frame's colour; " +
		"fg-diff -n scales the baseline to the target's total";
	c.appendChild(document.createTextNode(" \u2014 "));
	c.appendChild(w);
}

/* Add a transform of kind k: of the zoomed frame's function or path,
 * or of the search. */
function addtx(k) {
	var v = shown, z = state.z, arg = "", p = [], i;
	if (!k) return;
	if (k === "root") {
		for (i = z; i >= (v.rooted ? 1 : 0); i = v.parent[i]) p.unshift(NAMES[v.f[i]]);
		arg = p.join(";");
	} else if (k === "focus" || k === "hide" || k === "drop") {
		arg = z > 0 || !v.rooted ? NAMES[v.f[z]] : "";
	} else if (k === "file" || k === "grep") {
		arg = state.term;
		/* the search's case: Aa on, the kind that ignores it */
		if (state.icase) k += "i";
	}
	if (!arg && k !== "rec") return;
	state.tx.push([k, arg]);
	state.z = 0;
	refresh();
}
/* The transforms as chips, each removable, and the link that saves the view. */
function chips() {
	var c = el.chips;
	c.textContent = "";
	state.tx.forEach(function (t, k) {
		var sp = document.createElement("span"), x = document.createElement("button");
		sp.className = "chip";
		sp.appendChild(document.createTextNode(TXNAME[t[0]] + (t[1] ? ": " + t[1] : "")));
		badregex(sp, t);
		x.textContent = "\u00d7";
		x.setAttribute("aria-label", "remove this transform");
		x.onclick = function () { state.tx.splice(k, 1); state.z = 0; refresh(); };
		sp.appendChild(x);
		c.appendChild(sp);
	});
	el.undo.style.display = state.tx.length ? "" : "none";
}
/* A transform of a regex that does not compile (it changes nothing):
 * the search box's message on its chip. */
function badregex(sp, t) {
	var fl = txflags(t[0]), r = fl === null ? null : searchre(t[1], fl === "i"), m;
	if (!r || r.re) return;
	m = document.createElement("span");
	m.className = "bad";
	m.setAttribute("role", "alert");
	m.textContent = " invalid regular expression";
	m.title = r.error;
	sp.appendChild(m);
}
/* The view on screen as folded stacks with the unit header. */
function foldedtext() {
	var r = DATA.views[state.v], h = [];
	if (r.unit || DATA.unit !== "count") h.push("# fg: unit=" + (r.unit || DATA.unit));
	if (r.countname) h.push("# fg: countname=" + r.countname);
	if (DATA.diff && r.baseline) h.push("# fg: baseline=" + r.baseline);
	if (DATA.diff && r.target) h.push("# fg: target=" + r.target);
	return folded(shown, h, state.mode === "sandwich");
}
var SAVED = null;
function savefolded() {
	if (SAVED) URL.revokeObjectURL(SAVED);
	SAVED = URL.createObjectURL(new Blob([foldedtext()], { type: "text/plain" }));
	el.save.href = SAVED;
}

/* Switch to mode m ("" the graph), or back to the graph from it. */
function mode(m) {
	state.mode = state.mode === m ? "" : m;
	state.z = 0;
	refresh();
}
/* The sandwich of function fn (a name as shown), if a frame has it. */
function sandwich(fn) {
	if (fn == null || fn === "") return;
	state.fn = fn;
	state.mode = "sandwich";
	state.z = 0;
	refresh();
}
/* the function of the hovered frame, else of the selected or the zoomed one */
function focusname() {
	if (hovercaller >= 0) return NAMES[callview.f[hovercaller]];
	if (hoverframe >= 0) return NAMES[shown.f[hoverframe]];
	if (selected > 0 || (selected === 0 && !shown.rooted)) return NAMES[shown.f[selected]];
	return state.z > 0 || !shown.rooted ? NAMES[shown.f[state.z]] : null;
}

function refresh() {
	if (state.mode === "sandwich" && !sandwichof(current()).callees) state.mode = "";
	shown = view();
	selected = -1;
	callview = state.mode === "sandwich" ? sandwichof(current()).callers : null;
	chips();
	if (state.z >= shown.n) state.z = 0;
	compare();
	banner();
	sandinfo();
	el.empty.textContent = shown.w[0] === 0 && state.tx.length ? "No samples left after the transforms." : "";
	var tab = state.mode === "table";
	el.box.style.display = el.crumbs.style.display = tab ? "none" : "";
	el.table.style.display = tab ? "block" : "none";
	if (tab) table(shown);
	resize();
	save();
}
/* The sandwich's function: its self and total. */
function sandinfo() {
	var c = el.sandinfo, v = shown, self;
	c.textContent = "";
	if (state.mode !== "sandwich") return;
	/* its own samples: those of its frames, wherever they are */
	var b = current(), all = b.w[0], is = same(state.fn), k;
	for (self = 0, k = b.rooted ? 1 : 0; k < b.n; k++) if (is(b.f[k])) self += b.self[k];
	c.textContent = "Sandwich of " + state.fn + ": total " + human(v.w[0]) + " (" +
		pct(v.w[0], all) + "), self " + human(self) + " (" + pct(self, all) +
		") \u2014 callers above, callees below";
}

/* The state in the URL (viewer.js reads and writes it):
 * ?v=VIEW&e=1&z=FRAME&s=REGEX&i=1&o=width&d=icicle&m=MODE; the
 * direction a key of its own, kept in every mode */
function save() {
	var q = [];
	if (state.v) q.push(["v", state.v]);
	if (state.elided) q.push(["e", 1]);
	if (state.z) q.push(["z", state.z]);
	if (state.term) q.push(["s", state.term]);
	if (state.icase) q.push(["i", 1]);
	if (state.sortwidth !== !!DATA.sortwidth) q.push(["o", state.sortwidth ? "width" : "name"]);
	if (state.inverted !== !!DATA.inverted) q.push(["d", state.inverted ? "icicle" : "flame"]);
	if (state.mode) q.push(["m", state.mode]);
	if (state.mode === "sandwich") q.push(["fn", state.fn]);
	state.tx.forEach(function (t) { q.push(["tx", t]); });
	if (state.theme) q.push(["th", state.theme]);
	if (state.tfile && state.mode === "table") q.push(["tb", "file"]);
	seturl(q);
}
function load() {
	var all = queryparams(location.search), p = querymap(all);
	state.tx = [];
	/* tx=KIND:ARG, in order; an unknown kind is ignored */
	all.forEach(function (kv) {
		var x = kv[1], c = x.indexOf(":");
		if (kv[0] === "tx" && c > 0 && TX.hasOwnProperty(x.slice(0, c))) state.tx.push([x.slice(0, c), x.slice(c + 1)]);
	});
	var v = parseInt(p.v, 10);
	if (v >= 0 && v < DATA.views.length) state.v = v;
	state.elided = p.e === "1" && !!DATA.views[state.v].e;
	if ((p.o === "width" || p.o === "name") && !DATA.chart) state.sortwidth = p.o === "width";
	/* d=, or m= as older links have it */
	if (p.m === "icicle" || p.m === "flame") state.inverted = p.m === "icicle";
	if (p.d === "icicle" || p.d === "flame") state.inverted = p.d === "icicle";
	if (p.m === "bottomup" || p.m === "table" || (p.m === "sandwich" && p.fn)) state.mode = p.m;
	state.fn = p.fn || "";
	state.tfile = p.tb === "file";
	if (p.th === "dark" || p.th === "light") {
		state.theme = p.th;
		document.documentElement.classList.add(p.th);
	}
	themecolors();
	state.icase = p.i === "1";
	state.term = p.s || "";
	state.z = parseInt(p.z, 10) || 0;
	if (state.z < 0) state.z = 0;
}

ui();
load();
if (el.view) el.view.value = state.v;
refresh();
search(state.term);
/* for scripts and tests: the current view, a frame's box, and one by name */
window.fg = {
	state: state,
	find: function (name) {
		for (var i = 0; i < shown.n; i++) if (NAMES[shown.f[i]] === name) return i;
		return -1;
	},
	rect: function (i) {
		var b = rect(mainpane(), i), r = el.canvas.getBoundingClientRect();
		return b && { x: b.x + r.left, y: b.y + r.top, w: b.w, h: b.h };
	},
	zoom: zoom,
	mode: mode,
	sandwich: sandwich,
	view: function () { return shown; },
	folded: foldedtext,
	sel: function () { return selected; },
	callers: function () { return callview; },
	names: NAMES
};
document.body.setAttribute("data-ready", "1");
})();
