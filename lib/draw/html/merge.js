/* merge.js: trees merged into a new view, written in pre-order as it
 * is found, depth first: a node is a run of items (cursors into the
 * source view, each with its weight, baseline, and the name it shows)
 * of one name below one node; its children are the runs of its items'
 * next cursors, by the rank of their names, stably.  No table of
 * children, no second pass to put the nodes in order: the view's
 * columns (model.js's) are written once.  A run of one item is copied
 * out whole: a chain of
 * callers (UP), a subtree of the source (DOWN), the rest of a stack
 * (PATH).  Bottom-up, the sandwich and the transforms (transform.js)
 * are kinds of cursor and choices of items.  No DOM. */

import { model, labelof, cpcmp, release } from "./model.js";
import { namecolors, diffcolors } from "./colors.js";

/* Each name's place in the order of callees, computed once: that of
 * their labels' bytes (model.js's cpcmp), as fg sorts lines.  SIBFIX
 * marks a label that the next begins, followed by a byte below ';':
 * where that one has callees and no samples of its own, it comes after
 * such siblings (stack/frame.h's sibling_order; order() keeps the rest). */
export var RANK = null, RANKED = null, SIBFIX = null;
export function rank() {
	if (RANK) return RANK;
	var n = model.names.length, ids = new Uint32Array(n), lab = new Array(n), k, a, b, wide = false;
	for (k = 0; k < n; k++) {
		ids[k] = k;
		lab[k] = labelof(k);
		if (!wide && /[\ud800-\uffff]/.test(lab[k])) wide = true;
	}
	ids.sort(wide ? function (a, b) { return cpcmp(lab[a], lab[b]) || a - b; } :
		function (a, b) { return lab[a] < lab[b] ? -1 : lab[a] > lab[b] ? 1 : a - b; });
	RANK = new Uint32Array(n);
	SIBFIX = new Uint8Array(n);
	for (k = 0; k < n; k++) {
		RANK[ids[k]] = k;
		if (k + 1 === n) break;
		a = lab[ids[k]];
		b = lab[ids[k + 1]];
		if (b.length > a.length && b.charCodeAt(a.length) < 59 && b.startsWith(a)) SIBFIX[ids[k]] = 1;
	}
	RANKED = ids;
	return RANK;
}
/* Label s as sibfix orders it: as if ';' followed it (no label has a
 * ';'), or with leaf (samples of its own) ' ' and the last code point
 * (after a sibling that goes on from it with ' ', before one that goes
 * on with '!' or more). */
export function sibkey(s, leaf) { return s + (leaf ? " \udbff\udfff" : ";"); }
/* The ranks counted again when next asked (names were added). */
export function unrank() { RANK = null; }

/* Told now and then, while a view is written, how much of it is (a
 * share), when set: the worker's progress (worker.js). */
var PROGRESS = null, SPAN = [0, 1];
export function setprogress(f) { PROGRESS = f; SPAN = [0, 1]; }
/* The work told it is at share x (a step's own, beside merge's): of
 * the job, the share from lo to hi of it when a part (progspan). */
export function tellprogress(x) { if (PROGRESS) PROGRESS(SPAN[0] + x * (SPAN[1] - SPAN[0])); }
export function progspan(lo, hi) { SPAN = [lo, hi]; }
/* The span's work begun again from share x of it (the rest to come). */
export function progfrom(x) { SPAN = [SPAN[0] + x * (SPAN[1] - SPAN[0]), SPAN[1]]; }

/* Kinds of cursor: UP walks from a frame to its callers (bottom-up, the
 * sandwich's callers); DOWN fans a frame out to its callees, through
 * the filter of a transform (the sandwich's callees, the transforms);
 * PATH walks a stack of names stored flat (a transform of each stack). */
export var UP = 0, DOWN = 1, PATH = 2;

/* A new view being written from view v: room for cap frames, as deep
 * as v's (or its vanished stacks), of the page's names so far (a
 * transform adds its names first); with baselines as v has
 * them, and colours by frame when v has them (they come of the frame
 * each came of; a differential view's of its changes, once done). */
export function out(cap, v) {
	var deep = v.maxdepth, D;
	if (v.van) v.van.forEach(function (x) { if (x[0].length > deep) deep = x[0].length; });
	D = deep < 255 ? Uint8Array : deep < 65535 ? Uint16Array : Uint32Array;
	return { n: 0, cap: cap, depth: new D(cap), f: model.names.length < 65535 ? new Uint16Array(cap) : new Uint32Array(cap),
		w: new Float64Array(cap),
		b: v.b ? new Float64Array(cap) : null, col: v.col ? new Uint32Array(cap) : null,
		end: new Uint32Array(cap), v: v, byname: null, md: 0, tick: 65536 };
}
/* Frame j of O: name id, depth d, weights w and b, source frame src
 * (-1: none). */
