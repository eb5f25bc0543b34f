/* svg.js: fg-svg's script: hover, zoom, search and the elided view.  The
 * frames are read from the rects and their titles, or, where a title
 * does not give a frame's exact place (D.dom is not set), from D's
 * arrays, written before this by fg-svg.  A graph taller than the
 * window opens scrolled to its root (or the frame zoomed to), and the
 * controls stay in view while it scrolls.  viewer.js, joined after it,
 * words the numbers and reads the URL and the keys as fg-html's page
 * does. */
"use strict";
var svg, details, matched, unzoombtn, searchbtn, icbtn, elidedbtn, tip, tiptext, tiprect;
/* the graph and its elided view, the one shown; the values a frame
 * has in D's arrays (4, 5 with a baseline count) */
var views = [], view, term = null, icase = false, stride = D.s;
function $(id) { return document.getElementById(id); }
function init() {
	svg = document.documentElement;
	details = $("details").firstChild;
	matched = $("matched");
	unzoombtn = $("unzoom");
	searchbtn = $("search");
	icbtn = $("ignorecase");
	elidedbtn = $("elided");
	tip = $("tip");
	tiprect = tip.firstElementChild;
	tiptext = tip.lastElementChild;
	views.push(mkview(D.f, "frames", "labels", D.total, D.g));
	if (D.e || (D.dom && $("eframes"))) views.push(mkview(D.e, "eframes", "elabels", D.etotal, D.eg));
	view = views[0];
	var p = querymap(queryparams(window.location.search)), z;
	if (p.e && views.length > 1) toggle_elided();
	if (p.x && p.y && (z = find(+p.x, +p.y)) >= 0) zoom(z);
	if (p.s) search(p.s);
	pin_controls();
	scroll_to(view.zoomed < 0 ? 0 : view.zoomed);
	svg.addEventListener("click", click);
	svg.addEventListener("mousemove", hover);
	svg.addEventListener("mouseout", unhover);
	window.addEventListener("keydown", key);
}
/* The first frame of the shown view at x, y, or -1: numbers, so that
 * a URL's "10.0" finds the rect at x="10". */
function find(x, y) {
	for (var i = 0; i < view.rects.length; i++)
		if (+view.ox[i] == x && view.oy[i] == y) return i;
	return -1;
}
/*
 * Whether a label is white on fill "#rrggbb", as fg-svg chooses it
 * (color_label_white): white where its contrast with the fill (WCAG 2's
 * ratio of relative luminances) is higher than black's.  Of the 2^24
 * fills none is nearer the point where the two cross than a relative
 * 5e-8, far more than pow here and in C can differ by.
 */
