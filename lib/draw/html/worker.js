/* worker.js: the long work off the page's thread: a Worker made of the
 * page's own script (a blob: URL; the page's policy allows workers of
 * blob: and nothing else), which runs views.js's steps (OPS) on views
 * lent to it.  A view is in one place at a time: its arrays go to the
 * worker with the step (transferred, not copied) and come back with
 * the result, so a view of millions of frames is never held twice.
 * While a step runs, the page says how far it is (its progress line),
 * and the canvas keeps what it showed.  Without a worker every step
 * runs in the page's thread (views.js). */

/* The worker, its jobs by id, and how many names and colours it has
 * of the page's (they grow: a transform names files, a differential
 * view adds shades). */
var W = { worker: null, id: 0, jobs: {}, nnames: 0, ncolors: 0 };

/* The worker made of the page's script src (none when the browser or
 * its policy refuses). */
function startworker(src) {
	try {
		W.worker = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })));
	} catch (err) {
		W.worker = null;
		return;
	}
	W.worker.onmessage = replied;
	W.worker.onerror = function (e) { failed(e.message || "the worker failed"); };
	W.worker.postMessage({ init: { data: datafields(), names: NAMES, colors: COLORS, labels: LABELS,
		namecolor: NAMECOLOR, allid: ALLID } });
	W.nnames = NAMES.length;
	W.ncolors = COLORS.length;
}
function hasworker() { return !!W.worker; }
/* DATA without its views (the worker is lent views, not the data) */
function datafields() {
	var d = {}, k;
	for (k in DATA) if (k !== "views") d[k] = DATA[k];
	d.views = [];
	return d;
}

/* A view's fields that go with it, and the arrays among them. */
var WIRE = ["name", "n", "rooted", "maxdepth", "chart", "depth", "f", "w", "b", "col", "gap", "end", "van", "ownb"];
function wire(v) {
	var o = {}, k;
	for (k = 0; k < WIRE.length; k++) o[WIRE[k]] = v[WIRE[k]];
	return o;
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

/* Step op of view src with args, by the worker: src lent, back when
 * done; the step's result (with its table's rows by rows, when not
 * null: rowsahead). */
function job(src, op, args, rows) {
	return new Promise(function (resolve, reject) {
		var id = ++W.id, v = wire(src);
		W.jobs[id] = { resolve: resolve, reject: reject, src: src, op: op };
		progress(op, 0);
		W.worker.postMessage({ id: id, op: op, args: args, rows: rows, view: v, names: NAMES.slice(W.nnames),
			annot: annotsfrom(W.nnames), namecolor: NAMECOLOR ? NAMECOLOR.slice(W.nnames) : null,
			colors: COLORS.slice(W.ncolors),
			labels: LABELS.slice(W.ncolors) }, buffers(v));
		W.nnames = NAMES.length;
		W.ncolors = COLORS.length;
	});
}
/* The worker's word: how far a job is, or its result (the lent view's
 * arrays back, and the names and colours it added). */
function replied(e) {
	var m = e.data, j = W.jobs[m.id], k;
	if (!j) return;
	if (m.progress != null) { progress(j.op, m.progress); return; }
	delete W.jobs[m.id];
	for (k = 0; k < WIRE.length; k++) if (ArrayBuffer.isView(m.back[WIRE[k]])) j.src[WIRE[k]] = m.back[WIRE[k]];
	addnames(m.names, m.namecolor, m.annot);
	m.colors.forEach(function (c, i) { COLORS.push(c); LABELS.push(m.labels[i]); });
	W.nnames = NAMES.length;
	W.ncolors = COLORS.length;
	progress(null);
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
 * job's step, its progress told now and then. */
function workermain() {
	self.onmessage = function (e) {
		var m = e.data, n0, c0, r, back;
		if (m.init) {
			DATA = m.init.data;
			NAMES = m.init.names;
			COLORS = m.init.colors;
			LABELS = m.init.labels;
			NAMECOLOR = m.init.namecolor;
			ALLID = m.init.allid;
			return;
		}
		addnames(m.names, m.namecolor, m.annot);
		m.colors.forEach(function (c, i) { COLORS.push(c); LABELS.push(m.labels[i]); });
		n0 = NAMES.length;
		c0 = COLORS.length;
		var told = Date.now();
		/* a word every 200 ms at most: each redraws the page's line */
		PROGRESS = function (x) {
			if (Date.now() - told < 200) return;
			told = Date.now();
			self.postMessage({ id: m.id, progress: x });
		};
		try {
			r = OPS[m.op](m.view, m.args);
			rowsahead(r, m.rows);
		} catch (err) {
			r = null;
			m.error = String(err && err.message || err);
		}
		PROGRESS = null;
		back = wire(m.view);
		self.postMessage({ id: m.id, result: r, back: back, error: m.error || null, names: NAMES.slice(n0),
			annot: annotsfrom(n0), namecolor: NAMECOLOR ? NAMECOLOR.slice(n0) : null, colors: COLORS.slice(c0),
			labels: LABELS.slice(c0) }, buffers({ r: r, back: back }));
	};
}
