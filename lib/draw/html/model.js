/* model.js: the profile model: the data fg-html wrote into the script
 * element #fg-data, unpacked into columnar arrays (one typed array a
 * field, one entry a frame, in pre-order), and the numbers and names as
 * the page words them.  No DOM: it runs under node too (tests/page.cjs).
 *
 * The frames' fields and the names come deflated (zlib), written as
 * the page's digits (undigit), and the
 * DecompressionStream of the browser (or of node) inflates them, all at
 * once, before the page starts (loadmodel). */

import { group } from "../viewer.js";

/* The model, one record: the data fg-html wrote (html.c: the views,
 * names, colours, options); names, colors and labels grow as
 * transforms name files and colour changes; namecolor, each name's
 * colour, for colours that go by name (else null: a transform's new
 * names get theirs, transform.js's nameid); allid, the name of the
 * root of the trees transforms build ("all", added if no view has it:
 * a page of split views); unit and cname, the current view's unit and
 * count name (its input's header, else the page's: viewunits); drawn
 * and other, a differential's column drawn and the other (--negate
 * swaps them), diff, negate and legend, of the view on screen (sides);
 * a comparison's noise verdicts and sides (setnoise).  Set once as the data is decoded (loadmodel), once in
 * the worker as it starts (takemodel). */
export var model = { data: null, names: null, colors: null, labels: null, namecolor: null, allid: 0,
	unit: "count", cname: "samples", drawn: "target", other: "baseline", diff: false, negate: false, legend: [],
	noise: null, verdicts: null, noisesides: null };
var ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/* The page's digits (html.c's out_digits): a bit string cut into
 * 7-bit digits, printable ASCII (DIGIT7), and 13- and 19-bit ones,
 * 2-byte characters from U+00A0 (format characters passed: SKIP2) and
 * 3-byte ones from U+3000. */
var DIGIT7 = " !#$%&'()*+,-./0123456789:;=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~";
var SKIP2 = [0xad, 0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x61c, 0x6dd, 0x70f];
/* each digit's value, by character code */
var B64 = digitvalues(ALPHA), DIGITV = digittable();

function digitvalues(alpha) {
	var v = new Uint8Array(128);
	for (var k = 0; k < alpha.length; k++) v[alpha.charCodeAt(k)] = k;
	return v;
}
/* The 1- and 2-byte digits' values by character code, each with its
 * bits above it (value | bits << 16): DIGIT7's, then 92 << 6 on from
 * U+00A0. */
function digittable() {
	var v = new Uint32Array(0x800), c = 0xa0, k;
	for (k = 0; k < DIGIT7.length; k++) v[DIGIT7.charCodeAt(k)] = k | 7 << 16;
	for (k = 0; k < 1856; k++, c++) {
		while (SKIP2.indexOf(c) >= 0) c++;
		v[c] = (92 << 6) + k | 13 << 16;
	}
	return v;
}

/* Take data (fg-html's JSON, parsed) as the page's model: its names and
 * colours, and every view's fields inflated in place (tell, when given,
 * told how far: inflateall). */
export async function loadmodel(data, tell) {
	var names, namecolor;
	await inflateall(data, tell);
	names = data.names = namelist(data.names, data.nnames);
	/* a name with bytes of no character: each as the text \xHH (htmlnames.c) */
	Object.keys(data.badnames || {}).forEach(function (id) { names[+id] = data.badnames[id]; });
	namecolor = data.namecolor ? Array.from(unpack(data.namecolor, data.nnames, Uint32Array)) : null;
	takemodel({ data: data, names: names, colors: data.colors, labels: data.labels, namecolor: namecolor,
		allid: names.indexOf("all") >= 0 ? names.indexOf("all") : names.push("all") - 1 });
}
/* The model of m (loadmodel's, or the page's as the worker is sent it:
 * worker.js). */
export function takemodel(m) {
	model.data = m.data;
	model.names = m.names;
	model.colors = m.colors;
	model.labels = m.labels;
	model.namecolor = m.namecolor;
	model.allid = m.allid;
	model.unit = m.data.unit;
	model.cname = m.data.countname;
	sides(!!m.data.diff, !!m.data.negate, m.data.legend);
}
/* Whether the view on screen is differential (diff), with the baseline
 * drawn (negate), and the key to its colours (legend): the page's, or
 * a comparison's (views.js). */
