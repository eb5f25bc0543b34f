/* hover.js: a frame's card: its name, file, count and shares, its
 * change on differential input, its status, its source link; shown
 * beside the pointer, and on the details line under the graph. */

import { pct } from "../viewer.js";
import { model, human, fullname, status, fileline, shown, noiseword } from "./model.js";
import { selfat } from "./tree.js";
import { curmode, state } from "./state.js";
import { noise } from "./tabulate.js";
import { rootword } from "./noise.js";
import { frameat, rect, xat } from "./layout.js";
import { spanwords } from "./axis.js";
import { timebase } from "./views.js";
import { el, pen } from "./paint.js";
import { mainpane, drawsel } from "./canvas.js";
import { showsource } from "./source.js";

/* A line of the card of class cls; a source link one can follow. */
export function tipline(parent, cls, text) {
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
 * baseline minus target), the denominator of its share "of all" (all,
 * when given). */
export function change(v, i, all) {
	var d = v.w[i] - v.b[i], sign = d > 0 ? "+" : "";
	return model.other + " " + human(v.b[i]) + "; change " + sign + human(d) +
		" (" + sign + pct(d, all || v.w[0]) + ")";
}
/* The card of frame i of view v: [class, text] lines. */
export function describe(v, i) {
	var w = v.w[i], s = fullname(v, i), lines = [], st = status(v.f[i]);
	lines.push(["name", shown(s)]);
	if (nameattr(v.f[i]).title) lines.push(["title", nameattr(v.f[i]).title]);
	if (fileline(s)) lines.push(["file", shown(fileline(s))]);
	/* the sandwich's panes: a share of its function's total */
	lines.push(["count", human(w) + " \u2014 " + pct(w, v.w[0]) +
		(curmode().fn ? " of " + shown(model.names[v.f[0]]) + "'s total" : " of all") +
		(state.z ? ", " + pct(w, v.w[state.z]) + " of " + shown(model.names[v.f[state.z]]) : "")]);
	/* in time order: where it starts on the axis, and for how long */
	if (v.chart && curmode().time && i > 0) lines.push(["time", spanwords((timebase().lo || 0) + xat(v, 0, i, false), w)]);
	var self = noise(selfat(v, i), v.w[0]);
	if (self > 0 && self !== w) lines.push(["self", "self " + human(self)]);
	if (v.b && !state.elided) lines.push(["delta", change(v, i)]);
	if (model.verdicts && (i > 0 || !v.rooted || v.f[0] !== model.allid))
		lines.push(["noise", noiseword(model.names[v.f[i]])]);
	/* the root's: the change of the totals (noise.js) */
	else if (model.verdicts && !state.elided && rootword(v)) lines.push(["noise", rootword(v)]);
	if (state.elided) lines.push(["delta", (model.negate ? "new: " : "vanished: ") + "only in the " + model.other]);
	if (st) lines.push(["status", st]);
	if (framelink(v.f[i], s)) lines.push(["source", framelink(v.f[i], s)]);
	if (i > 0 || !v.rooted) lines.push(["hint", "s: the sandwich of " + shown(model.names[v.f[i]])]);
	return lines;
}

/* The link to the source of a frame "FUNC at FILE:LINE", from
 * --source-url's template ({path}, {file}, {line}), or null: none (no
 * path, srcpath), or a scheme off the list (html.c's html_url_ok has
 * the same). */
