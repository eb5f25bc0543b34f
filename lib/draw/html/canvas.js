/* canvas.js: the graph's box: its canvas and the hover layer above it,
 * sized to the window, scrolled, clicked to zoom (the breadcrumb says
 * where), and the keyboard's frame moved by the arrows. */

import { model, shown } from "./model.js";
import { pathto, parentat, eachkid } from "./tree.js";
import { state, rootontop, curmode, setzoom } from "./state.js";
import { frameat, rect } from "./layout.js";
import { save } from "./url.js";
import { setcanvas, el, pen, paint } from "./paint.js";
import { mk, draw, activate } from "./toolbar.js";
import { wheel, dragstart, sizemini } from "./nav.js";
import { hover, unhover, openurl, framelink, keycard } from "./hover.js";
import { callers } from "./sandwich.js";

/* The graph's box and its two canvases. */
export function graphbox() {
	var box = mk("div", "box"), sheet = mk("div", "sheet", box);
	setcanvas(mk("canvas", "canvas", sheet).getContext("2d"), mk("canvas", "hover", sheet).getContext("2d"));
	box.addEventListener("scroll", scrolled);
	el.canvas.tabIndex = 0;
	el.canvas.setAttribute("aria-label", "the graph: arrows move, Enter zooms, Backspace zooms out");
	el.canvas.addEventListener("focus", function () { if (state.selected < 0) select(state.z); });
	el.canvas.addEventListener("mousemove", hover);
	el.canvas.addEventListener("mouseleave", function () { state.pointer = null; unhover(); });
	el.canvas.addEventListener("click", click);
	el.canvas.addEventListener("wheel", wheel, { passive: false });
	el.canvas.addEventListener("mousedown", dragstart);
}
/* The main pane: the view shown, zoomed, on the page's canvas. */
export function mainpane() {
	return { v: state.shown, z: state.z, path: zpath(), inv: rootontop(), width: state.width,
		height: state.height, boxheight: state.boxheight, scrolltop: state.scrolltop, fh: pen.frameh,
		bywidth: state.sortwidth, x0: state.x0, x1: state.x1 };
}
/* The frames from the root to the zoomed one, kept while they are. */
export function zpath() {
	var c = state.zpath;
	if (!c || c.v !== state.shown || c.z !== state.z) c = state.zpath = { v: state.shown, z: state.z, p: pathto(state.shown, state.z) };
	return c.p;
}

/* The graph sized to the window (or --width, --height), then drawn. */
export function resize() {
	var box = el.box, top, need;
	/* the table hides the canvas: measuring the page would lay the
	 * table out at once, for nothing */
	if (!curmode().canvas) { sizemini(); draw(); return; }
	state.dpr = window.devicePixelRatio || 1;
	state.width = model.data.width || Math.max(200, document.documentElement.clientWidth - 20);
	sizemini();
	callers();
	top = box.getBoundingClientRect().top;
	need = (state.shown.maxdepth + 1) * pen.frameh + 2;
	state.boxheight = model.data.height || Math.min(need, Math.max(150, window.innerHeight - top - 60));
	state.height = Math.max(state.boxheight, need);
	box.style.width = state.width + "px";
	box.style.height = state.boxheight + "px";
	el.sheet.style.height = state.height + "px";
	/* the canvases back at the top first: left where a deeper view had
	 * scrolled them, they would hold the box open below a shallow
	 * graph, and its scroll offset with it (a blank view) */
	[el.canvas, el.hover].forEach(function (c) {
		var w = Math.round(state.width * state.dpr), h = Math.round(state.boxheight * state.dpr);
		/* a canvas given its size again is made again (10 ms and more
		 * for a window's): one taller than the box is kept, its rows
		 * past the box's unpainted and out of sight (the sheet clips
		 * them), and one narrower or shorter made again */
		if (c.width !== w || c.height < h || c.dpr !== state.dpr) {
			c.width = w;
			c.height = h;
			c.dpr = state.dpr;
		}
		c.style.width = state.width + "px";
		c.style.height = c.height / state.dpr + "px";
		c.style.top = "0";
	});
	box.scrollTop = rootontop() ? 0 : state.height;
	state.scrolltop = box.scrollTop;
	draw();
}
/* scrolling moves the canvases along and redraws, once a frame */
function scrolled() {
	if (state.pending) return;
	state.pending = true;
	requestAnimationFrame(function () {
		state.pending = false;
		if (state.scrolltop === el.box.scrollTop || state.busy) return;
		state.scrolltop = el.box.scrollTop;
		paint();
		unhover();
	});
}

