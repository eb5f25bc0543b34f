/* model.js: the profile model: the data fg-html wrote into the script
 * element #fg-data, unpacked into columnar arrays (one typed array a
 * field, one entry a frame, in pre-order), and the numbers and names as
 * the page words them.  No DOM: it runs under node too (tests/page.cjs).
 *
 * The frames' fields come deflated (zlib) in base 85, and the
 * DecompressionStream of the browser (or of node) inflates them, all at
 * once, before the page starts (loadmodel). */

/* the data fg-html wrote (html.c): the views, names, colours, options;
 * NAMES, COLORS and LABELS grow as transforms name files and colour
 * changes */
var DATA = null, NAMES = null, COLORS = null, LABELS = null;
/* each name's colour, for colours that go by name (else null) */
var NAMECOLOR = null;
/* the name of the root of the trees transforms build: "all", added if
 * no view has it (a page of split views) */
var ALLID = 0;
/* the current view's unit and count name: its input's header, else the page's */
var UNIT = "count", CNAME = "samples";
/* differential: the column drawn and the other (--negate swaps them) */
var DRAWN = "target", OTHER = "baseline";
var ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/* The digits of base 85, as html.c writes them: 4 bytes, most
 * significant first, in 5; a last k bytes in k + 1. */
var B85 = "!#$%()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{";
/* each digit's value, by character code */
var B64 = digitvalues(ALPHA), B85V = digitvalues(B85);

function digitvalues(alpha) {
	var v = new Uint8Array(128);
	for (var k = 0; k < alpha.length; k++) v[alpha.charCodeAt(k)] = k;
	return v;
}

/* Take data (fg-html's JSON, parsed) as the page's model: its names and
 * colours, and every view's fields inflated in place. */
async function loadmodel(data) {
	DATA = data;
	NAMES = data.names;
	COLORS = data.colors;
	LABELS = data.labels;
	ALLID = NAMES.indexOf("all") >= 0 ? NAMES.indexOf("all") : NAMES.push("all") - 1;
	UNIT = data.unit;
	CNAME = data.countname;
	DRAWN = data.negate ? "baseline" : "target";
	OTHER = data.negate ? "target" : "baseline";
	NAMECOLOR = data.namecolor ? unpack(data.namecolor, NAMES.length, Uint32Array) : null;
	await inflateall(data);
}

/* Packed numbers: five bits a digit, low first, 32 set on all but the
 * last digit of a number (the names' colours). */
function unpack(s, n, A) {
	var a = new A(n), j = 0, v = 0, mul = 1, d;
	for (var i = 0; i < s.length; i++) {
		d = B64[s.charCodeAt(i)];
		v += (d & 31) * mul;
		if (d & 32) { mul *= 32; continue; }
		a[j++] = v; v = 0; mul = 1;
	}
	return a;
}

function base85(s) {
	var n = s.length, full = n - n % 5, out = new Uint8Array(full / 5 * 4 + Math.max(n % 5 - 1, 0));
	var o = 0, i, j, m, v;
	for (i = 0; i < full; i += 5) {
		v = (((B85V[s.charCodeAt(i)] * 85 + B85V[s.charCodeAt(i + 1)]) * 85 +
			B85V[s.charCodeAt(i + 2)]) * 85 + B85V[s.charCodeAt(i + 3)]) * 85 +
			B85V[s.charCodeAt(i + 4)];
		out[o++] = v >>> 24; out[o++] = v >>> 16; out[o++] = v >>> 8; out[o++] = v;
	}
	/* a short group, padded with the highest digit (below 2^32 still) */
	if ((m = n - full) > 1) {
		for (v = 0, j = 0; j < 5; j++) v = v * 85 + (j < m ? B85V[s.charCodeAt(i + j)] : 84);
		for (j = 0; j < m - 1; j++) out[o++] = v >>> 24 - 8 * j;
	}
	return out;
}
/* The bytes of field s (deflated in base 85), inflated. */
async function inflate(s) {
	var z = new Blob([base85(s)]).stream().pipeThrough(new DecompressionStream("deflate"));
	return new Uint8Array(await new Response(z).arrayBuffer());
}
/* Whether this browser inflates data itself. */
function caninflate() { return typeof DecompressionStream === "function"; }
/* Every view's fields inflated in place (a page of decimal counts has
 * its counts as text). */
async function inflateall(data) {
	var todo = [], i;
	if (!caninflate()) throw new Error("fg-html: no DecompressionStream");
	function one(r) {
		["d", "f", "w", "b", "c"].forEach(function (k) {
			if (typeof r[k] !== "string" || data.frac && (k === "w" || k === "b")) return;
			todo.push(inflate(r[k]).then(function (z) { r[k] = z; }));
		});
		if (r.e) one(r.e);
	}
	for (i = 0; i < data.views.length; i++) one(data.views[i]);
	await Promise.all(todo);
}

/* n varints (seven bits a byte, low first, 128 set on all but the last
 * byte of a number) from z at o, into a new A; the end in a.end. */
