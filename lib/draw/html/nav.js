/* nav.js: the window on the zoomed frame (state.x0 to state.x1, shares
 * of its width across the canvas): the wheel (or a pinch) zooms it
 * about the pointer, a drag pans it (and the graph's rows), and an
 * overview strip above the graph (the minimap) shows the window: in the
 * time mode on the whole of the zoomed frame, in the flame graph and
 * bottom-up, from the first zoom on, on the whole view; a drag moves it.  The
 * URL keeps the window (x=X0,X1), so a link reopens it. */

import { model } from "./model.js";
import { eachkid } from "./tree.js";
import { setwindow, state, curmode, rootontop } from "./state.js";
import { zoomwin, panwin, xat } from "./layout.js";
import { save } from "./url.js";
import { paint, el, pen } from "./paint.js";
import { mk } from "./toolbar.js";
import { drawsel, resize } from "./canvas.js";
import { sizeaxis } from "./timeaxis.js";

/* The window set to w ([x0, x1]): the graph painted again at the next
 * frame, the URL after a pause (a wheel sends many). */
function setwin(w) {
	setwindow(w[0], w[1]);
	if (!state.winpaint) {
		state.winpaint = true;
		requestAnimationFrame(function () {
			state.winpaint = false;
			paint();
			paintmini();
			drawsel();
		});
	}
	clearTimeout(state.winsave);
	state.winsave = setTimeout(save, 200);
}

/* The wheel over the graph: vertical zooms about the pointer (a pinch
 * comes as the wheel with Ctrl), horizontal (or with Shift) pans. */
export function wheel(e) {
	var r, fx, dy = e.deltaY, dx = e.deltaX;
	if (state.busy || !curmode().canvas) return;
	e.preventDefault();
	if (e.deltaMode === 1) { dy *= 16; dx *= 16; }
	if (e.shiftKey && !dx) { dx = dy; dy = 0; }
	r = el.canvas.getBoundingClientRect();
	fx = Math.max(0, Math.min(1, (e.clientX - r.left) / state.width));
	if (dy) setwin(zoomwin(state.x0, state.x1, fx, Math.exp(dy * (e.ctrlKey ? 0.01 : 0.002))));
	if (dx) setwin(panwin(state.x0, state.x1, dx / state.width * (state.x1 - state.x0)));
}

/* A drag on the graph pans the window and the rows; a press that moves
 * no more than 3 px stays a click. */
export function dragstart(e) {
	if (e.button !== 0 || state.busy || !curmode().canvas) return;
	state.drag = { x: e.clientX, y: e.clientY, x0: state.x0, x1: state.x1, top: el.box.scrollTop, moved: false };
	window.addEventListener("mousemove", dragmove);
	window.addEventListener("mouseup", dragend);
}
function dragmove(e) {
	var d = state.drag, dx = e.clientX - d.x;
	if (!d.moved && Math.abs(dx) + Math.abs(e.clientY - d.y) <= 3) return;
	d.moved = true;
	el.canvas.style.cursor = "grabbing";
	setwin(panwin(d.x0, d.x1, -dx / state.width * (d.x1 - d.x0)));
	el.box.scrollTop = d.top - (e.clientY - d.y);
}
function dragend() {
	window.removeEventListener("mousemove", dragmove);
	window.removeEventListener("mouseup", dragend);
	el.canvas.style.cursor = "";
	/* the click that ends a drag zooms to nothing */
	if (state.drag && state.drag.moved) state.dragged = true;
	state.drag = null;
}

/* The minimap: above the graph, the zoomed frame's whole subtree
 * small (a row a few pixels; the whole view's, the root's, out of the
 * time mode), and over it the window; a press moves the window there,
 * a drag moves it along (within the zoomed frame). */
var MINIH = 40;
export function minimap() {
	var m = mk("div", "mini");
	m.style.display = "none";
	mk("canvas", "minimap", m);
	mk("canvas", "miniwin", m);
	el.mini.addEventListener("mousedown", ministart);
	el.mini.addEventListener("wheel", function (e) {
		if (state.busy) return;
		e.preventDefault();
		var r = el.mini.getBoundingClientRect(), at = inzoom((e.clientX - r.left) / state.width);
		var fx = (at - state.x0) / (state.x1 - state.x0);
		setwin(zoomwin(state.x0, state.x1, Math.max(0, Math.min(1, fx)), Math.exp(e.deltaY * 0.002)));
	}, { passive: false });
}
/* Whether the minimap shows: in the time mode; in the graph and
 * bottom-up once zoomed (a frame, or the wheel's window), and from then
 * on, so that the graph moves down once, not at every zoom. */
function hasmini() {
	var m = curmode();
	if (state.z > 0 || state.x0 > 0 || state.x1 < 1) state.minikept = true;
	return m.canvas && (!!m.time || !m.fn && state.minikept);
}
/* The frame the minimap draws: the zoomed one in the time mode, else
 * the root; and where the zoomed frame lies across it, [start, width]
 * (shares of its width). */
