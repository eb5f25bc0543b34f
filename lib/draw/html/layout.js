/* layout.js: where frames lie: their x along the width (callees by
 * name or widest first), their row on the canvas, and the frame at a
 * point.  Reads the model's arrays; writes only a view's x.  No DOM. */

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


/* A pane: view v zoomed on frame z, drawn width x height with the root
 * on top (inv) or at the bottom, rows fh pixels high, of which the
 * canvas shows boxheight pixels, scrolltop down.  The main pane is the
 * page's canvas (canvas.js); the sandwich adds its callers'. */

/* the top of row d on the canvas */
function rowy(P, d) { return (P.inv ? d * P.fh : P.height - (d + 1) * P.fh) - P.scrolltop; }

/* The frame drawn at canvas point (px, py), or -1. */
function frameat(P, px, py) {
	var v = P.v, z = P.z, sy = py + P.scrolltop, d = P.inv ? Math.floor(sy / P.fh) : Math.floor((P.height - sy) / P.fh);
	var sc = P.width / v.w[z], x0 = v.x[z], i, c, xs;
	if (d < 0 || d > v.maxdepth || px < 0 || px >= P.width) return -1;
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
function rect(P, i) {
	var v = P.v, z = P.z, sc = P.width / v.w[z], a, pw, y = rowy(P, v.depth[i]);
	if (y >= P.boxheight || y + P.fh <= 0) return null;
	if (v.depth[i] <= v.depth[z]) {
		for (a = z; a >= 0 && a !== i; a = v.parent[a]) ;
		if (a !== i) return null;
		return { x: 0, y: y, w: P.width, h: P.fh - 1 };
	}
	if (i < z || i >= v.end[z] || (pw = v.w[i] * sc) < 0.5) return null;
	return { x: (v.x[i] - v.x[z]) * sc, y: y, w: pw, h: P.fh - 1 };
}