export function put(O, id, d, w, b, src) {
	var j = O.n++;
	O.f[j] = id;
	O.depth[j] = d;
	if (d > O.md) O.md = d;
	O.w[j] = w;
	if (O.b) O.b[j] = b;
	else if (O.col) O.col[j] = colorof(O, id, src);
	return j;
}
/* the colour of a frame of name id from frame src of O's source */
function colorof(O, id, src) {
	var c = src >= 0 ? O.v.col[src] : (O.byname = O.byname || namecolors(O.v))[id];
	return c >= 0 ? c : O.v.col[0];
}
/* The written frames as a view of v's: the columns cut to length,
 * coloured. */
export function done(O, v, name) {
	var n = O.n, r = { name: name, n: n, rooted: true, maxdepth: O.md, chart: false, gap: null };
	/* the room not written to holds no memory: no copy */
	function cut(a) { return a ? a.subarray(0, n) : null; }
	r.depth = cut(O.depth);
	r.f = cut(O.f);
	r.w = cut(O.w);
	r.b = cut(O.b);
	r.col = cut(O.col);
	r.end = cut(O.end);
	if (r.b) diffcolors(r);
	return r;
}

/* Items: cursors (cur; for PATH, end: the end of the stack), weights,
 * baselines, the name shown (id) and its rank (key), a state a kind
 * may keep (st), the order of a region (ord); a stack: n in use, room
 * for cap, grown as needed. */
export function items(cap) {
	return { n: 0, cap: cap, cur: new Int32Array(cap), end: new Int32Array(cap), w: new Float64Array(cap),
		b: new Float64Array(cap), id: new Uint32Array(cap), key: new Uint32Array(cap),
		st: new Int32Array(cap), ord: new Int32Array(cap), tmp: null, cnt: null };
}
var ITEMS = ["cur", "end", "w", "b", "id", "key", "st", "ord"];
function more(I) {
	var cap = 2 * I.cap + 16;
	ITEMS.forEach(function (k) {
		var a = new I[k].constructor(cap);
		a.set(I[k]);
		release(I[k]);
		I[k] = a;
	});
	I.cap = cap;
	release(I.tmp);
	I.tmp = null;
}
/* Items I done with: their memory given back (release). */
export function freeitems(I) {
	ITEMS.forEach(function (k) { release(I[k]); });
	release(I.tmp);
	release(I.cnt);
}
/* Add an item: cursor c (end e), weights w, b, name id, state st. */
export function add(I, c, e, w, b, id, st) {
	if (I.n === I.cap) more(I);
	var t = I.n++;
	I.cur[t] = c;
	I.end[t] = e;
	I.w[t] = w;
	I.b[t] = b;
	I.id[t] = id;
	I.key[t] = RANK ? RANK[id] : 0;
	I.st[t] = st;
}

/* ord[s..e): the items s..e ordered by key, stably: by insertion when
 * few, by counting when many against the names, else by a sort of
 * numbers (key times the run's length, plus the place). */
function order(I, s, e) {
	var key = I.key, ord = I.ord, L = e - s, j, k, x, y;
	if (L <= 24) {
		for (j = s; j < e; j++) {
			x = j;
			for (k = j; k > s && key[ord[k - 1]] > key[x]; k--) ord[k] = ord[k - 1];
			ord[k] = x;
		}
		return;
	}
	if (L >= 4096 && model.names.length <= 4 * L) {
		if (!I.cnt || I.cnt.length < model.names.length + 1) I.cnt = new Uint32Array(model.names.length + 1);
		var cnt = I.cnt.fill(0);
		for (j = s; j < e; j++) cnt[key[j] + 1]++;
		for (k = 1; k < cnt.length; k++) cnt[k] += cnt[k - 1];
		for (j = s; j < e; j++) ord[s + cnt[key[j]]++] = j;
		return;
	}
	if (!I.tmp || I.tmp.length < I.cap) I.tmp = new Float64Array(I.cap);
	var t = I.tmp.subarray(s, e);
	for (j = 0; j < L; j++) t[j] = key[s + j] * L + j;
	t.sort();
	for (j = 0; j < L; j++) { y = t[j] % L; ord[s + j] = s + y; }
}
/* The runs of the items s..e (ordered), children of frame p at depth
 * d, pushed on the work list W, the first on top (in sibling order when
 * a label begins another: sibfix). */
