/* page.cjs: fg-html's page script without a browser, for unit tests of
 * the parts that touch no DOM.
 *
 *   node page.cjs --alone FILE...   each file imported by itself (a
 *                                   module, with what it imports), in
 *                                   node, no DOM: it only declares (an
 *                                   error names the file)
 *   node page.cjs PAGE EXPR...      PAGE's own script (fg-html's
 *                                   output: lib/draw/html/*.js joined
 *                                   by scripts/embed.c) run up to its
 *                                   start(), its data the model; then
 *                                   each EXPR's value, evaluated in the
 *                                   script's scope, a line an item of a
 *                                   list, a string as it is, else JSON.
 *                                   A page without that script: the
 *                                   modules (lib/draw/html/, what they
 *                                   import: modules.cjs) imported, their
 *                                   exports globals, instead
 *   node page.cjs --serve [DIR]     the same for many pages, one node
 *                                   (serve.cjs: a request's arguments
 *                                   PAGE EXPR...), each page's script
 *                                   compiled once, run anew (fresh
 *                                   state) per request (page_run in
 *                                   helper.bash)
 *
 * Beside the script's names:
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

/* The page's script (embed.c's wrapper, without its "await start();"),
 * compiled once a text: a factory of fresh scopes, each the model of the
 * data given and an evaluator of expressions in it.  DATA and NAMES are
 * set once the model is loaded (model.js's takemodel sets them there,
 * and only there, when the page has no worker). */
const factories = new Map();
function factory(html) {
	const m = /<script>\n\(async function \(\) \{\n"use strict";\n([\s\S]*)\nawait start\(\);\n\}\)\(\);\n<\/script>/.exec(html);
	if (!m) return null;
	let f = factories.get(m[1]);
	if (!f) {
		f = new vm.Script("(async function (__fgdata, console) {\n\"use strict\";\n" + m[1] + "\nvar DATA, NAMES;\n" + helpers +
			"\nawait loadmodel(__fgdata, function (x) { told.push(x); });\nDATA = model.data; NAMES = model.names;\n" +
			"return function (__fgexpr) { return eval(__fgexpr); };\n})", { filename: "page" }).runInThisContext();
		factories.set(m[1], f);
	}
	return f;
}

/* The values of exprs on the page in file page, each a line to out;
 * console, the page's own. */
async function evaluate(page, exprs, out, console) {
	const html = fs.readFileSync(page, "utf8");
	const json = /<script type="application\/json" id="fg-data">\n([\s\S]*?)<\/script>/.exec(html);
	if (!json) throw new Error("no data in " + page);
	const f = factory(html);
	if (!f) return modules(JSON.parse(json[1]), exprs, out);
	const ev = await f(JSON.parse(json[1]), console);
	for (const e of exprs) out(show(ev(e)));
}

/* The same through the modules, their exports globals (once a node). */
async function modules(data, exprs, out) {
	const mods = await load(fs.readdirSync(dir).filter((f) => f.endsWith(".js")).map((f) => path.join(dir, f)));
	Object.assign(globalThis, mods);
	Object.defineProperty(globalThis, "DATA", { get() { return mods.model.data; } });
	Object.defineProperty(globalThis, "NAMES", { get() { return mods.model.names; } });
	vm.runInThisContext(helpers);
	globalThis.data = data;
	await vm.runInThisContext("loadmodel(data, function (x) { told.push(x); })");
	for (const e of exprs) out(show(vm.runInThisContext(e)));
}

function run(page, exprs) {
	return evaluate(page, exprs, (l) => console.log(l), console);
}

if (process.argv[2] === "--alone") alone(process.argv.slice(3));
else if (process.argv[2] === "--serve")
	require("./serve.cjs").serve(process.argv[3], "page.cjs", (cwd, [page, ...exprs], out, cons) => evaluate(path.resolve(cwd, page), exprs, out, cons));
else run(process.argv[2], process.argv.slice(3)).catch((e) => { console.error("page.cjs: " + (e.stack || e)); process.exit(1); });
