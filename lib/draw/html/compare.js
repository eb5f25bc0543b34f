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
import { selfof, selfat } from "./tree.js";
import { elidedcolors } from "./colors.js";
import { rank, items, add, out, put, done, merge, freeitems, PATH, tellprogress, progspan, progfrom, RANK, SIBFIX, sibkey } from "./merge.js";
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
/* Each name's key (its label; with strip, without its line) as a rank
 * in the order of siblings (intern.c's sibling_cmp: as if each were
 * followed by ';'), the same for both views: { key: by name id, n }. */
function keyranks(strip) {
	var nn = model.names.length, of = new Array(nn), at = new Map(), list = [], key = new Int32Array(nn), ord, rk, k, s;
	for (k = 0; k < nn; k++) {
		s = strip ? stripline(labelof(k)) : labelof(k);
		of[k] = s;
		if (!at.has(s)) at.set(s, list.push(s + ";") - 1);
	}
	ord = list.map(function (x, i) { return i; }).sort(function (x, y) { return cpcmp(list[x], list[y]); });
	rk = new Int32Array(list.length);
	ord.forEach(function (x, i) { rk[x] = i; });
	for (k = 0; k < nn; k++) key[k] = rk[at.get(of[k])];
	return { key: key, n: list.length };
}
/* One side: view v, its frames' own samples, each key's frame (a name
 * id) as first met in v's order (-1: none), whether the wildcard
 * matches a key (-1: not yet asked); and its nodes, made as the walk
 * comes to them: node g the frames pool[gs[g]..gs[g] + gl[g]) of key
 * gk[g] below one node (one frame, but where strip makes siblings one),
 * its children the nodes gc[g]..gc[g] + gn[g] (gc -1: not yet made).
 * Node 0 is the root (fg's "all", or above the view's first frames). */
function side(v, K) {
	var m = v.n + 2, S = { v: v, key: K.key, own: selfof(v), label: labels(v, K), wild: new Int8Array(K.n).fill(-1),
		pool: new Int32Array(m), np: 1, gs: new Int32Array(m), gl: new Int32Array(m), gk: new Int32Array(m),
		gc: new Int32Array(m).fill(-1), gn: new Int32Array(m), ng: 1, tmp: new Float64Array(16) };
	S.pool[0] = v.rooted ? 0 : -1;
	S.gl[0] = 1;
	S.gk[0] = -1;
	return S;
}
/* The children of node g of side S made (their frames' callees, grouped
 * by key, in sibling order); g itself. */
function kids(S, g) {
	var v = S.v, f = v.f, key = S.key, end = v.end, nf = v.n, t = S.tmp, m = 0, up = true, last = -1, j, i, c, hi, e, k, x;
	if (g < 0 || S.gc[g] >= 0) return g;
	for (j = S.gs[g]; j < S.gs[g] + S.gl[g]; j++) {
		i = S.pool[j];
		hi = i < 0 ? nf : end[i];
		for (c = i + 1; c < hi; c = end[c]) {
			if (m === t.length) {
				x = new Float64Array(2 * m);
				x.set(t);
				t = S.tmp = x;
			}
			/* key and frame in one number: sorted, by key, then place
			 * (as the view's callees by name mostly are already) */
			x = key[f[c]] * nf + c;
			if (x < last) up = false;
			t[m++] = last = x;
		}
	}
	if (!up) t.subarray(0, m).sort();
	S.gc[g] = S.ng;
	for (j = 0; j < m; j = e) {
		k = Math.floor(t[j] / nf);
		for (x = (k + 1) * nf, e = j + 1; e < m && t[e] < x; e++) ;
		S.gs[S.ng] = S.np;
		S.gl[S.ng] = e - j;
		S.gk[S.ng++] = k;
		for (i = j; i < e; i++) S.pool[S.np++] = t[i] - k * nf;
	}
	S.gn[g] = S.ng - S.gc[g];
	return g;
}
/* Node g's own samples. */
function selfsum(S, g) {
	for (var j = S.gs[g], s = 0; j < S.gs[g] + S.gl[g]; j++) s += S.pool[j] < 0 ? 0 : S.own[S.pool[j]];
	return s;
}
/* How many keys the callees of node x of Sb and node y of St share. */
function overlap(Sb, x, St, y) {
	kids(Sb, x);
	kids(St, y);
	var i = Sb.gc[x], ie = i + Sb.gn[x], j = St.gc[y], je = j + St.gn[y], n = 0;
	while (i < ie && j < je) {
		if (Sb.gk[i] === St.gk[j]) { n++; i++; j++; } else if (Sb.gk[i] < St.gk[j]) i++; else j++;
	}
	return n;
}