var LIN = (function () {
	var t = [];
	for (var i = 0; i < 256; i++) {
		var c = i / 255;
		t.push(c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
	}
	return t;
})();	/* an sRGB channel, linear */
function white(fill) {
	var n = parseInt(fill.substr(1), 16);
	var l = 0.2126 * LIN[n >> 16] + 0.7152 * LIN[n >> 8 & 255] + 0.0722 * LIN[n & 255] + 0.05;
	return 1.05 / l > l / 0.05;
}
function mkview(F, gid, lid, total, gaps) {
	var g = $(gid), rects = g.getElementsByTagName("rect"), fills = [], ox = [], oy = [], lw = [], pw = [];
	for (var i = 0; i < rects.length; i++) {
		rects[i].fgi = i;
		fills.push(rects[i].getAttribute("fill"));
		ox.push(rects[i].getAttribute("x"));
		oy.push(+rects[i].getAttribute("y"));
		/* the label colour: white on the fill; on the faded fill, as
		 * fg-svg chose it by the background where the frame is */
		lw.push(white(fills[i]));
		pw.push(rects[i].classList.contains("pw"));
	}
	var v = { F: F, n: D.n, g: g, labels: $(lid), rects: rects, fills: fills, ox: ox, oy: oy,
		lw: lw, pw: pw, hit: [], total: total, zoomed: -1 };
	if (D.dom) fromdom(v, gaps);
	return v;
}
/*
 * The frames of view v from its rects, in layout order (a frame before
 * its callees, callees left to right): the depth from y, the name and
 * the count from the title ("NAME (N UNIT, P%...)": the last
 * parenthesis, which may hold one more, is what fg-svg added), the
 * place from the callees before it, and from gaps (pairs "frames since
 * the last gap, gap") where a caller's own samples come first.  A
 * "+N more" box is named so; a frame named so that is not one has class
 * real.
 */
var ANNOT = / \((?:[^()]|\([^()]*\))*\)$/, MORE = /^\+[0-9]+ more$/;
function fromdom(v, gaps) {
	var r = v.rects, n = r.length, F = [], names = [], index = {}, next = [0];
	var y0 = n ? v.oy[0] : 0, g = 0, gi = gaps.length ? gaps[0] : -1;
	for (var i = 0; i < n; i++) {
		var t = r[i].firstElementChild.textContent, m = ANNOT.exec(t);
		var d = Math.round(Math.abs(v.oy[i] - y0) / D.fh), x = 0, name;
		var w = m ? +/^ \(([0-9,]+)/.exec(m[0])[1].replace(/,/g, "") : 0;
		if (d > 0) {
			x = next[d - 1];
			if (i == gi) {
				x += gaps[g + 1];
				g += 2;
				gi = g < gaps.length ? gi + gaps[g] : -1;
			}
			next[d - 1] = x + w;
		}
		next[d] = x;
		name = m ? t.substr(0, m.index) : t;
		if (MORE.test(name) && !r[i].classList.contains("real")) {
			name = -(+/[0-9]+/.exec(name)[0]);
		} else if (d > 0) {
			if (index[name] === undefined) { index[name] = names.length; names.push(name); }
			name = index[name];
		} else {
			name = 0;
		}
		F.push(d, x, w, name);
	}
	v.F = F;
	v.n = names;
}
/* The URL's state, with the parameters it has of others kept: the
 * shown view's zoom (x, y; e=1 the elided view) and the search (s). */
function saveurl() {
	var z = view.zoomed, p = querymap(queryparams(window.location.search)), q = [];
	p.x = z < 0 ? null : view.ox[z];
	p.y = z < 0 ? null : view.oy[z];
	p.e = view == views[0] ? null : 1;
	p.s = term;
	for (var k in p) q.push([k, p[k]]);
	seturl(q);
}
function fname(i) {
	var n = view.F[i * stride + 3];
	return n < 0 ? "+" + (-n) + " more" : view.n[n];
}
/* What a frame's tooltip says: the text of its title, which fg-svg
 * writes with the counts in human form when they have a unit (D.u), or
 * which --nameattr may give (D.ut).  A frame with a link is a rect in
 * an <a>. */
function info(i) {
	if (D.u || D.dom || D.ut) return view.rects[i].firstElementChild.textContent;
	var F = view.F, w = F[i * stride + 2], t = view.total, txt;
	var name = F[i * stride] == 0 ? "all" : fname(i);
	txt = name + " (" + group(w * D.factor) + " " + D.cn + ", " + pct(w, t);
	if (stride == 5 && view == views[0]) {
		var d = w - F[i * stride + 4], sign = d > 0 ? "+" : "";
		txt += "; " + sign + group(d * D.factor) + " " + D.cn + ", " + sign + pct(d, t);
	}
	return txt + ")";
}
function frame_at(e) {
	var t = e.target;
	return t && t.fgi !== undefined && view.rects[t.fgi] === t ? t.fgi : -1;
}
function hover(e) {
	var i = frame_at(e);
	if (i < 0) { unhover(); return; }
	var text = info(i);
	details.nodeValue = D.nt + " " + text;
	tiptext.textContent = text;
	var pt = svg.createSVGPoint();
	pt.x = e.clientX; pt.y = e.clientY;
	pt = pt.matrixTransform(svg.getScreenCTM().inverse());
	var w = tiptext.getComputedTextLength() + 8, x = pt.x + 12, y = pt.y + 18;
	if (x + w > D.W) x = Math.max(0, pt.x - w - 4);
	if (y + 20 > D.H) y = pt.y - 24;
	tiprect.setAttribute("width", w);
	tip.setAttribute("transform", "translate(" + x + "," + y + ")");
	tip.classList.remove("hide");
}
function unhover() {
	details.nodeValue = " ";
	tip.classList.add("hide");
}
function click(e) {
	var id = e.target.id, i = frame_at(e);
	if (i >= 0) zoom(i);
	else if (id == "unzoom") zoom(-1);
	else if (id == "search") term == null ? prompt_search() : search(null);
	else if (id == "ignorecase") toggle_icase();
	else if (id == "elided") toggle_elided();
}
function key(e) {
	var a = keyaction(e, false);
	if (a === "find") {
		e.preventDefault();
		prompt_search();
	} else if (a === "case") {
		e.preventDefault();
		toggle_icase();
	} else if (a === "reset") {
		if (view.zoomed >= 0) zoom(-1);
		else search(null);
	}
}
function prompt_search() {
	var t = prompt("Enter a search term (regexp allowed" +
		", eg: ^ext4_)" + (icase ? ", ignoring case" : "") +
		"\nPress Ctrl-i to toggle case sensitivity", term || "");
	if (t != null) search(t === "" ? null : t);
}
function toggle_icase() {
	icase = !icase;
	icbtn.classList.toggle("show", icase);
	if (term != null) search(term);
}
function toggle_elided() {
	if (views.length < 2) return;
	view.g.classList.add("hide");
	view.labels.classList.add("hide");
	view = view == views[0] ? views[1] : views[0];
	view.g.classList.remove("hide");
	view.labels.classList.remove("hide");
	/* the key of the view shown */
	if ($("key") && $("ekey")) {
		$("key").classList.toggle("hide", view != views[0]);
		$("ekey").classList.toggle("hide", view == views[0]);
	}
	elidedbtn.classList.toggle("show", view != views[0]);
	if (!elidedbtn.fgtext) elidedbtn.fgtext = elidedbtn.firstChild.nodeValue;
	elidedbtn.firstChild.nodeValue = view == views[0] ? elidedbtn.fgtext : "Back to the graph";
	unzoombtn.classList.toggle("hide", view.zoomed < 0);
	search(term);	/* writes the URL */
}
function zoom(i) {
	var F = view.F;
	if (i >= 0 && F[i * stride] == 0) i = -1;
	view.zoomed = i;
	unzoombtn.classList.toggle("hide", i < 0);
	search(term);	/* the share matched is the zoomed frame's; draws the view, writes the URL */
}
function render() {
	var F = view.F, n = view.rects.length, z = view.zoomed;
	var zd = z < 0 ? 0 : F[z * stride], zx = z < 0 ? 0 : F[z * stride + 1];
	var zw = z < 0 ? view.total : F[z * stride + 2];
	var scale = (D.W - 2 * D.pad) / zw, cw = D.fs * D.fw;
	var labels = document.createDocumentFragment();
	for (var i = 0; i < n; i++) {
		var r = view.rects[i], d = F[i * stride], x = F[i * stride + 1], w = F[i * stride + 2], px, pw;
		var parent = d < zd && x <= zx && x + w >= zx + zw;
		if (d >= zd && x >= zx && x + w <= zx + zw) {
			px = D.pad + (x - zx) * scale;
			pw = w * scale;
		} else if (parent) {
			px = D.pad;
			pw = D.W - 2 * D.pad;
		} else {
			r.classList.add("hide");
			continue;
		}
		r.classList.remove("hide");
		r.classList.toggle("parent", parent);
		r.setAttribute("x", px.toFixed(1));
		r.setAttribute("width", pw.toFixed(1));
		var text = fitlabel(d == 0 ? "all" : fname(i), Math.floor(pw / cw));
		if (text == null) continue;
		var t = document.createElementNS("http://www.w3.org/2000/svg", "text");
		t.setAttribute("x", (px + 3).toFixed(2));
		t.setAttribute("y", view.oy[i] + D.ty);
		/* a match's fill takes a black label */
		if (!view.hit[i] && (parent ? view.pw[i] : view.lw[i])) t.setAttribute("class", "w");
		t.textContent = text;
		labels.appendChild(t);
	}
	view.labels.textContent = "";
	view.labels.appendChild(labels);
}
/* The search: the frames whose names match term (null none) fill with
 * the match colour; "Matched" is their share of the zoomed frame. */
function search(t) {
	var F = view.F, n = view.rects.length, re = null, r;
	term = t;
	if (t != null && !(re = (r = searchre(t, icase)).re)) {
		alert(r.error);
		term = null;
	}
	for (var i = 0; i < n; i++) {
		var hit = re && F[i * stride] > 0 && F[i * stride + 3] >= 0 && re.test(view.n[F[i * stride + 3]]);
		view.hit[i] = hit;
		view.rects[i].setAttribute("fill", hit ? D.sc || "rgb(230,0,230)" : view.fills[i]);
	}
	saveurl();
	searchbtn.classList.toggle("show", term != null);
	searchbtn.firstChild.nodeValue = term != null ? "Reset Search" : "Search";
	matched.classList.toggle("hide", term == null || !n);
	if (term != null && n) {
		tree(view);
		matched.firstChild.nodeValue = matchedtext(Math.max(view.zoomed, 0), view.parent,
			view.end, view.w, function (i) { return view.hit[i]; });
	}
	render();
}
/* View v's frames as a tree, once: each one's caller and the end of
 * its subtree (the frames are in pre-order), and its count. */
function tree(v) {
	if (v.end) return;
	var n = v.rects.length, st = [], d;
	v.parent = new Int32Array(n);
	v.end = new Int32Array(n);
	v.w = new Float64Array(n);
	for (var i = 0; i < n; i++) {
		d = v.F[i * stride];
		while (st.length && v.F[st[st.length - 1] * stride] >= d) v.end[st.pop()] = i;
		v.parent[i] = st.length ? st[st.length - 1] : -1;
		v.w[i] = v.F[i * stride + 2];
		st.push(i);
	}
	while (st.length) v.end[st.pop()] = n;
}
/* The controls of the top band and the details line of the bottom one,
 * each in a group over a backing band, moved with the scrolling so they
 * stay in the window. */
var pins = [];
function pin(ids, y, h, bottom) {
	var ns = "http://www.w3.org/2000/svg", g = document.createElementNS(ns, "g");
	var band = document.createElementNS(ns, "rect");
	band.setAttribute("class", "band");
	band.setAttribute("x", 0);
	band.setAttribute("y", y);
	band.setAttribute("width", D.W);
	band.setAttribute("height", h);
	g.appendChild(band);
	for (var i = 0; i < ids.length; i++) if ($(ids[i])) g.appendChild($(ids[i]));
	svg.insertBefore(g, tip);
	pins.push({ g: g, band: band, bottom: bottom });
}
function pin_controls() {
	var fs = D.fs;
	pin(["title", "subtitle", "unzoom", "search", "ignorecase", "elided"], 0, fs * 3, false);
	pin(["details", "matched"], D.H - fs * 2 - 10, fs * 2 + 10, true);
	window.addEventListener("scroll", place_pins);
	window.addEventListener("resize", place_pins);
}
/* The window's top and bottom in the image's units. */
function shown() {
	var m = svg.getScreenCTM();
	if (!m || !m.d) return null;
	return { top: -m.f / m.d, bottom: (window.innerHeight - m.f) / m.d };
}
function place_pins() {
	var w = shown();
	if (!w) return;
	for (var i = 0; i < pins.length; i++) {
		var p = pins[i], dy = p.bottom ? Math.min(0, w.bottom - D.H) : Math.max(0, w.top);
		p.g.setAttribute("transform", "translate(0," + dy.toFixed(1) + ")");
		p.band.classList.toggle("moved", dy != 0);
	}
}
/* Scroll so that frame i's row is in the window, clear of the bands. */
function scroll_to(i) {
	var w = shown(), y = view.oy[i];
	if (!w || w.bottom - w.top >= D.H) { place_pins(); return; }
	var band = D.fs * 3, h = w.bottom - w.top, top;
	if (y < D.H / 2) top = y - band;	/* root on top: an icicle */
	else top = y + 2 * D.ty + D.fs * 2 + 10 - h;
	top = Math.max(0, Math.min(D.H - h, top));
	window.scrollTo(0, top * svg.getScreenCTM().d + window.scrollY + svg.getScreenCTM().f);
	place_pins();
}