function runs(I, s, e, p, d, W, v, X) {
	var key = I.key, ord = I.ord, a, b, at = W.length, fix = false;
	order(I, s, e);
	for (b = e; b > s; b = a) {
		for (a = b - 1; a > s && key[ord[a - 1]] === key[ord[b - 1]]; a--) ;
		W.push(a, b, p, d);
		if (SIBFIX[I.id[ord[a]]]) fix = true;
	}
	if (fix) sibfix(I, W, at, v, X);
}
/* The runs W[at...] (four numbers each, the last run first) put in
 * the order of fg-html's trees (pstack.h's pstack_lead): a run with
 * callees and no samples of its own after the runs whose labels go on
 * from its own with a byte below ';'; one with samples of its own
 * after those that go on with a byte to ' ', before the rest. */
function sibfix(I, W, at, v, X) {
	var r = [], k;
	for (k = W.length - 4; k >= at; k -= 4)
		r.push({ q: W.slice(k, k + 4), lab: sibkey(labelof(I.id[I.ord[W[k]]]), leafrun(I, W[k], W[k + 1], v, X)) });
	r.sort(function (x, y) { return cpcmp(x.lab, y.lab); });
	W.length = at;
	for (k = r.length - 1; k >= 0; k--) W.push.apply(W, r[k].q);
}
/* Whether samples end in the frame that items ord[s..e) make: their
 * weights (or baselines) more than their next items' (those found and
 * let go again). */
function leafrun(I, s, e, v, X) {
	var top = I.n, sw = 0, sb = 0, q, t, tol;
	for (q = s; q < e; q++) {
		t = I.ord[q];
		sw += I.w[t];
		sb += I.b[t];
		next(v, X, I, t);
	}
	/* decimal counts: a difference at the rounding error is none */
	tol = model.data.frac ? 1e-12 * (Math.abs(sw) + Math.abs(sb)) : 0;
	for (t = top; t < I.n; t++) {
		sw -= I.w[t];
		sb -= I.b[t];
	}
	I.n = top;
	return Math.abs(sw) > tol || Math.abs(sb) > tol;
}

/* Merge into O, below its frame p at depth d, the items I from s on:
 * cursors of kind X.kind into view v (X.par: v's callers, for UP, whose
 * items keep their frame's depth as state; X.buf: PATH's names;
 * X.kids: DOWN's filter; X.nosrc: no source frames).  prune: a run whose items
 * all weigh 0 (stacks that vanished from a differential view) makes no
 * frame, nor do those under it. */
export function merge(O, v, X, I, s, p, d, prune) {
	var W = [], e, j, t, q, sw, sb, live, top;
	if (I.n > s) runs(I, s, I.n, p, d, W, v, X);
	else O.end[p] = O.n;
	while (W.length) {
		d = W.pop(); p = W.pop(); e = W.pop(); s = W.pop();
		/* the end of a subtree: its frame's end, its items let go */
		if (s < 0) { O.end[e] = O.n; I.n = p; continue; }
		sw = sb = 0;
		live = !prune;
		for (q = s; q < e; q++) {
			t = I.ord[q];
			sw += I.w[t];
			sb += I.b[t];
			if (I.w[t] !== 0) live = true;
		}
		if (!live) continue;
		t = I.ord[s];
		j = put(O, I.id[t], d, sw, sb, X.nosrc ? -1 : I.cur[t]);
		if (e - s === 1 && whole(O, v, X, I, t, j, prune)) continue;
		top = I.n;
		for (q = s; q < e; q++) next(v, X, I, I.ord[q]);
		if (O.n >= O.tick && PROGRESS) {
			O.tick = O.n + 262144;
			tellprogress(O.n / O.cap);
		}
		if (I.n === top) { O.end[j] = O.n; continue; }
		W.push(-1, j, top, 0);
		runs(I, top, I.n, j, d + 1, W, v, X);
	}
	O.end[0] = O.n;
	return O;
}
/* The items that follow item t, added to I: UP's caller (its state:
 * its depth, one less). */
