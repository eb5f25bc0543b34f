/* save.js: the view on screen as folded stacks, byte for byte what the
 * command line writes for it: its tree's stacks (the input's, through
 * the transforms, for a function's sandwich), guarded as the C filters
 * guard a new root and leaf, summed and sorted as fg-merge's, in the
 * order of the frames' labels (model.js's labelof, merge.js's rank).
 * No DOM. */

import { model, labelof, cpcmp, EXACT } from "./model.js";
import { TX, deepest, sandcut } from "./transform.js";
import { chartruns } from "./chart.js";
import { state, curmode, comparing } from "./state.js";
import { baseview, viewrec, timebase } from "./views.js";

/* A count as fg writes it (base/count.c's count_fmt): a whole one as
 * its integer; one with a fraction to 15 significant digits, fixed,
 * its trailing zeros cut (printf's rounding: half to even on a tie). */
function countstr(x) {
	if (typeof x === "bigint" || Number.isInteger(x)) return String(x);
	var v = Math.abs(x), digits = 1, prec, s, r;
	for (; v >= 10 && digits < 15; v /= 10) digits++;
	prec = 15 - digits;
	if (prec === 0) {
		r = Math.round(x);
		if (Math.abs(x - Math.trunc(x)) === 0.5 && r % 2) r -= Math.sign(x);
		return String(r);
	}
	s = x.toFixed(prec).replace(/0+$/, "");
	return s.charAt(s.length - 1) === "." ? s.slice(0, -1) : s;
}

/* A number fact as fg writes it (folded/fheader.c's fh_num): a whole
 * one below 1e21 as its integer, else as printf's %.17g. */
function numfact(x) {
	var m = x.toExponential(16).split("e"), e = +m[1], cut = function (s) { return s.replace(/\.?0+$/, ""); };
	if (x === Math.floor(x) && x < 1e21) return x.toFixed(0);
	if (e < -4 || e >= 17) return cut(m[0]) + "e" + (e < 0 ? "-" : "+") + (Math.abs(e) < 10 ? "0" : "") + Math.abs(e);
	return cut(x.toFixed(16 - e));
}

/* Each frame's own samples in view v, of its widths w (v.w or v.b):
 * its width less its callees' (and less sub's, when given); one at or
 * below the rounding error of that difference is none: of decimal
 * counts (fg-html writes each width to 15 significant digits, and the
 * sums here round too), or of widths past 2^53.  Integers below 2^53
 * are exact, and so their own samples. */
function ownsamples(v, w, sub) {
	/* a view as the page came with it, of own samples past 2^53: its
	 * own samples as they came (model.js's decode), exact */
	if (w === v.w && v.ownw && !sub) return v.ownw;
	if (w === v.b && v.ownb && !sub) return v.ownb;
	var n = v.n, depth = v.depth, own = new Float64Array(n), st = new Int32Array(v.maxdepth + 2);
	var sp = 0, big = 0, i, p, kids = null, nk, tol;
	/* integers below 2^53 are exact: no rounding error */
	for (i = 0; i < n; i = v.end[i]) if (w[i] > big) big = w[i];
	if (model.data.frac || big >= EXACT) {
		kids = new Float64Array(n);
		nk = new Uint32Array(n);
	}
	for (i = 0; i < n; i++) {
		while (sp && depth[st[sp - 1]] >= depth[i]) sp--;
		own[i] = w[i] - (sub ? sub[i] : 0);
		p = sp ? st[sp - 1] : -1;
		if (p >= 0) own[p] -= w[i];
		if (p >= 0 && kids) { kids[p] += w[i]; nk[p]++; }
		st[sp++] = i;
	}
	for (i = 0; kids && i < n; i++) {
		tol = roundoff(w[i], kids[i], nk[i]);
		if (Math.abs(own[i]) <= tol) own[i] = 0;
	}
	return own;
}
/* The rounding error of a width w less its k callees' widths, which add
 * up to kids: none for integers below 2^53. */
function roundoff(w, kids, k) {
	if (model.data.frac) return 1e-14 * (w + kids) + (k + 1) * 2.3e-16 * w;
	return w >= EXACT ? (k + 2) * Math.pow(2, Math.floor(Math.log2(w)) - 52) : 0;
}
/* The view of index r past the exact range of a double, or null. */
export function inexact(r) {
	return r.total >= EXACT || r.btotal >= EXACT ? r : null;
}

/* The guards of a stack's labels a (in place), as the C filters guard
 * a new root and a new leaf (stack/frame.c): a root "# x" is "#_x",
 * and a stack of "#" alone is "#_" (either would make the line a
 * comment); a leaf that ends in blanks and a number has its blanks
 * made '_' ("worker 12" would be read back as a count), on one-count
 * input only, as there, and not under a "# fg: counts=1" header
 * (model.data.declared; the file saved has it too: fg-filter's). */
