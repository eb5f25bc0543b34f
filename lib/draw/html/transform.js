/* transform.js: pure functions from a view to a view: the stacks of a
 * view walked, changed, and merged again into a new tree (a new view
 * of model.js's shape), the input view left as it was.  Bottom-up
 * reverses the stacks; the sandwich cuts them at a function. */

/* Each name's place in the order of callees (by name, as fg writes
 * them), computed once. */
var RANK = null, RANKED = null;
function rank() {
	if (RANK) return RANK;
	var ids = new Uint32Array(NAMES.length), k;
	for (k = 0; k < ids.length; k++) ids[k] = k;
	ids.sort(function (a, b) { return NAMES[a] < NAMES[b] ? -1 : NAMES[a] > NAMES[b] ? 1 : a - b; });
	RANK = new Uint32Array(NAMES.length);
	for (k = 0; k < ids.length; k++) RANK[ids[k]] = k;
	RANKED = ids;
	return RANK;
}

/* Trees merged level by level, with no table of children: the items
 * of a level (cursors into the source, each with its weight and the
 * node above it) are ordered by that node, then by the rank of their
 * name, stably; each run of one node and one name becomes a node, its
 * weight their sum, its source frame the first item's.  The nodes of a
 * level are thus in order of their parents, and a node's children are
 * consecutive, by name.  Kinds of cursor: UP walks a stack from a frame
 * to its callers (bottom-up, the sandwich's callers), DOWN fans a frame
 * out to its callees (the sandwich's callees), PATH walks a stack of
 * names stored flat (the transforms). */
var UP = 0, DOWN = 1, PATH = 2;
/* The nodes made, room for cap: node 0 the root (name root, source
 * frame first, weights w, b; b null: no baselines, and no room for
 * them: fresh memory costs); a field a typed array; a node's children
 * are kidn nodes from kid0. */
function nodes(root, first, w, b, cap) {
	var N = { n: 1, f: new Uint32Array(cap), w: new Float64Array(cap), b: new Float64Array(b === null ? 1 : cap),
		first: new Int32Array(cap), kid0: new Int32Array(cap), kidn: new Int32Array(cap) };
	N.f[0] = root;
	N.first[0] = first;
	N.w[0] = w;
	N.b[0] = b || 0;
	return N;
}
/* Items: a level's cursors (cur; end: for PATH the end of the stack,
 * for UP the next cursor, the caller), weights and nodes above them
 * (p), room for m. */
function items(m) {
	return { cur: new Int32Array(m), end: new Int32Array(m), w: new Float64Array(m),
		b: new Float64Array(m), p: new Int32Array(m) };
}
/* ord[s..e): s..e ordered by key, stably: by insertion when few, by
 * counting when many against the names, else by a sort of numbers
 * (key times the run's length, plus the place). */
function sortrun(key, ord, S, s, e) {
	var L = e - s, j, k, x, y;
	if (L <= 24) {
		for (j = s; j < e; j++) {
			x = j;
			for (k = j; k > s && key[ord[k - 1]] > key[x]; k--) ord[k] = ord[k - 1];
			ord[k] = x;
		}
		return;
	}
	if (L >= 4096 && S.cnt.length <= 4 * L) {
		var cnt = S.cnt.fill(0);
		for (j = s; j < e; j++) cnt[key[j] + 1]++;
		for (k = 1; k < cnt.length; k++) cnt[k] += cnt[k - 1];
		for (j = s; j < e; j++) ord[s + cnt[key[j]]++] = j;
		return;
	}
	var t = (S.tmp = S.tmp || new Float64Array(ord.length)).subarray(s, e);
	for (j = 0; j < L; j++) t[j] = key[s + j] * L + j;
	t.sort();
	for (j = 0; j < L; j++) { y = t[j] % L; ord[s + j] = s + y; }
}
/* Merge the items I (I.n of them, below node 0 of N) into N, level by
 * level, cursors of kind kind into view v (PATH: into the names buf).
 * prune: a run of items all of weight 0 (stacks that vanished from a
 * differential view) makes no node and ends there. */