/* The joined stacks of baseline view A and target view B (o.strip:
 * --strip-lines; o.wild: the wildcard, null for none), as fg-diff
 * prints them: [[stack, names, b, t]...], walked in sibling order; with
 * sorted, the stacks' text too, in fg-diff's order (for -n's ties);
 * with into, the differential view as well, where it can (joinframes:
 * then into.view, and the rows only the stacks it lacks). */
export function joined(A, B, o, sorted, into) {
	var K = keyranks(o.strip), rows = joinframes(A, B, K, o, into) || joinnodes(A, B, K, o);
	var lab = [], i;
	if (!sorted) return rows;
	/* the stacks' text, and the rows in fg-diff's order */
	rows.forEach(function (r) { r[0] = r[1].map(function (id) { return lab[id] || (lab[id] = labelof(id)); }).join(";"); });
	for (i = 1; i < rows.length && cpcmp(rows[i - 1][0], rows[i][0]) < 0; i++) ;
	return i < rows.length ? rows.sort(function (p, q) { return cpcmp(p[0], q[0]); }) : rows;
}
/* Each key's frame (a name id) as first met in view v (-1: none). */
function labels(v, K) {
	var label = new Int32Array(K.n).fill(-1), i, k;
	for (i = v.rooted ? 1 : 0; i < v.n; i++) if (label[k = K.key[v.f[i]]] < 0) label[k] = v.f[i];
	return label;
}
/* joined()'s rows when each node is one frame: each frame's callees in
 * either view in the order of their keys, one a key, as fg's trees have
 * them without strip (else null, found as the walk goes; joinnodes
 * then).  The two trees walked frame by frame, the callees of a pair
 * merged by key as they lie, each frame's own samples its width less
 * its callees'; the
 * labels and the wildcard's pairs those of joinnodes.  A frame -2 is a
 * view's root above its first frames (a view not rooted), -1 none.
 * With into ({ neg, name }), the differential view that viewof makes
 * of the rows is written as the walk goes (into.view), the callees of
 * a node in the order merge.js puts them (by rank, sibfix's where a
 * label begins another), each joined frame's widths the totals of the
 * frames it joins, those of no width in the column drawn left out;
 * the rows then only the stacks of none in that column (the view holds
 * the rest), into.at the view's frame each leaves and into.ownb the
 * view's ownb (withvan's), into.sb and into.st each side's total. */
