/* compare.js: two views of the page compared as fg-diff compares two
 * profiles (lib/stack/treejoin.c, lib/report/diffscale.c): each view's
 * stacks a tree keyed by frame (its label; with strip, without its
 * line number), the trees walked together from the roots, the children
 * of paired nodes paired: equal keys first, then those left over that
 * the REPL wildcard matches, each baseline frame with the target frame
 * whose callees it shares most; a frame labelled as in the target
 * wherever the target has its key.  The joined stacks, sorted as
 * fg-diff prints them, the baseline scaled to the target's total with
 * norm (fg-diff -n: truncated, the units lost to the largest
 * remainders), make a differential view and its elided view as fg-html
 * makes them of fg-diff's output: the widths the target's (neg: the
 * baseline's), the stacks of none there apart.  No DOM. */

import { model, labelof, cpcmp } from "./model.js";
import { selfof } from "./tree.js";
import { elidedcolors } from "./colors.js";
import { rank, items, add, out, put, done, merge, freeitems, PATH } from "./merge.js";
import { withvan, vanstacks } from "./transform.js";

/* fg-diff's default wildcard: Julia's REPL frames (REPL_WILDCARD) */
export var WILD = /\[[0-9]+\]:[0-9]+$/;

/* Label s without its line number (treejoin.c's strip_line): the digits
 * after the last ':' past the first " at ". */
export function stripline(s) {
	var at = s.indexOf(" at "), c = s.lastIndexOf(":"), k = c + 1;
	if (at < 0 || c < at + 4) return s;
	while (k < s.length && s.charCodeAt(k) >= 48 && s.charCodeAt(k) <= 57) k++;
	return k === c + 1 ? s : s.slice(0, c) + s.slice(k);
}
/* Keys in the order of siblings (intern.c's sibling_cmp): as if each
 * were followed by ';'. */
function sibcmp(a, b) { return cpcmp(a + ";", b + ";"); }

/* One side's tree of view v: nodes { k: key, self, kids: Map }, and
 * each key's frame (a name id) as first met in v's order. */
function side(v, strip) {
	var own = selfof(v), root = { k: "", self: 0, kids: new Map(), list: null }, at = [root];
	var label = new Map(), keys = [], top = v.rooted ? 1 : 0, i, d, k, p, c, lab;
	for (i = top; i < v.n; i++) {
		d = v.depth[i] - top;
		k = keys[v.f[i]];
		if (k === undefined) {
			lab = labelof(v.f[i]);
			k = keys[v.f[i]] = strip ? stripline(lab) : lab;
		}
		if (!label.has(k)) label.set(k, v.f[i]);
		p = at[d];
		c = p.kids.get(k);
		if (!c) p.kids.set(k, c = { k: k, self: 0, kids: new Map(), list: null });
		c.self += own[i];
		at[d + 1] = c;
	}
	return { root: root, label: label };
}
/* A node's children in sibling order. */
function kids(n) {
	if (!n) return [];
	if (!n.list) n.list = Array.from(n.kids.values()).sort(function (x, y) { return sibcmp(x.k, y.k); });
	return n.list;
}
/* How many keys the callees of x and y share. */
function overlap(x, y) {
	var n = 0;
	y.kids.forEach(function (c, k) { if (x.kids.has(k)) n++; });
	return n;
}

/* The joined stacks of baseline view A and target view B (o.strip:
 * --strip-lines; o.wild: the wildcard, null for none), sorted as
 * fg-diff prints them: [[stack, names, b, t]...]. */
export function joined(A, B, o) {
	var S = [side(A, o.strip), side(B, o.strip)], W = [[S[0].root, S[1].root, []]], rows = [], lab = [];
	function wild(s, n) { return !!o.wild && o.wild.test(labelof(S[s].label.get(n.k))); }
	function label(b, t) {
		if (t) return S[1].label.get(t.k);
		return S[1].label.has(b.k) ? S[1].label.get(b.k) : S[0].label.get(b.k);
	}
	while (W.length) {
		var cur = W.pop(), b = cur[0], t = cur[1], path = cur[2], x = kids(b), y = kids(t), i = 0, j = 0, c;
		var bonly = [], tonly = [], pairs = [];
		if (b !== S[0].root || t !== S[1].root) {
			var sb = b ? b.self : 0, st = t ? t.self : 0;
			if (sb !== 0 || st !== 0) rows.push([null, path, sb, st]);
		}
		while (i < x.length || j < y.length) {
			c = i >= x.length ? 1 : j >= y.length ? -1 : sibcmp(x[i].k, y[j].k);
			if (c === 0) pairs.push([x[i++], y[j++]]);
			else if (c < 0) bonly.push(x[i++]);
			else tonly.push(y[j++]);
		}
		/* the wildcard's pairs (treejoin.c's pair_wild) */
		tonly = tonly.filter(function (n) {
			if (wild(1, n)) return true;
			pairs.push([null, n]);
			return false;
		});
		bonly.forEach(function (n) {
			var best = -1, score = -1, k, s;
			if (wild(0, n)) for (k = 0; k < tonly.length; k++) {
				if (!tonly[k]) continue;
				s = overlap(n, tonly[k]);
				if (s > score) { best = k; score = s; }
			}
			if (best < 0) { pairs.push([n, null]); return; }
			pairs.push([n, tonly[best]]);
			tonly[best] = null;
		});
		tonly.forEach(function (n) { if (n) pairs.push([null, n]); });
		pairs.forEach(function (q) { W.push([q[0], q[1], path.concat(label(q[0], q[1]))]); });
	}
	rows.forEach(function (r) { r[0] = r[1].map(function (id) { return lab[id] || (lab[id] = labelof(id)); }).join(";"); });
	return rows.sort(function (p, q) { return cpcmp(p[0], q[0]); });
}

