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
			if (minichanged()) return resize();
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
	state.minifor = null;
	paintmini();
}
/* Whether the minimap is to come or go (the zoom came or went): the
 * page is laid out again (canvas.js's resize), before the graph is
 * painted, once. */
export function minichanged() {
	return !state.busy && !!state.shown && hasmini() === (el.mini.style.display === "none");
}
/* The subtree painted once a view and zoom, the window each time. */
export function paintmini() {
	var v = state.shown, z = minifor(), g, P, s, a, b;
	sizeaxis();
	if (state.busy || !v) return;
	if (minichanged()) return resize();
	if (!hasmini()) return;
	P = minipic(v, z);
	if (state.minifor !== P) {
		state.minifor = P;
		el.minimap.getContext("2d").putImageData(P.img, 0, 0);
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
/* The minimap's picture of frame z of view v at the canvas's size and
 * the graph's order (state.minipic: { v, key, img }), made once. */
function minipic(v, z) {
	var w = Math.round(state.width * state.dpr), h = Math.round(MINIH * state.dpr), p = state.minipic,
		key = [v.n, z, w, h, state.width, rootontop(), state.sortwidth].join();
	if (p && p.v === v && p.key === key) return p;
	return state.minipic = { v: v, key: key, img: miniboxes({ v: v, z: z, inv: rootontop(), width: state.width,
		bywidth: state.sortwidth, fh: Math.max(1, Math.min(4, MINIH / (v.maxdepth - v.depth[z] + 1))) }, w, h) };
}
/* The picture the page's first zoom shows, of the whole view opened,
 * made while the page is idle after it is shown (state.minidue, kept
 * when done), so that the zoom paints the graph and puts the picture,
 * no more than it did before there was a minimap.  Once: a view shown
 * later has its picture made at its first zoom (a mode or a transform
 * does not pay for a zoom that may not come). */
export function miniahead() {
	var m = curmode();
	if (state.minipic || state.minidue || !m.canvas || m.time || m.fn || state.minikept || state.busy) return;
	state.minidue = new Promise(function (done) {
		requestAnimationFrame(function () {
			setTimeout(function () {
				var v = state.shown;
				state.minidue = null;
				if (v && !state.busy && curmode().canvas && !state.minikept) minipic(v, 0);
				done();
			}, 0);
		});
	});
}
/* The boxes of pane P, the zoomed frame's subtree from its row on,
 * away from the root (the graph's way up), fills only: the pixels of
 * a canvas w by h (device pixels) written at once, not a fill a frame
 * (which cost the first zoom of a large view more than its graph). */
function miniboxes(P, w, h) {
	var v = P.v, z = P.z, sc = P.width / v.w[z], st = [z], sx = [0], i, x, d0 = v.depth[z];
	var img = new ImageData(w, h), px = new Uint32Array(img.data.buffer), k = w / P.width, a, b, y, y1, c;
	function push(c, cx) { if (v.w[c] * sc >= 0.5) { st.push(c); sx.push(cx); } }
	while (st.length) {
		i = st.pop();
		x = sx.pop();
		/* as deep as it has room for; a flame chart's idle a gap */
		if ((v.depth[i] - d0) * P.fh >= MINIH || v.chart && v.f[i] === pen.idle && v.depth[i] === 1) continue;
		c = rgba(model.colors[v.col ? v.col[i] : model.namecolor[v.f[i]]]);
		a = Math.round(x * sc * k);
		b = Math.min(w, Math.max(a + 1, Math.round((x + v.w[i]) * sc * k)));
		y = P.inv ? (v.depth[i] - d0) * P.fh : MINIH - (v.depth[i] - d0 + 1) * P.fh;
		for (y1 = Math.min(h, Math.round((y + P.fh) * k)), y = Math.round(y * k); y < y1; y++) px.fill(c, y * w + a, y * w + b);
		eachkid(v, i, x, P.bywidth, push);
	}
	return img;
}
/* Colour s (a CSS colour) as an ImageData pixel of the platform's byte
 * order, each once. */
var RGBA = new Map(), LE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1, CV = null;
function rgba(s) {
	var r = RGBA.get(s), m, d;
	if (r !== undefined) return r;
	m = /^#([0-9a-f]{6})$/i.exec(s);
	if (!m) {
		CV = CV || document.createElement("canvas").getContext("2d");
		CV.clearRect(0, 0, 1, 1);
		CV.fillStyle = s;
		CV.fillRect(0, 0, 1, 1);
		d = CV.getImageData(0, 0, 1, 1).data;
	} else d = [parseInt(m[1].slice(0, 2), 16), parseInt(m[1].slice(2, 4), 16), parseInt(m[1].slice(4), 16), 255];
	r = LE ? (d[3] << 24 | d[2] << 16 | d[1] << 8 | d[0]) >>> 0 : (d[0] << 24 | d[1] << 16 | d[2] << 8 | d[3]) >>> 0;
	RGBA.set(s, r);
	return r;
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