function joinframes(A, B, K, o, into) {
	var key = K.key, Af = A.f, Bf = B.f, Aw = A.w, Bw = B.w, Ae = A.end, Be = B.end, nk = K.n;
	var Lb = labels(A, K), Lt = labels(B, K), wk = new Int8Array(nk).fill(-1), rows = [], path = [], tick = 0;
	/* the pairs still to walk, 5 numbers each (baseline's frame,
	 * target's, depth, label, whether written), sp of them; the root's */
	var W = new Int32Array(5 * 1024), sp = 0, pb = [], pt = [], bonly = [], tonly = [];
	var lab = [], ord = [], O = null, neg = into && into.neg, SB = 0, ST = 0, wr, dw, ow, wat = [0], at = [], dc, oc;
	/* the view written: its columns, frames, and those whose callees
	 * are still to come (open, by depth, to otop) */
	var Of, Od, Ow, Ob, Oe, Oo, On = 0, md = 0, open = [0], otop = -1;
	var b, t, d, x, i, ie, j, je, c, sb, st, nb, nt, np, k, n, kb, kt, tot = Math.max(A.n, B.n);
	var P = { pb: pb, pt: pt, bonly: bonly, tonly: tonly, wb: function (x) { return wild(Af, x); },
		wt: function (y) { return wild(Bf, y); }, overlap: overlap2 };
	if (into) {
		rank();
		/* a frame written is one of the drawn view's, joined */
		O = out((neg ? A.n : B.n) + 1, { maxdepth: Math.max(A.maxdepth, B.maxdepth) + 1, b: true, col: true, van: null });
		put(O, model.allid, 0, 0, 0, -1);
		Of = O.f; Od = O.depth; Ow = O.w; Ob = O.b; Oe = O.end; On = O.n; otop = 0;
		/* each frame's own samples of the other column, in its own
		 * stack (withvan's ownb): none where the stack vanished */
		Oo = new Float64Array(O.cap);
	}
	function wild(f, c) {
		var k = key[f[c]];
		if (wk[k] < 0) wk[k] = o.wild && o.wild.test(labelof(f[c])) ? 1 : 0;
		return wk[k] === 1;
	}
	/* how many keys the callees of frames x of A and y of B share */
	function overlap2(x, y) {
		var i = x + 1, ie = Ae[x], j = y + 1, je = Be[y], n = 0, ki, kj;
		while (i < ie && j < je) {
			ki = key[Af[i]];
			kj = key[Bf[j]];
			if (ki === kj) { n++; i = Ae[i]; j = Be[j]; } else if (ki < kj) i = Ae[i]; else j = Be[j];
		}
		return n;
	}
	W[0] = A.rooted ? 0 : -2;
	W[1] = B.rooted ? 0 : -2;
	W[2] = -1;
	W[4] = 1;
	sp = 5;
	while (sp) {
		wr = W[--sp];
		x = W[--sp];
		d = W[--sp];
		t = W[--sp];
		b = W[--sp];
		/* the frames written whose callees are all written: their end */
		while (otop > d) Oe[open[otop--]] = On;
		i = b === -2 ? 0 : b + 1;
		ie = b === -2 ? A.n : b < 0 ? 0 : Ae[b];
		j = t === -2 ? 0 : t + 1;
		je = t === -2 ? B.n : t < 0 ? 0 : Be[t];
		sb = b >= 0 ? Aw[b] : 0;
		st = t >= 0 ? Bw[t] : 0;
		/* the pairs (pb, pt: np of them), the unpaired of each side */
		nb = nt = np = 0;
		/* each side's callees in the order of their keys, one a key
		 * (keyed), else none of this: null */
		kb = i < ie ? key[Af[i]] : nk;
		kt = j < je ? key[Bf[j]] : nk;
		while (kb < nk || kt < nk) {
			if (kb === kt) {
				sb -= Aw[i];
				st -= Bw[j];
				pb[np] = i;
				pt[np++] = j;
				i = Ae[i];
				j = Be[j];
				if ((n = i < ie ? key[Af[i]] : nk) <= kb) return fail(tick / tot);
				kb = n;
				if ((n = j < je ? key[Bf[j]] : nk) <= kt) return fail(tick / tot);
				kt = n;
			} else if (kb < kt) {
				sb -= Aw[i];
				bonly[nb++] = i;
				i = Ae[i];
				if ((n = i < ie ? key[Af[i]] : nk) <= kb) return fail(tick / tot);
				kb = n;
			} else {
				st -= Bw[j];
				tonly[nt++] = j;
				j = Be[j];
				if ((n = j < je ? key[Bf[j]] : nk) <= kt) return fail(tick / tot);
				kt = n;
			}
		}
		dc = neg ? sb : st;
		oc = neg ? st : sb;
		/* the frame written (merge.js's put, inline); the deepest frame
		 * written on the path (wat: its index in the view) */
		if (O && d >= 0) {
			if (wr) {
				dw = neg ? (b >= 0 ? Aw[b] : 0) : t >= 0 ? Bw[t] : 0;
				ow = neg ? (t >= 0 ? Bw[t] : 0) : b >= 0 ? Aw[b] : 0;
				Of[On] = x;
				Od[On] = d + 1;
				if (d + 1 > md) md = d + 1;
				Ow[On] = dw;
				Ob[On] = ow;
				Oo[On] = dc !== 0 ? oc : 0;
				open[otop = d + 1] = wat[d + 1] = On++;
			} else wat[d + 1] = wat[d];
		}
		if (d >= 0) {
			path[d] = x;
			/* with into, only the stacks of none in the column drawn
			 * (the view holds the rest), and the frame each leaves */
			if (O ? dc === 0 && oc !== 0 : sb !== 0 || st !== 0) {
				rows.push([null, path.slice(0, d + 1), sb, st]);
				if (O) at.push(wat[d + 1]);
			}
			SB += sb;
			ST += st;
		}
		if (++tick % 65536 === 0) tellprogress(Math.min(1, tick / tot));
		/* the wildcard's pairs (treejoin.c's pair_wild) */
		if (nb && nt) np = pairwild(P, np, nb, nt);
		else {
			for (k = 0; k < nb; k++) { pb[np] = bonly[k]; pt[np++] = -1; }
			for (k = 0; k < nt; k++) { pb[np] = -1; pt[np++] = tonly[k]; }
		}
		for (k = 0; k < np; k++) {
			lab[k] = pt[k] >= 0 ? Lt[key[Bf[pt[k]]]] : Lt[kb = key[Af[pb[k]]]] >= 0 ? Lt[kb] : Lb[kb];
			ord[k] = k;
		}
		if (O && np > 1) inorder(np, ord, lab, pb, pt, A, B);
		if (sp + 5 * np > W.length) {
			c = new Int32Array(2 * (sp + 5 * np));
			c.set(W.subarray(0, sp));
			W = c;
		}
		for (k = np - 1; k >= 0; k--) {
			c = ord[k];
			/* written: the parent was, and it has width in the column drawn */
			n = O && (wr || d < 0) ? (neg ? pb[c] >= 0 && Aw[pb[c]] !== 0 : pt[c] >= 0 && Bw[pt[c]] !== 0) : false;
			W[sp++] = pb[c];
			W[sp++] = pt[c];
			W[sp++] = d + 1;
			W[sp++] = lab[c];
			W[sp++] = n ? 1 : 0;
		}
	}
	if (O) {
		while (otop >= 0) Oe[open[otop--]] = On;
		O.n = On;
		if (md > O.md) O.md = md;
		O.w[0] = neg ? SB : ST;
		O.b[0] = neg ? ST : SB;
		into.view = done(O, null, into.name);
		into.sb = SB;
		into.st = ST;
		into.at = at;
		/* the root's: its width less its callees' and the stacks that
		 * vanished below it alone */
		for (Oo[0] = O.b[0], c = 1; c < On; c = Oe[c]) Oo[0] -= Ob[c];
		for (k = 0; k < at.length; k++) if (at[k] === 0) Oo[0] -= rows[k][neg ? 3 : 2];
		into.ownb = Oo.subarray(0, On);
	}
	return rows;
	/* the walk stopped at share x of it: the callees out of order */
	function fail(x) {
		progfrom(x);
		return null;
	}
}
/* ord[0..np) put in merge.js's order of the callees labelled lab[ord[k]]
 * (the pairs pb, pt of frames of A and B): by rank; where a label
 * begins another, as merge.js's sibfix puts them (sibkey). */
