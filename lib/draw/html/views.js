/* views.js: the view the state asks for (state.js): the input's view
 * or its elided stacks, through the transforms, in the mode's form;
 * each built once and kept.  No DOM.
 *
 * A view of more than SYNCMAX frames is transformed, reversed or
 * tabulated by the worker (worker.js), the page's thread free
 * meanwhile: while the page prepares (state.lazy), such a step throws
 * what it needs (need) instead of doing it; prepare() has the worker
 * do it, keeps the result where the step looks for it, and tries
 * again.  Without a worker (node, an old browser) every step is done
 * at once. */

import { model, viewunits, build, release, sides, setnoise } from "./model.js";
import { viewverdicts } from "./noise.js";
import { difflegend, elidedlegend } from "./colors.js";
import { transform, bottomup, sandwich2, withvan, vanstacks, packvan, lazyvan } from "./transform.js";
import { charttx, merged } from "./chart.js";
import { windowchart, closedchart } from "./window.js";
import { state, curmode, setbase, setcmp, comparing } from "./state.js";
import { tabulate, tabulate2, tabstart, tabstep, tabrows, packrows, unpackrows } from "./tabulate.js";
import { hasworker, job } from "./worker.js";
import { comparison, elidedof } from "./compare.js";

/* each view of the data, as built (build) once shown: whole, and elided */
var built = [];
/* the largest view worked on in the page's thread while it prepares,
 * and of the steps that cost less a frame, theirs */
var SYNCMAX = 150000, SYNC = { rows: 600000 };

/* The steps: what each does to a view (src) with its arguments. */
export var OPS = {
	tx: function (v, a) { return transform(v, a[0], a[1]); },
	/* a run of the list's steps, one after another (as step() does them) */
	txs: function (v, a) {
		return a[0].reduce(function (r, t) { return transform(r, [t]); }, v);
	},
	charttx: function (v, a) { return charttx(v, a[0]); },
	merged: function (v) { return merged(v); },
	/* with vanished stacks, every stack reversed, theirs too */
	bottomup: function (v) { return v.van ? transform(v, [], true) : bottomup(v); },
	sandwich: function (v, a) { return sandwich2(v, a[0], a[1]); },
	/* two views compared: v the baseline, v2 the target; either, not
	 * yet built, as the fields of its record (a[2]: lent), built here
	 * and sent back (r.built) */
	compare: function (v, a, v2) {
		var b = a[2].map(function (x) { return x && graphof(build(x, x.name)); }), r, t;
		r = comparison(b[0] ? b[0].m : v, b[1] ? b[1].m : v2, a[0]);
		r.built = b;
		/* the table by function for the verdicts, and by a[3] (the
		 * table's grouping, when the modes start from the comparison),
		 * counted once where they group alike */
		t = tabulate2(r.whole, "function", a[3] != null ? a[3] : "function");
		r.verdicts = viewverdicts(r.whole, a[1], a[0].neg, t[0]);
		r.noise = noiseflags(r.verdicts);
		if (a[3] != null && r.whole.n <= AHEAD) r.whole[rowskey(a[3])] = t[1];
		/* the joined lines are in the view: not sent back */
		r.rows = null;
		return r;
	},
	rows: function (v, a) { return tabulate(v, a[0]); },
	/* a view of the data built from its record's fields (a[0]: lent) */
	build: function (v, a) { return build(a[0], a[0].name); },
	/* a comparison's elided view, of its vanished stacks */
	elided: function (v, a) { return elidedof(v, a[0]); },
	/* a chart cut to the window in time a[0] (window.js), its src the
	 * page's to set again (not sent back) */
	window: function (v, a) {
		var W = windowchart(v, a[0]);
		W.src = null;
		return W;
	}
};
/* Step op of view src with args, its result given to put (which keeps
 * it and returns it); or, while the page prepares and src is large,
 * thrown for prepare() to have done: by the worker, which counts the
 * table's rows of the result too when it is the view the modes start
 * from (cur; as ahead() would, in the page's thread). */
function need(src, op, args, put, cur, cost, src2) {
	if (state.lazy && (cost || src.n) > (SYNC[op] || SYNCMAX) && hasworker())
		throw { need: true, src: src, op: op, args: args, put: put, rows: cur ? state.tby : null, src2: src2 };
	return put(OPS[op](src, args, src2));
}
/* Every step the state needs done: by the worker, one at a time, for
 * the large; the rest, when show() asks, at once. */
