/* transform.js: pure functions from a view to a view: the stacks of a
 * view walked, changed, and merged again into a new tree (a new view
 * of model.js's shape), the input view left as it was.  Bottom-up
 * reverses the stacks; the sandwich cuts them at a function.  No DOM. */

import { searchre } from "../viewer.js";
import { model, release, labelof } from "./model.js";
import { selfat, selfof, parentof } from "./tree.js";
import { rank, items, add, out, put, UP, done, merge, freeitems, DOWN, unrank, PATH, RANK } from "./merge.js";
import { diffcolors } from "./colors.js";

/* The stacks of view v: fn(path, from, len, w, b) for each frame with
 * samples of its own, path the names from the first frame of the input
 * (below fg's "all"; with from0, from frame 0, the sandwich's
 * function) to it, from their frames in v; of a view with vanished
 * stacks, the baselines without theirs (ownb). */
export function stacks(v, fn, from0) {
	var path = new Uint32Array(v.maxdepth + 1), from = new Int32Array(v.maxdepth + 1), s, b;
	var i, d, top = v.rooted && !from0 ? 1 : 0, ob = v.ownb;
	for (i = top; i < v.n; i++) {
		d = v.depth[i] - top;
		path[d] = v.f[i];
		from[d] = i;
		s = selfat(v, i);
		b = ob ? ob[i] : v.b ? selfat(v, i, true) : 0;
		if (s !== 0 || b !== 0) fn(path, from, d + 1, s, b);
	}
}

/* The vanished stacks of a differential view: the stacks of its elided
 * view e (no samples of the drawn column, their counts the other's),
 * as [names, count] each. */
export function vanstacks(e) {
	var out = [];
	stacks(e, function (path, from, len, w) {
		if (w !== 0) out.push([Array.prototype.slice.call(path, 0, len), w]);
	});
	return out;
}
/* The deepest frame of view v on the path of names s, from s[j] and
 * v's root down: { frame: its index (v's root, or -1 when v has none
 * and no name is found), names: the index in s of the first name not
 * found }. */
export function deepest(v, s, j) {
	var at = v.rooted ? 0 : -1, c, hi;
	for (; j < s.length; j++, at = c) {
		hi = at < 0 ? v.n : v.end[at];
		for (c = at + 1; c < hi && v.f[c] !== s[j]; c = v.end[c]) ;
		if (c >= hi) break;
	}
	return { frame: at, names: j };
}
/* View v with its vanished stacks van: fg's trees drop a vanished
 * stack's frames, and its baseline stays in the frame it leaves, the
 * deepest of its callers in the tree; v.ownb, the baselines of v's own
 * stacks, has it taken out there, so that a sample counts once, in its
 * own stack (saved, tabulated, transformed).  head: the stacks' first
 * name is frame 0 (the sandwich's function); frames, when known, each
 * stack's frame in v (-1: none); own, when known, ownb itself. */
export function withvan(v, van, head, frames, own) {
	var ownb = own || selfof(v, true), vat = new Int32Array(van.length), k, at;
	for (k = 0; k < van.length; k++) {
		at = vat[k] = frames ? frames[k] : deepest(v, van[k][0], head ? 1 : 0).frame;
		if (at >= 0 && !own) ownb[at] -= van[k][1];
	}
	v.van = van;
	v.ownb = ownb;
	/* each stack's frame (vanat: deepest's, from the root; not kept
	 * for head) */
	v.vanat = head ? null : vat;
	return v;
}
/* How many names of vanished stack k of view v (v.van's) v's tree
 * holds from its root (deepest's names). */
export function vanheld(v, k) {
	var at = v.vanat && v.vanat.length === v.van.length ? v.vanat[k] : deepest(v, v.van[k][0], 0).frame;
	return at < 0 ? 0 : v.depth[at] + (v.rooted ? 0 : 1);
}

/* Vanished stacks van ([names, count]...) as three arrays, and back. */
export function packvan(van) {
	var n = 0, k, at = new Uint32Array(van.length + 1), w = new Float64Array(van.length), s;
	van.forEach(function (x) { n += x[0].length; });
	s = new Uint32Array(n);
	for (k = 0, n = 0; k < van.length; k++) {
		s.set(van[k][0], at[k] = n);
		n += van[k][0].length;
		w[k] = van[k][1];
	}
	at[k] = n;
	return { s: s, at: at, w: w };
}
/* View v's vanished stacks, packed p (packvan's), as v.van, unpacked
 * when first read: a view the page's thread takes from the worker pays
 * for an array a stack (some 1 us each, and the collector's work) only
 * when a step asks for them, not to be drawn; v.vanpack the packed
 * ones until then. */
