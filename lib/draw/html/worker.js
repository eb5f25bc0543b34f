/* worker.js: the long work off the page's thread: a Worker made of the
 * page's own script (a blob: URL; the page's policy allows workers of
 * blob: and nothing else), which runs views.js's steps (OPS) on views
 * lent to it.  A view is in one place at a time: its arrays go to the
 * worker with the step (transferred, not copied) and come back with
 * the result, so a view of millions of frames is never held twice.
 * While a step runs, the page says how far it is (its progress line),
 * and the canvas keeps what it showed.  Without a worker every step
 * runs in the page's thread (views.js). */

import { model, takemodel } from "./model.js";
import { setprogress } from "./merge.js";
import { annotsfrom, addnames, packvan, unpackvan } from "./transform.js";

/* The worker (or the script to make it of, src), its jobs by id, how
 * many names and colours it has of the page's (they grow: a transform
 * names files, a differential view adds shades), and what is told how
 * far a job is (the page's progress line: startworker's onprogress). */
var W = { worker: null, id: 0, jobs: {}, nnames: 0, ncolors: 0, progress: null };

/* The worker to be made of the page's script src, when a step first
 * needs it (hasworker), telling onprogress(op, x) how far its jobs are
 * (op, a step of OPS; x, a share; op null: none under way): a page
 * whose steps are all small makes none (a worker, its own copy of the
 * script compiled, costs a small page's open a fifth of its CPU). */
export function startworker(src, onprogress) {
	W.src = src;
	W.progress = onprogress;
}
/* Whether there is a worker, made when first asked (none when the
 * browser or its policy refuses). */
export function hasworker() {
	var src = W.src;
	W.src = null;
	if (src) {
		try {
			W.worker = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })));
		} catch (err) {
			return false;
		}
		W.worker.onmessage = replied;
		W.worker.onerror = function (e) { failed(e.message || "the worker failed"); };
		W.worker.postMessage({ init: { data: datafields(), names: model.names, colors: model.colors, labels: model.labels,
			namecolor: model.namecolor, allid: model.allid } });
		W.nnames = model.names.length;
		W.ncolors = model.colors.length;
	}
	return !!W.worker;
}
/* model.data without its views (the worker is lent views, not the data) */
function datafields() {
	var d = {}, k;
	for (k in model.data) if (k !== "views" && k !== "sources") d[k] = model.data[k];
	d.views = [];
	return d;
}

/* A view's fields that go with it, and the arrays among them. */
var WIRE = ["name", "n", "rooted", "maxdepth", "chart", "depth", "f", "w", "b", "col", "gap", "end", "van", "ownb", "vanat"];
function wire(v, back) {
	var o = {}, k, p;
	for (k = 0; k < WIRE.length; k++) if (WIRE[k] !== "van") o[WIRE[k]] = v[WIRE[k]];
	/* the vanished stacks packed (an array a stack cost the page's
	 * thread some 4 us to send: 0.4 s for 100k), a copy where the view
	 * keeps them packed (transform.js's lazyvan); on the way back none,
	 * the page's own kept */
	p = v.vanpack;
	o.van = back ? null : p ? { s: p.s.slice(), at: p.at.slice(), w: p.w.slice() } : Array.isArray(v.van) ? packvan(v.van) : v.van;
	return o;
}
/* A view as sent (wire), its vanished stacks unpacked. */
function unwire(v) {
	if (v && v.van && !Array.isArray(v.van)) v.van = unpackvan(v.van);
	return v;
}

/* The buffers of the typed arrays in x (an object, an array, nested),
 * each once, to be transferred. */
function buffers(x, out, seen) {
	var k;
	out = out || [];
	seen = seen || new Set();
	if (!x || typeof x !== "object") return out;
	if (ArrayBuffer.isView(x)) {
		if (!seen.has(x.buffer)) { seen.add(x.buffer); out.push(x.buffer); }
		return out;
	}
	if (Array.isArray(x)) {
		if (x.length && typeof x[0] !== "object") return out;
		for (k = 0; k < x.length; k++) buffers(x[k], out, seen);
		return out;
	}
	for (k in x) if (Object.prototype.hasOwnProperty.call(x, k)) buffers(x[k], out, seen);
	return out;
}