export async function prepare() {
	for (;;) {
		/* a view built ahead that the state needs: its build first */
		if (pend && needs(pend.i)) await pend.p;
		try {
			state.lazy = true;
			view();
			if (curmode().rows) rowsof(current());
			return;
		} catch (e) {
			if (!e || !e.need) throw e;
			state.lazy = false;
			prune(e.src, e.src.n);
			e.put(wirein(await job(e.src, e.op, e.args, e.rows, e.src2), e.op));
		} finally {
			state.lazy = false;
		}
	}
}
/* Whether the state's view is ready (else prepare() has work). */
export function ready() {
	if (pend && needs(pend.i)) return false;
	try {
		state.lazy = true;
		view();
		if (curmode().rows) rowsof(current());
		return true;
	} catch (e) {
		if (!e || !e.need) throw e;
		return false;
	} finally {
		state.lazy = false;
	}
}

/* A view whose stacks all vanished has its elided view alone. */
export function onlyelided(i) { return model.data.views[i].n === 0; }
/* The view on screen: the input's (or its elided stacks), built once. */
export function baseview() {
	var r = model.data.views[state.v], b, c;
	if (comparing()) {
		viewunits(model.data.views[state.cmp[0]]);
		sides(true, state.cneg, difflegend(state.cneg));
		c = cmpbuilt();
		/* e=1 of a comparison with no vanished stacks: none to show */
		if (state.elided && !c.rec.e) setbase(state.v, false);
		if (state.elided && c.rec.e) sides(true, state.cneg, elidedlegend(state.cneg, false));
		setnoise(c.verdicts, state.cnoise ? c.noise : null, c.sides);
		return state.elided && c.rec.e ? cmpelided(c) : c.whole;
	}
	setnoise(null, null);
	viewunits(r);
	if (onlyelided(state.v)) setbase(state.v, true);
	/* the key: the page's, or of the elided stacks when they are shown */
	sides(!!model.data.diff, !!model.data.negate, model.data.diff && state.elided && r.e ?
		elidedlegend(!!model.data.negate, !!model.data.hues) : model.data.legend);
	b = built[state.v] = built[state.v] || {};
	if (state.elided && r.e) return elidedview();
	if (!b.whole) {
		b.whole = build(r, r.name);
		/* a differential view's vanished stacks go with it, once each */
		if (model.data.diff && r.e) withvan(b.whole, vanstacks(elidedview()));
	}
	return state.tw && b.whole.chart ? windowof(b.whole) : b.whole;
}
/* Whether the view on screen keeps its idle time as frames (# fg:
 * idle=frame), which the time mode shows as gaps or closes. */
export function idleframes() { return !comparing() && model.data.views[state.v].idle === "frame"; }
/* The view the time mode starts from: the base, its idle closed
 * (idle=0; window.js's closedchart), built once a base. */
export function timebase() {
	var b = baseview();
	if (state.idle || !b.chart || state.elided || !idleframes()) return b;
	return b.noidle || (b.noidle = closedchart(b));
}
/* Chart c cut to the window in time (state.tw), built once a window
 * (by the worker when large, as the other steps): every mode starts
 * from it.  Its axis's total is the whole's, kept (timeaxis.js). */
function windowof(c) {
	var key = state.tw.join();
	if (c.win && c.win.key === key) return c.win.v;
	return need(c, "window", [state.tw], function (r) {
		if (c.win) letgo(c.win.v);
		r.src = c;
		c.axistotal = r.total;
		c.win = { key: key, v: r };
		return r;
	});
}
/* The comparison of state.cmp as its toggles say, built once a choice
 * (the last kept): { key, whole, elided, rec: its record as the data's
 * views have theirs, for the banners and the saved header }. */
