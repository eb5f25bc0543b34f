/* page.cjs: fg-html's page script without a browser, for unit tests of
 * the parts that touch no DOM.
 *
 *   node page.cjs --alone FILE...   each file imported by itself (a
 *                                   module, with what it imports), in
 *                                   node, no DOM: it only declares (an
 *                                   error names the file)
 *   node page.cjs PAGE EXPR...      the page's modules (lib/draw/html/,
 *                                   what they import: modules.cjs)
 *                                   imported, PAGE's data (fg-html's
 *                                   output) their model; then each
 *                                   EXPR's value, evaluated where their
 *                                   exports are globals, a line an item
 *                                   of a list, a string as it is, else
 *                                   JSON
 *
 * Beside the modules' exports:
 *   DATA, NAMES the model's data and names (model.js's model)
 *   told        the shares of the unpacking loadmodel told, in turn
 *   at(query)   the state a URL query gives (url.js's loadstate), and
 *               the view it shows (views.js's view()), as the page would
 *   frames(v)   "depth name width [baseline]", a frame a line, pre-order
 *   lines(v)    the tree of view v as folded lines, a line a frame with
 *               samples of its own (from0: from frame 0, the sandwich's
 *               function), then its vanished stacks; unsorted
 *   saved()     the file the page's Save link writes for the state, a
 *               line an item
 *   rows(v)     the function table's rows, "self total flags name"
 *   boxes(v)    "depth x width name" a frame, x where it starts in
 *               samples (as drawn unzoomed, callees by name)
 *   listed(v, name)  lines.js's rows of the functions called name in
 *               view v as fg-top --list --format tsv writes them
 *   stackat(v, x)  the names of the frames drawn at x (samples), from
 *               the root's callee down, joined by ";" */
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");
const { load } = require("./modules.cjs");

const dir = path.join(__dirname, "..", "lib", "draw", "html");

const helpers = `
var told = [];
function at(query) {
	state.v = 0; state.z = 0; state.mode = ""; state.fn = ""; state.elided = false; state.notice = "";
	state.inverted = !!DATA.inverted; state.sortwidth = !!DATA.sortwidth;
	loadstate(query);
	if (!modeok(curmode())) { state.notice = curmode().no; state.mode = ""; }
	return state.shown = view();
}
function frames(v) {
	var out = [];
	for (var i = 0; v && i < v.n; i++)
		out.push(v.depth[i] + " " + NAMES[v.f[i]] + " " + v.w[i] + (v.b ? " " + v.b[i] : ""));
	return out;
}
function lines(v, from0) {
	var out = [];
	function line(s, w, b) {
		out.push(s.map(labelof).join(";") + " " + (!v.b ? w : DATA.negate ? w + " " + b : b + " " + w));
	}
	stacks(v, function (path, from, len, w, b) { line(Array.prototype.slice.call(path, 0, len), w, b); }, from0);
	if (v.van) v.van.forEach(function (x) { line(x[0], 0, x[1]); });
	return out;
}
function saved() {
	return foldedtext().split("\\n").slice(0, -1);
}
function boxes(v) {
	var out = [];
	for (var i = 0; i < v.n; i++) out.push(v.depth[i] + " " + xat(v, 0, i, false) + " " + v.w[i] + " " + NAMES[v.f[i]]);
	return out;
}
function stackat(v, x) {
	var i = 0, out = [], hit, at = 0;
	for (;;) {
		hit = -1;
		eachkid(v, i, at, false, function (c, cx) { if (hit < 0 && x >= cx && x < cx + v.w[c]) { hit = c; at = cx; } });
		if (hit < 0) return out.join(";");
		out.push(NAMES[v.f[i = hit]]);
	}
}
function listed(v, name) {
	var ix = lineindex(NAMES), out = [];
	ix.fns.map(function (f, k) { return k; }).filter(function (k) { return ix.fns[k].name === name; })
		.sort(function (a, b) { return ix.fns[a].key < ix.fns[b].key ? -1 : 1; }).forEach(function (k) {
		var r = linesof(v, ix, k, !!DATA.negate);
		r.lines.forEach(function (x) {
			var c = [name, r.fn.file, x.line, x.flat, x.cum];
			if (v.b) c.push(signed(x.flat - x.bflat), signed(x.cum - x.bcum));
			out.push(c.join("\t"));
		});
	});
	return out;
}
function signed(d) { return d > 0 ? "+" + d : d < 0 ? String(d) : "0"; }
function rows(v) {
	return rowsof(v).map(function (r) {
		return [r.self, r.total, r.flags, r.name].join("\\t");
	});
}`;

async function alone(files) {
	let bad = 0;
	for (const f of files) {
		try {
			await import(require("url").pathToFileURL(path.resolve(f)).href);
		} catch (e) {
			console.log(f + ": " + e.message);
			bad = 1;
		}
	}
	process.exit(bad);
}

function show(v) {
	if (Array.isArray(v)) return v.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join("\n");
	if (typeof v === "string") return v;
	return v === undefined ? "undefined" : JSON.stringify(v);
}

async function run(page, exprs) {
	const html = fs.readFileSync(page, "utf8");
	const json = /<script type="application\/json" id="fg-data">\n([\s\S]*?)<\/script>/.exec(html);
	if (!json) throw new Error("no data in " + page);
	const mods = await load(fs.readdirSync(dir).filter((f) => f.endsWith(".js")).map((f) => path.join(dir, f)));
	Object.assign(globalThis, mods);
	Object.defineProperty(globalThis, "DATA", { get() { return mods.model.data; } });
	Object.defineProperty(globalThis, "NAMES", { get() { return mods.model.names; } });
	vm.runInThisContext(helpers);
	globalThis.data = JSON.parse(json[1]);
	await vm.runInThisContext("loadmodel(data, function (x) { told.push(x); })");
	for (const e of exprs) console.log(show(vm.runInThisContext(e)));
}

if (process.argv[2] === "--alone") alone(process.argv.slice(3));
else run(process.argv[2], process.argv.slice(3)).catch((e) => { console.error("page.cjs: " + (e.stack || e)); process.exit(1); });