function merge(N, v, kind, I, buf, prune) {
	var R = rank(), top = v.rooted ? 1 : 0, m = I.n, cap = m, j;
	if (kind === DOWN) cap = Math.max(m, I.room);
	var A = items(cap), B = items(cap), T, key = new Uint32Array(cap), ord = new Int32Array(cap);
	var S = { cnt: new Uint32Array(NAMES.length + 1), tmp: null };
	["cur", "end", "w", "b"].forEach(function (k) { A[k].set(I[k].subarray(0, m)); });
	/* a frame's caller and name's rank side by side: one fetch a step */
	var pr = kind === PATH ? null : new Int32Array(2 * v.n), c;
	for (j = 0; pr && j < v.n; j++) { pr[2 * j] = v.parent[j]; pr[2 * j + 1] = R[v.f[j]]; }
	while (m) {
		for (j = 0; j < m; j++) {
			if (!pr) { key[j] = R[buf[A.cur[j]]]; continue; }
			c = A.cur[j];
			key[j] = pr[2 * c + 1];
			if (kind === UP) A.end[j] = pr[2 * c];
		}
		for (var s = 0, e; s < m; s = e) {
			for (e = s + 1; e < m && A.p[e] === A.p[s]; e++) ;
			sortrun(key, ord, S, s, e);
		}
		m = level(N, v, kind, A, B, key, ord, m, buf, prune, top);
		T = A; A = B; B = T;
	}
	return N;
}
/* The frames on the way up from items I's cursors to the top of
 * view v: as many nodes as they can make at most. */
function steps(v, I) {
	var top = v.rooted ? 1 : 0, s = 0;
	for (var j = 0; j < I.n; j++) s += v.depth[I.cur[j]] - top + 1;
	return s;
}
/* One level: the runs of A (in order ord) made nodes, their items'
 * next cursors written to B; their count. */
function level(N, v, kind, A, B, key, ord, m, buf, prune, top) {
	var mm = 0, s, e, q, t, t0, p, k, c, d, x, sw, sb, live, vw = v.w, vb = v.b, end = v.end;
	var nf = N.f, nw = N.w, nb = N.b, nfirst = N.first, kid0 = N.kid0, kidn = N.kidn;
	for (s = 0; s < m; s = e) {
		t0 = ord[s];
		p = A.p[t0];
		k = key[t0];
		sw = sb = 0;
		live = !prune;
		for (e = s; e < m && A.p[t = ord[e]] === p && key[t] === k; e++) {
			sw += A.w[t];
			sb += A.b[t];
			if (A.w[t] !== 0) live = true;
		}
		if (!live) continue;
		x = N.n++;
		nf[x] = RANKED[k];
		nfirst[x] = kind === PATH ? -1 : A.cur[t0];
		nw[x] = sw;
		if (nb.length > 1) nb[x] = sb;
		if (!kidn[p]++) kid0[p] = x;
		for (q = s; q < e; q++) {
			t = ord[q];
			c = A.cur[t];
			if (kind === DOWN) {
				for (d = c + 1; d < end[c]; d = end[d]) {
					B.cur[mm] = d;
					B.w[mm] = vw[d];
					B.b[mm] = vb ? vb[d] : 0;
					B.p[mm++] = x;
				}
				continue;
			}
			d = kind === UP ? A.end[t] : c + 1;
			if (kind === UP ? d < top : d >= A.end[t]) continue;
			B.cur[mm] = d;
			B.end[mm] = A.end[t];
			B.w[mm] = A.w[t];
			B.b[mm] = A.b[t];
			B.p[mm++] = x;
		}
	}
	return mm;
}

/* The nodes as a view, in pre-order (a node's children are in order
 * of name already). */
function fromnodes(N, src, name) {
	var n = N.n, i, k, d, j = 0, sp = 1;
	var v = { name: name, n: n, depth: new Uint32Array(n), f: new Uint32Array(n),
		w: new Float64Array(n), b: src.b ? new Float64Array(n) : null,
		col: new Uint32Array(n), rooted: true, src: new Int32Array(n) };
	var st = new Int32Array(n + 1), sd = new Int32Array(n + 1);
	while (sp) {
		i = st[--sp];
		d = sd[sp];
		v.depth[j] = d;
		v.f[j] = N.f[i];
		v.w[j] = N.w[i];
		if (v.b) v.b[j] = N.b[i];
		v.src[j] = N.first[i];
		j++;
		for (k = N.kid0[i] + N.kidn[i]; k > N.kid0[i]; sp++) { st[sp] = --k; sd[sp] = d + 1; }
	}
	colors(v, src);
	return finish(v);
}

/* Colours of a new view: by name as the page's, or a differential
 * view's by its own changes (fg's scale: red grew, blue shrank, green
 * new), or the colour of the frame it first came of. */