export function sides(diff, negate, legend) {
	model.diff = diff;
	model.negate = negate;
	model.legend = legend;
	model.drawn = negate ? "baseline" : "target";
	model.other = negate ? "target" : "baseline";
}
/* A comparison's verdicts (noise.js's, by function) and, by name id,
 * the frames whose change is not past noise (noise: 1), or null: none
 * drawn as such; and its sides, for the verdict of a view's total (its
 * root: noise.js's rootverdict): { n: each side's samples, t: its total
 * as drawn }, baseline first. */
export function setnoise(verdicts, flags, sides) {
	model.verdicts = verdicts;
	model.noise = flags;
	model.noisesides = verdicts ? sides : null;
}
/* What a comparison's verdicts say of the function of name s (a label:
 * its function before " at "), in words; "" without verdicts. */
var VERDICT = { regression: "past noise: grew (fg-gate: regression)", improvement: "past noise: shrank (fg-gate: improvement)",
	noise: "within noise (grew past 10%, not surely)", pass: "within noise (no change past 10%)" };
export function noiseword(s) {
	var i = s.indexOf(" at "), x;
	if (!model.verdicts) return "";
	x = model.verdicts.get(i < 0 ? s : s.slice(0, i));
	return x ? VERDICT[x.verdict] : "not tested (under 1% of both sides)";
}
/* The unit and count name of view r of the data: its own, else the page's. */
export function viewunits(r) {
	model.unit = r.unit || model.data.unit;
	model.cname = r.countname || model.data.countname;
}
/* The n names of bytes z (inflated), each UTF-8 ended by a newline. */
function namelist(z, n) {
	var all = new TextDecoder().decode(z).split("\n");
	if (all.length !== n + 1) throw new Error("fg-html: " + (all.length - 1) + " names, the data says " + n);
	all.length = n;
	return all;
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

/* The n bytes of digits s.  Each character's bits go into acc (those
 * past the bytes taken dropped by the shifts), and three bytes are
 * written from it whatever it holds, of which the whole ones are kept
 * (the others written again after): no branch a byte. */
function undigit(s, n) {
	var out = new Uint8Array(n + 3), len = s.length, o = 0, acc = 0, bits = 0, i, c;
	for (i = 0; i < len && o < n; i++) {
		c = s.charCodeAt(i);
		if (c < 0x800) {
			c = DIGITV[c];
			acc = acc << (c >>> 16) | c & 0xffff;
			bits += c >>> 16;
		} else {
			acc = acc << 19 | c + ((121 << 12) - 0x3000);
			bits += 19;
		}
		out[o] = acc >>> bits - 8;
		out[o + 1] = acc >>> bits - 16;
		out[o + 2] = acc >>> bits - 24;
		o += bits >> 3;
		bits &= 7;
	}
	return out.subarray(0, n);
}
/* The bytes of field x ([n, digits]: deflated), inflated; step(k) told
 * of each k of its bytes read, when given. */
async function inflate(x, step) {
	var bytes = undigit(x[1], x[0]), z = new Blob([bytes]).stream();
	/* the blob has its copy */
	release(bytes);
	if (step) z = z.pipeThrough(new TransformStream({ transform: function (c, q) { step(c.length); q.enqueue(c); } }));
	return new Uint8Array(await new Response(z.pipeThrough(new DecompressionStream("deflate"))).arrayBuffer());
}
/* Whether this browser inflates data itself. */
export function caninflate() { return typeof DecompressionStream === "function"; }
/* Every view's fields inflated in place (a page of decimal counts has
 * its counts as text); tell(x), when given, told the share x of their
 * bytes read as they are. */
async function inflateall(data, tell) {
	var todo = [], all = 0, done = 0, i;
	function step(n) { tell((done += n) / all); }
	if (!caninflate()) throw new Error("fg-html: no DecompressionStream");
	function one(r) {
		["d", "f", "w", "b", "g", "c"].forEach(function (k) {
			if (!Array.isArray(r[k])) return;
			all += r[k][0];
			todo.push(inflate(r[k], tell && step).then(function (z) { r[k] = z; }));
		});
		if (r.e) one(r.e);
	}
	for (i = 0; i < data.views.length; i++) one(data.views[i]);
	all += data.names[0];
	todo.push(inflate(data.names, tell && step).then(function (z) { data.names = z; }));
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
/*
 * A view's frames from its fields (html.c writes them), in one pass:
 *   d: the tree's shape: runs, each a number of frames one deeper each
 *      and then the step of the frame after them (j + 1: j levels up,
 *      the frame before and j of its callers closed), the last run's
 *      number at the end; frame 0 at depth 0, none deeper than r.maxdepth;
 *   f: lists of names, each how many it has and their page ids (the
 *      name of most frames there first): one for each depth from 0 to
 *      r.maxdepth, or with r.fc their number first, then one for each
 *      caller, in the order the callers first call (the first, of
 *      frame 0, which has no caller); then each frame's name as its
 *      rank in its depth's list (r.fc: its caller's): a byte for
 *      every frame, the rank, or 255 for one from 255 on, then for each
 *      of those the rank less 255 as a varint;
 *   w, b: own samples, the leaves' (frames no frame one deeper
 *      follows) then from byte r.wl (r.bl) on the others'; each frame's
 *      width the sum over its subtree, added as it closes.  A page of
 *      decimal counts gives the widths as text (counts).
 * Into v: depth (in the narrowest array), f (16 bits when the page's
 * names allow), end (of each frame's subtree), w, b.
 */
function decode(r, v, keep) {
	var n = r.n, md = r.maxdepth, D = md < 256 ? Uint8Array : md < 65536 ? Uint16Array : Uint32Array;
	var depth = new D(n), end = new Uint32Array(n), st = new Uint32Array(md + 2), seen = [];
	var f = model.names.length <= 65535 ? new Uint16Array(n) : new Uint32Array(n);
	var own = !!r.self, zd = r.d, zf = r.f, zw = r.w, zb = r.b;
	var w = own ? new Float64Array(n) : counts(r.w, n), b = !r.b ? null : own ? new Float64Array(n) : counts(r.b, n);
	var od = 0, of = 0, oh, wl = 0, wo = r.wl, bl = 0, bo = r.bl, lists = [], nn;
	var sp = 0, cur = 0, i = 0, run = 0, stepnext = false, x, mul, d, s, c, pos, big = false;
	/* on a page with own samples past 2^53 (keep): each frame's own
	 * samples as they came, a BigInt where a double rounds them */
	var ow = keep ? new Array(n) : null, ob = keep && b ? new Array(n) : null;
	function exact(z, p, a, k, val) {
		if (val >= EXACT) big = true;
		if (a) a[k] = val < EXACT ? val : bigvarint(z, p);
	}
	/* by caller: each name's list as a caller (0: none yet) */
	var fc = !!r.fc, nl = md + 1, li = null, nc = 1, l;
	if (fc) {
		nn = varints(zf, 1, Uint32Array, 0);
		nl = nn[0];
		of = nn.end;
		li = new Uint32Array(model.names.length);
	}
	for (d = 0; d < nl; d++) {
		nn = varints(zf, 1, Uint32Array, of);
		lists.push(varints(zf, nn[0], Uint32Array, nn.end));
		of = lists[d].end;
	}
	oh = of + n;
	/* frame i at depth cur, named, its caller below it on the stack */
	for (;;) {
		depth[i] = cur;
		st[sp++] = i;
		if ((x = zf[of++]) === 255) {
			for (x = 0, mul = 1; (d = zf[oh++]) & 128; mul *= 128) x += (d & 127) * mul;
			x += 255 + d * mul;
		}
		if (!fc) l = cur;
		else if (sp < 2) l = 0;
		else if (!(l = li[f[st[sp - 2]]])) l = li[f[st[sp - 2]]] = nc++;
		f[i] = lists[l][x];
		if (++i === n) break;
		/* the step to frame i: 0 within a run, else the step after it */
		if (run > 0) {
			run--;
			s = 0;
		} else {
			for (x = 0, mul = 1; (d = zd[od++]) & 128; mul *= 128) x += (d & 127) * mul;
			s = x + d * mul;
			/* a run's number, then (once its frames are in) the step */
			if (!stepnext && s > 0) {
				run = s - 1;
				s = 0;
				stepnext = true;
			} else if (!stepnext) {
				for (x = 0, mul = 1; (d = zd[od++]) & 128; mul *= 128) x += (d & 127) * mul;
				s = x + d * mul;
			} else {
				stepnext = false;
			}
		}
		/* frame i - 1, a leaf if frame i is no callee of it: its own
		 * samples; the frames that close at i added to their callers */
		if (own) {
			pos = s ? wl : wo;
			for (x = 0, mul = 1; (d = zw[pos++]) & 128; mul *= 128) x += (d & 127) * mul;
			w[i - 1] = x + d * mul;
			exact(zw, s ? wl : wo, ow, i - 1, w[i - 1]);
			if (s) wl = pos; else wo = pos;
			if (b) {
				pos = s ? bl : bo;
				for (x = 0, mul = 1; (d = zb[pos++]) & 128; mul *= 128) x += (d & 127) * mul;
				b[i - 1] = x + d * mul;
				exact(zb, s ? bl : bo, ob, i - 1, b[i - 1]);
				if (s) bl = pos; else bo = pos;
			}
		}
		for (; s > 0; s--) {
			c = st[--sp];
			end[c] = i;
			if (own) {
				w[st[sp - 1]] += w[c];
				if (b) b[st[sp - 1]] += b[c];
			}
			cur--;
		}
		cur++;
	}
	/* the last frame, a leaf; every frame still open closes */
	if (own) {
		pos = wl;
		for (x = 0, mul = 1; (d = zw[wl++]) & 128; mul *= 128) x += (d & 127) * mul;
		w[n - 1] = x + d * mul;
		exact(zw, pos, ow, n - 1, w[n - 1]);
		if (b) {
			pos = bl;
			for (x = 0, mul = 1; (d = zb[bl++]) & 128; mul *= 128) x += (d & 127) * mul;
			b[n - 1] = x + d * mul;
			exact(zb, pos, ob, n - 1, b[n - 1]);
		}
	}
	while (sp) {
		c = st[--sp];
		end[c] = n;
		if (own && sp) {
			w[st[sp - 1]] += w[c];
			if (b) b[st[sp - 1]] += b[c];
		}
	}
	if (ow) {
		v.ownw = ow;
		v.ownb = ob;
	}
	v.depth = depth;
	v.end = end;
	v.f = f;
	v.w = w;
	v.b = b;
	return big;
}
/* Counts from 2^53 on are no longer exact in a double. */
export var EXACT = 9007199254740992;
/* The varint of bytes z from p, exact: a BigInt. */
function bigvarint(z, p) {
	var x = 0n, sh = 0n, d;
	do {
		d = z[p++];
		x += BigInt(d & 127) << sh;
		sh += 7n;
	} while (d & 128);
	return x;
}
/* A field of n totals: as text on a page of decimal counts, else
 * varints. */
function counts(s, n) {
	if (!model.data.frac) return varints(s, n, Float64Array);
	var a = new Float64Array(n), p = s.split(",");
	for (var i = 0; i < n; i++) a[i] = +p[i];
	return a;
}

/* A view: its frames in pre-order, a typed array a field: depth (the
 * narrowest type its deepest frame allows), name id (f), width (w:
 * samples through the frame), baseline (b, differential), colour (col,
 * when colours go by frame, else model.namecolor's by name), a flame chart's
 * gaps (gap: the caller's own samples just before the frame, in input
 * order), and the end of each frame's subtree (end); chart: it is in
 * time order (chart.js), a flame chart's.  The data gives
 * own samples (r.self; the widths are their sums over each subtree),
 * or on a page of decimal counts the widths.  rooted: frame 0 is fg's
 * "all", not a frame of the input.  Own samples, callers and where
 * frames lie are worked out as needed (tree.js). */
export function build(r, name) {
	var v = { name: name, n: r.n, maxdepth: r.maxdepth, rooted: !!r.root,
		col: r.c ? varints(r.c, r.n, Uint32Array) : null, gap: r.g ? counts(r.g, r.n) : null,
		chart: !!r.time };
	/* own samples past 2^53: decoded again, each frame's kept exact */
	if (decode(r, v, false) && r.self) decode(r, v, true);
	/* the fields' bytes are done with: their memory given back now */
	["d", "f", "w", "b", "c", "g"].forEach(function (k) { release(r[k]); });
	r.d = r.f = r.w = r.b = r.c = r.g = null;
	return v;
}

/* Numbers in the profile's unit, in human form (group and pct are
 * viewer.js's, the same as fg-svg's). */
export var TIME = { nanoseconds: 1, microseconds: 1e3, milliseconds: 1e6, seconds: 1e9 };
function scaled(v, steps) {
	var a = Math.abs(v), k = 0;
	while (k + 1 < steps.length && a >= steps[k + 1][0]) k++;
	var x = v / steps[k][0];
	return (Math.abs(x) >= 100 || k === 0 ? group(Math.round(x * 10) / 10) :
		x.toPrecision(3).replace(/\.?0+$/, "")) + " " + steps[k][1];
}
export function human(v) {
	if (model.unit === "bytes")
		return scaled(v, [[1, "B"], [1024, "KiB"], [1048576, "MiB"], [1073741824, "GiB"],
			[1099511627776, "TiB"]]);
	if (TIME[model.unit])
		return scaled(v * TIME[model.unit], [[1, "ns"], [1e3, "\u00b5s"], [1e6, "ms"], [1e9, "s"]]);
	return group(v) + " " + (Math.abs(v) === 1 ? one(model.cname) : model.cname);
}
/* a count name for one: "samples" a "sample" (a name of another form as it is) */
function one(name) { return /[^s]s$/.test(name) ? name.slice(0, -1) : name; }

export function fullname(v, i) { return model.names[v.f[i]]; }
/* Name s as the page shows and searches it: the bidirectional controls
 * (U+202A-E, U+2066-9), which would reorder the text around them, each
 * as the text \uXXXX (as fg-svg and fg-top show them); saved as they
 * are. */
var BIDI = /[\u202a-\u202e\u2066-\u2069]/, BIDIS = /[\u202a-\u202e\u2066-\u2069]/g;
export function shown(s) {
	return BIDI.test(s) ? s.replace(BIDIS, function (c) { return "\\u" + c.charCodeAt(0).toString(16).toUpperCase(); }) : s;
}
/* FUNC at FILE:LINE: the file and line, or "" */
export function fileline(s) {
	var i = s.indexOf(" at ");
	return i < 0 ? "" : s.slice(i + 4).replace(/ \[inlined\]$/, "");
}
var STATUS = { d: "runtime dispatch", g: "garbage collection", k: "kernel", j: "JIT-compiled",
	i: "inlined", w: "waker" };
export function status(id) {
	var a = model.data.annot[id], out = [];
	if (!a) return "";
	for (var i = 0; i < a.length; i++) out.push(STATUS[a[i]] || a[i]);
	return out.join(", ");
}

/* The memory of typed array a given back now, not when the collector
 * comes to it: its buffer sent, transferred, to a port closed at once,
 * which drops it (ArrayBuffer.prototype.transfer(0) would not free one
 * that came from the worker, which its message keeps); a is empty
 * after.  Of arrays no one reads again only. */
export function release(a) {
	var c;
	if (!a || !ArrayBuffer.isView(a) || !a.buffer.byteLength || typeof MessageChannel !== "function") return;
	c = new MessageChannel();
	c.port1.postMessage(null, [a.buffer]);
	c.port1.close();
	c.port2.close();
}

/* A frame's label as the input has it: its name, then its annotation. */
export function labelof(id) {
	var a = model.data.annot[id];
	return a ? model.names[id] + "_[" + a + "]" : model.names[id];
}
/* Strings in the order of their UTF-8 bytes (stack/frame.h's
 * stack_cmp: a string before the longer ones it begins): the order of
 * their code points, which that of their UTF-16 units is but where a
 * surrogate meets a unit from U+E000 on. */
export function cpcmp(a, b) {
	var n = a.length < b.length ? a.length : b.length, i = 0, x, y;
	while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
	if (i === n) return a.length - b.length;
	x = a.charCodeAt(i);
	y = b.charCodeAt(i);
	if (x >= 0xd800 && y >= 0xd800) {
		x += x < 0xe000 ? 0x2000 : -0x800;
		y += y < 0xe000 ? 0x2000 : -0x800;
	}
	return x - y;
}
/* Whether view i of the data is in time order (a flame chart's). */
export function timeordered(i) { return !!model.data.views[i].time; }