function next(v, X, I, t) {
	var c = I.cur[t], top = v.rooted ? 1 : 0;
	if (X.kind === UP) {
		c = X.par[c];
		if (c >= top) add(I, c, 0, I.w[t], I.b[t], v.f[c], I.st[t] - 1);
	} else if (X.kind === PATH) {
		if (++c < I.end[t]) add(I, c, I.end[t], I.w[t], I.b[t], X.buf[c], 0);
	} else {
		X.kids(I, c + 1, v.end[c], I.st[t]);
	}
}
/* Item t, alone in its run (frame j of O), written out with all that
 * follows it, when its kind allows: true when done.  A flame chart's
 * subtree is not merged: it goes through merge(). */
function whole(O, v, X, I, t, j, prune) {
	var c = I.cur[t];
	if (X.kind === DOWN) {
		if (v.gap || !X.clean(c, I.st[t])) return false;
		return !X.w && (!prune || !zeros(v)) ? block(O, v, X, c, j) : copy(O, v, X, c, j, prune);
	}
	/* the callers of c: as many as its depth (its state) below the top */
	if (X.kind === UP) chain(O, X.par, v.f, c, I.st[t] - (v.rooted ? 1 : 0), j, I.w[t], I.b[t], X.nosrc);
	else chain(O, null, X.buf, c, I.end[t] - c - 1, j, I.w[t], I.b[t], true);
	return true;
}
/* A chain of len frames below frame j of O, of weights w and b: the
 * callers c' = par[c] of frame c, named f[c'], or (par null) the names
 * f[c + 1...]; each its caller's whole width. */
function chain(O, par, f, c, len, j, w, b, nosrc) {
	var n = O.n, d = O.depth[j], e = n + len, id;
	var F = O.f, DE = O.depth, WW = O.w, C = O.col, B = O.b, EN = O.end;
	EN[j] = e;
	for (; n < e; n++) {
		EN[n] = e;
		c = par ? par[c] : c + 1;
		id = f[c];
		F[n] = id;
		DE[n] = ++d;
		WW[n] = w;
		if (B) B[n] = b;
		else if (C) C[n] = colorof(O, id, nosrc ? -1 : c);
	}
	O.n = n;
	if (d > O.md) O.md = d;
}
/* whether view v has frames of weight 0 (computed once) */
function zeros(v) {
	if (v.zeros === undefined) {
		v.zeros = false;
		for (var i = 0; i < v.n && !v.zeros; i++) if (v.w[i] === 0) v.zeros = true;
	}
	return v.zeros;
}
/* The subtree of frame c of v below frame j of O, copied block by
 * block: its columns moved, their depths and ends shifted. */
function block(O, v, X, c, j) {
	var lo = c + 1, hi = v.end[c], n = O.n, len = hi - lo, i, k, id;
	var dd = O.depth[j] - v.depth[c], dp = j - c;
	O.f.set(v.f.subarray(lo, hi), n);
	O.w.set(v.w.subarray(lo, hi), n);
	if (O.b) O.b.set(v.b.subarray(lo, hi), n);
	var DE = O.depth, EN = O.end, C = O.col, F = O.f, vd = v.depth, ve = v.end;
	for (i = lo, k = n; i < hi; i++, k++) {
		if ((DE[k] = vd[i] + dd) > O.md) O.md = DE[k];
		EN[k] = ve[i] + dp;
	}
	if (C && !O.b && !X.nosrc) {
		C.set(v.col.subarray(lo, hi), n);
	} else if (C && !O.b) {
		for (k = n; k < n + len; k++) {
			id = F[k];
			C[k] = colorof(O, id, -1);
		}
	}
	O.n = n + len;
	O.end[j] = O.n;
	return true;
}
/* The subtree of frame c of v below frame j of O, copied; with prune,
 * without the frames of weight 0 (X.w, X.b: the weights and
 * baselines, v's or a transform's). */
function copy(O, v, X, c, j, prune) {
	var vw = X.w || v.w, vb = X.b || v.b, vf = v.f, vd = v.depth, vend = v.end, e = vend[c];
	var at = X.at, dd = O.depth[j] - vd[c], open = 0, i, r, k;
	if (!at || at.length < v.maxdepth + 2) at = X.at = new Int32Array(v.maxdepth + 2);
	at[0] = j;
	for (i = c + 1; i < e;) {
		if (prune && vw[i] === 0) { i = vend[i]; continue; }
		r = vd[i] - vd[c];
		while (open >= r) O.end[at[open--]] = O.n;
		k = put(O, vf[i], vd[i] + dd, vw[i], vb ? vb[i] : 0, X.nosrc ? -1 : i);
		at[open = r] = k;
		i++;
	}
	while (open >= 0) O.end[at[open--]] = O.n;
	return true;
}