function click(e) {
	if (state.dragged) { state.dragged = false; return; }
	if (state.busy) return;
	var r = el.canvas.getBoundingClientRect(), i = frameat(mainpane(), e.clientX - r.left, e.clientY - r.top);
	var v = state.shown;
	if (i >= 0 && (e.ctrlKey || e.metaKey)) openurl(framelink(v.f[i], model.names[v.f[i]]));
	else if (i >= 0) zoom(i);
}
/* No zoom: the root, the whole of it. */
export function unzoom() {
	setzoom(0);
}
/* Zoom on frame i (0: out), the whole of it. */
export function zoom(i) {
	setzoom(i);
	/* a match's place, "k of N", is nextmatch's to give again */
	el.matchpos.textContent = "";
	draw();
	save();
	if (!rootontop()) el.box.scrollTop = state.height;
	scrolled();
}

/* The breadcrumb: the zoomed frame's path, each a link that zooms out
 * to it, and its source. */
export function crumbs() {
	var c = el.crumbs, v = state.shown;
	c.textContent = "";
	zpath().forEach(function (i, k) {
		var a = document.createElement("a");
		a.textContent = shown(model.names[v.f[i]]);
		activate(a, function () { zoom(i); });
		if (k) c.appendChild(document.createTextNode(" \u203a "));
		c.appendChild(a);
	});
	/* the zoomed frame's source, a link one can click */
	var u = framelink(v.f[state.z], model.names[v.f[state.z]]);
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

/* The keyboard's frame (state.selected, -1 none): drawn with a dashed
 * edge; arrows move it to the parent, a child, a sibling; Enter zooms
 * to it. */
export function select(i) {
	state.selected = i;
	drawsel();
}
export function drawsel() {
	var b = state.selected >= 0 && curmode().canvas ? rect(mainpane(), state.selected) : null;
	pen.hctx.setTransform(state.dpr, 0, 0, state.dpr, 0, 0);
	pen.hctx.clearRect(0, 0, state.width, state.boxheight);
	if (!b) return;
	pen.hctx.strokeStyle = pen.focus;
	pen.hctx.lineWidth = 2;
	pen.hctx.setLineDash([4, 2]);
	pen.hctx.strokeRect(b.x + 1, b.y + 1, Math.max(b.w - 2, 1), b.h - 2);
	pen.hctx.setLineDash([]);
}
/* Arrow key k from the selected frame: toward the root, away from it
 * (the widest callee), or the sibling left or right. */
export function arrow(k) {
	var v = state.shown, i = state.selected >= 0 ? state.selected : state.z, p = parentat(v, i), c, best = -1;
	var up = rootontop() ? "ArrowUp" : "ArrowDown", down = rootontop() ? "ArrowDown" : "ArrowUp";
	var xi = 0, xs = {};
	if (k === up && p >= 0) best = p;
	if (k === down)
		for (c = i + 1; c < v.end[i]; c = v.end[c]) if (best < 0 || v.w[c] > v.w[best]) best = c;
	if ((k === "ArrowLeft" || k === "ArrowRight") && p >= 0) {
		eachkid(v, p, 0, state.sortwidth, function (c, x) { xs[c] = x; });
		xi = xs[i];
		for (c = p + 1; c < v.end[p]; c = v.end[c]) {
			if (c === i || (k === "ArrowLeft") !== (xs[c] < xi)) continue;
			if (best < 0 || Math.abs(xs[c] - xi) < Math.abs(xs[best] - xi)) best = c;
		}
	}
	if (best >= 0 && rect(mainpane(), best)) {
		select(best);
		keycard(best);
	}
}