export function lazyvan(v, p) {
	function set(x) {
		Object.defineProperty(v, "van", { value: x, writable: true, configurable: true, enumerable: true });
		v.vanpack = null;
	}
	Object.defineProperty(v, "van", { configurable: true, enumerable: true,
		get: function () { var x = unpackvan(p); set(x); return x; }, set: set });
	v.vanpack = p;
	return v;
}
export function unpackvan(p) {
	var out = [], k, j, a;
	for (k = 0; k < p.w.length; k++) {
		for (a = [], j = p.at[k]; j < p.at[k + 1]; j++) a.push(p.s[j]);
		out.push([a, p.w[k]]);
	}
	return out;
}

/* Bottom-up: every stack reversed, merged at the leaves (flamegraph.pl's
 * --reverse); the first row is each function's own samples. */
export function bottomup(v) {
	var top = v.rooted ? 1 : 0, w0 = 0, b0 = 0, steps = 0, pass, i, I, O, n = v.n, s, bs;
	var f = v.f, depth = v.depth, two = !!v.b;
	rank();
	I = items(1024);
	/* the vanished stacks last, once the frames they may add to are made */
	for (pass = 0; pass < (two ? 2 : 1); pass++) {
		for (i = top; i < n; i++) {
			s = selfat(v, i);
			bs = two ? selfat(v, i, true) : 0;
			if (s === 0 && bs === 0) continue;
			if ((s === 0) !== (pass === 1)) continue;
			add(I, i, 0, s, bs, f[i], depth[i]);
			w0 += s;
			b0 += bs;
			steps += depth[i] - top + 1;
		}
	}
	O = out(1 + steps, v);
	put(O, model.allid, 0, w0, b0, -1);
	var X = { kind: UP, par: parentof(v) }, r = done(merge(O, v, X, I, 0, 0, 1, true), v, v.name);
	/* the work's arrays given back before the next work's */
	freeitems(I);
	release(X.par);
	return r;
}

/* The frames of v that want marks (by name id), outermost only:
 * recursion counted once a stack, as fg-top and fg-filter --reroot. */
function occurrences(v, want) {
	var out = [], f = v.f, end = v.end, i;
	for (i = v.rooted ? 1 : 0; i < v.n;) {
		if (!want[f[i]]) { i++; continue; }
		out.push(i);
		i = end[i];
	}
	return out;
}

/* The sandwich of the frames fn names (fnmarks: a label, or with by
 * "function" a function): their callers, every stack cut at its
 * outermost one and reversed, merged (fn the root, its callers its
 * children); their callees, every subtree under one merged across their
 * call sites (fg-filter --reroot).  Both roots weigh fn's total; null
 * when no frame is fn. */
