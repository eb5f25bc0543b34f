/* tabulate.js: the function table's rows (m=table, table.js draws
 * them), as fg-top --by frame (a label's annotation in the flags
 * column), function (tb=function) or file (tb=file) counts them: own
 * samples, and the total with recursion counted once a stack; on
 * differential input the other column's and the change.  No DOM. */

import { pct } from "../viewer.js";
import { model, labelof, human, shown, noiseword } from "./model.js";
import { fileof, vanheld } from "./transform.js";
import { state } from "./state.js";

/* The annotations' letters in the order fg-top writes them as flags. */
var FLAGS = "kjiwdg";
/* The rows' keys: each name id's row, and the rows' names, flags (the
 * letters of every annotation counted in the row) and the label or
 * function a row's sandwich is of (sand, by); by frame (a name id a
 * row), or with by "function" or "file" as fg-top --by function and
 * --by file group them (a label without " at " is its own function
 * and file, less its annotation). */
function rowkeys(by) {
	var nn = model.names.length, key = new Int32Array(nn), names = [], bits = [], sand = [], first = [], at = new Map();
	var k, s, i, a, j, x;
	for (k = 0; k < nn; k++) {
		x = rowname(k, by);
		s = x[1];
		a = model.data.annot[k] || "";
		if (!at.has(s)) {
			at.set(s, names.length);
			first.push(k);
			names.push(x[0]);
			sand.push(s);
			bits.push(0);
		}
		key[k] = i = at.get(s);
		for (j = 0; j < a.length; j++) bits[i] |= 1 << FLAGS.indexOf(a.charAt(j));
	}
	return { key: key, names: names, sand: sand, first: first, bits: bits, by: by === "function" ? by : "", flags: bits.map(flagsof) };
}
/* The flags of annotation bits b (FLAGS's letters). */
function flagsof(b) {
	for (var t = "", q = 0; q < FLAGS.length; q++) if (b & 1 << q) t += FLAGS.charAt(q);
	return t;
}
/* A row's name and the label or function of its sandwich, by by, of
 * its first name id k (as rowkeys names it). */
function rowname(k, by) {
	var s = model.names[k], i, f;
	if (!by) return [s, labelof(k)];
	if (by === "function") s = (i = s.indexOf(" at ")) < 0 ? s : s.slice(0, i);
	else if ((f = fileof(labelof(k))) !== null) s = f;
	return [s, s];
}

/* Rows (tabulate's, by by) as columns for the worker's message (an
 * object a row cost the page's thread some 6 us to take in: 0.6 s for
 * 100k rows), and back: each row's first name id, annotation bits and
 * counts. */
export function packrows(rows, by) {
	var n = rows.length, P = { packed: true, by: by, id: new Int32Array(n),
		first: new Int32Array(n), bits: new Uint8Array(n), c: new Float64Array(4 * n) }, k, r;
	for (k = 0; k < n; k++) {
		r = rows[k];
		P.id[k] = r.id;
		P.first[k] = r.first;
		P.bits[k] = r.bits;
		P.c[4 * k] = r.self;
		P.c[4 * k + 1] = r.total;
		P.c[4 * k + 2] = r.bself;
		P.c[4 * k + 3] = r.btotal;
	}
	return P;
}
export function unpackrows(P) {
	var out = [], by = P.by, k, x, c = P.c;
	for (k = 0; k < P.id.length; k++) {
		x = rowname(P.first[k], by);
		out.push({ id: P.id[k], name: x[0], flags: flagsof(P.bits[k]), sand: x[1], by: by === "function" ? by : "",
			self: c[4 * k], total: c[4 * k + 1], bself: c[4 * k + 2], btotal: c[4 * k + 3] });
	}
	return out;
}

/* Per row (rowkeys, by ""; "function", "file"): self, total (and
 * their baselines) of view v. */
export function tabulate(v, by) {
	var T = tabstart(v, by);
	tabstep(T, v.n);
	return tabrows(T);
}
/* The count of view v's rows, begun: done a part at a time (tabstep),
 * so that the page's thread can do it between other work (K: the
 * rows' keys by by, when made already). */