function colors(v, src) {
	var i, d, m = 0;
	if (!v.b) {
		var byname = namecolors(src);
		for (i = 0; i < v.n; i++) {
			d = NAMECOLOR && v.f[i] < NAMECOLOR.length ? NAMECOLOR[v.f[i]] :
				v.src[i] >= 0 ? src.col[v.src[i]] : byname[v.f[i]];
			v.col[i] = d >= 0 ? d : src.col[0];
		}
		return;
	}
	for (i = 1; i < v.n; i++) if (Math.abs(v.w[i] - v.b[i]) > m) m = Math.abs(v.w[i] - v.b[i]);
	for (i = 0; i < v.n; i++) {
		d = v.w[i] - v.b[i];
		/* --negate=hues: red and blue swapped, no green (fg's frame_rgb) */
		v.col[i] = colorindex(D.hues ? delta(-d, m) :
			v.b[i] === 0 && v.w[i] > 0 && i ? NEWCOLOR : delta(d, m));
	}
}
/* the colour of each name's first frame in view v (-1: none) */
function namecolors(v) {
	if (v.namecol && v.namecol.length === NAMES.length) return v.namecol;
	var c = v.namecol = new Int32Array(NAMES.length).fill(-1), i;
	for (i = v.n - 1; i >= 0; i--) c[v.f[i]] = v.col[i];
	return c;
}
var NEWCOLOR = D.diff ? D.legend[2][1] : "#000000", CIDX = null;
function hex(r, g, b) {
	return "#" + [r, g, b].map(function (x) { return (x | 0).toString(16).padStart(2, "0"); }).join("");
}
/* color_delta of lib/draw/color.c */
function delta(d, m) {
	if (m <= 0 || d === 0) return "#ffffff";
	if (d > m) d = m;
	if (d < -m) d = -m;
	if (d > 0) return hex(255, 210 * (m - d) / m, 210 * (m - d) / m);
	return hex(210 * (m + d) / m, 210 * (m + d) / m, 255);
}
/* The page's index of colour c (#rrggbb), with a label colour of the
 * higher contrast on it (color_label's rule). */
