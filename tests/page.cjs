/* page.cjs: fg-html's page script without a browser, for unit tests of
 * the parts that touch no DOM.
 *
 *   node page.cjs --alone FILE...   each file run by itself in an empty
 *                                   context: it only declares (an error
 *                                   names the file)
 *   node page.cjs PAGE EXPR...      the modules below, in a node vm
 *                                   context, with PAGE's data (fg-html's
 *                                   output) as their model; then each
 *                                   EXPR's value, a line an item of a
 *                                   list, a string as it is, else JSON
 *
 * In the context, beside the modules' own functions:
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
 *   stackat(v, x)  the names of the frames drawn at x (samples), from
 *               the root's callee down, joined by ";" */
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const dir = path.join(__dirname, "..", "lib", "draw");
/* the page's modules that touch no DOM */
const PURE = ["regex.js", "viewer.js", "html/model.js", "html/tree.js", "html/views.js", "html/merge.js",
	"html/transform.js", "html/save.js", "html/chart.js", "html/layout.js", "html/nav.js", "html/tabulate.js", "html/state.js",
	"html/url.js", "html/worker.js"];

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
function rows(v) {
	return rowsof(v).map(function (r) {
		return [r.self, r.total, r.flags, r.name].join("\\t");
	});
}`;

function alone(files) {
	let bad = 0;
	for (const f of files) {
		try {
			vm.runInContext(fs.readFileSync(f, "utf8"), vm.createContext({}), { filename: f });
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
	const ctx = vm.createContext({ DecompressionStream, TransformStream, Blob, Response, TextDecoder, console, process });
	for (const f of PURE) vm.runInContext(fs.readFileSync(path.join(dir, f), "utf8"), ctx, { filename: f });
	vm.runInContext(helpers, ctx);
	ctx.data = JSON.parse(json[1]);
	await vm.runInContext("loadmodel(data, function (x) { told.push(x); })", ctx);
	for (const e of exprs) console.log(show(vm.runInContext(e, ctx)));
}

if (process.argv[2] === "--alone") alone(process.argv.slice(3));
else run(process.argv[2], process.argv.slice(3)).catch((e) => { console.error("page.cjs: " + (e.stack || e)); process.exit(1); });