export function tabstart(v, by, K) {
	var nn = (K = K || rowkeys(by)).names.length;
	return { v: v, K: K, i: v.rooted ? 1 : 0, sp: 0, st: new Int32Array(v.maxdepth + 2),
		self: new Float64Array(nn), total: new Float64Array(nn), bself: v.b ? new Float64Array(nn) : null,
		btotal: v.b ? new Float64Array(nn) : null, open: new Uint32Array(nn), seen: new Uint8Array(nn) };
}
/* Count k more frames of T's view; whether all are. */
export function tabstep(T, k) {
	var v = T.v, key = T.K.key, vf = v.f, end = v.end, vw = v.w, vb = v.b, ob = v.ownb, st = T.st, sp = T.sp;
	var self = T.self, total = T.total, bself = T.bself, btotal = T.btotal, open = T.open, seen = T.seen;
	var i = T.i, e = Math.min(v.n, i + k), f, p;
	/* own samples: a frame's width, less its callees' as they come */
	for (; i < e; i++) {
		while (sp && end[st[sp - 1]] <= i) open[key[vf[st[--sp]]]]--;
		f = key[vf[i]];
		p = sp ? key[vf[st[sp - 1]]] : -1;
		seen[f] = 1;
		self[f] += vw[i];
		if (p >= 0) self[p] -= vw[i];
		if (bself && ob) bself[f] += ob[i];
		if (bself && !ob) {
			bself[f] += vb[i];
			if (p >= 0) bself[p] -= vb[i];
		}
		if (!open[f]++) {
			total[f] += vw[i];
			if (btotal) btotal[f] += vb[i];
		}
		st[sp++] = i;
	}
	T.i = i;
	T.sp = sp;
	return i === v.n;
}
/* The rows of view v by by and by by2, as tabulate gives them: counted
 * once where the two group the names alike (by frame and by function,
 * when no label has a " at "). */
export function tabulate2(v, by, by2) {
	var T = tabstart(v, by), K = rowkeys(by2), r, k;
	tabstep(T, v.n);
	r = tabrows(T);
	for (k = 0; k < K.key.length && K.key[k] === T.K.key[k]; k++) ;
	if (k < K.key.length) tabstep(T = tabstart(v, by2, K), v.n);
	else T.K = K;
	return [r, tabrows(T)];
}
/* The rows of a count done (again with another K of the same groups). */
export function tabrows(T) {
	var v = T.v, K = T.K, rows = [], f, all = Math.abs(v.w[0]) + (v.b ? Math.abs(v.b[0]) : 0);
	/* the vanished stacks' functions: their baselines, counted once a
	 * stack (those of the frames in the tree are in its b already) */
	if (v.van && !T.van) v.van.forEach(function (x, k) { vanrow(v, x, k, K.key, T.seen, T.bself, T.btotal); });
	T.van = true;
	for (f = 0; f < K.names.length; f++) {
		if (!T.seen[f]) continue;
		rows.push({ id: f, name: K.names[f], flags: K.flags[f], sand: K.sand[f], by: K.by,
			self: noise(T.self[f], all), total: T.total[f], bself: T.bself ? noise(T.bself[f], all) : 0,
			btotal: T.btotal ? T.btotal[f] : 0, first: K.first[f], bits: K.bits[f] });
	}
	return rows;
}

/* Own samples x of a row in a view of total all: none when at the
 * rounding error of decimal counts (widths less their callees'), so
 * that no row has -0.00%. */
export function noise(x, all) {
	return model.data.frac && Math.abs(x) <= 1e-12 * all ? 0 : x;
}

/* Vanished stack x ([names, baseline]), v.van's n-th, of view v into the rows' seen,
 * bself and btotal (by key): its leaf's own, and the total of each
 * function of it below the deepest of its frames v has. */
function vanrow(v, x, n, key, seen, bself, btotal) {
	var s = x[0], j = vanheld(v, n), k, done = new Set();
	for (k = 0; k < j; k++) done.add(key[s[k]]);
	bself[key[s[s.length - 1]]] += x[1];
	for (; j < s.length; j++) {
		seen[key[s[j]]] = 1;
		if (!done.has(key[s[j]])) btotal[key[s[j]]] += x[1];
		done.add(key[s[j]]);
	}
}

/* The columns: a heading, the value of a row, and how it is shown. */
export function columns(v) {
	var all = v.w[0], other = model.other.charAt(0).toUpperCase() + model.other.slice(1), c = [
		["Self", function (r) { return r.self; }, human],
		["Self %", function (r) { return r.self; }, function (x) { return pct(x, all); }],
		["Total", function (r) { return r.total; }, human],
		["Total %", function (r) { return r.total; }, function (x) { return pct(x, all); }]];
	if (v.b) c.push(
		[other + " self", function (r) { return r.bself; }, human],
		["\u0394 self", function (r) { return r.self - r.bself; }, signed(human)],
		["\u0394 self %", function (r) { return r.self - r.bself; }, signed(function (x) { return pct(x, all); })],
		[other + " total", function (r) { return r.btotal; }, human],
		["\u0394 total", function (r) { return r.total - r.btotal; }, signed(human)],
		["\u0394 total %", function (r) { return r.total - r.btotal; }, signed(function (x) { return pct(x, all); })]);
	/* a comparison's: whether each function's change is past noise */
	if (v.b && model.verdicts && state.tby !== "file") c.push(["Noise", function (r) { return noiseword(r.name); }, String]);
	c.push(["Flags", function (r) { return r.flags; }, String],
		[state.tby === "file" ? "File" : "Function", function (r) { return r.name; }, shown]);
	return c;
}
function signed(fmt) { return function (x) { return (x > 0 ? "+" : "") + fmt(x); }; }