export function sandwich2(v, fn, by) {
	var want = fnmarks(fn, by), occ = occurrences(v, want), top = v.rooted ? 1 : 0, k, i, p, w0 = 0, b0 = 0;
	var steps = 0, under = 0;
	if (!occ.length) return { fn: fn, by: by, callers: null, callees: null, self: 0 };
	/* the root: the label, or the function, named as such */
	var par = parentof(v), id = by ? nameid(fn, v.f[occ[0]]) : v.f[occ[0]];
	var up = items(occ.length), X = calleesof(v), down = items(occ.length);
	rank();
	for (k = 0; k < occ.length; k++) {
		i = occ[k];
		w0 += v.w[i];
		if (v.b) b0 += v.b[i];
		under += v.end[i] - i - 1;
		p = par[i];
		if (p < top) continue;
		add(up, p, 0, v.w[i], v.b ? v.b[i] : 0, v.f[p], v.depth[p]);
		steps += v.depth[p] - top + 1;
	}
	for (k = 0; k < occ.length; k++) X.kids(down, occ[k] + 1, v.end[occ[k]], -1);
	/* a vanished stack through fn whose fn the tree has not: its
	 * baseline in fn's total too (fg-top's, of fg-diff's lines) */
	(v.van || []).forEach(function (x) {
		for (var j = 0; j < x[0].length && !want[x[0][j]]; j++) ;
		if (j < x[0].length && deepest(v, x[0], 0).names <= j) b0 += x[1];
	});
	var C = out(1 + steps, v), E = out(1 + under, v);
	put(C, id, 0, w0, b0, occ[0]);
	put(E, id, 0, w0, b0, occ[0]);
	var callees = done(merge(E, v, X, down, 0, 0, 1, false), v, fn);
	if (v.van) withvan(callees, txvan(v.van, [], false, sandcut(fn, by)), true);
	var callers = done(merge(C, v, { kind: UP, par: par }, up, 0, 0, 1, false), v, fn);
	if (v.van) vancallers(callers, v, want);
	freeitems(up);
	freeitems(down);
	release(par);
	return { fn: fn, by: by, callers: callers, callees: callees, self: ownof(v, want) };
}
/* The vanished stacks of v through the frames that want marks (by
 * name id) given to callers C, the sandwich's callers: each stack cut
 * at its outermost such frame and reversed, its callers as C has them;
 * where the tree of v lacks that frame on the stack's path (a caller
 * only the baseline had), C's frames on the path, as far as C has them,
 * take its baseline (as fg-top --callers counts fg-diff's lines; where
 * the tree has the frame, its baseline is in it already), and the
 * rest is C's vanished stacks (withvan), as for the callees. */
function vancallers(C, v, want) {
	var van = [], moved = false;
	v.van.forEach(function (x) {
		var s = x[0], j, k, at, c, up;
		for (j = 0; j < s.length && !want[s[j]]; j++) ;
		if (j === s.length) return;
		up = s.slice(0, j + 1).reverse();
		van.push([up, x[1]]);
		if (deepest(v, s, 0).names > j) return;
		for (at = 0, k = 1; k < up.length; k++, at = c) {
			for (c = at + 1; c < C.end[at] && C.f[c] !== up[k]; c = C.end[c]) ;
			if (c >= C.end[at]) break;
			C.b[c] += x[1];
			moved = true;
		}
	});
	/* the colours of the changes as they now are */
	if (moved) diffcolors(C);
	withvan(C, van, true);
}
/* The own samples of the frames that want marks (by name id) in view
 * v, wherever they are. */
function ownof(v, want) {
	var s = 0, k;
	for (k = v.rooted ? 1 : 0; k < v.n; k++) if (want[v.f[k]]) s += selfat(v, k);
	return s;
}
/* Marks, by name id, of the frames of a sandwich of fn: those labelled
 * fn (annotation and all), or with by "function", those of function fn
 * (fg-top --by function's, SPEC's NAME pattern: the text before " at ",
 * else the label less its annotation). */
function fnmarks(fn, by) {
	var want = new Uint8Array(model.names.length), k, s, i;
	for (k = 0; k < model.names.length; k++) {
		s = model.names[k];
		if (by === "function") want[k] = ((i = s.indexOf(" at ")) < 0 ? s : s.slice(0, i)) === fn ? 1 : 0;
		else want[k] = (model.data.annot[k] ? labelof(k) : s) === fn ? 1 : 0;
	}
	return want;
}
/* A stack (names) cut at its outermost frame of the sandwich of fn
 * (fnmarks), or null: fg-filter --reroot's, of one stack. */
export function sandcut(fn, by) {
	var want = fnmarks(fn, by);
	return function (s) {
		for (var k = 0; k < s.length; k++) if (want[s[k]]) return s.slice(k);
		return null;
	};
}
/* DOWN's filters: kids(I, lo, hi, st) adds the callees that frames
 * lo..hi (the subtree of a frame, less the frame) give a frame of
 * state st; clean(c, st): the subtree of c is copied as it is.  The
 * callees as they are, of weights w and b (v's by default). */
export function calleesof(v, w, b) {
	var vw = w || v.w, vb = b || v.b, f = v.f, end = v.end;
	return { kind: DOWN, w: w, b: b,
		kids: function (I, lo, hi) {
			for (var d = lo; d < hi; d = end[d]) add(I, d, 0, vw[d], vb ? vb[d] : 0, f[d], -1);
		},
		clean: function () { return true; } };
}
/* the frames of v with a frame under them that aff (by name id) marks */
function dirty(v, aff) {
	var out = new Uint8Array(v.n), par = parentof(v), p, i;
	for (i = v.n - 1; i > 0; i--) {
		p = par[i];
		if (p >= 0 && (out[i] || aff[v.f[i]])) out[p] = 1;
	}
	return out;
}
/* marks, by name id, of the names shown as name */
function marks(name) {
	var want = new Uint8Array(model.names.length);
	for (var k = 0; k < model.names.length; k++) want[k] = model.names[k] === name ? 1 : 0;
	return want;
}

