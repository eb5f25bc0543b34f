/* paint.js: the canvas painter: the boxes and labels of a pane (a view
 * zoomed on a frame, layout.js), the rows the box shows, nothing else. */

/* a frame's height, the labels' font size and a character's width, in
 * pixels, the labels' font, and each name's length in code points
 * (-1: not yet counted): set by initpaint */
var FRAMEH = 16, FONTSIZE = 12, CHARW = 7, FONT = "", cplen = null;
/* the page's elements by id (toolbar.js), the canvas's context and the
 * hover layer's above it */
var el = {}, ctx = null, hctx = null;
/* the edge of a differential frame, so that one that did not change
 * (white) stands out from the background and its neighbours, in
 * either theme */
var OUTLINE = "rgba(0, 0, 0, 0.45)";
/* the keyboard's frame, the hovered one's edge */
var FOCUS = "#1a5fd0", HOVER = "#000";

function initpaint() {
	FRAMEH = DATA.frameheight;
	FONTSIZE = DATA.fontsize;
	CHARW = DATA.fontsize * DATA.fontwidth;
	FONT = FONTSIZE + "px Verdana, sans-serif";
	cplen = new Int32Array(NAMES.length).fill(-1);
}

/* Whether frame i of view v matches: fg's root "all" never does, as in
 * fg-svg's image, so that Matched is the same in both. */
function ismatch(v, i) { return state.match[v.f[i]] && (i > 0 || !v.rooted); }
/* The theme: dark as the system prefers it, or as the toggle chose
 * (a class on the root element); the canvas's colours follow. */
function dark() {
	var c = document.documentElement.classList;
	return c.contains("dark") || (!c.contains("light") && !!window.matchMedia &&
		window.matchMedia("(prefers-color-scheme: dark)").matches);
}
function themecolors() {
	var d = dark();
	FOCUS = d ? "#7fb0ff" : "#1a5fd0";
	HOVER = d ? "#fff" : "#000";
}

/* Frame i's label in a box pw wide, or null (viewer.js's fitlabel,
 * each name's length in code points kept in cplen; a name a transform
 * added has none, and fitlabel counts it). */
function label(v, i, pw) {
	var id = v.f[i], chars = Math.floor(pw / CHARW);
	if (chars < 3) return null;
	if (cplen[id] < 0) cplen[id] = cplength(NAMES[id]);
	return fitlabel(NAMES[id], chars, cplen[id]);
}

/* Draw the view zoomed on frame z: its ancestors across the width,
 * its subtree scaled to it; frames under half a pixel are left out
 * with their callees, rows outside the box are not drawn. */
function paint() {
	/* the table hides the canvas: nothing to paint */
	if (!curmode().canvas) return;
	el.canvas.style.top = el.hover.style.top = state.scrolltop + "px";
	paintpane(mainpane(), ctx);
}
function paintpane(P, g) {
	var v = P.v, z = P.z, x0, sc, i, px, pw, y, t, end = v.end, w = v.w, x = v.x, match = state.match;
	layout(v, state.sortwidth);
	x0 = x[z];
	sc = P.width / w[z];
	g.setTransform(state.dpr, 0, 0, state.dpr, 0, 0);
	g.clearRect(0, 0, P.width, P.boxheight);
	g.font = FONT;
	g.textBaseline = "middle";
	var edged = DATA.diff || state.elided;
	g.strokeStyle = OUTLINE;
	g.lineWidth = 1;
	/* the label in black or white, as fg wrote for the fill (color_label) */
	function box(i, px, pw) {
		var hit = match && ismatch(v, i);
		y = rowy(P, v.depth[i]);
		if (y >= P.boxheight || y + FRAMEH <= 0) return;
		g.fillStyle = hit ? DATA.match : COLORS[v.col[i]];
		g.fillRect(px, y, Math.max(pw - (pw > 2 ? 0.5 : 0), 0.5), FRAMEH - 1);
		if (edged && pw >= 3) g.strokeRect(px + 0.5, y + 0.5, pw - 1.5, FRAMEH - 2);
		t = label(v, i, pw);
		if (t) {
			g.fillStyle = hit ? DATA.matchlabel : LABELS[v.col[i]];
			g.fillText(t, px + 3, y + (FRAMEH - 1) / 2 + 0.5);
		}
	}
	for (i = v.parent[z]; i >= 0; i = v.parent[i]) box(i, 0, P.width);
	for (i = z; i < end[z];) {
		pw = w[i] * sc;
		if (pw < 0.5) { i = end[i]; continue; }
		px = (x[i] - x0) * sc;
		box(i, px, pw);
		i++;
	}
}