/* Step op of view src with args, by the worker: src lent (and src2,
 * a second view, when given), back when done, and the arrays in args
 * given (a record's fields: views.js's lend); the step's result (with
 * its table's rows by rows, when not null: rowsahead).  Quiet: work
 * ahead, not asked for, of no progress line. */
export function job(src, op, args, rows, src2, quiet) {
	return new Promise(function (resolve, reject) {
		var id = ++W.id, v = wire(src), v2 = src2 ? wire(src2) : null;
		W.jobs[id] = { resolve: resolve, reject: reject, src: src, src2: src2, op: op, quiet: quiet };
		if (!quiet) W.progress(op, 0);
		W.worker.postMessage({ id: id, op: op, args: args, rows: rows, view: v, view2: v2, names: model.names.slice(W.nnames),
			annot: annotsfrom(W.nnames), namecolor: model.namecolor ? model.namecolor.slice(W.nnames) : null,
			colors: model.colors.slice(W.ncolors),
			labels: model.labels.slice(W.ncolors) }, buffers({ v: v, v2: v2, a: args }));
		W.nnames = model.names.length;
		W.ncolors = model.colors.length;
	});
}
/* The worker's word: how far a job is, or its result (the lent view's
 * arrays back, and the names and colours it added). */
function replied(e) {
	var m = e.data, j = W.jobs[m.id], k;
	if (!j) return;
	if (m.progress != null) { if (!j.quiet) W.progress(j.op, m.progress); return; }
	delete W.jobs[m.id];
	for (k = 0; k < WIRE.length; k++) {
		if (ArrayBuffer.isView(m.back[WIRE[k]])) j.src[WIRE[k]] = m.back[WIRE[k]];
		if (j.src2 && ArrayBuffer.isView(m.back2[WIRE[k]])) j.src2[WIRE[k]] = m.back2[WIRE[k]];
	}
	addnames(m.names, m.namecolor, m.annot);
	m.colors.forEach(function (c, i) { model.colors.push(c); model.labels.push(m.labels[i]); });
	W.nnames = model.names.length;
	W.ncolors = model.colors.length;
	if (!j.quiet) W.progress(null);
	if (m.error) j.reject(new Error(m.error));
	else j.resolve(m.result);
}
/* The worker gone wrong: its jobs fail, and the page works alone. */
function failed(msg) {
	var jobs = W.jobs, id;
	W.worker = null;
	W.jobs = {};
	for (id in jobs) jobs[id].reject(new Error(msg));
}

/* The worker's side: the page's model as the page sends it, then each
 * job's step (ops[op]: views.js's OPS, then ahead(result, rows, op,
 * args): its wireout, what is sent), its progress told now and then. */
export function workermain(ops, ahead) {
	self.onmessage = function (e) {
		var m = e.data, n0, c0, r, back, back2;
		if (m.init) {
			takemodel(m.init);
			return;
		}
		addnames(m.names, m.namecolor, m.annot);
		m.colors.forEach(function (c, i) { model.colors.push(c); model.labels.push(m.labels[i]); });
		n0 = model.names.length;
		c0 = model.colors.length;
		var told = Date.now();
		/* a word every 500 ms at most: each redraws the page's line, a
		 * task of some 5 ms on its thread (30 of them in a 6 s join at
		 * 200 ms were half its 200 ms budget) */
		setprogress(function (x) {
			if (Date.now() - told < 500) return;
			told = Date.now();
			self.postMessage({ id: m.id, progress: x });
		});
		try {
			r = ahead(ops[m.op](unwire(m.view), m.args, unwire(m.view2)), m.rows, m.op, m.args);
		} catch (err) {
			r = null;
			m.error = String(err && err.message || err);
		}
		setprogress(null);
		back = wire(m.view, true);
		back2 = m.view2 ? wire(m.view2, true) : null;
		self.postMessage({ id: m.id, result: r, back: back, back2: back2, error: m.error || null, names: model.names.slice(n0),
			annot: annotsfrom(n0), namecolor: model.namecolor ? model.namecolor.slice(n0) : null, colors: model.colors.slice(c0),
			labels: model.labels.slice(c0) }, buffers({ r: r, back: back, back2: back2 }));
	};
}