function minifor() { return curmode().time ? state.z : 0; }
function zspan() {
	var v = state.shown, z = state.z;
	return minifor() === z ? [0, 1] : [xat(v, 0, z, state.sortwidth) / v.w[0], v.w[z] / v.w[0]];
}
/* Share at of the minimap's width as a share of the zoomed frame's. */
function inzoom(at) {
	var s = zspan();
	return (at - s[0]) / s[1];
}
/* The minimap sized to the canvas and painted: the subtree, then the window. */
export function sizemini() {
	var on = hasmini();
	sizeaxis();
	el.mini.style.display = on ? "" : "none";
	if (!on) return;
	el.mini.style.width = state.width + "px";
	el.mini.style.height = MINIH + "px";
	[el.minimap, el.miniwin].forEach(function (c) {
		var w = Math.round(state.width * state.dpr), h = Math.round(MINIH * state.dpr);
		if (c.width !== w) c.width = w;
		if (c.height !== h) c.height = h;
		c.style.width = state.width + "px";
		c.style.height = MINIH + "px";
	});
	state.minikey = null;
	paintmini();
}
/* The subtree painted once a view and zoom, the window each time. */
export function paintmini() {
	var v = state.shown, z = minifor(), key, g, P, s, a, b;
	sizeaxis();
	if (state.busy || !v) return;
	/* shown or gone as the zoom comes and goes: the page laid out again */
	if (hasmini() === (el.mini.style.display === "none")) return resize();
	if (!hasmini()) return;
	key = [v.n, z, state.width, rootontop(), state.sortwidth].join();
	if (state.minikey !== key || state.minifor !== v) {
		state.minikey = key;
		state.minifor = v;
		P = { v: v, z: z, inv: rootontop(), width: state.width, bywidth: state.sortwidth,
			fh: Math.max(1, Math.min(4, MINIH / (v.maxdepth - v.depth[z] + 1))) };
		g = el.minimap.getContext("2d");
		g.setTransform(state.dpr, 0, 0, state.dpr, 0, 0);
		g.clearRect(0, 0, state.width, MINIH);
		miniboxes(P, g);
	}
	g = el.miniwin.getContext("2d");
	g.setTransform(state.dpr, 0, 0, state.dpr, 0, 0);
	g.clearRect(0, 0, state.width, MINIH);
	s = zspan();
	a = (s[0] + state.x0 * s[1]) * state.width;
	b = (s[0] + state.x1 * s[1]) * state.width;
	g.fillStyle = "rgba(128, 128, 128, 0.45)";
	g.fillRect(0, 0, a, MINIH);
	g.fillRect(b, 0, state.width - b, MINIH);
	g.strokeStyle = pen.focus;
	g.lineWidth = 1.5;
	g.strokeRect(a + 0.75, 0.75, Math.max(b - a - 1.5, 1), MINIH - 1.5);
}
/* The boxes of pane P, the zoomed frame's subtree from its row on,
 * away from the root (the graph's way up), fills only. */
function miniboxes(P, g) {
	var v = P.v, z = P.z, sc = P.width / v.w[z], st = [z], sx = [0], i, x, d0 = v.depth[z];
	function push(c, cx) { if (v.w[c] * sc >= 0.5) { st.push(c); sx.push(cx); } }
	while (st.length) {
		i = st.pop();
		x = sx.pop();
		/* as deep as it has room for; a flame chart's idle a gap */
		if ((v.depth[i] - d0) * P.fh >= MINIH || v.chart && v.f[i] === pen.idle && v.depth[i] === 1) continue;
		g.fillStyle = model.colors[v.col ? v.col[i] : model.namecolor[v.f[i]]];
		g.fillRect(x * sc, P.inv ? (v.depth[i] - d0) * P.fh : MINIH - (v.depth[i] - d0 + 1) * P.fh,
			Math.max(v.w[i] * sc, 0.5), P.fh);
		eachkid(v, i, x, P.bywidth, push);
	}
}
/* A press on the minimap: the window centred there, then dragged. */
function ministart(e) {
	var r = el.mini.getBoundingClientRect(), at = inzoom((e.clientX - r.left) / state.width), span = state.x1 - state.x0;
	if (e.button !== 0 || state.busy) return;
	e.preventDefault();
	if (at < state.x0 || at > state.x1) setwin(panwin(state.x0, state.x1, at - span / 2 - state.x0));
	state.mdrag = { x: e.clientX, x0: state.x0, x1: state.x1 };
	window.addEventListener("mousemove", minimove);
	window.addEventListener("mouseup", miniend);
}
function minimove(e) {
	var d = state.mdrag;
	setwin(panwin(d.x0, d.x1, (e.clientX - d.x) / state.width / zspan()[1]));
}
function miniend() {
	window.removeEventListener("mousemove", minimove);
	window.removeEventListener("mouseup", miniend);
	state.mdrag = null;
}
