/* transform.js: pure functions from a view to a view: the stacks of a
 * view walked, changed, and merged again into a new tree (a new view
 * of model.js's shape), the input view left as it was.  Bottom-up
 * reverses the stacks; the sandwich cuts them at a function. */

/* Each name's place in the order of callees (by name, as fg writes
 * them), computed once. */
var RANK = null;
function rank() {
	if (RANK) return RANK;
	var ids = new Uint32Array(NAMES.length), k;
	for (k = 0; k < ids.length; k++) ids[k] = k;
	ids.sort(function (a, b) { return NAMES[a] < NAMES[b] ? -1 : NAMES[a] > NAMES[b] ? 1 : a - b; });
	RANK = new Uint32Array(NAMES.length);
	for (k = 0; k < ids.length; k++) RANK[ids[k]] = k;
	return RANK;
}

/* A tree being built: node 0 is the root, named root; a node's child
 * named f is found in an open-addressed table of (parent, name, node id
 * + 1; 0 empty) triples, side by side for the cache; the nodes' fields
 * are typed arrays, doubled as they fill. */
function tree(root, hint) {
	var t = { n: 1, cap: 0, mask: 0, hv: null, parent: new Int32Array(0), f: new Int32Array(0),
		w: new Float64Array(0), b: new Float64Array(0), first: new Int32Array(0) };
	grow(t, Math.pow(2, Math.ceil(Math.log2(Math.max(hint || 0, 4096)))));
	t.parent[0] = -1;
	t.f[0] = root;
	t.first[0] = -1;
	return t;
}
function grow(t, cap) {
	function more(a) { var x = new a.constructor(cap); x.set(a); return x; }
	t.parent = more(t.parent);
	t.f = more(t.f);
	t.w = more(t.w);
	t.b = more(t.b);
	t.first = more(t.first);
	t.cap = cap;
	t.mask = 2 * cap - 1;
	t.shift = 32 - Math.log2(2 * cap);
	t.hv = new Int32Array(6 * cap);
	for (var c = 1, h; c < t.n; c++) {
		h = slot(t, t.parent[c], t.f[c]);
		t.hv[h] = t.parent[c];
		t.hv[h + 1] = t.f[c];
		t.hv[h + 2] = c + 1;
	}
}
/* the table's slot of the child of p named f: its own, or the empty
 * one it would take */
function slot(t, p, f) {
	var h = Math.imul(Math.imul(p, 0x27d4eb2d) ^ f, 0x9e3779b1) >>> t.shift, hv = t.hv;
	while (hv[3 * h + 2] && (hv[3 * h] !== p || hv[3 * h + 1] !== f)) h = (h + 1) & t.mask;
	return 3 * h;
}
function child(t, p, f, from) {
	var h = slot(t, p, f), c = t.hv[h + 2];
	if (c) return c - 1;
	if (t.n === t.cap) {
		grow(t, 2 * t.cap);
		h = slot(t, p, f);
	}
	c = t.n++;
	t.hv[h] = p;
	t.hv[h + 1] = f;
	t.hv[h + 2] = c + 1;
	t.parent[c] = p;
	t.f[c] = f;
	t.first[c] = from;
	return c;
}
/* Add stack path[0..len) (name ids, root first; from[] the frames of
 * the source view they come of) at width w, baseline b.  A stack of
 * width 0 (vanished from a differential view) adds its baseline to the
 * frames the others made, and makes none: as fg lays out such stacks,
 * they are the Elided view's. */
function addpath(t, path, from, len, w, b) {
	var c = 0, k;
	t.w[0] += w;
	t.b[0] += b;
	for (k = 0; k < len; k++) {
		if (w !== 0) {
			c = child(t, c, path[k], from[k]);
		} else {
			if (!(c = t.hv[slot(t, c, path[k]) + 2])) return;
			c--;
		}
		t.w[c] += w;
		t.b[c] += b;
	}
}

/* The tree as a view, in pre-order with callees by name (the order of
 * names, then of parents: two stable counting sorts). */
