/* html.js: fg-html's page: unpacks the data fg-html wrote into the
 * script element #fg-data, draws it on a canvas, and answers hover,
 * click (zoom), search, the view selector, the elided view and the
 * keyboard.  Every text from the data goes into the page as text
 * (textContent, canvas fillText), never as markup. */
"use strict";
(function () {
var D = JSON.parse(document.getElementById("fg-data").textContent);
var NAMES = D.names, COLORS = D.colors, LABELS = D.labels;
/* the current view's unit and count name: its input's header, else the page's */
var UNIT = D.unit, CNAME = D.countname;
/* differential: the column drawn and the other (--negate swaps them) */
var DRAWN = D.negate ? "baseline" : "target", OTHER = D.negate ? "target" : "baseline";
var B64 = new Int8Array(128);
var ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
var FH = D.frameheight, FS = D.fontsize, CW = D.fontsize * D.fontwidth;
var FONT = FS + "px Verdana, sans-serif";
var ST = { v: 0, z: 0, elided: false, inverted: !!D.inverted, sortwidth: !!D.sortwidth,
	term: "", icase: false };
var views = [], V = null, match = null, re = null, hoverI = -1;
var cplen = new Int32Array(NAMES.length).fill(-1);
/* W x H: the whole graph; the canvases are W x BH, the part of it the
 * box shows, S pixels down (a deep graph never makes a canvas too tall) */
var el = {}, ctx, hctx, W = 0, H = 0, BH = 0, S = 0, dpr = 1, pending = false;

for (var k = 0; k < 64; k++) B64[ALPHA.charCodeAt(k)] = k;

/* Packed numbers: five bits a digit, low first, 32 set on all but the
 * last digit of a number. */
function unpack(s, n, A) {
	var a = new A(n), j = 0, v = 0, mul = 1, d;
	for (var i = 0; i < s.length; i++) {
		d = B64[s.charCodeAt(i)];
		v += (d & 31) * mul;
		if (d & 32) { mul *= 32; continue; }
		a[j++] = v; v = 0; mul = 1;
	}
	return a;
}
function counts(s, n) {
	if (!D.frac) return unpack(s, n, Float64Array);
	var a = new Float64Array(n), p = s.split(",");
	for (var i = 0; i < n; i++) a[i] = +p[i];
	return a;
}

/* A view's arrays, in layout order: depth, name, width (w), baseline
 * (b), colour, end of the subtree, own samples, start (x). */
function build(r, name) {
	var n = r.n, depth = new Uint32Array(n), step = unpack(r.d, n, Uint32Array);
	var end = new Uint32Array(n), self = new Float64Array(n), st = [], i, p;
	var v = { name: name, n: n, depth: depth, f: unpack(r.f, n, Uint32Array),
		w: counts(r.w, n), b: r.b ? counts(r.b, n) : null, end: end, self: self,
		x: new Float64Array(n), parent: new Int32Array(n), maxdepth: 0, raw: r };
	for (i = 0; i < n; i++) {
		depth[i] = i ? depth[i - 1] + 1 - step[i] : 0;
		if (depth[i] > v.maxdepth) v.maxdepth = depth[i];
		while (st.length && depth[st[st.length - 1]] >= depth[i]) end[st.pop()] = i;
		v.parent[i] = st.length ? st[st.length - 1] : -1;
		st.push(i);
		self[i] = v.w[i];
		if (v.parent[i] >= 0) self[v.parent[i]] -= v.w[i];
	}
	while (st.length) end[st.pop()] = n;
	if (r.c) {
		v.col = unpack(r.c, n, Uint32Array);
	} else {
		var nc = unpack(D.namecolor, NAMES.length, Uint32Array);
		v.col = new Uint32Array(n);
		for (i = 0; i < n; i++) v.col[i] = nc[v.f[i]];
	}
	v.sorted = -1;
	return v;
}

/* Where frames start: a frame's own samples first, then its callees by
 * name (the order written) or widest first. */
function layout(v, bywidth) {
	if (v.sorted === +bywidth) return;
	var x = v.x, w = v.w, end = v.end, self = v.self, kids = [], i, c, cur;
	x[0] = 0;
	for (i = 0; i < v.n; i++) {
		if (end[i] === i + 1) continue;
		cur = x[i] + self[i];
		if (!bywidth) {
			for (c = i + 1; c < end[i]; c = end[c]) { x[c] = cur; cur += w[c]; }
			continue;
		}
		kids.length = 0;
		for (c = i + 1; c < end[i]; c = end[c]) kids.push(c);
		if (kids.length > 1) kids.sort(function (a, b) { return w[b] - w[a] || a - b; });
		for (c = 0; c < kids.length; c++) { x[kids[c]] = cur; cur += w[kids[c]]; }
	}
	v.sorted = +bywidth;
}

/* A view whose stacks all vanished has its elided view alone. */
function onlyelided(i) { return D.views[i].n === 0; }
function view() {
	var r = D.views[ST.v], key;
	UNIT = r.unit || D.unit;
	CNAME = r.countname || D.countname;
	if (onlyelided(ST.v)) ST.elided = true;
	key = ST.elided && r.e ? "e" : "v";
	views[ST.v] = views[ST.v] || {};
	if (!views[ST.v][key])
		views[ST.v][key] = build(key === "e" ? r.e : r, r.name);
	return views[ST.v][key];
}

/* Numbers in the profile's unit, in human form. */
function group(v) {
	var s = String(+v.toFixed(2)), i = s.indexOf("."), int = i < 0 ? s : s.slice(0, i);
	return int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (i < 0 ? "" : s.slice(i));
}
var TIME = { nanoseconds: 1, microseconds: 1e3, milliseconds: 1e6, seconds: 1e9 };
function scaled(v, steps) {
	var a = Math.abs(v), k = 0;
	while (k + 1 < steps.length && a >= steps[k + 1][0]) k++;
	var x = v / steps[k][0];
	return (Math.abs(x) >= 100 || k === 0 ? group(Math.round(x * 10) / 10) :
		x.toPrecision(3).replace(/\.?0+$/, "")) + " " + steps[k][1];
}
function human(v) {
	if (UNIT === "bytes")
		return scaled(v, [[1, "B"], [1024, "KiB"], [1048576, "MiB"], [1073741824, "GiB"],
			[1099511627776, "TiB"]]);
	if (TIME[UNIT])
		return scaled(v * TIME[UNIT], [[1, "ns"], [1e3, "\u00b5s"], [1e6, "ms"], [1e9, "s"]]);
	return group(v) + " " + CNAME;
}
function pct(a, b) { return b > 0 ? (100 * a / b).toFixed(2) + "%" : "-"; }

function fullname(v, i) { return NAMES[v.f[i]]; }
/* FUNC at FILE:LINE: the file and line, or "" */
function fileline(s) {
	var i = s.indexOf(" at ");
	return i < 0 ? "" : s.slice(i + 4).replace(/ \[inlined\]$/, "");
}
var STATUS = { d: "runtime dispatch", g: "garbage collection", k: "kernel", j: "JIT-compiled",
	i: "inlined", w: "waker" };
function status(id) {
	var a = D.annot[id], out = [];
	if (!a) return "";
	for (var i = 0; i < a.length; i++) out.push(STATUS[a[i]] || a[i]);
	return out.join(", ");
}

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
	mk("h1", "title", h, D.title);
	mk("div", "subtitle", h, D.subtitle || "");
	bar = mk("div", "bar", h);
	bar.className = "bar";
	if (D.views.length > 1) {
		mk("label", "viewlabel", bar, "View: ");
		var sel = mk("select", "view", bar);
		D.views.forEach(function (r, i) {
			var o = document.createElement("option");
			o.value = i;
			o.textContent = r.name;
			sel.appendChild(o);
		});
		sel.onchange = function () { setview(+sel.value, false); };
	}
	mk("button", "mode", bar).onclick = function () { ST.inverted = !ST.inverted; resize(); save(); };
	mk("button", "sort", bar).onclick = function () { ST.sortwidth = !ST.sortwidth; draw(); save(); };
	mk("button", "reset", bar, "Reset zoom").onclick = function () { zoom(0); };
	mk("span", "grow", bar).className = "grow";
	mk("span", "matched", bar);
	var s = mk("input", "search", bar);
	s.type = "search";
	s.placeholder = "Search (regex)";
	s.title = "a regular expression; / or Ctrl-F to type, Esc to reset";
	s.oninput = function () { search(s.value); };
	mk("button", "case", bar, "Aa").onclick = function () { ST.icase = !ST.icase; search(ST.term); };
	el["case"].title = "ignore case";
	mk("div", "elided", h);
	mk("nav", "crumbs", h);
	var box = mk("div", "box"), sheet = mk("div", "sheet", box);
	ctx = mk("canvas", "canvas", sheet).getContext("2d");
	hctx = mk("canvas", "hover", sheet).getContext("2d");
	box.addEventListener("scroll", scrolled);
	mk("div", "legend");
	D.legend.forEach(function (l) {
		var sp = document.createElement("span"), sw = document.createElement("i");
		sw.style.background = l[1];
		sp.appendChild(sw);
		sp.appendChild(document.createTextNode(l[0]));
		el.legend.appendChild(sp);
	});
	mk("div", "details");
	mk("div", "tip");
	box.style.background = "linear-gradient(" + D.bgtop + "," + D.bgbottom + ")";
	el.canvas.addEventListener("mousemove", hover);
	el.canvas.addEventListener("mouseleave", unhover);
	el.canvas.addEventListener("click", click);
	window.addEventListener("keydown", keydown);
	window.addEventListener("resize", resize);
}

/* The elided banner: shown whenever the view has stacks that vanished. */
function banner() {
	var r = D.views[ST.v], b = el.elided;
	b.textContent = "";
	b.className = "";
	if (!r.e) return;
	b.className = ST.elided ? "show viewing" : "show";
	if (onlyelided(ST.v)) {
		b.textContent = "Elided: all " + group(r.e.stacks) + " stack" + (r.e.stacks === 1 ? "" : "s") +
			" of this view vanished from the " + DRAWN + " (" + human(r.e.total) + " in the " + OTHER + ")";
		return;
	}
	b.appendChild(document.createTextNode("Elided: " + group(r.e.stacks) + " stack" +
		(r.e.stacks === 1 ? "" : "s") + " vanished from the " + DRAWN + " (" + human(r.e.total) +
		" in the " + OTHER + ", " + pct(r.e.total, r.btotal) + " of it) "));
	var btn = document.createElement("button");
	btn.id = "elidedbtn";
	btn.textContent = ST.elided ? "Back to the graph" : "Show the Elided view";
	btn.onclick = function () { ST.elided = !ST.elided; ST.z = 0; refresh(); };
	b.appendChild(btn);
}

/* the top of row d on the canvas */
function rowy(d) { return (ST.inverted ? d * FH : H - (d + 1) * FH) - S; }

function resize() {
	var box = el.box, top, need;
	dpr = window.devicePixelRatio || 1;
	W = D.width || Math.max(200, document.documentElement.clientWidth - 20);
	top = box.getBoundingClientRect().top;
	need = (V.maxdepth + 1) * FH + 2;
	BH = D.height || Math.min(need, Math.max(150, window.innerHeight - top - 60));
	H = Math.max(BH, need);
	box.style.width = W + "px";
	box.style.height = BH + "px";
	el.sheet.style.height = H + "px";
	[el.canvas, el.hover].forEach(function (c) {
		c.width = Math.round(W * dpr);
		c.height = Math.round(BH * dpr);
		c.style.width = W + "px";
		c.style.height = BH + "px";
	});
	box.scrollTop = ST.inverted ? 0 : H;
	S = box.scrollTop;
	draw();
}
/* scrolling moves the canvases along and redraws, once a frame */
function scrolled() {
	if (pending) return;
	pending = true;
	requestAnimationFrame(function () {
		pending = false;
		if (S === el.box.scrollTop) return;
		S = el.box.scrollTop;
		paint();
		unhover();
	});
}

function label(i, pw) {
	var s = NAMES[V.f[i]], id = V.f[i], chars = Math.floor(pw / CW), have;
	if (chars < 3) return null;
	if (cplen[id] < 0) cplen[id] = /[\ud800-\udfff]/.test(s) ? Array.from(s).length : s.length;
	have = cplen[id];
	if (chars >= have) return s;
	if (have === s.length) return s.slice(0, chars - 2) + "..";
	return Array.from(s).slice(0, chars - 2).join("") + "..";
}

/* Draw the view zoomed on frame z: its ancestors across the width,
 * its subtree scaled to it; frames under half a pixel are left out
 * with their callees, rows outside the box are not drawn. */
function paint() {
	var v = V, z = ST.z, x0, sc, i, px, pw, y, t, end = v.end, w = v.w, x = v.x;
	layout(v, ST.sortwidth);
	x0 = x[z];
	sc = W / w[z];
	el.canvas.style.top = el.hover.style.top = S + "px";
	ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
	ctx.clearRect(0, 0, W, BH);
	ctx.font = FONT;
	ctx.textBaseline = "middle";
	/* the label in black or white, as fg wrote for the fill (color_label) */
	function box(i, px, pw) {
		var hit = match && match[v.f[i]];
		y = rowy(v.depth[i]);
		if (y >= BH || y + FH <= 0) return;
		ctx.fillStyle = hit ? D.match : COLORS[v.col[i]];
		ctx.fillRect(px, y, Math.max(pw - (pw > 2 ? 0.5 : 0), 0.5), FH - 1);
		t = label(i, pw);
		if (t) {
			ctx.fillStyle = hit ? D.matchlabel : LABELS[v.col[i]];
			ctx.fillText(t, px + 3, y + (FH - 1) / 2 + 0.5);
		}
	}
	for (i = v.parent[z]; i >= 0; i = v.parent[i]) box(i, 0, W);
	for (i = z; i < end[z];) {
		pw = w[i] * sc;
		if (pw < 0.5) { i = end[i]; continue; }
		px = (x[i] - x0) * sc;
		box(i, px, pw);
		i++;
	}
}
function draw() {
	paint();
	el.mode.textContent = ST.inverted ? "Flame graph" : "Icicle graph";
	el.mode.title = ST.inverted ? "root at the bottom" : "root on top";
	el.sort.textContent = ST.sortwidth ? "Sort by name" : "Sort by width";
	el.sort.className = ST.sortwidth ? "on" : "";
	el["case"].className = ST.icase ? "on" : "";
	crumbs();
	matched();
	hoverI = -1;
	hctx.setTransform(dpr, 0, 0, dpr, 0, 0);
	hctx.clearRect(0, 0, W, BH);
}

function crumbs() {
	var c = el.crumbs, path = [], i;
	c.textContent = "";
	for (i = ST.z; i >= 0; i = V.parent[i]) path.unshift(i);
	path.forEach(function (i, k) {
		var a = document.createElement("a");
		a.textContent = NAMES[V.f[i]];
		a.onclick = function () { zoom(i); };
		if (k) c.appendChild(document.createTextNode(" \u203a "));
		c.appendChild(a);
	});
}

/* The frame drawn at canvas point (px, py), or -1. */
function frameat(px, py) {
	var v = V, z = ST.z, sy = py + S, d = ST.inverted ? Math.floor(sy / FH) : Math.floor((H - sy) / FH);
	var sc = W / v.w[z], x0 = v.x[z], i, c, xs;
	if (d < 0 || d > v.maxdepth || px < 0 || px >= W) return -1;
	if (d <= v.depth[z]) {
		for (i = z; v.depth[i] > d; i = v.parent[i]) ;
		return i;
	}
	xs = px / sc + x0;
	for (i = z; v.depth[i] < d;) {
		for (c = i + 1; c < v.end[i]; c = v.end[c])
			if (xs >= v.x[c] && xs < v.x[c] + v.w[c]) break;
		if (c >= v.end[i]) return -1;
		i = c;
	}
	return v.w[i] * sc >= 0.5 ? i : -1;
}
/* The box of frame i on the canvas, or null when it is not drawn. */
function rect(i) {
	var v = V, z = ST.z, sc = W / v.w[z], a, pw, y = rowy(v.depth[i]);
	if (y >= BH || y + FH <= 0) return null;
	if (v.depth[i] <= v.depth[z]) {
		for (a = z; a >= 0 && a !== i; a = v.parent[a]) ;
		if (a !== i) return null;
		return { x: 0, y: y, w: W, h: FH - 1 };
	}
	if (i < z || i >= v.end[z] || (pw = v.w[i] * sc) < 0.5) return null;
	return { x: (v.x[i] - v.x[z]) * sc, y: y, w: pw, h: FH - 1 };
}

function tipline(parent, cls, text) {
	var d = document.createElement("div");
	d.className = cls;
	d.textContent = text;
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
function describe(i) {
	var v = V, w = v.w[i], s = fullname(v, i), lines = [], st = status(v.f[i]);
	lines.push(["name", s]);
	if (fileline(s)) lines.push(["file", fileline(s)]);
	lines.push(["count", human(w) + " \u2014 " + pct(w, v.w[0]) + " of all" +
		(ST.z ? ", " + pct(w, v.w[ST.z]) + " of " + NAMES[v.f[ST.z]] : "")]);
	if (v.self[i] > 0 && v.self[i] !== w) lines.push(["self", "self " + human(v.self[i])]);
	if (v.b && !ST.elided) lines.push(["delta", change(v, i)]);
	if (ST.elided) lines.push(["delta", "vanished: in the " + OTHER + " only"]);
	if (st) lines.push(["status", st]);
	return lines;
}
function hover(e) {
	var r = el.canvas.getBoundingClientRect(), i = frameat(e.clientX - r.left, e.clientY - r.top);
	if (i < 0) { unhover(); return; }
	el.canvas.style.cursor = "pointer";
	var tip = el.tip, lines = describe(i), b = rect(i);
	if (!b) { unhover(); return; }
	if (i !== hoverI) {
		hctx.clearRect(0, 0, W, BH);
		hctx.strokeStyle = "#000";
		hctx.lineWidth = 1.5;
		hctx.strokeRect(b.x + 0.75, b.y + 0.75, Math.max(b.w - 1.5, 1), b.h - 1.5);
		hoverI = i;
		tip.textContent = "";
		lines.forEach(function (l) { tipline(tip, l[0], l[1]); });
		el.details.textContent = lines.map(function (l) { return l[1]; }).join("  \u2502  ");
	}
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
	el.details.textContent = "";
	hctx.clearRect(0, 0, W, BH);
	hoverI = -1;
}
function click(e) {
	var r = el.canvas.getBoundingClientRect(), i = frameat(e.clientX - r.left, e.clientY - r.top);
	if (i >= 0) zoom(i);
}
function zoom(i) {
	ST.z = i;
	draw();
	save();
	if (!ST.inverted) el.box.scrollTop = H;
	scrolled();
}

/* Search: the names that match, their share of the zoomed frame (a
 * match under a match counted once). */
function search(term) {
	ST.term = term || "";
	el.search.value = ST.term;
	re = null;
	match = null;
	el.search.className = "";
	if (ST.term) {
		try { re = new RegExp(ST.term, ST.icase ? "i" : ""); } catch (err) { el.search.className = "bad"; }
	}
	if (re) {
		match = new Uint8Array(NAMES.length);
		for (var k = 0; k < NAMES.length; k++) match[k] = re.test(NAMES[k]) ? 1 : 0;
	}
	draw();
	save();
}
function matched() {
	var v = V, z = ST.z, sum = 0, i;
	if (!match) { el.matched.textContent = ""; return; }
	/* under a matching caller, every sample passes through a match */
	for (i = v.parent[z]; i >= 0 && !match[v.f[i]]; i = v.parent[i]) ;
	if (i >= 0) { el.matched.textContent = "Matched: " + pct(1, 1); return; }
	for (i = z; i < v.end[z];) {
		if (match[v.f[i]]) { sum += v.w[i]; i = v.end[i]; } else i++;
	}
	el.matched.textContent = "Matched: " + pct(sum, v.w[z]);
}

function keydown(e) {
	var inSearch = document.activeElement === el.search;
	if ((e.key === "/" && !inSearch) || ((e.ctrlKey || e.metaKey) && e.key === "f")) {
		e.preventDefault();
		el.search.focus();
		el.search.select();
	} else if (e.key === "Escape") {
		if (ST.z) zoom(0);
		else if (ST.term) search("");
		if (inSearch) el.search.blur();
	}
}

function setview(i, keep) {
	ST.v = i;
	if (!keep) { ST.z = 0; ST.elided = false; }
	if (el.view) el.view.value = i;
	refresh();
}
function refresh() {
	V = view();
	if (ST.z >= V.n) ST.z = 0;
	banner();
	resize();
	save();
}

/* The state in the URL: ?v=VIEW&e=1&z=FRAME&s=REGEX&i=1&o=width&m=icicle */
function save() {
	var q = [];
	if (ST.v) q.push("v=" + ST.v);
	if (ST.elided) q.push("e=1");
	if (ST.z) q.push("z=" + ST.z);
	if (ST.term) q.push("s=" + encodeURIComponent(ST.term));
	if (ST.icase) q.push("i=1");
	if (ST.sortwidth !== !!D.sortwidth) q.push("o=" + (ST.sortwidth ? "width" : "name"));
	if (ST.inverted !== !!D.inverted) q.push("m=" + (ST.inverted ? "icicle" : "flame"));
	try {
		history.replaceState(null, "", q.length ? "?" + q.join("&") : location.pathname);
	} catch (err) { /* some file:// pages refuse; the view still works */ }
}
function load() {
	var p = {};
	location.search.slice(1).split("&").forEach(function (kv) {
		var i = kv.indexOf("=");
		if (i > 0) {
			try { p[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1).replace(/\+/g, " ")); }
			catch (err) { /* a malformed parameter is ignored */ }
		}
	});
	var v = parseInt(p.v, 10);
	if (v >= 0 && v < D.views.length) ST.v = v;
	ST.elided = p.e === "1" && !!D.views[ST.v].e;
	if (p.o === "width" || p.o === "name") ST.sortwidth = p.o === "width";
	if (p.m === "icicle" || p.m === "flame") ST.inverted = p.m === "icicle";
	ST.icase = p.i === "1";
	ST.term = p.s || "";
	ST.z = parseInt(p.z, 10) || 0;
	if (ST.z < 0) ST.z = 0;
}

ui();
load();
if (el.view) el.view.value = ST.v;
V = view();
if (ST.z >= V.n) ST.z = 0;
banner();
resize();
search(ST.term);
/* for scripts and tests: the current view, a frame's box, and one by name */
window.fg = {
	state: ST,
	find: function (name) {
		for (var i = 0; i < V.n; i++) if (NAMES[V.f[i]] === name) return i;
		return -1;
	},
	rect: function (i) {
		var b = rect(i), r = el.canvas.getBoundingClientRect();
		return b && { x: b.x + r.left, y: b.y + r.top, w: b.w, h: b.h };
	},
	zoom: zoom,
	view: function () { return V; }
};
document.body.setAttribute("data-ready", "1");
})();