/* The transforms (tx=KIND:ARG), each a function of one stack: its
 * names, root first, to the names it keeps (a new array), or null to
 * drop it.  same(NAME): a test of a name id against a name as shown. */
function same(name) {
	var want = new Uint8Array(model.names.length);
	for (var k = 0; k < model.names.length; k++) want[k] = model.names[k] === name ? 1 : 0;
	return function (id) { return id < want.length && want[id] === 1; };
}
/* the search's expression of s (viewer.js's searchre), or null;
 * flags "i": ignoring case */
function regex(s, flags) { return searchre(s, flags === "i").re || null; }
/* The file of a label "FUNC at FILE:LINE", SPEC's: the text between
 * " at " and the last ':' (to the end without one), as fg-top --by file
 * has it (stack/frame.c's frame_file); null without " at ". */
export function fileof(s) {
	var i = s.indexOf(" at "), j;
	if (i < 0) return null;
	s = s.slice(i + 4);
	j = s.lastIndexOf(":");
	return j >= 0 ? s.slice(0, j) : s;
}
var NAMEID = null;
/* The id of the frame named s with annotation annot ("g", "dg"...;
 * none: ""), added to the page's names if new (coloured as frame id
 * from, when colours go by name). */
function nameid(s, from, annot) {
	var key = annot ? s + "_[" + annot + "]" : s;
	if (!NAMEID) {
		NAMEID = new Map();
		model.names.forEach(function (x, k) { NAMEID.set(labelof(k), k); });
	}
	if (!NAMEID.has(key)) addnames([s], model.namecolor ? [model.namecolor[from || 0]] : null, [annot || ""]);
	return NAMEID.get(key);
}
/* Names list added to the page's (with their colours, when colours go
 * by name, and their annotations, "" none): a transform's, or the other
 * thread's (worker.js). */
export function addnames(list, colors, annot) {
	for (var k = 0; k < list.length; k++) {
		if (annot && annot[k]) model.data.annot[model.names.length] = annot[k];
		model.names.push(list[k]);
		if (NAMEID && !NAMEID.has(labelof(model.names.length - 1))) NAMEID.set(labelof(model.names.length - 1), model.names.length - 1);
		if (model.namecolor) model.namecolor.push(colors[k]);
	}
	unrank();
}
/* The annotations of the page's names from id n0 on ("" none), for
 * the other thread. */