function colorindex(c) {
	if (!CIDX) {
		CIDX = {};
		COLORS.forEach(function (x, k) { CIDX[x] = k; });
	}
	if (CIDX[c] !== undefined) return CIDX[c];
	CIDX[c] = COLORS.length;
	COLORS.push(c);
	var l = luminance(c);
	LABELS.push((l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000000" : "#ffffff");
	return CIDX[c];
}
function luminance(c) {
	var k, x, l = [0, 0, 0];
	for (k = 0; k < 3; k++) {
		x = parseInt(c.substr(1 + 2 * k, 2), 16) / 255;
		l[k] = x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
	}
	return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

/* The stacks of view v: fn(path, from, len, w, b) for each frame with
 * samples of its own, path the names from the first frame of the input
 * (below fg's "all") to it, from their frames in v. */
function stacks(v, fn) {
	var path = new Uint32Array(v.maxdepth + 1), from = new Int32Array(v.maxdepth + 1);
	var i, d, top = v.rooted ? 1 : 0;
	for (i = top; i < v.n; i++) {
		d = v.depth[i] - top;
		path[d] = v.f[i];
		from[d] = i;
		if (v.self[i] !== 0 || (v.bself && v.bself[i] !== 0))
			fn(path, from, d + 1, v.self[i], v.bself ? v.bself[i] : 0);
	}
}

/* Bottom-up: every stack reversed, merged at the leaves (flamegraph.pl's
 * --reverse); the first row is each function's own samples. */
function bottomup(v) {
	var N, m = 0, top = v.rooted ? 1 : 0, w0 = 0, b0 = 0, pass, i, I;
	for (i = top; i < v.n; i++) if (v.self[i] !== 0 || (v.bself && v.bself[i] !== 0)) m++;
	I = items(m);
	m = 0;
	/* the vanished stacks last, once the frames they may add to are made */
	for (pass = 0; pass < (v.b ? 2 : 1); pass++) {
		for (i = top; i < v.n; i++) {
			if (v.self[i] === 0 && !(v.bself && v.bself[i] !== 0)) continue;
			if ((v.self[i] === 0) !== (pass === 1)) continue;
			I.cur[m] = i;
			I.w[m] = v.self[i];
			I.b[m] = v.bself ? v.bself[i] : 0;
			w0 += I.w[m];
			b0 += I.b[m++];
		}
	}
	I.n = m;
	N = merge(nodes(ALLID, -1, w0, v.b ? b0 : null, 1 + steps(v, I)), v, UP, I, null, true);
	return fromnodes(N, v, v.name);
}

/* The frames of v named fn (every name id shown as fn), outermost only:
 * recursion counted once a stack, as fg-top and fg-filter --reroot. */
function occurrences(v, fn) {
	var want = new Uint8Array(NAMES.length), open = 0, st = [], out = [], i, k;
	for (k = 0; k < NAMES.length; k++) want[k] = NAMES[k] === fn ? 1 : 0;
	for (i = v.rooted ? 1 : 0; i < v.n; i++) {
		while (st.length && v.end[st[st.length - 1]] <= i) { st.pop(); open--; }
		if (!want[v.f[i]] || open) continue;
		out.push(i);
		st.push(i);
		open++;
	}
	return out;
}

/* The sandwich of function fn: its callers, every stack cut at fn and
 * reversed, merged (fn the root, its callers its children); its
 * callees, every subtree under fn merged across its call sites (fg-filter
 * --reroot).  Both roots weigh fn's total; null when no frame is fn. */
function sandwich2(v, fn) {
	var occ = occurrences(v, fn), top = v.rooted ? 1 : 0, k, i, c, w0 = 0, b0 = 0;
	if (!occ.length) return { fn: fn, callers: null, callees: null };
	var up = items(occ.length), down, nu = 0, nd = 0, under = 0;
	/* the frames under fn: as many items as a level can have at most */
	for (k = 0; k < occ.length; k++) under += v.end[occ[k]] - occ[k] - 1;
	down = items(under);
	for (k = 0; k < occ.length; k++) {
		i = occ[k];
		w0 += v.w[i];
		if (v.b) b0 += v.b[i];
		if (v.parent[i] >= top) {
			up.cur[nu] = v.parent[i];
			up.w[nu] = v.w[i];
			up.b[nu++] = v.b ? v.b[i] : 0;
		}
		for (c = i + 1; c < v.end[i]; c = v.end[c]) {
			down.cur[nd] = c;
			down.w[nd] = v.w[c];
			down.b[nd++] = v.b ? v.b[c] : 0;
		}
	}
	up.n = nu;
	down.n = nd;
	down.room = under;
	var id = v.f[occ[0]], bb = v.b ? b0 : null;
	return { fn: fn,
		callers: fromnodes(merge(nodes(id, occ[0], w0, bb, 1 + steps(v, up)), v, UP, up, null, false), v, fn),
		callees: fromnodes(merge(nodes(id, occ[0], w0, bb, 1 + under), v, DOWN, down, null, false), v, fn) };
}

/* The transforms (tx=KIND:ARG), each a function of one stack: its
 * names, root first, to the names it keeps (a new array), or null to
 * drop it.  same(NAME): a test of a name id against a name as shown. */
function same(name) {
	var want = new Uint8Array(NAMES.length);
	for (var k = 0; k < NAMES.length; k++) want[k] = NAMES[k] === name ? 1 : 0;
	return function (id) { return id < want.length && want[id] === 1; };
}
/* a regular expression of the page's (JavaScript) syntax, or null */
function regex(s) {
	try { return new RegExp(s); } catch (err) { return null; }
}
/* the file of a name "FUNC at FILE:LINE", without its line */
function fileof(s) { return fileline(s).replace(/:\d+$/, ""); }
var NAMEID = null;
/* the id of name s, added to the page's names if new */
function nameid(s) {
	if (!NAMEID) {
		NAMEID = new Map();
		NAMES.forEach(function (x, k) { if (!NAMEID.has(x)) NAMEID.set(x, k); });
	}
	if (!NAMEID.has(s)) { NAMEID.set(s, NAMES.push(s) - 1); RANK = null; }
	return NAMEID.get(s);
}
var TX = {
	/* this frame's path (names joined by ";") becomes the root */
	root: function (arg) {
		var p = arg.split(";");
		return function (s) {
			if (s.length < p.length) return null;
			for (var k = 0; k < p.length; k++) if (NAMES[s[k]] !== p[k]) return null;
			return s.slice(p.length - 1);
		};
	},
	/* every outermost frame of a function becomes a root (fg-filter --reroot) */
	focus: function (arg) {
		var is = same(arg);
		return function (s) {
			for (var k = 0; k < s.length; k++) if (is(s[k])) return s.slice(k);
			return null;
		};
	},
	/* a function's frames dropped, its callees kept */
	hide: function (arg) {
		var is = same(arg);
		return function (s) { return s.filter(function (id) { return !is(id); }); };
	},
	/* a function's subtrees dropped (fg-prune): a stack cut above it,
	 * dropped when its root is it */
	drop: function (arg) {
		var is = same(arg);
		return function (s) {
			for (var k = 0; k < s.length; k++) if (is(s[k])) return k ? s.slice(0, k) : null;
			return s;
		};
	},
	/* recursion folded, from a frame to its repeat (fg-prune --recursion) */
	rec: function () {
		return function (s) {
			var out = [], at = new Map();
			s.forEach(function (id) {
				var k = at.get(NAMES[id]);
				if (k !== undefined) {
					for (var j = k + 1; j < out.length; j++) at.delete(NAMES[out[j]]);
					out.length = k + 1;
					out[k] = id;
					return;
				}
				at.set(NAMES[id], out.length);
				out.push(id);
			});
			return out;
		};
	},
	/* consecutive frames whose file matches: one frame, the file */
	file: function (arg) {
		var r = regex(arg);
		return function (s) {
			var out = [], last = null;
			s.forEach(function (id) {
				var f = fileof(NAMES[id]);
				if (!r || !f || !r.test(f)) { out.push(id); last = null; return; }
				if (f !== last) out.push(nameid(f));
				last = f;
			});
			return out;
		};
	},
	/* only the stacks through a match (fg-filter --only -e) */
	grep: function (arg) {
		var r = regex(arg);
		return function (s) {
			if (!r) return s;
			for (var k = 0; k < s.length; k++) if (r.test(NAMES[s[k]])) return s;
			return null;
		};
	}
};
/* A transform's words, for its chip. */
var TXNAME = { root: "subtree", focus: "focus", hide: "hide", drop: "drop", rec: "collapse recursion",
	file: "collapse file", grep: "only" };

/* The stacks of view v through the transforms list ([kind, arg]...),
 * in order: fn(names, w, b) for each one kept; those of width w != 0,
 * then (nonzero false) the others. */
function txstacks(v, list, fn, nonzero) {
	var fns = list.map(function (t) { return TX[t[0]](t[1]); });
	function add(path, from, len, w, b) {
		var s = Array.prototype.slice.call(path, 0, len), k;
		for (k = 0; k < fns.length && s; k++) s = fns[k](s);
		if (s && s.length) fn(s, w, b);
	}
	stacks(v, function (path, from, len, w, b) { if (w !== 0) add(path, from, len, w, b); });
	if (v.b && !nonzero) stacks(v, function (path, from, len, w, b) { if (w === 0) add(path, from, len, w, b); });
}
/* View v with the transforms list applied in order. */
function transform(v, list) {
	if (!list.length) return v;
	var buf = new Uint32Array(v.n), nb = 0, cur = [], end = [], ws = [], bs = [], w0 = 0, b0 = 0, I;
	txstacks(v, list, function (s, w, b) {
		if (nb + s.length > buf.length) {
			var x = new Uint32Array(2 * (nb + s.length));
			x.set(buf.subarray(0, nb));
			buf = x;
		}
		cur.push(nb);
		buf.set(s, nb);
		end.push(nb += s.length);
		ws.push(w);
		bs.push(b);
		w0 += w;
		b0 += b;
	});
	I = { n: cur.length, cur: Int32Array.from(cur), end: Int32Array.from(end), w: Float64Array.from(ws),
		b: Float64Array.from(bs) };
	return fromnodes(merge(nodes(ALLID, -1, w0, v.b ? b0 : null, 1 + nb), v, PATH, I, buf, true), v, v.name);
}

/* View v as folded stacks: a line a frame with samples of its own, the
 * names with their annotations, the baseline's count before the
 * target's on differential input; head, the unit header lines; e, the
 * elided view (the stacks that vanished, at their baseline counts),
 * through the transforms list, reversed with rev. */
function folded(v, head, e, list, rev) {
	var out = head.slice();
	function full(id) { return NAMES[id] + (D.annot[id] ? "_[" + D.annot[id] + "]" : ""); }
	function line(s, w, b) {
		out.push(s.map(full).join(";") + " " + (v.b ? b + " " : "") + w);
	}
	stacks(v, function (path, from, len, w, b) {
		line(Array.prototype.slice.call(path, 0, len), w, b);
	});
	if (e) txstacks(e, list, function (s, w) { line(rev ? s.reverse() : s, 0, w); }, true);
	return out.join("\n") + "\n";
}