function guard(a, two) {
	two = two || !!model.data.declared;
	a[0] = guardroot(a[0], a.length === 1);
	if (!two) a[a.length - 1] = guardcount(a[a.length - 1]);
}
function guardroot(r, alone) {
	return r.charCodeAt(0) === 35 && (r.length === 1 ? alone : r.charCodeAt(1) === 32) ?
		"#_" + r.slice(r.length === 1 ? 1 : 2) : r;
}
/* frame_guard_count: the blanks before a trailing number (a decimal
 * one too) made '_', blanks after it kept. */
function guardcount(f) {
	var n = f.length, i, j, c;
	function dec(k) { c = f.charCodeAt(k); return c >= 48 && c <= 57; }
	function blank(k) { c = f.charCodeAt(k); return c === 32 || c === 9; }
	while (n > 0 && blank(n - 1)) n--;
	for (i = n; i > 0 && dec(i - 1); i--) ;
	if (i > 0 && f.charCodeAt(i - 1) === 46) {
		for (j = i - 1; j > 0 && dec(j - 1); j--) ;
		if (j < i - 1) i = j;
	}
	if (i === n || i === 0 || !dec(i) || !blank(i - 1)) return f;
	for (j = i; j > 0 && blank(j - 1); j--) ;
	return f.slice(0, j) + "_".repeat(i - j) + f.slice(i);
}

/* The rows of view v's tree, a frame with samples of its own a row
 * (from0: from frame 0, the sandwich's frame, else below the root), and
 * of its vanished stacks (summed with the row of their stack), their
 * labels guarded, sorted: [[stack, w, b]...], b of the baseline on
 * differential input (w the drawn column's).  A row's stack is written
 * from its caller's. */
export function treerows(v, from0) {
	var two = !!v.b, top = v.rooted && !from0 ? 1 : 0, w = ownsamples(v, v.w), leaf = two || !!model.data.declared;
	var bs = two ? ownsamples(v, v.b, v.van && vanleft(v, from0 ? 1 : 0)) : null;
	var pre = [], lab = [], rows = [], at, i, d, x;
	function label(id) { return lab[id] || (lab[id] = labelof(id)); }
	for (i = top; i < v.n; i++) {
		d = v.depth[i] - top;
		pre[d] = d ? pre[d - 1] + ";" + label(v.f[i]) : guardroot(label(v.f[i]), false);
		if (w[i] === 0 && !(two && bs[i] !== 0)) continue;
		x = d ? label(v.f[i]) : guardroot(label(v.f[i]), true);
		rows.push([(d ? pre[d - 1] + ";" : "") + (leaf ? x : guardcount(x)), w[i], two ? bs[i] : 0]);
	}
	if (v.van && v.van.length) {
		at = new Map();
		rows.forEach(function (r, k) { at.set(r[0], k); });
		v.van.forEach(function (x) { addrow(rows, at, x[0].map(label), 0, x[1], two); });
	}
	return sortrows(rows, lab);
}
/* Row of stack a (labels, guarded here) with counts x, y added to rows
 * (at: the row of each stack). */
function addrow(rows, at, a, x, y, two) {
	var key, r;
	guard(a, two);
	key = a.join(";");
	r = at.get(key);
	if (r === undefined) at.set(key, rows.push([key, x, y]) - 1);
	else { rows[r][1] = sum(rows[r][1], x); rows[r][2] = sum(rows[r][2], y); }
}
/* Counts x and y added: exact where either is a BigInt (an exact count
 * past 2^53, which only whole counts have). */
function sum(x, y) {
	return typeof x === typeof y ? x + y : BigInt(x) + BigInt(y);
}
/* The rows of the stacks of view b (the input's view) through the
 * transforms list, each then through form (a function of a stack to
 * the stack saved, or null: dropped), as treerows's. */
function stackrows(b, list, form) {
	var fns = list.map(function (t) { return TX[t[0]](t[1]); }), two = !!b.b;
	var w = ownsamples(b, b.w), bs = two ? ownsamples(b, b.b, b.van && vanleft(b, 0)) : null;
	var lab = [], at = new Map(), rows = [], path = new Uint32Array(b.maxdepth + 1), top = b.rooted ? 1 : 0, i, d;
	function one(s, x, y) {
		for (var k = 0; k < fns.length && s; k++) s = fns[k](s);
		if (s) s = form(s);
		if (s && s.length) addrow(rows, at, s.map(function (id) { return lab[id] || (lab[id] = labelof(id)); }), x, y, two);
	}
	for (i = top; i < b.n; i++) {
		d = b.depth[i] - top;
		path[d] = b.f[i];
		if (w[i] !== 0 || (two && bs[i] !== 0)) one(Array.prototype.slice.call(path, 0, d + 1), w[i], two ? bs[i] : 0);
	}
	if (b.van) b.van.forEach(function (x) { one(x[0].slice(), 0, x[1]); });
	return sortrows(rows, lab);
}
/* The rows of flame chart v: its runs in their order, guarded. */
function chartrows(v) {
	var rows = [], two = !!v.b;
	chartruns(v, function (s, w, b) {
		var a = s.map(labelof);
		guard(a, two);
		rows.push([a.join(";"), w, b]);
	});
	return rows;
}
/* Rows in the order of their stacks' bytes (cpcmp; JavaScript's own
 * order where none of the labels lab has a surrogate), unless they are
 * in it. */
