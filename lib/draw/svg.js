/* svg.js: fg-svg's script: hover, zoom, search and the elided view; the
 * frames come in D, written before it by fg-svg */
"use strict";
var svg, details, matched, unzoombtn, searchbtn, icbtn, elidedbtn, tip, tiptext, tiprect;
var views = [], view, term = null, icase = false, S = D.s;
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
	views.push(mkview(D.f, "frames", "labels", D.total));
	if (D.e) views.push(mkview(D.e, "eframes", "elabels", D.etotal));
	view = views[0];
	var p = params();
	if (p.x && p.y) {
		var r = view.g.querySelector('[x="' + p.x + '"][y="' + p.y + '"]');
		if (r) zoom(r.fgi);
	}
	if (p.s) search(p.s);
	svg.addEventListener("click", click);
	svg.addEventListener("mousemove", hover);
	svg.addEventListener("mouseout", unhover);
	window.addEventListener("keydown", key);
}
function mkview(F, gid, lid, total) {
	var g = $(gid), rects = g.children, fills = [], ox = [], oy = [];
	for (var i = 0; i < rects.length; i++) {
		rects[i].fgi = i;
		fills.push(rects[i].getAttribute("fill"));
		ox.push(rects[i].getAttribute("x"));
		oy.push(+rects[i].getAttribute("y"));
	}
	return { F: F, g: g, labels: $(lid), rects: rects, fills: fills, ox: ox, oy: oy,
		total: total, zoomed: -1 };
}
function params() {
	var p = {}, a = window.location.search.substr(1).split("&");
	for (var i = 0; i < a.length; i++) {
		var kv = a[i].split("=");
		if (kv[0] && kv[1]) p[kv[0]] = decodeURIComponent(kv[1]);
	}
	return p;
}
function setparams(p) {
	var q = [];
	for (var k in p) if (p[k] != null) q.push(k + "=" + encodeURIComponent(p[k]));
	history.replaceState(null, null, q.length ? "?" + q.join("&") : window.location.pathname);
}
function fname(i) {
	var n = view.F[i * S + 3];
	return n < 0 ? "+" + (-n) + " more" : D.n[n];
}
function fmt(v) {
	var s = String(v), i = s.indexOf("."), int = i < 0 ? s : s.substr(0, i);
	return int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (i < 0 ? "" : s.substr(i));
}
function info(i) {
	var F = view.F, w = F[i * S + 2], t = view.total, txt;
	var name = F[i * S] == 0 ? "all" : fname(i);
	txt = name + " (" + fmt(+(w * D.factor).toFixed(2)) + " " + D.cn + ", " +
		(100 * w / t).toFixed(2) + "%";
	if (S == 5 && view == views[0]) {
		var d = w - F[i * S + 4], sign = d > 0 ? "+" : "";
		txt += "; " + sign + fmt(+(d * D.factor).toFixed(2)) + " " + D.cn + ", " +
			sign + (100 * d / t).toFixed(2) + "%";
	}
	return txt + ")";
}
function frame_at(e) {
	var t = e.target;
	return t && t.fgi !== undefined && t.parentNode == view.g ? t.fgi : -1;
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
	if (e.keyCode === 114 || (e.ctrlKey && e.keyCode === 70)) {
		e.preventDefault();
		prompt_search();
	} else if (e.ctrlKey && e.keyCode === 73) {
		e.preventDefault();
		toggle_icase();
	} else if (e.keyCode === 27) {
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
	elidedbtn.classList.toggle("show", view != views[0]);
	unzoombtn.classList.toggle("hide", view.zoomed < 0);
	search(term);
}
function zoom(i) {
	var F = view.F, p = params();
	if (i >= 0 && F[i * S] == 0) i = -1;
	view.zoomed = i;
	render();
	unzoombtn.classList.toggle("hide", i < 0);
	p.x = i < 0 ? null : view.ox[i];
	p.y = i < 0 ? null : view.oy[i];
	setparams(p);
	if (term != null) search(term);
}
function render() {
	var F = view.F, n = view.rects.length, z = view.zoomed;
	var zd = z < 0 ? 0 : F[z * S], zx = z < 0 ? 0 : F[z * S + 1], zw = z < 0 ? view.total : F[z * S + 2];
	var scale = (D.W - 2 * D.pad) / zw, cw = D.fs * D.fw;
	var labels = document.createDocumentFragment();
	for (var i = 0; i < n; i++) {
		var r = view.rects[i], d = F[i * S], x = F[i * S + 1], w = F[i * S + 2], px, pw;
		if (d >= zd && x >= zx && x + w <= zx + zw) {
			px = D.pad + (x - zx) * scale;
			pw = w * scale;
			r.removeAttribute("class");
		} else if (d < zd && x <= zx && x + w >= zx + zw) {
			px = D.pad;
			pw = D.W - 2 * D.pad;
			r.setAttribute("class", "parent");
		} else {
			r.setAttribute("class", "hide");
			continue;
		}
		r.setAttribute("x", px.toFixed(1));
		r.setAttribute("width", pw.toFixed(1));
		var chars = Math.floor(pw / cw);
		if (chars < 3) continue;
		var name = d == 0 ? "all" : fname(i), text = name;
		if (chars < name.length) text = name.substr(0, chars - 2) + "..";
		var t = document.createElementNS("http://www.w3.org/2000/svg", "text");
		t.setAttribute("x", (px + 3).toFixed(2));
		t.setAttribute("y", view.oy[i] + D.ty);
		t.textContent = text;
		labels.appendChild(t);
	}
	view.labels.textContent = "";
	view.labels.appendChild(labels);
}
function search(t) {
	var F = view.F, n = view.rects.length, re = null, p = params();
	term = t;
	if (t != null) {
		try { re = new RegExp(t, icase ? "i" : ""); }
		catch (err) { alert("Bad regular expression: " + err.message); term = null; }
	}
	var z = view.zoomed, zd = z < 0 ? 0 : F[z * S], zx = z < 0 ? 0 : F[z * S + 1];
	var zw = z < 0 ? view.total : F[z * S + 2];
	var sum = 0, cx = 0, cw = -1, cd = 0;
	for (var i = 0; i < n; i++) {
		var r = view.rects[i], d = F[i * S], x = F[i * S + 1], w = F[i * S + 2];
		var hit = re && d > 0 && F[i * S + 3] >= 0 && re.test(D.n[F[i * S + 3]]);
		r.setAttribute("fill", hit ? "rgb(230,0,230)" : view.fills[i]);
		if (!hit || !(d >= zd && x >= zx && x + w <= zx + zw)) continue;
		if (d > cd && x >= cx && x + w <= cx + cw) continue;	/* inside a match counted */
		sum += w;
		cx = x; cw = w; cd = d;
	}
	p.s = term;
	setparams(p);
	searchbtn.classList.toggle("show", term != null);
	searchbtn.firstChild.nodeValue = term != null ? "Reset Search" : "Search";
	matched.classList.toggle("hide", term == null);
	if (term != null) {
		var pct = 100 * sum / zw;
		matched.firstChild.nodeValue = "Matched: " + (pct == 100 ? "100" : pct.toFixed(1)) + "%";
	}
}