var SCHEMES = /^(https?|file|vscode|vscode-insiders|vscodium|cursor|idea|jetbrains|subl|txmt|mvim|emacs|atom|zed):/i;
function sourceurl(s) {
	var m = model.data.sourceurl && /^(.*):(\d+)$/.exec(fileline(s)), p;
	if (!m || (p = srcpath(m[1])) === null) return null;
	function enc(x) { return encodeURI(x).replace(/[#?]/g, function (c) { return encodeURIComponent(c); }); }
	var u = model.data.sourceurl.replace(/\{(path|file|line)\}/g, function (all, k) {
		return k === "line" ? m[2] : enc(k === "path" ? p : p.replace(/^.*[\/\\]/, ""));
	});
	return SCHEMES.test(u) ? u : null;
}
/* The path of a frame's file f: as it is; of a file: URL (V8's), its
 * path, decoded; none (null) of a URL of another scheme (node:internal,
 * https:, webpack:) nor of an empty one.  A drive letter is no scheme. */
function srcpath(f) {
	var m = /^([A-Za-z][A-Za-z0-9+.-]+):/.exec(f);
	if (m && m[1].toLowerCase() !== "file") return null;
	if (m) {
		f = f.slice(5);
		/* file:///p, file://localhost/p: /p; file://host/p: //host/p */
		if (f.slice(0, 2) === "//") {
			f = f.slice(2);
			f = f.slice(0, 10).toLowerCase() === "localhost/" ? f.slice(9) : f.charAt(0) === "/" ? f : "//" + f;
		}
		try { f = decodeURIComponent(f); } catch (err) { return null; }
		/* file:///C:/x: C:/x */
		if (/^\/[A-Za-z]:[\/\\]/.test(f)) f = f.slice(1);
	}
	return f || null;
}
/* --nameattr's title and href of name id f ({} when none) */
function nameattr(f) {
	return (model.data.nameattr && model.data.nameattr[f]) || {};
}
/* The link of a frame, name id f, label s: its --nameattr href, else
 * its source link; a scheme off the list is none. */
export function framelink(f, s) {
	var h = nameattr(f).href;
	return h && SCHEMES.test(h) ? h : sourceurl(s);
}
export function openurl(u) {
	if (u) window.open(u, "_blank", "noopener");
}

/* The pointer over the graph (e, a mousemove's, kept): the frame under
 * it edged, its card. */
export function hover(e) {
	state.pointer = { clientX: e.clientX, clientY: e.clientY };
	if (state.busy) return;
	var r = el.canvas.getBoundingClientRect(), P = mainpane(), i = frameat(P, e.clientX - r.left, e.clientY - r.top);
	if (i < 0) { unhover(); return; }
	el.canvas.style.cursor = "pointer";
	var b = rect(P, i);
	if (!b) { unhover(); return; }
	if (i !== state.hover) {
		drawsel();
		pen.hctx.strokeStyle = pen.hover;
		pen.hctx.lineWidth = 1.5;
		pen.hctx.strokeRect(b.x + 0.75, b.y + 0.75, Math.max(b.w - 1.5, 1), b.h - 1.5);
		state.hover = i;
		card(describe(state.shown, i));
		showsource(state.shown, i);
	}
	showtip(e);
}
/* The card's lines, in the card and on the details line. */
function card(lines) {
	el.tip.textContent = "";
	lines.forEach(function (l) { tipline(el.tip, l[0], l[1]); });
	el.details.textContent = lines.map(function (l) { return l[1]; }).join("  \u2502  ");
}
/* The card of the keyboard's frame i, below its box, as the pointer's. */
export function keycard(i) {
	var b = rect(mainpane(), i), r = el.canvas.getBoundingClientRect();
	if (!b) return;
	card(describe(state.shown, i));
	showsource(state.shown, i, true);
	showtip({ clientX: r.left + b.x + Math.min(b.w / 2, 20), clientY: r.top + b.y + b.h });
}
/* The view under the pointer changed (a transform, a mode): the card of
 * the frame now there, or none. */
export function rehover() {
	state.hover = -1;
	if (state.pointer && curmode().canvas) hover(state.pointer);
	else unhover();
}
/* The card beside the pointer, inside the window. */
export function showtip(e) {
	var tip = el.tip;
	tip.style.display = "block";
	var tw = tip.offsetWidth, th = tip.offsetHeight, x = e.clientX + 14, y = e.clientY + 16;
	if (x + tw > window.innerWidth) x = Math.max(0, e.clientX - tw - 10);
	if (y + th > window.innerHeight) y = Math.max(0, e.clientY - th - 10);
	tip.style.left = x + "px";
	tip.style.top = y + "px";
}
export function unhover() {
	el.tip.style.display = "none";
	el.canvas.style.cursor = "";
	el.callers.style.cursor = "";
	el.details.textContent = "";
	state.hovercaller = -1;
	drawsel();
	state.hover = -1;
}