/* The baselines of rows scaled to the target's total (diffscale.c, -n):
 * each truncated, the units lost one each to the rows of the largest
 * remainders (the first on a tie); exact in whole numbers, however
 * large.  Decimal counts scaled in doubles. */
export function normalize(rows) {
	var B = 0, T = 0, k, r, big, q, got = 0, rem = [];
	rows.forEach(function (x) { B += x[2]; T += x[3]; });
	if (!(B > 0) || B === T) return rows;
	if (model.data.frac) {
		rows.forEach(function (x) { x[2] = x[2] * T / B; });
		return rows;
	}
	big = B * T >= 9007199254740992;
	for (k = 0; k < rows.length; k++) {
		r = rows[k];
		if (big) {
			var x = BigInt(r[2]) * BigInt(T);
			q = Number(x / BigInt(B));
			rem.push([Number(x % BigInt(B)), k]);
		} else {
			q = Math.floor(r[2] * T / B);
			rem.push([r[2] * T - q * B, k]);
		}
		r[2] = q;
		got += q;
	}
	rem.sort(function (x, y) { return y[0] - x[0] || x[1] - y[1]; });
	for (k = 0; k < T - got && k < rem.length; k++) rows[rem[k][1]][2]++;
	return rows;
}

/* A view of the stacks rows ([stack, names, w, b]...: col, col2 their
 * columns of weights and baselines, col2 < 0: none), frames of no
 * weight left out (prune). */
function viewof(rows, col, col2, name) {
	var I = items(1024), n = 0, md = 0, buf, X, O, w0 = 0, b0 = 0, nb = 0, v;
	rows.forEach(function (r) { n += r[1].length; if (r[1].length > md) md = r[1].length; });
	rank();
	buf = model.names.length <= 65535 ? new Uint16Array(n) : new Uint32Array(n);
	X = { kind: PATH, buf: buf, nosrc: true };
	rows.forEach(function (r) {
		buf.set(r[1], nb);
		add(I, nb, nb + r[1].length, r[col], col2 < 0 ? 0 : r[col2], r[1][0], 0);
		nb += r[1].length;
		w0 += r[col];
		b0 += col2 < 0 ? 0 : r[col2];
	});
	/* colours by change: merge.js's done(), or elidedcolors */
	v = { maxdepth: md, b: col2 >= 0, col: col2 >= 0, van: null };
	O = out(1 + n, v);
	put(O, model.allid, 0, w0, b0, -1);
	v = done(merge(O, v, X, I, 0, 0, 1, true), v, name);
	freeitems(I);
	if (col2 < 0) elidedcolors(v);
	return v;
}

/* comparison: baseline view A and target view B compared (graphs, of one
 * unit) under o (strip; wild: a RegExp, true for WILD, or null; norm,
 * neg): { samples: each side's total before norm, rows: fg-diff's lines as
 * [stack, names, b, t], whole: the differential view with its vanished
 * stacks (withvan), elided: theirs alone (or null), total and btotal:
 * the drawn column's and the other's, stacks and vtotal: the vanished
 * stacks' number and the other's samples in them }. */
export function comparison(A, B, o) {
	if (o.wild === true) o = { strip: o.strip, wild: WILD, norm: o.norm, neg: o.neg };
	var rows = joined(A, B, o), d = o.neg ? 2 : 3, e = o.neg ? 3 : 2, van, r = { rows: rows, stacks: 0, vtotal: 0 };
	/* each side's samples, before -n scales the baseline's */
	r.samples = [0, 0];
	rows.forEach(function (x) { r.samples[0] += x[2]; r.samples[1] += x[3]; });
	if (o.norm) normalize(rows);
	van = rows.filter(function (x) { return x[d] === 0 && x[e] !== 0; });
	r.total = r.btotal = 0;
	rows.forEach(function (x) { r.total += x[d]; r.btotal += x[e]; });
	r.whole = viewof(rows, d, e, A.name);
	r.elided = van.length ? viewof(van, e, -1, A.name) : null;
	if (r.elided) {
		r.stacks = van.length;
		van.forEach(function (x) { r.vtotal += x[e]; });
		withvan(r.whole, vanstacks(r.elided));
	}
	return r;
}