function fromtree(t, src, name) {
	var n = t.n, R = rank(), nn = NAMES.length, i, k, p;
	var byname = new Uint32Array(nn + 1), order = new Uint32Array(n);
	var kids = new Uint32Array(n + 1), list = new Uint32Array(n);
	for (i = 1; i < n; i++) byname[R[t.f[i]] + 1]++;
	for (k = 0; k < nn; k++) byname[k + 1] += byname[k];
	for (i = 1; i < n; i++) order[byname[R[t.f[i]]]++] = i;
	for (i = 1; i < n; i++) kids[t.parent[i] + 1]++;
	for (k = 0; k < n; k++) kids[k + 1] += kids[k];
	var at = kids.slice();
	for (k = 0; k < n - 1; k++) { i = order[k]; list[at[t.parent[i]]++] = i; }
	var v = { name: name, n: n, depth: new Uint32Array(n), f: new Uint32Array(n),
		w: new Float64Array(n), b: src.b ? new Float64Array(n) : null,
		col: new Uint32Array(n), rooted: true, src: new Int32Array(n) };
	/* pre-order: a stack of nodes to visit, with their depths */
	var st = new Int32Array(n), dst = new Int32Array(n), sp = 1, j = 0;
	while (sp) {
		i = st[--sp];
		p = dst[sp];
		v.depth[j] = p;
		v.f[j] = t.f[i];
		v.w[j] = t.w[i];
		if (v.b) v.b[j] = t.b[i];
		v.src[j] = t.first[i];
		j++;
		for (k = kids[i + 1]; k > kids[i]; sp++) { st[sp] = list[--k]; dst[sp] = p + 1; }
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
		v.col[i] = colorindex(v.b[i] === 0 && v.w[i] > 0 && i ? NEWCOLOR : delta(d, m));
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
	var t = tree(ALLID, 2 * v.n), rp = new Uint32Array(v.maxdepth + 1), rf = new Int32Array(v.maxdepth + 1);
	function add(path, from, len, w, b) {
		for (var k = 0; k < len; k++) { rp[k] = path[len - 1 - k]; rf[k] = from[len - 1 - k]; }
		addpath(t, rp, rf, len, w, b);
	}
	/* the vanished stacks last, once the frames they may add to are made */
	stacks(v, function (path, from, len, w, b) { if (w !== 0) add(path, from, len, w, b); });
	if (v.b) stacks(v, function (path, from, len, w, b) { if (w === 0) add(path, from, len, w, b); });
	return fromtree(t, v, v.name);
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
	var occ = occurrences(v, fn), top = v.rooted ? 1 : 0, k, i, j, a, c, tn;
	if (!occ.length) return { fn: fn, callers: null, callees: null };
	var id = v.f[occ[0]], up = tree(id), down = tree(id), bw = v.b ? v.b : null;
	up.first[0] = down.first[0] = occ[0];
	tn = new Int32Array(v.n);
	for (k = 0; k < occ.length; k++) {
		i = occ[k];
		up.w[0] += v.w[i];
		down.w[0] += v.w[i];
		if (bw) { up.b[0] += bw[i]; down.b[0] += bw[i]; }
		for (c = 0, a = v.parent[i]; a >= top; a = v.parent[a]) {
			c = child(up, c, v.f[a], a);
			up.w[c] += v.w[i];
			if (bw) up.b[c] += bw[i];
		}
		tn[i] = 0;
		for (j = i + 1; j < v.end[i]; j++) {
			c = tn[j] = child(down, tn[v.parent[j]], v.f[j], j);
			down.w[c] += v.w[j];
			if (bw) down.b[c] += bw[j];
		}
	}
	return { fn: fn, callers: fromtree(up, v, fn), callees: fromtree(down, v, fn) };
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
	var t = tree(ALLID, v.n);
	txstacks(v, list, function (s, w, b) {
		addpath(t, s, s.map(function () { return -1; }), s.length, w, b);
	});
	return fromtree(t, v, v.name);
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