function sortrows(rows, lab) {
	var wide = lab.some(function (x) { return /[\ud800-\udfff]/.test(x); }), k, cmp;
	cmp = wide ? function (p, q) { return cpcmp(p[0], q[0]); } :
		function (p, q) { return p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : 0; };
	for (k = 1; k < rows.length && cmp(rows[k - 1], rows[k]) < 0; k++) ;
	return k < rows.length ? rows.sort(cmp) : rows;
}
/* The baselines that view v's vanished stacks leave in the frames they
 * leave (transform.js's withvan; head: their first name is frame 0),
 * by frame: each counts in its own stack. */
function vanleft(v, head) {
	var sub = new Float64Array(v.n), k, at;
	for (k = 0; k < v.van.length; k++) {
		at = deepest(v, v.van[k][0], head).frame;
		if (at >= 0) sub[at] += v.van[k][1];
	}
	return sub;
}
/* The rows as folded text: header lines head, a line a row (the
 * baseline's count first, as fg-diff writes them; --negate's drawn
 * column is the baseline); nothing at all when there is nothing. */
function savedtext(head, rows, two) {
	var out = head.map(function (h) { return h + "\n"; });
	rows.forEach(function (r) {
		out.push(r[0] + " " + (!two ? countstr(r[1]) : model.negate ? countstr(r[1]) + " " + countstr(r[2]) :
			countstr(r[2]) + " " + countstr(r[1])) + "\n");
	});
	return out.join("");
}
/* The stacks of the rows that vanished from the drawn column (none
 * there, some in the other), and the other's counts in them, and in
 * all. */
export function vanishedof(rows) {
	var n = 0, total = 0, all = 0;
	rows.forEach(function (r) {
		all += Number(r[2]);
		if (Number(r[1]) !== 0 || Number(r[2]) === 0) return;
		n++;
		total += Number(r[2]);
	});
	return { stacks: n, total: total, btotal: all };
}

/* The view on screen as the file Save writes: the unit header, then
 * the rows of the mode's stacks. */
export function foldedtext() {
	var r = viewrec(), h = model.data.declared ? ["# fg: counts=1"] : [], v = state.shown, m = curmode(), b, f, t;
	if (r.unit || model.data.unit !== "count") h.push("# fg: unit=" + (r.unit || model.data.unit));
	if (r.countname) h.push("# fg: countname=" + r.countname);
	if (model.diff && r.baseline) h.push("# fg: baseline=" + r.baseline);
	if (model.diff && r.target) h.push("# fg: target=" + r.target);
	/* a comparison: each side's samples and weights squared where both
	 * state them, the baseline's scaled by -n as its counts are; of
	 * counts that were samples scaled, the totals they had (fg-diff's) */
	if (comparing() && r.stated.every(function (x) { return +x >= 0 && x !== ""; }))
		h.push("# fg: samples=" + r.stated.map(function (x) { return (+x).toFixed(0); }).join(" "));
	else if (comparing() && state.cnorm && model.unit === "count" && r.samples &&
		r.samples.every(function (x) { return x === Math.floor(x); }))
		h.push("# fg: samples=" + r.samples[0] + " " + r.samples[1]);
	if (comparing() && r.weight2.every(function (x) { return +x >= 0 && x !== ""; })) {
		f = state.cnorm && r.samples[0] > 0 ? r.samples[1] / r.samples[0] : 1;
		h.push("# fg: weight2=" + numfact(r.weight2[0] * f * f) + " " + numfact(+r.weight2[1]));
	}
	/* a flame chart's runs in their order, which its header says */
	/* and what was done with the idle time: closed, its weight the
	 * whole's, which a window's part cannot tell (as fg-filter --window);
	 * closed here, the weight left out */
	if (v.chart && (t = timebase())) return savedtext(h.concat("# fg: order=time", r.idle ? ["# fg: idle=" + (t.closed ? "closed " + t.idle :
		state.tw && /^closed /.test(r.idle) ? "closed" : r.idle)] : []), chartrows(v), !!v.b);
	if (m.fn && state.by) return savedtext(h, stackrows(baseview(), state.tx, sandcut(state.fn, state.by)), !!v.b);
	/* own samples past 2^53 (kept exact in the input's view alone): the
	 * input's stacks through the transforms, reversed bottom-up */
	b = baseview();
	if (v !== b && (b.ownw || b.ownb) && !m.fn && (m.view === "" || m.view === "bottomup"))
		return savedtext(h, stackrows(b, state.tx, m.view ? function (s) { return s.reverse(); } :
			function (s) { return s; }), !!v.b);
	return savedtext(h, treerows(v, !!m.fn), !!v.b);
}