export function annotsfrom(n0) {
	for (var out = [], k = n0; k < model.names.length; k++) out.push(model.data.annot[k] || "");
	return out;
}
export var TX = {
	/* this frame's path (names joined by ";") becomes the root */
	root: function (arg) {
		var p = arg.split(";");
		return function (s) {
			if (s.length < p.length) return null;
			for (var k = 0; k < p.length; k++) if (model.names[s[k]] !== p[k]) return null;
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
	/* recursion folded, from a frame to its repeat (fg-prune
	 * --recursion): frames equal but for their status (_[d], _[g],
	 * _[dg]) are one, the first of them with the statuses of all */
	rec: function () {
		var R = recnames();
		return function (s) {
			var out = [], st = [], at = new Map();
			s.forEach(function (id) {
				var key = reckey(R, id), k = at.get(key);
				if (k !== undefined) {
					for (var j = k + 1; j < out.length; j++) at.delete(reckey(R, out[j]));
					out.length = st.length = k + 1;
					st[k] |= R.st[id];
					return;
				}
				at.set(key, out.length);
				out.push(id);
				st.push(R.st[id]);
			});
			return out.map(function (id, k) { return statusid(R, id, st[k]); });
		};
	},
	/* consecutive frames whose file matches: one frame, the file */
	file: function (arg, flags) {
		var r = regex(arg, flags);
		return function (s) {
			var out = [], last = null;
			s.forEach(function (id) {
				var f = fileof(model.names[id]);
				if (!r || !f || !r.test(f)) { out.push(id); last = null; return; }
				if (f !== last) out.push(nameid(f, id));
				last = f;
			});
			return out;
		};
	},
	/* only the stacks through a match (fg-filter --only -e) */
	grep: function (arg, flags) {
		var r = regex(arg, flags);
		return function (s) {
			if (!r) return s;
			for (var k = 0; k < s.length; k++) if (r.test(model.names[s[k]])) return s;
			return null;
		};
	}
};
/* The transforms of list ([kind, arg]...) that change something, as
 * far as is known without a view: a transform the same as the one
 * before it (each kind but root is idempotent: root cuts its path's
 * head off, so a second one finds another path), a hide or drop of a
 * name no frame has (before a file or rec transform, which may make
 * new names) are left out.  { tx: the rest, noop: how many left out }. */
export function txuseful(list) {
	var out = [], made = false, names = null, k, t, p;
	for (k = 0; k < list.length; k++) {
		t = list[k];
		p = out[out.length - 1];
		if (p && t[0] !== "root" && p[0] === t[0] && p[1] === t[1]) continue;
		if ((t[0] === "hide" || t[0] === "drop") && !made) {
			names = names || new Set(model.names);
			if (!names.has(t[1])) continue;
		}
		if (t[0] === "file" || t[0] === "filei" || t[0] === "rec") made = true;
		out.push(t);
	}
	return { tx: out, noop: list.length - out.length };
}
/* the kinds of a regex, ignoring case (the search's Aa): filei, grepi */
TX.filei = function (arg) { return TX.file(arg, "i"); };
TX.grepi = function (arg) { return TX.grep(arg, "i"); };
/* A transform's words, for its chip. */
export var TXNAME = { root: "subtree", focus: "focus", hide: "hide", drop: "drop", rec: "collapse recursion",
	file: "collapse file", grep: "only", filei: "collapse file (any case)", grepi: "only (any case)" };
/* whether kind k takes a regular expression, and its flags */
export function txflags(k) { return k === "file" || k === "grep" ? "" : k === "filei" || k === "grepi" ? "i" : null; }

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
	if (v.van && !nonzero) v.van.forEach(function (x) { add(x[0], null, x[0].length, 0, x[1]); });
}
/* The vanished stacks van through the transforms list, reversed with
 * rev, then through form (a function of a stack, when given). */
function txvan(van, list, rev, form) {
	var fns = list.map(function (t) { return TX[t[0]](t[1]); }), out = [];
	van.forEach(function (x) {
		var s = x[0].slice(), k;
		for (k = 0; k < fns.length && s; k++) s = fns[k](s);
		if (s && form) s = form(s);
		if (s && s.length) out.push([rev ? s.reverse() : s, x[1]]);
	});
	return out;
}
/* The transforms on the tree: for each kind, of view v and argument
 * arg, DOWN's filter, with the items of the new root added to I; for
 * the others (rec), each stack through TX's function (PATH). */
var TREE = {
	/* the frames of the path, by name, their subtrees as they are */
	root: function (v, arg, I) {
		var p = arg.split(";"), at = [-1], k, q, d, lo, hi, nx;
		for (k = 0; k < p.length; k++) {
			nx = [];
			for (q = 0; q < at.length; q++) {
				lo = at[q] < 0 ? (v.rooted ? 1 : 0) : at[q] + 1;
				hi = at[q] < 0 ? v.n : v.end[at[q]];
				for (d = lo; d < hi; d = v.end[d]) if (model.names[v.f[d]] === p[k]) nx.push(d);
			}
			at = nx;
		}
		return seeds(v, at, I);
	},
	/* the outermost frames of the function */
	focus: function (v, arg, I) { return seeds(v, occurrences(v, marks(arg)), I); },
	/* the function's frames left out, their callees in their place */
	hide: function (v, arg, I) {
		var is = marks(arg), f = v.f, end = v.end, vw = v.w, vb = v.b, dv = dirty(v, is);
		return root(v, I, { kind: DOWN, nosrc: true,
			kids: function (I, lo, hi) {
				for (var d = lo; d < hi;) {
					if (is[f[d]]) { d++; continue; }
					add(I, d, 0, vw[d], vb ? vb[d] : 0, f[d], -1);
					d = end[d];
				}
			},
			clean: function (c) { return !dv[c]; } });
	},
	/* the function's subtrees left out */
	drop: function (v, arg, I) {
		var is = marks(arg), f = v.f, end = v.end, vw = v.w, vb = v.b, dv = dirty(v, is);
		return root(v, I, { kind: DOWN, nosrc: true,
			kids: function (I, lo, hi) {
				for (var d = lo; d < hi; d = end[d]) if (!is[f[d]]) add(I, d, 0, vw[d], vb ? vb[d] : 0, f[d], -1);
			},
			clean: function (c) { return !dv[c]; } });
	},
	/* a frame whose file matches: a frame named after the file, the
	 * callees of the same file in it (their state: the file's id) */
	file: function (v, arg, I, flags) {
		var r = regex(arg, flags), fid = new Int32Array(model.names.length).fill(-1), k, x, nn = model.names.length;
		for (k = 0; k < nn; k++) {
			x = fileof(model.names[k]);
			if (r && x && r.test(x)) fid[k] = nameid(x, k);
		}
		rank();
		var f = v.f, end = v.end, vw = v.w, vb = v.b, dv = dirty(v, fid.map(function (x) { return x >= 0 ? 1 : 0; }));
		return root(v, I, { kind: DOWN, nosrc: true,
			kids: function (I, lo, hi, st) {
				for (var d = lo, x; d < hi;) {
					x = fid[f[d]];
					if (x >= 0 && x === st) { d++; continue; }
					add(I, d, 0, vw[d], vb ? vb[d] : 0, x >= 0 ? x : f[d], x);
					d = end[d];
				}
			},
			clean: function (c) { return !dv[c]; } });
	},
	/* the stacks through a match, at their weights, the others at 0 */
	grep: function (v, arg, I, flags) {
		var r = regex(arg, flags), n = v.n, top = v.rooted ? 1 : 0, hit = new Uint8Array(n), i, p;
		var kw = new Float64Array(n), kb = v.b ? new Float64Array(n) : null, is = new Uint8Array(model.names.length);
		var par = parentof(v), self = selfof(v), bself = v.b ? selfof(v, true) : null;
		for (i = 0; i < model.names.length; i++) is[i] = !r || r.test(model.names[i]) ? 1 : 0;
		for (i = top; i < n; i++) {
			p = par[i];
			hit[i] = is[v.f[i]] || (p >= top && hit[p]) ? 1 : 0;
			if (!hit[i]) continue;
			kw[i] = self[i];
			if (kb) kb[i] = bself[i];
		}
		for (i = n - 1; i > top; i--) {
			p = par[i];
			if (p < top) continue;
			kw[p] += kw[i];
			if (kb) kb[p] += kb[i];
		}
		var X = calleesof(v, kw, kb);
		X.nosrc = true;
		return root(v, I, X);
	}
};
TREE.filei = function (v, arg, I) { return TREE.file(v, arg, I, "i"); };
TREE.grepi = function (v, arg, I) { return TREE.grep(v, arg, I, "i"); };
/* The new root's items: frames at of v (DOWN, as they are); or v's
 * callees through filter X. */
function seeds(v, at, I) {
	for (var k = 0; k < at.length; k++) add(I, at[k], 0, v.w[at[k]], v.b ? v.b[at[k]] : 0, v.f[at[k]], -1);
	var X = calleesof(v);
	X.nosrc = true;
	return X;
}
function root(v, I, X) {
	X.kids(I, v.rooted ? 1 : 0, v.n, -1);
	return X;
}
/* The stacks of view v through TX's functions of the transforms list, their
 * names stored flat in X.buf, an item each (PATH) in I; their length. */
function pathstacks(v, list, X, I, rev) {
	var nb = 0;
	txstacks(v, list, function (s, w, b) {
		if (rev) s.reverse();
		room(X, nb + s.length, model.names.length);
		X.buf.set(s, nb);
		add(I, nb, nb + s.length, w, b, s[0], 0);
		nb += s.length;
	});
	return nb;
}
/* Room in X.buf for m names, of ids up to top: 16 bits a name while
 * the ids allow, else 32. */
function room(X, m, top) {
	var wide = top > 65535 && X.buf instanceof Uint16Array, x;
	if (m <= X.buf.length && !wide) return;
	x = new (wide || X.buf instanceof Uint32Array ? Uint32Array : Uint16Array)(Math.max(2 * m, X.buf.length));
	x.set(X.buf);
	release(X.buf);
	X.buf = x;
}
/* The same for rec (TX.rec's rule, without its arrays and maps): a
 * stack's names written as they come; a name that the stack already
 * has (at[its key]: its place) cuts it back to that place, which keeps
 * its first frame and takes the statuses of both. */
function recstacks(v, X, I) {
	var R = recnames(), nn = model.names.length, canon = new Int32Array(nn), at = new Int32Array(nn).fill(-1);
	var st = new Uint8Array(v.maxdepth + 1), nb = 0, k;
	for (k = 0; k < nn; k++) canon[k] = reckey(R, k);
	stacks(v, function (path, from, len, w, b) {
		var L = 0, q, j, id, c, buf;
		/* each of its frames may name a status anew */
		room(X, nb + len, model.names.length + len);
		buf = X.buf;
		for (q = 0; q < len; q++) {
			id = path[q];
			c = at[canon[id]];
			if (c < 0) {
				at[canon[id]] = L;
				st[L] = R.st[id];
				buf[nb + L++] = id;
				continue;
			}
			for (j = c + 1; j < L; j++) at[canon[buf[nb + j]]] = -1;
			L = c + 1;
			st[c] |= R.st[id];
		}
		for (j = 0; j < L; j++) {
			at[canon[buf[nb + j]]] = -1;
			if (st[j] !== R.st[buf[nb + j]]) buf[nb + j] = statusid(R, buf[nb + j], st[j]);
		}
		add(I, nb, nb + L, w, b, buf[nb], 0);
		nb += L;
	});
	return nb;
}
/* What folding recursion compares (fg-prune --recursion's rule): each
 * name id's status (1 _[d], 2 _[g], 3 _[dg], else 0), and its key, the
 * first id of its label less a status (other annotations, _[k] and the
 * like, name another frame); keys of ids made later found as asked. */
var STATUS_ANNOT = ["", "d", "g", "dg"];
function recnames() {
	var R = { st: [], key: [], first: new Map() };
	for (var k = 0; k < model.names.length; k++) reckey(R, k);
	return R;
}
function reckey(R, id) {
	if (R.key[id] !== undefined) return R.key[id];
	var a = model.data.annot[id], st = STATUS_ANNOT.indexOf(a || "x"), s = st > 0 ? model.names[id] : labelof(id);
	R.st[id] = st > 0 ? st : 0;
	if (!R.first.has(s)) R.first.set(s, id);
	return R.key[id] = R.first.get(s);
}
/* The id of frame id with statuses st in place of its own. */
function statusid(R, id, st) {
	if (R.st[id] === st) return id;
	var s = R.st[id] ? model.names[id] : labelof(id), k = nameid(s, id, STATUS_ANNOT[st]);
	reckey(R, k);
	return k;
}
/* View v with the transforms list applied: one on the tree, or rec or
 * a list of them (TX's functions in order) on each stack. */
export function transform(v, list, rev) {
	var I, X, O, w0 = 0, b0 = 0, k, cap = 1 + v.n, t = list[0], r;
	if (!list.length && !rev) return v;
	rank();
	I = items(1024);
	if (list.length === 1 && TREE[t[0]] && !v.van) {
		X = TREE[t[0]](v, t[1], I);
	} else {
		X = { kind: PATH, buf: model.names.length <= 65535 ? new Uint16Array(v.n) : new Uint32Array(v.n), nosrc: true };
		cap = 1 + (list.length === 1 && t[0] === "rec" && !v.van ? recstacks(v, X, I) : pathstacks(v, list, X, I, rev));
	}
	/* the names a transform made rank among the others' */
	if (!RANK) for (rank(), k = 0; k < I.n; k++) I.key[k] = RANK[I.id[k]];
	for (k = 0; k < I.n; k++) { w0 += I.w[k]; b0 += I.b[k]; }
	O = out(cap, v);
	put(O, model.allid, 0, w0, b0, -1);
	r = done(merge(O, v, X, I, 0, 0, 1, true), v, v.name);
	/* the work's arrays (the stacks' names, a filter's weights) given
	 * back before the next work's */
	freeitems(I);
	release(X.buf);
	if (X.w !== v.w) release(X.w);
	if (X.b !== v.b) release(X.b);
	return v.van ? withvan(r, txvan(v.van, list, rev)) : r;
}