function inorder(np, ord, lab, pb, pt, A, B) {
	var k, q, x, fix = false, key = [];
	for (k = 1; k < np; k++) {
		x = ord[k];
		for (q = k; q > 0 && RANK[lab[ord[q - 1]]] > RANK[lab[x]]; q--) ord[q] = ord[q - 1];
		ord[q] = x;
	}
	for (k = 0; k < np && !fix; k++) if (SIBFIX[lab[k]]) fix = true;
	if (!fix) return;
	for (k = 0; k < np; k++) key[k] = sibkey(labelof(lab[k]), (pb[k] >= 0 && selfat(A, pb[k])) || (pt[k] >= 0 && selfat(B, pt[k])));
	var o = ord.slice(0, np).sort(function (p, q) { return cpcmp(key[p], key[q]); });
	for (k = 0; k < np; k++) ord[k] = o[k];
}
/* The pairs P.pb, P.pt (np of them so far) of the callees of a pair
 * that the wildcard makes of the nb of the baseline's and nt of the
 * target's left unpaired (P.bonly, P.tonly): a target's callee the
 * wildcard does not match alone; each baseline's with the target's the
 * wildcard matches whose callees it shares most (P.overlap), if both
 * are wild (P.wb, P.wt); the rest alone.  Returns the number of pairs. */