var cmpb = null;
function cmpbuilt() {
	var key = JSON.stringify([state.cmp, state.cneg, state.cnorm, state.cstrip]), A, B, a, t, c = state.cmp;
	if (cmpb && cmpb.key === key) return cmpb;
	A = inputview(c[0]);
	B = inputview(c[1]);
	a = model.data.views[c[0]];
	t = model.data.views[c[1]];
	/* the table's rows counted with it (when the modes start from it) */
	return need(A === a ? { n: a.n } : A, "compare", [{ strip: state.cstrip, wild: true, norm: state.cnorm, neg: state.cneg },
		[samplesof(a), samplesof(t)], [A === a ? lend(a) : null, B === t ? lend(t) : null],
		!state.tx.length && !state.elided ? state.tby : null], function (r) {
		r.built.forEach(function (x, k) { if (x) built[c[k]].whole = x.v; });
		if (cmpb) [cmpb.whole, cmpb.elided].forEach(letgo);
		cmpb = { key: key, whole: r.whole, elided: r.elided, verdicts: r.verdicts,
			sides: { n: [samplesof(a), samplesof(t)], t: state.cneg ? [r.total, r.btotal] : [r.btotal, r.total] },
			noise: r.noise, rec: { name: a.name + " \u2192 " + t.name,
			baseline: a.name, target: t.name, unit: a.unit, countname: a.countname, total: r.total, btotal: r.btotal,
			samples: r.samples, stated: [a.samples, t.samples], weight2: [a.weight2, t.weight2],
			e: r.stacks ? { stacks: r.stacks, total: r.vtotal } : null } };
		if (cmpb.elided) cmpb.elided.name = cmpb.rec.name;
		/* the elided view's cost: its stacks' frames */
		cmpb.vanframes = r.vframes;
		cmpb.whole.name = cmpb.rec.name;
		return cmpb;
	}, !state.tx.length && !state.elided, a.n + t.n, B === t ? null : B);
}
/* The elided view of comparison c, made once asked for. */
function cmpelided(c) {
	return c.elided || need(c.whole, "elided", [c.rec.name], function (x) { return c.elided = x; }, false, c.vanframes);
}
/* The samples view record r was taken of, as fg-gate counts them: its
 * header's, or its counts when whole and of no unit; of weights whose
 * squares it states (weight2), Kish's effective number, total^2 /
 * weight2, never more than were taken; -1: unknown. */
function samplesof(r) {
	var n = +r.samples > 0 ? +r.samples : -1, k = r.total * r.total / +r.weight2;
	if (+r.weight2 > 0) return n > 0 ? Math.min(n, k) : k;
	return n > 0 ? n : !r.unit && model.data.unit === "count" && r.total === Math.floor(r.total) ? r.total : -1;
}
/* By name id, 1 for the frames whose function's change is not past
 * noise (not a regression or an improvement, or not tested: under the
 * least share on both sides); null without verdicts. */
function noiseflags(vd) {
	var f, k, s, i, x;
	if (!vd) return null;
	f = new Uint8Array(model.names.length);
	for (k = 0; k < f.length; k++) {
		s = model.names[k];
		x = vd.get((i = s.indexOf(" at ")) < 0 ? s : s.slice(0, i));
		f[k] = x && (x.verdict === "regression" || x.verdict === "improvement") ? 0 : 1;
	}
	return f;
}
/* View i of the data as a graph, for a comparison (a flame chart's
 * summed), built once; or while the page prepares, when not yet built
 * and large, its record, for the worker to build (lend). */
function inputview(i) {
	var r = model.data.views[i], b = built[i] = built[i] || {};
	if (!b.whole && state.lazy && r.n > SYNCMAX && hasworker()) return r;
	return graphof(b.whole = b.whole || build(r, r.name)).m;
}
/* View w and w as a graph: { v: w, m: w or a flame chart's sum }. */
function graphof(w) {
	return { v: w, m: !w.chart ? w : w.merged || need(w, "merged", [], function (x) { return w.merged = x; }) };
}
/* What build() reads of record r, for the worker: its fields' bytes
 * go with it (transferred: none are left to r). */