function varints(z, n, A, o) {
	var a = new A(n), j = 0, v = 0, mul = 1, d;
	for (o = o || 0; j < n; o++) {
		d = z[o];
		v += (d & 127) * mul;
		if (d & 128) { mul *= 128; continue; }
		a[j++] = v; v = 0; mul = 1;
	}
	a.end = o;
	return a;
}
/* The page ids of the names of n frames of the given depths, from z:
 * a byte W; each frame's code in W planes of n bytes, low first (0: a
 * name new at its depth, next of the names that follow, else 1 + its
 * index in the list of its depth's names); the new names' ids. */
function nameids(z, n, depth) {
	var w = z[0], code = new Uint32Array(n), f = new Uint32Array(n), seen = [], i, k, l;
	for (k = 0; k < w; k++)
		for (i = 0; i < n; i++) code[i] |= z[1 + k * n + i] << 8 * k;
	var news = varints(z, n, Uint32Array, 1 + w * n), next = 0;
	for (i = 0; i < n; i++) {
		l = seen[depth[i]] || (seen[depth[i]] = []);
		if (code[i]) f[i] = l[code[i] - 1];
		else l.push(f[i] = news[next++]);
	}
	return f;
}
function counts(s, n) {
	if (!DATA.frac) return varints(s, n, Float64Array);
	var a = new Float64Array(n), p = s.split(",");
	for (var i = 0; i < n; i++) a[i] = +p[i];
	return a;
}

/* A view's arrays, in layout order: depth, name, width (w), baseline
 * (b), colour; then (finish) the end of each subtree, its parent, its
 * own samples (self, and bself of the baseline), and room for its start
 * (x).  rooted: frame 0 is fg's "all", not a frame of the input. */
function build(r, name) {
	var n = r.n, depth = new Uint32Array(n), step = varints(r.d, n, Uint32Array), i;
	for (i = 1; i < n; i++) depth[i] = depth[i - 1] + 1 - step[i];
	var v = { name: name, n: n, depth: depth, f: nameids(r.f, n, depth),
		w: counts(r.w, n), b: r.b ? counts(r.b, n) : null, rooted: !!r.root };
	if (r.c) {
		v.col = varints(r.c, n, Uint32Array);
	} else {
		v.col = new Uint32Array(n);
		for (i = 0; i < n; i++) v.col[i] = NAMECOLOR[v.f[i]];
	}
	return finish(v);
}
function finish(v) {
	var n = v.n, depth = v.depth, end = new Uint32Array(n), self = new Float64Array(n), m = 0;
	var parent = new Int32Array(n), bself = v.b ? new Float64Array(n) : null, i, p, sp = 0, w = v.w;
	for (i = 0; i < n; i++) if (depth[i] > m) m = depth[i];
	v.maxdepth = m;
	/* the frames open above frame i, a stack as deep as the tree */
	var st = new Int32Array(m + 2);
	for (i = 0; i < n; i++) {
		while (sp && depth[st[sp - 1]] >= depth[i]) end[st[--sp]] = i;
		p = parent[i] = sp ? st[sp - 1] : -1;
		st[sp++] = i;
		self[i] += w[i];
		if (p >= 0) self[p] -= w[i];
		if (!bself) continue;
		bself[i] += v.b[i];
		if (p >= 0) bself[p] -= v.b[i];
	}
	while (sp) end[st[--sp]] = n;
	v.end = end;
	v.self = self;
	v.bself = bself;
	v.parent = parent;
	v.x = new Float64Array(n);
	v.sorted = -1;
	return v;
}

/* Numbers in the profile's unit, in human form (group and pct are
 * viewer.js's, the same as fg-svg's). */
var TIME = { nanoseconds: 1, microseconds: 1e3, milliseconds: 1e6, seconds: 1e9 };
function scaled(v, steps) {
	var a = Math.abs(v), k = 0;
	while (k + 1 < steps.length && a >= steps[k + 1][0]) k++;
	var x = v / steps[k][0];
	return (Math.abs(x) >= 100 || k === 0 ? group(Math.round(x * 10) / 10) :
		x.toPrecision(3).replace(/\.?0+$/, "")) + " " + steps[k][1];
}
function human(v) {
	if (UNIT === "bytes")
		return scaled(v, [[1, "B"], [1024, "KiB"], [1048576, "MiB"], [1073741824, "GiB"],
			[1099511627776, "TiB"]]);
	if (TIME[UNIT])
		return scaled(v * TIME[UNIT], [[1, "ns"], [1e3, "\u00b5s"], [1e6, "ms"], [1e9, "s"]]);
	return group(v) + " " + (Math.abs(v) === 1 ? one(CNAME) : CNAME);
}
/* a count name for one: "samples" a "sample" (a name of another form as it is) */
function one(name) { return /[^s]s$/.test(name) ? name.slice(0, -1) : name; }

function fullname(v, i) { return NAMES[v.f[i]]; }
/* FUNC at FILE:LINE: the file and line, or "" */
function fileline(s) {
	var i = s.indexOf(" at ");
	return i < 0 ? "" : s.slice(i + 4).replace(/ \[inlined\]$/, "");
}
var STATUS = { d: "runtime dispatch", g: "garbage collection", k: "kernel", j: "JIT-compiled",
	i: "inlined", w: "waker" };
function status(id) {
	var a = DATA.annot[id], out = [];
	if (!a) return "";
	for (var i = 0; i < a.length; i++) out.push(STATUS[a[i]] || a[i]);
	return out.join(", ");
}
