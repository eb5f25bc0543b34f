/* paint.js: the canvas painter: the boxes and labels of a pane (a view
 * zoomed on a frame, layout.js), the rows the box shows, nothing else. */

import { cplength, fitlabel } from "../viewer.js";
import { model, shown } from "./model.js";
import { eachkid } from "./tree.js";
import { state, curmode } from "./state.js";
import { rowy, rowsgone } from "./layout.js";
import { mainpane } from "./canvas.js";
import { noisy } from "./noise.js";

/* The paint settings, one record: a frame's height, the labels' font
 * size and a character's width, in pixels, the labels' font, and each
 * name's length in code points (-1: not yet counted), set by
 * initpaint; the canvas's context and the hover layer's above it
 * (canvas.js's graphbox makes them: setcanvas); the name id of
 * "(idle)" (-1: none); the keyboard's frame's
 * and the hovered one's edge, by the theme (themecolors). */
export var pen = { frameh: 16, fontsize: 12, charw: 7, font: "", cplen: null, idle: -1, ctx: null, hctx: null,
	focus: "#1a5fd0", hover: "#000" };
/* the page's elements by id (toolbar.js) */
export var el = {};
/* the edge of a differential frame, so that one that did not change
 * (white) stands out from the background and its neighbours, in
 * either theme */
var OUTLINE = "rgba(0, 0, 0, 0.45)";

/* The canvases painted: the graph's context c and the hover layer's h. */
export function setcanvas(c, h) {
	pen.ctx = c;
	pen.hctx = h;
}
export function initpaint() {
	pen.frameh = model.data.frameheight;
	pen.fontsize = model.data.fontsize;
	pen.charw = model.data.fontsize * model.data.fontwidth;
	pen.font = pen.fontsize + "px Verdana, sans-serif";
	pen.cplen = new Int32Array(model.names.length).fill(-1);
	pen.idle = model.names.indexOf("(idle)");
}

/* Whether frame i of view v matches: fg's root "all" never does, as in
 * fg-svg's image, so that Matched is the same in both. */
export function ismatch(v, i) { return state.match[v.f[i]] && (i > 0 || !v.rooted); }
/* The theme: dark as the system prefers it, or as the toggle chose
 * (a class on the root element); the canvas's colours follow. */
export function dark() {
	var c = document.documentElement.classList;
	return c.contains("dark") || (!c.contains("light") && !!window.matchMedia &&
		window.matchMedia("(prefers-color-scheme: dark)").matches);
}
export function themecolors() {
	var d = dark();
	pen.focus = d ? "#7fb0ff" : "#1a5fd0";
	pen.hover = d ? "#fff" : "#000";
}

/* Frame i's label in a box pw wide, or null (viewer.js's fitlabel,
 * each name's length in code points kept in pen.cplen; a name a transform
 * added has none, and fitlabel counts it). */
function label(v, i, pw) {
	var id = v.f[i], chars = Math.floor(pw / pen.charw);
	if (chars < 3) return null;
	if (pen.cplen[id] < 0) pen.cplen[id] = cplength(shown(model.names[id]));
	return fitlabel(shown(model.names[id]), chars, pen.cplen[id]);
}

/* Draw the view zoomed on frame z: its callers across the width, its
 * subtree scaled to it, each frame where its caller puts it (tree.js's
 * eachkid); frames under half a pixel are left out with their callees,
 * and so are the rows past the box's edge. */
export function paint() {
	/* the table hides the canvas; a view lent to the worker is not here */
	if (!curmode().canvas || state.busy) return;
	el.canvas.style.top = el.hover.style.top = state.scrolltop + "px";
	paintpane(mainpane(), pen.ctx);
}
/* The pattern that marks a change within noise: the fill half white,
 * and white stripes, made once. */
var HATCH = null;
function hatching(g) {
	if (HATCH) return HATCH;
	var c = document.createElement("canvas"), x = c.getContext("2d");
	c.width = c.height = 6;
	x.fillStyle = "rgba(255, 255, 255, 0.5)";
	x.fillRect(0, 0, 6, 6);
	x.strokeStyle = "rgba(255, 255, 255, 0.85)";
	x.lineWidth = 1;
	x.beginPath();
	x.moveTo(-1, 7);
	x.lineTo(7, -1);
	x.moveTo(5, 7);
	x.lineTo(7, 5);
	x.moveTo(-1, 1);
	x.lineTo(1, -1);
	x.stroke();
	return HATCH = g.createPattern(c, "repeat");
}
export function paintpane(P, g) {
	var v = P.v, z = P.z, w = v.w, span = (P.x1 - P.x0) * w[z], sc = P.width / span, lo = P.x0 * w[z];
	var hi = lo + span, match = state.match, edged = model.diff || state.elided, st = [z], sx = [0], k, i, x;
	g.setTransform(state.dpr, 0, 0, state.dpr, 0, 0);
	g.clearRect(0, 0, P.width, P.boxheight);
	g.font = pen.font;
	g.textBaseline = "middle";
	g.strokeStyle = OUTLINE;
	g.lineWidth = 1;
	/* not of the elided view, whose stacks all vanished */
	var noise = state.elided ? null : model.noise, hatch = noise && hatching(g), pale, gap;
	/* the part of the box in the window; the label in black or white,
	 * as fg wrote for the fill (color_label) */
	function box(i, px, pw) {
		var hit = match && ismatch(v, i), y = rowy(P, v.depth[i]), c = v.col ? v.col[i] : model.namecolor[v.f[i]], t;
		if (y >= P.boxheight || y + pen.frameh <= 0) return;
		if (px < 0) { pw += px; px = 0; }
		if (px + pw > P.width) pw = P.width - px;
		/* a flame chart's idle time: a gap, its label grey */
		gap = v.chart && v.f[i] === pen.idle && v.depth[i] === 1;
		g.fillStyle = hit ? model.data.match : gap ? "rgba(128, 128, 128, 0.12)" : model.colors[c];
		g.fillRect(px, y, Math.max(pw - (pw > 2 ? 0.5 : 0), 0.5), pen.frameh - 1);
		/* a comparison's change within noise: paler, hatched, its
		 * label black (the root's: the totals' change, noise.js) */
		pale = hatch && !hit && pw >= 2 && noisy(v, i);
		if (pale) {
			g.fillStyle = hatch;
			g.fillRect(px, y, pw - 0.5, pen.frameh - 1);
		}
		if (edged && pw >= 3) g.strokeRect(px + 0.5, y + 0.5, pw - 1.5, pen.frameh - 2);
		t = label(v, i, pw);
		if (t) {
			g.fillStyle = hit ? model.data.matchlabel : pale ? "#000" : gap ? "#888" : model.labels[c];
			g.fillText(t, px + 3, y + (pen.frameh - 1) / 2 + 0.5);
		}
	}
	/* a callee in the window, half a pixel wide or more */
	function push(c, cx) {
		if (w[c] * sc >= 0.5 && cx < hi && cx + w[c] > lo) { st.push(c); sx.push(cx); }
	}
	for (k = 0; k < P.path.length - 1; k++) box(P.path[k], 0, P.width);
	while (st.length) {
		i = st.pop();
		x = sx.pop();
		box(i, (x - lo) * sc, w[i] * sc);
		if (v.end[i] > i + 1 && !rowsgone(P, v.depth[i] + 1)) eachkid(v, i, x, P.bywidth, push);
	}
}