var LENT = ["name", "n", "maxdepth", "root", "self", "fc", "wl", "bl", "time", "d", "f", "w", "b", "c", "g"];
function lend(r) {
	var o = {};
	LENT.forEach(function (k) { o[k] = r[k]; });
	return o;
}
/* The record of the view on screen: the data's, or the comparison's. */
export function viewrec() { return comparing() && cmpb ? cmpb.rec : model.data.views[state.v]; }
/* Why views c ([baseline, target]) cannot be compared, or "". */
export function cmpwhy(c) {
	var a = model.data.views[c[0]], b = model.data.views[c[1]], ua, ub;
	if (!a || !b) return "no view " + (a ? c[1] : c[0]) + " to compare (the views are numbered from 0, as v= numbers them)";
	if (model.data.diff) return "the views are differential already (fg-diff's output): they do not compare again";
	ua = a.unit || model.data.unit;
	ub = b.unit || model.data.unit;
	if (ua !== ub) return "\u201c" + a.name + "\u201d is in " + ua + ", \u201c" + b.name + "\u201d in " + ub +
		": profiles of different units do not compare";
	return "";
}
/* The comparison chosen: views c (null: none) with its toggles, when
 * they compare; else none, and why said (state.cwhy). */
export function choosecmp(c, neg, norm, strip) {
	state.cwhy = c ? cmpwhy(c) : "";
	setcmp(c && !state.cwhy ? c : null, neg, norm, strip);
}
/* The elided view of the view on screen, built once. */
function elidedview() {
	var r = model.data.views[state.v], b = built[state.v] = built[state.v] || {};
	return b.elided || (b.elided = build(r.e, r.name));
}
/* The view the mode starts from: the input's through the transforms;
 * in the time mode in input order (chart.js), else summed, a flame
 * graph's. */
export function current() { return curmode().time ? timecurrent() : graphcurrent(); }
/* The input in time order through the transforms, built once a list. */
function timecurrent() {
	var b = timebase(), key = JSON.stringify(state.tx);
	if (!state.tx.length) return b;
	if (b.timetx && b.timetx.key === key) return b.timetx.v;
	return need(b, "charttx", [state.tx], function (r) { b.timetx = { key: key, v: r }; return r; });
}
/* The input as a flame graph: the view, or a flame chart's summed. */
function graphbase() {
	var b = baseview();
	return !b.chart ? b : b.merged || need(b, "merged", [], function (r) { return b.merged = r; }, !state.tx.length);
}
/* The input as a flame graph with the transforms (state.tx) applied:
 * each of the list's beginnings built once, so that a transform added
 * is the one computed, and one undone costs nothing. */
function graphcurrent() {
	var b = graphbase(), c = b.txc || (b.txc = []), k, key;
	/* a differential view's stacks of baseline only (no samples of the
	 * target's end there) keep their names through every transform of
	 * a list, where a step's merge would prune them into their callers:
	 * the list at once, on each stack; so too a view with the vanished
	 * stacks (van), which a transform of the tree cannot carry */
	if (b.b && (state.tx.length > 1 || state.tx.length && b.van)) {
		key = JSON.stringify(state.tx);
		if (b.txall && b.txall.key === key) return b.txall.v;
		return need(b, "tx", [state.tx], function (r) { b.txall = { key: key, v: r }; return r; }, true,
			b.n * state.tx.length);
	}
	/* the list's steps kept as they are, the others made again (those
	 * let go once another view is on screen: show()) */
	for (k = 0; k < c.length && k < state.tx.length && c[k].key === JSON.stringify(state.tx[k]); k++) ;
	c.slice(k).forEach(function (x) { if (x.v) state.gone.push(x.v); });
	c.length = k;
	for (; k < state.tx.length; k++) c[k] = { key: JSON.stringify(state.tx[k]), v: null };
	return step(b, c, state.tx.length - 1);
}
/* Transform k of list c of view b done (-1: b), made if let go: a run
 * of steps to make whose work together (their source's frames each) is
 * more than one step's that the page's thread may do, the worker's, at
 * once (a link's list as a click's step). */
function step(b, c, k) {
	var j, src;
	if (k < 0) return b;
	if (c[k].v) return c[k].v;
	for (j = k - 1; j >= 0 && !c[j].v; j--) ;
	src = j < 0 ? b : c[j].v;
	if (k - j > 1 && state.lazy && (k - j) * src.n > SYNCMAX && hasworker())
		return need(src, "txs", [state.tx.slice(j + 1, k + 1)], function (r) { return c[k].v = r; },
			k === state.tx.length - 1, (k - j) * src.n);
	return need(step(b, c, k - 1), "tx", [[state.tx[k]]], function (r) { return c[k].v = r; },
		k === state.tx.length - 1);
}
/* The view the mode draws (the table's rows are of current()'s). */
export function view() {
	var m = curmode();
	return m.view ? FORMS[m.view](current()) : current();
}
/* What a mode draws of the view it starts from (MODES' view), by name:
 * bottom-up, the sandwich's callees. */