function pairwild(P, np, nb, nt) {
	var pb = P.pb, pt = P.pt, bonly = P.bonly, tonly = P.tonly, k, n, best, score, c;
	for (k = 0, n = 0; k < nt; k++) {
		if (P.wt(tonly[k])) tonly[n++] = tonly[k];
		else { pb[np] = -1; pt[np++] = tonly[k]; }
	}
	nt = n;
	for (k = 0; k < nb; k++) {
		best = -1;
		score = -1;
		if (nt && P.wb(bonly[k])) for (n = 0; n < nt; n++) {
			if (tonly[n] < 0) continue;
			c = P.overlap(bonly[k], tonly[n]);
			if (c > score) { best = n; score = c; }
		}
		pb[np] = bonly[k];
		pt[np++] = best < 0 ? -1 : tonly[best];
		if (best >= 0) tonly[best] = -1;
	}
	for (k = 0; k < nt; k++) if (tonly[k] >= 0) { pb[np] = -1; pt[np++] = tonly[k]; }
	return np;
}
/* joined()'s rows in general: the nodes of each side made as the walk
 * comes to them (side, kids). */
function joinnodes(A, B, K, o) {
	var Sb = side(A, K), St = side(B, K), rows = [], path = [], tick = 0;
	/* the nodes still to walk: baseline's, target's (-1: none), depth, label */
	var W = { b: [0], t: [0], d: [-1], l: [0] }, bonly = [], tonly = [], pb = [], pt = [];
	var b, t, d, i, j, ie, je, c, sb, st, k, x, nb, nt, np;
	function wild(S, g) {
		var k = S.gk[g];
		if (S.wild[k] < 0) S.wild[k] = o.wild && o.wild.test(labelof(S.label[k])) ? 1 : 0;
		return S.wild[k] === 1;
	}
	function push(x, y) {
		W.b.push(x);
		W.t.push(y);
		W.d.push(d + 1);
		W.l.push(y >= 0 ? St.label[St.gk[y]] : St.label[Sb.gk[x]] >= 0 ? St.label[Sb.gk[x]] : Sb.label[Sb.gk[x]]);
	}
	var P = { pb: pb, pt: pt, bonly: bonly, tonly: tonly, wb: function (x) { return wild(Sb, x); },
		wt: function (y) { return wild(St, y); }, overlap: function (x, y) { return overlap(Sb, x, St, y); } };
	while (W.b.length) {
		b = W.b.pop();
		t = W.t.pop();
		d = W.d.pop();
		x = W.l.pop();
		if (d >= 0) {
			path[d] = x;
			sb = b >= 0 ? selfsum(Sb, b) : 0;
			st = t >= 0 ? selfsum(St, t) : 0;
			if (sb !== 0 || st !== 0) rows.push([null, path.slice(0, d + 1), sb, st]);
		}
		if (++tick % 65536 === 0) tellprogress(Math.min(1, tick / Math.max(A.n, B.n)));
		kids(Sb, b);
		kids(St, t);
		i = b >= 0 ? Sb.gc[b] : 0;
		ie = b >= 0 ? i + Sb.gn[b] : 0;
		j = t >= 0 ? St.gc[t] : 0;
		je = t >= 0 ? j + St.gn[t] : 0;
		/* the pairs (pb, pt: np of them), the unpaired of each side */
		nb = nt = np = 0;
		while (i < ie || j < je) {
			c = i >= ie ? 1 : j >= je ? -1 : Sb.gk[i] - St.gk[j];
			if (c === 0) { pb[np] = i++; pt[np++] = j++; }
			else if (c < 0) bonly[nb++] = i++;
			else tonly[nt++] = j++;
		}
		/* the wildcard's pairs (treejoin.c's pair_wild) */
		np = pairwild(P, np, nb, nt);
		for (k = np - 1; k >= 0; k--) push(pb[k], pt[k]);
	}
	return rows;
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
 * stacks (withvan), elided: theirs alone (or null: none, or to be made
 * of whole when asked for, elidedof), total and btotal:
 * the drawn column's and the other's, stacks, vtotal and vframes: the
 * vanished stacks' number, the other's samples and the frames in them }. */