var FORMS = {
	bottomup: function (b) { return bottomupof(b); },
	callees: function (b) { return sandwichof(b).callees; }
};
/* Bottom-up: the stacks of b reversed, built once. */
function bottomupof(b) {
	return b.bottomup || need(b, "bottomup", [], function (r) { return b.bottomup = r; });
}
/* The sandwich of state.fn (by state.by) in view b, built once a function. */
export function sandwichof(b) {
	if (b.sand && b.sand.fn === state.fn && b.sand.by === state.by) return b.sand;
	return need(b, "sandwich", [state.fn, state.by], function (r) {
		if (b.sand) {
			letgo(b.sand.callers);
			letgo(b.sand.callees);
		}
		return b.sand = r;
	});
}
/* The function table's rows of view b (tabulate.js), by frame, function
 * or file as the state says, built once each. */
export function rowsof(b) {
	var k = rowskey(state.tby);
	return b[k] || need(b, "rows", [state.tby], function (r) { return b[k] = r; });
}

/* Where a view keeps its table's rows by by ("", "function", "file"). */
function rowskey(by) { return by + "rows"; }
/* The table's rows by by of view v, counted with it by the worker (a
 * job's rows) when it is at most AHEAD frames, as ahead() would. */
function rowsahead(v, by) {
	/* of a comparison, its difference's; then its vanished stacks
	 * packed for the message (an array a stack cost the page's thread
	 * 50 ms to take on 10k of them; cmpbuilt unpacks them) */
	if (v && v.whole) {
		rowsahead(v.whole, by);
		return;
	}
	if (by != null && v && v.f && v.n <= AHEAD && !v.chart && !v[rowskey(by)]) v[rowskey(by)] = tabulate(v, by);
}

/* The worker's side of a job's result r of step op (args a), before it
 * goes: the table's rows counted with it by by (rowsahead), every
 * table's rows in it packed as columns (packrows), the vanished stacks
 * as three arrays (packvan); and the page's, as it comes (wirein). */
export function wireout(r, by, op, a) {
	if (op === "rows") return packrows(r, a[0]);
	rowsahead(r, by);
	fields(r, function (x, by) { return Array.isArray(x) ? packrows(x, by) : x; },
		function (v) { if (Array.isArray(v.van)) v.van = packvan(v.van); });
	return r;
}
function wirein(r, op) {
	if (op === "rows") return unpackrows(r);
	fields(r, function (x) { return x && x.packed ? unpackrows(x) : x; },
		function (v) { if (!Array.isArray(v.van)) lazyvan(v, v.van); });
	return r;
}
/* Each table's rows that result r's views keep, as f makes them, and
 * g of each of them with vanished stacks. */
function fields(r, f, g) {
	[r, r && r.whole].forEach(function (v) {
		if (!v || typeof v !== "object") return;
		["", "function", "file"].forEach(function (by) {
			var k = rowskey(by);
			if (v[k]) v[k] = f(v[k], by);
		});
		if (v.van) g(v);
	});
}


/* The views kept, once they hold more frames than twice the input's
 * (with extra more to come: a job's result): the input's (and its
 * elided view), the view the modes start from (cur) and what the mode
 * draws of it (MODES' keeps); the transforms' earlier steps, and what
 * other modes drew, are let go (made again when asked for).  Before
 * the worker's job, of its source, so that its work has the room. */
export function prune(cur, extra) {
	var b = comparing() ? cmpb : built[state.v], base = b && (state.elided && b.elided ? b.elided : b.whole), kept, all;
	if (!base) return;
	if (base.win && state.tw) base = base.win.v;
	if (base.merged) base = base.merged;
	function size(v) { return v && v.n ? v.n : 0; }
	function drawn(v) {
		return size(v.bottomup) + (v.sand ? size(v.sand.callers) + size(v.sand.callees) : 0);
	}
	all = [base].concat((base.txc || []).map(function (c) { return c.v; }), b.txall ? [b.txall.v] : [])
		.filter(function (v) { return v; });
	kept = extra;
	all.forEach(function (v) { kept += size(v) + drawn(v); });
	if (kept <= 2 * size(base)) return;
	all.forEach(function (v) {
		var keep = v === cur ? curmode().keeps : "";
		if (keep !== "bottomup" && v.bottomup) {
			letgo(v.bottomup);
			delete v.bottomup;
		}
		if (keep !== "sand" && v.sand) {
			letgo(v.sand.callers);
			letgo(v.sand.callees);
			delete v.sand;
		}
	});
	(base.txc || []).forEach(function (c) {
		if (c.v === cur) return;
		letgo(c.v);
		c.v = null;
	});
	if (b.txall && b.txall.v !== cur) {
		letgo(b.txall.v);
		delete b.txall;
	}
}
/* View v let go of (prune's, a transform's step undone), and what was
 * drawn of it: its arrays' memory given back at once, before the
 * worker's next work adds its own, unless it is on screen (after the
 * next show(), then). */
function letgo(v) {
	var k;
	if (!v) return;
	letgo(v.bottomup);
	if (v.sand) {
		letgo(v.sand.callers);
		letgo(v.sand.callees);
	}
	if (v === state.shown || v === state.callview) {
		state.gone.push(v);
		return;
	}
	if (state.ahead && state.ahead.v === v) {
		state.ahead.done();
		state.ahead = null;
	}
	for (k in v) if (Object.prototype.hasOwnProperty.call(v, k) && k !== "van") release(v[k]);
}
/* The views let go of while on screen, once they no longer are. */
export function gone() {
	var g = state.gone;
	state.gone = [];
	g.forEach(letgo);
}

/* Views built ahead while the page is idle, by the worker: each other
 * than the one shown (a likely baseline or target of a comparison, or
 * the next v=), one at a time, so that comparing or switching to one
 * need not wait for its unpacking; those of more than SYNCMAX frames
 * (the smaller are built at once when asked for), up to AHEAD frames
 * in all; not of differential data (its views show with their
 * vanished stacks).  pend: the build under way ({ i, p }), which
 * prepare() waits for when the state needs view i. */
var pend = null, aheadn = 0;
export function buildahead() {
	var vs = model.data.views, i, r, b;
	if (pend || state.busy || model.data.diff) return;
	for (i = 0; i < vs.length; i++) {
		r = vs[i];
		if (i === state.v || (built[i] && built[i].whole) || !(r.d && r.d.byteLength) || r.n <= SYNCMAX || aheadn + r.n > AHEAD) continue;
		if (!hasworker()) return;
		b = built[i] = built[i] || {};
		aheadn += r.n;
		pend = { i: i, p: null };
		pend.p = job({ n: r.n }, "build", [lend(r)], null, null, true).then(function (w) { b.whole = w; }, function () {})
			.then(function () { pend = null; buildahead(); });
		return;
	}
}
/* Whether the state needs view i of the data. */
function needs(i) { return i === state.v || !!(state.cmp && state.cmp.indexOf(i) >= 0); }
/* The build ahead under way (a promise), or null. */
export function building() { return pend && pend.p; }

/* The table's rows of the view the state starts from, counted while
 * the page is idle, a part at a time (at most 8 ms of its thread at
 * once), so that the table opens at once; for views up to AHEAD frames
 * (larger ones the worker counts when asked).  A count under way is
 * dropped when the worker is lent a view. */
var AHEAD = 3000000;
export function ahead() {
	var v, k = rowskey(state.tby), A;
	if (state.ahead || state.busy || !curmode().canvas || curmode().time) return;
	v = current();
	if (v[k] || v.n > AHEAD) return;
	A = state.ahead = { v: v, k: k, T: tabstart(v, state.tby), done: null };
	A.promise = new Promise(function (r) { A.done = r; });
	/* after the frame that shows the view */
	requestAnimationFrame(function () { setTimeout(aheadstep, 0); });
}
function aheadstep() {
	var A = state.ahead, t0 = Date.now();
	if (!A) return;
	if (state.busy) {
		state.ahead = null;
		A.done();
		return;
	}
	while (Date.now() - t0 < 8) {
		if (!tabstep(A.T, 65536)) continue;
		A.v[A.k] = tabrows(A.T);
		state.ahead = null;
		A.done();
		return;
	}
	setTimeout(aheadstep, 0);
}