export function comparison(A, B, o) {
	if (o.wild === true) o = { strip: o.strip, wild: WILD, norm: o.norm, neg: o.neg };
	/* the progress line: the join to 60%, the views made to 95% */
	progspan(0.1, 0.6);
	/* the view written by the join, when its widths are the frames' (not
	 * scaled by -n, nor decimals summed in another order) */
	var into = !o.norm && !model.data.frac ? { neg: !!o.neg, name: A.name, view: null } : null;
	var rows = joined(A, B, o, o.norm, into), d = o.neg ? 2 : 3, e = o.neg ? 3 : 2, van, r = { rows: rows, stacks: 0, vtotal: 0, vframes: 0 };
	var w = into && into.view;
	/* each side's samples, before -n scales the baseline's */
	r.samples = w ? [into.sb, into.st] : [0, 0];
	if (!w) rows.forEach(function (x) { r.samples[0] += x[2]; r.samples[1] += x[3]; });
	if (o.norm) normalize(rows);
	/* the join's rows, with its view, are the vanished stacks alone */
	van = w ? rows : rows.filter(function (x) { return x[d] === 0 && x[e] !== 0; });
	r.total = w ? r.samples[d - 2] : 0;
	r.btotal = w ? r.samples[e - 2] : 0;
	if (!w) rows.forEach(function (x) { r.total += x[d]; r.btotal += x[e]; });
	progspan(0.6, 0.9);
	r.whole = w || viewof(rows, d, e, A.name);
	progspan(0.9, 0.95);
	/* the elided view made when asked for (elidedof), of the view's
	 * vanished stacks, where the join gave them */
	r.elided = van.length && !w ? viewof(van, e, -1, A.name) : null;
	progspan(0, 1);
	if (van.length) {
		r.stacks = van.length;
		van.forEach(function (x) { r.vtotal += x[e]; r.vframes += x[1].length; });
		withvan(r.whole, w ? van.map(function (x) { return [x[1], x[e]]; }) : vanstacks(r.elided), false, w ? into.at : null,
			w ? into.ownb : null);
	}
	return r;
}
/* The elided view of comparison view v: its vanished stacks alone. */
export function elidedof(v, name) {
	return viewof(v.van.map(function (x) { return [null, x[0], x[1]]; }), 2, -1, name);
}
